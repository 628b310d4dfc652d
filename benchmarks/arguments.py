"""The benchmark scripts' command lines: `--help` prints the script's docstring, and a
bad value gets one line saying which argument, what it was and what is allowed (argparse's
usage message and exit status 2), not a traceback.

>>> parser = benchmark_parser("Doc.")
>>> add_count(parser, "N", 300, "battles per timing")
>>> parser.parse_args(["12"]).N
12
>>> parser.parse_args([]).N
300
"""

from __future__ import annotations

import argparse


def positive_count(text: str) -> int:
    """A whole number of at least one.

    >>> positive_count("5")
    5
    >>> positive_count("0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: '0' is not a whole number of at least 1
    """
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of at least 1")
    return value


def benchmark_parser(doc: str | None) -> argparse.ArgumentParser:
    """A parser whose `--help` shows `doc` (the script's module docstring) as written."""
    return argparse.ArgumentParser(
        description=doc, formatter_class=argparse.RawDescriptionHelpFormatter
    )


def add_count(parser: argparse.ArgumentParser, name: str, default: int, what: str) -> None:
    """An optional positional count, `default` when left out."""
    parser.add_argument(
        name, nargs="?", type=positive_count, default=default, help=f"{what} (default {default})"
    )
