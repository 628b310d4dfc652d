"""GURPS duels of a shooter against a fighter who closes in to strike, for the fast path's
checks (tests/sim/test_fast_gurps_mixed.py): examples/gurps/ranged.yaml's shooters against
examples/gurps/duel.yaml's fighters, each bringing in a rule the compiled duel must follow
battle by battle."""

from __future__ import annotations

import copy
from typing import Any

from senjo.scenario import Scenario, load_scenario, parse_scenario

from .gurps_duels import DUEL, EXAMPLES

__all__ = ["MIXED", "mixed"]

RANGED = EXAMPLES / "ranged.yaml"


def mixed(change: Any, name: str) -> Scenario:
    """ranged.yaml's archer (first) against duel.yaml's knight without its shield, fifteen
    yards apart, with `change(data, archer, other)` applied to a copy."""
    data: dict[str, Any] = copy.deepcopy(load_scenario(RANGED).data)
    knight = copy.deepcopy(load_scenario(DUEL).data["combatants"][0])
    knight.pop("shield")
    knight.update(position=[15, 0], side="crossbowmen")
    data["combatants"][1] = knight
    change(data, data["combatants"][0], knight)
    return parse_scenario(data, name)


def archer_vs_swordsman() -> Scenario:
    """The knight walks in under the archer's arrows (Aim past 3 yards, B364; the reload,
    B270); within its Move the archer swaps its empty bow for its knife (Ready), or shoots
    point-blank and punches; the knight parries bare hands and knife."""
    return mixed(lambda data, archer, knight: None, "archer_vs_swordsman.yaml")


def crossbow_vs_raider() -> Scenario:
    """ranged.yaml's crossbowman (four Readies to reload) against duel.yaml's axe raider,
    eight yards apart: a reload against the approach, the shortsword swapped in."""

    def change(data: dict[str, Any], archer: dict[str, Any], other: dict[str, Any]) -> None:
        crossbowman = load_scenario(RANGED).data["combatants"][1]
        raider = load_scenario(DUEL).data["combatants"][1]
        data["combatants"][0] = copy.deepcopy(crossbowman) | {"position": [0, 0]}
        data["combatants"][1] = copy.deepcopy(raider) | {"position": [8, 0], "side": "archers"}

    return mixed(change, "crossbow_vs_raider.yaml")


def brawler_vs_archer() -> Scenario:
    """A bare-handed brawler (punch and kick, reach C-1) six yards from the archer:
    close combat, the shot at Bulk -7 (B548), the knife's thrust."""

    def change(data: dict[str, Any], archer: dict[str, Any], other: dict[str, Any]) -> None:
        other.update(weapons=[], position=[6, 0], skills={"Brawling": 14})
        other.update(advantages=[], dr={"all": 1})

    return mixed(change, "brawler_vs_archer.yaml")


def mace_vs_archer() -> Scenario:
    """A mace's crushing blows knock the archer back (B378), out of reach and back into
    its range: it Aims again and shoots as the maceman closes in; random hit locations."""

    def change(data: dict[str, Any], archer: dict[str, Any], other: dict[str, Any]) -> None:
        other.update(weapons=["mace"], skills={"Axe/Mace": 14, "Brawling": 12}, st=15)
        other["position"] = [10, 0]
        data["options"] = {"random_hit_locations": "on", "max_rounds": 60}

    return mixed(change, "mace_vs_archer.yaml")


def point_blank() -> Scenario:
    """The archer without its knife, a yard from the knight, free actions on: shot or
    punch by value, the Aim spoiled by a parry or a dodge; hurt, All-Out Defense."""

    def change(data: dict[str, Any], archer: dict[str, Any], other: dict[str, Any]) -> None:
        archer["weapons"] = ["regular_bow"]
        other["position"] = [1, 0]
        data["options"] = {"free_actions": "on"}

    return mixed(change, "point_blank_mixed.yaml")


def archer_vs_knight() -> Scenario:
    """duel.yaml's knight with his medium shield (DB 2) twenty yards off: against each
    arrow he dodges, dodges and drops, or blocks (B375), as the odds say; a block's
    critical failure leaves the shield unready, and he readies it again."""

    def change(data: dict[str, Any], archer: dict[str, Any], knight: dict[str, Any]) -> None:
        knight.update(shield="medium_shield", position=[20, 0])

    return mixed(change, "archer_vs_knight.yaml")


MIXED = {
    "archer_vs_knight": archer_vs_knight,
    "archer_vs_swordsman": archer_vs_swordsman,
    "crossbow_vs_raider": crossbow_vs_raider,
    "brawler_vs_archer": brawler_vs_archer,
    "mace_vs_archer": mace_vs_archer,
    "point_blank": point_blank,
}
