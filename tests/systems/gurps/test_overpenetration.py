"""Overpenetration (seed 000 ダメージと負傷 完全貫通と遮蔽; the Japanese Basic Set's 2B66P
ダメージの完全貫通 by a public summary: a piercing or impaling shot whose basic damage
exceeds its target's cover DR - the DR met counted twice, for both sides, plus HP, half HP
for the unliving, a quarter for the diffuse, then the armour divisor - flies on, and
whoever it hits beyond meets that cover DR on top of its own; interpretation 71 of
docs/rules/gurps.md), on a hex map, with scripted dice."""

from __future__ import annotations

from typing import Any

from senjo.dice.roller import ScriptedDice
from senjo.engine.battle import Battle
from senjo.space.hexgrid import Facing, Hex
from senjo.space.hexmap import HexMap
from senjo.systems.gurps.events import AttackRolled, Injured
from senjo.systems.gurps.hexfield import HexField
from senjo.systems.gurps.overpenetration import cover_dr
from senjo.systems.gurps.state import GurpsState
from senjo.systems.gurps.system import Gurps

from .helpers import AXE, SAFE, battle, choose, events, fighter


def _rifle(damage: str) -> dict[str, Any]:
    return {
        "key": "rifle",
        "name": "rifle",
        "modes": [
            {
                "name": "shoot",
                "skill": "Guns",
                "damage": damage,
                "ranged": {"acc": 3, "half_damage": 300, "max_range": 1000, "shots": 5},
            }
        ],
    }


def _line(
    faces: list[int],
    damage: str = "4d pi",
    target: dict[str, Any] | None = None,
    options: dict[str, str] | None = None,
) -> Battle[GurpsState]:
    """a (side x) at (4,1) shoots south at b (side y, HP 10, DR 2) at (4,2): the shot hits
    (3, 3, 3), b does not defend, the damage dice are `faces`; m (side y) stands behind b at
    (4,4), and a stray shot at it rolls 9 (3, 3, 3)."""
    shooter = {"dx": 12, "skills": {"Guns": 14}, "weapons": [_rifle(damage)]}
    victim = {**AXE, "dr": {"all": 2}, **(target or {})}
    specs = [
        fighter("a", "x", 0, **shooter),
        fighter("b", "y", 1, **victim),
        fighter("m", "y", 2, **AXE, dx=11),  # Basic Speed 5.25: no tie to break
    ]
    state = Gurps.new_state([f for f, _ in specs], {f.key: p for f, p in specs})
    state.ground = HexField(HexMap.rectangle(12, 12))
    places = {"a": (Hex(4, 1), Facing.S), "b": (Hex(4, 2), Facing.N), "m": (Hex(4, 4), Facing.N)}
    for key, (place, facing) in places.items():
        state.status[key].hex, state.status[key].facing = place, facing
    game = Battle(
        Gurps({"max_rounds": "5", **(options or {})}),
        state,
        ScriptedDice([3, 3, 3, *faces, 3, 3, 3, *SAFE]),
    )
    choose(game, "attack:b:rifle/shoot")
    choose(game, "torso")
    choose(game, "none")  # b
    return game


def test_a_shot_past_its_targets_cover_dr_flies_on_to_the_figure_behind() -> None:
    """完全貫通: 20 basic against b's cover DR 2 x 2 + 10 HP = 14: it flies on; the stray
    shot at m rolls 9 (hit at 9), m does not defend and meets DR 14 + 0: 6 through."""
    game = _line([6, 6, 6, 2])
    choose(game, "none")  # m
    assert [(a.target, a.result) for a in events(game, AttackRolled)] == [
        ("b", "hit"),
        ("m", "hit"),
    ]
    struck = [(hurt.target, hurt.basic, hurt.dr, hurt.injury) for hurt in events(game, Injured)]
    assert struck == [("b", 20, 2, 18), ("m", 20, 14, 6)]


def test_a_shot_that_does_not_exceed_the_cover_dr_stops_in_its_target() -> None:
    """14 basic is not more than 14: nothing flies on."""
    game = _line([6, 6, 1, 1])
    assert [a.target for a in events(game, AttackRolled)] == ["b"]


def test_only_piercing_and_impaling_shots_go_through() -> None:
    """A crushing shot of 20 stays in its target, whatever its damage."""
    game = _line([6, 6, 6, 2], damage="4d cr")
    assert [a.target for a in events(game, AttackRolled)] == ["b"]


def test_cover_dr_counts_hp_by_the_kind_of_body() -> None:
    """Living: HP; unliving (and homogenous): half HP; diffuse: a quarter - on top of
    both sides of the DR met."""
    living = fighter("b", "y", 1, **AXE)[0]
    unliving = fighter("b", "y", 1, **AXE, advantages=["injury_tolerance_unliving"])[0]
    diffuse = fighter("b", "y", 1, **AXE, advantages=["injury_tolerance_diffuse"])[0]
    assert [cover_dr(body, 2) for body in (living, unliving, diffuse)] == [14, 9, 6]


def test_the_armour_divisor_divides_the_cover_dr() -> None:
    """A (2) shot of 8 against cover DR 14: 14 // 2 = 7 is less than 8: it flies on."""
    game = _line([4, 4], damage="2d(2) pi")
    choose(game, "none")  # m
    assert [a.target for a in events(game, AttackRolled)] == ["b", "m"]


def test_the_option_off_keeps_every_shot_in_its_target() -> None:
    """Option `overpenetration=off`: a table that does not play it."""
    game = _line([6, 6, 6, 2], options={"overpenetration": "off"})
    assert [a.target for a in events(game, AttackRolled)] == ["b"]


def test_without_a_map_no_shot_flies_on() -> None:
    """Off the map there is no line to carry the shot on (as for 流れ弾)."""
    shooter = {"dx": 12, "skills": {"Guns": 14}, "weapons": [_rifle("4d pi")]}
    game = battle(
        fighter("a", "x", 0, **shooter),
        fighter("b", "y", 5, **AXE),
        fighter("m", "y", 10, **AXE, dx=11),
        dice=[3, 3, 3, 6, 6, 6, 2, *SAFE],
    )
    choose(game, "attack:b:rifle/shoot")
    choose(game, "torso")
    choose(game, "none")
    assert [a.target for a in events(game, AttackRolled)] == ["b"]
