"""GURPS 4th edition dice: success rolls on 3d6, with criticals and margins.

Two layers share one rule:

- `success_roll(roll, skill)` is the pure, table-backed check the GURPS rule
  system calls on every attack and defence (no dice, no text);
- the dice commands `3D6<=N`, `3D6-1<=N` (a modifier to the dice, not the
  skill) and `N-3D6`, printed as BCDice's GURPS system prints them.

>>> success_roll(5, 11)
SuccessRoll(margin=6, success=True, critical=False, critical_failure=False, automatic_failure=False)
>>> success_roll(17, 16).kind
<SuccessKind.AUTOMATIC_FAILURE: 'automatic failure'>
>>> success_probability(10)
Fraction(1, 2)

>>> from senjo.dice.formatting import format_result
>>> from senjo.dice.roller import ScriptedDice
>>> result = parse("3d6<=11").roll(ScriptedDice([2, 1, 2]))
>>> format_result(result, "ja")
'(3D6<=11) ＞ 5[2,1,2] ＞ 5 ＞ 成功(成功度：6)'
>>> format_result(result, "en")
'(3D6<=11) > 5[2,1,2] > 5 > Success (margin 6)'
>>> format_result(parse("3D6-1<=11").roll(ScriptedDice([4, 3, 3])), "ja")
'(3D6-1<=11) ＞ 10[4,3,3]-1 ＞ 9 ＞ 成功(成功度：2)'
>>> format_result(parse("16-3D6").roll(ScriptedDice([4, 1, 1])), "en")
'(3D6<=16) > 6[4,1,1] > 6 > Critical success (margin 10)'
>>> parse("CRT") is None and parse("3D6>=?") is None
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from typing import Final

from senjo.dice.arith import evaluate_int
from senjo.dice.distribution import Distribution
from senjo.dice.errors import DiceError
from senjo.dice.formatting import register
from senjo.dice.result import Command, Die, RollResult
from senjo.dice.roller import Roller
from senjo.dice.systems import DiceSystem, register_dice_system

__all__ = [
    "THREE_D6",
    "GurpsSuccessResult",
    "SuccessKind",
    "SuccessRoll",
    "SuccessRollCommand",
    "critical_failure_probability",
    "critical_success_probability",
    "parse",
    "success_probability",
    "success_roll",
]

#: The distribution of a 3d6 roll.
THREE_D6: Final = Distribution.die(6).sum_of(3)


class SuccessKind(Enum):
    """The five outcomes of a GURPS success roll (B347–348)."""

    CRITICAL_SUCCESS = "critical success"  # クリティカル
    SUCCESS = "success"  # 成功
    FAILURE = "failure"  # 失敗
    AUTOMATIC_FAILURE = "automatic failure"  # 自動失敗
    CRITICAL_FAILURE = "critical failure"  # ファンブル


@dataclass(frozen=True, slots=True)
class SuccessRoll:
    """The outcome of one success roll.

    `margin` is the effective skill minus the (modified) roll: the margin of
    success when positive or zero, of failure when negative. A critical
    success is a success even when a dice modifier pushes the total over the
    skill (BCDice does the same).
    """

    margin: int
    success: bool
    critical: bool
    critical_failure: bool
    automatic_failure: bool

    @property
    def failure(self) -> bool:
        """True for any failure, critical or not."""
        return not self.success

    @property
    def fumble(self) -> bool:
        """BCDice's word for a critical failure."""
        return self.critical_failure

    @property
    def kind(self) -> SuccessKind:
        """Which of the five outcomes this is."""
        if self.critical:
            return SuccessKind.CRITICAL_SUCCESS
        if self.critical_failure:
            return SuccessKind.CRITICAL_FAILURE
        if self.automatic_failure:
            return SuccessKind.AUTOMATIC_FAILURE
        return SuccessKind.SUCCESS if self.success else SuccessKind.FAILURE


def _judge(roll: int, skill: int, modifier: int) -> SuccessRoll:
    # B348: 3 and 4 always succeed critically; 5 at skill 15+, 6 at skill 16+.
    critical = roll <= 4 or (roll == 5 and skill >= 15) or (roll == 6 and skill >= 16)
    # B348: 18 always fails critically; 17 at skill 15 or less; so does any
    # roll of skill + 10 or more. Criticals read the dice, not the modified total.
    critical_failure = not critical and (
        roll == 18 or (roll == 17 and skill <= 15) or roll >= skill + 10
    )
    # B348: a 17 that is not a critical failure still fails.
    automatic_failure = not critical and not critical_failure and roll >= 17
    total = roll + modifier
    success = critical or (not critical_failure and not automatic_failure and total <= skill)
    return SuccessRoll(
        margin=skill - total,
        success=success,
        critical=critical,
        critical_failure=critical_failure,
        automatic_failure=automatic_failure,
    )


#: Judged rolls without a roll modifier, kept as they are first asked for (skills -30..50).
_TABLE_SKILLS: Final = range(-30, 51)
_TABLE: Final[dict[tuple[int, int], SuccessRoll]] = {}


def success_roll(roll: int, skill: int, *, roll_modifier: int = 0) -> SuccessRoll:
    """Judge a 3d6 `roll` (3–18) against an effective `skill`.

    `roll_modifier` is added to the dice (BCDice's `3D6-1<=N`, e.g. for a
    blessing); it moves the margin but not the critical thresholds.

    >>> [success_roll(roll, skill).kind.value for roll, skill in [(3, 2), (15, 5), (17, 15)]]
    ['critical success', 'critical failure', 'critical failure']
    >>> success_roll(10, 11, roll_modifier=2).margin
    -1
    >>> success_roll(19, 11)
    Traceback (most recent call last):
    ...
    senjo.dice.errors.DiceError: a 3d6 roll is from 3 to 18, not 19
    """
    if roll_modifier == 0:
        cached = _TABLE.get((roll, skill))
        if cached is not None:
            return cached
    if not 3 <= roll <= 18:
        raise DiceError(f"a 3d6 roll is from 3 to 18, not {roll}")
    judged = _judge(roll, skill, roll_modifier)
    if roll_modifier == 0 and skill in _TABLE_SKILLS:
        _TABLE[roll, skill] = judged
    return judged


def success_probability(skill: int) -> Fraction:
    """The exact chance that a success roll against `skill` succeeds (criticals included).

    A skill under 3 still succeeds on a critical 3 or 4; whether such a roll
    may be attempted at all is the rule system's decision (B344).

    >>> [str(success_probability(s)) for s in (3, 16, 17, 20)]
    ['1/54', '53/54', '53/54', '53/54']
    """
    return THREE_D6.probability_that(lambda roll: success_roll(roll, skill).success)


def critical_success_probability(skill: int) -> Fraction:
    """The exact chance of a critical success against `skill`.

    >>> critical_success_probability(14), critical_success_probability(16)
    (Fraction(1, 54), Fraction(5, 54))
    """
    return THREE_D6.probability_that(lambda roll: success_roll(roll, skill).critical)


def critical_failure_probability(skill: int) -> Fraction:
    """The exact chance of a critical failure against `skill`.

    >>> critical_failure_probability(16), critical_failure_probability(10)
    (Fraction(1, 216), Fraction(1, 54))
    """
    return THREE_D6.probability_that(lambda roll: success_roll(roll, skill).critical_failure)


@dataclass(frozen=True, slots=True, kw_only=True)
class GurpsSuccessResult(RollResult):
    """A rolled GURPS success roll: `dice` are the three d6, `total` the modified sum.

    `modifier_text` is the dice modifier as written (e.g. `-1`), `target` the
    effective skill.
    """

    target: int
    modifier_text: str
    check: SuccessRoll


# Dice are immutable values: share one per face rather than build three per roll.
_D6: Final = {face: Die(6, face) for face in range(1, 7)}


@dataclass(frozen=True, slots=True)
class SuccessRollCommand:
    """`3D6<=N` (or `N-3D6`): a success roll against `target`, the dice modified by `modifier`.

    >>> from senjo.dice.roller import ScriptedDice
    >>> SuccessRollCommand(11).roll(ScriptedDice([6, 6, 6])).fumble
    True
    """

    target: int
    modifier: int = 0
    modifier_text: str = ""

    @property
    def secret(self) -> bool:
        """Never secret itself: the top level wraps secret commands."""
        return False

    def roll(self, dice: Roller) -> GurpsSuccessResult:
        """Roll 3d6 and judge them."""
        a, b, c = dice.roll(6), dice.roll(6), dice.roll(6)
        raw = a + b + c
        check = success_roll(raw, self.target, roll_modifier=self.modifier)
        return GurpsSuccessResult(
            success=check.success,
            failure=not check.success,
            critical=check.critical,
            fumble=check.critical_failure,
            dice=(_D6.get(a) or Die(6, a), _D6.get(b) or Die(6, b), _D6.get(c) or Die(6, c)),
            total=raw + self.modifier,
            target=self.target,
            modifier_text=self.modifier_text,
            check=check,
        )


# -- parsing ---------------------------------------------------------------

# `3D6<=N` and `3D6±m<=N`: the modifier is integer arithmetic, no dice.
_SUCCESS_ROLL: Final = re.compile(r"3D6((?:[-+][-+*/()0-9UCRF]*)?)<=(.+)", re.IGNORECASE)
# `N-3D6` and `N-3D6±m`: BCDice reads N as digits and signs only.
_REVERSED_ROLL: Final = re.compile(r"([-+0-9]+)-3D6((?:[-+][-+0-9]*)?)", re.IGNORECASE)


def _modifier(text: str) -> tuple[int, str] | None:
    """Evaluate a dice modifier such as `-1` or `+3/2U`, and its printed form."""
    if not text:
        return 0, ""
    # Print as BCDice does: `C` rounding as `U`, numbers without leading zeros.
    shown = re.sub(r"\d+", lambda number: str(int(number[0])), text.upper().replace("C", "U"))
    try:
        return evaluate_int("0" + shown), shown
    except DiceError:
        return None


def parse(text: str) -> Command | None:
    """Return the GURPS command written as `text`, or None.

    The 3rd-edition tables BCDice prints (CRT, HCRT, FMB, MFMB, YSCRT, YSFMB,
    YFMB, FEAR, REACT, HIT) are not senjo's: they return None too.

    >>> parse("3D6+2<=10+2")
    SuccessRollCommand(target=12, modifier=2, modifier_text='+2')
    >>> parse("13-3D6-01")
    SuccessRollCommand(target=13, modifier=-1, modifier_text='-1')
    >>> parse("3D6<=?") is None, parse("3D6*2<=10") is None, parse("3D6+1D6<=10") is None
    (True, True, True)
    """
    word = text.strip()
    match = _SUCCESS_ROLL.fullmatch(word)
    if match is not None:
        target_text = match.group(2)
    else:
        match = _REVERSED_ROLL.fullmatch(word)
        if match is None:
            return None
        target_text = match.group(1)
    modifier = _modifier(match.group(1) if match.re is _SUCCESS_ROLL else match.group(2))
    if modifier is None:
        return None
    try:
        target = evaluate_int(target_text)
    except DiceError:
        return None
    return SuccessRollCommand(target, modifier[0], modifier[1])


# -- rendering -------------------------------------------------------------

_WORDS: Final[dict[SuccessKind, tuple[str, str]]] = {
    SuccessKind.CRITICAL_SUCCESS: ("クリティカル", "Critical success"),
    SuccessKind.SUCCESS: ("成功", "Success"),
    SuccessKind.FAILURE: ("失敗", "Failure"),
    SuccessKind.AUTOMATIC_FAILURE: ("自動失敗", "Automatic failure"),
    SuccessKind.CRITICAL_FAILURE: ("ファンブル", "Critical failure"),
}


def _rolled(result: GurpsSuccessResult) -> str:
    faces = ",".join(str(die.value) for die in result.dice)
    raw = sum(die.value for die in result.dice)
    return f"{raw}[{faces}]{result.modifier_text}"


@register(GurpsSuccessResult, "ja")
def _success_ja(result: GurpsSuccessResult) -> str:
    check = result.check
    word = _WORDS[check.kind][0]
    degree = "成功度" if check.success else "失敗度"
    return (
        f"(3D6{result.modifier_text}<={result.target}) ＞ {_rolled(result)} ＞ {result.total}"
        f" ＞ {word}({degree}：{check.margin})"
    )


@register(GurpsSuccessResult, "en")
def _success_en(result: GurpsSuccessResult) -> str:
    check = result.check
    word = _WORDS[check.kind][1]
    return (
        f"(3D6{result.modifier_text}<={result.target}) > {_rolled(result)} > {result.total}"
        f" > {word} (margin {check.margin})"
    )


SYSTEM: Final = register_dice_system(DiceSystem("GURPS", "gurps", parse))
