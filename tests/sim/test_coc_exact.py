"""Exact CoC duel outcomes (senjo.sim.fast_coc.exact) against both simulators.

The exact chances come from the fast path's tables with no sampling at all;
the fast path's and the engine's win, draw and length figures must fall
within their sampling error of them. Tolerance: 4.5 standard errors of the
sampled figure around the exact one (a false alarm about once in 150,000
checks), with fixed seeds, so each test always gives the same verdict.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from senjo.sim.aggregate import SimAggregate
from senjo.sim.fast_coc import CocFastPath
from senjo.sim.fast_coc.exact import ExactDuel, exact_duel
from senjo.sim.fast_coc.tables import DEFENSE_PARRY, DuelModel, defense_row
from senjo.sim.runner import play_battles

from .test_fast_coc import _changed, _model

TOLERANCE = 4.5  # standard errors
FAST_BATTLES = 100_000

Change = Callable[[dict[str, Any]], None]


def _options(**values: str) -> Change:
    def change(data: dict[str, Any]) -> None:
        data.setdefault("options", {}).update(values)

    return change


def _fists(data: dict[str, Any]) -> None:
    for combatant in data["combatants"]:
        combatant["weapons"] = []  # fist and kick only, with their knock-out variants


def _fists_house_off(data: dict[str, Any]) -> None:
    _fists(data)
    _options(house="off")(data)


def _grapple_kept(data: dict[str, Any]) -> None:
    """Every unarmed attack a sheet has by default, grapple included: the AI never grapples
    here, but the grapple parries an unarmed blow under the house rules (seed 004)."""
    for combatant in data["combatants"]:
        combatant.pop("unarmed", None)


def _grapple_kept_fists(data: dict[str, Any]) -> None:
    """Grapple included, the detective bare-handed, the cultist a knife fighter trained to
    wrestle (grapple 70): it parries the detective's fists and kicks with its grapple."""
    _grapple_kept(data)
    detective, cultist = data["combatants"]
    detective["weapons"] = []
    cultist["skills"]["grapple"] = 70


def _martial_arts(data: dict[str, Any]) -> None:
    """Fists and kicks, the detective trained in Martial Arts (武道 60)."""
    _fists(data)
    data["combatants"][0]["skills"]["budo"] = 60


def _martial_arts_house_off(data: dict[str, Any]) -> None:
    _martial_arts(data)
    _options(house="off")(data)


def _dex_tie(data: dict[str, Any]) -> None:
    data["combatants"][0]["characteristics"]["DEX"] = 14


def _flight(data: dict[str, Any]) -> None:
    """Morale (`flee_at`, senjo's rule): the detective flees at 5 HP or less, the cultist at
    8 or less, on their DEX turns."""
    detective, cultist = data["combatants"]
    detective["flee_at"] = 5
    cultist["flee_at"] = 8


def _apart(metres: float, dex: int | None = None) -> Change:
    """The cultist `metres` away along the line (the AI closes in; `approach.py`), with the
    detective's DEX set to `dex` when given."""

    def change(data: dict[str, Any]) -> None:
        data["combatants"][1]["position"] = [metres, 0]
        if dex is not None:
            data["combatants"][0]["characteristics"]["DEX"] = dex

    return change


VARIANTS: dict[str, Change] = {
    "house rules": lambda data: None,
    "house off": _options(house="off"),
    "shock against max HP": _options(shock_basis="max"),
    "5 rounds": _options(max_rounds="5"),
    "fists and kicks": _fists,
    "fists and kicks, house off": _fists_house_off,
    "martial arts": _martial_arts,
    "grapple kept": _grapple_kept,
    "grapple kept, bare hands against a knife": _grapple_kept_fists,
    "martial arts, house off": _martial_arts_house_off,
    "equal DEX": _dex_tie,
    "flight": _flight,
    # The cultist (DEX 14, first) closes 8 m and the detective strikes first, in round 1.
    "apart": _apart(9),
    # Both close in round 1; the cultist arrives in round 2, the detective strikes first.
    "far apart": _apart(25),
    # Equal DEX: the tie roll decides who closes and who strikes first.
    "equal DEX, apart": _apart(9, dex=14),
    # They meet in round 20 of 30.
    "very far apart": _apart(300),
}


def _within(found: float, exact: float, spread: float, n: int, what: str) -> None:
    """`found`, a mean of n samples, is within TOLERANCE standard errors of `exact`."""
    error = math.sqrt(max(spread, 1e-12) / n)
    assert abs(found - exact) <= TOLERANCE * error, (what, found, exact, error)


def _agrees(exact: ExactDuel, model: DuelModel, sampled: SimAggregate) -> None:
    n = sampled.n
    for side, chance in zip(model.sides, exact.wins, strict=True):
        _within(sampled.wins.get(side.side, 0) / n, chance, chance * (1 - chance), n, side.side)
    draws = sum(sampled.draws.values()) / n
    _within(draws, exact.draw, exact.draw * (1 - exact.draw), n, "draws")
    rounds = Counter(sampled.rounds)
    mean = sum(length * count for length, count in rounds.items()) / n
    variance = sum(r * r * p for r, p in exact.rounds.items()) - exact.mean_rounds**2
    _within(mean, exact.mean_rounds, variance, n, "mean rounds")


@pytest.mark.parametrize("name", list(VARIANTS))
def test_the_exact_chances_add_up(name: str) -> None:
    """Wins and draws, and the lengths, each add up to 1; lengths stay within the limit."""
    model = _model(_changed(VARIANTS[name]))
    exact = exact_duel(model)
    assert math.isclose(sum(exact.wins) + exact.draw, 1.0, abs_tol=1e-9)
    assert math.isclose(sum(exact.rounds.values()), 1.0, abs_tol=1e-9)
    assert all(1 <= length <= model.rules.max_rounds for length in exact.rounds)
    assert exact.rounds.get(model.rules.max_rounds, 0.0) >= exact.draw  # draws last the limit


@pytest.mark.parametrize(("name", "seed"), [(name, 5 + i) for i, name in enumerate(VARIANTS)])
def test_the_fast_path_agrees_with_the_exact_chances(name: str, seed: int) -> None:
    """100,000 fast-path duels: wins, draws and mean length within 4.5 standard errors."""
    scenario = _changed(VARIANTS[name])
    model = _model(scenario)
    _agrees(exact_duel(model), model, CocFastPath().run(scenario, seed, 0, FAST_BATTLES))


@pytest.mark.parametrize(
    ("name", "battles"),
    [
        ("house rules", 1_000),
        ("house off", 1_000),
        ("martial arts", 1_000),
        ("grapple kept, bare hands against a knife", 1_000),
        ("flight", 1_000),
        ("apart", 1_000),
        ("far apart", 1_000),
        ("equal DEX, apart", 1_000),
    ],
)
def test_the_engine_agrees_with_the_exact_chances(name: str, battles: int) -> None:
    """The rule engine itself, AI against AI: the same figures, within 4.5 standard errors."""
    scenario = _changed(VARIANTS[name])
    model = _model(scenario)
    _agrees(exact_duel(model), model, play_battles(scenario, 17, 0, battles))


def test_martial_arts_changes_the_duel() -> None:
    """The variant with Martial Arts is not the plain fist fight: a blow carrying it meets
    no unarmed parry (seed 004: only unarmed attacks without 武道 are parried bare-handed)
    and rolls its dice twice, so the detective wins more often."""
    plain = _model(_changed(_fists))
    trained = _model(_changed(_martial_arts))
    detective, cultist = trained.sides
    fist = 1 + detective.options.index(("fist", ""))
    assert detective.martial[fist] == 60 and plain.sides[0].martial[fist] == 0
    assert cultist.martial.max() == 0  # untrained: no roll, no doubled dice
    parried = [cultist.defense[fist, focus, attacked] for focus in (0, 1) for attacked in (0, 1)]
    with_art = defense_row(cultist, fist, True)
    carried = [cultist.defense[with_art, f, a] for f in (0, 1) for a in (0, 1)]
    assert DEFENSE_PARRY in parried and DEFENSE_PARRY not in carried
    assert exact_duel(trained).wins[0] > exact_duel(plain).wins[0] + 0.02


def test_a_grapple_the_ai_never_uses_still_parries() -> None:
    """Kept for its parry: the knife fighter meets the detective's fist with its grapple
    (70, better than its fist's 50 or its knife), as the engine's AI chooses, in the fast
    path's tables."""
    model = _model(_changed(_grapple_kept_fists))
    detective, cultist = model.sides
    fist = 1 + detective.options.index(("fist", ""))
    assert ("grapple", "") in detective.options  # offered, never chosen
    assert cultist.defense[fist, 0, 0] == DEFENSE_PARRY and cultist.defense_value[fist, 0, 0] == 70


@pytest.mark.parametrize("limit", [1, 5])
def test_a_round_limit_cuts_the_same_chain(limit: int) -> None:
    """Under a limit of k rounds the duel is the same chain stopped at round k: each length
    below k as likely as without the limit, and a win by round k as likely as a duel of
    at most k rounds under the usual limit of 30."""
    full = exact_duel(_model(_changed(lambda data: None)))
    cut = exact_duel(_model(_changed(_options(max_rounds=str(limit)))))
    for length in range(1, limit):
        assert cut.rounds.get(length, 0.0) == pytest.approx(full.rounds.get(length, 0.0))
    ended = sum(chance for length, chance in full.rounds.items() if length <= limit)
    assert sum(cut.wins) == pytest.approx(ended)
    assert cut.draw == pytest.approx(1 - ended)
