"""Why a fast path declines a scenario, in English and Japanese.

A `Reason` is the English line itself (a `str`, so logs, tests and JSON see
plain text) and carries its Japanese twin; `in_lang` picks one.

>>> why = Reason("2 combatants on one side", "2人の戦闘者が同じ陣営")
>>> why == "2 combatants on one side", in_lang(why, "ja"), in_lang("plain text", "ja")
(True, '2人の戦闘者が同じ陣営', 'plain text')
>>> import pickle
>>> in_lang(pickle.loads(pickle.dumps(why)), "ja")
'2人の戦闘者が同じ陣営'
"""

from __future__ import annotations

__all__ = ["Reason", "in_lang"]


class Reason(str):
    """A one-line reason: English as the string, Japanese in `ja`."""

    ja: str

    def __new__(cls, en: str, ja: str) -> Reason:
        made = super().__new__(cls, en)
        made.ja = ja
        return made

    def __getnewargs__(self) -> tuple[str, str]:  # type: ignore[override]
        return (str(self), self.ja)


def in_lang(reason: str, lang: str) -> str:
    """The reason in `lang` ("ja" or "en"); a plain string is returned as it is."""
    if lang == "ja" and isinstance(reason, Reason):
        return reason.ja
    return str(reason)
