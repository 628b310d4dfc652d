"""Seed 004's special actions: 隠れる, 挑発, 後退/接近 (Withdraw/Close), 転倒 (Prone)."""

from __future__ import annotations

from typing import Any

from senjo.engine.battle import Battle
from senjo.systems.coc.events import (
    CocCheck,
    CocConditionChanged,
    CocEngagementChanged,
    CocInjured,
    CocMoved,
    CocResistance,
    CocSurprise,
    CocTaunted,
)
from senjo.systems.coc.state import CocState

from .helpers import battle, choose, combatant, events, pending, prepared

HIT = 20


def _attacks(game: Battle[CocState]) -> list[str]:
    return [key for key in pending(game)[2] if key.startswith("attack")]


# --- 隠れる Hide ---------------------------------------------------------------------------


def _hider(dice: list[int], cover: bool = True, **bob: Any) -> Battle[CocState]:
    """Ann (DEX 18, Hide 50, Sneak 40, fist) 6 m from Bob (DEX 10, knife, INT 12)."""
    ann = combatant(
        "ann",
        "inv",
        0,
        traits={"dex": 18},
        surroundings={"cover": cover},
        skills={"hide": 50, "sneak": 40, "handgun": 50},
        weapons=["revolver_38"],
    )
    fields: dict[str, Any] = {
        "traits": {"dex": 10},
        "skills": {"knife": 50},
        "weapons": ["knife"],
        "armour": 20,
    }
    fields.update(bob)
    return battle(ann, combatant("bob", "cult", 6, **fields), dice=dice)


def test_hide_needs_cover_nearby() -> None:
    """Seed 004 隠れる: 隠れる場所が近くにあることが条件."""
    assert "hide" in pending(_hider([]))[2]
    assert "hide" not in pending(_hider([], cover=False))[2]


def test_hide_roll_success_makes_the_hider_untargetable() -> None:
    """Seed 004 隠れる: 隠れるロールに成功すると隠れることができます; 攻撃対象から外れます."""
    game = _hider([30])
    choose(game, "hide", "ann")
    check = events(game, CocCheck)[0]
    assert (check.kind, check.score.value, check.success) == ("hide", 50, True)
    assert game.state.status["ann"].hidden
    assert pending(game) == ("bob", "action", ("aim", "do_nothing"))


def test_failed_hide_roll_leaves_the_hider_in_sight() -> None:
    """Seed 004 隠れる: only a successful Hide roll hides."""
    game = _hider([80])
    choose(game, "hide", "ann")
    assert not game.state.status["ann"].hidden
    assert "close:ann" in pending(game)[2]


def test_no_hiding_after_attacking_this_round_or_the_last() -> None:
    """Seed 004 隠れる: 前のラウンド、および現在のラウンドで攻撃をしておらず."""
    game = _hider([95, 95])
    choose(game, "attack:bob:revolver_38", "ann")
    choose(game, "do_nothing", "bob")
    assert "hide" not in pending(game)[2]  # round 2: attacked last round
    choose(game, "do_nothing", "ann")
    choose(game, "do_nothing", "bob")
    assert "hide" in pending(game)[2]  # round 3


def test_no_hiding_after_being_targeted_this_round_or_the_last() -> None:
    """Seed 004 隠れる: 攻撃対象にもなっていない場合."""
    ann = combatant(
        "ann", "inv", 0, traits={"dex": 10}, surroundings={"cover": True}, skills={"hide": 50}
    )
    bob = combatant(
        "bob", "cult", 8, traits={"dex": 18}, skills={"handgun": 50}, weapons=["revolver_38"]
    )
    game = battle(ann, bob, dice=[95])
    choose(game, "attack:ann:revolver_38", "bob")
    assert "hide" not in pending(game)[2]


def test_moving_while_hidden_needs_sneak_and_a_failure_reveals_at_round_end() -> None:
    """Seed 004 隠れる: 忍び足に失敗すると、そのラウンドの最後に隠れる状態が解除されます."""
    game = _hider([30, 90])
    choose(game, "hide", "ann")
    choose(game, "do_nothing", "bob")
    choose(game, "close:bob", "ann")
    assert events(game, CocCheck)[-1].kind == "sneak"
    assert game.state.status["ann"].hidden  # still hidden until the round ends
    choose(game, "do_nothing", "bob")
    assert events(game, CocConditionChanged)[-1] == CocConditionChanged(
        "ann", "hidden", False, "sneak_failed"
    )


def test_melee_attack_from_hiding_is_a_surprise_and_reveals() -> None:
    """Seed 004 隠れる: 近接攻撃を行った場合は解除; 隠れている状態からの攻撃は必ず不意打ち."""
    game = _hider([30, 10, HIT, 2])
    choose(game, "hide", "ann")
    choose(game, "do_nothing", "bob")
    choose(game, "close:bob", "ann")  # Sneak 10: unseen
    choose(game, "do_nothing", "bob")
    choose(game, "attack:bob:fist", "ann")
    assert events(game, CocSurprise) == [CocSurprise("ann", "bob")]
    assert events(game, CocInjured)[0].target == "bob"  # no defense decision: a surprise
    assert not game.state.status["ann"].hidden


def test_ranged_attack_from_hiding_is_found_out_by_the_targets_idea() -> None:
    """Seed 004 隠れる: 遠距離攻撃で攻撃対象となった相手がアイデアに成功した場合は解除."""
    game = _hider([30, 95, 40])
    choose(game, "hide", "ann")
    choose(game, "do_nothing", "bob")
    choose(game, "attack:bob:revolver_38", "ann")
    idea = events(game, CocCheck)[-1]
    assert (idea.actor, idea.kind, idea.score.value, idea.success) == ("bob", "idea", 60, True)
    assert not game.state.status["ann"].hidden


def test_ranged_attack_from_hiding_stays_hidden_on_a_failed_idea() -> None:
    """Seed 004 隠れる: the shooter stays hidden when the target's Idea fails."""
    game = _hider([30, 95, 70])
    choose(game, "hide", "ann")
    choose(game, "do_nothing", "bob")
    choose(game, "attack:bob:revolver_38", "ann")
    assert game.state.status["ann"].hidden


# --- 挑発 Taunt ------------------------------------------------------------------------------


def _taunter(dice: list[int], bob_languages: tuple[str, ...] = ("common",)) -> Battle[CocState]:
    """Ann (DEX 18, Fast Talk 60) and Kenji (no shared language) face Bob (DEX 10, INT 10)."""
    ann = combatant("ann", "inv", 0, traits={"dex": 18}, skills={"fast_talk": 60})
    kenji = combatant("kenji", "inv", 0, 1, traits={"dex": 14}, languages=["english"])
    bob = combatant(
        "bob",
        "cult",
        1,
        traits={"dex": 10, "int": 10},
        skills={"knife": 50},
        weapons=["knife"],
        languages=list(bob_languages),
    )
    return battle(ann, kenji, bob, dice=dice, house_taunt="on")


def test_taunt_comes_after_ones_own_dex_turn() -> None:
    """Seed 004 挑発: ラウンドの自分の行動順以降であれば、いつでも行うことができます."""
    game = _taunter([])
    assert pending(game)[:2] == ("ann", "action")
    choose(game, "do_nothing", "ann")
    assert pending(game) == ("ann", "taunt", ("taunt:bob", "pass"))
    choose(game, "pass", "ann")
    choose(game, "do_nothing", "kenji")
    assert pending(game)[:2] == ("ann", "taunt")  # still any time later in the round


def test_taunt_is_fast_talk_fifth_against_int_and_fixes_the_target() -> None:
    """Seed 004 挑発: 言いくるめの1/5と相手のINTで対抗ロール; 1d6ラウンドの間攻撃対象が固定."""
    game = _taunter([40, 3])
    choose(game, "do_nothing", "ann")
    choose(game, "taunt:bob", "ann")
    resisted = events(game, CocResistance)[0]
    assert (resisted.kind, resisted.active, resisted.passive, resisted.target) == (
        "taunt",
        12,
        10,
        60,
    )
    assert events(game, CocTaunted) == [CocTaunted("ann", "bob", 3)]
    choose(game, "do_nothing", "kenji")
    assert pending(game)[:2] == ("bob", "action")
    assert {key.split(":")[1] for key in _attacks(game)} == {"ann"}


def test_taunt_lasts_its_rolled_turns() -> None:
    """Seed 004 挑発: the fixing ends after the 1D6 rolled (here 1 turn of the target's)."""
    game = _taunter([40, 1, 95])
    choose(game, "do_nothing", "ann")
    choose(game, "taunt:bob", "ann")
    choose(game, "do_nothing", "kenji")
    choose(game, "attack:ann:knife", "bob")
    choose(game, "pass", "kenji")  # Kenji could protect Ann
    assert events(game, CocConditionChanged)[-1] == CocConditionChanged(
        "bob", "fixed", False, "expired"
    )


def test_taunt_needs_a_shared_language() -> None:
    """Seed 004 挑発: 相手が自分の言葉を理解できる場合に限り."""
    game = _taunter([], bob_languages=("deep_one",))
    choose(game, "do_nothing", "ann")
    assert pending(game)[:2] == ("kenji", "action")


def test_taunt_off_with_the_house_rules() -> None:
    """Option house_taunt=off: no taunt decisions."""
    ann = combatant("ann", "inv", 0, traits={"dex": 18}, skills={"fast_talk": 60})
    bob = combatant("bob", "cult", 1, traits={"dex": 10})
    game = battle(ann, bob, dice=[])
    choose(game, "do_nothing", "ann")
    assert pending(game)[:2] == ("bob", "action")


# --- 後退/接近 Withdraw and Close -------------------------------------------------------------


def _melee(*foes: tuple[float, float], **options: str) -> Battle[CocState]:
    ann = combatant("ann", "inv", 0, traits={"dex": 18}, skills={"fist": 60})
    cultists = [
        combatant(f"c{n}", "cult", x, y, traits={"dex": 10 - n}) for n, (x, y) in enumerate(foes)
    ]
    return battle(ann, *cultists, dice=[], **options)


def test_withdraw_not_when_surrounded() -> None:
    """Seed 004 後退: 囲まれている場合を除き (two foes in reach surround)."""
    assert "withdraw" in pending(_melee((1, 0)))[2]
    assert "withdraw" not in pending(_melee((1, 0), (-1, 0)))[2]


def test_withdraw_breaks_melee_reach_both_ways() -> None:
    """Seed 004 後退: 後退したキャラクタはお互い近接攻撃を行うことができなくなる."""
    game = _melee((1, 0))
    choose(game, "withdraw", "ann")
    moved = events(game, CocMoved)[0]
    assert (moved.metres, moved.direction) == (8, "away")
    assert events(game, CocEngagementChanged)[-1] == CocEngagementChanged(
        "ann", "c0", False, "withdraw"
    )
    assert pending(game)[:2] == ("c0", "action") and not _attacks(game)


def test_closing_again_takes_a_round() -> None:
    """Seed 004 接近: 1ラウンドかけて接近する必要がある — in reach only after the closing turn."""
    game = _melee((1, 0))
    choose(game, "withdraw", "ann")
    choose(game, "close:ann", "c0")
    assert events(game, CocEngagementChanged)[-1].engaged
    assert pending(game)[:2] == ("ann", "action")
    assert "attack:c0:fist" in pending(game)[2]


def test_no_withdrawal_with_the_house_rules_off() -> None:
    """Option house_withdraw=off: no withdrawal."""
    assert "withdraw" not in pending(_melee((1, 0), house_withdraw="off"))[2]


def test_withdraw_needs_room_behind() -> None:
    """Interpretation: with a wall less than 1 m behind there is no room to withdraw."""
    ann = combatant("ann", "inv", 0, traits={"dex": 18}, surroundings={"wall_behind": 0.5})
    game = battle(ann, combatant("c0", "cult", 1, traits={"dex": 10}), dice=[])
    assert "withdraw" not in pending(game)[2]


# --- 転倒 Prone ------------------------------------------------------------------------------


def _fallen(dice: list[int], floor: str = "soft", **options: str) -> Battle[CocState]:
    """Ann lies on the ground (fist, knife, revolver) in reach of Bob (DEX 17, club, db 0)."""

    def down(state: CocState) -> None:
        state.status["ann"].prone = True

    ann = combatant(
        "ann",
        "inv",
        0,
        traits={"dex": 10},
        skills={"knife": 50, "handgun": 40},
        weapons=["knife", "revolver_38"],
        surroundings={"floor": floor},
    )
    bob = combatant("bob", "cult", 1, traits={"dex": 17}, skills={"club": 60}, weapons=["club"])
    return prepared(down, ann, bob, dice=dice, **options)


def test_prone_only_fires_reloads_or_stands_up() -> None:
    """Seed 004 転倒: 火器による攻撃/リロード以外の行動を行うことができなくなります."""
    game = _fallen([95])
    choose(game, "do_nothing", "bob")
    keys = pending(game)[2]
    assert {k for k in keys if k.startswith("attack")} == {
        "attack:bob:revolver_38",
        "attack:bob:revolver_38x2",
    }
    assert "stand_up" in keys and "hide" not in keys


def test_standing_up_takes_the_round() -> None:
    """Seed 004 転倒: 起き上がるために1ラウンドを必要とします."""
    game = _fallen([])
    choose(game, "do_nothing", "bob")
    choose(game, "stand_up", "ann")
    assert not game.state.status["ann"].prone
    assert pending(game)[:2] == ("bob", "action")


def test_prone_cannot_parry() -> None:
    """Seed 004 転倒: 転倒したキャラクタは受け流しを行うことができません."""
    game = _fallen([HIT])
    choose(game, "attack:ann:club", "bob")
    assert pending(game)[2] == ("dodge", "none")
    standing = _fallen([HIT], house_prone="off")
    choose(standing, "attack:ann:club", "bob")
    assert "parry:knife" in pending(standing)[2]


def test_prone_moves_a_quarter() -> None:
    """Seed 004 転倒: 移動速度が1/4になります (MOV 8: 2 m)."""
    ann = combatant("ann", "inv", 0, traits={"dex": 18})
    game = prepared(
        lambda state: setattr(state.status["ann"], "prone", True),
        ann,
        combatant("c0", "cult", 10, traits={"dex": 10}),
        dice=[],
    )
    choose(game, "close:c0", "ann")
    assert events(game, CocMoved)[0].metres == 2


def test_hard_ground_multiplies_blunt_damage_by_one_and_a_half() -> None:
    """Seed 004 転倒: 地面が硬い場合は打撃/衝撃系のダメージが1.5倍 (5 → 7)."""
    game = _fallen([HIT, 5, 10], floor="hard")
    choose(game, "attack:ann:club", "bob")
    choose(game, "none", "ann")
    injured = events(game, CocInjured)[0]
    assert (injured.damage, injured.multiplied, injured.loss) == (5, 7, 7)


def test_soft_ground_or_a_blade_is_not_multiplied() -> None:
    """Seed 004 転倒: only blunt or impact damage, only on hard ground."""
    game = _fallen([HIT, 5])
    choose(game, "attack:ann:club", "bob")
    choose(game, "none", "ann")
    assert events(game, CocInjured)[0].multiplied == 5
