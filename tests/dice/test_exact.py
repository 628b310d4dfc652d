"""Exact distributions and success chances of dice commands (senjo.dice.exact)."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from senjo.dice.command import parse_command
from senjo.dice.distribution import Distribution
from senjo.dice.errors import DiceError, DiceLimitError
from senjo.dice.exact import D66_DIE, exact_distribution, success_probability
from senjo.dice.roller import RandomDice, RecordingDice, ScriptedDice
from senjo.dice.systems import gurps

SETTINGS = settings(max_examples=100, deadline=None, derandomize=True)


def _rolled(text: str, system: str) -> list[tuple[bool, int]]:
    """Roll `text` with every combination of faces: (success, total) per combination."""
    command = parse_command(text, system)
    assert command is not None
    recorder = RecordingDice(RandomDice(0))
    command.roll(recorder)
    sides = [s for s, _ in recorder.drawn]
    outcomes = []
    for faces in itertools.product(*(range(1, s + 1) for s in sides)):
        dice = ScriptedDice(list(zip(sides, faces, strict=True)))
        result = command.roll(dice)
        assert dice.remaining == 0 and result.total is not None
        outcomes.append((result.success, result.total))
    return outcomes


def brute_force(text: str, system: str = "DiceBot") -> Distribution:
    """The distribution of `text`'s total found by rolling every combination of faces."""
    return Distribution(Counter(total for _, total in _rolled(text, system)))


def brute_force_success(text: str, system: str = "DiceBot") -> Fraction:
    """The share of all face combinations for which `text` succeeds."""
    outcomes = _rolled(text, system)
    return Fraction(sum(success for success, _ in outcomes), len(outcomes))


@pytest.mark.parametrize(
    ("text", "value", "probability"),
    [
        ("2D6", 7, Fraction(1, 6)),
        ("2D6", 12, Fraction(1, 36)),
        ("3D6/2U", 8, Fraction(16, 216)),  # totals 15 and 16
        ("3D6/2U", 2, Fraction(4, 216)),  # totals 3 and 4
        ("1D6+3/2U", 3, Fraction(1, 6)),  # 3/2U is 2
        ("1D6/0", 1, Fraction(1)),  # BCDice: division by zero gives 1
        ("-1D4", -4, Fraction(1, 4)),
        ("C(1+2)*3", 9, Fraction(1)),
        ("1D66", 11, Fraction(1, 36)),
        ("1D66", 17, Fraction(0)),
        ("D66", 21, Fraction(1, 36)),  # the bare D66 is not sorted
        ("D66A", 21, Fraction(0)),
        ("D66S", 12, Fraction(2, 36)),
        ("D66D", 21, Fraction(2, 36)),
        ("D66D", 66, Fraction(1, 36)),
        ("4D6KH3", 18, Fraction(21, 1296)),  # 6,6,6 and any fourth die: 1 + 4 * 5
    ],
)
def test_known_probability(text: str, value: int, probability: Fraction) -> None:
    """A command's total takes a value with the probability worked out by hand."""
    assert exact_distribution(text).probability(value) == probability


def test_five_d10_keep_highest_three_matches_enumeration() -> None:
    """5D10KH3 equals the enumeration of all 100,000 rolls, keeping the top three."""
    counts = Counter(sum(sorted(faces)[2:]) for faces in itertools.product(range(1, 11), repeat=5))
    assert exact_distribution("5D10KH3") == Distribution(counts)


@pytest.mark.parametrize(
    ("text", "system"),
    [
        ("3D6/2U", "DiceBot"),
        ("3D6/2R", "DiceBot"),
        ("3D6/2", "DiceBot"),
        ("2D6*1D4", "DiceBot"),
        ("1D6/1D3R", "DiceBot"),
        ("(1D4-2)/1D3U", "DiceBot"),
        ("-2D4+1D6", "DiceBot"),
        ("3D4DL1-1D3", "DiceBot"),
        ("4D3DH2", "DiceBot"),
        ("3D4KL2*2", "DiceBot"),
        ("4D4MAX", "DiceBot"),
        ("2D66", "DiceBot"),
        ("2D66KL1", "DiceBot"),
        ("2D66KH1+1", "DiceBot"),
        ("2D66DL1", "DiceBot"),
        ("D66N", "DiceBot"),
        ("D66A", "DiceBot"),
        ("S2D6+1 secret", "DiceBot"),
        ("3D6-1<=11", "GURPS"),
        ("13-3D6", "GURPS"),
        ("1D100<=60", "Cthulhu"),
    ],
)
def test_distribution_matches_every_roll(text: str, system: str) -> None:
    """The exact distribution equals the totals of rolling every combination of faces."""
    assert exact_distribution(text, system) == brute_force(text, system)


@pytest.mark.parametrize(
    ("text", "system", "probability"),
    [
        ("2D6>=7", "DiceBot", Fraction(7, 12)),
        ("2D6=7", "DiceBot", Fraction(1, 6)),
        ("2D6<>7", "DiceBot", Fraction(5, 6)),
        ("1D6>4", "DiceBot", Fraction(1, 3)),
        ("1D6<2", "DiceBot", Fraction(1, 6)),
        ("1D100<=60 弓", "Cthulhu", Fraction(3, 5)),
        ("1D100<=120", "Cthulhu", Fraction(1)),  # a plain sum: 100 is no fumble here
        ("3D6<=18", "DiceBot", Fraction(1)),  # no GURPS criticals outside GURPS
    ],
)
def test_sum_success_probability(text: str, system: str, probability: Fraction) -> None:
    """A sum with a comparison succeeds with the probability worked out by hand."""
    assert success_probability(text, system) == probability


@pytest.mark.parametrize("skill", [-5, 2, 3, 4, 5, 9, 10, 11, 14, 15, 16, 17, 20, 30])
def test_gurps_success_roll_matches_rule(skill: int) -> None:
    """'3d6<=N' in GURPS has the rule's own success chance, criticals included."""
    expected = gurps.success_probability(skill)
    assert success_probability(f"3d6<={skill}", "gurps") == expected
    assert success_probability(f"{skill}-3D6", "GURPS") == expected


@pytest.mark.parametrize(
    ("text", "system"),
    [
        ("3D6<=11", "GURPS"),
        ("3D6<=2", "GURPS"),  # only criticals succeed
        ("3D6<=25", "GURPS"),  # 17 and 18 still fail
        ("3D6-1<=11", "GURPS"),
        ("3D6+3<=5", "GURPS"),  # a critical succeeds over the skill
        ("3D6+2<=10+2", "GURPS"),
        ("S3D6<=12", "GURPS"),
        ("2D6+1>=8", "DiceBot"),
        ("2D4*1D3<=4", "DiceBot"),
        ("3D4KH2-1>6", "DiceBot"),
    ],
)
def test_success_probability_matches_every_roll(text: str, system: str) -> None:
    """The success chance equals the share of all face combinations that succeed."""
    assert success_probability(text, system) == brute_force_success(text, system)


@pytest.mark.parametrize(
    ("text", "system"),
    [
        ("2B6", "DiceBot"),
        ("2B6>=4", "DiceBot"),
        ("3R6>=5", "DiceBot"),
        ("3U6[6]", "DiceBot"),
        ("choice[a,b]", "DiceBot"),
        ("x3 2D6", "DiceBot"),
        ("CC<=50", "Cthulhu"),
        ("CCB<=50", "Cthulhu"),
        ("SCC<=50", "Cthulhu"),
        ("RES(12-10)", "Cthulhu"),
        ("CBR(70,30)", "Cthulhu"),
    ],
)
def test_unmodelled_command_raises(text: str, system: str) -> None:
    """A command with rerolls, lists, choices, repeats or CoC rules has no exact distribution."""
    with pytest.raises(DiceError, match="has no exact distribution"):
        exact_distribution(text, system)
    with pytest.raises(DiceError, match="has no exact distribution"):
        success_probability(text, system)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("hello", "is not a DiceBot dice command"),
        ("2D6", "has no comparison"),
        ("2D6>=?", "no target"),
        ("C(1+2)", "has no comparison"),
        ("D66", "has no comparison"),
    ],
)
def test_success_probability_needs_a_judged_command(text: str, message: str) -> None:
    """success_probability refuses a non-command and a command that judges nothing."""
    with pytest.raises(DiceError, match=message):
        success_probability(text)


def test_not_a_command_has_no_distribution() -> None:
    """Text that is not a command raises DiceError naming the system."""
    with pytest.raises(DiceError, match="not a Cthulhu dice command"):
        exact_distribution("134", "coc")


@pytest.mark.parametrize("text", ["60D60*60D60", "500D66KH250"])
def test_too_large_computation_raises_limit_error(text: str) -> None:
    """A distribution too large to compute raises DiceLimitError instead of running on."""
    with pytest.raises(DiceLimitError):
        exact_distribution(text)


def test_long_chain_is_walked_without_recursion_limit() -> None:
    """A 497-operator chain (the longest a 1,000-character command holds) is computed."""
    text = "1D2" + "+1" * 496 + "-1D2"
    assert exact_distribution(text).probabilities() == {
        495: Fraction(1, 4),
        496: Fraction(1, 2),
        497: Fraction(1, 4),
    }


def test_d66_die_reads_tens_and_ones() -> None:
    """The D66 die has 36 equally likely values from 11 to 66 with digits 1 to 6."""
    assert D66_DIE.support == tuple(10 * a + b for a in range(1, 7) for b in range(1, 7))
    assert D66_DIE.total_weight == 36


# -- properties ----------------------------------------------------------------------

_dice_term = st.builds(
    lambda count, sides, keep: f"{count}D{sides}{keep}",
    st.integers(1, 4),
    st.integers(1, 8),
    st.sampled_from(["", "", "KH1", "KL2", "DH1", "DL2"]),
)
_constant = st.integers(0, 9).map(str)


@st.composite
def _sums(draw: st.DrawFn, max_terms: int = 3) -> str:
    """A valid sum: 1 to `max_terms` dice terms and up to 3 constants, joined by + - *."""
    terms = draw(st.lists(_dice_term, min_size=1, max_size=max_terms))
    constants = draw(st.lists(_constant, max_size=3))
    operands = draw(st.permutations(terms + constants))
    ops = draw(st.lists(st.sampled_from("+-*"), min_size=len(operands), max_size=len(operands)))
    sign = "-" if ops[0] == "-" else ""
    return sign + "".join(op + operand for op, operand in zip(ops, operands, strict=True))[1:]


@SETTINGS
@given(_sums(), st.integers(0, 2**32))
def test_generated_sum_is_a_distribution_of_its_rolls(text: str, seed: int) -> None:
    """A generated sum's probabilities add up to 1 and every rolled total is in its support."""
    distribution = exact_distribution(text)
    assert sum(distribution.probabilities().values()) == 1
    command = parse_command(text)
    assert command is not None
    dice = RandomDice(seed)
    support = set(distribution.support)
    for _ in range(20):
        assert command.roll(dice).total in support


def _draws(text: str) -> int:
    """How many face combinations rolling `text` can show."""
    command = parse_command(text)
    assert command is not None
    recorder = RecordingDice(RandomDice(0))
    command.roll(recorder)
    return math.prod(sides for sides, _ in recorder.drawn)


@settings(max_examples=40, deadline=None, derandomize=True)
@given(_sums(max_terms=2).filter(lambda text: _draws(text) <= 1296))
def test_generated_small_sum_matches_every_roll(text: str) -> None:
    """A generated sum with at most 1,296 face combinations equals its enumeration."""
    assert exact_distribution(text) == brute_force(text)


# -- sampling ------------------------------------------------------------------------

SAMPLES = 20_000


@pytest.mark.parametrize("text", ["2D6+1D4-1", "4D6KH3"])
def test_sampling_agrees_within_five_standard_errors(text: str) -> None:
    """20,000 rolls with RandomDice(3) hit each outcome within 5 standard errors of N*p.

    The tolerance for an outcome of probability p is 5 * sqrt(N * p * (1 - p)) counts,
    with N = 20,000; every rolled total must also be a possible outcome.
    """
    distribution = exact_distribution(text)
    command = parse_command(text)
    assert command is not None
    dice = RandomDice(3)
    counts = Counter(command.roll(dice).total for _ in range(SAMPLES))
    assert set(counts) <= set(distribution.support)
    for value, probability in distribution.probabilities().items():
        expected = SAMPLES * probability
        tolerance = 5 * math.sqrt(SAMPLES * probability * (1 - probability))
        assert abs(counts[value] - expected) <= tolerance, (value, counts[value], float(expected))
