"""From an aggregate to the figures a report shows: rates with intervals, means, quantiles.

>>> from senjo.engine.battle import Outcome
>>> from senjo.sim.aggregate import CombatantResult, SimAggregate
>>> agg = SimAggregate.empty()
>>> for rounds in (2, 4, 6, 8):
...     agg.add(Outcome("a", "last_side_standing", rounds), {}, {"x": "a", "y": "b"})
>>> rounds = summarize_rounds(agg.rounds)
>>> rounds.mean, rounds.median, rounds.max
(5.0, 5.0, 8)
>>> side = summarize_sides(agg, ["a", "b"])[0]
>>> side.wins, side.rate, round(side.ci95[0], 3)
(4, 1.0, 0.51)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from senjo.scenario import Scenario
from senjo.sim.aggregate import CombatantTally, SimAggregate
from senjo.sim.stats import count_mean, count_total, integer_histogram, quantile, wilson_interval

__all__ = [
    "CombatantSummary",
    "DrawSummary",
    "RoundsSummary",
    "SideSummary",
    "SimSummary",
    "summarize",
    "summarize_rounds",
    "summarize_sides",
]

#: Histogram bins in reports.
_BINS = 20


def _ratio(part: int, whole: int) -> float:
    return part / whole if whole else 0.0


def _r(value: float) -> float:
    """Rounded for JSON (6 decimals): enough for any report, stable to read."""
    return round(value, 6)


@dataclass(frozen=True, slots=True)
class SideSummary:
    """A side's record: wins, win rate with its 95% Wilson interval, and survivors.

    `routs`: the wins that came because the last foes fled (senjo's morale rule).
    """

    side: str
    wins: int
    rate: float
    ci95: tuple[float, float]
    size: int
    survivors_mean: float
    name_en: str = ""
    name_ja: str = ""
    routs: int = 0

    def name(self, lang: str) -> str:
        """The side's name in `lang` (its key when the scenario names none)."""
        return (self.name_ja if lang == "ja" else self.name_en) or self.side

    def to_json(self) -> dict[str, Any]:
        """The side as plain JSON data."""
        return {
            "name": {"en": self.name_en or self.side, "ja": self.name_ja or self.side},
            "wins": self.wins,
            "wins_by_flight": self.routs,
            "win_rate": _r(self.rate),
            "ci95": [_r(self.ci95[0]), _r(self.ci95[1])],
            "combatants": self.size,
            "survivors_mean": _r(self.survivors_mean),
        }


@dataclass(frozen=True, slots=True)
class DrawSummary:
    """Battles without a winner: how many, their rate with its interval, and why."""

    count: int
    rate: float
    ci95: tuple[float, float]
    reasons: dict[str, int]

    def to_json(self) -> dict[str, Any]:
        """The draws as plain JSON data."""
        return {
            "count": self.count,
            "rate": _r(self.rate),
            "ci95": [_r(self.ci95[0]), _r(self.ci95[1])],
            "reasons": dict(sorted(self.reasons.items())),
        }


@dataclass(frozen=True, slots=True)
class RoundsSummary:
    """How long battles lasted, in rounds."""

    mean: float
    median: float
    p10: float
    p90: float
    min: int
    max: int
    histogram: list[tuple[int, int, int]]

    def to_json(self) -> dict[str, Any]:
        """The rounds as plain JSON data."""
        return {
            "mean": _r(self.mean),
            "median": _r(self.median),
            "p10": _r(self.p10),
            "p90": _r(self.p90),
            "min": self.min,
            "max": self.max,
            "histogram": [{"from": a, "to": b, "count": c} for a, b, c in self.histogram],
        }


@dataclass(frozen=True, slots=True)
class CombatantSummary:
    """One combatant over all battles: attacks, defenses, damage, and how it ended."""

    key: str
    name_en: str
    name_ja: str
    side: str
    hp_start: int | None
    attacks: int
    hit_rate: float
    defenses: int
    defense_rate: float
    dealt_mean: float
    dealt_median: float
    dealt_p90: float
    taken_mean: float
    hp_left_mean: float
    standing_rate: float
    dealt: dict[int, int]
    #: The share of battles it fled (senjo's morale rule, `flee_at`).
    fled_rate: float = 0.0

    def name(self, lang: str) -> str:
        """The combatant's name in `lang`."""
        return self.name_ja if lang == "ja" else self.name_en

    def to_json(self) -> dict[str, Any]:
        """The combatant as plain JSON data."""
        return {
            "name": {"en": self.name_en, "ja": self.name_ja},
            "side": self.side,
            "hp_start": self.hp_start,
            "attacks": self.attacks,
            "hit_rate": _r(self.hit_rate),
            "defenses": self.defenses,
            "defense_rate": _r(self.defense_rate),
            "damage_dealt": {
                "mean": _r(self.dealt_mean),
                "median": _r(self.dealt_median),
                "p90": _r(self.dealt_p90),
                "counts": {str(value): count for value, count in sorted(self.dealt.items())},
            },
            "damage_taken": {"mean": _r(self.taken_mean)},
            "hp_left_mean": _r(self.hp_left_mean),
            "standing_rate": _r(self.standing_rate),
            "fled_rate": _r(self.fled_rate),
        }


@dataclass(frozen=True, slots=True)
class SimSummary:
    """Every figure of a simulation, in the scenario's order of sides and combatants."""

    n: int
    sides: list[SideSummary]
    draws: DrawSummary
    rounds: RoundsSummary
    combatants: list[CombatantSummary]

    def side(self, name: str) -> SideSummary:
        """The summary of one side (KeyError if there is no such side)."""
        for side in self.sides:
            if side.side == name:
                return side
        raise KeyError(name)

    def to_json(self) -> dict[str, Any]:
        """The figures as plain JSON data (the keys of `senjo sim --json` below the header)."""
        return {
            "sides": {side.side: side.to_json() for side in self.sides},
            "draws": self.draws.to_json(),
            "rounds": self.rounds.to_json(),
            "combatants": {c.key: c.to_json() for c in self.combatants},
        }


def summarize_rounds(rounds: Mapping[int, int]) -> RoundsSummary:
    """Mean, median, 10th and 90th percentiles, range and histogram of battle lengths."""
    present = [value for value, times in rounds.items() if times]
    return RoundsSummary(
        mean=count_mean(rounds),
        median=quantile(rounds, 0.5),
        p10=quantile(rounds, 0.1),
        p90=quantile(rounds, 0.9),
        min=min(present, default=0),
        max=max(present, default=0),
        histogram=integer_histogram(rounds, _BINS, origin=1),
    )


def summarize_sides(
    aggregate: SimAggregate,
    sides: Sequence[str],
    sizes: Mapping[str, int] | None = None,
    names: Mapping[str, tuple[str, str]] | None = None,
) -> list[SideSummary]:
    """Each side's wins with the 95% Wilson interval of its win rate, in the given order."""
    n = aggregate.n
    summaries = []
    for side in sides:
        wins = aggregate.wins.get(side, 0)
        survivors = aggregate.survivors.get(side) or Counter[int]()
        summaries.append(
            SideSummary(
                side=side,
                wins=wins,
                rate=_ratio(wins, n),
                ci95=wilson_interval(wins, n),
                size=(sizes or {}).get(side, 0),
                survivors_mean=count_mean(survivors),
                name_en=(names or {}).get(side, (side, side))[0],
                name_ja=(names or {}).get(side, (side, side))[1],
                routs=aggregate.routs.get(side, 0),
            )
        )
    return summaries


def _combatant(fighter: Any, tally: CombatantTally) -> CombatantSummary:
    battles = count_total(tally.hp)
    hp = getattr(fighter, "hp", None)
    return CombatantSummary(
        key=fighter.key,
        name_en=fighter.name,
        name_ja=fighter.name_ja,
        side=fighter.side,
        hp_start=hp if isinstance(hp, int) else None,
        attacks=tally.attacks,
        hit_rate=_ratio(tally.hits, tally.attacks),
        defenses=tally.defenses,
        defense_rate=_ratio(tally.defended, tally.defenses),
        dealt_mean=count_mean(tally.dealt),
        dealt_median=quantile(tally.dealt, 0.5),
        dealt_p90=quantile(tally.dealt, 0.9),
        taken_mean=count_mean(tally.taken),
        hp_left_mean=count_mean(tally.hp),
        standing_rate=_ratio(tally.standing, battles),
        dealt=dict(tally.dealt),
        fled_rate=_ratio(tally.fled, battles),
    )


def summarize(aggregate: SimAggregate, scenario: Scenario) -> SimSummary:
    """The report's figures for a scenario's aggregate."""
    order: list[str] = []
    sizes: dict[str, int] = {}
    for fighter in scenario.fighters:
        if fighter.side not in sizes:
            order.append(fighter.side)
        sizes[fighter.side] = sizes.get(fighter.side, 0) + 1
    draws = sum(aggregate.draws.values())
    return SimSummary(
        n=aggregate.n,
        sides=summarize_sides(aggregate, order, sizes, getattr(scenario, "side_names", {})),
        draws=DrawSummary(
            count=draws,
            rate=_ratio(draws, aggregate.n),
            ci95=wilson_interval(draws, aggregate.n),
            reasons=dict(aggregate.draws),
        ),
        rounds=summarize_rounds(aggregate.rounds),
        combatants=[
            _combatant(fighter, aggregate.combatants.get(fighter.key, CombatantTally()))
            for fighter in scenario.fighters
        ],
    )
