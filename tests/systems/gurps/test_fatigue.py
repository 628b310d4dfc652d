"""Fatigue (FP): fatigue damage (seed 000 ダメージと負傷 特殊なダメージ; fat, which costs FP
rather than HP) and what lost FP does (the Japanese Basic Set's 2B84P 疲労点の減少, by a
public summary: below a third of FP, Move, Dodge and ST are halved, rounding up - not the
quantities ST gives, such as HP and damage; at 0 FP or less each further FP lost costs 1 HP
too, and any maneuver but Do Nothing takes a Will roll, a failure collapsing the fighter;
at -FP it falls unconscious), with scripted dice, without a map."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from senjo.engine.battle import Battle
from senjo.narration import narrator_for
from senjo.scenario import load_scenario
from senjo.systems.gurps.choices import DefenseChoice
from senjo.systems.gurps.defense import IncomingAttack, defense_score
from senjo.systems.gurps.events import Check, FatigueLost, Injured
from senjo.systems.gurps.reach import move_allowance
from senjo.systems.gurps.state import GurpsState

from .helpers import battle, choose, events, fighter

SAFE = [3] * 40
SAP = {
    "key": "sap",
    "name": "sap",
    "modes": [{"name": "swing", "skill": "Brawling", "damage": "1d fat", "reach": [1]}],
}
HITTER = {"st": 11, "dx": 12, "ht": 11, "skills": {"Brawling": 12}, "weapons": [SAP]}
#: ST 12, HT 12 (12 FP), DX 10, IQ 10 (Will 10): Basic Speed 5.5, Move 5, Dodge 8.
VICTIM = {"st": 12, "dx": 10, "ht": 12, "skills": {"Brawling": 12}}


def _duel(dice: list[int], **victim: Any) -> Battle[GurpsState]:
    return battle(
        fighter("a", "x", 0, **HITTER), fighter("b", "y", 1, **{**VICTIM, **victim}), dice=dice
    )


def _sapped(roll: int, fp: int | None = None, **victim: Any) -> Battle[GurpsState]:
    """a hits b with its sap (10 against 12, no defense), rolling `roll` on the 1d."""
    game = _duel([3, 3, 4, roll, *SAFE], **victim)
    if fp is not None:
        game.state.status["b"].fp = fp
    choose(game, "attack:b:sap/swing")
    choose(game, "torso")
    choose(game, "none")
    return game


def test_fatigue_damage_costs_fp_through_dr_not_hp() -> None:
    """Fatigue damage (fat): DR stops it as any other (DR 2 of a 5: 3 get through), then
    it costs FP, not HP - and none of an injury's shock."""
    game = _sapped(5, dr={"all": 2})
    b = game.state.status["b"]
    assert (b.fp, b.hp, b.shock_next) == (9, 12, 0)
    lost = events(game, FatigueLost)[0]
    assert (lost.actor, lost.amount, lost.fp, lost.hp_lost) == ("b", 3, 9, 0)
    assert not events(game, Injured)


def test_below_a_third_of_fp_move_dodge_and_st_are_halved() -> None:
    """2B84P 「FPが本来の1/3未満 … 移動力・よけ・体力は半分（端数切り上げ）」: b at 3 FP of
    12 (below 4): Move 5 → 3, Dodge 8 → 4, ST 12 → 6 in a Quick Contest of ST."""
    game = _duel([*SAFE])
    state = game.state
    b, sheet = state.status["b"], state.fighters["b"]
    rested = move_allowance(sheet, b)
    punch = state.fighters["a"].weapon("punch").mode("punch")
    attack = IncomingAttack("a", "punch", punch)
    dodge = defense_score(state, "b", DefenseChoice("dodge"), attack).value
    b.fp = 3
    assert (rested, move_allowance(sheet, b)) == (5, 3)
    tired = defense_score(state, "b", DefenseChoice("dodge"), attack)
    assert (dodge, tired.value, tired.modifiers.amount("very_tired")) == (8, 4, -4)
    b.fp = 4  # a third exactly: not yet
    assert defense_score(state, "b", DefenseChoice("dodge"), attack).value == 8


def test_a_very_tired_fighter_breaks_free_at_half_st() -> None:
    """2B84P: ST halved (12 → 6) in the Quick Contest of ST to break free (B370)."""
    game = battle(
        fighter("a", "x", 0, **HITTER), fighter("b", "y", 0, **VICTIM), dice=[3, 3, 4, *SAFE]
    )
    choose(game, "attack/grab:b")
    choose(game, "torso")
    choose(game, "none")
    game.state.status["b"].fp = 2
    choose(game, "attack/break_free:a")
    mine = events(game, Check)[0]
    assert (mine.kind, mine.score.value, mine.score.modifiers.amount("very_tired")) == (
        "break_free",
        6,
        -6,
    )


def test_at_zero_fp_acting_takes_a_will_roll_and_a_failure_collapses() -> None:
    """2B84P 「戦闘時には「何もしない」以外の戦闘行動を選ぶには意志力判定が必要です … 意志
    力判定に失敗すると、倒れてしまいます」: b at 0 FP attacks - Will 10, rolled 11: it
    collapses; doing nothing takes no roll."""
    game = _duel([5, 3, 3, *SAFE])
    b = game.state.status["b"]
    b.fp = 0
    choose(game, "do_nothing")  # a
    choose(game, "do_nothing")  # b: no roll
    assert not [c for c in events(game, Check) if c.kind == "fatigue_will"]
    choose(game, "do_nothing")  # a, round 2
    choose(game, "attack:a:punch/punch")  # b: Will 10, rolls 3 + 3 + 5 = 11
    will = [c for c in events(game, Check) if c.kind == "fatigue_will"]
    assert [(c.score.value, c.success) for c in will] == [(10, False)]
    assert not b.conscious


def test_below_zero_fp_each_fp_lost_costs_an_hp_too() -> None:
    """2B84P 「FPが0以下 … さらに疲労した時には、1点FPを失うごとにHPも1点失います」: b at
    1 FP loses 4: 1 down to 0, then 3 below it, which cost 3 HP as well."""
    game = _sapped(4, fp=1)
    b = game.state.status["b"]
    assert (b.fp, b.hp) == (-3, 9)
    assert events(game, FatigueLost)[0].hp_lost == 3


def test_at_minus_fp_the_fighter_falls_unconscious() -> None:
    """B426 (2B84P): at -1 x FP the fighter falls unconscious: b at -10 of 12 loses 2."""
    game = _sapped(2, fp=-10)
    b = game.state.status["b"]
    assert b.fp == -12 and not b.conscious


def test_a_loss_of_fp_reads_in_both_languages() -> None:
    """The log says what was lost and what is left, and the HP that went with it."""
    scenario = load_scenario(Path(__file__).parents[3] / "examples" / "gurps" / "duel.yaml")
    lost = FatigueLost("knight", 3, -1, 1, "raider")
    assert (
        narrator_for(scenario, "ja").line(lost) == "騎士：疲労点を3失った（疲労点 -1、HPも1失った）"
    )
    assert narrator_for(scenario, "en").line(lost) == "Knight loses 3 FP (FP -1; 1 HP with them)"
