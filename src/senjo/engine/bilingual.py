"""Text in English and Japanese that travels as one string.

A `Bilingual` is the English line itself (a `str`, so logs, tests, JSON and
exception messages see plain text) and carries its Japanese twin; `in_lang`
picks one. Errors and reasons raised deep in the code use it, and the
command line shows the `--lang` one.

>>> why = Bilingual("2 combatants on one side", "2人の戦闘者が同じ陣営")
>>> why == "2 combatants on one side", in_lang(why, "ja"), in_lang("plain text", "ja")
(True, '2人の戦闘者が同じ陣営', 'plain text')
>>> import pickle
>>> in_lang(pickle.loads(pickle.dumps(why)), "ja")
'2人の戦闘者が同じ陣営'
"""

from __future__ import annotations

__all__ = ["Bilingual", "in_lang"]


class Bilingual(str):
    """A one-line text: English as the string, Japanese in `ja`."""

    ja: str

    def __new__(cls, en: str, ja: str) -> Bilingual:
        made = super().__new__(cls, en)
        made.ja = ja
        return made

    def __getnewargs__(self) -> tuple[str, str]:  # type: ignore[override]
        return (str(self), self.ja)


def in_lang(text: str, lang: str) -> str:
    """The text in `lang` ("ja" or "en"); a plain string is returned as it is."""
    if lang == "ja" and isinstance(text, Bilingual):
        return text.ja
    return str(text)
