"""Field types the rule systems' scenario models share (`scenario/gurps.py`, `coc.py`,
`tomogami.py`, `tvalue.py`), and the check of a name given in one or two languages."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, Strict

from senjo.scenario.errors import TEXT_EXPECTED, Bilingual, ScenarioError
from senjo.systems.damage_dice import parse_damage as parse_damage

__all__ = [
    "BAD_DAMAGE",
    "Finite",
    "Int",
    "Key",
    "Names",
    "both_names",
    "no_such_side",
    "parse_damage",
]

#: A whole number written as one (`3`, not `3.0` or `"3"`).
Int = Annotated[int, Strict()]
#: A number that is finite (YAML's .inf and .nan are refused: nothing measures in them).
Finite = Annotated[float, Field(allow_inf_nan=False)]
#: A combatant's or a side's key: lower-case letters, digits and `_`, a letter first.
Key = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$")]
#: A name in one language for both, or `{en: ..., ja: ...}`.
Names = str | dict[Literal["en", "ja"], str]


def both_names(value: Names, source: str, path: str) -> tuple[str, str]:
    """(English, Japanese) from a checked `Names`; one missing takes the other's.

    >>> both_names({"ja": "秋"}, "a.yaml", "name")
    ('秋', '秋')
    >>> both_names("", "a.yaml", "name")
    Traceback (most recent call last):
    ...
    senjo.scenario.errors.ScenarioError: a.yaml: name: expected text, or {en: ..., ja: ...}
    """
    if isinstance(value, str):
        if not value:
            raise ScenarioError(source, path, TEXT_EXPECTED)
        return value, value
    en = value.get("en") or value.get("ja")
    ja = value.get("ja") or en
    if not en or not ja:
        raise ScenarioError(source, path, TEXT_EXPECTED)
    return en, ja


BAD_DAMAGE = Bilingual(
    "expected damage as dice and a bonus (2D6+1, 1D) or a whole number",
    "ダメージはダイスと修正（2D6+1、1D）か整数で指定してください",
)


def no_such_side(source: str, path: str, sides: set[str]) -> ScenarioError:
    """The error for a side no combatant is on, listing the sides there are."""
    known = ", ".join(sorted(sides))
    return ScenarioError(
        source,
        path,
        Bilingual(
            f"no combatant is on it; sides: {known}",
            f"この陣営の戦闘者がいません（陣営：{known}）",
        ),
    )
