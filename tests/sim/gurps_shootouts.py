"""GURPS shootouts for the fast path's checks: examples/gurps/ranged.yaml and variants that
each bring in a rule the compiled shootout must follow battle by battle
(tests/sim/test_fast_gurps_shootout.py)."""

from __future__ import annotations

import copy
from typing import Any

from senjo.scenario import Scenario, load_scenario, parse_scenario

from .gurps_duels import EXAMPLES

__all__ = ["RANGED", "SHOOTOUTS", "changed"]

RANGED = EXAMPLES / "ranged.yaml"

#: A scenario's own missile weapon: piercing darts from a blowpipe-like launcher, one
#: Ready to reload, a short half-damage range (B269 fields).
DART_GUN = {
    "key": "dart_gun",
    "name": "Dart gun",
    "modes": [
        {
            "name": "shoot",
            "skill": "Blowpipe",
            "damage": "1d+1 pi",
            "two_handed": True,
            "ranged": {"acc": 1, "half_damage": 30, "max_range": 60, "reload": 1},
        }
    ],
}


#: A scenario's own sling-like launcher: crushing stones that knock the target back
#: (B378), two Readies to reload.
SLING = {
    "key": "stone_thrower",
    "name": "Stone thrower",
    "modes": [
        {
            "name": "shoot",
            "skill": "Sling",
            "damage": "2d+1 cr",
            "two_handed": True,
            "ranged": {"acc": 0, "half_damage": 40, "max_range": 80, "reload": 2},
        }
    ],
}


def changed(change: Any, name: str = "changed.yaml") -> Scenario:
    """examples/gurps/ranged.yaml with `change(data)` applied to a copy of its data."""
    data: dict[str, Any] = copy.deepcopy(load_scenario(RANGED).data)
    change(data)
    return parse_scenario(data, name)


def close() -> Scenario:
    """Ten yards apart (-4 for range), hit locations rolled, dim light (-3 on every shot),
    and the prone target's -2 read from the cover table."""

    def change(data: dict[str, Any]) -> None:
        data["combatants"][1]["position"] = [10, 0]
        data["options"] = {
            "random_hit_locations": "on",
            "darkness": 3,
            "prone_ranged_penalty": "cover",
            "max_rounds": 60,
        }

    return changed(change, "close.yaml")


def darts() -> Scenario:
    """Piercing darts (one Ready to reload) at a big target (SM +1) with Low Pain
    Threshold, against a one-eyed crossbowman (One Eye: -1, -3 more unaimed) who is Hard
    to Kill and flees when badly hurt."""

    def change(data: dict[str, Any]) -> None:
        archer, crossbowman = data["combatants"]
        archer.update(weapons=[DART_GUN, "large_knife"], skills={"Blowpipe": 16, "Knife": 12})
        archer.update(size_modifier=1, advantages=["low_pain_threshold"], hp=14)
        crossbowman.update(advantages=["hard_to_kill", "one_eye"], flee_at=3)
        crossbowman["position"] = [15, 0]

    return changed(change, "darts.yaml")


def hurt() -> Scenario:
    """Frail shooters with great skill: shock, knockdown, stun and the HP thresholds come
    early and often; the crossbowman is quicker and leads."""

    def change(data: dict[str, Any]) -> None:
        archer, crossbowman = data["combatants"]
        archer.update(hp=7, ht=9, skills={"Bow": 18, "Knife": 12, "Brawling": 12})
        crossbowman.update(hp=8, ht=10, dx=14, skills={"Crossbow": 17, "Shortsword": 12})
        archer["dr"] = {"all": 0}

    return changed(change, "hurt.yaml")


def clumsy() -> Scenario:
    """Poor shots eight yards apart: critical misses on 16 or more (B556), a hit on
    oneself re-rolled (a ranged attack's), dropped and turned bows recovered."""

    def change(data: dict[str, Any]) -> None:
        archer, crossbowman = data["combatants"]
        archer["skills"]["Bow"] = 9
        crossbowman["skills"]["Crossbow"] = 9
        crossbowman["position"] = [8, 0]

    return changed(change, "clumsy.yaml")


def quick() -> Scenario:
    """Fast-Draw (Arrow) on both sides (B194): a roll at each Ready of a reload, each
    success saving one - the crossbow's four Readies most of all."""

    def change(data: dict[str, Any]) -> None:
        archer, crossbowman = data["combatants"]
        archer["skills"]["Fast-Draw (Arrow)"] = 13
        crossbowman["skills"]["Fast-Draw (Arrow)"] = 11

    return changed(change, "quick.yaml")


def point_blank() -> Scenario:
    """A yard apart, no sidearms: each weighs its shot (range 0, no Aim this close, B364)
    against a punch with the bow in hand and takes the better; empty, it punches when a
    punch is worth it, else reloads (B270); a melee defense spoils an Aim; a punch's
    knockback (B378) opens the distance. Hurt and close, All-Out Defense."""

    def change(data: dict[str, Any]) -> None:
        archer, crossbowman = data["combatants"]
        archer["weapons"] = ["regular_bow"]
        crossbowman["weapons"] = ["crossbow"]
        crossbowman["position"] = [1, 0]

    return changed(change, "point_blank.yaml")


def near() -> Scenario:
    """Four yards apart, within a Move, no sidearms: Aim past 3 yards, then shoot; empty
    within its Move it has nothing to draw, so it reloads where it stands."""

    def change(data: dict[str, Any]) -> None:
        archer, crossbowman = data["combatants"]
        archer["weapons"] = ["regular_bow"]
        crossbowman["weapons"] = ["crossbow"]
        crossbowman["position"] = [4, 0]
        data["options"] = {"max_rounds": 60}

    return changed(change, "near.yaml")


def dark() -> Scenario:
    """Total darkness (B394) as a penalty only (`total_darkness=penalty`: no one fights
    blind but for its shots) at twelve yards: a shot blind at 9 or less is worth nothing
    to the AI, so each Aims, then moves toward the other; within reach they punch, and
    shoot when the shot is worth more."""

    def change(data: dict[str, Any]) -> None:
        archer, crossbowman = data["combatants"]
        archer["weapons"] = ["regular_bow"]
        crossbowman["weapons"] = ["crossbow"]
        crossbowman["position"] = [12, 0]
        data["options"] = {"darkness": 10, "total_darkness": "penalty", "max_rounds": 40}

    return changed(change, "dark.yaml")


def long() -> Scenario:
    """Darts against the crossbowman from 45 yards, past the dart gun's half-damage range
    of 30 (B269: the basic damage halved, at least the minimum, before a critical hit's
    multiplier); the crossbow's 1/2D is farther."""

    def change(data: dict[str, Any]) -> None:
        archer, crossbowman = data["combatants"]
        archer.update(weapons=[DART_GUN, "large_knife"], skills={"Blowpipe": 17, "Knife": 12})
        crossbowman["position"] = [45, 0]
        data["options"] = {"max_rounds": 60}

    return changed(change, "long.yaml")


def stones() -> Scenario:
    """Crushing stones from twelve yards: a hit that beats the target's ST - 2 knocks it
    back (B378), a yard farther for each further ST - 2, with its DX roll to stay up; the
    range grows as it goes."""

    def change(data: dict[str, Any]) -> None:
        archer, crossbowman = data["combatants"]
        archer.update(weapons=[SLING, "large_knife"], skills={"Sling": 15, "Knife": 12})
        archer["st"] = 14
        crossbowman["position"] = [12, 0]
        crossbowman["st"] = 8
        data["options"] = {"max_rounds": 60}

    return changed(change, "stones.yaml")


def _gun(
    key: str, rof: int, shots: int, recoil: int, damage: str, reload: int | str
) -> dict[str, Any]:
    """A scenario's own firearm (B373's RoF, Shots and Rcl; a reload of `reload` Readies
    for a full load, B270)."""
    return {
        "key": key,
        "name": key.replace("_", " ").capitalize(),
        "modes": [
            {
                "name": "shoot",
                "skill": "Guns",
                "damage": damage,
                "two_handed": True,
                "ranged": {
                    "acc": 2,
                    "half_damage": 150,
                    "max_range": 1500,
                    "rof": rof,
                    "shots": shots,
                    "recoil": recoil,
                    "reload": reload,
                },
            }
        ],
    }


def bursts() -> Scenario:
    """A machine pistol (RoF 8, 20 shots, Rcl 2) against a pistol (RoF 1, 6 shots), twenty
    yards apart: bursts of 8, 8 and then the 4 left (B373: +1 for 5-8 shots, nothing for
    4), a hit more per 2 of margin, a dodge stopping one more per point of its margin
    (B375), each hit's own damage, the critical hit's roll once for all; the pistol fires
    six single shots between reloads (B270)."""

    def change(data: dict[str, Any]) -> None:
        archer, crossbowman = data["combatants"]
        archer.update(weapons=[_gun("machine_pistol", 8, 20, 2, "1d+2 pi", 3), "large_knife"])
        archer["skills"] = {"Guns": 14, "Knife": 12, "Brawling": 12}
        crossbowman.update(weapons=[_gun("pistol", 1, 6, 2, "2d pi", 3), "shortsword"])
        crossbowman["skills"] = {"Guns": 15, "Shortsword": 12, "Brawling": 12}
        data["options"] = {"max_rounds": 60, "random_hit_locations": "on"}

    return changed(change, "bursts.yaml")


def dark_bursts() -> Scenario:
    """Bursts in total darkness (B394, `total_darkness=penalty`) at six yards, no
    sidearms: a blind shot is worth nothing to the AI, so a gun with shots fired is
    reloaded (a Ready open while it is not full, `readying.py`) where a full one would
    close in; within reach they punch."""

    def change(data: dict[str, Any]) -> None:
        archer, crossbowman = data["combatants"]
        archer.update(weapons=[_gun("machine_pistol", 4, 9, 1, "1d+1 pi", 2)])
        archer["skills"] = {"Guns": 16, "Brawling": 12}
        crossbowman.update(weapons=[_gun("revolver", 3, 6, 2, "2d-1 pi", 2)])
        crossbowman["skills"] = {"Guns": 15, "Brawling": 13}
        crossbowman["position"] = [6, 0]
        data["options"] = {"darkness": 10, "total_darkness": "penalty", "max_rounds": 40}

    return changed(change, "dark_bursts.yaml")


def revolvers() -> Scenario:
    """Revolvers loaded a round at a time (interpretation 60: `reload: 1i`, `2i`), twelve
    yards apart, no sidearms: each reload's Readies put one round in, and the AI shoots
    the rounds it has (a part-loaded gun) or loads another when no shot is worth it."""

    def change(data: dict[str, Any]) -> None:
        archer, crossbowman = data["combatants"]
        archer.update(weapons=[_gun("revolver", 3, 6, 2, "2d-1 pi", "1i")])
        archer["skills"] = {"Guns": 14, "Brawling": 12}
        crossbowman.update(weapons=[_gun("shotgun_pistol", 2, 2, 1, "1d+2 pi", "2i")])
        crossbowman["skills"] = {"Guns": 13, "Brawling": 12}
        crossbowman["position"] = [12, 0]
        data["options"] = {"max_rounds": 60, "darkness": 4}

    return changed(change, "revolvers.yaml")


SHOOTOUTS = {
    "revolvers": revolvers,
    "bursts": bursts,
    "dark_bursts": dark_bursts,
    "stones": stones,
    "long": long,
    "point_blank": point_blank,
    "near": near,
    "dark": dark,
    "ranged": lambda: load_scenario(RANGED),
    "gunfight": lambda: load_scenario(EXAMPLES / "gunfight.yaml"),
    "close": close,
    "clumsy": clumsy,
    "darts": darts,
    "hurt": hurt,
    "quick": quick,
}
