"""Why a fast path declines a scenario, in English and Japanese.

A `Reason` is a `senjo.engine.bilingual.Bilingual`: the English line itself
(a `str`, so logs, tests and JSON see plain text) carrying its Japanese
twin; `in_lang` picks one.

>>> why = Reason("2 combatants on one side", "2人の戦闘者が同じ陣営")
>>> why == "2 combatants on one side", in_lang(why, "ja")
(True, '2人の戦闘者が同じ陣営')
"""

from __future__ import annotations

from senjo.engine.bilingual import Bilingual, in_lang

__all__ = ["Reason", "Unsupported", "in_lang"]

#: A fast path's reason for declining a scenario, in both languages.
Reason = Bilingual


class Unsupported(Exception):
    """A fast path met something it does not model while building its tables; the
    argument is the reason (a `Reason`, in both languages)."""

    @property
    def reason(self) -> str:
        """The reason as given (a `Reason` keeps its Japanese)."""
        given: str = self.args[0]
        return given
