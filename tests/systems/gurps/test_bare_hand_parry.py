"""素手による受け Parrying Unarmed (seed 000; B376) by the unarmed skill that parries: each
at 3 + skill/2 (public summaries of the skills' text: Boxing and Brawling B182, Judo B203,
Karate B206, Wrestling B228); -3 against a weapon that is not thrusting, but not for Judo
or Karate; Boxing -2 against a kick; Wrestling only with both hands empty; Boxing, Judo
and Karate retreat at +3 (B377); the best parry for the attack is taken (interpretation
75 of docs/rules/gurps.md)."""

from __future__ import annotations

from typing import Any

from senjo.sim.fast_gurps.accept import fighter_reason
from senjo.systems.gurps.choices import DefenseChoice
from senjo.systems.gurps.defense import IncomingAttack, defense_options, defense_score
from senjo.systems.gurps.events import DefenseRolled
from senjo.systems.gurps.item_sets import without_item

from .helpers import SAFE, battle, choose, events, fighter

PUNCHER = {"st": 10, "dx": 10, "ht": 10, "weapons": ["punch", "kick"]}
SWORDSMAN = {"st": 12, "dx": 12, "skills": {"Broadsword": 14}, "weapons": ["broadsword"]}


def _parry(
    skills: dict[str, int], attacker: dict[str, Any], mode: str, retreat: bool = False, **b: Any
) -> Any:
    """b's bare-handed parry (DX 12) against a's attack in `mode`: its score."""
    game = battle(
        fighter("a", "x", 0, **attacker),
        fighter("b", "y", 0, dx=12, skills=skills, **b),
        dice=[*SAFE],
    )
    weapon = next(
        w for w in game.state.fighters["a"].weapons if any(m.name == mode for m in w.modes)
    )
    incoming = IncomingAttack("a", weapon.key, weapon.mode(mode), close_combat=True)
    return defense_score(game.state, "b", DefenseChoice("parry", "punch", retreat), incoming)


def test_each_unarmed_skill_parries_at_three_plus_half() -> None:
    """Against a punch: DX 12 alone parries at 9 (Brawling's default); Judo 14, Karate 14,
    Boxing 14 or Wrestling 14 at 10, named as that skill's parry."""
    assert _parry({}, PUNCHER, "punch").value == 9
    for skill in ("Judo", "Karate", "Boxing", "Wrestling"):
        score = _parry({skill: 14}, PUNCHER, "punch")
        assert score.value == 10, skill
        assert score.modifiers.amount(f"{skill.lower()}_parry") == 1


def test_judo_and_karate_parry_a_weapon_without_the_minus_three() -> None:
    """B376: a bare hand is -3 against a swung weapon; Judo and Karate are not."""
    assert _parry({"Brawling": 14}, SWORDSMAN, "swing").value == 10 - 3
    assert _parry({"Boxing": 14}, SWORDSMAN, "swing").value == 10 - 3
    for skill in ("Judo", "Karate"):
        score = _parry({skill: 14}, SWORDSMAN, "swing")
        assert score.value == 10, skill
        assert score.modifiers.amount("unarmed_parry_vs_weapon") == 0
    assert _parry({"Brawling": 14}, SWORDSMAN, "thrust").value == 10  # a thrust: no -3


def test_boxing_is_minus_two_against_a_kick() -> None:
    """Boxing 16 parries a kick at 11 - 2 = 9, which Brawling at DX 12 matches: a tie goes
    to Boxing; against a punch Boxing's 11 stands."""
    kick = _parry({"Boxing": 16}, PUNCHER, "kick")
    assert kick.value == 9 and kick.modifiers.amount("boxing_vs_kick") == -2
    assert _parry({"Boxing": 16}, PUNCHER, "punch").value == 11


def test_wrestling_parries_only_with_both_hands_empty() -> None:
    """B228: the Wrestling parry takes both hands; holding a sword, b parries bare-handed
    at its Brawling (DX 12: 9)."""
    assert _parry({"Wrestling": 16}, PUNCHER, "punch").value == 11
    armed = _parry(
        {"Wrestling": 16, "Broadsword": 12}, PUNCHER, "punch", weapons=["broadsword", "punch"]
    )
    assert armed.value == 9 and armed.modifiers.amount("wrestling_parry") == 0


def test_boxing_judo_and_karate_retreat_at_plus_three() -> None:
    """B377: +3 for a retreating Boxing, Judo or Karate parry; +1 for Brawling and
    Wrestling."""
    for skill, bonus in (("Judo", 3), ("Karate", 3), ("Boxing", 3), ("Wrestling", 1)):
        score = _parry({skill: 14}, PUNCHER, "punch", retreat=True)
        assert score.modifiers.amount("retreat") == bonus, skill
    assert _parry({}, PUNCHER, "punch", retreat=True).modifiers.amount("retreat") == 1


def test_the_best_parry_for_the_attack_is_taken() -> None:
    """Karate 14 and Judo 12 against a punch: Karate's 10; Brawling 16 and Judo 12 against
    a sword: Brawling's 11 - 3 = 8 against Judo's 9, so Judo (-2 from Brawling's base)."""
    assert _parry({"Karate": 14, "Judo": 12}, PUNCHER, "punch").value == 10
    judo = _parry({"Brawling": 16, "Judo": 12}, SWORDSMAN, "swing")
    assert judo.value == 9 and judo.modifiers.amount("judo_parry") == -2


def test_a_parry_in_play_rolls_the_skill() -> None:
    """In a battle: b (Judo 14) parries a's punch at 10 - the defense roll's score."""
    game = battle(
        fighter("a", "x", 0, **PUNCHER),
        fighter("b", "y", 0, dx=12, ht=12, skills={"Judo": 14}),
        dice=[3, 3, 4, *SAFE],
    )
    choose(game, "do_nothing")  # b (faster)
    choose(game, "attack:b:punch/punch")
    if game.pending is not None and game.pending.kind == "attack_plan":
        choose(game, "torso")
    choose(game, "parry:punch")
    rolled = events(game, DefenseRolled)[0]
    assert rolled.score.value == 10 and rolled.score.modifiers.amount("judo_parry") == 1


def test_the_fast_path_declines_a_trained_bare_hand_parry() -> None:
    """Its tables know Brawling's parry only."""
    judoka, _ = fighter("b", "y", 0, skills={"Judo": 14})
    reason = fighter_reason(judoka)
    assert reason is not None and "Judo" in reason
    plain, _ = fighter("c", "y", 0, skills={"Brawling": 14})
    assert fighter_reason(plain) is None


def test_wrestling_parries_once_a_turn() -> None:
    """B228: Wrestling parries once per turn; a second bare-handed parry that turn is by
    another skill - here Brawling's DX 12 (9), at the usual -4 for the repeat."""
    game = battle(
        fighter("a", "x", 0, **PUNCHER),
        fighter("b", "y", 0, dx=12, skills={"Wrestling": 16}),
        dice=[*SAFE],
    )
    punch = game.state.fighters["a"].weapon("punch").mode("punch")
    incoming = IncomingAttack("a", "punch", punch, close_combat=True)
    choice = DefenseChoice("parry", "punch")
    assert defense_score(game.state, "b", choice, incoming).value == 11
    game.state.status["b"].parries["punch"] = 1
    again = defense_score(game.state, "b", choice, incoming)
    assert again.value == 9 - 4 and again.modifiers.amount("wrestling_parry") == 0


def test_a_bare_handed_parry_needs_an_empty_hand() -> None:
    """素手による受け (seed 000; B376): the parry is made with a hand, so a fighter whose
    hands both hold something (a sword and a shield) has none; with a sword alone its
    empty off hand parries; a sword turned in the hand still fills it."""
    shielded = {"skills": {"Broadsword": 12, "Shield": 12}, "weapons": ["broadsword"]}

    def parries(**b: Any) -> list[str]:
        game = battle(fighter("a", "x", 0, **PUNCHER), fighter("b", "y", 1, **b), dice=[*SAFE])
        incoming = IncomingAttack(
            "a", "punch", game.state.fighters["a"].weapon("punch").mode("punch")
        )
        options = defense_options(game.state, "b", incoming)
        return sorted({o.weapon for o in options if o.kind == "parry"})

    assert parries(**shielded, shield="medium_shield") == ["broadsword"]
    assert parries(**shielded) == ["broadsword", "punch"]
    game = battle(
        fighter("a", "x", 0, **PUNCHER),
        fighter("b", "y", 1, **shielded, shield="medium_shield"),
        dice=[*SAFE],
    )
    game.state.status["b"].ready = without_item(game.state.status["b"].ready, "broadsword")
    game.state.status["b"].hands = ("broadsword", "medium_shield")
    incoming = IncomingAttack("a", "punch", game.state.fighters["a"].weapon("punch").mode("punch"))
    assert [o.kind for o in defense_options(game.state, "b", incoming)] == [
        "none",
        "dodge",
        "dodge",
        "block",
        "block",
    ]
