"""Call of Cthulhu 6th edition dice: percentile checks, resistance and combination rolls.

Two layers share one rule:

- `percentile_check(roll, target, ccb)` and `resistance_target(active,
  passive)` are the pure checks the CoC rule system calls (no dice, no text);
- the dice commands `CC`, `CCB`, `CC(n)<=x`, `RES(x-y)`, `RESB(x-y)`,
  `CBR(x,y)` and `CBRB(x,y)`, printed as BCDice's Cthulhu system prints them.

`CC…` uses the 1% rule (critical on 01, fumble on 100); the `…B` commands use
the 5% rule (critical on 01–05, fumble on 96–100).

>>> percentile_check(12, 60)
CheckResult(success=True, special=True, critical=False, fumble=False, malfunction=False)
>>> resistance_target(12, 10)
60

>>> from senjo.dice.formatting import format_result
>>> from senjo.dice.roller import ScriptedDice
>>> format_result(parse("CC<=60").roll(ScriptedDice([12])), "ja")
'(1D100<=60) ＞ 12 ＞ スペシャル'
>>> format_result(parse("CCB(98)<=80").roll(ScriptedDice([99])), "en")
'(1D100<=80) malfunction number [98] > 99 > Fumble/Malfunction'
>>> format_result(parse("RES(30-11)").roll(ScriptedDice([])), "ja")
'(1d100<=145) ＞ 自動成功'
>>> format_result(parse("CBR(70,30)").roll(ScriptedDice([31])), "en")
'(1d100<=70,30) > 31[Success,Failure] > Partial success'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from senjo.dice.arith import evaluate_int
from senjo.dice.errors import DiceError
from senjo.dice.formatting import register
from senjo.dice.result import Command, Die, RollResult
from senjo.dice.roller import Roller
from senjo.dice.systems import DiceSystem, register_dice_system

__all__ = [
    "CheckCommand",
    "CheckResult",
    "CheckRollResult",
    "CombinationCommand",
    "CombinationRollResult",
    "ResistanceCommand",
    "ResistanceRollResult",
    "automatic_resistance",
    "parse",
    "percentile_check",
    "resistance_target",
    "special_threshold",
]


# -- the rules ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CheckResult:
    """The outcome of one percentile check.

    `special` (スペシャル) and `critical` (決定的成功) are kinds of success;
    `fumble` (致命的失敗) is a kind of failure. `malfunction` (故障) means the
    roll reached the weapon's malfunction number: the check fails whatever
    the target, and only a fumble survives alongside it.
    """

    success: bool
    special: bool
    critical: bool
    fumble: bool
    malfunction: bool

    @property
    def failure(self) -> bool:
        """True for any failure, fumble and malfunction included."""
        return not self.success


def special_threshold(target: int) -> int:
    """The highest roll that is a special success: a fifth of the target, from 1 to 100.

    >>> special_threshold(59), special_threshold(3), special_threshold(600)
    (11, 1, 100)
    """
    return min(max(target * 20 // 100, 1), 100)


def percentile_check(
    roll: int, target: int, ccb: bool = False, *, malfunction_number: int = 0
) -> CheckResult:
    """Judge a 1D100 `roll` against `target`.

    `ccb` picks the 5% rule (critical 01–05, fumble 96–100) over the 1% rule
    (critical 01, fumble 100). A roll of 100 always fails. With a
    `malfunction_number` above 0, a roll at or over it is a malfunction.

    >>> percentile_check(100, 150).fumble, percentile_check(96, 50, ccb=True).fumble
    (True, True)
    >>> percentile_check(97, 98, malfunction_number=94)
    CheckResult(success=False, special=False, critical=False, fumble=False, malfunction=True)
    >>> percentile_check(0, 50)
    Traceback (most recent call last):
    ...
    senjo.dice.errors.DiceError: a 1D100 roll is from 1 to 100, not 0
    """
    if not 1 <= roll <= 100:
        raise DiceError(f"a 1D100 roll is from 1 to 100, not {roll}")
    success = roll <= target and roll < 100
    if success:
        special = roll <= special_threshold(target)
        critical = roll <= (5 if ccb else 1)
        fumble = False
    else:
        special = critical = False
        fumble = roll >= (96 if ccb else 100)
    if 0 < malfunction_number <= roll:
        return CheckResult(False, False, False, fumble, True)
    return CheckResult(success, special, critical, fumble, False)


def resistance_target(active: int, passive: int) -> int:
    """The resistance table's target: 50% plus 5% per point the active side is ahead.

    >>> resistance_target(10, 15), resistance_target(11, 30)
    (25, -45)
    """
    return 50 + 5 * (active - passive)


def automatic_resistance(target: int) -> bool | None:
    """True for an automatic success (target over 95), False for an automatic
    failure (under 5), None when the dice must be rolled.

    >>> automatic_resistance(145), automatic_resistance(-45), automatic_resistance(5)
    (True, False, None)
    """
    if target < 5:
        return False
    if target > 95:
        return True
    return None


# -- result nodes ----------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class CheckRollResult(RollResult):
    """A rolled `CC`/`CCB`: `target` is None for a bare 1D100 with no judgement."""

    target: int | None
    malfunction_number: int = 0
    check: CheckResult | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class ResistanceRollResult(RollResult):
    """A rolled `RES`/`RESB`: `check` is None when the result was automatic."""

    target: int
    check: CheckResult | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class CombinationRollResult(RollResult):
    """A rolled `CBR`/`CBRB`: one die judged against two targets."""

    targets: tuple[int, int]
    checks: tuple[CheckResult, CheckResult]

    @property
    def successes(self) -> int:
        """How many of the two checks succeeded (2 success, 1 partial, 0 failure)."""
        return sum(check.success for check in self.checks)


def _flags(check: CheckResult) -> dict[str, bool]:
    return {
        "success": check.success,
        "failure": not check.success,
        "critical": check.critical,
        "fumble": check.fumble,
    }


# -- commands --------------------------------------------------------------

# Dice are immutable values: share one per face rather than build one per roll.
_D100: Final = {face: Die(100, face) for face in range(1, 101)}


def _d100(face: int) -> Die:
    return _D100.get(face) or Die(100, face)


@dataclass(frozen=True, slots=True)
class CheckCommand:
    """`CC<=x` / `CCB<=x`, with an optional malfunction number `CC(n)<=x`.

    A missing or non-positive target rolls a bare 1D100 (BCDice's `CC`).
    """

    target: int | None
    ccb: bool = False
    malfunction_number: int = 0

    @property
    def secret(self) -> bool:
        """Never secret itself: the top level wraps secret commands."""
        return False

    def roll(self, dice: Roller) -> CheckRollResult:
        """Roll 1D100 and judge it."""
        roll = dice.roll(100)
        rolled = (_d100(roll),)
        if self.target is None or self.target <= 0:
            return CheckRollResult(dice=rolled, total=roll, target=None)
        check = percentile_check(
            roll, self.target, self.ccb, malfunction_number=self.malfunction_number
        )
        return CheckRollResult(
            dice=rolled,
            total=roll,
            target=self.target,
            malfunction_number=self.malfunction_number,
            check=check,
            **_flags(check),
        )


@dataclass(frozen=True, slots=True)
class ResistanceCommand:
    """`RES(x-y)` / `RESB(x-y)`: a resistance roll; `difference` is active minus passive."""

    difference: int
    ccb: bool = False

    @property
    def secret(self) -> bool:
        """Never secret itself: the top level wraps secret commands."""
        return False

    def roll(self, dice: Roller) -> ResistanceRollResult:
        """Roll 1D100 against the resistance table, unless the result is automatic."""
        target = resistance_target(self.difference, 0)
        automatic = automatic_resistance(target)
        if automatic is not None:
            return ResistanceRollResult(success=automatic, failure=not automatic, target=target)
        roll = dice.roll(100)
        check = percentile_check(roll, target, self.ccb)
        return ResistanceRollResult(
            dice=(_d100(roll),), total=roll, target=target, check=check, **_flags(check)
        )


@dataclass(frozen=True, slots=True)
class CombinationCommand:
    """`CBR(x,y)` / `CBRB(x,y)`: one 1D100 judged against two skills at once."""

    first: int
    second: int
    ccb: bool = False

    @property
    def secret(self) -> bool:
        """Never secret itself: the top level wraps secret commands."""
        return False

    def roll(self, dice: Roller) -> CombinationRollResult:
        """Roll 1D100 once and judge it against both targets."""
        roll = dice.roll(100)
        checks = (
            percentile_check(roll, self.first, self.ccb),
            percentile_check(roll, self.second, self.ccb),
        )
        any_success = checks[0].success or checks[1].success
        return CombinationRollResult(
            success=any_success,
            failure=not any_success,
            critical=checks[0].critical or checks[1].critical,
            fumble=checks[0].fumble or checks[1].fumble,
            dice=(_d100(roll),),
            total=roll,
            targets=(self.first, self.second),
            checks=checks,
        )


# -- parsing ---------------------------------------------------------------

_CHECK: Final = re.compile(r"CC(B?)(?:\((\d+)\))?(?:<=(.+))?", re.IGNORECASE)
_RESISTANCE: Final = re.compile(r"RES(B?)\((.+)\)", re.IGNORECASE)
_COMBINATION: Final = re.compile(r"CBR(B?)\((.+)\)", re.IGNORECASE)


def _split_arguments(text: str) -> list[str]:
    """Split at commas outside parentheses."""
    parts: list[str] = []
    depth = 0
    start = 0
    for index, char in enumerate(text):
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        elif char == "," and depth == 0:
            parts.append(text[start:index])
            start = index + 1
    parts.append(text[start:])
    return parts


def _parse_word(word: str) -> Command | None:
    if match := _CHECK.fullmatch(word):
        ccb, number, target = match.groups()
        return CheckCommand(
            None if target is None else evaluate_int(target),
            bool(ccb),
            int(number) if number else 0,
        )
    if match := _RESISTANCE.fullmatch(word):
        return ResistanceCommand(evaluate_int(match.group(2)), bool(match.group(1)))
    if match := _COMBINATION.fullmatch(word):
        arguments = _split_arguments(match.group(2))
        if len(arguments) != 2:
            return None
        first, second = (evaluate_int(argument) for argument in arguments)
        if first < 0 or second < 0:
            return None
        return CombinationCommand(first, second, bool(match.group(1)))
    return None


def parse(text: str) -> Command | None:
    """Return the Cthulhu command written as `text`, or None (case-insensitive).

    >>> parse("ccb<=(12*5)-20")
    CheckCommand(target=40, ccb=True, malfunction_number=0)
    >>> parse("RES(10-15)"), parse("CBRB(70,(1+1))")
    (ResistanceCommand(difference=-5, ccb=False), CombinationCommand(first=70, second=2, ccb=True))
    >>> parse("CCさくら") is None, parse("RES18-11") is None, parse("CBR(1,2,3)") is None
    (True, True, True)
    """
    try:
        return _parse_word(text.strip())
    except DiceError:
        return None


# -- rendering -------------------------------------------------------------


def _words(check: CheckResult) -> tuple[str, str]:
    """The result word in Japanese (as BCDice prints it) and in English."""
    if check.critical and check.special:
        return "決定的成功/スペシャル", "Critical success/Special"
    if check.critical:
        return "決定的成功", "Critical success"
    if check.special:
        return "スペシャル", "Special"
    if check.success:
        return "成功", "Success"
    if check.malfunction and check.fumble:
        return "致命的失敗/故障", "Fumble/Malfunction"
    if check.malfunction:
        return "故障", "Malfunction"
    if check.fumble:
        return "致命的失敗", "Fumble"
    return "失敗", "Failure"


def _check_line(result: CheckRollResult, lang: int) -> str:
    arrow = (" ＞ ", " > ")[lang]
    if result.check is None or result.target is None:
        return f"(1D100){arrow}{result.total}"
    head = f"(1D100<={result.target})"
    if result.malfunction_number > 0:
        label = ("故障ナンバー", "malfunction number ")[lang]
        head += f" {label}[{result.malfunction_number}]"
    return f"{head}{arrow}{result.total}{arrow}{_words(result.check)[lang]}"


@register(CheckRollResult, "ja")
def _check_ja(result: CheckRollResult) -> str:
    return _check_line(result, 0)


@register(CheckRollResult, "en")
def _check_en(result: CheckRollResult) -> str:
    return _check_line(result, 1)


_AUTOMATIC: Final = {
    True: ("自動成功", "Automatic success"),
    False: ("自動失敗", "Automatic failure"),
}


def _resistance_line(result: ResistanceRollResult, lang: int) -> str:
    arrow = (" ＞ ", " > ")[lang]
    head = f"(1d100<={result.target})"
    if result.check is None:
        return f"{head}{arrow}{_AUTOMATIC[result.success][lang]}"
    return f"{head}{arrow}{result.total}{arrow}{_words(result.check)[lang]}"


@register(ResistanceRollResult, "ja")
def _resistance_ja(result: ResistanceRollResult) -> str:
    return _resistance_line(result, 0)


@register(ResistanceRollResult, "en")
def _resistance_en(result: ResistanceRollResult) -> str:
    return _resistance_line(result, 1)


_COMBINED: Final = (("失敗", "Failure"), ("部分的成功", "Partial success"), ("成功", "Success"))


def _combination_line(result: CombinationRollResult, lang: int) -> str:
    arrow = (" ＞ ", " > ")[lang]
    first, second = result.targets
    words = ",".join(_words(check)[lang] for check in result.checks)
    overall = _COMBINED[result.successes][lang]
    return f"(1d100<={first},{second}){arrow}{result.total}[{words}]{arrow}{overall}"


@register(CombinationRollResult, "ja")
def _combination_ja(result: CombinationRollResult) -> str:
    return _combination_line(result, 0)


@register(CombinationRollResult, "en")
def _combination_en(result: CombinationRollResult) -> str:
    return _combination_line(result, 1)


SYSTEM: Final = register_dice_system(DiceSystem("Cthulhu", "coc", parse))
