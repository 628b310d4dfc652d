"""The GURPS fast path's duels of a shooter against a fighter who closes in to strike
(`ranged_tables.py`, `kernel/shoot.py` and the melee duel's tables): exact replays of the
engine's battles, agreement with the engine path, declines."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from senjo.scenario import Scenario, load_scenario, parse_scenario
from senjo.sim.declines import in_lang
from senjo.sim.fast_gurps import GURPS_FAST, compiled
from senjo.sim.fast_gurps.layout import W_BEYOND, W_CRIPPLED, W_MISS, W_READY, W_SIDEARM
from senjo.sim.fast_gurps.tables import initiative_tie

from .gurps_duels import EXAMPLES, accounted, assert_agrees, check_block, check_random_battles
from .gurps_mixed import MIXED, archer_vs_swordsman, mixed

ARCHER = EXAMPLES / "archer_vs_knight.yaml"

pytestmark = pytest.mark.skipif(
    not compiled.available(), reason="a shooter is played by the compiled duel (Numba)"
)


@pytest.mark.parametrize("name", sorted(MIXED))
def test_the_compiled_duel_plays_exactly_the_engines_battles(name: str) -> None:
    """Each battle the kernel finishes is the engine's with the same dice: the approach
    under fire, Aim (B364) and reload (B270), the sidearm swapped in or drawn (B382), shot
    or punch point-blank, the bare-handed parry with the bow in the other hand, close
    combat, knockback (B378), All-Out Defense; 300 battles, nearly all followed."""
    scenario = MIXED[name]()
    assert GURPS_FAST.accepts(scenario) is None
    result = check_block(scenario, compiled.play_blocks, 300, name)
    assert accounted(result) >= 280
    assert set(result.why[result.escaped]) <= {W_SIDEARM, W_MISS, W_READY, W_BEYOND, W_CRIPPLED}


@pytest.mark.parametrize("name", ["archer_vs_swordsman", "example"])
def test_agrees_with_the_engine_path(name: str) -> None:
    """The engine and the fast path agree (`assert_agrees`: the archer's win rate, the
    mean rounds within 2) on the archer against the swordsman, and on
    examples/gurps/archer_vs_knight.yaml."""
    assert_agrees(archer_vs_swordsman() if name != "example" else load_scenario(ARCHER), 2.0)


def _second_bow(data: dict[str, Any], archer: dict[str, Any], knight: dict[str, Any]) -> None:
    knight["weapons"] = ["broadsword", "regular_bow"]


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (_second_bow, "combatant 'knight' has a ranged weapon (regular_bow)"),
    ],
)
def test_declines_what_it_does_not_model(change: Any, reason: str) -> None:
    """A missile weapon that is not the fighter's main one: declined, with a Japanese twin
    of the reason."""
    found = GURPS_FAST.accepts(mixed(change, "declined.yaml"))
    assert found == reason
    assert in_lang(found, "ja") != found


def random_mixed(
    rng: random.Random, kinds: tuple[str, ...] = ("regular_bow", "crossbow", "launcher")
) -> Scenario | None:
    """A random shooter (`random_shootout`, a weapon of `kinds`) against a random melee fighter
    (`random_duel`: a shield, or none), a yard to 40 apart, either one first; None if
    declined."""
    from .gurps_duels import DUEL
    from .gurps_shootouts import RANGED
    from .test_fast_gurps_random import random_duel
    from .test_fast_gurps_shootout import random_shootout

    shot = duel = None
    while shot is None:
        shot = random_shootout(rng, load_scenario(RANGED).data, kinds)
    while duel is None:
        duel = random_duel(rng, load_scenario(DUEL).data)
    data = copy.deepcopy(shot.data)
    fighter = copy.deepcopy(duel.data["combatants"][rng.randint(0, 1)])
    shooter = data["combatants"][rng.randint(0, 1)]
    fighter.update(side="melee", position=[0, 0])
    shooter.update(side="shooters", position=[rng.choice([1, 2, 4, rng.randint(5, 40)]), 0])
    data["combatants"] = [shooter, fighter] if rng.random() < 0.5 else [fighter, shooter]
    data["sides"] = {"melee": {"en": "Melee", "ja": "白兵"}, "shooters": {"en": "S", "ja": "射"}}
    data["options"]["heavy_parry_break"] = duel.data["options"]["heavy_parry_break"]
    scenario = parse_scenario(data, "random_mixed.yaml")
    if GURPS_FAST.accepts(scenario) is not None or initiative_tie(scenario):
        return None
    return scenario


def test_random_mixed_duels_play_exactly_the_engines_battles() -> None:
    """Random shooters (bows, crossbows, launchers; sidearms, Fast-Draw (Arrow), traits,
    size, morale) against random melee fighters (every weapon of the melee duels' random
    test, spares, shields, traits, Injury Tolerance, size, morale), at random distances, with free
    actions, darkness and hit-location options: every battle the kernel finishes must be
    the engine's battle with the same dice."""
    rng = random.Random(20261202)
    compared = check_random_battles(lambda: random_mixed(rng), compiled.play_blocks, 14, 40)
    assert compared >= 400


def test_random_throwers_against_melee_play_exactly_the_engines_battles() -> None:
    """Random thrown weapons (`test_fast_gurps_shootout._javelin`; gone once thrown,
    B373) against random melee fighters: every battle the kernel finishes must be the
    engine's battle with the same dice."""
    rng = random.Random(20261204)
    make = lambda: random_mixed(rng, ("javelin",))  # noqa: E731
    assert check_random_battles(make, compiled.play_blocks, 12, 40) >= 300


def test_a_tied_mixed_duel_is_rolled_and_each_battle_played_exactly() -> None:
    """B363: an archer and a knight of equal Basic Speed and DX roll for the lead with each
    battle's first two dice; each battle, played with its leader's tables from the third
    die on, is the engine's with the same dice."""
    from .gurps_duels import check_tied_battles

    def tie(data: dict[str, Any], archer: dict[str, Any], knight: dict[str, Any]) -> None:
        knight.update(dx=archer["dx"], ht=archer["ht"])

    scenario = mixed(tie, "tie_mixed.yaml")
    assert initiative_tie(scenario) and GURPS_FAST.accepts(scenario) is None
    checked = check_tied_battles(scenario, compiled.play_blocks, 160)
    assert min(checked.values()) >= 50
