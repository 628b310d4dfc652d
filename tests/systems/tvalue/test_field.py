"""Seed 002's ranges and movement on the scenario's positions (`field.py`,
interpretation 47): 「「直接」⇔「射出」は射程で区別され」, 足払い 「射程＝1〜2」, the range
clause 「絶対(相対)値○(毎)に射程○」, 組みつき 「目標と同じヘクスにいなければならない」,
体当たり, and 移動 (Chapter 1's action)."""

from __future__ import annotations

import math
from typing import Any

import pytest

from senjo.narration.tvalue import TvNarrator
from senjo.scenario.errors import ScenarioError
from senjo.systems.tvalue.ai import TvAI
from senjo.systems.tvalue.events import TvActs, TvDeclared, TvHitRoll, TvInterrupted, TvMoved
from senjo.systems.tvalue.field import reaches, weapon_reach

from .helpers import battle, choose, declare, events, fighter, held, pending

BOW = {"key": "bow", "delivery": "projectile", "shooting": 12, "fixed_hit": 10, "damage": "2D6"}


def _targets(game: Any, action: str) -> list[str]:
    """The targets offered for `action` at the pending `act` decision."""
    _, kind, keys = pending(game)
    assert kind == "act"
    return [key.rpartition(":")[2] for key in keys if key.rpartition(":")[0] == action]


def test_a_direct_weapon_reaches_its_own_hex_and_the_next_by_default() -> None:
    """A weapon without a reach: range 0 and 1 (1.49 m rounds to 1), not 1.5 m (2);
    option `reach=off` lets it reach everyone."""
    where = {"a": (0.0, 0.0), "b": (1.49, 0.0), "c": (0.0, -1.5), "d": (0.0, 0.0)}
    sheets = [fighter("a", "pcs", reaction=12), *(fighter(k, "gm") for k in "bcd")]
    game = battle(*sheets, dice=[], at=where)
    declare(game, "a", "attack:sword")
    for other in "bcd":
        declare(game, other)
    assert _targets(game, "attack:sword") == ["b", "d"]
    game = battle(*sheets, dice=[], at=where, reach="off")
    assert all(reaches(game.state, "a", "attack", "sword", other) for other in "bcd")


def test_a_weapon_reach_given_in_the_scenario() -> None:
    """`reach: [2, 3]`: a long spear reaches 2 and 3 m but not the next hex; a single
    number is the farthest, from 0."""
    spear = {"key": "spear", "accuracy": 3, "damage": "2D6", "reach": [2, 3]}
    pike = {"key": "pike", "accuracy": 3, "damage": "2D6", "reach": 2}
    where = {"a": (0.0, 0.0), "b": (1.0, 0.0), "c": (3.4, 0.0), "d": (3.5, 0.0)}
    sheets = [fighter("a", "pcs", weapons=[spear, pike]), *(fighter(k, "gm") for k in "bcd")]
    state = held(*sheets, dice=[], at=where).state
    assert [k for k in "bcd" if reaches(state, "a", "attack", "spear", k)] == ["c"]
    assert weapon_reach(state, "a", "pike") == (0, 2)


def test_a_reach_is_given_nearest_first() -> None:
    """A reach written farthest first is one clear error naming the field."""
    spear = {"key": "spear", "damage": "2D6", "reach": [3, 2]}
    with pytest.raises(ScenarioError) as error:
        fighter("a", "pcs", weapons=[spear])
    assert "combatants[0].weapons[0].reach" in str(error.value)
    assert "nearest first" in str(error.value)


def test_a_projectile_reaches_any_distance_unless_its_reach_says() -> None:
    """「射出」: the size and distance table prices distance, so a bow reaches 300 m; with
    `reach: [0, 100]` it does not."""
    far = {"a": (0.0, 0.0), "b": (300.0, 0.0)}
    state = held(fighter("a", "pcs", weapons=[BOW]), fighter("b", "gm"), dice=[], at=far).state
    assert weapon_reach(state, "a", "bow") == (0, math.inf)
    assert reaches(state, "a", "shoot", "bow", "b")
    short = {**BOW, "reach": [0, 100]}
    state = held(fighter("a", "pcs", weapons=[short]), fighter("b", "gm"), dice=[], at=far).state
    assert not reaches(state, "a", "shoot", "bow", "b")


def test_a_range_clause_adds_to_the_far_end_per_step() -> None:
    """「絶対(相対)値○(毎)に射程○」 (`reach_per`): +2 m for every 3 points of T: at T 7
    (two steps) the sword's 0–1 becomes 0–5; a scenario technique's own `reach` replaces
    the weapon's."""
    bolt = {
        "key": "bolt",
        "fap": 6,
        "map": 1,
        "reach": [0, 2],
        "clauses": [{"kind": "reach_per", "at": 3, "amount": 2}],
    }
    sheet = fighter("a", "pcs", techniques=[bolt])
    game = held(sheet, fighter("b", "gm"), dice=[], at={"a": (0, 0), "b": (6.0, 0)})
    assert weapon_reach(game.state, "a", "sword", "bolt", "b") == (0, 2)
    game.state.status["a"].t = 7
    assert weapon_reach(game.state, "a", "sword", "bolt", "b") == (0, 6)
    assert reaches(game.state, "a", "bolt", "sword", "b")


def _apart(metres: float, dice: tuple[int, ...] = (), **fields: Any):  # type: ignore[no-untyped-def]
    """a (reaction 12) and b `metres` apart on the x axis, a to declare."""
    sheets = [fighter("a", "pcs", reaction=12, fap=12, **fields), fighter("b", "gm")]
    return battle(*sheets, dice=list(dice), at={"a": (0.0, 0.0), "b": (metres, 0.0)})


def test_a_move_goes_straight_at_the_foe_up_to_its_move_and_stops_a_metre_short() -> None:
    """移動 (Chapter 1's; interpretation 47): 5 m a move by default, towards the foe chosen
    when it resolves; the second stops in the next hex (1 m short); a move is a minor
    action (order −3) costing the setup's placeholder FAP 3 and MAP 1."""
    game = _apart(8.0)
    declare(game, "a", "move", "move")
    declare(game, "b")
    assert [(d.fap, d.map) for d in events(game, TvDeclared)] == [(3, 1), (3, 1)]
    choose(game, "move:b", "a")
    assert events(game, TvMoved) == [TvMoved("a", "b", 5.0, 5.0, 0.0)]
    assert game.state.status["a"].order == 12 - 3
    choose(game, "move:b", "a")
    assert events(game, TvMoved)[1] == TvMoved("a", "b", 2.0, 7.0, 0.0)


def test_a_move_is_offered_only_towards_a_foe_beyond_the_next_hex() -> None:
    """Nowhere to go — every foe within a metre and a half — no move is offered."""
    game = _apart(1.0)
    assert "move" not in pending(game)[2]
    game = _apart(1.5)
    assert "move" in pending(game)[2]


LONG_SPEAR = {"key": "spear", "accuracy": 3, "damage": "2D6", "reach": [2, 3]}


def test_a_long_weapon_stops_its_move_where_it_reaches() -> None:
    """Interpretation 47: a fighter whose every weapon reaches no nearer than 2 m (a long
    spear, 2–3) stops its moves 2 m short: 8 m off, it moves 5 m, then 1 m."""
    game = _apart(8.0, weapons=[LONG_SPEAR])
    declare(game, "a", "move", "move")
    declare(game, "b")
    choose(game, "move:b", "a")
    choose(game, "move:b", "a")
    assert [(m.metres, m.x) for m in events(game, TvMoved)] == [(5.0, 5.0), (1.0, 6.0)]


def test_a_fighter_too_close_for_every_weapon_backs_off() -> None:
    """A foe in the next hex, nearer than the long spear reaches: a move is offered and
    takes a straight back to 2 m; a sword (0–1) beside the spear needs no move."""
    game = _apart(1.0, weapons=[LONG_SPEAR])
    assert "move" in pending(game)[2]
    declare(game, "a", "move")
    declare(game, "b")
    choose(game, "move:b", "a")
    assert events(game, TvMoved) == [TvMoved("a", "b", 1.0, -1.0, 0.0, away=True)]
    sword = {"key": "sword", "accuracy": 3, "damage": "2D6"}
    assert "move" not in pending(_apart(1.0, weapons=[LONG_SPEAR, sword]))[2]
    names = {"a": ("A", "エー"), "b": ("B", "ビー")}
    backed = events(game, TvMoved)[0]
    assert TvNarrator(names, "en").line(backed) == "A moves 1.0 m away from B -> (-1.0, 0.0)"
    assert TvNarrator(names, "ja").line(backed) == "エーはビーから離れて1.0m移動 → (-1.0, 0.0)"


def test_the_ai_backs_off_to_strike_with_a_long_weapon() -> None:
    """The default policy with only a long spear, its foe in the next hex: it declares a
    move before its attack, backs off at its turn, then strikes from 2 m."""
    game = _apart(1.0, (1, 1), weapons=[LONG_SPEAR], map=6)
    ai = TvAI()
    while game.pending is not None and game.pending.actor == "a":
        game.decide(ai.choose(game, game.pending))
    declared = [d.action for d in events(game, TvDeclared)]
    assert declared[0] == "move" and "attack:spear" in declared
    declare(game, "b")
    while game.pending is not None and not events(game, TvHitRoll):
        game.decide(ai.choose(game, game.pending))
    assert [m.x for m in events(game, TvMoved)] == [-1.0]
    assert [roll.actor for roll in events(game, TvHitRoll)] == ["a"]


def test_the_setup_gives_what_a_move_costs_and_the_sheet_how_far() -> None:
    """`setup.move: {fap: 2, map: 0}` and `move_m: 3`."""
    sheets = [fighter("a", "pcs", reaction=12, move_m=3), fighter("b", "gm")]
    game = battle(
        *sheets, dice=[], at={"a": (0, 0), "b": (0, 10.0)}, setup={"move": {"fap": 2, "map": 0}}
    )
    declare(game, "a", "move")
    declare(game, "b")
    assert (events(game, TvDeclared)[0].fap, events(game, TvDeclared)[0].map) == (2, 0)
    choose(game, "move:b", "a")
    assert events(game, TvMoved) == [TvMoved("a", "b", 3.0, 0.0, 3.0)]


def test_no_move_while_holding_or_held() -> None:
    """組みつき: the seed moves the pair as a load (並荷/重荷, Chapter 1's): senjo lets
    neither move."""

    def hold(state: Any) -> None:
        state.status["b"].held_by = "a"

    sheets = [fighter("a", "pcs", reaction=12), fighter("b", "gm"), fighter("c", "gm")]
    where = {"a": (0.0, 0.0), "b": (0.0, 0.0), "c": (9.0, 0.0)}
    game = battle(*sheets, dice=[], at=where, before=hold)
    assert "move" not in pending(game)[2]
    declare(game, "a")
    assert pending(game)[0] == "b" and "move" not in pending(game)[2]
    declare(game, "b")
    assert "move" in pending(game)[2]


def test_a_grab_reaches_the_next_hex_and_steps_into_the_targets() -> None:
    """「目標と同じヘクスにいなければならない」: a grab reaches 0–1; on a hit (close
    accuracy 0 + [6,6] = 12 > 10) the grabber stands where the target does."""
    game = _apart(1.0, (6, 6))
    declare(game, "a", "grab")
    declare(game, "b")
    choose(game, "grab:b", "a")
    assert game.state.status["b"].held_by == "a"
    assert events(game, TvMoved) == [TvMoved("a", "b", 1.0, 1.0, 0.0)]
    game = _apart(2.0)
    declare(game, "a", "grab")
    declare(game, "b")
    assert _targets(game, "grab") == []


def test_a_ram_charges_up_to_one_move_and_ends_next_to_its_target() -> None:
    """体当たり: reaches as far as one move and a metre (5 + 1 = 6), charges first
    ([1,1] misses; the charge stands): a ends 1 m from b; at 7 m it is not offered."""
    game = _apart(6.0, (1, 1))
    declare(game, "a", "ram")
    declare(game, "b")
    choose(game, "ram:b", "a")
    assert events(game, TvMoved) == [TvMoved("a", "b", 5.0, 5.0, 0.0)]
    assert not events(game, TvHitRoll)[0].hit
    game = _apart(7.0)
    declare(game, "a", "ram")
    declare(game, "b")
    assert _targets(game, "ram") == []


def test_an_interceptor_strikes_only_an_attacker_in_its_reach() -> None:
    """攻撃妨害: waiting with a sword (0–1) at 3 m from the attacker, the interceptor is
    not asked; the attack goes on."""
    long_spear = {"key": "spear", "accuracy": 3, "damage": "2D6", "reach": [0, 3]}
    sheets = [
        fighter("a", "pcs", reaction=12),
        fighter("b", "gm", reaction=10, weapons=[long_spear]),
        fighter("c", "pcs", reaction=8),
    ]
    where = {"a": (0.0, 0.0), "b": (3.0, 0.0), "c": (3.0, 1.0)}

    def lead(state: Any) -> None:
        state.status["a"].t = 2

    game = battle(*sheets, dice=[1, 1], at=where, before=lead)
    declare(game, "a", "attack:sword+interception")
    declare(game, "b", "attack:spear")
    declare(game, "c")
    choose(game, "attack:sword+interception:*", "a")
    choose(game, "attack:spear:a", "b")
    assert events(game, TvActs)[-1].actor == "b"
    assert not events(game, TvInterrupted)
    assert [roll.actor for roll in events(game, TvHitRoll)] == ["b"]


def test_the_ai_closes_in_and_then_strikes() -> None:
    """The default policy, 8 m from its only foe: it declares two moves (5 m, then 2 m to
    the next hex) before its attacks, moves at its turns, then strikes."""
    game = _apart(8.0, (1, 1), map=6)
    ai = TvAI()
    while game.pending is not None and game.pending.actor == "a":
        game.decide(ai.choose(game, game.pending))
    assert [d.action for d in events(game, TvDeclared)][:2] == ["move", "move"]
    assert "attack:sword" in [d.action for d in events(game, TvDeclared)]
    declare(game, "b")
    while game.pending is not None and not events(game, TvHitRoll):
        game.decide(ai.choose(game, game.pending))
    assert [m.x for m in events(game, TvMoved)] == [5.0, 7.0]
    assert [roll.actor for roll in events(game, TvHitRoll)] == ["a"]


def test_the_ai_declares_what_will_reach_and_stays_when_a_foe_is_in_reach() -> None:
    """With a bow (any distance) and a sword (0–1) 10 m from its foe, the policy neither
    moves nor declares the sword it could not use: it shoots."""
    game = _apart(10.0, weapons=[{"key": "sword", "accuracy": 3, "damage": "2D6+1"}, BOW])
    ai = TvAI()
    while game.pending is not None and game.pending.actor == "a":
        game.decide(ai.choose(game, game.pending))
    assert {d.action for d in events(game, TvDeclared)} == {"shoot:bow"}
