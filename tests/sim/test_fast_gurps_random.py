"""Random duels: the GURPS fast path against the engine, battle by battle.

The check duels (gurps_duels.py) each bring in one feature; here random fighters mix
them - weapons (reach 1 to 4, or natural ones only; some with a sheathed spare), shields,
skills, ST/DX/HT, DR by
location, traits, flexible armor, size, distance, options - and every battle the model
plays to the end must be the engine's battle with the same dice. Fixed seeds; a few
seconds. (A longer run of the same kind, 200 duels, found that hitting a solid object on
a critical miss ignored Injury Tolerance in the engine; test_wounds.py now tests that
directly.)
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

from senjo.scenario import Scenario, load_scenario, parse_scenario
from senjo.sim.fast_gurps import GURPS_FAST, batch, compiled
from senjo.sim.fast_gurps.tables import initiative_tie

from .gurps_duels import DUEL, POLEARM, check_random_battles

WEAPONS = {
    "broadsword": "Broadsword",
    "shortsword": "Shortsword",
    "axe": "Axe/Mace",
    "mace": "Axe/Mace",
    "club": "Broadsword",
    "large_knife": "Knife",
    "quarterstaff": "Staff",
    "greatsword": "Two-Handed Sword",
    "claws": "Brawling",  # natural weapons only
    "kick": "Brawling",
    "polearm": "Polearm",  # a scenario's own weapon, reach 2-4 (`gurps_duels.POLEARM`)
}
TRAITS: list[Any] = [
    "combat_reflexes",
    "high_pain_threshold",
    "low_pain_threshold",
    "no_vitals",
    "no_brain",
    "perfect_balance",
    "weapon_master",
    "trained_by_a_master",
    {"hard_to_kill": 2},
    {"enhanced_dodge": 1},
    {"enhanced_parry": 2},
]
TOLERANCES = [
    "injury_tolerance_unliving",
    "injury_tolerance_homogenous",
    "injury_tolerance_diffuse",
]
LOCATIONS = ["all", "torso", "skull", "vitals", "neck", "right_arm", "left_leg"]


def random_fighter(rng: random.Random, fighter: dict[str, Any]) -> None:
    """Give a combatant's data random weapons, skills, attributes, DR, traits, shield."""
    weapon = rng.choice(sorted(WEAPONS))
    fighter["weapons"] = [POLEARM if weapon == "polearm" else weapon]
    fighter["skills"] = {WEAPONS[weapon]: rng.randint(9, 20), "Brawling": rng.randint(10, 16)}
    if weapon not in ("claws", "kick") and rng.random() < 0.4:  # a sheathed spare
        spare = rng.choice(sorted(set(WEAPONS) - {weapon, "claws", "kick"}))
        fighter["weapons"].append(POLEARM if spare == "polearm" else spare)
        fighter["skills"].setdefault(WEAPONS[spare], rng.randint(9, 16))
    fighter.update({key: rng.randint(9, 16) for key in ("st", "dx", "ht")})
    places = rng.sample(LOCATIONS, rng.randint(1, 4))
    fighter["dr"] = {place: rng.randint(0, 6) for place in places}
    traits = rng.sample(TRAITS, rng.randint(0, 3))
    if rng.random() < 0.4:
        traits.append(rng.choice(TOLERANCES))
    fighter["advantages"] = traits
    if rng.random() < 0.5:
        fighter.pop("shield", None)
    else:
        fighter["shield"] = rng.choice(["small_shield", "medium_shield", "buckler"])
    fighter["flexible_armor"] = rng.random() < 0.3
    fighter["size_modifier"] = rng.choice([0, 0, -1, 1, 2])
    if rng.random() < 0.3:
        fighter["flee_at"] = rng.randint(-3, 8)


def random_options(rng: random.Random) -> dict[str, Any]:
    """Random settings of the options the fast path models."""
    return {
        "max_rounds": rng.choice([10, 30, 100]),
        "random_hit_locations": rng.choice(["on", "off"]),
        "heavy_parry_break": rng.choice(["on", "off"]),
        "free_actions": rng.choice(["on", "off"]),
        "darkness": rng.choice(["0", "0", "3", "10"]),
        # Total darkness as the -10 alone: read as blindness for all it is declined.
        "total_darkness": "penalty",
    }


def random_duel(
    rng: random.Random,
    base: dict[str, Any],
    arm: Callable[[random.Random, dict[str, Any]], None] | None = None,
    name: str = "random.yaml",
) -> Scenario | None:
    """A random variant of the example duel, or None if the fast path would decline it;
    with `arm`, one or both fighters re-armed by it after `random_fighter`."""
    data = copy.deepcopy(base)
    for fighter in data["combatants"]:
        random_fighter(rng, fighter)
    if arm is not None:
        for fighter in rng.sample(data["combatants"], rng.randint(1, 2)):
            arm(rng, fighter)
    data["combatants"][1]["position"] = [rng.randint(1, 8), 0]
    data["options"] = random_options(rng)
    scenario = parse_scenario(data, name)
    if GURPS_FAST.accepts(scenario) is not None or initiative_tie(scenario):
        return None
    return scenario


def test_random_duels_play_exactly_the_engines_battles() -> None:
    rng = random.Random(20261130)
    base = load_scenario(DUEL).data
    play = compiled.play_blocks if compiled.available() else batch.play_blocks
    compared = check_random_battles(lambda: random_duel(rng, base), play, 12, 40)
    assert compared >= 400


def random_spear_duel(rng: random.Random, base: dict[str, Any]) -> Scenario | None:
    """A random duel (`random_duel`) with one or both fighters holding a spear: reach 1 or
    1-2 held for reach 1 (B269's "*": another grip takes a Ready), a mode to throw it, and
    a skill at throwing that would make a throw worth the AI's while; None if declined."""
    return random_duel(rng, base, _spear, "random_spear.yaml")


def _spear(rng: random.Random, fighter: dict[str, Any]) -> None:
    spare = fighter["weapons"][1:] if rng.random() < 0.5 else []
    fighter["weapons"] = ["spear", *spare]
    fighter["skills"]["Spear"] = rng.randint(9, 18)
    fighter["skills"]["Thrown Weapon (Spear)"] = rng.randint(12, 20)


def test_random_spear_duels_play_exactly_the_engines_battles() -> None:
    """A spear that could be thrown is kept (the AI does not throw the last weapon it can
    strike with: `ai._last_blade`) and never changes its grip (the AI takes no Ready for
    it), so its modes are those of its first grip, reach 1 (B269); 12 random spear duels,
    40 battles each, are the engine's battles with the same dice."""
    rng = random.Random(20261203)
    base = load_scenario(DUEL).data
    play = compiled.play_blocks if compiled.available() else batch.play_blocks
    compared = check_random_battles(lambda: random_spear_duel(rng, base), play, 12, 40)
    assert compared >= 400
