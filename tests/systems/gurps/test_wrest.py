"""武器を奪う Wrest a weapon (seed 000 組みついた後の行動; B370 by the fact sheet §11,
「Regular Contest of ST. Win: you take it. Loss: you lose your grip」; the Regular Contest
by B349; interpretation 79 of docs/rules/gurps.md): a fighter holding its foe by the
torso, or by the arm whose hand holds the weapon, may try to wrest it away - a Regular
Contest of ST a turn; a win takes the weapon out of the fight, a loss ends the grip, any
other result changes nothing. Scripted dice, without a map."""

from __future__ import annotations

from typing import Any

from senjo.engine.battle import Battle
from senjo.engine.modifiers import Score
from senjo.systems.gurps.events import Check, ConditionChanged, ItemChanged
from senjo.systems.gurps.rolls import regular_contest
from senjo.systems.gurps.state import GurpsState

from .helpers import AXE, SAFE, battle, choose, events, fighter, gripped

HIT = [3, 3, 4]
#: b holds an axe in its main hand (ST 12, Brawling 12, Axe/Mace 12).
ARMED: dict[str, Any] = {"skills": {"Brawling": 12, "Axe/Mace": 12}, "weapons": AXE["weapons"]}
#: The wrester's 9 against ST 13 + 2 (its Wrestling at DX+2, B228), b's 13 against 12.
WON = [3, 3, 3, 4, 4, 5]
#: The wrester's 16 against 15, b's 9 against 12.
LOST = [5, 5, 6, 3, 3, 3]
#: Both succeed: 9 and 9.
EVEN = [3, 3, 3, 3, 3, 3]


def _held(plan: str, dice: list[int]) -> Battle[GurpsState]:
    return gripped(plan, [*HIT, *dice, *SAFE], **ARMED)


def test_a_grip_on_the_torso_or_the_weapon_arm_may_wrest_the_weapon() -> None:
    """B370 with interpretation 79: the torso's grip and the right arm's (the axe's hand)
    offer the wrest; a grip on the neck, the other arm or a leg does not."""
    for plan, offered in (
        ("torso", True),
        ("right_arm", True),
        ("neck", False),
        ("left_arm", False),
        ("right_leg", False),
    ):
        game = _held(plan, [])
        assert game.pending is not None
        assert ("attack/wrest:b" in game.pending.keys) is offered, plan


def test_nothing_to_wrest_from_empty_hands() -> None:
    """A foe with no weapon in hand (only natural weapons) offers nothing to wrest."""
    game = gripped("torso", [*HIT, *SAFE])
    assert game.pending is not None and "attack/wrest:b" not in game.pending.keys


def test_a_won_contest_takes_the_weapon_out_of_the_fight() -> None:
    """B370: 「Win: you take it」 - a Regular Contest of ST (B349): a succeeds (9 against
    15), b fails (13 against 12); the axe leaves b's hand for good: b can neither strike
    with it nor pick it up."""
    game = _held("torso", WON)
    choose(game, "attack/wrest:b")
    wrest, hold = events(game, Check)[:2]
    assert (wrest.kind, wrest.score.value, wrest.success) == ("wrest", 15, True)
    assert (hold.kind, hold.score.value, hold.success) == ("resist_wrest", 12, False)
    changed = [(i.actor, i.item, i.state, i.cause) for i in events(game, ItemChanged)]
    assert changed == [("b", "axe", "wrested", "a")]
    status = game.state.status["b"]
    assert status.hands == ("", "") and "axe" not in status.ready
    assert game.pending is not None and game.pending.actor == "b"
    assert not [k for k in game.pending.keys if "axe" in k]
    assert game.state.status["a"].holding == "b"  # the grip holds


def test_a_lost_contest_ends_the_grip() -> None:
    """B370: 「Loss: you lose your grip」 - a fails (16 against 15), b succeeds (9)."""
    game = _held("torso", LOST)
    choose(game, "attack/wrest:b")
    assert game.state.status["a"].holding == "" and not game.state.status["b"].held_by
    assert ("b", "grappled", False) in [
        (c.actor, c.condition, c.active) for c in events(game, ConditionChanged)
    ]
    assert game.state.status["b"].hands[0] == "axe"


def test_a_contest_neither_wins_changes_nothing_this_turn() -> None:
    """B349: both succeed (or both fail) - no winner; the weapon stays, the grip holds."""
    game = _held("right_arm", EVEN)
    choose(game, "attack/wrest:b")
    assert not events(game, ItemChanged)
    assert game.state.status["a"].holding == "b" and game.state.status["b"].hands[0] == "axe"


def test_a_regular_contest_brings_scores_over_14_down() -> None:
    """B349: with both scores over 14, the higher becomes 14 and the other falls as much
    (20 and 16: 14 and 10); one of them 14 or less, both stand."""
    game = _two(dice=[3, 3, 3, 4, 4, 4])
    assert regular_contest(game, ("a", "wrest", Score(20)), ("b", "resist_wrest", Score(16))) == 1
    first, second = events(game, Check)
    assert (first.score.value, second.score.value) == (14, 10)
    assert first.score.modifiers.amount("regular_contest") == -6
    game = _two(dice=[6, 6, 5, 3, 3, 3])  # 17 always fails (B348)
    assert regular_contest(game, ("a", "wrest", Score(20)), ("b", "resist_wrest", Score(12))) == -1
    assert [c.score.value for c in events(game, Check)] == [20, 12]


def _two(dice: list[int]) -> Battle[GurpsState]:
    """Two fighters (a the quicker: no initiative tie) and these dice, at a's first turn."""
    return battle(fighter("a", "x", dx=11), fighter("b", "y", 1), dice=dice)
