"""Shared output helpers for the command line: one clear line, exit code 2.

>>> said("ja", "no such file", "ファイルがありません")
'ファイルがありません'
>>> said("en", "no such file", "ファイルがありません")
'no such file'
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from typing import NoReturn

__all__ = ["echo", "fail", "said", "say"]


def fail(message: str) -> NoReturn:
    """Print `senjo: message` on standard error and exit with status 2.

    Plain `print` and `SystemExit`, not the command-line library's: the commands that
    start without it (`senjo.cli.quick`) fail the same way as the rest.
    """
    print(f"senjo: {message}", file=sys.stderr)
    raise SystemExit(2)


def echo(text: str) -> None:
    """Print one answer on standard output."""
    print(text)


def say(messages: Mapping[str, tuple[str, str]], key: str, lang: str, **values: object) -> str:
    """The message `key` of a command's table (key -> (Japanese, English)) in `lang`,
    filled in."""
    ja, en = messages[key]
    return (ja if lang == "ja" else en).format(**values)


def said(lang: str, en: str, ja: str) -> str:
    """The message in `lang`: Japanese for "ja", else English."""
    return ja if lang == "ja" else en
