"""`senjo play` words for a T値 system battle: its options, and where things stand.

>>> from senjo.narration.tvalue import TvNarrator
>>> from senjo.systems.tvalue.choices import Act, Declare
>>> names = TvNarrator({"bandit": ("Bandit", "山賊")}, "ja", {"katana": ("katana", "刀")})
>>> describe_tvalue(Declare("attack", "katana", snap=True), names, "ja")
'とっさの行動：直接攻撃（刀）'
>>> describe_tvalue(Act("attack", "katana", "bandit"), TvNarrator({}, "en"), "en")
'direct attack (katana) at bandit'
"""

from __future__ import annotations

from senjo.dice.formatting import Lang
from senjo.engine.decision import Choice
from senjo.narration.tvalue import TvNarrator
from senjo.systems.tvalue.attack import evasion_score, hit_chance, hit_score, requirement_gap
from senjo.systems.tvalue.choices import Act, Declare
from senjo.systems.tvalue.declare import cost, pool_cost
from senjo.systems.tvalue.shooting import evade_chance, shooting_score, shot_chance
from senjo.systems.tvalue.state import TvState
from senjo.systems.tvalue.techniques import technique_of

__all__ = ["CHOICES", "describe_tvalue", "tvalue_standing"]

#: Plain choices: name -> (Japanese, English).
CHOICES = {
    "done": ("宣言を終える", "done declaring"),
    "cancel": ("残りの行動をキャンセル", "cancel the actions left"),
    "intercept": ("攻撃妨害する", "intercept"),
    "throw": ("逆に倒す構え（FAP 5・MAP 2）", "ready a counter-throw (FAP 5, MAP 2)"),
    "keep": ("維持する", "keep it"),
    "let_go": ("放す", "let go"),
    "no": ("しない", "no"),
    "use": ("使う", "use it"),
    "skip": ("使わない", "not now"),
    "let_it_come": ("見送る", "let it come"),
    "hit": ("命中判定のダイスの低い方を6扱い", "the lower hit die counts 6"),
    "damage": ("ダメージのダイスを最低3扱い", "each damage die counts at least 3"),
}


def describe_tvalue(
    option: object,
    names: TvNarrator,
    lang: Lang,
    state: TvState | None = None,
    actor: str = "",
) -> str:
    """One option in words (`names` in the same language); with the state, the numbers
    that decide it (what a declaration costs, an attack's chance to hit)."""
    ja = lang == "ja"
    if isinstance(option, Declare):
        what = names.action(option.declared)
        text = (f"とっさの行動：{what}" if ja else f"snap action: {what}") if option.snap else what
        if option.big:
            text = (
                f"大きな行動（数ラウンドかけて支払う）：{what}"
                if ja
                else f"big action (paid over rounds): {what}"
            )
        if state is not None:
            fap, map_ = cost(state, actor, option)
            mp, hp = pool_cost(state, actor, option)
            extra = "".join(
                (f"・{pool} {amount}" if ja else f", {pool} {amount}")
                for pool, amount in (("MP", mp), ("HP", hp))
                if amount
            )
            text += (
                f"（FAP {fap}・MAP {map_}{extra}）" if ja else f" (FAP {fap}, MAP {map_}{extra})"
            )
        return text
    if isinstance(option, Act) and option.action == "release":
        who = names.who(option.target)
        return f"{who}の組みつきを解く（行動順 −1）" if ja else f"let go of {who} (order −1)"
    if isinstance(option, Act) and option.target == "*":  # an interception: it waits
        what = names.action(option.declared)
        return f"{what}（待機）" if ja else f"{what} (wait)"
    if isinstance(option, Act):
        targets = option.target.split("&")
        who = ("と" if ja else " and ").join(names.who(target) for target in targets)
        what = names.action(option.declared)
        text = f"{who}に{what}" if ja else f"{what} at {who}"
        if state is not None:
            text += _act_numbers(option, targets[0], lang, state, actor)
        return text
    if isinstance(option, Choice) and option.name in CHOICES:
        return CHOICES[option.name][0 if ja else 1]
    if isinstance(option, Choice) and state is not None and option.name in state.sheets:
        return names.who(option.name)  # a combo strike's target
    return str(getattr(option, "key", option))


def _act_numbers(option: Act, target: str, lang: Lang, state: TvState, actor: str) -> str:
    """An action's requirement shortfall, if any, and its (first) strike's chance to hit."""
    ja = lang == "ja"
    if option.action == "shoot":
        weapon = state.sheets[actor].weapon(option.weapon)
        score = shooting_score(state, actor, option.weapon, target)
        hits = shot_chance(score.value) * (
            1
            - evade_chance(
                state.sheets[target].evasion + state.evasion_bonus(target), weapon.fixed_hit
            )
        )
        if ja:
            return f"（射撃判定 {score.value}、命中 {round(100 * hits)}%）"
        return f" (shooting {score.value}, hits {round(100 * hits)}%)"
    text = ""
    replacement = option.replacement
    _, needed, had = requirement_gap(state, actor, target, replacement)
    sheet = state.sheets[actor]
    technique = option.action if option.action in sheet.techniques else ""
    if technique and state.status[actor].t < technique_of(sheet, technique).needed:
        needed, had, technique = technique_of(sheet, technique).needed, state.status[actor].t, ""
    if had < needed:
        replacement = ""
        text += "（必要T値に届かず：通常の攻撃）" if ja else " (T too low: a plain attack)"
    value = hit_score(state, actor, option.weapon, replacement, technique, 0, target).value
    evasion = evasion_score(state, actor, target).value
    chance = round(100 * hit_chance(value, evasion, state.rules.contest))
    return text + (f"（命中 {chance}%）" if ja else f" (hits {chance}%)")


def tvalue_standing(state: TvState, names: TvNarrator, lang: Lang) -> str:
    """Every fighter's HP against its full HP, its T and the budgets left.

    >>> from senjo.systems.tvalue.model import Fighter
    >>> state = TvState.start({k: Fighter(k, k, k, s) for k, s in (("a", "x"), ("b", "y"))})
    >>> tvalue_standing(state, TvNarrator({}, "en"), "en")
    'Where things stand: a HP 20/20 T 0 FAP 0 MAP 0, b HP 20/20 T 0 FAP 0 MAP 0'
    """
    ja = lang == "ja"
    parts = []
    for key, sheet in state.sheets.items():
        status = state.status[key]
        t = "T値" if ja else "T"
        entry = (
            f"{names.who(key)} HP {status.hp}/{sheet.hp} {t} {status.t} "
            f"FAP {status.fap} MAP {status.map}"
        )
        if any(technique_of(sheet, t).mp for t in sheet.techniques):
            entry += f" MP {status.mp}/{sheet.mp}"
        if status.down:
            entry += "（気絶）" if ja else " (unconscious)"
        elif status.prone:
            entry += "（転倒）" if ja else " (prone)"
        parts.append(entry)
    return ("現況：" if ja else "Where things stand: ") + ("、" if ja else ", ").join(parts)
