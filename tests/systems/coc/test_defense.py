"""Dodge and parry: seed 004's 共通戦闘ルール against the base game, with scripted dice."""

from __future__ import annotations

from typing import Any

import pytest

from senjo.engine.battle import Battle
from senjo.systems.coc.defense import penalised
from senjo.systems.coc.events import CocCheck, CocInjured, CocTurnSkipped
from senjo.systems.coc.state import CocState

from .helpers import battle, choose, combatant, events, pending

KNIFE: dict[str, Any] = {"skills": {"knife": 50}, "weapons": ["knife"]}
#: 1D100: an attack that hits (not special), a defense that succeeds, one that fails; a 1D4.
HIT, SAFE, FAIL, D4 = 20, 1, 95, 2


def _mobbed(dodge: int, dice: list[int], attackers: int = 3, **options: str) -> Battle[CocState]:
    """Ann (DEX 18, Dodge `dodge`, armour 10) in reach of `attackers` knife cultists (DEX 17 …)."""
    cultists = [
        combatant(f"c{n}", "cult", 1, n - 1, traits={"dex": 17 - n}, **KNIFE)
        for n in range(attackers)
    ]
    ann = combatant(
        "ann",
        "inv",
        0,
        traits={"dex": 18},
        skills={"dodge": dodge, "knife": 60},
        weapons=["knife"],
        armour=10,
    )
    return battle(ann, *cultists, dice=dice, **options)


def _attack_and(game: Battle[CocState], attacker: str, defense: str) -> None:
    choose(game, "attack:ann:knife", attacker)
    choose(game, defense, "ann")


def _defense_values(game: Battle[CocState], kind: str) -> list[int]:
    return [c.score.value for c in events(game, CocCheck) if c.kind == kind]


def test_every_character_attacks_parries_and_dodges_in_a_round() -> None:
    """Seed 004: 全てのキャラクターは1ラウンドに攻撃/受け流し/回避をそれぞれ行うことができます."""
    game = _mobbed(60, [HIT, SAFE, HIT, SAFE], attackers=2)
    choose(game, "do_nothing", "ann")
    _attack_and(game, "c0", "dodge")
    _attack_and(game, "c1", "parry:knife")
    assert pending(game)[0] == "ann" and "attack:c0:knife" in pending(game)[2]
    assert [c.kind for c in events(game, CocCheck) if c.actor == "ann"] == ["dodge", "parry"]


def test_dodges_and_parries_any_number_of_times() -> None:
    """Seed 004: 受け流し/回避は何回でも行うことができます (three of each before one's turn)."""
    game = _mobbed(80, [HIT, SAFE] * 6, attackers=3)
    choose(game, "do_nothing", "ann")
    for attacker, defense in (("c0", "dodge"), ("c1", "dodge"), ("c2", "dodge")):
        _attack_and(game, attacker, defense)
    choose(game, "do_nothing", "ann")
    for attacker in ("c0", "c1", "c2"):
        _attack_and(game, attacker, "parry:knife")
    assert len(_defense_values(game, "dodge")) == 3
    assert len(_defense_values(game, "parry")) == 3


def test_repeated_dodges_halve_the_value_success_or_not() -> None:
    """Seed 004: 2回目は1/2、3回目は1/4; このペナルティは成功/失敗に関係なく発生します."""
    game = _mobbed(80, [HIT, SAFE, HIT, FAIL, D4, HIT, 50, D4], attackers=3)
    choose(game, "do_nothing", "ann")
    for attacker in ("c0", "c1", "c2"):
        _attack_and(game, attacker, "dodge")
    assert _defense_values(game, "dodge") == [80, 40, 20]
    third = [c for c in events(game, CocCheck) if c.kind == "dodge"][2]
    assert third.score.modifiers.amount("repeated_dodge") == -60


def test_repeated_parries_are_minus_ten_each_success_or_not() -> None:
    """Seed 004: 受け流しは2回目以降、判定値を-10、-20 … (成功/失敗に関係なく)."""
    game = _mobbed(40, [HIT, SAFE, HIT, FAIL, D4, HIT, 50, D4], attackers=3)
    choose(game, "do_nothing", "ann")
    for attacker in ("c0", "c1", "c2"):
        _attack_and(game, attacker, "parry:knife")
    assert _defense_values(game, "parry") == [60, 50, 40]
    third = [c for c in events(game, CocCheck) if c.kind == "parry"][2]
    assert third.score.modifiers.amount("repeated_parry") == -20


def test_penalties_never_take_a_value_to_ten_or_below() -> None:
    """Seed 004: 回避/受け流しのペナルティによって10以下になることはありません (30, 15, then 11)."""
    game = _mobbed(30, [HIT, FAIL, D4] * 3, attackers=3)
    choose(game, "do_nothing", "ann")
    for attacker in ("c0", "c1", "c2"):
        _attack_and(game, attacker, "dodge")
    assert _defense_values(game, "dodge") == [30, 15, 11]
    third = [c for c in events(game, CocCheck) if c.kind == "dodge"][2]
    assert third.score.modifiers.amount("penalty_floor") == 4


def test_penalty_floor_option_ten() -> None:
    """Option penalty_floor=10: the penalties stop at 10 instead of 11."""
    game = _mobbed(30, [HIT, FAIL, D4] * 3, attackers=3, penalty_floor="10")
    choose(game, "do_nothing", "ann")
    for attacker in ("c0", "c1", "c2"):
        _attack_and(game, attacker, "dodge")
    assert _defense_values(game, "dodge") == [30, 15, 10]


@pytest.mark.parametrize(
    ("start", "after", "floor", "value"),
    [
        (140, 70, 11, 70),
        (30, 7, 11, 11),
        (11, 5, 11, 11),
        (10, 5, 11, 10),
        (8, 4, 11, 8),
        (8, -2, 10, 8),
        (30, 7, 10, 10),
    ],
)
def test_floor_keeps_a_base_at_or_below_ten_where_it_starts(
    start: int, after: int, floor: int, value: int
) -> None:
    """Interpretation of the floor of 10: a value already at or below it is not lowered further."""
    assert penalised(start, after, floor) == value


def test_dodge_focus_seed_example_140_automatic_then_70() -> None:
    """Seed 004: 回避が90だった場合、1回目は140(自動成功)、2回目は70 (the seed's own example)."""
    game = _mobbed(90, [HIT, HIT, 50], attackers=2, house_dodge_focus="on")
    choose(game, "dodge_focus", "ann")
    choose(game, "fight", "c0")
    choose(game, "fight", "c1")
    choose(game, "do_nothing", "ann")
    _attack_and(game, "c0", "dodge")
    _attack_and(game, "c1", "dodge")
    first, second = [c for c in events(game, CocCheck) if c.kind == "dodge"]
    assert (first.score.value, first.roll, first.success) == (140, 0, True)
    assert first.score.modifiers.amount("dodge_focus") == 50
    assert (second.score.value, second.roll) == (70, 50)
    assert second.score.modifiers.amount("repeated_dodge") == -70


def test_dodge_focus_gives_up_the_attack() -> None:
    """Seed 004: ラウンドの最初に攻撃をしない代わりに — no attack after a dodge focus."""
    game = _mobbed(50, [], attackers=1, house_dodge_focus="on")
    choose(game, "dodge_focus", "ann")
    choose(game, "fight", "c0")
    actor, kind, keys = pending(game)
    assert (actor, kind) == ("ann", "action")
    assert not [key for key in keys if key.startswith("attack")]


def test_base_game_one_dodge_a_round_and_it_costs_the_attack() -> None:
    """Base rules (house off): one dodge a round, and a character who dodges gives up attacking."""
    ann = combatant(
        "ann",
        "inv",
        0,
        traits={"dex": 10},
        skills={"dodge": 60, "knife": 60},
        weapons=["knife"],
        armour=10,
    )
    c0 = combatant("c0", "cult", 1, traits={"dex": 17}, **KNIFE)
    c1 = combatant("c1", "cult", 1, 1, traits={"dex": 16}, **KNIFE)
    game = battle(ann, c0, c1, dice=[HIT, FAIL, D4, HIT, D4], house="off")
    choose(game, "attack:ann:knife", "c0")
    choose(game, "dodge", "ann")
    choose(game, "attack:ann:knife", "c1")
    assert pending(game)[1:] == ("defense", ("parry:knife", "none"))
    choose(game, "none", "ann")
    # Ann's turn comes with nothing left to do: no attack after her dodge.
    assert events(game, CocTurnSkipped) == [CocTurnSkipped("ann", "no_action")]


def test_base_game_one_parry_a_round() -> None:
    """Base rules (house off): one parry a round with the weapon's skill."""
    game = _mobbed(30, [HIT, SAFE, HIT], attackers=2, house="off")
    choose(game, "do_nothing", "ann")
    _attack_and(game, "c0", "parry:knife")
    choose(game, "attack:ann:knife", "c1")
    assert pending(game)[1:] == ("defense", ("dodge", "none"))


def _fists(attacker_skills: dict[str, int], **options: str) -> Battle[CocState]:
    ann = combatant(
        "ann", "inv", 0, traits={"dex": 10}, skills={"fist": 60, "grapple": 50}, weapons=["knife"]
    )
    bob = combatant("bob", "cult", 1, traits={"dex": 17}, skills=attacker_skills, weapons=["knife"])
    return battle(ann, bob, dice=[HIT, 90], **options)


@pytest.mark.parametrize(
    ("attack", "parries"),
    [
        ("attack:ann:fist", ["parry:knife", "parry:fist", "parry:kick", "parry:grapple"]),
        ("attack:ann:grapple", ["parry:knife", "parry:fist", "parry:kick", "parry:grapple"]),
        ("attack:ann:knife", ["parry:knife"]),
    ],
)
def test_unarmed_parries_only_against_unarmed_attacks(attack: str, parries: list[str]) -> None:
    """Seed 004: 素手の攻撃に限り、こぶし、キック、組み付きで受け流しを行うことができます."""
    game = _fists({"fist": 60, "knife": 60})
    choose(game, attack, "bob")
    assert list(pending(game)[2]) == ["dodge", *parries, "none"]


def test_no_unarmed_parry_against_martial_arts() -> None:
    """Seed 004: 武道をともなわない素手の攻撃に限り — no unarmed parry of a 武道 fist."""
    game = _fists({"fist": 60, "martial_arts": 50})
    choose(game, "attack:ann:fist", "bob")  # attack roll 10, then 武道 90: a miss
    assert "parry:fist" in pending(game)[2]
    game = _fists({"fist": 60, "martial_arts": 95})
    choose(game, "attack:ann:fist", "bob")  # 武道 roll 90: a success
    assert list(pending(game)[2]) == ["dodge", "parry:knife", "none"]


def test_base_game_grapple_parries_grapple_only() -> None:
    """Base rules (house off): grapple may be parried by grapple; fists do not parry."""
    game = _fists({"grapple": 60}, house="off")
    choose(game, "attack:ann:grapple", "bob")
    assert list(pending(game)[2]) == ["dodge", "parry:knife", "parry:grapple", "none"]
    game = _fists({"fist": 60}, house="off")
    choose(game, "attack:ann:fist", "bob")
    assert list(pending(game)[2]) == ["dodge", "parry:knife", "none"]


def test_gunshots_cannot_be_dodged_unless_the_option_says_so() -> None:
    """Interpretation: no dodge or parry against bullets (option dodge_firearms=on: dodge)."""
    for option, legal in (("off", ()), ("on", ("dodge", "none"))):
        ann = combatant("ann", "inv", 0, traits={"dex": 10}, skills={"dodge": 50})
        gun = combatant(
            "gun", "cult", 8, traits={"dex": 15}, skills={"handgun": 50}, weapons=["revolver_38"]
        )
        game = battle(ann, gun, dice=[HIT, 3], dodge_firearms=option)
        choose(game, "attack:ann:revolver_38", "gun")
        if legal:
            assert pending(game)[1:] == ("defense", legal)
        else:
            assert events(game, CocInjured)[0].damage == 3
