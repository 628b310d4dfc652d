"""Rolls inside a CoC battle: percentile checks, resistance rolls and damage, each logged.

All dice come from `battle.dice`; the judgement is the dice layer's
(`senjo.dice.systems.coc`), so a check here is exactly BCDice's `CC<=x` or
`CCB<=x` and a resistance roll its `RES(x-y)`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from senjo.dice.systems.coc import (
    CheckResult,
    automatic_resistance,
    percentile_check,
    resistance_target,
)
from senjo.engine.battle import Battle
from senjo.engine.modifiers import Score
from senjo.systems.coc.events import CocCheck, CocDamageRolled, CocResistance
from senjo.systems.coc.model import DamageDice
from senjo.systems.coc.state import CocState

__all__ = [
    "AUTOMATIC",
    "DamagePart",
    "check",
    "damage_text",
    "half_toward_zero",
    "resist",
    "roll_damage",
]

#: The result of a check that needs no roll (seed 004: a dodge of 140 is 自動成功).
AUTOMATIC: Final = CheckResult(True, False, False, False, False)

#: Part of a damage roll: dice, and whether the part is halved (half db for thrown weapons).
DamagePart = tuple[DamageDice, bool]


def half_toward_zero(value: int) -> int:
    """A halved damage part, rounded toward zero as BCDice's `/2` does.

    >>> half_toward_zero(5), half_toward_zero(-3)
    (2, -1)
    """
    return value // 2 if value >= 0 else -(-value // 2)


def check(
    battle: Battle[CocState],
    actor: str,
    kind: str,
    score: Score,
    *,
    target: str = "",
    weapon: str = "",
    malfunction: int = 0,
    automatic: bool = False,
) -> CheckResult:
    """Roll 1D100 against `score`, log a `CocCheck`, and return the judgement.

    With `automatic`, a value of 100 or more succeeds without a roll.
    """
    ccb = battle.state.rules.ccb
    value = score.value
    if automatic and value >= 100:
        battle.emit(CocCheck(actor, kind, score, 0, True, ccb=ccb, target=target, weapon=weapon))
        return AUTOMATIC
    roll = battle.dice.roll(100)
    result = percentile_check(roll, value, ccb, malfunction_number=malfunction)
    battle.emit(
        CocCheck(
            actor,
            kind,
            score,
            roll,
            result.success,
            result.special,
            result.critical,
            result.fumble,
            result.malfunction,
            ccb,
            target,
            weapon,
            malfunction,
        )
    )
    return result


def resist(
    battle: Battle[CocState], actor: str, kind: str, opponent: str, active: int, passive: int
) -> bool:
    """A resistance roll (active against passive); logs a `CocResistance` and returns success."""
    ccb = battle.state.rules.ccb
    target = resistance_target(active, passive)
    automatic = automatic_resistance(target)
    if automatic is not None:
        battle.emit(
            CocResistance(actor, kind, opponent, active, passive, target, 0, automatic, ccb=ccb)
        )
        return automatic
    roll = battle.dice.roll(100)
    result = percentile_check(roll, target, ccb)
    battle.emit(
        CocResistance(
            actor,
            kind,
            opponent,
            active,
            passive,
            target,
            roll,
            result.success,
            result.critical,
            result.fumble,
            ccb,
        )
    )
    return result.success


def damage_text(parts: Sequence[DamagePart]) -> str:
    """The BCDice expression of a damage roll: `1D3+1D4`, `1D4+1D4/2`, `1D3-1D6`.

    >>> damage_text([(DamageDice(((1, 3),)), False), (DamageDice(((-1, 4),)), True)])
    '1D3-1D4/2'
    """
    text = ""
    for dice, halved in parts:
        if not dice.terms and not dice.flat:
            continue
        part = dice.text + ("/2" if halved else "")
        if text and not part.startswith("-"):
            text += "+"
        text += part
    return text or "0"


def roll_damage(
    battle: Battle[CocState],
    attacker: str,
    target: str,
    source: str,
    parts: Sequence[DamagePart],
    doubled: str = "",
) -> int:
    """Roll each part's dice in order, log a `CocDamageRolled`, and return the damage (0 or more).

    A halved part (one dice term, e.g. half the db) is halved toward zero, as
    BCDice's `/2` does.
    """
    faces: list[int] = []
    total = 0
    for dice, halved in parts:
        if halved and len(dice.terms) > 1:
            raise ValueError("only a single dice term can be halved")
        subtotal = dice.flat
        for count, sides in dice.terms:
            rolled = 0
            for _ in range(abs(count)):
                face = battle.dice.roll(sides)
                faces.append(face)
                rolled += face
            subtotal += rolled if count > 0 else -rolled
        if halved:
            subtotal = half_toward_zero(subtotal)
        total += subtotal
    damage = max(0, total)
    battle.emit(
        CocDamageRolled(
            attacker, target, source, damage_text(parts), tuple(faces), total, damage, doubled
        )
    )
    return damage
