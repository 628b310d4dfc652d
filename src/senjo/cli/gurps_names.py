"""GURPS names at the command line: damage types, injury tolerances and hit locations
by key, Japanese or English name, and the armor divisor.

Shared by `senjo gurps damage` and `senjo odds gurps`, and free of the command-line
library so that `senjo odds` can start without it (`senjo.cli.quick`).

>>> LOCATION_ALIASES["首"], TYPE_ALIASES["cutting"], parse_divisor("inf", "en")
('neck', 'cut', inf)
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from senjo.cli.output import fail, say
from senjo.dice.formatting import Lang
from senjo.systems.gurps import tables
from senjo.systems.gurps.damage import IGNORES_DR

__all__ = [
    "LOCATION_ALIASES",
    "TOLERANCE_ALIASES",
    "TOLERANCE_NAMES",
    "TYPE_ALIASES",
    "TYPE_NAMES",
    "parse_divisor",
    "pick_name",
    "what_name",
]

# (Japanese, English) for every message a user can see.
MESSAGES: dict[str, tuple[str, str]] = {
    "not_divisor": (
        "徹甲除数は1以上の数、0.5、0.2、0.1、inf のどれかです: {text!r}",
        "--divisor takes a number of 1 or more, 0.5, 0.2, 0.1 or inf, not {text!r}",
    ),
    "unknown": (
        "{what} {text!r} はありません。使えるもの: {allowed}",
        "unknown {what} {text!r}; allowed: {allowed}",
    ),
}

_WHAT: dict[str, tuple[str, str]] = {
    "st": ("体力", "ST"),
    "basic": ("基本ダメージ", "basic damage"),
    "dr": ("--dr（防護点）", "--dr"),
    "hp": ("--hp（最大HP）", "--hp"),
    "type": ("ダメージの種類", "damage type"),
    "location": ("命中部位", "hit location"),
    "tolerance": ("負傷耐性", "injury tolerance"),
}


def what_name(key: str, lang: Lang) -> str:
    """What a value is, named in `lang` for a message ("location" → 命中部位)."""
    ja, en = _WHAT[key]
    return ja if lang == "ja" else en


TYPE_NAMES = {info.key: (info.ja, info.en) for info in tables.WOUNDING.damage_types}
TOLERANCE_NAMES = {info.key: (info.ja, info.en) for info in tables.WOUNDING.injury_tolerance}


def _aliases(names: dict[Any, tuple[str, str]]) -> dict[str, str]:
    """Key, Japanese and English name (any case) → key."""
    found: dict[str, str] = {}
    for key, (ja, en) in names.items():
        found[str(key).lower()] = found[ja] = found[en.lower()] = str(key)
    return found


TYPE_ALIASES = _aliases(TYPE_NAMES)
TOLERANCE_ALIASES = _aliases(TOLERANCE_NAMES)
LOCATION_ALIASES = _aliases({loc.key: (loc.ja, loc.en) for loc in tables.HIT_LOCATIONS})


def pick_name(text: str, what: str, aliases: dict[str, str], allowed: list[str], lang: Lang) -> str:
    """The key a name stands for (English, Japanese or key, any case); else one clear error
    naming `what` and the allowed names."""
    try:
        return aliases[text.strip().lower()]
    except KeyError:
        fail(
            say(
                MESSAGES,
                "unknown",
                lang,
                what=what_name(what, lang),
                text=text,
                allowed=", ".join(allowed),
            )
        )


def parse_divisor(text: str | None, lang: Lang) -> float:
    """An armor divisor from the command line (2, 3, 0.5 …; none is 1)."""
    if text is None:
        return 1.0
    word = text.strip().lower()
    if word in ("inf", "∞"):
        return IGNORES_DR
    try:
        value = float(Fraction(word))
    except (ValueError, ZeroDivisionError):
        fail(say(MESSAGES, "not_divisor", lang, text=text))
    # Below 1 only the published (0.5), (0.2) and (0.1) multiply DR (B378).
    if value < 1 and value not in (0.5, 0.2, 0.1):
        fail(say(MESSAGES, "not_divisor", lang, text=text))
    return value
