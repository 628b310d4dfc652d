"""Seed 002 攻撃 and ダメージ, and the T a direct attack earns (D8, T10, T14, G3, G4)."""

from __future__ import annotations

import pytest

from senjo.engine.battle import Outcome
from senjo.systems.tvalue.attack import direct_attack
from senjo.systems.tvalue.events import TvDamage, TvDown, TvHitRoll, TvTChanged

from .helpers import battle, declare, events, fighter, held

# Accuracy 3 against evasion 11.
A = {"weapons": [{"key": "sword", "accuracy": 3, "damage": "2D6+1"}]}


def test_the_hit_roll_must_exceed_the_target_number() -> None:
    """「「命中」+2D6が目標値を上回っていれば攻撃が当たり」: accuracy 3 against evasion
    score 11 — [4,4] makes 11, a miss; [4,5] makes 12, a hit (D8, interpretation 3)."""
    game = held(fighter("a", "pcs", **A), fighter("b", "gm", evasion=11), dice=[4, 4, 4, 5, 1, 1])
    direct_attack(game, "a", "sword", "b")
    direct_attack(game, "a", "sword", "b")
    first, second = events(game, TvHitRoll)
    assert (first.total, first.against, first.hit) == (11, 11, False)
    assert (second.total, second.against, second.hit) == (12, 11, True)


def test_contested_hit_rolls_use_the_targets_own_roll() -> None:
    """Option `hit_model=contest` (interpretation 3): the target rolls 2D6 + its evasion
    score − 7; accuracy 3 + [4,4] = 11 against 11 − 7 + [3,3] = 10 hits."""
    game = held(
        fighter("a", "pcs", **A),
        fighter("b", "gm", evasion=11),
        dice=[4, 4, 3, 3, 1, 1],
        hit_model="contest",
    )
    direct_attack(game, "a", "sword", "b")
    (roll,) = events(game, TvHitRoll)
    assert (roll.total, roll.against_dice, roll.against, roll.hit) == (11, (3, 3), 10, True)


def test_a_direct_attack_earns_one_plus_the_attacks_the_target_took_this_round() -> None:
    """「直接攻撃の命中判定をした場合、ダメージ判定をした直後に(攻撃が外れた場合は直ちに)
    1＋「それまでに目標が同じラウンド内に受けた直接攻撃回数」点増加」: A hits C ([5,5],
    damage [3,4]) and gains 1 right after the damage; B then misses C ([1,1]) and gains
    2 at once (T10, interpretation 11: every attack counts)."""
    sheets = [fighter("a", "pcs", **A), fighter("b", "pcs", **A), fighter("c", "gm", hp=30)]
    game = held(*sheets, dice=[5, 5, 3, 4, 1, 1])
    direct_attack(game, "a", "sword", "c")
    direct_attack(game, "b", "sword", "c")
    kinds = [type(item).__name__ for item in game.log]
    assert kinds == ["TvHitRoll", "TvDamage", "TvTChanged", "TvHitRoll", "TvTChanged"]
    assert events(game, TvTChanged) == [
        TvTChanged("a", 1, "direct_attack", 1),
        TvTChanged("b", 2, "direct_attack", 2),
    ]


def test_counting_only_hits_is_an_option() -> None:
    """Option `count_received=hits`: a miss on C does not raise the next attacker's gain."""
    sheets = [fighter("a", "pcs", **A), fighter("b", "pcs", **A), fighter("c", "gm", hp=30)]
    game = held(*sheets, dice=[1, 1, 1, 1], count_received="hits")
    direct_attack(game, "a", "sword", "c")
    direct_attack(game, "b", "sword", "c")
    assert [e.amount for e in events(game, TvTChanged)] == [1, 1]


def test_damage_less_protection_comes_off_hp() -> None:
    """Damage 2D6+1 [3,4] = 8 less physical protection 3: 5 HP lost (G4)."""
    target = fighter("b", "gm", evasion=5, hp=20, protection={"physical": 3})
    game = held(fighter("a", "pcs", **A), target, dice=[5, 5, 3, 4])
    direct_attack(game, "a", "sword", "b")
    assert events(game, TvDamage) == [TvDamage("a", "b", (3, 4), 8, 3, 5, 15, "physical")]


@pytest.mark.parametrize(
    ("protection", "option", "counted"),
    [
        ({"physical": 5}, "at_least", 0),
        ({"spirit": 3}, "at_least", 3),
        ({"divine": 4, "spirit": 3}, "at_least", 4),
        ({"divine": 4}, "exact", 0),
    ],
)
def test_protection_counts_against_its_depth_or_shallower(
    protection: dict[str, int], option: str, counted: int
) -> None:
    """「霊体」…「霊的加護でしか対処できない」: against spirit damage physical protection does
    not count; spirit protection does, and deeper protection too unless option
    `depth_protection=exact` (G3, interpretation 9)."""
    weapon = {"key": "ofuda", "accuracy": 5, "damage": "2D6", "depth": "spirit"}
    target = fighter("b", "gm", evasion=5, hp=40, protection=protection)
    game = held(
        fighter("a", "pcs", weapons=[weapon]), target, dice=[5, 5, 4, 4], depth_protection=option
    )
    direct_attack(game, "a", "ofuda", "b")
    (damage,) = events(game, TvDamage)
    assert (damage.protection, damage.taken) == (counted, 8 - counted)


def test_a_cap_limits_the_damage_computed() -> None:
    """ダメージ上限: a weapon's `cap` bounds the damage computed (2D6+1 [6,6] = 13 → 10)."""
    weapon = {"key": "club", "accuracy": 5, "damage": "2D6+1", "cap": 10}
    game = held(
        fighter("a", "pcs", weapons=[weapon]), fighter("b", "gm", evasion=5), dice=[5, 5, 6, 6]
    )
    direct_attack(game, "a", "club", "b")
    assert events(game, TvDamage)[0].rolled == 10


def test_hp_at_zero_is_unconsciousness_and_minus_eight_t() -> None:
    """「意識を失うと8点減少」: HP 5, damage [3,4]+1 = 8 → HP −3, unconscious (out), T −8,
    after the attacker's gain (T14, interpretation 10)."""
    target = fighter("b", "gm", evasion=5, hp=5)
    game = held(fighter("a", "pcs", **A), target, dice=[5, 5, 3, 4])
    direct_attack(game, "a", "sword", "b")
    assert game.state.status["b"].hp == -3 and game.state.status["b"].down
    assert events(game, TvDown) == [TvDown("b")]
    assert events(game, TvTChanged)[-2:] == [
        TvTChanged("a", 1, "direct_attack", 1),
        TvTChanged("b", -8, "unconscious", -8),
    ]


def test_the_last_side_standing_wins() -> None:
    """Everyone on one side unconscious: the battle ends (senjo's outcome rule)."""
    a = fighter("a", "pcs", reaction=12, **A)
    game = battle(a, fighter("b", "gm", evasion=5, hp=5), dice=[5, 5, 3, 4])
    declare(game, "a", "attack:sword")
    declare(game, "b", "attack:sword")
    game.decide(game.pending.find("attack:sword:b"))  # type: ignore[union-attr]
    assert game.outcome() == Outcome("pcs", "last_side_standing", 1)


def test_a_property_may_multiply_the_damage_after_protection() -> None:
    """「ホロウポイント弾が防具でダメージを減少後に数値が2倍」 (G1): [3,4]+1 = 8 less
    protection 3 = 5, doubled: 10."""
    weapon = {"key": "pistol", "accuracy": 5, "damage": "2D6+1", "after_protection": 2}
    target = fighter("b", "gm", evasion=5, hp=30, protection={"physical": 3})
    game = held(fighter("a", "pcs", weapons=[weapon]), target, dice=[5, 5, 3, 4])
    direct_attack(game, "a", "pistol", "b")
    damage = events(game, TvDamage)[0]
    assert (damage.taken, damage.multiplier, damage.hp) == (10, 2, 20)
