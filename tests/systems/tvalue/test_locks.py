"""Seed 002 B-3 締めつけ: squeezes, joint locks and chokes on a held fighter (N6–N9)."""

from __future__ import annotations

from typing import Any

from senjo.engine.battle import Outcome
from senjo.systems.tvalue.closecombat import grab
from senjo.systems.tvalue.declare import affordable
from senjo.systems.tvalue.events import TvBudget, TvConditionChanged, TvDamage, TvHitRoll
from senjo.systems.tvalue.locks import lock
from senjo.systems.tvalue.state import TvState

from .helpers import battle, declare, events, fighter, held, pending


def holding(dice: list[int], **target: Any):  # type: ignore[no-untyped-def]
    """A (close accuracy 5, ST 14, punch 1D6) holds B (grab [5,5]); B evasion 5."""
    a = fighter("a", "pcs", close_accuracy=5, strength=14, punch="1D6")
    fields: dict[str, Any] = {"evasion": 5, "hp": 30, **target}
    game = held(a, fighter("b", "gm", **fields), dice=[5, 5, *dice])
    grab(game, "a", "b")
    return game


def held_by_a(state: TvState) -> None:
    """B starts held by A."""
    state.status["b"].held_by = "a"


def test_locks_are_offered_only_on_a_fighter_one_holds() -> None:
    """「組みつき中の目標に行動可能」: no lock without a hold; with one, the three."""
    game = battle(fighter("a", "pcs"), fighter("b", "gm"), dice=[])
    assert not any(key.startswith("lock") for key in pending(game)[2])
    game.state.status["b"].held_by = "a"
    game.state.status["a"].fap, game.state.status["a"].map = 12, 4
    keys = {option.key for option in affordable(game.state, "a")}
    assert {"lock_body", "lock_limb", "lock_neck"} <= keys


def test_a_body_squeeze_deals_the_punch_through_protection() -> None:
    """「胴体」: 「目標に「パンチの基本ダメージ」の物理ダメージを与える」: hit [5,5]; punch
    1D6 [6] less protection 2 = 4."""
    game = holding([5, 5, 6], protection={"physical": 2})
    lock(game, "a", "b", "lock_body")
    assert game.state.status["b"].locked == "body"
    assert events(game, TvDamage)[-1] == TvDamage("a", "b", (6,), 6, 2, 4, 26, "physical")


def test_a_joint_lock_deals_the_margin_of_victory_past_armour() -> None:
    """「四肢」: −2 to hit; 「行為者の筋力と目標の筋力または生命力で即決勝負し、勝てばその差分
    物理ダメージ…通常の防具では防げない」: ST 14 [3,3,3] (by 5) against the better of ST 10
    and vitality 11, [5,5,5] (by −4): 9 damage though protection 6; 9 > 11 ÷ 3: the limb is
    useless."""
    game = holding([5, 5, 3, 3, 3, 5, 5, 5], vitality=11, protection={"physical": 6})
    lock(game, "a", "b", "lock_limb")
    roll = events(game, TvHitRoll)[-1]
    assert dict(roll.score.modifiers.items) == {"lock_limb": -2}
    damage = events(game, TvDamage)[-1]
    assert (damage.rolled, damage.protection, damage.taken) == (9, 0, 9)
    assert TvConditionChanged("b", "limb_useless", True) in events(game, TvConditionChanged)


def test_a_choke_knocks_out_after_a_third_of_vitality_in_rounds() -> None:
    """「首」: 「この状態が「生命力」÷3ラウンドを超えた場合、目標は気絶する」: vitality 6 →
    unconscious once the choke has lasted 3 rounds (> 2), the locker paying FAP 5 and MAP 2
    at each round's start (lost contests deal nothing)."""
    a = fighter("a", "pcs", reaction=12, close_accuracy=5, strength=8, fap=20, map=8)
    b = fighter("b", "gm", evasion=5, vitality=6, strength=18, hp=30, weapons=[])
    dice = [5, 5, 6, 6, 6, 1, 1, 1] + [6, 6, 6, 1, 1, 1] * 3
    game = battle(a, b, dice=dice, before=held_by_a, lock_damage="each_round")
    declare(game, "a", "lock_neck")
    declare(game, "b")
    game.decide(game.pending.find("lock_neck:b"))  # type: ignore[union-attr]
    for _ in range(3):
        assert pending(game)[:2] == ("a", "lock_upkeep")
        game.decide(game.pending.find("keep"))  # type: ignore[union-attr]
        if game.state.status["b"].down:
            break
        declare(game, "a")
        declare(game, "b")
    assert game.state.status["b"].choked_rounds == 3 and game.state.status["b"].down
    locker = [e for e in events(game, TvBudget) if e.actor == "a"]
    assert locker[0] == TvBudget("a", 15, 6, "lock")


def test_an_unpaid_lock_ends_and_the_hold_stays() -> None:
    """「1度命中すると以降ラウンドの初めにFAPを5点、MAPを2点消費すると効果を持続出来る」:
    letting go at the upkeep ends the lock."""
    a = fighter("a", "pcs", reaction=12, close_accuracy=5, fap=20, map=8, punch="1D6")
    b = fighter("b", "gm", evasion=5, hp=30, weapons=[])
    game = battle(a, b, dice=[5, 5, 3], before=held_by_a)
    declare(game, "a", "lock_body")
    declare(game, "b")
    game.decide(game.pending.find("lock_body:b"))  # type: ignore[union-attr]
    game.decide(game.pending.find("let_go"))  # type: ignore[union-attr]
    assert game.state.status["b"].locked == "" and game.state.status["b"].held_by == "a"


def test_a_locker_declares_no_direct_attack() -> None:
    """「行為者はこの状態である限り「直接攻撃(腕が自由で無いといけない)」「射出攻撃」…は出来ない」."""
    game = holding([5, 5, 3])
    lock(game, "a", "b", "lock_body")
    game.state.status["a"].fap, game.state.status["a"].map = 12, 4
    actions = {option.action for option in affordable(game.state, "a")}
    assert "attack" not in actions and "lock_neck" in actions


def test_a_choke_that_ends_the_fight_at_a_rounds_start_ends_the_battle() -> None:
    """The last foe choked out at the upkeep: the battle ends there, in that round."""
    a = fighter("a", "pcs", close_accuracy=5, fap=20, map=8)
    b = fighter("b", "gm", vitality=6, hp=30, weapons=[])

    def choking(state: TvState) -> None:
        status = state.status["b"]
        status.held_by, status.locked, status.choked_rounds = "a", "neck", 2

    game = battle(a, b, dice=[6, 6, 6, 1, 1, 1], before=choking, lock_damage="action")
    game.decide(game.pending.find("keep"))  # type: ignore[union-attr]
    assert game.outcome() == Outcome("pcs", "last_side_standing", 1)
