"""The user's language for everything senjo prints (`--lang ja|en`).

The default comes from `SENJO_LANG`, else the locale (`LC_ALL`,
`LC_MESSAGES`, `LANG`): a Japanese or English locale picks that language.
A locale without a language (C, POSIX, unset) falls back to Japanese, the
language of the source rules and of BCDice's output format.

>>> default_lang({"LANG": "en_US.UTF-8"})
'en'
>>> default_lang({"LANG": "C.UTF-8"})
'ja'
>>> default_lang({"SENJO_LANG": "en", "LANG": "ja_JP.UTF-8"})
'en'
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from senjo.dice.formatting import Lang

__all__ = ["bad_lang", "default_lang"]


def default_lang(environ: Mapping[str, str] | None = None) -> Lang:
    """The language to use when `--lang` is not given."""
    env = os.environ if environ is None else environ
    explicit = env.get("SENJO_LANG", "").lower()
    if explicit in ("ja", "en"):
        return "ja" if explicit == "ja" else "en"
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if value:
            language = value.split(".")[0].split("_")[0].lower()
            if language == "en":
                return "en"
            if language == "ja":
                return "ja"
            if language not in ("c", "posix"):
                return "en"
            break
    return "ja"


def bad_lang(value: str) -> str:
    """The message for a `--lang` that is neither ja nor en, in both languages (which one
    the user reads is what is in question).

    >>> bad_lang("fr")
    "--lang takes ja or en, not 'fr' / --lang は ja か en です（'fr' ではなく）"
    """
    return f"--lang takes ja or en, not {value!r} / --lang は ja か en です（{value!r} ではなく）"
