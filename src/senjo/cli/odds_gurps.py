"""`senjo odds gurps`: the exact chances of one GURPS attack, and its injury.

`senjo odds gurps --skill 14 --defense 10` works out one attack exactly (no
sampling) from the 3d6 distribution: hit, critical hit (no defense, B381),
defended (of the non-critical hits) and success. With `--damage` it adds the
injury a landed hit does, and one attack does, after DR, the armor divisor
and the hit location's wounding, critical hit table included
(`senjo.sim.odds.gurps_exchange`). `senjo odds coc --skill 60 --defense 40`
does the same for Call of Cthulhu, with `--damage`, `--db`, `--armour` and
`--impale` (`senjo.sim.odds_coc.coc_exchange`). `--json` prints one object.

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
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from senjo.cli import odds_text
from senjo.cli.dice_errors import dice_error_text
from senjo.cli.gurps_names import (
    LOCATION_ALIASES,
    TOLERANCE_ALIASES,
    TOLERANCE_NAMES,
    TYPE_ALIASES,
    TYPE_NAMES,
    parse_divisor,
    pick_name,
)
from senjo.cli.odds_text import (
    aligned,
    chance,
    count,
    distribution_table,
    needs_damage,
    probabilities,
    whole,
)
from senjo.cli.options import parse_lang
from senjo.cli.output import echo, fail, say
from senjo.cli.spec import JSON, LANG, CommandSpec, Flag, Opt
from senjo.dice.distribution import Distribution
from senjo.dice.errors import DiceError
from senjo.dice.formatting import Lang
from senjo.sim.odds import (
    LEAST_ATTACK_SKILL,
    MAX_DAMAGE_DICE,
    GurpsAttackOdds,
    GurpsExchange,
    gurps_attack_odds,
    gurps_exchange,
)
from senjo.systems.gurps import tables
from senjo.systems.gurps.damage import IGNORES_DR, DamageParseError, DamageType, WeaponDamage
from senjo.systems.gurps.injury import InjuryTolerance, can_target

if TYPE_CHECKING:
    from senjo.sim.odds_rapid import GurpsBurst

__all__ = [
    "COMMAND",
    "GurpsAttackOdds",
    "gurps_attack_odds",
    "gurps_damage_json",
    "gurps_damage_lines",
    "gurps_odds",
    "gurps_odds_lines",
]

# (Japanese, English) for every message a user can see.
MESSAGES: dict[str, tuple[str, str]] = odds_text.MESSAGES | {
    "bad_damage": (
        "ダメージ {text!r} を読めません（2d+1、1d+2 cut、sw+1 cut、3d(2) pi など）",
        "cannot read the damage {text!r}: write e.g. 2d+1, 1d+2 cut, sw+1 cut, 3d(2) pi",
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
    "gurps_damage": (
        "ダメージ：{dice} {type}、{where}、防護点{dr}{extras}",
        "Damage {dice} {type} to the {where}, DR {dr}{extras}",
    ),
    "divisor": ("、徹甲除数({value})", ", armor divisor ({value})"),
    "hp": ("、最大HP{value}", ", HP {value}"),
    "no_table": ("、クリティカル命中表なし", ", no critical hit table"),
    "basic": ("基本ダメージ：{low}～{high}、平均{mean}", "basic damage: {low}-{high}, mean {mean}"),
    "gurps_columns": ("負傷|成功時|攻撃1回あたり", "injury|if it lands|per attack"),
    "critical_only": (
        "{low}～{high}：クリティカル命中の時だけ",
        "{low}-{high}: critical hits only",
    ),
    "rapid": (
        "速射：連射{rof}、反動{recoil}、命中{bonus:+d}（上の技能に含む）",
        "rapid fire: RoF {rof}, Rcl {recoil}, {bonus:+d} to hit (in the skill above)",
    ),
    "burst_success": ("1発以上命中：{value}", "at least one hit lands: {value}"),
    "hit_columns": ("命中数|攻撃1回あたり", "hits|per attack"),
    "burst_columns": ("負傷|1発あたり|攻撃1回あたり", "injury|one hit|per attack"),
    "burst_injury": (
        "攻撃1回あたりの負傷：平均{mean}、中央値{median}、90%点{p90}、最大{most}",
        "injury per attack: mean {mean}, median {median}, 90th percentile {p90}, most {most}",
    ),
    "needs_rof": ("--recoil は --rof と一緒に指定します", "--recoil needs --rof"),
    "too_many_shots": ("--rof は{most}までです", "--rof takes at most {most}"),
}


def _say(key: str, lang: Lang, **values: object) -> str:
    return say(MESSAGES, key, lang, **values)


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
    lines.append(_say("hit", lang, value=chance(odds.hit, lang)))
    lines.append(_say("critical_hit", lang, value=chance(odds.critical_hit, lang)))
    if odds.defense is None:
        lines.append(_say("undefended", lang))
    else:
        lines.append(_say("defended", lang, value=chance(odds.defended, lang)))
    lines.append(_say("success", lang, value=chance(odds.success, lang)))
    return lines


def _name(pair: tuple[str, str], lang: Lang) -> str:
    return pair[0] if lang == "ja" else pair[1]


def gurps_damage_lines(
    exchange: GurpsExchange, lang: Lang, burst: GurpsBurst | None = None
) -> list[str]:
    """The damage part: what hits where, basic damage, and the injury table.

    Injury only a critical hit can reach (above the most a normal hit does)
    shares one row. For a `burst` the table's columns are one hit's injury and
    the whole burst's per attack, whose figures follow it in one line.

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
        name = _name(TOLERANCE_NAMES[exchange.injury_tolerance], lang)
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
            type=_name(TYPE_NAMES[exchange.damage_type], lang),
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
        _say("gurps_columns" if burst is None else "burst_columns", lang),
        exchange.injury,
        exchange.injury_per_attack if burst is None else burst.injury_per_attack,
        lang,
        fold_above=most,
    )
    if exchange.injury.max > most:
        above = [v for v in exchange.injury.support if v > most]
        lines.append(_say("critical_only", lang, low=above[0], high=above[-1]))
    if burst is not None:
        total = burst.injury_per_attack
        lines.append(
            _say(
                "burst_injury",
                lang,
                mean=f"{float(total.mean):.2f}",
                median=_quantile(total, Fraction(1, 2)),
                p90=_quantile(total, Fraction(9, 10)),
                most=total.max,
            )
        )
    return lines


def _quantile(dist: Distribution, share: Fraction) -> int:
    """The least value with at least `share` of the chance at or below it."""
    reached = Fraction(0)
    for value, part in sorted(dist.probabilities().items()):
        reached += part
        if reached >= share:
            return value
    return dist.max


def _hits_lines(hits: Distribution, lang: Lang) -> list[str]:
    """A burst's hits landed per attack: one row each, then the mean."""
    rows = [[str(k), f"{float(hits.probability(k)) * 100:.2f}%"] for k in range(hits.max + 1)]
    rows.append([say(odds_text.MESSAGES, "mean", lang), f"{float(hits.mean):.2f}"])
    return aligned([_say("hit_columns", lang).split("|"), *rows])


def gurps_damage_json(exchange: GurpsExchange) -> dict[str, Any]:
    """The damage part of `--json`: basic, injury and per-attack distributions, and means."""
    return {
        "basic": probabilities(exchange.basic),
        "injury": probabilities(exchange.injury),
        "injury_per_attack": probabilities(exchange.injury_per_attack),
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
        kind = pick_name(damage_type, "type", TYPE_ALIASES, [str(t) for t in DamageType], lang)
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
    armor_divisor = parse_divisor(divisor, lang)
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
            fail(_say("needs_st", lang, text=weapon))
        strength = count(st, "--st", lang, least=1)
        dice = weapon.dice(tables.thrust_damage(strength), tables.swing_damage(strength))
    if dice.dice > MAX_DAMAGE_DICE:
        fail(_say("too_many_dice", lang, most=MAX_DAMAGE_DICE))
    return str(dice), weapon.damage_type.value, armor_divisor


def gurps_odds(
    skill: str | None = None,
    defense: str | None = None,
    damage: str | None = None,
    damage_type: str | None = None,
    dr: str | None = None,
    location: str | None = None,
    divisor: str | None = None,
    tolerance: str | None = None,
    hp: str | None = None,
    st: str | None = None,
    no_critical_table: bool = False,
    lang: str | None = None,
    as_json: bool = False,
    rof: str | None = None,
    recoil: str | None = None,
) -> None:
    """`senjo odds gurps`: the options as given on the command line (text, or None)."""
    chosen = parse_lang(lang)
    if skill is None:
        fail(_say("no_skill", chosen))
    attack_skill = whole(skill, "--skill", chosen)
    defense_value = None if defense is None else whole(defense, "--defense", chosen)
    if recoil is not None and rof is None:
        fail(_say("needs_rof", chosen))
    shots = 1 if rof is None else count(rof, "--rof", chosen, least=1)
    bonus = 0  # B373's Rapid Fire bonus, added to --skill: none for one shot
    if shots > 1:
        # A burst's rules and odds, imported for one only (some 8 ms of a start-up).
        from senjo.sim import odds_rapid
        from senjo.systems.gurps.ranged import rapid_fire_bonus

        if shots > odds_rapid.MAX_ROF:
            fail(_say("too_many_shots", chosen, most=odds_rapid.MAX_ROF))
        bonus = rapid_fire_bonus(shots)
    kick = 1 if recoil is None else count(recoil, "--recoil", chosen, least=1)
    exchange = None
    burst: GurpsBurst | None = None
    if damage is None:
        needs_damage(
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
        odds = gurps_attack_odds(attack_skill + bonus, defense_value)
    else:
        dice, kind, armor_divisor = _gurps_target(damage, damage_type, divisor, st, chosen)
        where = "torso"
        if location is not None:
            allowed = [loc.key for loc in tables.HIT_LOCATIONS]
            where = pick_name(location, "location", LOCATION_ALIASES, allowed, chosen)
        if not can_target(where, kind):
            place = tables.location(where)
            fail(
                _say(
                    "untargetable",
                    chosen,
                    type=_name(TYPE_NAMES[DamageType(kind)], chosen),
                    where=place.ja if chosen == "ja" else place.en,
                )
            )
        trait = None
        if tolerance is not None:
            allowed = [str(t) for t in InjuryTolerance]
            trait = pick_name(tolerance, "tolerance", TOLERANCE_ALIASES, allowed, chosen)
        armor = 0 if dr is None else count(dr, "--dr", chosen)
        max_hp = None if hp is None else count(hp, "--hp", chosen, least=1)
        try:
            exchange = gurps_exchange(
                attack_skill + bonus,
                defense_value,
                dice,
                kind,
                dr=armor,
                location=where,
                armor_divisor=armor_divisor,
                injury_tolerance=trait,
                hp=max_hp,
                critical_table=not no_critical_table,
            )
            if shots > 1:
                burst = odds_rapid.burst_of(exchange, shots, kick, bonus)
        except (ValueError, DiceError) as error:  # checked above; a last one-line guard
            fail(dice_error_text(str(error), chosen))
        odds = exchange.attack
    hits = None
    if shots > 1:
        hits = (
            burst.hits
            if burst is not None
            else odds_rapid.burst_hits(odds.skill, odds.defense, shots, kick)
        )
    if as_json:
        chances: dict[str, Any] = {
            "hit": float(odds.hit),
            "critical_hit": float(odds.critical_hit),
            "defended": float(odds.defended),
            "success": float(odds.success),
        }
        if hits is not None:  # a burst: its success is at least one hit landing
            chances |= {
                "skill": odds.skill,
                "rof": shots,
                "recoil": kick,
                "rapid_fire_bonus": bonus,
                "success": float(1 - hits.probability(0)),
                "hits": probabilities(hits),
                "mean_hits": float(hits.mean),
            }
        if exchange is not None:
            chances["damage"] = gurps_damage_json(exchange)
            if burst is not None:
                chances["damage"]["injury_per_attack"] = probabilities(burst.injury_per_attack)
                chances["damage"]["mean_injury_per_attack"] = float(burst.injury_per_attack.mean)
        echo(json.dumps(chances))
        return
    lines = gurps_odds_lines(odds, chosen)
    if hits is not None:
        lines[-1] = _say("rapid", chosen, rof=shots, recoil=kick, bonus=bonus)
        lines.append(_say("burst_success", chosen, value=chance(1 - hits.probability(0), chosen)))
        lines += _hits_lines(hits, chosen)
    if exchange is not None:
        lines += gurps_damage_lines(exchange, chosen, burst)
    echo("\n".join(lines))


COMMAND = CommandSpec(
    "gurps",
    "Exact chances of one GURPS attack, and its injury with --damage (命中確率と負傷の分布).",
    (
        Opt("skill", "--skill", metavar="N", help="The attacker's effective skill (技能)."),
        Opt(
            "defense",
            "--defense",
            metavar="N",
            help="The defender's active defense (能動防御); none if unset.",
        ),
        Opt(
            "damage",
            "--damage",
            "--weapon-damage",
            help="Damage (ダメージ): 2d+1, 1d+2 cut, sw+1 cut (with --st), 3d(2) pi …",
        ),
        Opt(
            "damage_type",
            "--type",
            help="Damage type if --damage has none: cut (default), cr, imp …",
        ),
        Opt("dr", "--dr", metavar="N", help="The armor's DR (防護点)."),
        Opt("location", "--location", "-l", help="Hit location (命中部位): torso, neck, skull, …"),
        Opt("divisor", "--divisor", metavar="N", help="Armor divisor (徹甲除数): 2, 3, 0.5, inf …"),
        Opt(
            "tolerance",
            "--tolerance",
            help="Injury Tolerance (負傷耐性): unliving, homogenous, diffuse.",
        ),
        Opt("hp", "--hp", metavar="N", help="The target's max HP (caps limb and extremity)."),
        Opt("st", "--st", metavar="N", help="The attacker's ST (体力), for thr/sw damage."),
        Flag(
            "no_critical_table",
            "--no-critical-table",
            help="A critical hit does normal damage (no table roll).",
        ),
        Opt(
            "rof",
            "--rof",
            metavar="N",
            help="Shots in a burst (連射, B373): its Rapid Fire bonus is added to --skill.",
        ),
        Opt("recoil", "--recoil", metavar="N", help="The weapon's Recoil (反動, Rcl; 1 if unset)."),
        LANG,
        JSON,
    ),
    gurps_odds,
)
