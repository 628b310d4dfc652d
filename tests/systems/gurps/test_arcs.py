"""Defending against attacks from the side and the back (seed 001: 上級戦闘の防御).

A field that reports chosen arcs stands in for the hex map, so each rule is
checked on its own.
"""

from __future__ import annotations

import pytest

from senjo.engine.battle import Battle
from senjo.systems.gurps.events import DefenseRolled
from senjo.systems.gurps.field import PlaneField
from senjo.systems.gurps.state import GurpsState
from tests.sources import needs_sources

from .helpers import battle, choose, events, fighter

SAFE = [3] * 40
SWORD = {"st": 12, "dx": 12, "ht": 12, "skills": {"Broadsword": 14}, "weapons": ["broadsword"]}
DEFENDER = {
    "skills": {"Broadsword": 12, "Shield": 12},
    "weapons": ["broadsword"],
    "shield": "medium_shield",
}


pytestmark = needs_sources


class ArcField(PlaneField):
    """The plane, except that the defender b sees its attacker in a chosen arc."""

    def __init__(self, arc: str) -> None:
        self.chosen = arc

    def arc(self, state: GurpsState, defender: str, attacker: str) -> str:
        """The chosen arc as b sees a; everyone else sees the other in front."""
        return self.chosen if defender == "b" else "front"


def _attacked_from(arc: str, **defender: object) -> Battle[GurpsState]:
    game = battle(
        fighter("a", "x", 0, **SWORD),
        fighter("b", "y", 1, **{**DEFENDER, **defender}),
        dice=[3, 3, 3, *SAFE],
    )
    game.state.ground = ArcField(arc)
    choose(game, "attack:b:broadsword/swing")
    choose(game, "torso")
    return game


def test_side_attack_is_minus_two() -> None:
    """seed 001: without Peripheral or 360° Vision, defending against a side hex is -2."""
    game = _attacked_from("left")
    choose(game, "dodge")
    assert events(game, DefenseRolled)[0].score.modifiers.amount("side_hex") == -2


def test_peripheral_vision_removes_the_side_penalty() -> None:
    """seed 001: Peripheral Vision defends against side attacks at no penalty."""
    game = _attacked_from("left", advantages=["peripheral_vision"])
    choose(game, "dodge")
    assert events(game, DefenseRolled)[0].score.modifiers.amount("side_hex") == 0


@pytest.mark.parametrize(("arc", "block", "parry"), [("left", True, False), ("right", False, True)])
def test_shield_and_weapon_defend_only_their_own_side(arc: str, block: bool, parry: bool) -> None:
    """seed 001: a shield blocks only from its own side, a one-handed weapon parries only from
    its side (shield in the left hand, sword in the right)."""
    game = _attacked_from(arc)
    assert game.pending is not None
    assert ("block:medium_shield" in game.pending.keys) is block
    assert ("parry:broadsword" in game.pending.keys) is parry


def test_double_jointed_parries_across() -> None:
    """seed 001: Double-Jointed (or Flexibility) lets the weapon parry from the other side."""
    game = _attacked_from("left", advantages=["double_jointed"])
    assert game.pending is not None and "parry:broadsword" in game.pending.keys


def test_no_defense_from_the_back() -> None:
    """seed 001: an attack from the back cannot be defended at all."""
    game = _attacked_from("back")
    assert not events(game, DefenseRolled)
    assert game.pending is not None and game.pending.kind == "maneuver"


def test_peripheral_vision_defends_the_back_at_minus_two_parry_minus_four() -> None:
    """seed 001: with Peripheral Vision, back attacks are defended at -2, a parry a further -2,
    and no block."""
    game = _attacked_from("back", advantages=["peripheral_vision"])
    assert game.pending is not None and game.pending.kind == "defense"
    assert "block:medium_shield" not in game.pending.keys
    choose(game, "parry:broadsword")
    modifiers = events(game, DefenseRolled)[0].score.modifiers
    assert (modifiers.amount("back_hex"), modifiers.amount("back_parry")) == (-2, -2)


def test_vision_360_has_no_back_penalty_but_parries_at_minus_two() -> None:
    """seed 001: 360° Vision defends the back with no penalty, but a parry is still -2."""
    game = _attacked_from("back", advantages=["vision_360"])
    choose(game, "parry:broadsword")
    modifiers = events(game, DefenseRolled)[0].score.modifiers
    assert (modifiers.amount("back_hex"), modifiers.amount("back_parry")) == (0, -2)
