"""Extra effort in combat (B357 by a public summary - 1 FP each, no roll: Feverish Defense
+2 to one active defense, Flurry of Blows halves a Rapid Strike's penalty for each blow,
Mighty Blows adds All-Out Attack (Strong)'s damage to a blow of an Attack maneuver; seed
000 (Martial Arts' Move and Attack): Flurry of Blows, Mighty Blows and Giant Step are
forbidden with Move and Attack; option `extra_effort`, interpretation 72 of
docs/rules/gurps.md), with scripted dice, without a map."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import pytest

from senjo.cli.play import describe_option
from senjo.engine.battle import Battle
from senjo.narration import narrator_for
from senjo.scenario import load_scenario
from senjo.systems.gurps.ai import GurpsAI
from senjo.systems.gurps.events import AttackRolled, DamageRolled, DefenseRolled, FatigueLost
from senjo.systems.gurps.state import GurpsState

from .helpers import AXE, SAFE, SWORD, battle, choose, events, fighter

EFFORT = {"extra_effort": "on"}
#: Broadsword 18 (sw+1 cut: 1d+3 for ST 12); the axeman: DX 10, HT 10 (Dodge 8), 10 FP.
FENCER = dict(SWORD, skills={"Broadsword": 18})


def _duel(
    dice: list[int], a: Mapping[str, object] = FENCER, options: Mapping[str, str] | None = None
) -> Battle[GurpsState]:
    rules = dict(options or {})
    return battle(fighter("a", "x", 0, **a), fighter("b", "y", 1, **AXE), dice=dice, **rules)


def _hit_at_b(dice: list[int], **options: str) -> Battle[GurpsState]:
    """a swings at b's torso and hits (10 against 18); b's defense is pending."""
    game = _duel([3, 3, 4, *dice, *SAFE], options=options)
    choose(game, "attack:b:broadsword/swing")
    choose(game, "torso")
    assert game.pending is not None and game.pending.kind == "defense"
    return game


def test_without_the_option_no_extra_effort_is_offered() -> None:
    """Option `extra_effort` off (the default): no +feverish defense, no +mighty plan."""
    game = _duel([*SAFE])
    choose(game, "attack:b:broadsword/swing")
    assert game.pending is not None
    assert not [k for k in game.pending.keys if "mighty" in k or "flurry" in k]
    game = _hit_at_b([])
    assert game.pending is not None
    assert not [k for k in game.pending.keys if "feverish" in k]


def test_feverish_defense_is_plus_two_for_one_fp() -> None:
    """Feverish Defense: Dodge 8 + 2 = 10, made on a 10; b's 10 FP become 9."""
    game = _hit_at_b([3, 3, 4], **EFFORT)
    choose(game, "dodge+feverish")
    defended = events(game, DefenseRolled)[0]
    assert defended.result == "success"
    assert (defended.score.value, defended.score.modifiers.amount("feverish_defense")) == (10, 2)
    lost = events(game, FatigueLost)[0]
    assert (lost.actor, lost.amount, lost.fp, lost.cause) == ("b", 1, 9, "extra_effort")


def test_feverish_defense_needs_fp_left() -> None:
    """At 0 FP there is none to spend: no +feverish option."""
    game = _duel([3, 3, 4, *SAFE], options=EFFORT)
    game.state.status["b"].fp = 0
    choose(game, "attack:b:broadsword/swing")
    choose(game, "torso")
    assert game.pending is not None
    assert "dodge" in game.pending.keys and "dodge+feverish" not in game.pending.keys


def test_mighty_blows_add_strong_damage_for_one_fp() -> None:
    """Mighty Blows: the broadsword's sw+1 for ST 12 (1d+3) becomes 1d+5 (+2, more than +1
    a die), for 1 FP of a's 12."""
    game = _duel([3, 3, 4, 4, *SAFE], options=EFFORT)
    choose(game, "attack:b:broadsword/swing")
    choose(game, "torso+mighty")
    choose(game, "none")
    damage = events(game, DamageRolled)[0]
    assert (damage.dice, damage.basic) == ("1d+5", 9)
    assert [(f.actor, f.amount, f.fp) for f in events(game, FatigueLost)] == [("a", 1, 11)]


def test_mighty_blows_only_with_an_attack_maneuver() -> None:
    """B357: Mighty Blows go with Attack, not All-Out Attack (where Flurry of Blows still
    goes with a Rapid Strike); seed 000: neither with Move and Attack."""
    game = _duel([*SAFE], options=EFFORT)
    choose(game, "all_out_attack/determined:b:broadsword/swing")
    assert game.pending is not None and not [k for k in game.pending.keys if "mighty" in k]
    # Flurry of Blows goes with any Rapid Strike, an All-Out Attack's too (B357).
    assert "torso+rapid+flurry" in game.pending.keys
    game = battle(
        fighter("a", "x", 0, **FENCER), fighter("b", "y", 3, **AXE), dice=[*SAFE], **EFFORT
    )
    choose(game, "move_and_attack:b:broadsword/swing")
    assert game.pending is not None
    assert not [k for k in game.pending.keys if "mighty" in k or "flurry" in k]


def test_flurry_of_blows_halves_the_rapid_strike_penalty_for_one_fp_a_blow() -> None:
    """Flurry of Blows: each blow at 18 - 6 + 3 = 15, and 2 FP for the two blows."""
    game = _duel([5, 5, 6, 5, 5, 6, *SAFE], options=EFFORT)
    choose(game, "attack:b:broadsword/swing")
    choose(game, "torso+rapid+flurry")
    attacks = events(game, AttackRolled)
    assert [a.skill.value for a in attacks] == [15, 15]
    assert attacks[0].skill.modifiers.amount("flurry_of_blows") == 3
    assert [f.fp for f in events(game, FatigueLost)] == [11, 10]


def test_flurry_of_blows_halves_a_masters_penalty_again() -> None:
    """B357 (and Martial Arts): Weapon Master's -3 halved again, the fraction dropped: -1."""
    master = dict(FENCER, advantages=["weapon_master"])
    game = _duel([5, 5, 6, 5, 5, 6, *SAFE], master, EFFORT)
    choose(game, "attack:b:broadsword/swing")
    choose(game, "torso+rapid+flurry")
    skill = events(game, AttackRolled)[0].skill
    assert (skill.modifiers.amount("rapid_strike"), skill.modifiers.amount("flurry_of_blows")) == (
        -3,
        2,
    )


@pytest.mark.parametrize(("fp", "feverish"), [(10, True), (5, True), (4, False)])
def test_the_ai_defends_feverishly_while_it_stays_fresh(fp: int, feverish: bool) -> None:
    """The AI spends FP on Feverish Defense only while it keeps a third of its FP after the
    spending (10 FP: at 5 it spends one, at 4 it would be left very tired, below 10/3)."""
    game = _hit_at_b([], **EFFORT)
    game.state.status["b"].fp = fp
    assert game.pending is not None
    picked = GurpsAI().choose(game, game.pending)
    assert picked.feverish is feverish


def test_extra_effort_reads_in_both_languages() -> None:
    """The log says the FP went to extra effort."""
    scenario = load_scenario(Path(__file__).parents[3] / "examples" / "gurps" / "duel.yaml")
    spent = FatigueLost("knight", 1, 11, 0, "extra_effort")
    ja = "騎士：さらなる努力で疲労点を1失った（疲労点 11）"
    assert narrator_for(scenario, "ja").line(spent) == ja
    assert narrator_for(scenario, "en").line(spent) == "Knight loses 1 FP to extra effort (FP 11)"


def test_play_names_the_extra_effort_in_both_languages() -> None:
    """`senjo play` lists the efforts with the glossary's words and the chance they give."""
    game = _duel([*SAFE], options=EFFORT)
    choose(game, "attack:b:broadsword/swing")
    plans = game.pending
    assert plans is not None
    flurry = plans.find("torso+rapid+flurry+mighty")
    assert describe_option(game, plans, flurry, "ja").startswith(
        "胴体、連続攻撃、高速攻撃、強力攻撃  ("
    )
    assert describe_option(game, plans, flurry, "en").startswith(
        "torso, Rapid Strike, Flurry of Blows, Mighty Blows  ("
    )
    game = _hit_at_b([], **EFFORT)
    assert game.pending is not None
    dodge = game.pending.find("dodge+feverish")
    assert describe_option(game, game.pending, dodge, "ja").startswith("よけ + 必死の防御  (")


def test_giant_step_reaches_a_foe_two_steps_away_for_one_fp() -> None:
    """Giant Step: a broadsword (reach 1) against a foe 3 yards off - one Step leaves it 2
    yards away, a second reaches it; the Attack strikes from there for 1 FP."""
    game = battle(
        fighter("a", "x", 0, **FENCER),
        fighter("b", "y", 3, **AXE),
        dice=[3, 3, 4, *SAFE],
        **EFFORT,
    )
    assert game.pending is not None
    assert "attack:b:broadsword/swing" not in game.pending.keys
    choose(game, "attack/giant_step:b:broadsword/swing")
    choose(game, "torso")
    assert game.state.distance("a", "b") == 1
    assert events(game, AttackRolled)[0].target == "b"
    assert [(f.actor, f.amount, f.cause) for f in events(game, FatigueLost)] == [
        ("a", 1, "extra_effort")
    ]


def test_giant_step_is_offered_only_with_the_option_and_never_taken_by_the_ai() -> None:
    """Without `extra_effort` no Giant Step; with it, the AI still walks up (it spends FP on
    defenses only)."""
    plain = battle(fighter("a", "x", 0, **FENCER), fighter("b", "y", 3, **AXE), dice=[*SAFE])
    assert plain.pending is not None
    assert not [k for k in plain.pending.keys if "giant_step" in k]
    game = battle(
        fighter("a", "x", 0, **FENCER), fighter("b", "y", 3, **AXE), dice=[*SAFE], **EFFORT
    )
    assert game.pending is not None
    assert GurpsAI().choose(game, game.pending).variant != "giant_step"
