"""Options shared by the commands that take a scenario."""

from __future__ import annotations

from pathlib import Path

from senjo.cli.lang import bad_lang, default_lang
from senjo.cli.odds_text import whole
from senjo.cli.output import fail, said
from senjo.dice.formatting import Lang

__all__ = ["check_folder", "parse_lang", "parse_options", "parse_whole"]


def parse_options(values: list[str] | None, lang: Lang = "en") -> dict[str, str]:
    """`--option NAME=VALUE` (repeatable) as a mapping, in lower case as every option's
    name and values are (`ON` is `on`); a malformed one exits 2.

    >>> parse_options(["Random_Hit_Locations = ON", "max_rounds=5"])
    {'random_hit_locations': 'on', 'max_rounds': '5'}
    """
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
        options[name.strip().lower()] = setting.strip().lower()
    return options


#: The language given before the command (`senjo --lang ja COMMAND`), set by the root
#: callback at every invocation that runs a command (None: not given).
before_command: Lang | None = None


def parse_lang(value: str | None) -> Lang:
    """`--lang ja|en`, defaulting to the one given before the command, else to the
    environment's."""
    if value is None:
        return before_command if before_command is not None else default_lang()
    if value not in ("ja", "en"):
        fail(bad_lang(value))
    return "ja" if value == "ja" else "en"


def parse_whole(text: str | None, option: str, lang: Lang = "en") -> int | None:
    """A whole-number option, taken as text so that anything else gets senjo's one line
    in `lang` (and exit 2), not the command-line library's English: `odds_text.whole`,
    as `senjo odds` reads its numbers; None if not given.

    >>> parse_whole("12", "--seed"), parse_whole(" -3 ", "--seed"), parse_whole(None, "--seed")
    (12, -3, None)
    """
    return None if text is None else whole(text, option, lang)


def check_folder(option: str, path: Path, lang: Lang = "en") -> None:
    """A file an option will write (`--plot`, `--log`) must go into a folder that exists:
    checked before any battle is played, or exit 2 with one line."""
    if not path.parent.is_dir():
        folder = str(path.parent)
        fail(
            said(
                lang,
                f"{option} {path}: no such folder {folder!r}",
                f"{option} {path}：フォルダ {folder!r} がありません",
            )
        )
