"""Streaming aggregates: each finished battle is folded into counters, then dropped.

`SimAggregate` holds only whole-number counters: totals, and counts per
observed value (`Counter[int]`: rounds, a combatant's damage in one battle,
its HP at the end). Its size depends on the range of those values, never on
the number of battles, so memory stays flat however many battles are played.
Two aggregates merge by adding their counters, which is associative and
commutative and exact: the numbers do not depend on how battles were split
between workers or in which order the parts came back.

What a rule system's events mean for the per-combatant figures is the
system's business: `STATS_HOOKS` maps a system name to a function reading a
finished battle (its log and final state) into one `CombatantResult` per
combatant. GURPS registers `senjo.sim.gurps.gurps_battle_stats`; another
system adds its own entry.

>>> agg = SimAggregate.empty()
>>> blue = {"a": "blue"}
>>> agg.add(Outcome("blue", "last_side_standing", 3), {"a": CombatantResult(dealt=5)}, blue)
>>> agg.add(Outcome(None, "round_limit", 10), {"a": CombatantResult()}, blue)
>>> agg.n, dict(agg.wins), dict(agg.draws), dict(agg.rounds)
(2, {'blue': 1}, {'round_limit': 1}, {3: 1, 10: 1})
>>> dict(agg.combatants["a"].dealt)
{5: 1, 0: 1}
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from senjo.engine.battle import Battle, Outcome
from senjo.engine.frozen import direct_init

__all__ = [
    "STATS_HOOKS",
    "BattleStats",
    "CombatantResult",
    "CombatantTally",
    "LogCounts",
    "SimAggregate",
    "battle_stats",
]


@dataclass(frozen=True, slots=True)
class CombatantResult:
    """One combatant's figures from one finished battle (what a system's hook reports).

    `attacks`/`hits`: attack rolls made and those that hit; `defenses`/
    `defended`: active defense rolls made and those that succeeded; `dealt`/
    `taken`: injury (HP lost) caused to foes and suffered; `hp`: HP at the
    end; `standing`: still able to fight at the end; `fled`: left the battle by
    fleeing (senjo's morale rule, `flee_at`).
    """

    attacks: int = 0
    hits: int = 0
    defenses: int = 0
    defended: int = 0
    dealt: int = 0
    taken: int = 0
    hp: int = 0
    standing: bool = True
    fled: bool = False

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        attacks: int = 0,
        hits: int = 0,
        defenses: int = 0,
        defended: int = 0,
        dealt: int = 0,
        taken: int = 0,
        hp: int = 0,
        standing: bool = True,
        fled: bool = False,
    ) -> None:
        object.__setattr__(self, "attacks", attacks)
        object.__setattr__(self, "hits", hits)
        object.__setattr__(self, "defenses", defenses)
        object.__setattr__(self, "defended", defended)
        object.__setattr__(self, "dealt", dealt)
        object.__setattr__(self, "taken", taken)
        object.__setattr__(self, "hp", hp)
        object.__setattr__(self, "standing", standing)
        object.__setattr__(self, "fled", fled)


# Two a battle: the `__init__` written out for mypyc, the direct one in pure Python
# (`senjo.engine.frozen`).
direct_init(CombatantResult)

#: What a combatant the hook reported nothing for counts as.
_NOTHING = CombatantResult()


class LogCounts:
    """One battle's counts by combatant, as a system's `tally_log` read them from its log."""

    def __init__(
        self,
        keys: list[str],
        attacks: dict[str, int],
        hits: dict[str, int],
        defenses: dict[str, int],
        defended: dict[str, int],
        dealt: dict[str, int],
        taken: dict[str, int],
    ) -> None:
        self.keys = keys
        self.attacks = attacks
        self.hits = hits
        self.defenses = defenses
        self.defended = defended
        self.dealt = dealt
        self.taken = taken

    def results(self, status: Mapping[str, Any]) -> dict[str, CombatantResult]:
        """The counts with each combatant's final `hp`, `active` and `fled` from `status`."""
        results: dict[str, CombatantResult] = {}
        for key in self.keys:
            final = status[key]
            results[key] = CombatantResult(
                self.attacks[key],
                self.hits[key],
                self.defenses[key],
                self.defended[key],
                self.dealt[key],
                self.taken[key],
                final.hp,
                final.active,
                final.fled,
            )
        return results


#: A system's hook: a finished battle -> each combatant's figures, by combatant key.
BattleStats = Callable[[Battle[Any]], Mapping[str, CombatantResult]]

#: Rule system name -> its statistics hook.
STATS_HOOKS: dict[str, BattleStats] = {}


def battle_stats(system: str) -> BattleStats:
    """The statistics hook of a rule system (GURPS, CoC, トモガミ and T値 are built in).

    >>> battle_stats("gurps").__name__
    'gurps_battle_stats'
    >>> battle_stats("nope")
    Traceback (most recent call last):
    ...
    KeyError: "no simulation statistics for rule system 'nope'; known: coc, gurps, tomogami, tvalue"
    """
    if "gurps" not in STATS_HOOKS:
        from senjo.sim.coc import coc_battle_stats
        from senjo.sim.gurps import gurps_battle_stats
        from senjo.sim.tomogami import tomogami_battle_stats
        from senjo.sim.tvalue import tvalue_battle_stats

        STATS_HOOKS["gurps"] = gurps_battle_stats
        STATS_HOOKS["coc"] = coc_battle_stats
        STATS_HOOKS["tomogami"] = tomogami_battle_stats
        STATS_HOOKS["tvalue"] = tvalue_battle_stats
    try:
        return STATS_HOOKS[system]
    except KeyError:
        known = ", ".join(sorted(STATS_HOOKS))
        raise KeyError(
            f"no simulation statistics for rule system {system!r}; known: {known}"
        ) from None


@dataclass(slots=True)
class CombatantTally:
    """One combatant's figures summed over many battles.

    Rates come from the totals; distributions (damage per battle, HP at the
    end) are counts per value.
    """

    attacks: int = 0
    hits: int = 0
    defenses: int = 0
    defended: int = 0
    standing: int = 0
    dealt: Counter[int] = field(default_factory=Counter)
    taken: Counter[int] = field(default_factory=Counter)
    hp: Counter[int] = field(default_factory=Counter)
    fled: int = 0

    def add(self, result: CombatantResult) -> None:
        """Fold one battle's figures in."""
        self.attacks += result.attacks
        self.hits += result.hits
        self.defenses += result.defenses
        self.defended += result.defended
        self.standing += result.standing
        self.fled += result.fled
        self.dealt[result.dealt] += 1
        self.taken[result.taken] += 1
        self.hp[result.hp] += 1

    def merge(self, other: CombatantTally) -> None:
        """Add another tally's counts to this one."""
        self.attacks += other.attacks
        self.hits += other.hits
        self.defenses += other.defenses
        self.defended += other.defended
        self.standing += other.standing
        self.fled += other.fled
        self.dealt.update(other.dealt)
        self.taken.update(other.taken)
        self.hp.update(other.hp)


@dataclass(slots=True)
class SimAggregate:
    """Everything a simulation report needs, as counters over the battles played so far.

    `wins`: side -> battles won; `routs`: side -> those of its wins that came
    because the last foes fled (the outcome `fled`); `draws`: reason
    (round_limit, all_down …) -> battles without a winner; `rounds`: rounds ->
    battles; `survivors`: side -> {how many of its combatants stood at the end ->
    battles};
    `combatants`: key -> tally; `replayed`: of the battles, those a fast path did not
    follow to the end and handed to the engine, which played them in full with the same
    dice (none on the engine path); `replayed_by`: those by why the fast path let them go
    (its own names, such as `sidearm`: a shooter's weapon broke and it draws its sidearm).
    """

    n: int = 0
    wins: Counter[str] = field(default_factory=Counter)
    routs: Counter[str] = field(default_factory=Counter)
    draws: Counter[str] = field(default_factory=Counter)
    rounds: Counter[int] = field(default_factory=Counter)
    survivors: dict[str, Counter[int]] = field(default_factory=dict)
    combatants: dict[str, CombatantTally] = field(default_factory=dict)
    replayed: int = 0
    replayed_by: Counter[str] = field(default_factory=Counter)

    @classmethod
    def empty(cls) -> SimAggregate:
        """An aggregate of no battles."""
        return cls()

    def add(
        self,
        outcome: Outcome,
        results: Mapping[str, CombatantResult],
        sides: Mapping[str, str],
    ) -> None:
        """Fold one finished battle in: its outcome and each combatant's figures.

        `sides` maps every combatant key to its side.
        """
        self.n += 1
        if outcome.winner_side is None:
            self.draws[outcome.reason] += 1
        else:
            self.wins[outcome.winner_side] += 1
            if outcome.reason == "fled":
                self.routs[outcome.winner_side] += 1
        self.rounds[outcome.rounds] += 1
        standing = {side: 0 for side in sides.values()}  # not a Counter (built in Python)
        for key, side in sides.items():
            result = results.get(key, _NOTHING)
            tally = self.combatants.get(key)
            if tally is None:
                tally = self.combatants[key] = CombatantTally()
            tally.add(result)
            standing[side] += result.standing
        for side, count in standing.items():
            counts = self.survivors.get(side)  # not setdefault: a Counter is slow to make
            if counts is None:
                counts = self.survivors[side] = Counter()
            counts[count] += 1

    def merge(self, other: SimAggregate) -> SimAggregate:
        """Add another aggregate's counts to this one (in place); returns self."""
        self.n += other.n
        self.replayed += other.replayed
        self.replayed_by.update(other.replayed_by)
        self.wins.update(other.wins)
        self.routs.update(other.routs)
        self.draws.update(other.draws)
        self.rounds.update(other.rounds)
        for side, counts in other.survivors.items():
            self.survivors.setdefault(side, Counter()).update(counts)
        for key, tally in other.combatants.items():
            mine = self.combatants.get(key)
            if mine is None:
                mine = self.combatants[key] = CombatantTally()
            mine.merge(tally)
        return self

    def cells(self) -> int:
        """How many counters and counter entries it holds (flat in the number of battles)."""
        size = 1 + len(self.wins) + len(self.routs) + len(self.draws) + len(self.rounds)
        size += sum(len(counts) for counts in self.survivors.values())
        for tally in self.combatants.values():
            size += 6 + len(tally.dealt) + len(tally.taken) + len(tally.hp)
        return size
