"""Text shared by the `senjo odds` subcommands: messages, chances, option numbers, tables.

>>> chance(Fraction(25, 54), "en"), chance(Fraction(1, 2), "ja")
('46.30% (25/54)', '50.00%（1/2）')
>>> say(MESSAGES, "success", "en", value="x")
'success: x'
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from senjo.cli.output import fail, say
from senjo.dice.distribution import Distribution
from senjo.dice.formatting import Lang

__all__ = [
    "MESSAGES",
    "aligned",
    "chance",
    "count",
    "damage_json",
    "distribution_table",
    "needs_damage",
    "probabilities",
    "value_range",
    "whole",
]

# (Japanese, English) for the messages every `senjo odds` subcommand uses.
MESSAGES: dict[str, tuple[str, str]] = {
    "no_skill": ("--skill（技能）を指定してください", "--skill is required"),
    "not_whole": ("{option} は整数です: {text!r}", "{option} takes a whole number, not {text!r}"),
    "not_count": (
        "{option} は{least}以上の整数です: {text!r}",
        "{option} takes a whole number of {least} or more, not {text!r}",
    ),
    "needs_damage": ("{option} は --damage と一緒に指定します", "{option} needs --damage"),
    "too_many_dice": ("ダメージのダイスは{most}個までです", "at most {most} damage dice"),
    "undefended": ("防御成功：防御なし", "defended: no defense"),
    "success": ("成功：{value}", "success: {value}"),
    "mean": ("平均", "mean"),
}


def chance(value: Fraction, lang: Lang) -> str:
    """'46.30% (25/54)', with full-width brackets in Japanese."""
    percent = f"{float(value) * 100:.2f}%"
    return f"{percent}（{value}）" if lang == "ja" else f"{percent} ({value})"


def whole(text: str, option: str, lang: Lang) -> int:
    """A whole number (any sign), or exit 2 with one line."""
    try:
        return int(text.strip())
    except ValueError:
        fail(say(MESSAGES, "not_whole", lang, option=option, text=text))


def count(text: str, option: str, lang: Lang, least: int = 0) -> int:
    """A whole number of at least `least`, or exit 2 with one line."""
    try:
        value = int(text.strip())
    except ValueError:
        value = least - 1
    if value < least:
        fail(say(MESSAGES, "not_count", lang, option=option, least=least, text=text))
    return value


def needs_damage(given: Mapping[str, object], lang: Lang) -> None:
    """Exit 2 naming the first option given (not None, not False) that needs --damage."""
    for option, value in given.items():
        if value is not None and value is not False:
            fail(say(MESSAGES, "needs_damage", lang, option=option))


def _width(text: str) -> int:
    """Columns on a terminal: wide (Japanese) characters take two."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _right(text: str, width: int) -> str:
    return " " * (width - _width(text)) + text


def value_range(low: int, high: int, lang: Lang) -> str:
    """`low-high` (`low～high` in Japanese), or the one value when they are equal."""
    if low == high:
        return str(low)
    return f"{low}～{high}" if lang == "ja" else f"{low}-{high}"


def distribution_table(
    columns: str,
    landed: Distribution,
    per_attack: Distribution,
    lang: Lang,
    fold_above: int | None = None,
) -> list[str]:
    """Value → chance if the attack lands and per attack, one row each, then the means.

    `columns` is the three headings joined by "|"; values above `fold_above`
    share one row (`low-high`). Columns are right-aligned by terminal width.

    >>> distribution_table("x|a|b", Distribution.die(2), Distribution({0: 1, 2: 1}), "en")
    ['   x       a       b', '   0   0.00%  50.00%', '   1  50.00%   0.00%', \
'   2  50.00%  50.00%', 'mean    1.50    1.00']
    """
    head = columns.split("|")
    rows: list[tuple[str, Fraction, Fraction]] = []
    values = sorted(set(landed.support) | set(per_attack.support))
    kept = [v for v in values if fold_above is None or v <= fold_above]
    for value in kept:
        rows.append((str(value), landed.probability(value), per_attack.probability(value)))
    folded = [v for v in values if v not in kept]
    if folded:
        rows.append(
            (
                value_range(folded[0], folded[-1], lang),
                sum((landed.probability(v) for v in folded), Fraction(0)),
                sum((per_attack.probability(v) for v in folded), Fraction(0)),
            )
        )
    cells = [[label, f"{float(a) * 100:.2f}%", f"{float(b) * 100:.2f}%"] for label, a, b in rows]
    mean = say(MESSAGES, "mean", lang)
    cells.append([mean, f"{float(landed.mean):.2f}", f"{float(per_attack.mean):.2f}"])
    return aligned([head, *cells])


def aligned(rows: list[list[str]]) -> list[str]:
    """Rows of cells, each column right-aligned by terminal width (wide characters two).

    >>> aligned([["命中数", "x"], ["10", "5.00%"]])
    ['命中数      x', '    10  5.00%']
    """
    widths = [max(_width(row[i]) for row in rows) for i in range(len(rows[0]))]
    return ["  ".join(_right(cell, w) for cell, w in zip(row, widths, strict=True)) for row in rows]


def probabilities(dist: Distribution) -> dict[str, float]:
    """A distribution for JSON: outcome (as text) → probability.

    >>> probabilities(Distribution.die(2))
    {'1': 0.5, '2': 0.5}
    """
    return {str(value): float(p) for value, p in dist.probabilities().items()}


def damage_json(
    rolled: Distribution, landed: Distribution, per_attack: Distribution
) -> dict[str, Any]:
    """The damage part of `--json`: rolled, when the attack lands and per attack, and the
    two means (CoC and T値; GURPS reports injury instead)."""
    return {
        "rolled": probabilities(rolled),
        "damage": probabilities(landed),
        "damage_per_attack": probabilities(per_attack),
        "mean_damage": float(landed.mean),
        "mean_damage_per_attack": float(per_attack.mean),
    }
