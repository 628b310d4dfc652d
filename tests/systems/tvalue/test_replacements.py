"""Seed 002 T値による特殊状況 A. 直接攻撃の置き換え (direct-attack replacements) and the
requirement check just before resolution (T15; R1, R2, R4–R6, R8)."""

from __future__ import annotations

from senjo.systems.tvalue.attack import direct_attack
from senjo.systems.tvalue.choices import REPLACEMENTS
from senjo.systems.tvalue.events import (
    TvDamage,
    TvDeclared,
    TvHitRoll,
    TvRequirementUnmet,
    TvTChanged,
)

from .helpers import battle, choose, declare, dice_left, events, fighter, held, pending

# Accuracy 3, 2D6+1 damage, FAP 6 and MAP 1 a strike.
SWORD = {"key": "sword", "accuracy": 3, "skill": 4, "damage": "2D6+1"}


def at_t(game, **values: int) -> None:  # type: ignore[no-untyped-def]
    for key, value in values.items():
        game.state.status[key].t = value


def test_replacements_are_declared_only_when_the_budget_covers_them() -> None:
    """「強打」「宣言時、消費FAPを2倍にする事で」: a heavy blow costs double FAP at the
    declaration (MAP unchanged); every replacement is offered for each weapon, whatever the
    T now (「宣言時にT値が条件を満たしていなくても宣言はしても良い」)."""
    game = battle(fighter("a", "pcs", fap=12, map=4, weapons=[SWORD]), fighter("b", "gm"), dice=[])
    keys = pending(game)[2]
    assert keys == (
        "attack:sword",
        *(f"attack:sword+{replacement}" for replacement in REPLACEMENTS),
        "ram",
        "grab",
        "done",
    )
    choose(game, "attack:sword+heavy_blow", "a")
    assert events(game, TvDeclared)[-1] == TvDeclared("a", "attack:sword+heavy_blow", 12, 1, 0, 3)
    assert pending(game)[2] == ("done",)


def test_heavy_blow_counts_every_damage_die_as_six() -> None:
    """強打 (相対値1以上): 「ダメージ算出のダイスの目を全て6にする」 — no damage die is drawn:
    2D6+1 is 13 (R1, interpretation 17)."""
    game = held(
        fighter("a", "pcs", weapons=[SWORD]), fighter("b", "gm", evasion=5, hp=30), dice=[5, 5]
    )
    at_t(game, a=1)
    direct_attack(game, "a", "sword", "b", "heavy_blow")
    assert events(game, TvDamage)[0].rolled == 13 and dice_left(game) == 0


def test_an_unmet_requirement_at_resolution_is_a_plain_direct_attack() -> None:
    """「行動解決直前までにT値が条件を満たさなくなった場合、直接攻撃として行動できる」:
    relative T 0 when the heavy blow resolves — the damage dice are rolled as usual and
    the event says why (T15)."""
    game = held(
        fighter("a", "pcs", weapons=[SWORD]),
        fighter("b", "gm", evasion=5, hp=30),
        dice=[5, 5, 1, 2],
    )
    direct_attack(game, "a", "sword", "b", "heavy_blow")
    assert events(game, TvRequirementUnmet) == [
        TvRequirementUnmet("a", "heavy_blow", "relative", 1, 0)
    ]
    assert events(game, TvDamage)[0].rolled == 4


def test_critical_doubles_the_damage_computed() -> None:
    """クリティカル (相対値5以上): 「ダメージ2倍」 — the damage computed, before protection
    (interpretation 18): [3,4]+1 = 8 → 16, less protection 4 = 12 (R2)."""
    target = fighter("b", "gm", evasion=5, hp=30, protection={"physical": 4})
    game = held(fighter("a", "pcs", weapons=[SWORD]), target, dice=[5, 5, 3, 4])
    at_t(game, a=5)
    direct_attack(game, "a", "sword", "b", "critical")
    damage = events(game, TvDamage)[0]
    assert (damage.rolled, damage.taken) == (16, 12)


def test_critical_needs_relative_five() -> None:
    """Relative T 4 is not enough: a plain attack, damage 8."""
    game = held(
        fighter("a", "pcs", weapons=[SWORD]),
        fighter("b", "gm", evasion=5, hp=30),
        dice=[5, 5, 3, 4],
    )
    at_t(game, a=6, b=2)
    direct_attack(game, "a", "sword", "b", "critical")
    assert events(game, TvDamage)[0].rolled == 8


def test_combination_lowers_the_targets_t_instead_of_damage() -> None:
    """コンビネーション (絶対値0以上): 「攻撃命中時、ダメージを与える代わりにT値を
    「使用戦闘技能」−「目標の戦闘レベル」(最低1)減少」: skill 4 against level 1 → −3; no
    damage die drawn (R4)."""
    game = held(
        fighter("a", "pcs", weapons=[SWORD]),
        fighter("b", "gm", evasion=5, combat_level=1),
        dice=[5, 5],
    )
    direct_attack(game, "a", "sword", "b", "combination")
    assert not events(game, TvDamage) and dice_left(game) == 0
    assert TvTChanged("b", -3, "combination", -3) in events(game, TvTChanged)


def test_combination_takes_at_least_one() -> None:
    """(最低1): skill 4 against level 6 → −1."""
    game = held(
        fighter("a", "pcs", weapons=[SWORD]),
        fighter("b", "gm", evasion=5, combat_level=6),
        dice=[5, 5],
    )
    direct_attack(game, "a", "sword", "b", "combination")
    assert TvTChanged("b", -1, "combination", -1) in events(game, TvTChanged)


def test_all_out_adds_two_a_die_up_to_the_cap_at_minus_four() -> None:
    """全力攻撃 (絶対値1以上): 「ダメージ算出のダイス1個につきダメージ+2点(算出値はダメージ
    上限を超えない)。但し、攻撃修正−4点」: 3 + [6,6] − 4 = 11 > 10 hits; [6,5]+1+4 = 16,
    capped at 13 (R5)."""
    game = held(
        fighter("a", "pcs", weapons=[SWORD]),
        fighter("b", "gm", evasion=10, hp=30),
        dice=[6, 6, 6, 5],
    )
    at_t(game, a=1)
    direct_attack(game, "a", "sword", "b", "all_out")
    roll = events(game, TvHitRoll)[0]
    assert roll.score.value == -1 and dict(roll.score.modifiers.items) == {"all_out": -4}
    assert events(game, TvDamage)[0].rolled == 13


def test_pulled_blow_leaves_hp_at_zero() -> None:
    """手加減 (相対値2以上): 「ダメージを与えてもHPがマイナスにならない」: HP 3, 8 damage →
    HP 0 (unconscious, interpretation 10), not −5 (R6)."""
    game = held(
        fighter("a", "pcs", weapons=[SWORD]), fighter("b", "gm", evasion=5, hp=3), dice=[5, 5, 3, 4]
    )
    at_t(game, a=2)
    direct_attack(game, "a", "sword", "b", "pulled")
    assert game.state.status["b"].hp == 0 and game.state.status["b"].down


def test_a_feint_lowers_the_targets_evasion_on_the_next_direct_attack() -> None:
    """フェイント: 「次回直接攻撃時、相手とのT値の差を回避点に与える」: after the feint
    (a miss, [1,1]) A is at T 3 against 0; its next attack on B meets evasion 11 − 3 = 8,
    and 3 + [3,3] = 9 hits; the attack after that meets 11 again (R8, interpretation 19)."""
    game = held(
        fighter("a", "pcs", weapons=[SWORD]),
        fighter("b", "gm", evasion=11, hp=30),
        dice=[1, 1, 3, 3, 1, 1, 3, 3],
    )
    at_t(game, a=2)
    direct_attack(game, "a", "sword", "b", "feint")
    direct_attack(game, "a", "sword", "b")
    direct_attack(game, "a", "sword", "b")
    rolls = events(game, TvHitRoll)
    assert [r.evasion.value for r in rolls] == [11, 8, 11]
    assert dict(rolls[1].evasion.modifiers.items) == {"feint": -3}
    assert rolls[1].hit and not rolls[2].hit


def test_a_feint_lapses_at_the_end_of_the_next_round() -> None:
    """「フェイント使用の次のラウンドの終わりに無効になる」: unused through round 2, it is gone
    in round 3."""
    a = fighter("a", "pcs", reaction=12, weapons=[SWORD])
    game = battle(a, fighter("b", "gm", evasion=11, hp=30, weapons=[]), dice=[1, 1])
    declare(game, "a", "attack:sword+feint")
    declare(game, "b")
    choose(game, "attack:sword+feint:b", "a")
    assert game.state.round == 2 and game.state.status["a"].feints == {"b": 1}
    declare(game, "a")
    declare(game, "b")  # round 2: nothing, and it ends
    assert game.state.round == 3 and game.state.status["a"].feints == {}


def test_a_feint_lapses_after_an_attack_on_another_target() -> None:
    """「次回直接攻撃後…無効になる」: the feinter's next direct attack, on another foe, spends
    the feint (interpretation 19)."""
    sheets = [
        fighter("a", "pcs", weapons=[SWORD]),
        fighter("b", "gm", evasion=11, hp=30),
        fighter("c", "gm", evasion=11, hp=30),
    ]
    game = held(*sheets, dice=[1, 1, 1, 1, 1, 1])
    at_t(game, a=5)
    direct_attack(game, "a", "sword", "b", "feint")
    direct_attack(game, "a", "sword", "c")
    direct_attack(game, "a", "sword", "b")
    assert [r.evasion.value for r in events(game, TvHitRoll)] == [11, 11, 11]


def test_a_feint_can_be_made_to_need_a_hit() -> None:
    """Option `feint_needs_hit=on`: a missed feint marks nothing."""
    game = held(
        fighter("a", "pcs", weapons=[SWORD]),
        fighter("b", "gm", evasion=11, hp=30),
        dice=[1, 1],
        feint_needs_hit="on",
    )
    direct_attack(game, "a", "sword", "b", "feint")
    assert game.state.status["a"].feints == {}
