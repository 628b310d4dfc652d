"""Seed 002 A. シチュエーションレート (途中参加時): fighters who join mid-battle (T7–T9,
interpretation 23)."""

from __future__ import annotations

from senjo.systems.tvalue.events import TvJoined, TvRoundStarted, TvTChanged

from .helpers import battle, declare, events, fighter, pending

# Two pcs against one bandit; a second bandit joins in round 2. Levels all 0 and three
# fighters at the start: the level rate gives each +1 (a tie at the top, three or more).
SHEETS = (
    fighter("a", "pcs", combat_level=0),
    fighter("b", "pcs", combat_level=0),
    fighter("x", "gm", combat_level=0),
    fighter("y", "gm", combat_level=0),
)


def test_a_joiner_is_absent_until_its_round() -> None:
    """Absent at the start: no rate, no declaration; it arrives at round 2's start, after
    the round's header, with the numbers rate as counted then (2 against 2: none)."""
    game = battle(*SHEETS, dice=[], setup={"joiners": [{"key": "y", "round": 2}]})
    assert game.state.status["y"].absent and game.state.status["y"].t == 0
    assert game.state.status["x"].t == 1 - 2  # 1 against 2 at the start: −2
    for key in ("a", "b", "x"):
        declare(game, key)
    assert events(game, TvJoined) == [TvJoined("y", 2)]
    kinds = [type(item) for item in game.log[-2:]]
    assert kinds == [TvRoundStarted, TvJoined]
    assert game.state.status["y"].t == 0
    assert pending(game)[0] == "a"  # y declares in its turn of the scenario's order later
    for key in ("a", "b", "x"):
        declare(game, key)
    assert pending(game)[:2] == ("y", "declare_action")


def test_a_surprise_appearance_costs_every_foe_then_fighting() -> None:
    """「不意打ちで出現した場合、認識していなかった敵対者は1〜4点減少」: both pcs −3."""
    setup = {"joiners": [{"key": "y", "round": 2, "surprise": 3}]}
    game = battle(*SHEETS, dice=[], setup=setup)
    for key in ("a", "b", "x"):
        declare(game, key)
    unaware = [(e.actor, e.amount) for e in events(game, TvTChanged) if e.reason == "unaware"]
    assert unaware == [("a", -3), ("b", -3)]


def test_an_unintended_joining_costs_the_joiner() -> None:
    """「意図しない参加の場合1〜4点減少」: the joiner −2; joining a side that then
    outnumbers the other, it takes the +2 numbers rate (T8)."""
    sheets = (*SHEETS, fighter("z", "gm", combat_level=0))
    setup = {"joiners": [{"key": "z", "round": 2, "unintended": 2}]}
    game = battle(*sheets, dice=[], setup=setup)
    for key in ("a", "b", "x", "y"):
        declare(game, key)
    joined = [(e.reason, e.amount) for e in events(game, TvTChanged) if e.actor == "z"]
    assert joined == [("outnumber", 2), ("unintended", -2)]
    assert game.state.status["z"].t == 0
