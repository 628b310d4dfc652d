"""Rolls in a battle: percentile checks and resistance rolls judged by the dice layer; damage."""

from __future__ import annotations

import pytest

from senjo.dice.command import roll_command
from senjo.dice.roller import ScriptedDice
from senjo.engine.modifiers import Score
from senjo.systems.coc.checks import check, damage_text, resist, roll_damage
from senjo.systems.coc.events import CocCheck, CocDamageRolled, CocResistance
from senjo.systems.coc.model import DamageDice

from .helpers import battle, combatant, events


def test_check_is_ccb_by_default_and_logged() -> None:
    """Base rules: CCB — a roll of 03 against 50 is a critical and a special."""
    game = battle(combatant("a", "x", traits={"dex": 15}), combatant("b", "y", 50), dice=[3])
    result = check(game, "a", "attack", Score(50))
    assert result.success and result.critical and result.special
    assert events(game, CocCheck)[-1].roll == 3


def test_cc_option_criticals_only_on_01() -> None:
    """Option critical_rule=cc: 03 is a special, not a critical; 97 is no fumble."""
    game = battle(
        combatant("a", "x", traits={"dex": 15}),
        combatant("b", "y", 50),
        dice=[3, 97],
        critical_rule="cc",
    )
    assert game.state.rules.ccb is False
    assert not check(game, "a", "attack", Score(50)).critical
    assert not check(game, "a", "attack", Score(50)).fumble


def test_automatic_check_rolls_nothing() -> None:
    """Seed 004: a value of 100 or more (a focused dodge) succeeds without a roll."""
    game = battle(combatant("a", "x", traits={"dex": 15}), combatant("b", "y", 50), dice=[])
    assert check(game, "a", "dodge", Score(140), automatic=True).success
    assert events(game, CocCheck)[-1].roll == 0


@pytest.mark.parametrize(
    ("active", "passive", "roll", "success"),
    [(12, 10, 60, True), (12, 10, 61, False), (30, 10, None, True), (5, 20, None, False)],
)
def test_resistance_table(active: int, passive: int, roll: int | None, success: bool) -> None:
    """Base rules: 50 + 5 × (active − passive); under 5 fails and over 95 succeeds unrolled."""
    game = battle(
        combatant("a", "x", traits={"dex": 15}),
        combatant("b", "y", 50),
        dice=[roll] if roll is not None else [],
    )
    assert resist(game, "a", "taunt", "b", active, passive) is success
    logged = events(game, CocResistance)[-1]
    assert logged.roll == (roll or 0) and logged.target == 50 + 5 * (active - passive)


@pytest.mark.parametrize(
    ("parts", "faces"),
    [
        ([("1D3", False), ("1D4", True)], [2, 3]),
        ([("1D3", False), ("-1D4", True)], [1, 3]),
        ([("1D3", False), ("-1D6", False)], [1, 6]),
        ([("1D10", False), ("1D10", False)], [7, 9]),
        ([("1D4+2", False), ("2D6", True)], [1, 5, 6]),
    ],
)
def test_damage_totals_agree_with_bcdice(parts: list[tuple[str, bool]], faces: list[int]) -> None:
    """A damage roll's total is the dice layer's total for the same BCDice expression."""
    game = battle(combatant("a", "x", traits={"dex": 15}), combatant("b", "y", 50), dice=faces)
    dice = [(DamageDice.parse(text), halved) for text, halved in parts]
    damage = roll_damage(game, "a", "b", "test", dice)
    logged = events(game, CocDamageRolled)[-1]
    result = roll_command(logged.expression, "Cthulhu", ScriptedDice(faces))
    assert result is not None and logged.total == result.total
    assert damage == max(0, logged.total)


def test_damage_text_skips_a_zero_db() -> None:
    """A db of 0 adds nothing to the expression."""
    assert damage_text([(DamageDice.parse("1D6"), False), (DamageDice(), False)]) == "1D6"
