"""The GURPS fast path's shootouts (`ranged_tables.py`, `kernel/shoot.py`): exact replays of
the engine's battles, agreement with the engine path, the tables' rule numbers, declines."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from senjo.scenario import load_scenario
from senjo.sim.aggregate import SimAggregate
from senjo.sim.declines import in_lang
from senjo.sim.fast_gurps import GURPS_FAST, batch, compiled
from senjo.sim.fast_gurps.layout import NO_ATTACK, NO_DROP
from senjo.sim.fast_gurps.tables import build_tables
from senjo.sim.runner import play_battles
from senjo.sim.stats import wilson_interval

from .gurps_duels import DUEL, assert_engines_battle
from .gurps_shootouts import RANGED, SHOOTOUTS, changed

pytestmark = pytest.mark.skipif(
    not compiled.available(), reason="shootouts are played by the compiled duel (Numba)"
)


@pytest.mark.parametrize("name", sorted(SHOOTOUTS))
def test_the_compiled_shootout_plays_exactly_the_engines_battles(name: str) -> None:
    """Each battle the kernel finishes is the engine's with the same dice: Aim and its
    bonus (B364), reloading (B270), the dodge and drop and getting up (B377, B551),
    shock, knockdown, stun and the HP thresholds; 300 battles, most followed to the end."""
    scenario = SHOOTOUTS[name]()
    assert GURPS_FAST.accepts(scenario) is None
    tables = build_tables(scenario)
    result = compiled.play_blocks(tables, 300, [np.random.Generator(np.random.PCG64(2024))])
    followed = 0
    for i in range(300):
        if result.escaped[i]:
            continue
        followed += 1
        assert_engines_battle(scenario, tables, result, i, name)
    # A weapon turned in the hand or broken by a critical miss sends its shooter to its
    # sidearm, which the engine plays: some 5-8% of these long battles.
    assert followed >= 270


def test_agrees_with_the_engine_path() -> None:
    """The engine (seed 11) and the fast path (seed 12, other battles) on ranged.yaml: the
    fast path's archer win rate lies inside the engine's 95% Wilson interval, and the
    mean rounds differ by less than 3 (the engine's standard error is about 1 round)."""
    scenario = load_scenario(RANGED)
    engine = play_battles(scenario, 11, 0, 800)
    fast = GURPS_FAST.run(scenario, 12, 0, 8192)
    side = scenario.fighters[0].side
    low, high = wilson_interval(engine.wins.get(side, 0), engine.n)
    rate = fast.wins.get(side, 0) / fast.n
    assert low <= rate <= high, (low, high, rate)

    def mean(aggregate: SimAggregate) -> float:
        return sum(r * c for r, c in aggregate.rounds.items()) / aggregate.n

    assert abs(mean(engine) - mean(fast)) < 3.0, (mean(engine), mean(fast))


def test_the_shooters_tables_hold_the_rules_numbers() -> None:
    """ranged.yaml, 20 yards: range -6 (B550); three turns of Aim give Acc +2 (B364): the
    archer's Bow 15 shoots at 13, the crossbowman's Crossbow 14 (Acc 4) at 14. A kneeling
    or lying target is -2 to hit (B551); dodging and dropping adds 3, not from lying
    (B377); a bow reloads in 2 Readies, a crossbow of the wielder's ST in 4 (B270)."""
    tables = build_tables(load_scenario(RANGED))
    archer, crossbowman = tables.fighters
    assert (archer.key, crossbowman.key) == ("archer", "crossbowman")
    assert archer.modes[archer.ranged].skill == 15 - 6 + 2 + 2
    assert crossbowman.modes[crossbowman.ranged].skill == 14 - 6 + 4 + 2
    assert (archer.reload, crossbowman.reload) == (2, 4)
    for fighter in tables.fighters:
        assert fighter.shot_posture.tolist() == [0, -2, -2]
        assert fighter.drop_bonus.tolist() == [3, 3, NO_DROP]
        assert (fighter.shoot != NO_ATTACK).all()  # the AI always shoots after its Aim


def test_the_numpy_model_refuses_a_shootout() -> None:
    """There is no NumPy model of a shootout: asked to play one, it says so."""
    tables = build_tables(load_scenario(RANGED))
    with pytest.raises(ValueError, match="compiled duel only"):
        batch.play_blocks(tables, 10, [np.random.Generator(np.random.PCG64(1))])


def _knight(data: dict[str, Any]) -> None:
    knight = load_scenario(DUEL).data["combatants"][0]
    data["combatants"][1] = knight | {"position": [20, 0], "side": "crossbowmen"}


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (_knight, "combatant 'archer' has a ranged weapon (regular_bow)"),
        (
            lambda d: d["combatants"][0].update(shield="small_shield"),
            "combatant 'archer' shoots with a shield",
        ),
        (
            lambda d: d["combatants"][0]["skills"].update({"Fast-Draw (Arrow)": 14}),
            "combatant 'archer' can Fast-Draw its ammunition",
        ),
        (
            lambda d: d["combatants"][1].update(position=[5, 0]),
            "combatant 'archer' starts within reach of a move (5 yards)",
        ),
        (
            lambda d: d["combatants"][1].update(position=[200, 0]),
            "combatant 'archer' shoots from past half-damage range",
        ),
    ],
)
def test_declines_what_it_does_not_model(change: Any, reason: str) -> None:
    """A shooter against a swordsman, a shield, Fast-Draw of arrows (a roll in each
    reload), a start within a move of the foe, half damage by range: declined, with a
    Japanese twin of the reason."""
    found = GURPS_FAST.accepts(changed(change))
    assert found == reason
    assert in_lang(found, "ja") != found


def test_declines_a_shootout_without_numba(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the NumPy model asked for (or Numba missing), a shootout goes to the engine."""
    monkeypatch.setenv(compiled.KERNEL_VARIABLE, "numpy")
    found = GURPS_FAST.accepts(load_scenario(RANGED))
    assert found is not None and "Numba" in found
    assert GURPS_FAST.accepts(load_scenario(DUEL)) is None
