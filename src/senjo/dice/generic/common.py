"""Pieces every generic command shares: the result separator, the judgement
words of each language, the message catalogue entries, and `MessageCommand`.

>>> SEPARATOR["ja"], SEPARATOR["en"]
(' ＞ ', ' > ')
>>> from senjo.dice.formatting import format_result
>>> from senjo.dice.roller import ScriptedDice
>>> result = MessageCommand(key="choice_too_many").roll(ScriptedDice([]))
>>> format_result(result, "ja"), format_result(result, "en")
('項目数は100以下としてください', 'Give at most 100 items to choose from')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from senjo.dice.formatting import MESSAGES, Lang
from senjo.dice.result import MessageResult
from senjo.dice.roller import Roller

__all__ = [
    "SEPARATOR",
    "MessageCommand",
    "judgement",
    "max_total",
    "modifier_text",
    "successes",
]

#: What separates the steps of a result line.
SEPARATOR: Final[dict[Lang, str]] = {"ja": " ＞ ", "en": " > "}

_SUCCESS: Final = {"ja": "成功", "en": "Success"}
_FAILURE: Final = {"ja": "失敗", "en": "Failure"}

MESSAGES.update(
    {
        "reroll_condition": (
            "条件が間違っています。"
            "2R6>=5 あるいは 2R6[5] のように振り足し目標値を指定してください。",
            "Invalid condition: give a reroll threshold, as in 2R6>=5 or 2R6[5]",
        ),
        "upper_condition": (
            "無限ロールの条件がまちがっています",
            "Invalid reroll threshold: it must be 2 or more",
        ),
        "choice_too_many": (
            "項目数は100以下としてください",
            "Give at most 100 items to choose from",
        ),
    }
)


def judgement(success: bool, lang: Lang) -> str:
    """``成功``/``失敗`` or ``Success``/``Failure``."""
    return (_SUCCESS if success else _FAILURE)[lang]


def successes(count: int, lang: Lang) -> str:
    """``成功数2`` or ``successes: 2``."""
    return f"成功数{count}" if lang == "ja" else f"successes: {count}"


def max_total(highest: int, total: int, lang: Lang) -> str:
    """``23/41(最大/合計)`` or ``23/41(max/total)``."""
    return f"{highest}/{total}(最大/合計)" if lang == "ja" else f"{highest}/{total}(max/total)"


def modifier_text(modifier: int) -> str:
    """A modifier as BCDice appends it: ``+11``, ``-3``, or nothing for 0."""
    if modifier == 0:
        return ""
    return f"+{modifier}" if modifier > 0 else str(modifier)


@dataclass(frozen=True, slots=True, kw_only=True)
class MessageCommand:
    """A recognised command whose answer is a fixed message (a repeat count out
    of range, an impossible reroll condition, ...)."""

    key: str
    command: str = ""
    args: tuple[str, ...] = ()
    secret: bool = False

    def roll(self, dice: Roller) -> MessageResult:
        """Answer with the message; no dice are drawn."""
        return MessageResult(key=self.key, command=self.command, args=self.args, secret=self.secret)
