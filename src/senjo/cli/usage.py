"""Mistakes in the command line itself - an unknown option, a missing argument, an option
without its value, no such command - said as senjo says every other mistake: one line,
`senjo: ...`, in the language the line asks for (or the locale's), and exit status 2,
rather than the command-line library's English box. A command stopped by Ctrl-C says
so in one line too (exit status 130).

`SenjoGroup` is the `senjo` app's group class; it plays the app as the library would
and turns the library's usage errors into that line (`usage_message`). A mistake it has
no words for is shown as the library shows it.

>>> lang_of(["sim", "duel.yaml", "--lang", "ja"]), lang_of(["sim", "--lang=en"])
('ja', 'en')
"""

from __future__ import annotations

import re
import sys
from collections.abc import Sequence
from typing import Any

from typer.core import HAS_RICH, TyperGroup

from senjo.cli.help_text import help_in
from senjo.cli.lang import default_lang
from senjo.cli.output import fail, said
from senjo.dice.formatting import Lang

__all__ = ["SenjoGroup", "lang_of", "usage_message"]

_NO_COMMAND = re.compile(r"No such command '(?P<name>[^']*)'")
_EXTRA = re.compile(r"Got unexpected extra argument(?:s|\(s\))? \((?P<args>.*)\)")


def lang_of(args: Sequence[str]) -> Lang:
    """The language a command line asks for with `--lang ja|en` (or `--lang=ja`), the last
    one given (a command's own --lang comes after the one before the command, and wins),
    else the default from the environment (`senjo.cli.lang.default_lang`)."""
    chosen: Lang | None = None
    for at, arg in enumerate(args):
        value = args[at + 1] if arg == "--lang" and at + 1 < len(args) else None
        if arg.startswith("--lang="):
            value = arg.partition("=")[2]
        if value in ("ja", "en"):
            chosen = "ja" if value == "ja" else "en"
    return default_lang() if chosen is None else chosen


def _kinds(error: BaseException) -> set[str]:
    """The names of the error's classes (`NoSuchOption`, `UsageError`, `ClickException` ...):
    Typer 0.28 carries a click of its own (`typer._click`), older Typers use click, and
    the classes are named alike in both."""
    return {kind.__name__ for kind in type(error).__mro__}


def usage_message(error: Any, lang: Lang) -> str | None:
    """The line for a usage error of the command line (the library's exception), in
    `lang`; None for one it has no words for."""
    kinds = _kinds(error)
    ctx = getattr(error, "ctx", None)
    see = f"{ctx.command_path} --help" if ctx is not None else "senjo --help"
    if "NoSuchOption" in kinds:
        near = ", ".join(sorted(error.possibilities or ()))
        return said(
            lang,
            f"no such option: {error.option_name}"
            + (f" (did you mean {near}?)" if near else f"; see {see}"),
            f"オプション {error.option_name} はありません"
            + (f"（{near} のことですか？）" if near else f"（{see} を参照）"),
        )
    if "MissingParameter" in kinds and error.param is not None:
        param = error.param
        option = getattr(param, "param_type_name", "") == "option" and param.opts
        name = param.opts[0] if option else param.human_readable_name
        return said(lang, f"{name} is missing; see {see}", f"{name} がありません（{see} を参照）")
    if "BadOptionUsage" in kinds:
        if "requires" in error.message:
            return said(
                lang, f"{error.option_name} needs a value", f"{error.option_name} には値が必要です"
            )
        if "does not take a value" in error.message:
            return said(
                lang, f"{error.option_name} takes no value", f"{error.option_name} は値を取りません"
            )
        return None
    if "UsageError" in kinds:
        found = _NO_COMMAND.match(error.message)
        if found is not None and ctx is not None:
            known = ", ".join(ctx.command.list_commands(ctx))
            name = found.group("name")
            return said(
                lang,
                f"no such command {name!r}; commands: {known}",
                f"コマンド {name!r} はありません（コマンド：{known}）",
            )
        extra = _EXTRA.match(error.message)
        if extra is not None:
            args = extra.group("args")
            return said(
                lang,
                f"unexpected argument: {args}; see {see}",
                f"余計な引数があります：{args}（{see} を参照）",
            )
    return None


class _Interrupted(Exception):
    """A command stopped by Ctrl-C."""


class SenjoGroup(TyperGroup):
    """The `senjo` app's group: usage errors become senjo's one line (`usage_message`)."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        """Play the command line as the library does standing alone, but say its usage
        errors as senjo does."""
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, windows_expand_args, **extra)
        line = list(sys.argv[1:] if args is None else args)  # read for its --lang alone
        lang = lang_of(line)
        try:
            with help_in(lang):  # the help in the line's language (`help_text.py`)
                result = super().main(
                    args, prog_name, complete_var, False, windows_expand_args, **extra
                )
        except Exception as error:
            kinds = _kinds(error)
            if isinstance(error, _Interrupted):
                print(
                    f"senjo: {said(lang, 'stopped (Ctrl-C)', '中断しました（Ctrl-C）')}",
                    file=sys.stderr,
                )
                sys.exit(130)
            if "Abort" in kinds:  # the end of the input where the library read it
                print(f"senjo: {said(lang, 'stopped', '中断しました')}", file=sys.stderr)
                sys.exit(1)
            if "ClickException" not in kinds:
                raise
            message = usage_message(error, lang)
            if message is not None:
                fail(message)
            self._show(error)
            sys.exit(getattr(error, "exit_code", 2))
        sys.exit(result if isinstance(result, int) else 0)

    def invoke(self, ctx: Any) -> Any:
        """Run the command; Ctrl-C is passed on as `_Interrupted` (the library would turn it
        into status 130 with no word, which `main` could not tell from a command's own)."""
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            raise _Interrupted from None

    def _show(self, error: Any) -> None:
        """The error as the library shows it (a bare group's help, say)."""
        if HAS_RICH and self.rich_markup_mode is not None:
            from typer import rich_utils

            rich_utils.rich_format_error(error)
        else:
            error.show()
