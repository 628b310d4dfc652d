"""Maneuvers (B363-366, seed 000 Move and Attack) without a map, with scripted dice."""

from __future__ import annotations

from senjo.systems.gurps.events import AttackRolled, Check, DamageRolled, DefenseRolled, Moved

from .helpers import battle, choose, events, fighter

SAFE = [3] * 40
SWORD = {"st": 12, "dx": 12, "ht": 12, "skills": {"Broadsword": 14}, "weapons": ["broadsword"]}
AXE = {"skills": {"Axe/Mace": 12}, "weapons": ["axe"]}


def test_move_closes_distance_by_move() -> None:
    """B364: Move covers up to Basic Move yards; moving toward a foe stops at 1 yard."""
    game = battle(fighter("a", "x", 0, **SWORD), fighter("b", "y", 10, **AXE), dice=[])
    choose(game, "move/toward:b")
    moved = events(game, Moved)[0]
    assert moved.yards == 6.0 and game.state.distance("a", "b") == 4.0


def test_attack_steps_one_yard_to_reach() -> None:
    """B364: Attack includes a one-yard step, so a foe 2 yards off can be struck."""
    game = battle(fighter("a", "x", 0, **SWORD), fighter("b", "y", 2, **AXE), dice=[6, 6, 4])
    options = game.pending.keys if game.pending else ()
    assert "attack:b:broadsword/swing" in options
    choose(game, "attack:b:broadsword/swing")
    choose(game, "torso")
    assert events(game, Moved)[0].yards == 1.0


def test_no_attack_beyond_reach_and_step() -> None:
    """B364: a foe 3 yards off is beyond reach 1 plus a step; only Move and Attack reaches."""
    game = battle(fighter("a", "x", 0, **SWORD), fighter("b", "y", 3, **AXE), dice=[])
    keys = game.pending.keys if game.pending else ()
    assert "attack:b:broadsword/swing" not in keys
    assert "move_and_attack:b:broadsword/swing" in keys


def test_move_and_attack_is_minus_four_capped_at_nine() -> None:
    """seed 000: melee Move and Attack is at -4 and effective skill at most 9."""
    game = battle(fighter("a", "x", 0, **SWORD), fighter("b", "y", 5, **AXE), dice=[6, 6, 4])
    choose(game, "move_and_attack:b:broadsword/swing")
    choose(game, "torso")
    skill = events(game, AttackRolled)[0].skill
    assert dict(skill.modifiers.items) == {"move_and_attack": -4}
    assert skill.cap == 9 and skill.value == 9


def test_move_and_attack_allows_no_parry_and_no_retreat() -> None:
    """seed 000: after Move and Attack only dodge or block are allowed, and no retreat."""
    game = battle(
        fighter("a", "x", 0, shield="small_shield", **SWORD),
        fighter("b", "y", 5, **AXE),
        dice=[6, 6, 4, 4, 4, 4, *SAFE],
    )
    choose(game, "move_and_attack:b:broadsword/swing")
    choose(game, "torso")
    choose(game, "attack:a:axe/swing")
    choose(game, "torso")
    assert game.pending is not None and game.pending.kind == "defense"
    assert set(game.pending.keys) == {"none", "dodge", "block:small_shield"}


def test_all_out_attack_leaves_no_defense() -> None:
    """B365: after All-Out Attack the fighter has no active defense until its next turn."""
    game = battle(
        fighter("a", "x", 0, **SWORD), fighter("b", "y", 1, **AXE), dice=[6, 6, 5, 3, 3, 3, *SAFE]
    )
    choose(game, "all_out_attack/determined:b:broadsword/swing")
    choose(game, "torso")
    assert dict(events(game, AttackRolled)[0].skill.modifiers.items) == {
        "all_out_attack_determined": 4
    }
    choose(game, "attack:a:axe/swing")
    choose(game, "torso")
    # The axe hits (9 vs 12) and there is no defense decision: damage follows at once.
    assert not events(game, DefenseRolled)
    assert events(game, DamageRolled)


def test_all_out_attack_strong_adds_two_damage() -> None:
    """B365: All-Out Attack (Strong) adds +2 damage (or +1 per die if more)."""
    game = battle(
        fighter("a", "x", 0, **SWORD),
        fighter("b", "y", 1, **AXE),
        dice=[3, 3, 3, 6, 6, 6, 1, *SAFE],
    )
    choose(game, "all_out_attack/strong:b:broadsword/swing")
    choose(game, "torso")
    choose(game, "dodge")
    assert events(game, DamageRolled)[0].dice == "1d+5"


def test_all_out_defense_increased_dodge_adds_two() -> None:
    """B366: All-Out Defense (Increased Dodge) is +2 to every dodge until the next turn."""
    game = battle(
        fighter("a", "x", 0, **SWORD), fighter("b", "y", 1, **AXE), dice=[4, 4, 4, 3, 3, 3]
    )
    choose(game, "all_out_defense/increased_dodge")
    choose(game, "attack:a:axe/swing")
    choose(game, "torso")
    choose(game, "dodge")
    score = events(game, DefenseRolled)[0].score
    assert dict(score.modifiers.items) == {"all_out_defense": 2}


def test_double_defense_gives_a_second_different_defense() -> None:
    """B366: with Double Defense, a failed defense may be followed by a different one."""
    game = battle(
        fighter("a", "x", 0, **SWORD),
        fighter("b", "y", 1, **AXE),
        dice=[4, 4, 4, 5, 5, 5, 3, 3, 3],
    )
    choose(game, "all_out_defense/double")
    choose(game, "attack:a:axe/swing")
    choose(game, "torso")
    choose(game, "dodge")
    assert game.pending is not None and game.pending.kind == "defense"
    assert "dodge" not in game.pending.keys
    choose(game, "parry:broadsword")
    assert [d.kind for d in events(game, DefenseRolled)] == ["dodge", "parry"]
    assert events(game, DefenseRolled)[1].result == "success"


def test_evaluate_adds_one_per_turn_to_three() -> None:
    """B364: each turn of Evaluate on the same foe adds +1 to the next melee attack, max +3."""
    game = battle(fighter("a", "x", 0, **SWORD), fighter("b", "y", 1, **AXE), dice=[])
    for _ in range(4):
        choose(game, "evaluate:b")
        choose(game, "do_nothing")
    assert game.state.status["a"].evaluate_bonus == 3


def test_feint_penalises_the_next_defense() -> None:
    """B365: a won Feint takes the margin off the foe's defenses against the next attack."""
    game = battle(
        fighter("a", "x", 0, **SWORD),
        fighter("b", "y", 1, **AXE),
        dice=[2, 2, 2, 5, 5, 5, 3, 3, 3, 3, 3, 3, *SAFE],
    )
    choose(game, "feint:b:broadsword/swing")
    feint = events(game, Check)
    assert [c.actor for c in feint] == ["a", "b"]
    # a rolls 6 against 14 (margin 8); b rolls 15 against 12 and fails: the penalty is 8.
    assert game.state.status["a"].feint_penalty == 8
    choose(game, "do_nothing")
    choose(game, "attack:b:broadsword/swing")
    choose(game, "torso")
    choose(game, "dodge")
    assert dict(events(game, DefenseRolled)[0].score.modifiers.items) == {"feint": -8}


def test_rapid_strike_makes_two_attacks_at_minus_six() -> None:
    """B370: Rapid Strike is two attacks, each at -6."""
    game = battle(
        fighter("a", "x", 0, **dict(SWORD, skills={"Broadsword": 18})),
        fighter("b", "y", 1, **AXE),
        dice=[5, 5, 6, 5, 5, 6, *SAFE],
    )
    choose(game, "attack:b:broadsword/swing")
    choose(game, "torso+rapid")
    attacks = events(game, AttackRolled)
    assert [a.skill.value for a in attacks] == [12, 12]


def test_wait_interrupts_a_moving_foe_with_a_stop_thrust() -> None:
    """B366, seed 001: a Wait triggers when a foe moves into reach; the waiter strikes first,
    and a thrust against a foe who moved 2+ yards gains +1 damage per 2 yards."""
    spear = {"st": 10, "dx": 12, "ht": 12, "skills": {"Spear": 14}, "weapons": ["spear"]}
    game = battle(
        fighter("a", "x", 0, **spear),
        fighter("b", "y", 6, **AXE),
        dice=[3, 3, 3, 6, 6, 6, 3, *SAFE],
    )
    choose(game, "wait/attack:spear/thrust_two_handed")
    choose(game, "move_and_attack:a:axe/swing")
    assert game.pending is not None and game.pending.kind == "wait_trigger"
    assert game.pending.actor == "a"
    choose(game, "act")
    choose(game, "torso")
    choose(game, "dodge")
    attack = events(game, AttackRolled)[0]
    assert attack.attacker == "a"
    # thr+3 imp with ST 10 (1d-2): 1d+1, plus 2 for the 4 yards b moved.
    assert events(game, DamageRolled)[0].dice == "1d+3"


def test_all_out_attack_double_makes_two_attacks() -> None:
    """B365: All-Out Attack (Double) is two attacks against the same foe."""
    game = battle(
        fighter("a", "x", 0, **SWORD), fighter("b", "y", 1, **AXE), dice=[6, 6, 4, 6, 6, 4, *SAFE]
    )
    choose(game, "all_out_attack/double:b:broadsword/swing")
    choose(game, "torso")
    assert len(events(game, AttackRolled)) == 2


def test_all_out_attack_feint_feints_then_attacks() -> None:
    """B365: All-Out Attack (Feint) makes a feint and then an attack in the same turn."""
    game = battle(
        fighter("a", "x", 0, **SWORD),
        fighter("b", "y", 1, **AXE),
        dice=[2, 2, 2, 5, 5, 5, 3, 3, 3, 3, 3, 3, *SAFE],
    )
    choose(game, "all_out_attack/feint:b:broadsword/swing")
    choose(game, "torso")
    choose(game, "dodge")
    assert [c.kind for c in events(game, Check)][:2] == ["feint", "feint"]
    assert events(game, DefenseRolled)[0].score.modifiers.amount("feint") == -8


def test_posture_modifies_attack_and_defense() -> None:
    """B551: kneeling is -2 to melee attacks and to active defenses, and forbids retreat."""
    game = battle(fighter("a", "x", 0, **SWORD), fighter("b", "y", 1, **AXE), dice=[3, 3, 3, *SAFE])
    choose(game, "change_posture/kneeling")
    choose(game, "attack:a:axe/swing")
    choose(game, "torso")
    assert game.pending is not None and game.pending.kind == "defense"
    assert not any(key.endswith("+retreat") for key in game.pending.keys)
    choose(game, "dodge")
    assert events(game, DefenseRolled)[0].score.modifiers.amount("posture_kneeling") == -2
    choose(game, "attack:b:broadsword/swing")
    choose(game, "torso")
    assert events(game, AttackRolled)[-1].skill.modifiers.amount("posture_kneeling") == -2


def test_lying_to_standing_takes_two_turns() -> None:
    """B551: from lying down a fighter first crawls, kneels or sits, then stands."""
    game = battle(fighter("a", "x", 0, **SWORD), fighter("b", "y", 9, **AXE), dice=[])
    game.state.status["a"].posture = "lying"
    choose(game, "do_nothing")
    choose(game, "do_nothing")
    assert game.pending is not None
    assert "change_posture/standing" not in game.pending.keys
    assert "change_posture/kneeling" in game.pending.keys


def test_evaluate_bonus_is_lost_after_another_maneuver() -> None:
    """B364: the Evaluate bonus counts only on the turn right after evaluating."""
    game = battle(fighter("a", "x", 0, **SWORD), fighter("b", "y", 1, **AXE), dice=[])
    choose(game, "evaluate:b")
    choose(game, "do_nothing")
    choose(game, "do_nothing")
    choose(game, "do_nothing")
    assert game.state.status["a"].evaluate_bonus == 0
