"""The battle's flow (seed 003 「戦闘の流れ」): opening, initiative, declarations, turns."""

from __future__ import annotations

import pytest

from senjo.engine.battle import Outcome
from senjo.space.bands import Band
from senjo.systems.tomogami.events import (
    TomoDeclared,
    TomoInitiative,
    TomoMoved,
    TomoOpened,
    TomoTurnEnded,
    TomoTurnStarted,
)

from .helpers import CLAW, GUN, battle, choose, dice_left, events, pending, sheet


def test_turns_repeat_steps_three_to_six_until_the_limit() -> None:
    """Seed 003 戦闘の流れ: the opening and the initiative once, then turns (declare,
    maneuver, combat, end) 「３〜６を繰り返す」; two who only stay and wait draw no dice
    after the initiative."""
    a, b = sheet("a", "blue", maneuver=3), sheet("b", "red")
    game = battle(a, b, dice=[5, 5, 1, 1], max_rounds="3")
    for _ in range(3):
        for actor in ("b", "a"):  # red lost the initiative: it declares first
            choose(game, "stay", actor)
            choose(game, "wait", actor)
    assert len(events(game, TomoOpened)) == 1 and len(events(game, TomoInitiative)) == 1
    assert [t.round for t in events(game, TomoTurnStarted)] == [1, 2, 3]
    assert [t.round for t in events(game, TomoTurnEnded)] == [1, 2, 3]
    assert game.outcome() == Outcome(None, "round_limit", 3)
    assert dice_left(game) == 0


@pytest.mark.parametrize(
    ("environment", "band"),
    [("ocean", Band.FAR), ("forest", Band.ZERO), ("grassland", Band.NEAR), ("polar", Band.FAR)],
)
def test_foes_open_at_the_environments_band_allies_near(environment: str, band: Band) -> None:
    """Seed 003 ●１ 環境ごとの開戦距離: foes at the environment's band; allies near."""
    a, b, c = sheet("a", "blue", maneuver=3), sheet("b", "blue"), sheet("c", "red")
    game = battle(a, b, c, dice=[5, 5, 1, 1], environment=environment)
    bands = game.state.bands
    assert bands.distance("a", "c") is band and bands.distance("b", "c") is band
    assert bands.distance("a", "b") is Band.NEAR
    assert events(game, TomoOpened) == [TomoOpened(environment, band.name.lower())]


def test_initiative_ties_roll_again_and_the_winner_acts_first() -> None:
    """Seed 003 ●２: the sides roll with their best maneuver value; a tie rolls again; the
    winner acts before the other side (「敵陣営よりも先に行動」)."""
    a, b = sheet("a", "blue", maneuver=2), sheet("b", "red", maneuver=2)
    game = battle(a, b, dice=[3, 3, 3, 3, 1, 2, 6, 6])
    first, second = events(game, TomoInitiative)
    assert first.order == () and second.order == ("red", "blue")
    assert game.state.sides == ("red", "blue")
    assert pending(game)[:2] == ("a", "declare_maneuver")  # the loser declares first


def test_the_winner_hears_the_losers_declarations() -> None:
    """Seed 003 ●２ 「敵陣営の行動宣言を聞いてから行動することが出来る」: the winner's declaration
    decision carries the losers' declarations; the losers' carries none."""
    a, b = sheet("a", "blue", maneuver=3), sheet("b", "red")
    game = battle(a, b, dice=[5, 5, 1, 1])
    assert game.pending is not None and game.pending.context == ()
    choose(game, "stay", "b")
    choose(game, "wait", "b")
    assert game.pending is not None and game.pending.actor == "a"
    assert game.pending.context == (TomoDeclared("b", "stay", "wait"),)


def test_the_winners_first_maneuver_succeeds_without_a_roll() -> None:
    """Seed 003 ●２ 「最初の機動処理をすべて自動成功させることができる」: turn 1 needs no roll
    even against an opposing foe; turn 2 does."""
    a, b = sheet("a", "blue", maneuver=3), sheet("b", "red", maneuver=3)
    game = battle(a, b, dice=[5, 5, 1, 1, 6, 6, 1, 1], environment="desert")
    choose(game, "stay", "b")
    choose(game, "wait", "b")
    choose(game, "move:b:near", "a")
    choose(game, "wait", "a")
    choose(game, "oppose", "b")
    assert events(game, TomoMoved) == [TomoMoved("a", "b", "near", ("b",), True)]
    assert dice_left(game) == 4
    choose(game, "stay", "b")
    choose(game, "wait", "b")
    choose(game, "move:b:far", "a")
    choose(game, "wait", "a")
    choose(game, "oppose", "b")
    assert events(game, TomoMoved)[-1] == TomoMoved("a", "b", "far", ("b",), False)
    assert dice_left(game) == 0


def test_combat_follows_each_characters_own_maneuver() -> None:
    """Seed 003 ●５ 「機動処理が終わったキャラクターは、続けて戦闘処理を行う」: A moves, then A
    attacks, and only then does B maneuver."""
    a = sheet("a", "blue", maneuver=3, weapons=[CLAW])
    b = sheet("b", "red", weapons=[GUN])
    game = battle(a, b, dice=[5, 5, 1, 1, 1, 1, 1, 1])
    choose(game, "stay", "b")
    choose(game, "attack", "b")
    choose(game, "move:b:zero", "a")
    choose(game, "attack", "a")
    choose(game, "let", "b")  # no roll: b does not oppose
    assert pending(game) == ("a", "action", ("attack:b:claw", "wait"))
    choose(game, "attack:b:claw")
    # a rolled [1,1] (an automatic failure) against b's [1,1]: no winner, no hit;
    # then b's turn: at zero its gun reaches nothing, so it has no action to choose.
    assert game.outcome() is None and game.pending is not None
    assert game.pending.kind == "declare_maneuver" and game.state.round == 2
