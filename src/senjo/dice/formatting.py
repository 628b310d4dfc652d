"""Formatters: one result tree, two languages.

`format_result(result, "ja")` gives BCDice's Japanese line, byte for byte;
`format_result(result, "en")` gives an English line of the same shape. Each
family of commands registers its node types with `register`, in the module
that defines them.

>>> from senjo.dice.result import MessageResult
>>> format_result(MessageResult(key="repeat_nested"), "en")
'Repeat commands cannot be nested'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, Literal, TypeVar

from senjo.dice.result import MessageResult, RollResult

__all__ = ["LANGS", "Lang", "format_result", "message", "register"]

Lang = Literal["ja", "en"]
LANGS: Final[tuple[Lang, ...]] = ("ja", "en")

R = TypeVar("R", bound=RollResult)
Renderer = Callable[[R], str]

_RENDERERS: Final[dict[tuple[type[RollResult], str], Callable[[RollResult], str]]] = {}

#: Message catalogue: key -> (Japanese as BCDice prints it, English).
MESSAGES: Final[dict[str, tuple[str, str]]] = {
    "repeat_count": (
        "繰り返し回数は1以上、100以下としてください",
        "The repeat count must be from 1 to 100",
    ),
    "repeat_nested": (
        "Repeatコマンドの重複はできません",
        "Repeat commands cannot be nested",
    ),
    "repeat_failed": (
        "繰り返し対象のコマンドが実行できませんでした ({0})",
        "The command to repeat could not be run ({0})",
    ),
}


def message(key: str, lang: Lang, *args: str) -> str:
    """Look up a catalogue message in a language and fill its placeholders."""
    ja, en = MESSAGES[key]
    return (ja if lang == "ja" else en).format(*args)


def register(node: type[R], lang: Lang) -> Callable[[Renderer[R]], Renderer[R]]:
    """Class decorator-style registration of a renderer for a node type and language."""

    def decorate(function: Renderer[R]) -> Renderer[R]:
        _RENDERERS[(node, lang)] = function  # type: ignore[assignment]
        return function

    return decorate


def format_result(result: RollResult, lang: Lang = "ja") -> str:
    """Render a result node as one line (or several, for repeats) of text."""
    for cls in type(result).__mro__:
        renderer = _RENDERERS.get((cls, lang))
        if renderer is not None:
            return renderer(result)
    raise TypeError(f"no {lang} formatter for {type(result).__name__}")


@register(MessageResult, "ja")
def _message_ja(result: MessageResult) -> str:
    text = message(result.key, "ja", *result.args)
    return f"{result.command} ＞ {text}" if result.command else text


@register(MessageResult, "en")
def _message_en(result: MessageResult) -> str:
    text = message(result.key, "en", *result.args)
    return f"{result.command} > {text}" if result.command else text
