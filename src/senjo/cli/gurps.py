"""`senjo gurps`: the GURPS calculators at the command line.

`st` (damage by ST, B16), `range` (the speed/range table, B550) and
`damage` (basic damage to injury with its working, B378-380, B398-400).
Each prints one answer in Japanese or English, or one JSON object.

>>> strength_line(18, "ja"), strength_line(18, "en")
('体力18：突き 1d+2、振り 3d', 'ST 18: thrust 1d+2, swing 3d')
>>> range_line(30, -7, "ja")
'距離30ヤード：距離・速度修正 -7'
>>> injury_lines(injury(7, "cut", dr=2, location="neck"), "ja")
['負傷10：7 − 2 = 5 突き抜けたダメージ × 2（首への切り） = 10']
"""

from __future__ import annotations

import json
import math
from fractions import Fraction
from typing import Annotated, Any

import typer

from senjo.cli.gurps_names import (
    LOCATION_ALIASES,
    TOLERANCE_ALIASES,
    TOLERANCE_NAMES,
    TYPE_ALIASES,
    TYPE_NAMES,
    parse_divisor,
    pick_name,
    what_name,
)
from senjo.cli.options import parse_lang
from senjo.cli.output import fail
from senjo.dice.formatting import Lang
from senjo.systems.gurps import tables
from senjo.systems.gurps.damage import DamageType
from senjo.systems.gurps.injury import Injury, InjuryTolerance, can_target, injury

__all__ = [
    "LOCATION_ALIASES",
    "TOLERANCE_ALIASES",
    "TOLERANCE_NAMES",
    "TYPE_ALIASES",
    "TYPE_NAMES",
    "damage_command",
    "gurps_app",
    "injury_json",
    "injury_lines",
    "parse_divisor",
    "pick_name",
    "range_command",
    "range_line",
    "st_command",
    "strength_line",
]

gurps_app = typer.Typer(
    name="gurps",
    help="GURPS calculators: damage by ST, range modifier, injury. GURPS 計算機。",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)

LangOption = Annotated[str | None, typer.Option("--lang", help="Output language: ja or en.")]
JsonOption = Annotated[bool, typer.Option("--json", help="Print one JSON object.")]

# (Japanese, English) for every message a user can see.
MESSAGES: dict[str, tuple[str, str]] = {
    "not_whole": (
        "{what}は{least}以上の整数です: {text!r}",
        "{what} takes a whole number of {least} or more, not {text!r}",
    ),
    "not_yards": (
        "距離は0以上のヤード数です（30、2.5、1/2 など）: {text!r}",
        "the distance is a number of yards, 0 or more (30, 2.5, 1/2 …), not {text!r}",
    ),
    "blunt": (
        "柔軟な防具なら鈍的外傷 {value}",
        "blunt trauma if the armor is flexible: {value}",
    ),
    "untargetable": (
        "注意: {type}では{where}を狙えません",
        "note: a {type} attack cannot aim at the {where}",
    ),
}


def _say(key: str, lang: Lang, **values: object) -> str:
    ja, en = MESSAGES[key]
    return (ja if lang == "ja" else en).format(**values)


def _whole(text: str, what: str, lang: Lang, *, least: int = 0) -> int:
    """A whole number of at least `least`, or exit 2 with one line."""
    try:
        value = int(text.strip())
    except ValueError:
        value = least - 1
    if value < least:
        fail(_say("not_whole", lang, what=what_name(what, lang), least=least, text=text))
    return value


def _number(value: float | Fraction) -> int | float:
    """A JSON number: whole values as int, others as float."""
    return int(value) if value == int(value) else float(value)


# --- senjo gurps st ---------------------------------------------------------------------------


def strength_line(st: int, lang: Lang) -> str:
    """Thrust and swing damage for ST `st` (B16), as one line."""
    thrust, swing = tables.thrust_damage(st), tables.swing_damage(st)
    if lang == "ja":
        return f"体力{st}：突き {thrust}、振り {swing}"
    return f"ST {st}: thrust {thrust}, swing {swing}"


def st_command(
    st: Annotated[str, typer.Argument(metavar="ST", help="Strength (体力), 1 or more.")],
    lang: LangOption = None,
    as_json: JsonOption = False,
) -> None:
    """Thrust and swing damage for a ST score (体力から突き・振りのダメージ)."""
    chosen = parse_lang(lang)
    value = _whole(st, "st", chosen, least=1)
    if as_json:
        thrust, swing = tables.thrust_damage(value), tables.swing_damage(value)
        typer.echo(json.dumps({"st": value, "thrust": str(thrust), "swing": str(swing)}))
    else:
        typer.echo(strength_line(value, chosen))


# --- senjo gurps range ------------------------------------------------------------------------


def _yards(text: str, lang: Lang) -> Fraction:
    try:
        value = Fraction(text.strip())
    except (ValueError, ZeroDivisionError):
        fail(_say("not_yards", lang, text=text))
    if value < 0 or math.isinf(_float(value)):
        fail(_say("not_yards", lang, text=text))
    return value


def _float(value: Fraction) -> float:
    try:
        return float(value)
    except OverflowError:
        return math.inf


def range_line(yards: float | Fraction, modifier: int, lang: Lang) -> str:
    """The speed/range modifier for a distance, as one line.

    >>> range_line(Fraction(5, 2), -1, "en")
    '2.5 yards: speed/range modifier -1'
    """
    shown = _number(yards)
    signed = f"{modifier:+d}" if modifier else "0"
    if lang == "ja":
        return f"距離{shown}ヤード：距離・速度修正 {signed}"
    return f"{shown} yards: speed/range modifier {signed}"


def range_command(
    yards: Annotated[
        str,
        typer.Argument(
            metavar="YARDS", help="Distance (plus speed) in yards: 30, 2.5 or 1/2 (距離＋速度)."
        ),
    ],
    lang: LangOption = None,
    as_json: JsonOption = False,
) -> None:
    """The speed/range modifier for a distance in yards (目標の距離と速度, B550)."""
    chosen = parse_lang(lang)
    value = _yards(yards, chosen)
    modifier = tables.range_modifier(float(value))
    if as_json:
        typer.echo(json.dumps({"yards": _number(value), "modifier": modifier}))
    else:
        typer.echo(range_line(value, modifier, chosen))


# --- senjo gurps damage -----------------------------------------------------------------------


def _label_pairs() -> dict[str, str]:
    """Every wounding label `injury()` writes, in English → Japanese."""
    pairs: dict[str, str] = {}
    for ja, en in TYPE_NAMES.values():
        pairs[en] = ja
        pairs[f"{en}: no injury"] = f"{ja}：負傷なし"
        for trait_ja, trait_en in TOLERANCE_NAMES.values():
            pairs[f"{en}, {trait_en}"] = f"{ja}、{trait_ja}"
        for loc in tables.HIT_LOCATIONS:
            pairs[f"{en} at {loc.en}"] = f"{loc.ja}への{ja}"
    return pairs


_JA_LABELS = _label_pairs()
_JA_CAPS = {
    "minimum 1": "最低1",
    "Diffuse cap": "集合体の上限",
    "limb cap": "腕脚の上限",
    "extremity cap": "手足の上限",
}
# Applied in order to `Injury.working()`, after the label and the cap.
_JA_WORDS = (
    (" penetrating (no DR)", " 突き抜けたダメージ（防護点なし）"),
    (" penetrating", " 突き抜けたダメージ"),
    (", halved (down)", "、半減（端数切り捨て）"),
    (", halved (up)", "、半減（端数切り上げ）"),
    ("DR ", "防護点 "),
    ("; ", "；"),
)


def _working(hit: Injury, lang: Lang) -> str:
    """`Injury.working()`, with its words in Japanese when asked (the numbers are its own)."""
    text = hit.working()
    if lang == "en":
        return text
    label = _JA_LABELS.get(hit.multiplier_label, hit.multiplier_label)
    text = text.replace(f" ({hit.multiplier_label})", f"（{label}）")
    if hit.cap:
        text = text.replace(f"→ {hit.cap}", f"→ {_JA_CAPS.get(hit.cap, hit.cap)}")
    for en, ja in _JA_WORDS:
        text = text.replace(en, ja)
    return text


def injury_lines(hit: Injury, lang: Lang) -> list[str]:
    """The injury and its working, then blunt trauma and any aiming note.

    >>> injury_lines(injury(7, "cut", dr=2, location="neck"), "en")
    ['Injury 10: 7 − 2 = 5 penetrating × 2 (cutting at neck) = 10']
    >>> injury_lines(injury(12, "pi-", dr=11), "ja")[0]
    '負傷1：12 − 11 = 1 突き抜けたダメージ × 0.5（小貫通） = 0 → 最低1 = 1'
    """
    head = f"負傷{hit.injury}：" if lang == "ja" else f"Injury {hit.injury}: "
    lines = [head + _working(hit, lang)]
    if hit.blunt_trauma:
        lines.append(_say("blunt", lang, value=hit.blunt_trauma))
    if not can_target(hit.location, hit.damage_type):
        ja, en = TYPE_NAMES[hit.damage_type]
        where = tables.location(hit.location)
        lines.append(
            _say(
                "untargetable",
                lang,
                type=ja if lang == "ja" else en,
                where=where.ja if lang == "ja" else where.en,
            )
        )
    return lines


def _step_value(value: int | float | Fraction) -> int | float | None:
    if isinstance(value, float) and math.isinf(value):
        return None  # an armor divisor of (∞): JSON has no infinity
    return value if isinstance(value, int) else float(value)


def injury_json(hit: Injury) -> dict[str, Any]:
    """The injury as a JSON-ready mapping (the step labels stay in English).

    >>> injury_json(injury(7, "cut", dr=2, location="neck"))["steps"][3]
    ['× cutting at neck', 2.0]
    """
    return {
        "basic": hit.basic,
        "dr": hit.dr,
        "penetrating": hit.penetrating,
        "multiplier": float(hit.multiplier),
        "injury": hit.injury,
        "steps": [[label, _step_value(value)] for label, value in hit.steps],
    }


def damage_command(
    basic: Annotated[str, typer.Argument(metavar="BASIC", help="Basic damage (基本ダメージ).")],
    damage_type: Annotated[
        str,
        typer.Argument(
            metavar="TYPE", help="Damage type: cr, cut, imp, pi-, pi, pi+, pi++, burn, … or 切り."
        ),
    ],
    dr: Annotated[str, typer.Option("--dr", metavar="N", help="The armor's DR (防護点).")] = "0",
    location: Annotated[
        str,
        typer.Option("--location", "-l", help="Hit location (命中部位): torso, neck, skull, …"),
    ] = "torso",
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
    lang: LangOption = None,
    as_json: JsonOption = False,
) -> None:
    """The injury one hit does, with its working (ダメージから負傷を計算)."""
    chosen = parse_lang(lang)
    basic_damage = _whole(basic, "basic", chosen)
    kind = pick_name(damage_type, "type", TYPE_ALIASES, [str(t) for t in DamageType], chosen)
    armor = _whole(dr, "dr", chosen)
    where = pick_name(
        location, "location", LOCATION_ALIASES, [loc.key for loc in tables.HIT_LOCATIONS], chosen
    )
    trait = None
    if tolerance is not None:
        trait = pick_name(
            tolerance, "tolerance", TOLERANCE_ALIASES, [str(t) for t in InjuryTolerance], chosen
        )
    max_hp = None if hp is None else _whole(hp, "hp", chosen, least=1)
    hit = injury(
        basic_damage,
        kind,
        dr=armor,
        location=where,
        armor_divisor=parse_divisor(divisor, chosen),
        injury_tolerance=trait,
        hp=max_hp,
    )
    if as_json:
        typer.echo(json.dumps(injury_json(hit), ensure_ascii=False, allow_nan=False))
    else:
        typer.echo("\n".join(injury_lines(hit, chosen)))


# A negative number reaches the command (and its one-line error) instead of the parser.
_NUMBER_ARGUMENT = {"ignore_unknown_options": True}
gurps_app.command("st", context_settings=_NUMBER_ARGUMENT)(st_command)
gurps_app.command("range", context_settings=_NUMBER_ARGUMENT)(range_command)
gurps_app.command("damage")(damage_command)
