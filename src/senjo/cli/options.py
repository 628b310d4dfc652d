"""Options shared by the commands that take a scenario."""

from __future__ import annotations

from senjo.cli.lang import bad_lang, default_lang
from senjo.cli.output import fail, said
from senjo.dice.formatting import Lang

__all__ = ["parse_lang", "parse_options", "parse_whole"]


def parse_options(values: list[str] | None, lang: Lang = "en") -> dict[str, str]:
    """`--option NAME=VALUE` (repeatable) as a mapping; a malformed one exits 2."""
    options: dict[str, str] = {}
    for value in values or []:
        name, sep, setting = value.partition("=")
        if not sep or not name:
            fail(
                said(
                    lang,
                    f"--option takes NAME=VALUE, not {value!r}",
                    f"--option には NAME=VALUE を指定してください（{value!r} は不可）",
                )
            )
        options[name.strip()] = setting.strip()
    return options


def parse_lang(value: str | None) -> Lang:
    """`--lang ja|en`, defaulting from the environment."""
    if value is None:
        return default_lang()
    if value not in ("ja", "en"):
        fail(bad_lang(value))
    return "ja" if value == "ja" else "en"


def parse_whole(text: str | None, option: str, lang: Lang = "en") -> int | None:
    """A whole-number option, taken as text so that anything else gets senjo's one line
    in `lang` (and exit 2), not the command-line library's English; None if not given.

    >>> parse_whole("12", "--seed"), parse_whole(" -3 ", "--seed"), parse_whole(None, "--seed")
    (12, -3, None)
    """
    if text is None:
        return None
    try:
        return int(text.strip())
    except ValueError:
        fail(
            said(
                lang,
                f"{option} takes a whole number, not {text!r}",
                f"{option} は整数です: {text!r}",
            )
        )
