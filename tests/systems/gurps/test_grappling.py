"""Grappling (B370 by the fact sheet; seed 001: 近接戦闘, 複数人で1人に近接戦闘を挑む), with
scripted dice, without a map (figures at the same point are in close combat)."""

from __future__ import annotations

from typing import Any

from senjo.engine.battle import Battle
from senjo.systems.gurps.defense import IncomingAttack, defense_options
from senjo.systems.gurps.events import AttackRolled, Check, ConditionChanged
from senjo.systems.gurps.state import GurpsState

from .helpers import battle, choose, events, fighter

SAFE = [3] * 40
WRESTLER = {"st": 13, "dx": 12, "ht": 12, "skills": {"Wrestling": 14}}
BRUTE = {"st": 12, "dx": 10, "ht": 11, "skills": {"Brawling": 12}}
HIT, MISS = [3, 3, 4], [6, 5, 5]


def _held(dice: list[int], *extra: Any) -> Battle[GurpsState]:
    """a grabs b (a hit, no defense); the battle then waits for b's turn."""
    game = battle(
        fighter("a", "x", 0, **WRESTLER), fighter("b", "y", 0, **BRUTE), *extra, dice=dice
    )
    choose(game, "attack/grab:b")
    choose(game, "torso")  # the grab's plan: the torso, one hand
    choose(game, "none")
    return game


def _grappler_turn(**fields: Any) -> tuple[str, ...]:
    """a (with `fields`) grabs b (a hit, no defense), b does nothing: a's options next."""
    game = battle(
        fighter("a", "x", 0, **fields), fighter("b", "y", 0, **BRUTE), dice=[*HIT, *SAFE, *SAFE]
    )
    choose(game, "attack/grab:b")
    choose(game, "torso")  # the grab's plan: the torso, one hand
    choose(game, "none")
    choose(game, "do_nothing")  # b
    assert game.pending is not None and game.pending.actor == "a"
    return game.pending.keys


def test_a_grab_is_an_attack_at_the_best_grappling_skill() -> None:
    """B370: a grab needs a free hand and reach C; it rolls the best of DX, Judo, Sumo and
    Wrestling; the foe may defend; a hit holds it."""
    game = _held([*HIT, *SAFE])
    grab = events(game, AttackRolled)[0]
    assert (grab.weapon, grab.mode, grab.skill.value) == ("grapple", "grab", 14)
    assert game.state.status["b"].held_by == {"a"} and game.state.status["a"].holding == "b"
    assert events(game, ConditionChanged)[0].condition == "grappled"


def test_a_grab_steps_in_from_a_yard_away() -> None:
    """B370: reach C - the Attack's Step closes from one yard."""
    game = battle(fighter("a", "x", 0, **WRESTLER), fighter("b", "y", 1, **BRUTE), dice=[*MISS])
    choose(game, "attack/grab:b")
    choose(game, "torso")  # the grab's plan: the torso, one hand
    assert game.state.distance("a", "b") == 0.0


def test_a_held_fighter_attacks_at_minus_four_and_cannot_move_away() -> None:
    """B370: the held fighter is -4 to DX-based skills; it cannot Move (its ST is not twice
    the grappler's), Aim, Feint, Concentrate or Wait, nor step back after a blow (a Step
    away, 2B30P: no movement out of a grip); it may attack or break free."""
    game = _held([*HIT, *MISS, *SAFE])
    assert game.pending is not None and game.pending.actor == "b"
    keys = game.pending.keys
    assert "attack/break_free:a" in keys and "attack:a:punch/punch" in keys
    assert not any(k.startswith(("move", "aim", "feint", "concentrate", "wait")) for k in keys)
    assert not any(k.startswith("attack/step_back") for k in keys)
    choose(game, "attack:a:punch/punch")
    choose(game, "torso")
    assert events(game, AttackRolled)[1].skill.modifiers.amount("grappled") == -4


def test_a_held_fighter_cannot_retreat() -> None:
    """seed 001 (近接戦闘での防御): a retreat leaves the close combat - not out of a grip."""
    game = _held([*HIT, *SAFE])
    state = game.state
    punch = state.fighters["a"].weapon("punch").mode("punch")
    options = defense_options(state, "b", IncomingAttack("a", "punch", punch, close_combat=True))
    assert options and not any(o.retreat for o in options)


def test_breaking_free_is_a_quick_contest_of_st() -> None:
    """B370: break free: a Quick Contest of ST against the grappler; winning ends the grip."""
    game = _held([*HIT, 3, 3, 3, 6, 6, 5, *SAFE])  # b 9 vs ST 12, a 17 vs ST 13
    choose(game, "attack/break_free:a")
    assert [c.kind for c in events(game, Check)] == ["break_free", "hold_on"]
    assert not game.state.status["b"].held_by and not game.state.status["a"].holding


def test_a_takedown_wins_a_quick_contest_and_the_foe_falls() -> None:
    """B370 (takedown): a Quick Contest of the best of ST, DX and grappling skill (for the
    wrestler ST 13 + 2 for Wrestling at DX+2 (B228) = 15 beats its Wrestling 14; 12 for the
    brute); the loser falls."""
    game = _held([*HIT, *SAFE, *SAFE])
    choose(game, "do_nothing")  # b
    choose(game, "attack/takedown:b")  # a, round 2: 9 vs 15 and 9 vs 12 - a wins by 3
    takedown = events(game, Check)[0]
    assert (takedown.kind, takedown.score.value) == ("takedown", 15)
    assert game.state.status["b"].posture == "lying"


def test_a_pin_makes_the_fallen_foe_helpless() -> None:
    """B370 (pin): a held foe on the ground, a Quick Contest of ST: pinned, it has no active
    defense and can only try to break free - the one-handed pinner at +5 (2B30P)."""
    game = _held([*HIT, *SAFE, *SAFE, *SAFE])
    game.state.status["b"].posture = "lying"
    choose(game, "do_nothing")  # b
    choose(game, "attack/pin:b")  # 9 vs ST 13 against 9 vs ST 12
    b = game.state.status["b"]
    assert b.pinned
    assert game.pending is not None and set(game.pending.keys) == {
        "do_nothing",
        "attack/break_free:a",
    }
    punch = game.state.fighters["a"].weapon("punch").mode("punch")
    assert [
        o.kind for o in defense_options(game.state, "b", IncomingAttack("a", "punch", punch))
    ] == ["none"]
    choose(game, "attack/break_free:a")
    hold_on = events(game, Check)[-1]
    assert hold_on.kind == "hold_on" and hold_on.score.modifiers.amount("pinned") == 5


def test_a_friend_in_the_close_combat_helps_a_takedown_with_a_fifth() -> None:
    """seed 001 (複数人で1人に近接戦闘を挑む): up to two take a foe down together: the best
    score plus a fifth (rounded down) of the helper's - 15 (ST 13 + 2 for Wrestling, B228)
    + 12 // 5 = 17."""
    helper = {"st": 12, "dx": 11, "ht": 11, "skills": {"Brawling": 11}}
    game = battle(
        fighter("a", "x", 0, **WRESTLER),
        fighter("c", "x", 0, **helper),
        fighter("b", "y", 0, **BRUTE),
        dice=[*HIT, *SAFE, *SAFE],
    )
    choose(game, "attack/grab:b")
    choose(game, "torso")  # the grab's plan: the torso, one hand
    choose(game, "none")
    while game.pending is not None and game.pending.actor != "a":
        choose(game, "do_nothing")
    choose(game, "attack/takedown:b")
    takedown = next(c for c in events(game, Check) if c.kind == "takedown")
    assert takedown.score.modifiers.amount("helpers") == 2
    assert takedown.score.value == 17


def test_the_grip_ends_when_the_grappler_moves_away() -> None:
    """A grip holds only while the two are together: a grappler that moves off lets go."""
    game = _held([*HIT, *SAFE])
    choose(game, "do_nothing")  # b
    choose(game, "move/away:b")
    assert not game.state.status["b"].held_by


def test_a_held_fighter_strikes_only_bare_handed_or_with_a_close_weapon() -> None:
    """組みつかれた後の行動 (Basic Set, 2B30P): 「攻撃できるのは素手…か、攻撃範囲にCがある
    武器だけです。短剣で突き刺すことはできますが、剣を振り回すことはできません」: held, b
    may punch or use its large knife (reach C), not swing its broadsword (reach 1)."""
    armed = {**BRUTE, "skills": {"Brawling": 12, "Broadsword": 12, "Knife": 12}}
    game = battle(
        fighter("a", "x", 0, **WRESTLER),
        fighter("b", "y", 0, **armed, weapons=["broadsword", "large_knife"]),
        dice=[*HIT, *SAFE],
    )
    choose(game, "attack/grab:b")
    choose(game, "torso")  # the grab's plan: the torso, one hand
    choose(game, "none")
    assert game.pending is not None and game.pending.actor == "b"
    keys = game.pending.keys
    assert "attack:a:punch/punch" in keys
    assert not any(":broadsword/" in key for key in keys)


def test_a_grappler_strikes_only_with_reach_c_and_cannot_aim_feint_concentrate_or_wait() -> None:
    """組みついた後の行動 その他の行動 (2B29P): with the hand not holding the foe the
    grappler may Attack bare-handed or with a reach-C weapon, or Ready; 「「狙い」「フェイ
    ント」「集中」「待機」を行なうことはできません」."""
    sword = {**WRESTLER, "skills": {"Wrestling": 14, "Broadsword": 12}}
    keys = _grappler_turn(**sword, weapons=["broadsword"])
    assert not any(":broadsword/" in key for key in keys)
    assert not any(k.startswith(("aim", "feint", "concentrate", "wait")) for k in keys)
    assert "attack/takedown:b" in keys and "attack:b:punch/punch" not in keys  # hands busy


def test_letting_go_is_a_free_action() -> None:
    """その他の行動 「握りを放す」 (a free action, option free_actions=on): the grappler lets
    go; the foe is free."""
    game = battle(
        fighter("a", "x", 0, **WRESTLER),
        fighter("b", "y", 0, **BRUTE),
        dice=[*HIT, *SAFE, *SAFE],
        free_actions="on",
    )
    choose(game, "none")  # a's free action
    choose(game, "attack/grab:b")
    choose(game, "torso")  # the grab's plan: the torso, one hand
    choose(game, "none")  # b's defense
    choose(game, "none")  # b's free action
    choose(game, "do_nothing")
    assert game.pending is not None and game.pending.kind == "free_action"
    choose(game, "release:b")
    assert not game.state.status["b"].held_by and not game.state.status["a"].holding
    assert events(game, ConditionChanged)[-1] == ConditionChanged("b", "grappled", False, "a")


def test_readying_while_holding_needs_a_hand_besides_the_gripping_one() -> None:
    """組みついた後の行動 その他の行動 (2B29P): 「相手をつかむのに使っていない手がある時には、
    それを…「準備」行動を選択できます」 - B382: readying needs a free hand. a holds a
    broadsword and grips b with the other hand: no hand is left to draw a knife (nor to
    Fast-Draw it). With empty hands, the hand not gripping draws it."""
    knives = {**WRESTLER, "skills": {"Wrestling": 14, "Broadsword": 12, "Knife": 12}}
    for ready, drawn in ((["broadsword"], False), ([], True)):
        keys = _grappler_turn(**knives, weapons=["broadsword", "large_knife"], ready=ready)
        assert ("ready/draw:large_knife" in keys) is drawn, ready
        assert not any("fast_draw" in key for key in keys)
