"""Seed 004 特殊行動:庇う (Protect): timing, order of rolls, DEX resistance, the parry."""

from __future__ import annotations

from senjo.engine.battle import Battle
from senjo.systems.coc.events import (
    CocCheck,
    CocInjured,
    CocProtecting,
    CocResistance,
)
from senjo.systems.coc.state import CocState

from .helpers import battle, choose, combatant, events, pending, since

HIT, SAFE, FAIL = 20, 1, 95


def _scene(
    dice: list[int], ann_dex: int = 14, kenji_dex: int = 13, **options: str
) -> Battle[CocState]:
    """Bob (DEX 17, knife) is in reach of Ann and Kenji (knife, armour 20), 1.5 m from Ann."""
    ann = combatant("ann", "inv", 0, 0, traits={"dex": ann_dex}, skills={"dodge": 40}, armour=20)
    kenji = combatant(
        "kenji",
        "inv",
        0,
        1.5,
        traits={"dex": kenji_dex},
        skills={"knife": 60},
        weapons=["knife"],
        armour=20,
    )
    bob = combatant(
        "bob", "cult", 1, 0, traits={"dex": 17}, skills={"knife": 60}, weapons=["knife"]
    )
    return battle(ann, kenji, bob, dice=dice, **options)


def _protected_attack(game: Battle[CocState]) -> None:
    choose(game, "attack:ann:knife", "bob")
    choose(game, "protect:ann", "kenji")


def test_protect_is_declared_after_the_attack_and_before_its_roll() -> None:
    """Seed 004: 庇うは相手の攻撃宣言後、命中判定の前に行う必要があります."""
    game = _scene([])
    choose(game, "attack:ann:knife", "bob")
    assert pending(game) == ("kenji", "protect", ("protect:ann", "pass"))
    assert not events(game, CocCheck)


def test_order_attack_then_dodge_then_protect_roll_then_parry() -> None:
    """Seed 004: 命中判定後、庇われる対象の回避/受け流し判定、その後で庇う判定."""
    game = _scene([HIT, FAIL, 30, SAFE])
    start = len(game.log)
    _protected_attack(game)
    choose(game, "dodge", "ann")
    assert pending(game) == ("kenji", "defense", ("parry:knife", "none"))
    choose(game, "parry:knife", "kenji")
    assert [k for k in since(game, start) if k in ("CocCheck", "CocResistance")] == [
        "CocCheck",
        "CocCheck",
        "CocResistance",
        "CocCheck",
    ]
    attack, dodge, parry = events(game, CocCheck)
    assert (attack.kind, dodge.actor, dodge.kind, parry.actor, parry.kind) == (
        "attack",
        "ann",
        "dodge",
        "kenji",
        "parry",
    )
    assert not events(game, CocInjured)


def test_protect_is_a_dex_resistance_roll_against_the_protected() -> None:
    """Seed 004: 庇う側は対象とのDEX対抗ロールに成功する必要があります (DEX 13 vs 14: 45%)."""
    game = _scene([HIT, FAIL, 30, SAFE])
    _protected_attack(game)
    choose(game, "dodge", "ann")
    resisted = events(game, CocResistance)[0]
    assert (resisted.actor, resisted.opponent, resisted.active, resisted.passive) == (
        "kenji",
        "ann",
        13,
        14,
    )
    assert resisted.target == 45 and resisted.success


def test_protect_resistance_option_against_the_attacker() -> None:
    """Option protect_resistance=attacker: the protector's DEX resists the attacker's."""
    game = _scene([HIT, FAIL, 30, SAFE], protect_resistance="attacker")
    _protected_attack(game)
    choose(game, "dodge", "ann")
    resisted = events(game, CocResistance)[0]
    assert (resisted.opponent, resisted.passive) == ("bob", 17)


def test_failed_protect_roll_sends_the_attack_to_the_protected() -> None:
    """Seed 004: 失敗した場合は庇う対象に攻撃が向かいます."""
    game = _scene([HIT, FAIL, 80, 3])
    _protected_attack(game)
    choose(game, "dodge", "ann")
    assert events(game, CocInjured)[0].target == "ann"


def test_protector_who_fails_to_parry_takes_the_damage() -> None:
    """Seed 004: 受け流しに失敗した場合は庇うを実行したキャラクターがダメージを受けます."""
    game = _scene([HIT, FAIL, 30, FAIL, 3])
    _protected_attack(game)
    choose(game, "dodge", "ann")
    choose(game, "parry:knife", "kenji")
    assert events(game, CocInjured)[0].target == "kenji"


def test_protected_ones_successful_dodge_stands() -> None:
    """Seed 004: 庇われる側が行った回避/受け流しは有効 — a dodge that succeeds ends the attack."""
    game = _scene([HIT, SAFE])
    _protected_attack(game)
    choose(game, "dodge", "ann")
    assert not events(game, CocResistance)
    assert not events(game, CocInjured)


def test_both_sides_defenses_count_for_later_penalties() -> None:
    """Seed 004: 次回以降の回避/受け流しにはペナルティが発生します — for Ann and Kenji alike."""
    game = _scene([HIT, FAIL, 30, SAFE])
    _protected_attack(game)
    choose(game, "dodge", "ann")
    choose(game, "parry:knife", "kenji")
    status = game.state.status
    assert (status["ann"].dodges, status["kenji"].parries) == (1, 1)


def test_no_protect_after_attacking_this_round() -> None:
    """Seed 004: 庇うを実行するキャラクターはラウンド内で攻撃行動を行っていない場合のみ."""
    game = _scene([95, HIT], kenji_dex=18)
    choose(game, "attack:bob:knife", "kenji")
    choose(game, "attack:ann:knife", "bob")
    assert pending(game)[:2] == ("ann", "defense")


def test_no_attack_after_protecting_this_round() -> None:
    """Interpretation: protecting takes the round's attack (no attack after it)."""
    game = _scene([HIT, SAFE], ann_dex=10)
    _protected_attack(game)
    choose(game, "dodge", "ann")
    actor, kind, keys = pending(game)
    assert (actor, kind) == ("kenji", "action")
    assert not [key for key in keys if key.startswith("attack")]


def test_being_protected_does_not_break_an_aim() -> None:
    """Seed 004 狙う: かばわれた場合は適用されません — the protected aimer keeps aiming."""
    game = _scene([HIT, FAIL, 10, FAIL, 3], ann_dex=18)
    choose(game, "aim", "ann")
    _protected_attack(game)
    choose(game, "dodge", "ann")
    choose(game, "parry:knife", "kenji")
    assert events(game, CocProtecting)[0] == CocProtecting("kenji", "ann", "bob")
    assert game.state.status["ann"].aiming


def test_only_an_ally_next_to_the_protected_may_protect() -> None:
    """Interpretation: the protector must stand within melee reach (2 m) of the one it protects."""
    ann = combatant("ann", "inv", 0, 0, traits={"dex": 14}, skills={"dodge": 40})
    far = combatant("far", "inv", -5, 0, traits={"dex": 13})
    bob = combatant(
        "bob", "cult", 1, 0, traits={"dex": 17}, skills={"knife": 60}, weapons=["knife"]
    )
    game = battle(ann, far, bob, dice=[HIT])
    choose(game, "attack:ann:knife", "bob")
    assert pending(game)[:2] == ("ann", "defense")


def test_protect_off_with_the_house_rules() -> None:
    """Option house=off: nobody is asked to protect."""
    game = _scene([HIT], house="off")
    choose(game, "attack:ann:knife", "bob")
    assert pending(game)[:2] == ("ann", "defense")
