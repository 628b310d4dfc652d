"""`senjo odds`: exact probabilities of one exchange, one subcommand per rule system.

`senjo odds gurps --skill 14 --defense 10` works out one attack exactly (no
sampling) from the 3d6 distribution: hit, critical hit (no defense, B381),
defended (of the non-critical hits) and success. With `--damage` it adds the
injury a landed hit does, and one attack does, after DR, the armor divisor
and the hit location's wounding, critical hit table included
(`senjo.sim.odds.gurps_exchange`). `senjo odds coc --skill 60 --defense 40`
does the same for Call of Cthulhu, with `--damage`, `--db`, `--armour` and
`--impale` (`senjo.sim.odds.coc_exchange`). `--json` prints one object.

>>> odds = gurps_attack_odds(14, 10)
>>> odds.hit, odds.critical_hit, odds.defended, odds.success
(Fraction(49, 54), Fraction(1, 54), Fraction(1, 2), Fraction(25, 54))
>>> gurps_odds_lines(odds, "en")[-1]
'success: 46.30% (25/54)'
>>> print("\\n".join(gurps_damage_lines(gurps_exchange(10, 10, "1d", "cr"), "en")[2:5]))
injury  if it lands  per attack
     0        0.00%      74.07%
     1       16.48%       4.27%
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Mapping
from fractions import Fraction
from typing import Annotated, Any

import typer

from senjo.cli.gurps import (
    _LOCATION_ALIASES,
    _TOLERANCE_ALIASES,
    _TOLERANCE_NAMES,
    _TYPE_ALIASES,
    _TYPE_NAMES,
    _divisor,
    _pick,
)
from senjo.cli.options import parse_lang
from senjo.cli.output import fail
from senjo.dice.distribution import Distribution
from senjo.dice.errors import DiceError
from senjo.dice.formatting import Lang
from senjo.sim.odds import (
    LEAST_ATTACK_SKILL,
    MAX_DAMAGE_DICE,
    CocExchange,
    GurpsAttackOdds,
    GurpsExchange,
    coc_exchange,
    gurps_attack_odds,
    gurps_exchange,
    parse_coc_damage,
)
from senjo.systems.coc.model import DamageDice as CocDice
from senjo.systems.gurps import tables
from senjo.systems.gurps.damage import IGNORES_DR, DamageParseError, DamageType, WeaponDamage
from senjo.systems.gurps.injury import InjuryTolerance, can_target

__all__ = [
    "GurpsAttackOdds",
    "coc_damage_lines",
    "coc_odds_command",
    "coc_odds_lines",
    "gurps_attack_odds",
    "gurps_damage_lines",
    "gurps_odds_command",
    "gurps_odds_lines",
    "odds_app",
]

odds_app = typer.Typer(
    name="odds",
    help="Exact probabilities (正確な確率), one subcommand per rule system.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)


@odds_app.callback()
def _odds() -> None:
    """Exact probabilities (正確な確率): `senjo odds gurps …`, `senjo odds coc …`."""


# (Japanese, English) for every message a user can see.
MESSAGES: dict[str, tuple[str, str]] = {
    "no_skill": ("--skill（技能）を指定してください", "--skill is required"),
    "not_whole": ("{option} は整数です: {text!r}", "{option} takes a whole number, not {text!r}"),
    "not_count": (
        "{option} は{least}以上の整数です: {text!r}",
        "{option} takes a whole number of {least} or more, not {text!r}",
    ),
    "needs_damage": ("{option} は --damage と一緒に指定します", "{option} needs --damage"),
    "bad_damage": (
        "ダメージ {text!r} を読めません（2d+1、1d+2 cut、sw+1 cut、3d(2) pi など）",
        "cannot read the damage {text!r}: write e.g. 2d+1, 1d+2 cut, sw+1 cut, 3d(2) pi",
    ),
    "too_many_dice": (
        "ダメージのダイスは{most}個までです",
        "at most {most} damage dice",
    ),
    "needs_st": (
        "{text} は体力で決まるダメージです。--st を指定してください",
        "{text} is ST-based damage: give --st",
    ),
    "st_unused": (
        "--st は thr/sw のダメージにだけ使います",
        "--st only applies to thr or sw damage",
    ),
    "twice": (
        "{what}が --damage と {option} で違います",
        "the {what} in --damage differs from {option}",
    ),
    "untargetable": ("{type}では{where}を狙えません", "a {type} attack cannot aim at the {where}"),
    "heading": (
        "GURPS 命中判定：技能{skill}{against}",
        "GURPS attack at skill {skill}{against}",
    ),
    "against": ("、能動防御{defense}", " against defense {defense}"),
    "no_attempt": (
        "修正後技能レベルが3未満なので攻撃できません（B344）",
        "an effective skill below 3 cannot attempt the attack (B344)",
    ),
    "hit": ("命中：{value}", "hit: {value}"),
    "critical_hit": ("クリティカル命中：{value}、防御不可", "critical hit: {value} (no defense)"),
    "defended": (
        "防御成功：{value}、クリティカル以外の命中に対して",
        "defended: {value} (of non-critical hits)",
    ),
    "undefended": ("防御成功：防御なし", "defended: no defense"),
    "success": ("成功：{value}", "success: {value}"),
    "gurps_damage": (
        "ダメージ：{dice} {type}、{where}、防護点{dr}{extras}",
        "Damage {dice} {type} to the {where}, DR {dr}{extras}",
    ),
    "divisor": ("、徹甲除数({value})", ", armor divisor ({value})"),
    "hp": ("、最大HP{value}", ", HP {value}"),
    "no_table": ("、クリティカル命中表なし", ", no critical hit table"),
    "basic": ("基本ダメージ：{low}～{high}、平均{mean}", "basic damage: {low}-{high}, mean {mean}"),
    "gurps_columns": ("負傷|成功時|攻撃1回あたり", "injury|if it lands|per attack"),
    "mean": ("平均", "mean"),
    "critical_only": (
        "{low}～{high}：クリティカル命中の時だけ",
        "{low}-{high}: critical hits only",
    ),
    "bad_coc_damage": (
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
    "coc_heading": (
        "CoC 命中判定：技能{skill}%{against}（{rule}）",
        "CoC attack at {skill}%{against} ({rule})",
    ),
    "coc_against": ("、回避/受け流し{defense}%", " against a dodge or parry of {defense}%"),
    "coc_hit": ("命中：{value}", "hit: {value}"),
    "special": ("スペシャル：{value}", "special: {value}"),
    "critical": ("決定的成功：{value}", "critical: {value}"),
    "fumble": ("致命的失敗：{value}", "fumble: {value}"),
    "coc_defended": ("防御成功：{value}", "defended: {value}"),
    "coc_damage": (
        "ダメージ：{dice}、装甲{armour}{impale}",
        "Damage {dice}, armour {armour}{impale}",
    ),
    "impale": ("、スペシャルで貫通", ", impale on a special"),
    "rolled": (
        "ダメージロール：{low}～{high}、平均{mean}（装甲の前）",
        "damage rolled: {low}-{high}, mean {mean} (before armour)",
    ),
    "coc_columns": ("ダメージ|成功時|攻撃1回あたり", "damage|if it lands|per attack"),
}


def _say(key: str, lang: Lang, **values: object) -> str:
    ja, en = MESSAGES[key]
    return (ja if lang == "ja" else en).format(**values)


def _chance(value: Fraction, lang: Lang) -> str:
    """'46.30% (25/54)', with full-width brackets in Japanese."""
    percent = f"{float(value) * 100:.2f}%"
    return f"{percent}（{value}）" if lang == "ja" else f"{percent} ({value})"


def _whole(text: str, option: str, lang: Lang) -> int:
    try:
        return int(text.strip())
    except ValueError:
        fail(_say("not_whole", lang, option=option, text=text))


def _count(text: str, option: str, lang: Lang, least: int = 0) -> int:
    try:
        value = int(text.strip())
    except ValueError:
        value = least - 1
    if value < least:
        fail(_say("not_count", lang, option=option, least=least, text=text))
    return value


# --- tables of distributions ------------------------------------------------------------------


def _width(text: str) -> int:
    """Columns on a terminal: wide (Japanese) characters take two."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _right(text: str, width: int) -> str:
    return " " * (width - _width(text)) + text


def _range(low: int, high: int, lang: Lang) -> str:
    if low == high:
        return str(low)
    return f"{low}～{high}" if lang == "ja" else f"{low}-{high}"


def distribution_table(
    columns: str,
    landed: Distribution,
    per_attack: Distribution,
    lang: Lang,
    fold_above: int | None = None,
) -> list[str]:
    """Value → chance if the attack lands and per attack, one row each, then the means.

    Values above `fold_above` share one row (`low-high`).

    >>> distribution_table("x|a|b", Distribution.die(2), Distribution({0: 1, 2: 1}), "en")
    ['   x       a       b', '   0   0.00%  50.00%', '   1  50.00%   0.00%', \
'   2  50.00%  50.00%', 'mean    1.50    1.00']
    """
    head = columns.split("|")
    rows: list[tuple[str, Fraction, Fraction]] = []
    values = sorted(set(landed.support) | set(per_attack.support))
    kept = [v for v in values if fold_above is None or v <= fold_above]
    for value in kept:
        rows.append((str(value), landed.probability(value), per_attack.probability(value)))
    folded = [v for v in values if v not in kept]
    if folded:
        rows.append(
            (
                _range(folded[0], folded[-1], lang),
                sum((landed.probability(v) for v in folded), Fraction(0)),
                sum((per_attack.probability(v) for v in folded), Fraction(0)),
            )
        )
    cells = [[label, f"{float(a) * 100:.2f}%", f"{float(b) * 100:.2f}%"] for label, a, b in rows]
    cells.append([_say("mean", lang), f"{float(landed.mean):.2f}", f"{float(per_attack.mean):.2f}"])
    widths = [max(_width(row[i]) for row in [head, *cells]) for i in range(3)]
    return [
        "  ".join(_right(cell, w) for cell, w in zip(row, widths, strict=True))
        for row in [head, *cells]
    ]


def _probabilities(dist: Distribution) -> dict[str, float]:
    return {str(value): float(p) for value, p in dist.probabilities().items()}


# --- GURPS ------------------------------------------------------------------------------------


def gurps_odds_lines(odds: GurpsAttackOdds, lang: Lang) -> list[str]:
    """The odds as lines of text: heading, hit, critical hit, defended, success.

    >>> gurps_odds_lines(gurps_attack_odds(10), "ja")
    ['GURPS 命中判定：技能10', '命中：50.00%（1/2）', 'クリティカル命中：1.85%（1/54）、防御不可', \
'防御成功：防御なし', '成功：50.00%（1/2）']
    """
    against = "" if odds.defense is None else _say("against", lang, defense=odds.defense)
    lines = [_say("heading", lang, skill=odds.skill, against=against)]
    if odds.skill < LEAST_ATTACK_SKILL:
        lines.append(_say("no_attempt", lang))
    lines.append(_say("hit", lang, value=_chance(odds.hit, lang)))
    lines.append(_say("critical_hit", lang, value=_chance(odds.critical_hit, lang)))
    if odds.defense is None:
        lines.append(_say("undefended", lang))
    else:
        lines.append(_say("defended", lang, value=_chance(odds.defended, lang)))
    lines.append(_say("success", lang, value=_chance(odds.success, lang)))
    return lines


def _name(pair: tuple[str, str], lang: Lang) -> str:
    return pair[0] if lang == "ja" else pair[1]


def gurps_damage_lines(exchange: GurpsExchange, lang: Lang) -> list[str]:
    """The damage part: what hits where, basic damage, and the injury table.

    Injury only a critical hit can reach (above the most a normal hit does)
    shares one row.

    >>> gurps_damage_lines(gurps_exchange(10, damage="1d", damage_type="cut", location="neck",
    ...                                   critical_table=False), "ja")[:2]
    ['ダメージ：1d 切り、首、防護点0、クリティカル命中表なし', '基本ダメージ：1～6、平均3.50']
    """
    extras = ""
    if exchange.armor_divisor != 1:
        divisor = exchange.armor_divisor
        shown = "∞" if divisor == IGNORES_DR else f"{divisor:g}"
        extras += _say("divisor", lang, value=shown)
    if exchange.injury_tolerance is not None:
        name = _name(_TOLERANCE_NAMES[exchange.injury_tolerance], lang)
        extras += f"、{name}" if lang == "ja" else f", {name}"
    if exchange.hp is not None:
        extras += _say("hp", lang, value=exchange.hp)
    if not exchange.critical_table:
        extras += _say("no_table", lang)
    place = tables.location(exchange.location)
    lines = [
        _say(
            "gurps_damage",
            lang,
            dice=exchange.damage,
            type=_name(_TYPE_NAMES[exchange.damage_type], lang),
            where=place.ja if lang == "ja" else place.en,
            dr=exchange.dr,
            extras=extras,
        ),
        _say(
            "basic",
            lang,
            low=exchange.basic.min,
            high=exchange.basic.max,
            mean=f"{float(exchange.basic.mean):.2f}",
        ),
    ]
    most = exchange.normal_injury.max
    lines += distribution_table(
        _say("gurps_columns", lang),
        exchange.injury,
        exchange.injury_per_attack,
        lang,
        fold_above=most,
    )
    if exchange.injury.max > most:
        above = [v for v in exchange.injury.support if v > most]
        lines.append(_say("critical_only", lang, low=above[0], high=above[-1]))
    return lines


def gurps_damage_json(exchange: GurpsExchange) -> dict[str, Any]:
    """The damage part of `--json`: basic, injury and per-attack distributions, and means."""
    return {
        "basic": _probabilities(exchange.basic),
        "injury": _probabilities(exchange.injury),
        "injury_per_attack": _probabilities(exchange.injury_per_attack),
        "mean_injury": float(exchange.injury.mean),
        "mean_injury_per_attack": float(exchange.injury_per_attack.mean),
    }


def _gurps_target(
    damage: str,
    damage_type: str | None,
    divisor: str | None,
    st: str | None,
    lang: Lang,
) -> tuple[str, str, float]:
    """Read --damage (with --type, --divisor, --st): the dice, the type key, the divisor."""
    kind = None
    if damage_type is not None:
        kind = _pick(damage_type, "type", _TYPE_ALIASES, [str(t) for t in DamageType], lang)
    try:
        weapon = WeaponDamage.parse(damage)
    except DamageParseError:
        try:
            weapon = WeaponDamage.parse(f"{damage} {kind or 'cut'}")
        except DamageParseError:
            fail(_say("bad_damage", lang, text=damage))
    else:
        if kind is not None and kind != weapon.damage_type:
            fail(
                _say(
                    "twice",
                    lang,
                    what="ダメージの種類" if lang == "ja" else "type",
                    option="--type",
                )
            )
    armor_divisor = _divisor(divisor, lang)
    if weapon.armor_divisor != 1:
        if divisor is not None and armor_divisor != weapon.armor_divisor:
            what = "徹甲除数" if lang == "ja" else "armor divisor"
            fail(_say("twice", lang, what=what, option="--divisor"))
        armor_divisor = weapon.armor_divisor
    if weapon.base is None:
        if st is not None:
            fail(_say("st_unused", lang))
        dice = weapon.offset
    else:
        if st is None:
            fail(_say("needs_st", lang, text=f"{weapon.base}{weapon.offset}"))
        strength = _count(st, "--st", lang, least=1)
        dice = weapon.dice(tables.thrust_damage(strength), tables.swing_damage(strength))
    if dice.dice > MAX_DAMAGE_DICE:
        fail(_say("too_many_dice", lang, most=MAX_DAMAGE_DICE))
    return str(dice), weapon.damage_type.value, armor_divisor


def _needs_damage(given: Mapping[str, object], lang: Lang) -> None:
    for option, value in given.items():
        if value is not None and value is not False:
            fail(_say("needs_damage", lang, option=option))


def gurps_odds_command(
    skill: Annotated[
        str | None,
        typer.Option("--skill", metavar="N", help="The attacker's effective skill (技能)."),
    ] = None,
    defense: Annotated[
        str | None,
        typer.Option(
            "--defense",
            metavar="N",
            help="The defender's active defense (能動防御); none if unset.",
        ),
    ] = None,
    damage: Annotated[
        str | None,
        typer.Option(
            "--damage",
            "--weapon-damage",
            help="Damage (ダメージ): 2d+1, 1d+2 cut, sw+1 cut (with --st), 3d(2) pi …",
        ),
    ] = None,
    damage_type: Annotated[
        str | None,
        typer.Option("--type", help="Damage type if --damage has none: cut (default), cr, imp …"),
    ] = None,
    dr: Annotated[
        str | None, typer.Option("--dr", metavar="N", help="The armor's DR (防護点).")
    ] = None,
    location: Annotated[
        str | None,
        typer.Option("--location", "-l", help="Hit location (命中部位): torso, neck, skull, …"),
    ] = None,
    divisor: Annotated[
        str | None,
        typer.Option("--divisor", metavar="N", help="Armor divisor (徹甲除数): 2, 3, 0.5, inf …"),
    ] = None,
    tolerance: Annotated[
        str | None,
        typer.Option(
            "--tolerance", help="Injury Tolerance (負傷耐性): unliving, homogenous, diffuse."
        ),
    ] = None,
    hp: Annotated[
        str | None,
        typer.Option("--hp", metavar="N", help="The target's max HP (caps limb and extremity)."),
    ] = None,
    st: Annotated[
        str | None,
        typer.Option("--st", metavar="N", help="The attacker's ST (体力), for thr/sw damage."),
    ] = None,
    no_critical_table: Annotated[
        bool,
        typer.Option(
            "--no-critical-table", help="A critical hit does normal damage (no table roll)."
        ),
    ] = False,
    lang: Annotated[str | None, typer.Option("--lang", help="Output language: ja or en.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Exact chances of one GURPS attack, and its injury with --damage (命中確率と負傷の分布)."""
    chosen = parse_lang(lang)
    if skill is None:
        fail(_say("no_skill", chosen))
    attack_skill = _whole(skill, "--skill", chosen)
    defense_value = None if defense is None else _whole(defense, "--defense", chosen)
    exchange = None
    if damage is None:
        _needs_damage(
            {
                "--type": damage_type,
                "--dr": dr,
                "--location": location,
                "--divisor": divisor,
                "--tolerance": tolerance,
                "--hp": hp,
                "--st": st,
                "--no-critical-table": no_critical_table,
            },
            chosen,
        )
        odds = gurps_attack_odds(attack_skill, defense_value)
    else:
        dice, kind, armor_divisor = _gurps_target(damage, damage_type, divisor, st, chosen)
        where = "torso"
        if location is not None:
            allowed = [loc.key for loc in tables.HIT_LOCATIONS]
            where = _pick(location, "location", _LOCATION_ALIASES, allowed, chosen)
        if not can_target(where, kind):
            place = tables.location(where)
            fail(
                _say(
                    "untargetable",
                    chosen,
                    type=_name(_TYPE_NAMES[DamageType(kind)], chosen),
                    where=place.ja if chosen == "ja" else place.en,
                )
            )
        trait = None
        if tolerance is not None:
            allowed = [str(t) for t in InjuryTolerance]
            trait = _pick(tolerance, "tolerance", _TOLERANCE_ALIASES, allowed, chosen)
        exchange = gurps_exchange(
            attack_skill,
            defense_value,
            dice,
            kind,
            dr=0 if dr is None else _count(dr, "--dr", chosen),
            location=where,
            armor_divisor=armor_divisor,
            injury_tolerance=trait,
            hp=None if hp is None else _count(hp, "--hp", chosen, least=1),
            critical_table=not no_critical_table,
        )
        odds = exchange.attack
    if as_json:
        chances: dict[str, Any] = {
            "hit": float(odds.hit),
            "critical_hit": float(odds.critical_hit),
            "defended": float(odds.defended),
            "success": float(odds.success),
        }
        if exchange is not None:
            chances["damage"] = gurps_damage_json(exchange)
        typer.echo(json.dumps(chances))
        return
    lines = gurps_odds_lines(odds, chosen)
    if exchange is not None:
        lines += gurps_damage_lines(exchange, chosen)
    typer.echo("\n".join(lines))


# --- Call of Cthulhu --------------------------------------------------------------------------


def coc_odds_lines(exchange: CocExchange, lang: Lang) -> list[str]:
    """The chances as lines: heading, hit, special, critical, fumble, defended, success.

    >>> coc_odds_lines(coc_exchange(50, 30), "en")[0]
    'CoC attack at 50% against a dodge or parry of 30% (CCB)'
    """
    against = ""
    if exchange.defense is not None:
        against = _say("coc_against", lang, defense=exchange.defense)
    rule = "CCB" if exchange.ccb else "CC"
    lines = [_say("coc_heading", lang, skill=exchange.skill, against=against, rule=rule)]
    for key, value in (
        ("coc_hit", exchange.hit),
        ("special", exchange.special),
        ("critical", exchange.critical),
        ("fumble", exchange.fumble),
    ):
        lines.append(_say(key, lang, value=_chance(value, lang)))
    if exchange.defense is None:
        lines.append(_say("undefended", lang))
    else:
        lines.append(_say("coc_defended", lang, value=_chance(exchange.defended, lang)))
    lines.append(_say("success", lang, value=_chance(exchange.success, lang)))
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

    >>> coc_damage_lines(coc_exchange(60, damage="1D6+db/2", db="+1D4", impale=True), "en")[0]
    'Damage 1D6+(1D4)/2, armour 0, impale on a special'
    """
    impale = _say("impale", lang) if exchange.impale else ""
    rolled = exchange.rolled
    return [
        _say(
            "coc_damage", lang, dice=_coc_dice_text(exchange), armour=exchange.armour, impale=impale
        ),
        _say("rolled", lang, low=rolled.min, high=rolled.max, mean=f"{float(rolled.mean):.2f}"),
        *distribution_table(
            _say("coc_columns", lang), exchange.damage, exchange.damage_per_attack, lang
        ),
    ]


def coc_damage_json(exchange: CocExchange) -> dict[str, Any]:
    """The damage part of `--json`: rolled, after armour and per attack, and means."""
    return {
        "rolled": _probabilities(exchange.rolled),
        "damage": _probabilities(exchange.damage),
        "damage_per_attack": _probabilities(exchange.damage_per_attack),
        "mean_damage": float(exchange.damage.mean),
        "mean_damage_per_attack": float(exchange.damage_per_attack.mean),
    }


def coc_odds_command(
    skill: Annotated[
        str | None,
        typer.Option("--skill", metavar="N", help="The attack skill in percent (技能%)."),
    ] = None,
    defense: Annotated[
        str | None,
        typer.Option(
            "--defense", metavar="N", help="The dodge or parry in percent (回避/受け流し%)."
        ),
    ] = None,
    damage: Annotated[
        str | None,
        typer.Option("--damage", help="Weapon damage (ダメージ): 1D8, 1D6+1D4, 1D3+db, 1D6+db/2."),
    ] = None,
    db: Annotated[
        str | None,
        typer.Option("--db", help="Damage bonus (ダメージボーナス): +1D4, -1D4, +1D6, 0."),
    ] = None,
    armour: Annotated[
        str | None,
        typer.Option("--armour", "--armor", metavar="N", help="The target's armour (装甲)."),
    ] = None,
    impale: Annotated[
        bool, typer.Option("--impale", help="An impaling weapon (貫通): dice twice on a special.")
    ] = False,
    cc: Annotated[
        bool, typer.Option("--cc", help="The 1% rule (CC: critical 01, fumble 100), not CCB.")
    ] = False,
    lang: Annotated[str | None, typer.Option("--lang", help="Output language: ja or en.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Exact chances of one CoC attack, and its damage with --damage (命中確率とダメージの分布)."""
    chosen = parse_lang(lang)
    if skill is None:
        fail(_say("no_skill", chosen))
    attack_skill = _whole(skill, "--skill", chosen)
    defense_value = None if defense is None else _whole(defense, "--defense", chosen)
    if damage is None:
        _needs_damage({"--db": db, "--armour": armour, "--impale": impale}, chosen)
        exchange = coc_exchange(attack_skill, defense_value, "0", ccb=not cc)
    else:
        try:
            weapon, half = parse_coc_damage(damage)
        except ValueError:
            fail(_say("bad_coc_damage", chosen, text=damage))
        try:
            bonus = CocDice.parse(db or "0")
        except ValueError:
            fail(_say("bad_db", chosen, text=db))
        if half and len(bonus.terms) > 1:
            fail(_say("half_db", chosen, db=bonus.text))
        if weapon.dice_count * (2 if impale else 1) + bonus.dice_count > MAX_DAMAGE_DICE:
            fail(_say("too_many_dice", chosen, most=MAX_DAMAGE_DICE))
        try:
            exchange = coc_exchange(
                attack_skill,
                defense_value,
                damage,
                db or "0",
                armour=0 if armour is None else _count(armour, "--armour", chosen),
                impale=impale,
                ccb=not cc,
            )
        except (ValueError, DiceError) as error:
            fail(str(error))
    if as_json:
        chances: dict[str, Any] = {
            "hit": float(exchange.hit),
            "special": float(exchange.special),
            "critical": float(exchange.critical),
            "fumble": float(exchange.fumble),
            "defended": float(exchange.defended),
            "success": float(exchange.success),
        }
        if damage is not None:
            chances["damage"] = coc_damage_json(exchange)
        typer.echo(json.dumps(chances))
        return
    lines = coc_odds_lines(exchange, chosen)
    if damage is not None:
        lines += coc_damage_lines(exchange, chosen)
    typer.echo("\n".join(lines))


odds_app.command("gurps")(gurps_odds_command)
odds_app.command("coc")(coc_odds_command)
