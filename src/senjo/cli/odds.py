"""`senjo odds`: exact probabilities, one subcommand per rule system.

`senjo odds gurps --skill 14 --defense 10` works out one attack exactly
(no sampling) from the 3d6 distribution:

- *hit*: the attack roll succeeds, criticals included (B347-348);
- *critical hit*: a critical success, which allows no defense (B381);
- *defended*: the defender's active defense succeeds, given a hit that is
  not critical (the two rolls are independent);
- *success*: hit and not defended = hit − (hit − critical hit) × defended.

An attack at an effective skill below 3 cannot be attempted (B344), so all
its chances are 0; a defense may be rolled at any score.

>>> odds = gurps_attack_odds(14, 10)
>>> odds.hit, odds.critical_hit, odds.defended, odds.success
(Fraction(49, 54), Fraction(1, 54), Fraction(1, 2), Fraction(25, 54))
>>> gurps_odds_lines(odds, "en")[-1]
'success: 46.30% (25/54)'
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction
from typing import Annotated

import typer

from senjo.cli.options import parse_lang
from senjo.cli.output import fail
from senjo.dice.formatting import Lang
from senjo.dice.systems.gurps import critical_success_probability, success_probability

__all__ = ["GurpsAttackOdds", "gurps_attack_odds", "gurps_odds_command", "odds_app"]

odds_app = typer.Typer(
    name="odds",
    help="Exact probabilities (正確な確率), one subcommand per rule system.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)


@odds_app.callback()
def _odds() -> None:
    """Exact probabilities (正確な確率): `senjo odds gurps …`."""


# (Japanese, English) for every message a user can see.
MESSAGES: dict[str, tuple[str, str]] = {
    "no_skill": ("--skill（技能）を指定してください", "--skill is required"),
    "not_whole": ("{option} は整数です: {text!r}", "{option} takes a whole number, not {text!r}"),
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
}

#: The lowest effective skill at which an attack may be attempted (B344).
LEAST_ATTACK_SKILL = 3


def _say(key: str, lang: Lang, **values: object) -> str:
    ja, en = MESSAGES[key]
    return (ja if lang == "ja" else en).format(**values)


@dataclass(frozen=True, slots=True)
class GurpsAttackOdds:
    """The exact chances of one GURPS attack against one active defense.

    `defense` is None when the target has no defense (then `defended` is 0).
    """

    skill: int
    defense: int | None
    hit: Fraction
    critical_hit: Fraction
    defended: Fraction
    success: Fraction


def gurps_attack_odds(skill: int, defense: int | None = None) -> GurpsAttackOdds:
    """Hit, critical hit, defended and overall success for an attack at `skill`.

    >>> odds = gurps_attack_odds(10)
    >>> odds.hit, odds.success
    (Fraction(1, 2), Fraction(1, 2))
    >>> gurps_attack_odds(2, 10).success
    Fraction(0, 1)
    """
    if skill < LEAST_ATTACK_SKILL:
        hit = critical = Fraction(0)
    else:
        hit, critical = success_probability(skill), critical_success_probability(skill)
    defended = Fraction(0) if defense is None else success_probability(defense)
    # B381: a critical hit allows no defense; other hits are defended independently.
    success = hit - (hit - critical) * defended
    return GurpsAttackOdds(skill, defense, hit, critical, defended, success)


def _chance(value: Fraction, lang: Lang) -> str:
    """'46.30% (25/54)', with full-width brackets in Japanese."""
    percent = f"{float(value) * 100:.2f}%"
    return f"{percent}（{value}）" if lang == "ja" else f"{percent} ({value})"


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


def _whole(text: str, option: str, lang: Lang) -> int:
    try:
        return int(text.strip())
    except ValueError:
        fail(_say("not_whole", lang, option=option, text=text))


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
    lang: Annotated[str | None, typer.Option("--lang", help="Output language: ja or en.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Exact chances of one GURPS attack: hit, critical hit, defended, success (命中確率)."""
    chosen = parse_lang(lang)
    if skill is None:
        fail(_say("no_skill", chosen))
    odds = gurps_attack_odds(
        _whole(skill, "--skill", chosen),
        None if defense is None else _whole(defense, "--defense", chosen),
    )
    if as_json:
        chances = {
            "hit": float(odds.hit),
            "critical_hit": float(odds.critical_hit),
            "defended": float(odds.defended),
            "success": float(odds.success),
        }
        typer.echo(json.dumps(chances))
    else:
        typer.echo("\n".join(gurps_odds_lines(odds, chosen)))


odds_app.command("gurps")(gurps_odds_command)
