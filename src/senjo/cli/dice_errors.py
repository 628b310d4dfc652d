"""Dice errors in the user's language: the dice layer words them in English only.

`dice_error_text(error, lang)` gives a `DiceError`'s one-line message in
`ja` or `en`. The dice layer sits below the front ends and raises plain
English (its messages are part of its tested contract); this table words
each message a command can show in Japanese, with its names and numbers.
A message the table does not know stays English.

>>> from senjo.dice.errors import DiceLimitError
>>> error = DiceLimitError("a die may have at most 10,000 sides, not 20,000")
>>> dice_error_text(error, "ja")
'ダイスの面は 10,000 までです（20,000 ではなく）'
>>> dice_error_text(error, "en")
'a die may have at most 10,000 sides, not 20,000'
"""

from __future__ import annotations

import functools
import re

from senjo.dice.errors import DiceError

__all__ = ["WORDING", "dice_error_text", "translations"]

#: (English pattern, Japanese template): the first pattern that matches the whole
#: message gives its Japanese wording, filled with the pattern's named groups.
WORDING: tuple[tuple[str, str], ...] = (
    (
        r"too many dice: the command rolls (?P<n>.+) dice; "
        r"at most (?P<most>[\d,]+) are allowed in one command",
        "ダイスが多すぎます：このコマンドは {n} 個のダイスを振ります。"
        "1 つのコマンドで振れるのは {most} 個までです",
    ),
    (r"more than 10\^15", "10^15 を超える数"),
    (
        r"a group of dice needs at least 1 die, not (?P<n>-?\d+)",
        "ダイスの組には 1 個以上のダイスが必要です（{n} ではなく）",
    ),
    (
        r"a die needs at least 1 side, not (?P<n>-?\d+)",
        "ダイスには 1 以上の面が必要です（{n} ではなく）",
    ),
    (
        r"a die may have at most (?P<most>[\d,]+) sides, not (?P<n>.+)",
        "ダイスの面は {most} までです（{n} ではなく）",
    ),
    (
        r"a keep/drop count must be 0 or more, not (?P<n>-?\d+)",
        "残す・除くダイスの数は 0 以上です（{n} ではなく）",
    ),
    (r"a reroll condition needs a threshold", "振り足し・振り直しの条件には閾値が必要です"),
    (
        r"parentheses may nest at most (?P<n>\d+) deep",
        "括弧の入れ子は {n} 段までです",
    ),
    (
        r"a dice term cannot be used where a plain number is needed",
        "数値が必要なところにダイスは使えません",
    ),
    (r"not an integer expression: (?P<text>.+)", "整数の式ではありません：{text}"),
    (r"integer expression ends too early", "整数の式が途中で終わっています"),
    (r"unbalanced parentheses in integer expression", "整数の式の括弧が対応していません"),
    (
        r"unexpected (?P<what>.+) in integer expression",
        "整数の式に予期しない {what} があります",
    ),
    (
        r"integer expression longer than 1,000 characters",
        "整数の式が 1,000 文字を超えています",
    ),
    (r"empty integer expression", "整数の式が空です"),
    (
        r"unexpected (?P<what>.+) after integer expression",
        "整数の式の後に予期しない {what} があります",
    ),
    (
        r"the command is (?P<n>[\d,]+) characters long; at most (?P<most>[\d,]+) are allowed",
        "コマンドが {n} 文字あります。{most} 文字までです",
    ),
    (
        r"the outcomes would span (?P<n>[\d,]+) values; at most (?P<most>[\d,]+) are allowed",
        "結果の幅が {n} 通りになります。{most} 通りまでです",
    ),
    (
        r"keeping (?P<keep>\d+) of (?P<count>\d+) dice would enumerate (?P<n>[\d,]+) "
        r"combinations; at most (?P<most>[\d,]+) are allowed",
        "{count} 個から {keep} 個を残すと {n} 通りの組み合わせを数えることになります。"
        "{most} 通りまでです",
    ),
    (
        r"(?P<what>.+) would enumerate (?P<n>[\d,]+) combinations; "
        r"at most (?P<most>[\d,]+) are allowed",
        "{n} 通りの組み合わせを数えることになります（{what}）。{most} 通りまでです",
    ),
    (
        r"adding these distributions needs (?P<n>[\d,]+)-bit arithmetic; "
        r"at most (?P<most>[\d,]+) bits are allowed",
        "分布を足し合わせるのに {n} ビットの計算が必要です。{most} ビットまでです",
    ),
    (
        r"(?P<command>'.*') has no chance of success: it has no comparison; "
        r"write (?:a sum with one,|a comparison) such as 2D6>=7",
        "{command} には成功の確率がありません：比較がありません。"
        "2D6>=7 のように比較を書いてください",
    ),
    (
        r"(?P<command>'.*') has no chance of success: it has a comparison with \? "
        r"\(no target\); write a comparison such as 2D6>=7",
        "{command} には成功の確率がありません：比較の目標値が ? です。"
        "2D6>=7 のように比較を書いてください",
    ),
    (
        r"(?P<command>'.*') is not a (?P<system>\S+) dice command, "
        r"so it has no exact distribution",
        "{command} は {system} のダイスコマンドではないため、厳密な分布がありません",
    ),
    (
        r"cannot keep (?P<keep>-?\d+) of (?P<count>-?\d+) dice",
        "{count} 個から {keep} 個は残せません",
    ),
    (
        r"unknown dice system (?P<name>'.*'); known: (?P<known>.+)",
        "ダイスシステム {name} はありません。使えるもの：{known}",
    ),
    (
        r"scripted die (?P<i>\d+): (?P<value>.+) is not a face of a d(?P<sides>\d+)",
        "指定したダイスの {i} 個目：{value} は d{sides} の目ではありません",
    ),
    (
        r"scripted die (?P<i>\d+): (?P<value>.+) is not a die face \(1 or more\)",
        "指定したダイスの {i} 個目：{value} はダイスの目（1 以上）ではありません",
    ),
    (
        r"the dice script ran out: a d(?P<sides>\d+) was rolled after all "
        r"(?P<n>\d+) scripted dice were used",
        "指定したダイスが尽きました：{n} 個をすべて使った後に d{sides} が振られました",
    ),
    (
        r"scripted die (?P<i>\d+) is a d(?P<expected>\d+) but a d(?P<sides>\d+) was rolled",
        "指定したダイスの {i} 個目は d{expected} ですが、d{sides} が振られました",
    ),
    (
        r"scripted die (?P<i>\d+) is (?P<value>\d+), which a d(?P<sides>\d+) cannot roll",
        "指定したダイスの {i} 個目は {value} で、d{sides} では出ない目です",
    ),
)


@functools.cache
def translations() -> tuple[tuple[re.Pattern[str], str], ...]:
    """`WORDING` with its patterns compiled, on the first message worded in Japanese
    (compiling them on import cost every start-up about 3 ms)."""
    return tuple((re.compile(pattern), template) for pattern, template in WORDING)


def dice_error_text(error: DiceError | str, lang: str) -> str:
    """The error's message in `lang` ("ja" or "en"); unknown messages stay English."""
    text = str(error)
    if lang != "ja":
        return text
    for pattern, template in translations():
        found = pattern.fullmatch(text)
        if found is not None:
            groups = {
                key: dice_error_text(value, lang) if key == "n" else value
                for key, value in found.groupdict().items()
            }
            return template.format(**groups)
    return text
