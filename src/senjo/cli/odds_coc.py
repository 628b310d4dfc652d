"""`senjo odds coc`: exact chances of one Call of Cthulhu attack, and its damage.

One attack check against `--skill`, one dodge or parry against `--defense`
(a success stops the attack), and with `--damage` the damage that gets
through `--armour`, the db (`--db`) added once and an impaling weapon's
dice doubled on a special (`--impale`), or an unarmed blow's on a Martial
Arts roll (`--martial-arts N`, 武道); `--knockout HP` makes it a knock-out
attack (気絶攻撃) against a target of HP hit points; `senjo.sim.odds_coc.coc_exchange`
does the work, imported when the command runs (`senjo odds gurps` does not
load CoC). `--cc` judges criticals and fumbles by the 1% rule instead of CCB.

>>> from senjo.sim.odds_coc import coc_exchange
>>> print("\\n".join(coc_odds_lines(coc_exchange(50, 30), "ja")[:3]))
CoC 命中判定：技能50%、回避/受け流し30%（CCB）
命中：50.00%（1/2）
スペシャル：10.00%（1/10）
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from senjo.cli import odds_text
from senjo.cli.dice_errors import dice_error_text
from senjo.cli.odds_text import (
    chance,
    count,
    damage_json,
    distribution_table,
    needs_damage,
    whole,
)
from senjo.cli.options import parse_lang
from senjo.cli.output import echo, fail, say
from senjo.cli.spec import JSON, LANG, CommandSpec, Flag, Opt
from senjo.dice.errors import DiceError
from senjo.dice.formatting import Lang

if TYPE_CHECKING:
    from senjo.sim.odds_coc import CocExchange

__all__ = [
    "COMMAND",
    "coc_damage_json",
    "coc_damage_lines",
    "coc_odds",
    "coc_odds_lines",
]

# (Japanese, English) for every message a user can see.
MESSAGES: dict[str, tuple[str, str]] = odds_text.MESSAGES | {
    "bad_damage": (
        "ダメージ {text!r} を読めません（1D8、1D6+1D4、1D3+db、1D6+db/2 など）",
        "cannot read the damage {text!r}: write e.g. 1D8, 1D6+1D4, 1D3+db, 1D6+db/2",
    ),
    "bad_db": (
        "--db {text!r} を読めません（+1D4、-1D4、+2D6、0 など）",
        "cannot read --db {text!r}: write e.g. +1D4, -1D4, +2D6, 0",
    ),
    "half_db": (
        "db/2 にできるのはダイス1種類の db だけです: {db}",
        "db/2 needs a db of one dice term, not {db}",
    ),
    "heading": (
        "CoC 命中判定：技能{skill}%{against}（{rule}）",
        "CoC attack at {skill}%{against} ({rule})",
    ),
    "against": ("、回避/受け流し{defense}%", " against a dodge or parry of {defense}%"),
    "hit": ("命中：{value}", "hit: {value}"),
    "special": ("スペシャル：{value}", "special: {value}"),
    "critical": ("決定的成功：{value}", "critical: {value}"),
    "fumble": ("致命的失敗：{value}", "fumble: {value}"),
    "defended": ("防御成功：{value}", "defended: {value}"),
    "damage": (
        "ダメージ：{dice}、装甲{armour}{impale}",
        "Damage {dice}, armour {armour}{impale}",
    ),
    "impale": ("、スペシャルで貫通", ", impale on a special"),
    "martial_note": (
        "、武道{value}%（成功でダイス2倍）",
        ", Martial Arts {value}% (dice twice on its success)",
    ),
    "knockout_note": ("、HP{hp}への気絶攻撃", ", knock-out attack against {hp} HP"),
    "knocked": ("気絶（攻撃1回あたり）：{value}", "knocked out (per attack): {value}"),
    "martial": (
        "武道（命中し武道ロールも成功）：{value}",
        "martial arts (hit and its roll): {value}",
    ),
    "martial_impale": (
        "武道は素手の攻撃のもので、素手は貫通しません（--impale と --martial-arts は併用不可）",
        "Martial Arts is for unarmed blows, which never impale (--impale or --martial-arts)",
    ),
    "rolled": (
        "ダメージロール：{low}～{high}、平均{mean}（装甲の前）",
        "damage rolled: {low}-{high}, mean {mean} (before armour)",
    ),
    "columns": ("ダメージ|成功時|攻撃1回あたり", "damage|if it lands|per attack"),
}


def _say(key: str, lang: Lang, **values: object) -> str:
    return say(MESSAGES, key, lang, **values)


def coc_odds_lines(exchange: CocExchange, lang: Lang) -> list[str]:
    """The chances as lines: heading, hit, special, critical, fumble, defended, success.

    >>> from senjo.sim.odds_coc import coc_exchange
    >>> coc_odds_lines(coc_exchange(50, 30), "en")[0]
    'CoC attack at 50% against a dodge or parry of 30% (CCB)'
    """
    against = ""
    if exchange.defense is not None:
        against = _say("against", lang, defense=exchange.defense)
    rule = "CCB" if exchange.ccb else "CC"
    lines = [_say("heading", lang, skill=exchange.skill, against=against, rule=rule)]
    for key, value in (
        ("hit", exchange.hit),
        ("special", exchange.special),
        ("critical", exchange.critical),
        ("fumble", exchange.fumble),
    ):
        lines.append(_say(key, lang, value=chance(value, lang)))
    if exchange.martial_arts is not None:
        lines.append(_say("martial", lang, value=chance(exchange.martial, lang)))
    if exchange.defense is None:
        lines.append(_say("undefended", lang))
    else:
        lines.append(_say("defended", lang, value=chance(exchange.defended, lang)))
    lines.append(_say("success", lang, value=chance(exchange.success, lang)))
    return lines


def _coc_dice_text(exchange: CocExchange) -> str:
    text = exchange.weapon.text
    bonus = exchange.db.text
    if bonus == "0":
        return text
    if exchange.half_db:
        bonus = f"({bonus})/2"
    if text == "0":
        return bonus
    return text + (bonus if bonus.startswith("-") else "+" + bonus)


def coc_damage_lines(exchange: CocExchange, lang: Lang) -> list[str]:
    """The damage part: dice, armour and impale, the rolled range, and the damage table.

    >>> from senjo.sim.odds_coc import coc_exchange
    >>> coc_damage_lines(coc_exchange(60, damage="1D6+db/2", db="+1D4", impale=True), "en")[0]
    'Damage 1D6+(1D4)/2, armour 0, impale on a special'
    """
    impale = _say("impale", lang) if exchange.impale else ""
    if exchange.martial_arts is not None:
        impale = _say("martial_note", lang, value=exchange.martial_arts)
    knocked = []
    if exchange.knockout_hp is not None:
        impale += _say("knockout_note", lang, hp=exchange.knockout_hp)
        knocked = [_say("knocked", lang, value=chance(exchange.knocked, lang))]
    rolled = exchange.rolled
    return [
        _say("damage", lang, dice=_coc_dice_text(exchange), armour=exchange.armour, impale=impale),
        *knocked,
        _say("rolled", lang, low=rolled.min, high=rolled.max, mean=f"{float(rolled.mean):.2f}"),
        *distribution_table(
            _say("columns", lang), exchange.damage, exchange.damage_per_attack, lang
        ),
    ]


def coc_damage_json(exchange: CocExchange) -> dict[str, Any]:
    """The damage part of `--json`: rolled, after armour and per attack, and means."""
    return damage_json(exchange.rolled, exchange.damage, exchange.damage_per_attack)


def coc_odds(
    skill: str | None = None,
    defense: str | None = None,
    damage: str | None = None,
    db: str | None = None,
    armour: str | None = None,
    impale: bool = False,
    cc: bool = False,
    martial_arts: str | None = None,
    knockout: str | None = None,
    lang: str | None = None,
    as_json: bool = False,
) -> None:
    """`senjo odds coc`: the options as given on the command line (text, or None)."""
    from senjo.sim.odds_coc import MAX_DAMAGE_DICE, coc_exchange, parse_coc_damage
    from senjo.systems.coc.model import DamageDice as CocDice

    chosen = parse_lang(lang)
    if skill is None:
        fail(_say("no_skill", chosen))
    attack_skill = whole(skill, "--skill", chosen)
    defense_value = None if defense is None else whole(defense, "--defense", chosen)
    if damage is None:
        needs_damage(
            {
                "--db": db,
                "--armour": armour,
                "--impale": impale,
                "--martial-arts": martial_arts,
                "--knockout": knockout,
            },
            chosen,
        )
        exchange = coc_exchange(attack_skill, defense_value, "0", ccb=not cc)
    else:
        try:
            weapon, half = parse_coc_damage(damage)
        except ValueError:
            fail(_say("bad_damage", chosen, text=damage))
        try:
            bonus = CocDice.parse(db or "0")
        except ValueError:
            fail(_say("bad_db", chosen, text=db))
        if half and len(bonus.terms) > 1:
            fail(_say("half_db", chosen, db=bonus.text))
        art = None if martial_arts is None else whole(martial_arts, "--martial-arts", chosen)
        target_hp = None if knockout is None else count(knockout, "--knockout", chosen, least=1)
        if impale and art is not None:
            fail(_say("martial_impale", chosen))
        doubles = impale or art is not None
        if weapon.dice_count * (2 if doubles else 1) + bonus.dice_count > MAX_DAMAGE_DICE:
            fail(_say("too_many_dice", chosen, most=MAX_DAMAGE_DICE))
        points = 0 if armour is None else count(armour, "--armour", chosen)
        try:
            exchange = coc_exchange(
                attack_skill,
                defense_value,
                damage,
                db or "0",
                points,
                impale,
                ccb=not cc,
                martial_arts=art,
                knockout_hp=target_hp,
            )
        except (ValueError, DiceError) as error:  # checked above; a last one-line guard
            fail(dice_error_text(str(error), chosen))
    if as_json:
        chances: dict[str, Any] = {
            "hit": float(exchange.hit),
            "special": float(exchange.special),
            "critical": float(exchange.critical),
            "fumble": float(exchange.fumble),
            "defended": float(exchange.defended),
            "success": float(exchange.success),
        }
        if exchange.martial_arts is not None:
            chances["martial_arts"] = float(exchange.martial)
        if exchange.knockout_hp is not None:
            chances["knocked_out"] = float(exchange.knocked)
        if damage is not None:
            chances["damage"] = coc_damage_json(exchange)
        echo(json.dumps(chances))
        return
    lines = coc_odds_lines(exchange, chosen)
    if damage is not None:
        lines += coc_damage_lines(exchange, chosen)
    echo("\n".join(lines))


COMMAND = CommandSpec(
    "coc",
    "Exact chances of one CoC attack, and its damage with --damage (命中確率とダメージの分布).",
    (
        Opt("skill", "--skill", metavar="N", help="The attack skill in percent (技能%)."),
        Opt(
            "defense",
            "--defense",
            metavar="N",
            help="The dodge or parry in percent (回避/受け流し%).",
        ),
        Opt("damage", "--damage", help="Weapon damage (ダメージ): 1D8, 1D6+1D4, 1D3+db, 1D6+db/2."),
        Opt("db", "--db", help="Damage bonus (ダメージボーナス): +1D4, -1D4, +1D6, 0."),
        Opt("armour", "--armour", "--armor", metavar="N", help="The target's armour (装甲)."),
        Flag("impale", "--impale", help="An impaling weapon (貫通): dice twice on a special."),
        Flag("cc", "--cc", help="The 1% rule (CC: critical 01, fumble 100), not CCB."),
        Opt(
            "martial_arts",
            "--martial-arts",
            metavar="N",
            help="Martial Arts (武道) in percent, for an unarmed blow: dice twice on its roll.",
        ),
        Opt(
            "knockout",
            "--knockout",
            metavar="HP",
            help="A knock-out attack (気絶攻撃) against a target of HP hit points.",
        ),
        LANG,
        JSON,
    ),
    coc_odds,
)
