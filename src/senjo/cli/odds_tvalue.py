"""`senjo odds tvalue`: exact chances of one T値 direct attack, and its damage.

The hit roll (命中 `--accuracy` + 2D6 must exceed the evasion score `--evasion`, or with
`--contest` the target's 2D6 + evasion − 7), and with `--damage` (six-sided dice and a
bonus) the damage computed — at most `--cap` — and what passes `--protection`, times
`--times` after protection. `--replacement` takes 強打 (heavy_blow), クリティカル
(critical) or 全力攻撃 (all_out); `senjo.sim.odds_tvalue.tv_exchange` does the work,
imported when the command runs.

>>> from senjo.sim.odds_tvalue import tv_exchange
>>> print("\\n".join(tvalue_odds_lines(tv_exchange(3, 11), "ja")))
T値 命中判定：命中3+2D6が回避点11を上回れば命中
命中：27.78%（5/18）
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Final

from senjo.cli import odds_text
from senjo.cli.odds_text import (
    chance,
    count,
    damage_json,
    distribution_table,
    needs_damage,
    value_range,
    whole,
)
from senjo.cli.options import parse_lang
from senjo.cli.output import echo, fail, say
from senjo.cli.spec import JSON, LANG, CommandSpec, Flag, Opt
from senjo.dice.formatting import Lang

if TYPE_CHECKING:
    from senjo.sim.odds_tvalue import TvExchange

__all__ = ["COMMAND", "tvalue_damage_lines", "tvalue_odds", "tvalue_odds_lines"]

#: `--replacement` names: the key, or its Japanese name (docs/glossary.md).
REPLACEMENT_NAMES: Final = {
    "heavy_blow": "heavy_blow",
    "強打": "heavy_blow",
    "critical": "critical",
    "クリティカル": "critical",
    "all_out": "all_out",
    "全力攻撃": "all_out",
}

# (Japanese, English) for every message a user can see.
MESSAGES: dict[str, tuple[str, str]] = odds_text.MESSAGES | {
    "no_accuracy": ("--accuracy（命中）を指定してください", "--accuracy is required"),
    "no_evasion": ("--evasion（回避点）を指定してください", "--evasion is required"),
    "bad_damage": (
        "ダメージ {text!r} を読めません（6面ダイスと修正：2D6+1、1D、3 など）",
        "cannot read the damage {text!r}: write six-sided dice and a bonus, e.g. 2D6+1, 1D, 3",
    ),
    "bad_replacement": (
        "--replacement {text!r} は使えません（heavy_blow/強打、critical/クリティカル、"
        "all_out/全力攻撃）",
        "--replacement {text!r} is not one of heavy_blow (強打), critical (クリティカル), "
        "all_out (全力攻撃)",
    ),
    "heading": (
        "T値 命中判定：命中{value}{note}+2D6が回避点{evasion}を上回れば命中",
        "T値 hit roll: accuracy {value}{note} + 2D6 must exceed evasion {evasion}",
    ),
    "heading_contest": (
        "T値 命中判定：命中{value}{note}+2D6 対 目標の2D6+回避点{evasion}−7",
        "T値 hit roll: accuracy {value}{note} + 2D6 against the target's 2D6 + evasion "
        "{evasion} - 7",
    ),
    "all_out_note": ("（{accuracy}、全力攻撃−4）", " ({accuracy}, all-out strike -4)"),
    "hit": ("命中：{value}", "hit: {value}"),
    "damage": (
        "ダメージ：{dice}{cap}、防護{protection}{times}{replacement}",
        "Damage {dice}{cap}, protection {protection}{times}{replacement}",
    ),
    "cap": ("、上限{cap}", ", cap {cap}"),
    "times": ("、防護の後×{times}", ", x{times} after protection"),
    "heavy_blow": ("、強打（ダイスは全て6）", ", heavy blow (every die a 6)"),
    "critical": ("、クリティカル（ダメージ2倍）", ", critical (damage x2)"),
    "all_out": ("、全力攻撃（ダイス1個につき+2）", ", all-out strike (+2 a die)"),
    "rolled": (
        "算出ダメージ：{values}、平均{mean}（防護の前）",
        "damage computed: {values}, mean {mean} (before protection)",
    ),
    "columns": ("ダメージ|命中時|攻撃1回あたり", "damage|if it hits|per attack"),
}


def _say(key: str, lang: Lang, **values: object) -> str:
    return say(MESSAGES, key, lang, **values)


def tvalue_odds_lines(exchange: TvExchange, lang: Lang) -> list[str]:
    """The chances as lines: the hit roll, the chance to hit.

    >>> from senjo.sim.odds_tvalue import tv_exchange
    >>> tvalue_odds_lines(tv_exchange(4, 11, replacement="all_out", contest=True), "en")[0]
    "T値 hit roll: accuracy 0 (4, all-out strike -4) + 2D6 against the target's 2D6 + \
evasion 11 - 7"
    """
    note = ""
    if exchange.replacement == "all_out":
        note = _say("all_out_note", lang, accuracy=exchange.accuracy)
    heading = "heading_contest" if exchange.contest else "heading"
    return [
        _say(heading, lang, value=exchange.value, note=note, evasion=exchange.evasion),
        _say("hit", lang, value=chance(exchange.hit, lang)),
    ]


def tvalue_damage_lines(exchange: TvExchange, lang: Lang) -> list[str]:
    """The damage part: dice, cap, protection and replacement, the damage computed, and
    the damage table.

    >>> from senjo.sim.odds_tvalue import tv_exchange
    >>> tvalue_damage_lines(tv_exchange(3, 9, "2D6+1", 10, 2, "critical"), "en")[:2]
    ['Damage 2D6+1, cap 10, protection 2, critical (damage x2)', \
'damage computed: 6-20, mean 15.44 (before protection)']
    """
    weapon = exchange.weapon
    assert weapon is not None  # damage lines only with --damage
    dice = f"{weapon.dice}D6" if weapon.dice else ""
    if weapon.flat or not dice:
        dice += f"{weapon.flat:+d}" if dice else str(weapon.flat)
    cap = _say("cap", lang, cap=weapon.cap) if weapon.cap else ""
    times = _say("times", lang, times=weapon.after_protection)
    replacement = _say(exchange.replacement, lang) if exchange.replacement else ""
    rolled = exchange.rolled
    return [
        _say(
            "damage",
            lang,
            dice=dice,
            cap=cap,
            protection=exchange.protection,
            times=times if weapon.after_protection != 1 else "",
            replacement=replacement,
        ),
        _say(
            "rolled",
            lang,
            values=value_range(rolled.min, rolled.max, lang),
            mean=f"{float(rolled.mean):.2f}",
        ),
        *distribution_table(
            _say("columns", lang), exchange.damage, exchange.damage_per_attack, lang
        ),
    ]


def tvalue_odds(
    accuracy: str | None = None,
    evasion: str | None = None,
    damage: str | None = None,
    cap: str | None = None,
    protection: str | None = None,
    times: str | None = None,
    replacement: str | None = None,
    contest: bool = False,
    lang: str | None = None,
    as_json: bool = False,
) -> None:
    """`senjo odds tvalue`: the options as given on the command line (text, or None)."""
    from senjo.sim.odds_tvalue import tv_exchange
    from senjo.systems.damage_dice import parse_damage

    chosen = parse_lang(lang)
    if accuracy is None:
        fail(_say("no_accuracy", chosen))
    if evasion is None:
        fail(_say("no_evasion", chosen))
    value = whole(accuracy, "--accuracy", chosen)
    target = whole(evasion, "--evasion", chosen)
    kind = ""
    if replacement is not None:
        kind = REPLACEMENT_NAMES.get(replacement.strip(), "")
        if not kind:
            fail(_say("bad_replacement", chosen, text=replacement))
    if damage is None:
        needs_damage({"--cap": cap, "--protection": protection, "--times": times}, chosen)
    elif parse_damage(damage) is None:
        fail(_say("bad_damage", chosen, text=damage))
    exchange = tv_exchange(
        value,
        target,
        damage,
        cap=0 if cap is None else count(cap, "--cap", chosen, least=1),
        protection=0 if protection is None else count(protection, "--protection", chosen),
        replacement=kind,
        contest=contest,
        times=1 if times is None else count(times, "--times", chosen, least=1),
    )
    if as_json:
        answer: dict[str, Any] = {
            "accuracy": exchange.accuracy,
            "value": exchange.value,
            "evasion": exchange.evasion,
            "contest": exchange.contest,
            "replacement": exchange.replacement,
            "hit": float(exchange.hit),
        }
        if damage is not None:
            answer["damage"] = damage_json(
                exchange.rolled, exchange.damage, exchange.damage_per_attack
            )
        echo(json.dumps(answer))
        return
    lines = tvalue_odds_lines(exchange, chosen)
    if damage is not None:
        lines += tvalue_damage_lines(exchange, chosen)
    echo("\n".join(lines))


COMMAND = CommandSpec(
    "tvalue",
    "Exact chances of one T値 direct attack, and its damage with --damage "
    "(命中確率とダメージの分布).",
    (
        Opt("accuracy", "--accuracy", metavar="N", help="The hit roll's accuracy (命中)."),
        Opt("evasion", "--evasion", metavar="N", help="The target's evasion score (回避点)."),
        Opt("damage", "--damage", help="Damage (ダメージ): six-sided dice and a bonus, 2D6+1, 1D."),
        Opt("cap", "--cap", metavar="N", help="The damage cap (ダメージ上限)."),
        Opt("protection", "--protection", metavar="N", help="The target's protection (防護)."),
        Opt(
            "times",
            "--times",
            metavar="N",
            help="Damage multiplied after protection (hollow points' 2).",
        ),
        Opt(
            "replacement",
            "--replacement",
            metavar="NAME",
            help="heavy_blow (強打), critical (クリティカル) or all_out (全力攻撃).",
        ),
        Flag(
            "contest",
            "--contest",
            help="The target rolls 2D6 + evasion - 7 (option hit_model=contest).",
        ),
        LANG,
        JSON,
    ),
    tvalue_odds,
)
