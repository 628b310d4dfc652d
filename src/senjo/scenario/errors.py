"""Scenario errors: one line naming the file, the field, what is wrong and what is allowed.

The message is English; where it is a `Bilingual` it carries Japanese too,
and `text(lang)` words the whole line in `--lang` (a message with no
Japanese twin stays English).

>>> error = ScenarioError("duel.yaml", "seed", Bilingual("expected a number", "数を指定"))
>>> str(error), error.text("ja")
('duel.yaml: seed: expected a number', 'duel.yaml: seed: 数を指定')
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pydantic import ValidationError

from senjo.engine.bilingual import Bilingual, in_lang

__all__ = [
    "INLINE_KEY",
    "TEXT_EXPECTED",
    "TWO_WEAPONS",
    "Bilingual",
    "ScenarioError",
    "field_path",
    "from_validation",
    "japanese",
    "unknown_skill",
]


class ScenarioError(ValueError):
    """A scenario file cannot be used. `str(error)` is the whole message (English)."""

    def __init__(self, source: str, path: str, message: str) -> None:
        self.source = source
        self.path = path
        self.message = message
        super().__init__(self.text("en"))

    def text(self, lang: str) -> str:
        """The whole message in `lang` ("ja" or "en")."""
        where = f"{self.source}: {self.path}" if self.path else self.source
        message = self.message
        if lang == "ja" and not isinstance(message, Bilingual):
            message = japanese(message)
        return f"{where}: {in_lang(message, lang)}"


#: Messages the scenario loaders raise in more than one place.
TEXT_EXPECTED = Bilingual(
    "expected text, or {en: ..., ja: ...}", "テキストか {en: ..., ja: ...} を指定してください"
)
TWO_WEAPONS = Bilingual("two weapons share a key", "2つの武器が同じキーを使っています")
INLINE_KEY = Bilingual("an inline weapon needs a key", "ここで定義する武器にはキーが必要です")


def unknown_skill(name: str, allowed: str) -> Bilingual:
    """A skill the sheet may not list, with the ones it may."""
    return Bilingual(
        f"unknown skill {name!r}; allowed: {allowed}",
        f"不明な技能です：{name!r}（使えるもの：{allowed}）",
    )


#: English messages that reach a scenario error as plain text - raised below the scenario
#: layer (rule-system libraries and parsers, the space layer) or inside pydantic
#: validators, which keep only the text - and their Japanese, as (pattern, template of
#: the pattern's groups). The scenario layer's own messages are `Bilingual` where raised.
_JAPANESE: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), template)
    for pattern, template in (
        (
            r"unknown (advantage|hit location|facing) (.+); allowed: (.+)",
            "不明な{0}です：{1}（使えるもの：{2}）",
        ),
        (r"no (weapon|shield) (.+); known: (.+)", "{0} {1} はありません（あるもの：{2}）"),
        (r"unknown field; allowed: (.+)", "不明な項目です（使える項目：{0}）"),
        (
            r"expected text, or \{en: \.\.\., ja: \.\.\.\}",
            "テキストか {{en: ..., ja: ...}} を指定してください",
        ),
        (r"(Hex\(-?\d+, -?\d+\)) is not on the map", "{0} はマップの外です"),
        (
            r"(.+) is not dice such as 1D6\+1D4 or 1D3\+2",
            "{0} はダイスではありません（例：1D6+1D4、1D3+2）",
        ),
        (
            r"(.+) is not weapon damage: write dice or thr/sw, an optional armor divisor in "
            r"parentheses, and a type \((.+)\)",
            "{0} は武器のダメージではありません：ダイスか thr/sw、括弧に入れた徹甲除数"
            "（任意）、ダメージの種類（{1}）を書いてください",
        ),
        (
            r"(.+) is not a parry like 0, -1, \+2, 0U, 0F, No",
            "{0} は受け修正ではありません（例：0, -1, +2, 0U, 0F, No）",
        ),
        (
            r"(.+) is not a range in yards or a multiple of ST like x15",
            "{0} は射程ではありません（ヤード数か、x15 のような体力の倍数）",
        ),
        (
            r"expected a list of yards, 0 for C: e\.g\. \[0, 1\]",
            "ヤードのリストを指定してください（C は 0。例：[0, 1]）",
        ),
        (r"expected a whole number of 1 or more", "1以上の整数を指定してください"),
        (r"expected a whole number, not (.+)", "整数を指定してください（{0} は不可）"),
        (r"expected true or false, not (.+)", "true か false を指定してください（{0} は不可）"),
        (r"expected a mapping", "マッピングを指定してください"),
        (r"required, as text", "必須の項目です（テキストで指定してください）"),
        (
            r"expected a name, or \{en: \.\.\., ja: \.\.\.\}",
            "名前か {{en: ..., ja: ...}} を指定してください",
        ),
        (r"a weapon needs at least one attack mode", "武器には攻撃方法が1つ以上必要です"),
        (r"two attack modes share a name", "2つの攻撃方法が同じ名前を使っています"),
        (r"expected a weight in lb, 0 or more", "重さ（ポンド、0以上）を指定してください"),
        (r"(.+) is not a range like x15 or 150", "{0} は射程ではありません（例：x15、150）"),
        (
            r"expected a whole number of (-?\d+) or more, not (.+)",
            "{0}以上の整数を指定してください（{1} は不可）",
        ),
        (
            r"expected a whole number of (-?\d+) or less, not (.+)",
            "{0}以下の整数を指定してください（{1} は不可）",
        ),
        (
            r"expected Ready maneuvers like 2, or 3i for one round at a time, not (.+)",
            "準備の回数（2 など。1発ずつなら 3i）を指定してください（{0} は不可）",
        ),
        (
            r"(.+) is not HP as a whole number, or a share of full HP from 0% to 100% such as "
            r"50%",
            "{0} はHPではありません（整数か、50% のような最大HPの割合（0%〜100%））",
        ),
        (
            r"write a leveled trait as \{name: level\}, one per entry",
            "レベルのある特徴は {{名前: レベル}} の形で、1項目に1つずつ書いてください",
        ),
        (
            r"'(.+)' takes no level; traits with levels: (.+)",
            "特徴 '{0}' にレベルはありません（レベルのある特徴：{1}）",
        ),
        (
            r"the level of (.+) is a whole number from 1 to 10, not (.+)",
            "{0} のレベルは 1 から 10 の整数です（{1} は不可）",
        ),
    )
)

#: The words those patterns name, in Japanese (docs/glossary.md).
_WORDS = {
    "advantage": "特徴",
    "hit location": "命中部位",
    "facing": "向き",
    "weapon": "武器",
    "shield": "盾",
}


def japanese(message: str) -> str:
    """A known English message in Japanese (a `Bilingual`), else the message as it is.

    >>> print(in_lang(japanese("no weapon 'katana'; known: axe, club"), "ja"))
    武器 'katana' はありません（あるもの：axe, club）
    >>> japanese("something new")
    'something new'
    """
    for pattern, template in _JAPANESE:
        found = pattern.fullmatch(message)
        if found is not None:
            parts = [_WORDS.get(part, part) for part in found.groups()]
            return Bilingual(message, template.format(*parts))
    return message


def field_path(location: Sequence[int | str]) -> str:
    """`("combatants", 0, "st")` → `combatants[0].st`.

    >>> field_path(("combatants", 0, "skills", "Broadsword"))
    'combatants[0].skills.Broadsword'
    """
    text = ""
    for part in location:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += f".{part}" if text else str(part)
    return text


def from_validation(source: str, error: ValidationError, prefix: str = "") -> ScenarioError:
    """The first problem pydantic found, as a ScenarioError."""
    first = error.errors()[0]
    location = [part for part in first["loc"] if not _is_union_tag(part)]
    path = field_path(location)
    if prefix:
        path = f"{prefix}.{path}" if path else prefix
    message: str = str(first["msg"]).removeprefix("Value error, ")
    kind = first["type"]
    given = first.get("input")
    context = first.get("ctx") or {}
    if kind == "string_pattern_mismatch":
        message = Bilingual(
            f"{given!r} is not a valid key: use lowercase letters, digits and _, "
            "starting with a letter",
            f"{given!r} はキーに使えません（英小文字・数字・_ で、英小文字から始める）",
        )
    elif kind == "too_long" and path.endswith("position"):
        message = Bilingual("expected [x, y] in yards", "[x, y]（ヤード）で指定してください")
    elif kind in ("int_type", "int_parsing") and isinstance(given, bool | str):
        message = Bilingual(
            f"expected a whole number, not {given!r}", f"整数を指定してください（{given!r} は不可）"
        )
    elif kind in ("int_type", "int_parsing", "int_from_float"):
        message = Bilingual(message, f"整数を指定してください（{given!r} は不可）")
    elif kind in ("float_type", "float_parsing"):
        message = Bilingual(message, f"数を指定してください（{given!r} は不可）")
    elif kind == "finite_number":
        message = Bilingual(message, f"有限の数を指定してください（{given!r} は不可）")
    elif kind in ("string_type", "str_type"):
        message = Bilingual(message, f"文字列を指定してください（{given!r} は不可）")
    elif kind in ("bool_type", "bool_parsing"):
        message = Bilingual(message, f"真偽値（true/false）を指定してください（{given!r} は不可）")
    elif kind in ("list_type", "tuple_type"):
        message = Bilingual(message, "リストを指定してください")
    elif kind in ("dict_type", "model_type", "dataclass_type"):
        message = Bilingual(message, "マッピングを指定してください")
    elif kind in ("literal_error", "enum"):
        choices = context.get("expected", "")
        message = Bilingual(message, f"{choices} のいずれかを指定してください（{given!r} は不可）")
    elif kind in ("greater_than_equal", "greater_than", "less_than_equal", "less_than"):
        bound = {
            "greater_than_equal": ("ge", "以上"),
            "greater_than": ("gt", "より大きい値"),
            "less_than_equal": ("le", "以下"),
            "less_than": ("lt", "より小さい値"),
        }[kind]
        limit = context.get(bound[0], "")
        message = Bilingual(message, f"{limit}{bound[1]}を指定してください（{given!r} は不可）")
    elif kind == "extra_forbidden":
        message = Bilingual("unknown field (not allowed here)", "ここには書けない項目です")
    elif kind == "missing":
        message = Bilingual("required field is missing", "必須の項目がありません")
    return ScenarioError(source, path, message)


def _is_union_tag(part: int | str) -> bool:
    # pydantic names union members in error locations ("str", "function-after[...]").
    return isinstance(part, str) and (part in ("str", "int", "float") or "[" in part)
