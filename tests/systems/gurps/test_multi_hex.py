"""Multi-hex figures on a hex map (seed 001: 大きなフィギュア, 体当たりと蹂躙)."""

from __future__ import annotations

from typing import Any

import pytest

from senjo.dice.roller import ScriptedDice
from senjo.engine.battle import Battle
from senjo.narration.textmap import draw_board
from senjo.scenario.errors import ScenarioError
from senjo.scenario.hexmap import check_placements
from senjo.space.hexgrid import Facing, Hex
from senjo.space.hexmap import HexMap
from senjo.systems.gurps.bodies import line_behind
from senjo.systems.gurps.events import Check, DamageRolled, Moved
from senjo.systems.gurps.field import Placement
from senjo.systems.gurps.hexfield import HexField
from senjo.systems.gurps.state import GurpsState
from senjo.systems.gurps.system import Gurps

from .helpers import choose, events, fighter

SAFE = [3] * 40
DRAGON = {"st": 30, "dx": 10, "iq": 5, "ht": 12, "skills": {"Brawling": 14}, "weapons": ["claws"]}
SWORD = {"st": 12, "dx": 12, "ht": 12, "skills": {"Broadsword": 14}, "weapons": ["broadsword"]}
SMALL = {"skills": {"Axe/Mace": 12}, "weapons": ["axe"]}


def _board(
    dice: list[int],
    dragon: tuple[Hex, Facing],
    *others: tuple[str, Hex, Facing, dict[str, Any]],
) -> Battle[GurpsState]:
    """A dragon three hexes long (head first) and one-hex foes."""
    specs = [fighter("d", "monsters", 0, **DRAGON)]
    specs += [fighter(key, "heroes", 0, **sheet) for key, _, _, sheet in others]
    state = Gurps.new_state([f for f, _ in specs], {f.key: p for f, p in specs})
    state.ground = HexField(HexMap.rectangle(12, 12))
    head, facing = dragon
    state.status["d"].hex, state.status["d"].facing = head, facing
    state.status["d"].body = line_behind(head, facing, 3)
    for key, place, way, _ in others:
        state.status[key].hex, state.status[key].facing = place, way
    return Battle(Gurps(), state, ScriptedDice(dice))


def test_the_body_lies_behind_the_head() -> None:
    """seed 001: a figure of several hexes; senjo lays it out as a line behind its head."""
    assert line_behind(Hex(4, 4), Facing.N, 3) == (Hex(4, 5), Hex(4, 6))
    assert line_behind(Hex(4, 4), Facing.SE, 2) == (Hex(3, 4),)


def test_every_hex_of_the_body_can_be_struck() -> None:
    """seed 001: a foe next to the tail is in reach: distances run between the nearest
    hexes of the two figures."""
    game = _board([], (Hex(4, 4), Facing.N), ("a", Hex(4, 7), Facing.N, SWORD))
    assert game.state.distance("a", "d") == 1.0
    assert game.pending is not None and "attack:d:broadsword/swing" in game.pending.keys


def test_arcs_and_vision_are_the_heads() -> None:
    """seed 001 (視界, 正面・側面・背面ヘクス): a large figure sees and faces from its head,
    so its own body hides what is behind; a foe at the tail strikes its back."""
    game = _board([], (Hex(4, 4), Facing.N), ("a", Hex(4, 7), Facing.N, SWORD))
    ground = game.state.ground
    assert isinstance(ground, HexField)
    assert not ground.sees(game.state, "d", "a")
    assert ground.arc(game.state, "d", "a") == "back"
    game.state.status["a"].hex = Hex(4, 2)  # ahead of the head
    assert ground.sees(game.state, "d", "a")
    assert ground.arc(game.state, "d", "a") == "front"


def test_the_body_follows_the_head() -> None:
    """seed 001: the head moves as a one-hex figure would and the body follows its trail."""
    game = _board([], (Hex(4, 6), Facing.N), ("a", Hex(9, 9), Facing.N, SMALL))
    choose(game, "move")
    choose(game, "4,4/N")
    status = game.state.status["d"]
    assert status.hex == Hex(4, 4)
    assert status.body == (Hex(4, 5), Hex(4, 6))
    assert events(game, Moved)[0].body == ((4, 5), (4, 6))


def test_a_bodys_hexes_cannot_be_entered() -> None:
    """A one-hex figure cannot stop in or pass through the hexes of a large body."""
    game = _board([], (Hex(4, 4), Facing.N), ("a", Hex(5, 5), Facing.N, SWORD))
    assert game.pending is not None and game.pending.actor == "a"  # Basic Speed 6 to 5.5
    choose(game, "move")
    keys = game.pending.keys if game.pending else ()
    assert not any(k.startswith(("4,5/", "4,6/")) for k in keys)


def test_a_smaller_foe_may_dodge_out_of_an_overrun() -> None:
    """seed 001 (体当たりと蹂躙): the large figure's head entering a smaller foe's hex is a
    slam; the smaller one may dodge out of the way (Dodge 8: 6 succeeds)."""
    game = _board([2, 2, 2, *SAFE], (Hex(4, 2), Facing.S), ("b", Hex(4, 4), Facing.N, SMALL))
    choose(game, "move")
    choose(game, "4,5/S")
    assert game.pending is not None and game.pending.kind == "overrun"
    choose(game, "dodge")
    assert events(game, Check)[0].kind == "dodge_overrun"
    dragon, b = game.state.status["d"], game.state.status["b"]
    assert dragon.hex == Hex(4, 5)
    assert b.hex is not None and b.hex.distance(Hex(4, 4)) == 1
    assert b.hex not in (dragon.hex, *dragon.body)
    assert [m.direction for m in events(game, Moved) if m.actor == "b"] == ["dodge_aside"]


def test_standing_up_to_an_overrun_is_a_slam_and_a_contest_of_st() -> None:
    """seed 001 (体当たりと蹂躙): both take slam damage (HP x velocity / 100: the dragon's
    30 x 2 / 100 = 1d-1, the man's 10 x 2 / 100 = 1d-3); a Quick Contest of ST decides who
    falls; the large figure goes on unless it fell, the smaller one is shoved aside."""
    game = _board(
        [6, 1, 3, 3, 3, 6, 6, 6, *SAFE], (Hex(4, 2), Facing.S), ("b", Hex(4, 4), Facing.N, SMALL)
    )
    choose(game, "move")
    choose(game, "4,5/S")
    choose(game, "stand")
    damage = events(game, DamageRolled)
    assert [(d.attacker, d.dice) for d in damage] == [("d", "1d-1"), ("b", "1d-3")]
    assert [c.kind for c in events(game, Check)] == ["overrun_st", "overrun_st"]
    b = game.state.status["b"]
    assert b.posture == "lying" and b.hex != Hex(4, 4)
    assert game.state.status["d"].hex == Hex(4, 5)


def test_the_scenario_length_lays_out_the_body_and_checks_it() -> None:
    """A scenario's `length:` fills hexes behind the head; they must be open."""
    board = HexMap.rectangle(6, 6, walls=[Hex(2, 4)])
    head = Placement(Hex(2, 2), Facing.N, line_behind(Hex(2, 2), Facing.N, 3))
    with pytest.raises(ScenarioError, match=r"combatants\[0\]\.length.*\[2, 4\].*wall"):
        check_placements(board, {"d": head}, "x.yaml")


def test_the_terminal_board_draws_the_body() -> None:
    """`senjo run --show-map` marks a large figure's other hexes with its letter and `=`."""
    board = HexMap.rectangle(6, 6)
    lines = draw_board(
        board,
        {"d": (Hex(2, 1), Facing.N, "D", True)},
        {"d": (Hex(2, 2), Hex(2, 3))},
    )
    assert sum(line.count("D=") for line in lines) == 2


def test_a_large_bodys_reach_bonus_lengthens_its_melee_reaches() -> None:
    """seed 001 (サイズ修正と攻撃範囲): a large body reaches further; the GM gives the yards
    (`reach_bonus`) - claws of reach C,1 with +2 strike at C,3; a short one (-1) turns
    reach 1 into C."""
    giant, _ = fighter("g", "x", 0, **DRAGON, reach_bonus=2)
    assert giant.weapon("claws").mode("claw").reach == (0, 3)
    dwarf, _ = fighter("w", "x", 0, **SWORD, reach_bonus=-1)
    assert dwarf.weapon("broadsword").mode("swing").reach == (0,)


def test_a_wide_figure_cannot_enter_ground_narrower_than_itself() -> None:
    """seed 001 (大きなフィギュア): a figure cannot enter ground narrower than its widest
    part - a wyrm 2 hexes wide stops at the mouth of a corridor 1 hex wide."""
    board = HexMap.rectangle(
        12, 12, walls=[h for h in HexMap.rectangle(12, 12) if h.q in (3, 5) and h.r < 4]
    )
    assert board.passage_width(Hex(4, 1)) == 1 and board.passage_width(Hex(4, 8)) > 2
    for width, inside in ((1, True), (2, False)):
        specs = [
            fighter("d", "monsters", 0, **DRAGON, width=width),
            fighter("a", "heroes", 0, **SMALL),
        ]
        state = Gurps.new_state([f for f, _ in specs], {f.key: p for f, p in specs})
        state.ground = HexField(board)
        state.status["d"].hex, state.status["d"].facing = Hex(4, 5), Facing.N
        state.status["a"].hex = Hex(10, 10)
        ends = {end.hex for end in state.ground.destinations(state, "d", 5.0)}
        assert (Hex(4, 2) in ends) is inside
