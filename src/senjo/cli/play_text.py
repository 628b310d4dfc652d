"""Words for `senjo play`'s questions: what is being decided, and a Call of Cthulhu
combatant's options, in Japanese and English (rule terms per docs/glossary.md).

GURPS options are described in `play.py` (with their chances); the question's heading
and CoC's options are here.

>>> asked("defense", "ja"), asked("declare", "en")
('防御', 'declaration (fight or dodge focus)')
>>> from senjo.systems.coc.choices import ActionChoice
>>> class Names:  # a narrator's names: here the keys, capitalised
...     who = item = staticmethod(str.title)
>>> describe_coc(ActionChoice("attack", "cultist", "knife"), Names(), "en")
'Attack → Cultist [Knife]'
"""

from __future__ import annotations

from typing import Any

from senjo.dice.formatting import Lang
from senjo.engine.decision import Choice
from senjo.narration import Narrator, coc_terms, gurps_terms
from senjo.narration.coc_terms import term
from senjo.systems.coc.attacks import attack_score
from senjo.systems.coc.choices import ActionChoice, DefenseChoice
from senjo.systems.coc.defense import dodge_score, parry_score
from senjo.systems.coc.special_actions import taunt_chance
from senjo.systems.coc.state import CocState
from senjo.systems.gurps.corrosion import dr_now
from senjo.systems.gurps.state import FighterState, GurpsState

__all__ = ["DECISIONS", "asked", "describe_coc", "standing"]


#: What a question decides (the decision's kind), every rule system: (Japanese, English).
DECISIONS: dict[str, tuple[str, str]] = {
    "maneuver": ("戦闘行動", "maneuver"),
    "attack_plan": ("攻撃の狙い", "attack plan"),
    "grab_plan": ("組みつく部位と手", "grab: which part, with how many hands"),
    "defense": ("防御", "defense"),
    "free_action": ("自由行動", "free action"),
    "arm_lock": ("腕関節技（ねじるか）", "arm lock: wrench the arm?"),
    "parrying_arm": ("受け損ねた腕を打つか", "strike the arm that failed to parry?"),
    "destination": ("移動先", "where to move"),
    "watch": ("機会射撃の範囲", "opportunity fire: the area watched"),
    "discrimination": ("目標の識別", "target discrimination"),
    "evade": ("回避して抜ける", "evade"),
    "overrun": (
        "蹂躙（大きな相手が自分のヘクスに入る）",
        "overrun: a larger figure enters your hex",
    ),
    "wait_trigger": ("待機の発動", "what you waited for: act now?"),
    "declare": ("宣言（戦うか回避に集中か）", "declaration (fight or dodge focus)"),
    "action": ("行動", "action"),
    "protect": ("庇う", "protect"),
    "taunt": ("挑発", "taunt"),
    "grapple_effect": ("組み付きの効果", "what the grapple does"),
    "tackle_follow": ("体当たりの後", "after the tackle"),
    "declare_maneuver": ("行動宣言：機動", "declaration: maneuver"),
    "declare_combat": ("行動宣言：戦闘", "declaration: combat"),
    "oppose": ("機動判定で対抗するか", "oppose the maneuver?"),
    "declare_action": ("行動宣言（FAP・MAPの範囲で）", "declaration (within FAP and MAP)"),
    "act": ("行動解決（行動と目標）", "your turn: which action, at whom"),
    "iai_option": ("居合いの効果", "iai draw: which effect"),
    "intercept": ("攻撃妨害するか", "intercept this attack?"),
    "combo_strike": ("コンボの次の攻撃の目標", "the combo's next strike: at whom"),
    "counter_throw": (
        "倒されそうになっている：逆に倒す構えをとるか",
        "a takedown: ready a counter-throw?",
    ),
    "keep_hold": ("自分も倒れて組みつきを維持するか", "fall too, to keep the hold?"),
    "upkeep": ("押さえこみを持続するか（FAP 5・MAP 2）", "keep the pin (FAP 5, MAP 2)?"),
    "lock_upkeep": ("締めつけを持続するか（FAP 5・MAP 2）", "keep the lock (FAP 5, MAP 2)?"),
    "block": ("攻撃阻止するか（宣言の1点に足すFAP）", "block the attack? (FAP added to the 1)"),
    "override": ("攻撃阻止を相殺するFAP", "FAP to override the block"),
    "guard_cancel": ("ガードキャンセルを使うか", "use the guard cancel?"),
}


def asked(kind: str, lang: Lang) -> str:
    """The heading of a question of `kind` (the kind itself if it has no words)."""
    words = DECISIONS.get(kind)
    if words is None:
        return kind
    return words[0] if lang == "ja" else words[1]


def describe_coc(
    option: Any,
    names: Narrator,
    lang: Lang,
    state: CocState | None = None,
    actor: str = "",
) -> str:
    """A line for one option of a CoC combatant's question; `names` gives a combatant's
    and a weapon's name from its key (`who`, `item`). Given the battle's
    `state` and the `actor` asked, an attack or a defense shows the value its percentile
    roll needs, with every modifier of the moment (aim, range; a repeated dodge or
    parry)."""
    if isinstance(option, ActionChoice):
        text = term("action", option.action, lang)
        if option.variant:
            text += f" ({term('variant', option.variant, lang)})"
        if option.target:
            text += f" → {names.who(option.target)}"
        if option.weapon:
            text += f" [{names.item(option.weapon)}]"
        if option.shots > 1:
            text += f" ×{option.shots}"
        if state is not None and option.action == "attack" and option.weapon:
            weapon = state.sheets[actor].weapon(option.weapon)
            aimed = state.status[actor].aiming
            text += f"  ({attack_score(state, actor, option.target, weapon, aimed).value}%)"
        return text
    if isinstance(option, DefenseChoice):
        if option.kind == "none":
            return term("choice", "no_defense", lang)
        text = term("check", option.kind, lang)
        if option.weapon:
            text += f" [{names.item(option.weapon)}]"
        if state is not None:
            if option.kind == "dodge":
                text += f"  ({dodge_score(state, actor).value}%)"
            elif option.weapon:
                weapon = state.sheets[actor].weapon(option.weapon)
                text += f"  ({parry_score(state, actor, weapon).value}%)"
        return text
    if isinstance(option, Choice):
        text = term("choice", option.name, lang)
        if option.detail:
            text += f" → {names.who(option.detail)}"
        if state is not None and option.name == "taunt":
            text += f"  ({taunt_chance(state, actor, option.detail)}%)"
        return text
    return str(getattr(option, "key", option))


def standing(state: GurpsState | CocState, names: Narrator, lang: Lang) -> str:
    """One line: every combatant's HP against its full HP, with what changes how it fights
    or keeps it out (a posture, stunned; prone, dying …), as a GM keeps them in view."""
    parts = []
    if isinstance(state, GurpsState):
        for key, fighter in state.fighters.items():
            status = state.status[key]
            marks = []
            if status.posture != "standing":
                marks.append(gurps_terms.term("posture", status.posture, lang))
            for name, now in (
                ("stunned", status.stunned and status.active),
                ("unconscious", not status.conscious and not status.dead),
                ("dead", status.dead),
                ("fled", status.fled),
            ):
                if now:
                    marks.append(gurps_terms.term("condition", name, lang))
            marks.extend(_grips(state, key, names, lang))
            marks.extend(_lamed(status, lang))
            if status.fp < fighter.fp:  # B426: FP spent or lost
                marks.append(f"{'疲労点' if lang == 'ja' else 'FP'} {status.fp}/{fighter.fp}")
            for location in sorted(status.dr_lost):  # B358: corrosion
                where = gurps_terms.term("location", location, lang)
                left = f"{dr_now(state, key, location)}/{fighter.dr_at(location)}"
                marks.append(f"{where}の防護点 {left}" if lang == "ja" else f"{where} DR {left}")
            parts.append(_entry(names.who(key), status.hp, fighter.hp, marks, lang))
    else:
        for key, sheet in state.sheets.items():
            held = state.status[key]
            dying = held.dying_round > 0 and not held.dead
            flags = (
                ("prone", held.prone),
                ("unconscious", not held.conscious and not held.dead and not dying),
                ("dying", dying),
                ("dead", held.dead),
                ("hidden", held.hidden),
                ("fled", held.fled),
            )
            marks = [coc_terms.term("condition", name, lang) for name, now in flags if now]
            parts.append(_entry(names.who(key), held.hp, sheet.hp, marks, lang))
    if lang == "ja":
        return "現況：" + "、".join(parts)
    return "Where things stand: " + ", ".join(parts)


def _grips(state: GurpsState, key: str, names: Narrator, lang: Lang) -> list[str]:
    """Who holds the fighter, by which part and with how many hands, the hold if it is a
    choke hold or an arm lock, and pinned (B370): `組みつかれ（騎士：首、両手）` /
    `grappled (by Knight: neck, both hands)`."""
    status = state.status[key]
    marks = []
    for grappler in sorted(status.held_by):
        grip = state.status[grappler]
        what = [gurps_terms.term("location", grip.grip_on or "torso", lang)]
        if grip.grip_hands > 1:
            what.append("両手" if lang == "ja" else "both hands")
        if grip.choke_hold:  # *Martial Arts*' holds, named
            what.append(gurps_terms.term("variant", "choke_hold", lang))
        if grip.arm_lock:
            what.append(gurps_terms.term("modifier", "arm_lock", lang))
        who = names.who(grappler)
        held = gurps_terms.term("condition", "grappled", lang)
        if lang == "ja":
            marks.append(f"{held}（{who}：{'、'.join(what)}）")
        else:
            marks.append(f"{held} (by {who}: {', '.join(what)})")
    if status.pinned:
        marks.append(gurps_terms.term("condition", "pinned", lang))
    return marks


def _lamed(status: FighterState, lang: Lang) -> list[str]:
    """Each crippled part (B420-421), or numbed (B556, 8): `右腕が使えない` / `right arm
    crippled`, `右腕がしびれている` / `right arm numbed`; both eyes (`eyes`) once, not also
    the first eye."""
    marks = []
    for part in sorted(status.crippled):
        if part == "eye" and "eyes" in status.crippled:
            continue
        where = gurps_terms.term("location", part, lang)
        numbed = part in status.numbed
        if lang == "ja":
            marks.append(where + ("がしびれている" if numbed else "が使えない"))
        else:
            marks.append(f"{where} {'numbed' if numbed else 'crippled'}")
    return marks


def _entry(who: str, hp: int, full: int, marks: list[str], lang: Lang) -> str:
    text = f"{who} HP {hp}/{full}"
    if marks:
        text += f"（{'、'.join(marks)}）" if lang == "ja" else f" ({', '.join(marks)})"
    return text
