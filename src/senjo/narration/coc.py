"""CoC events as sentences, in Japanese (seed 004's terms) or English.

Every check prints as BCDice prints it — the command (`CCB<=85`, `RESB(12-10)`),
then BCDice's own line from the dice layer's formatter — after the base value
and each named modifier; damage prints as BCDice prints its dice sum.

>>> from senjo.engine.modifiers import Modifiers, Score
>>> from senjo.systems.coc.events import CocCheck
>>> n = CocNarrator({"ann": ("Ann", "アン"), "bo": ("Bo", "ボー")}, "ja")
>>> n.line(CocCheck("ann", "dodge", Score(90, Modifiers.of(("dodge_focus", 50))), 0, True))
'アンの回避：CCB<=140 [90、回避に集中 +50] (1D100<=140) ＞ 自動成功'
>>> n.line(CocCheck("bo", "dodge", Score(90, Modifiers.of(("dodge_focus", 50),
...     ("repeated_dodge", -70))), 41, True, target="ann"))
'ボーの回避（→ アン）：CCB<=70 [90、回避に集中 +50、回避の回数 -70] (1D100<=70) ＞ 41 ＞ 成功'
"""

from __future__ import annotations

from typing import Any

from senjo.dice.command import roll_command
from senjo.dice.formatting import Lang, format_result
from senjo.dice.roller import ScriptedDice
from senjo.dice.systems.coc import CheckCommand, ResistanceCommand
from senjo.engine.battle import Outcome
from senjo.engine.events import Event
from senjo.engine.modifiers import Score
from senjo.narration.base import NamedNarrator, scenario_names
from senjo.narration.coc_terms import term
from senjo.systems.coc.events import (
    CocActionTaken,
    CocCheck,
    CocConditionChanged,
    CocDamageRolled,
    CocDeclared,
    CocEngagementChanged,
    CocGrappleChanged,
    CocInjured,
    CocItemChanged,
    CocMoved,
    CocOrderSet,
    CocProtecting,
    CocResistance,
    CocRoundStarted,
    CocSurprise,
    CocTaunted,
    CocTurnSkipped,
    CocTurnStarted,
)

__all__ = ["CocNarrator", "coc_narrator"]


class CocNarrator(NamedNarrator):
    """Turns CoC events into lines. `names` maps a key to its (English, Japanese) name."""

    def _t(self, kind: str, key: str) -> str:
        return term(kind, key, self.lang)

    def score(self, score: Score) -> str:
        """`[55、狙う +30、上限 99]`: the base, each modifier, and the cap when it bites."""
        parts = [str(score.base)]
        parts += [f"{self._t('modifier', s)} {a:+d}" for s, a in score.modifiers.items]
        if score.cap is not None and score.base + score.modifiers.total > score.cap:
            parts.append(f"上限 {score.cap}" if self.ja else f"max {score.cap}")
        return "[" + ("、" if self.ja else ", ").join(parts) + "]"

    def line(self, item: Event) -> str | None:
        """One line for an event, or None for events that are not narrated."""
        handler = _HANDLERS.get(type(item))
        return handler(self, item) if handler is not None else None

    # --- rounds and turns -----------------------------------------------------------------------

    def _order(self, item: CocOrderSet) -> str:
        names = " → ".join(self.who(key) for key in item.order)
        ties = ""
        if item.ties:
            rolls = ("、" if self.ja else ", ").join(f"{self.who(k)} {r}" for k, r in item.ties)
            ties = (
                f"（同値は1D100の低い順：{rolls}）"
                if self.ja
                else f" (equal DEX by 1D100, low first: {rolls})"
            )
        return f"DEX順：{names}{ties}" if self.ja else f"DEX order: {names}{ties}"

    def _round(self, item: CocRoundStarted) -> str:
        return f"── 第{item.round}ラウンド ──" if self.ja else f"── Round {item.round} ──"

    def _declared(self, item: CocDeclared) -> str:
        who = self.who(item.actor)
        return (
            f"{who}は攻撃せず回避に集中する"
            if self.ja
            else f"{who} gives up attacking to focus on dodging"
        )

    def _turn(self, item: CocTurnStarted) -> str:
        who = self.who(item.actor)
        return f"{who}の手番：HP {item.hp}" if self.ja else f"{who}'s turn: HP {item.hp}"

    def _skipped(self, item: CocTurnSkipped) -> str:
        who, why = self.who(item.actor), self._t("skipped", item.reason)
        return f"{who}は行動できない（{why}）" if self.ja else f"{who} cannot act ({why})"

    def _action(self, item: CocActionTaken) -> str:
        who = self.who(item.actor)
        name = self._t("action", item.action)
        if item.variant:
            variant = self._t("variant", item.variant)
            name = f"{name}（{variant}）" if self.ja else f"{name} ({variant})"
        details = []
        if item.weapon:
            weapon = self._item(item.weapon)
            if item.shots > 1:
                weapon += f"×{item.shots}発" if self.ja else f" ×{item.shots} shots"
            details.append(weapon)
        if item.target:
            details.append(("→ " if self.ja else "at ") + self.who(item.target))
        if self.ja:
            return f"{who}：「{name}」" + (f"（{' '.join(details)}）" if details else "")
        return f"{who}: {name}" + (f" ({' '.join(details)})" if details else "")

    # --- rolls ----------------------------------------------------------------------------------

    def _check(self, item: CocCheck) -> str:
        who = self.who(item.actor)
        kind = self._t("check", item.kind)
        about = []
        if item.weapon:
            about.append(self._item(item.weapon))
        if item.target:
            about.append("→ " + self.who(item.target))
        value = item.score.value
        prefix = "CCB" if item.ccb else "CC"
        if item.malfunction_number:
            prefix += f"({item.malfunction_number})"
        command = f"{prefix}<={value}"
        if item.roll == 0:
            arrow = " ＞ " if self.ja else " > "
            word = "自動成功" if self.ja else "Automatic success"
            rolled = f"(1D100<={value}){arrow}{word}"
        else:
            parsed = CheckCommand(value, item.ccb, item.malfunction_number)
            rolled = format_result(parsed.roll(ScriptedDice([item.roll])), self.lang)
        if self.ja:
            extra = f"（{' '.join(about)}）" if about else ""
            return f"{who}の{kind}{extra}：{command} {self.score(item.score)} {rolled}"
        extra = f" ({' '.join(about)})" if about else ""
        return f"{who}'s {kind}{extra}: {command} {self.score(item.score)} {rolled}"

    def _resistance(self, item: CocResistance) -> str:
        who, other = self.who(item.actor), self.who(item.opponent)
        kind = self._t("resistance", item.kind)
        name = "RESB" if item.ccb else "RES"
        command = f"{name}({item.active}-{item.passive})"
        parsed = ResistanceCommand(item.active - item.passive, item.ccb)
        rolled = format_result(
            parsed.roll(ScriptedDice([item.roll] if item.roll else [])), self.lang
        )
        if self.ja:
            return f"{who}の{kind}（対 {other}）：{command} {rolled}"
        return f"{who}: {kind} against {other}: {command} {rolled}"

    def _protecting(self, item: CocProtecting) -> str:
        who, ally, foe = self.who(item.protector), self.who(item.protected), self.who(item.attacker)
        if self.ja:
            return f"{who}は{foe}の攻撃から{ally}を庇う"
        return f"{who} steps in to protect {ally} from {foe}"

    def _surprise(self, item: CocSurprise) -> str:
        who, other = self.who(item.attacker), self.who(item.target)
        if self.ja:
            return f"{who}は隠れた状態から{other}に不意打ちをかける（回避・受け流し不可）"
        return f"{who} attacks {other} from hiding: a surprise attack (no dodge or parry)"

    def _damage(self, item: CocDamageRolled) -> str:
        source = (
            self._item(item.source) if item.source in self.items else self._t("damage", item.source)
        )
        result = roll_command(item.expression, "Cthulhu", ScriptedDice(item.faces))
        rolled = format_result(result, self.lang) if result is not None else item.expression
        if item.total < 0:
            rolled += " → 0"
        why = ""
        if item.doubled:
            doubled = self._t("doubled", item.doubled)
            why = f"、{doubled}でダイス2倍" if self.ja else f", weapon dice doubled by {doubled}"
        if self.ja:
            return f"{self.who(item.target)}へのダメージ（{source}{why}）：{rolled}"
        return f"damage to {self.who(item.target)} ({source}{why}): {rolled}"

    def _injured(self, item: CocInjured) -> str:
        who = self.who(item.target)
        working = []
        if item.multiplied != item.damage:
            working.append(
                f"硬い地面で×1.5={item.multiplied}"
                if self.ja
                else f"×1.5 on hard ground = {item.multiplied}"
            )
        if item.armour:
            working.append(f"装甲 -{item.armour}" if self.ja else f"armour -{item.armour}")
        if self.ja:
            detail = f"（{'、'.join(working)}）" if working else ""
            return f"{who}に{item.damage}ダメージ{detail}：HP -{item.loss} → {item.hp}"
        detail = f" ({', '.join(working)})" if working else ""
        return f"{who} takes {item.damage} damage{detail}: HP -{item.loss} → {item.hp}"

    # --- conditions and movement ----------------------------------------------------------------

    def _condition(self, item: CocConditionChanged) -> str:
        who = self.who(item.actor)
        cause = self._t("cause", item.cause) if item.cause else ""
        if item.active:
            name = self._t("condition", item.condition)
        else:
            name = self._t("condition_end", item.condition)
        if self.ja:
            because = f"（{cause}）" if cause else ""
            return f"{who}：{name}{because}"
        because = f" ({cause})" if cause else ""
        return f"{who} is {name}{because}" if item.active else f"{who} {name}{because}"

    def _moved(self, item: CocMoved) -> str:
        who = self.who(item.actor)
        other = self.who(item.relative_to) if item.relative_to else ""
        metres = f"{item.metres:g}"
        if item.direction == "knocked_back":
            if self.ja:
                return f"{who}は{other}に{metres}メートル吹き飛ばされた"
            return f"{who} is knocked back {metres} m by {other}"
        if self.ja:
            if item.direction == "toward":
                return f"{who}は{other}へ{metres}メートル接近"
            source = f"{other}から" if other else ""
            return f"{who}は{source}{metres}メートル後退"
        way = f"toward {other}" if item.direction == "toward" else f"away from {other}".rstrip()
        return f"{who} moves {metres} m {way}".rstrip()

    def _engagement(self, item: CocEngagementChanged) -> str:
        a, b = self.who(item.a), self.who(item.b)
        cause = self._t("cause", item.cause)
        if self.ja:
            what = "近接戦闘に入った" if item.engaged else "の間合いが外れた"
            return f"{a}と{b}{'は' if item.engaged else ''}{what}（{cause}）"
        what = "are now in melee reach" if item.engaged else "are out of melee reach"
        return f"{a} and {b} {what} ({cause})"

    def _grapple(self, item: CocGrappleChanged) -> str:
        a, b = self.who(item.grappler), self.who(item.target)
        kind = self._t("grapple", item.kind)
        cause = self._t("cause", item.cause)
        if self.ja:
            if item.active:
                return f"{a}は{b}に組み付いた（{kind}）"
            return f"{a}の{b}への組み付きが解けた（{cause}）"
        if item.active:
            return f"{a} grapples {b} ({kind})"
        return f"{a}'s grapple on {b} ends ({cause})"

    def _taunted(self, item: CocTaunted) -> str:
        a, b = self.who(item.taunter), self.who(item.target)
        if self.ja:
            return f"{b}は挑発に乗った：{item.turns}ラウンドの間{a}しか攻撃できない"
        return f"{b} takes the bait: for {item.turns} rounds it can attack only {a}"

    def _item_changed(self, item: CocItemChanged) -> str:
        who = self.who(item.actor)
        thing = (
            self._item(item.item) if item.item in self.items else ("武器" if self.ja else "weapons")
        )
        verb = self._t("item", item.state)
        return f"{who}は{thing}{verb}" if self.ja else f"{who} {verb} the {thing}"

    def _outcome(self, item: Outcome) -> str:
        reason = self._t("outcome", item.reason)
        if item.winner_side is None:
            if self.ja:
                return f"引き分け：{reason}（{item.rounds}ラウンド）"
            return f"Draw: {reason} after {_rounds(item.rounds)}"
        side = self.side(item.winner_side)
        if self.ja:
            return f"勝者：{side}（{reason}、{item.rounds}ラウンド）"
        return f"Winner: {side} ({reason}, {_rounds(item.rounds)})"


def _rounds(count: int) -> str:
    return "1 round" if count == 1 else f"{count} rounds"


_HANDLERS: dict[type[Any], Any] = {
    CocOrderSet: CocNarrator._order,
    CocRoundStarted: CocNarrator._round,
    CocDeclared: CocNarrator._declared,
    CocTurnStarted: CocNarrator._turn,
    CocTurnSkipped: CocNarrator._skipped,
    CocActionTaken: CocNarrator._action,
    CocCheck: CocNarrator._check,
    CocResistance: CocNarrator._resistance,
    CocProtecting: CocNarrator._protecting,
    CocSurprise: CocNarrator._surprise,
    CocDamageRolled: CocNarrator._damage,
    CocInjured: CocNarrator._injured,
    CocConditionChanged: CocNarrator._condition,
    CocMoved: CocNarrator._moved,
    CocEngagementChanged: CocNarrator._engagement,
    CocGrappleChanged: CocNarrator._grapple,
    CocTaunted: CocNarrator._taunted,
    CocItemChanged: CocNarrator._item_changed,
    Outcome: CocNarrator._outcome,
}


def coc_narrator(scenario: Any, lang: Lang) -> CocNarrator:
    """A narrator with the names of a CoC scenario's combatants and weapons."""
    names, items, sides = scenario_names(scenario)
    return CocNarrator(names, lang, items, sides)
