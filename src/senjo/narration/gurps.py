"""GURPS events as sentences, in Japanese or English.

Every roll line shows what it was rolled against and why: the base, each
named modifier, and the cap.

>>> from senjo.engine.modifiers import Modifiers, Score
>>> from senjo.systems.gurps.events import AttackRolled
>>> n = GurpsNarrator({"ann": ("Ann", "アン"), "bo": ("Bo", "ボー")}, "en")
>>> n.line(AttackRolled("ann", "bo", "sword", "swing", Score(14, Modifiers.of(("shock", -2))),
...     9, 3, "hit", "torso"))
'Ann attacks Bo (sword, swing, torso): needs 12 [14, shock -2]; rolled 9: hit (margin 3)'
"""

from __future__ import annotations

from typing import Any, Final

from senjo.dice.formatting import Lang
from senjo.engine.battle import Outcome
from senjo.engine.events import Decided, Event
from senjo.engine.modifiers import Score
from senjo.narration.base import NamedNarrator
from senjo.narration.gurps_terms import maneuver_variant, term
from senjo.systems.gurps import tables
from senjo.systems.gurps.events import (
    ArmorCorroded,
    AttackRolled,
    Check,
    ConditionChanged,
    CriticalResult,
    DamageRolled,
    DefenseRolled,
    FatigueLost,
    Injured,
    ItemChanged,
    ManeuverTaken,
    Moved,
    PostureChanged,
    RoundStarted,
    TurnSkipped,
    TurnStarted,
)

__all__ = ["GurpsNarrator", "gurps_narrator"]

#: Moves narrated by where they end (a hex), not by whom they approach.
_PLACES = (
    "to",
    "retreat",
    "stumble",
    "step_back",
    "pop_up",
    "pop_up_back",
    "dodge_aside",
    "overrun",
)


def _coordinate(value: float) -> str:
    """A point's coordinate as narrated: a hex's whole number, or yards to a tenth on the
    plane (1.21115 → 1.2).

    >>> _coordinate(4.0), _coordinate(1.21115), _coordinate(-0.04)
    ('4', '1.2', '0')
    """
    if value == int(value):
        return f"{value:g}"
    shown = f"{value:.1f}"
    return "0" if shown in ("0.0", "-0.0") else shown.removesuffix(".0")


#: Why FP was lost, where the log names it (`FatigueLost.cause`): (ja, en).
_FP_CAUSES: Final = {
    "suffocation": ("窒息で", " to suffocation"),
    "extra_effort": ("さらなる努力で", " to extra effort"),
}


class GurpsNarrator(NamedNarrator):
    """Turns GURPS events into lines. `names` maps a key to its (English, Japanese) name."""

    #: The hits of the last burst (B373) not yet stopped, for the defense against it; 0
    #: after an attack of one shot.
    _burst: int = 0

    def score(self, score: Score) -> str:
        """`12 [14, shock -2]`: the value, then the base and each modifier."""
        parts = [str(score.base)]
        parts += [f"{term('modifier', s, self.lang)} {a:+d}" for s, a in score.modifiers.items]
        if score.cap is not None and score.base + score.modifiers.total > score.cap:
            parts.append(f"上限 {score.cap}" if self.lang == "ja" else f"max {score.cap}")
        separator = "、" if self.lang == "ja" else ", "
        return f"{score.value} [{separator.join(parts)}]"

    def line(self, item: Event) -> str | None:
        """One line for an event, or None for events that are not narrated."""
        ja = self.lang == "ja"
        t = self.lang
        if isinstance(item, RoundStarted):
            return f"── 第{item.round}ラウンド ──" if ja else f"── Round {item.round} ──"
        if isinstance(item, TurnStarted):
            shock = ""
            if item.shock:
                shock = f"（ショック{item.shock}）" if ja else f" (shock {item.shock})"
            who = self.who(item.actor)
            return (
                f"{who}のターン：HP {item.hp}{shock}"
                if ja
                else f"{who}'s turn: HP {item.hp}{shock}"
            )
        if isinstance(item, Decided):
            if item.kind == "parrying_arm" and item.key.startswith("hit_arm:"):
                # B376: the blow turned to the arm that failed to parry (interpretation 80).
                who = self.who(item.actor)
                arm = term("location", item.key.removeprefix("hit_arm:"), t)
                if ja:
                    return f"{who}は{term('answer', 'hit_arm', t)}（{arm}）"
                return f"{who} turns the blow to the arm that failed to parry ({arm})"
            return None
        if isinstance(item, TurnSkipped):
            who = self.who(item.actor)
            why = term("variant", item.reason, t)
            return f"{who}は何もしない（{why}）" if ja else f"{who} rests ({why})"
        if isinstance(item, ManeuverTaken):
            return self._maneuver(item)
        if isinstance(item, Moved):
            who = self.who(item.actor)
            if item.direction == "knockback":
                return (
                    f"{who}は{item.yards:g}メートル突き飛ばされた"
                    if ja
                    else f"{who} is knocked back {item.yards:g} yd"
                )
            other = self.who(item.relative_to) if item.relative_to else ""
            spot = f"{_coordinate(item.x)},{_coordinate(item.y)}"
            if item.direction == "turn":
                if not other:  # a turn in place chosen for itself, toward no one
                    return (
                        f"{who}は向きを {item.facing} に変えた"
                        if ja
                        else f"{who} turns to face {item.facing}"
                    )
                return (
                    f"{who}は{other}の方を向いた（{item.facing}）"
                    if ja
                    else f"{who} turns to face {other} ({item.facing})"
                )
            if item.direction in _PLACES:
                if ja:
                    verb = {
                        "to": "へ移動",
                        "retreat": "へ後退",
                        "stumble": "へよろめいた",
                        "step_back": "へ下がった",
                        "pop_up": "へ飛び出し",
                        "pop_up_back": "の物陰へ戻る",
                        "dodge_aside": "へ飛びのいた",
                        "overrun": "へ押しのけられた",
                    }
                    return f"{who}は{spot}{verb[item.direction]}（{item.yards:g}メートル）"
                verb_en = {
                    "to": "moves",
                    "retreat": "retreats",
                    "stumble": "stumbles",
                    "step_back": "steps back",
                    "pop_up": "pops out",
                    "pop_up_back": "ducks back",
                    "dodge_aside": "jumps aside",
                    "overrun": "is shoved aside",
                }
                return f"{who} {verb_en[item.direction]} {item.yards:g} yd to {spot}"
            if ja:
                way = "へ近づく" if item.direction == "toward" else "から離れる"
                return f"{who}は{other}{way}（{item.yards:.1f}メートル）"
            way = "toward" if item.direction == "toward" else "away from"
            return f"{who} moves {item.yards:.1f} yd {way} {other}".rstrip()
        if isinstance(item, PostureChanged):
            who = self.who(item.actor)
            posture = term("posture", item.posture, t)
            return f"{who}は{posture}になった" if ja else f"{who} is now {posture}"
        if isinstance(item, AttackRolled):
            return self._attack(item)
        if isinstance(item, DefenseRolled):
            return self._defense(item)
        if isinstance(item, DamageRolled):
            faces = ",".join(str(f) for f in item.faces)
            extra = ""
            if item.modifiers.modifiers.items:
                extra = " " + self.score(item.modifiers)
            if ja:
                rolled = f"ダメージ {item.dice} → [{faces}]"
                kind = term("damage_type", item.damage_type, t)
                return f"{rolled} 基本ダメージ {item.basic}{extra}（{kind}）"
            return f"damage {item.dice} → [{faces}] basic {item.basic}{extra} ({item.damage_type})"
        if isinstance(item, Injured):
            return self._injured(item)
        if isinstance(item, FatigueLost):
            who = self.who(item.actor)
            # B370: a choke that got through; B357: extra effort.
            why_ja, why_en = _FP_CAUSES.get(item.cause, ("", ""))
            if ja:
                extra = f"、HPも{item.hp_lost}失った" if item.hp_lost else ""
                why = why_ja
                return f"{who}：{why}疲労点を{item.amount}失った（疲労点 {item.fp}{extra}）"
            extra = f"; {item.hp_lost} HP with them" if item.hp_lost else ""
            why = why_en
            return f"{who} loses {item.amount} FP{why} (FP {item.fp}{extra})"
        if isinstance(item, ArmorCorroded):
            who = self.who(item.actor)
            where = term("location", item.location, t)
            if ja:
                return f"{who}：{where}の防護点が侵蝕で{item.lost}減った（残り{item.dr}）"
            return f"{who}'s {where} DR is eaten by {item.lost} (DR {item.dr} left)"
        if isinstance(item, Check):
            who = self.who(item.actor)
            what = term("check", item.kind, t)
            verdict = term("result", "success" if item.success else "failure", t)
            if ja:
                return f"{who}の{what}：目標値{self.score(item.score)} 出目{item.roll} → {verdict}"
            return (
                f"{who} rolls {what}: needs {self.score(item.score)}; rolled {item.roll}: {verdict}"
            )
        if isinstance(item, ConditionChanged):
            who = self.who(item.actor)
            if item.condition.startswith("crippled_"):  # crippled_<hit location> (B420)
                part = term("location", item.condition.removeprefix("crippled_"), t)
                if ja:
                    return f"{who}：{part}" + ("が使えなくなった" if item.active else "が治った")
                be = "are" if item.condition == "crippled_eyes" else "is"
                return f"{who}'s {part} {be} " + (
                    "crippled" if item.active else "no longer crippled"
                )
            if item.condition.startswith("numbed_"):  # numbed_<hit location> (B556, 8)
                part = term("location", item.condition.removeprefix("numbed_"), t)
                if ja:
                    return f"{who}：{part}" + (
                        "がしびれて使えない" if item.active else "が動くようになった"
                    )
                return f"{who}'s {part} is " + ("numbed" if item.active else "working again")
            name = term("condition", item.condition, t)
            if ja:
                return f"{who}：{name}" + ("" if item.active else "から回復")
            return f"{who} is {name}" if item.active else f"{who} is no longer {name}"
        if isinstance(item, CriticalResult):
            table = term("table", item.table, t)
            return self._critical(item, table)
        if isinstance(item, ItemChanged):
            who = self.who(item.actor)
            what = term("item", item.state, t)
            thing = self._item(item.item)
            # A reload's progress, or the rounds in a weapon loaded one at a time: "2/3".
            count = ""
            if item.state in ("reloading", "reloaded") and item.cause:
                count = f"（{item.cause}）" if ja else f" ({item.cause})"
            return f"{who}は{thing}を{what}{count}" if ja else f"{who} {what} the {thing}{count}"
        if isinstance(item, Outcome):
            return self._outcome(item)
        return None

    def _maneuver(self, item: ManeuverTaken) -> str:
        ja = self.lang == "ja"
        who = self.who(item.actor)
        name = term("maneuver", item.maneuver, self.lang)
        if item.variant:
            words = maneuver_variant(item.maneuver, item.variant, self.lang)
            name += f"（{words}）" if ja else f" ({words})"
        details = []
        if item.target:
            details.append(self.who(item.target))
        if item.weapon:
            details.append(self._item(item.weapon))
        if ja:
            extra = f"：{'、'.join(details)}" if details else ""
            return f"{who}は「{name}」{extra}"
        extra = f": {', '.join(details)}" if details else ""
        return f"{who} chooses {name}{extra}"

    def _attack(self, item: AttackRolled) -> str:
        t = self.lang
        who, target = self.who(item.attacker), self.who(item.target)
        where = term("location", item.location, t)
        result = term("result", item.result, t)
        mode = term("mode", item.mode, t)
        self._burst = item.hits if item.shots > 1 else 0
        if t == "ja":
            burst = f"、{item.shots}発中{item.hits}発命中" if item.shots > 1 else ""
            return (
                f"{who}の攻撃 → {target}（{self._item(item.weapon)}・{mode}、{where}）："
                f"目標値{self.score(item.skill)} 出目{item.roll} → {result}"
                f"（成功度{item.margin}{burst}）"
            )
        burst = f"; {item.shots} shots, {_count(item.hits, 'hit')}" if item.shots > 1 else ""
        return (
            f"{who} attacks {target} ({self._item(item.weapon)}, {mode}, {where}): "
            f"needs {self.score(item.skill)}; rolled {item.roll}: {result} (margin {item.margin})"
            f"{burst}"
        )

    def _defense(self, item: DefenseRolled) -> str:
        t = self.lang
        who = self.who(item.defender)
        kind = term("defense", item.kind, t)
        if item.weapon and item.kind == "parry":
            kind += (
                f"（{self._item(item.weapon)}）" if t == "ja" else f" ({self._item(item.weapon)})"
            )
        if item.retreat:
            kind += "＋後退" if t == "ja" else " and retreat"
        result = term("result", item.result, t)
        burst, self._burst = self._burst, max(self._burst - item.stopped, 0)
        if t == "ja":
            stops = f"（{burst}発中{item.stopped}発を防ぐ）" if burst > 1 and item.stopped else ""
            return (
                f"{who}の{kind}：目標値{self.score(item.score)} 出目{item.roll} → {result}{stops}"
            )
        stops = f"; stops {item.stopped} of {burst} hits" if burst > 1 and item.stopped else ""
        return (
            f"{who} tries to {kind}: needs {self.score(item.score)}; rolled {item.roll}: {result}"
            f"{stops}"
        )

    def _injured(self, item: Injured) -> str:
        t = self.lang
        who = self.who(item.target)
        where = term("location", item.location, t)
        working = f"{item.basic} − DR {item.dr} = {item.penetrating}"
        working += f" × {item.multiplier:g} = {item.injury}"
        if t == "ja":
            return f"{who}の{where}に負傷{item.injury}（{working}）残りHP {item.hp}"
        return f"{who} takes {item.injury} injury to the {where} ({working}); HP now {item.hp}"

    def _critical(self, item: CriticalResult, table: str) -> str:
        readers = {
            "critical_hit": tables.critical_hit,
            "critical_head_blow": tables.critical_head_blow,
            "critical_miss": tables.critical_miss,
            "unarmed_critical_miss": tables.unarmed_critical_miss,
        }
        entry = readers[item.table](item.roll)
        text = entry.ja if self.lang == "ja" else entry.en
        return (
            f"{table}({item.roll})：{text}"
            if self.lang == "ja"
            else f"{table} ({item.roll}): {text}"
        )

    def _outcome(self, item: Outcome) -> str:
        t = self.lang
        reason = term("outcome", item.reason, t)
        if item.winner_side is None:
            return (
                f"引き分け：{reason}（{item.rounds}ラウンド）"
                if t == "ja"
                else f"Draw: {reason} after {_rounds(item.rounds)}"
            )
        side = self.side(item.winner_side)
        if t == "ja":
            return f"勝者：{side}（{reason}、{item.rounds}ラウンド）"
        return f"Winner: {side} ({reason}, {_rounds(item.rounds)})"


def _rounds(count: int) -> str:
    return _count(count, "round")


def _count(count: int, noun: str) -> str:
    """`1 hit`, `3 hits`, `0 hits`."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def gurps_narrator(scenario: Any, lang: Lang) -> GurpsNarrator:
    """A narrator with the names of a GURPS scenario's fighters, weapons and shields."""
    names = {f.key: (f.name, f.name_ja or f.name) for f in scenario.fighters}
    items: dict[str, tuple[str, str]] = {
        "slam": ("slam", "体当たり"),
        "grapple": ("grapple", "組みつき"),
        "shove": ("shove", "押し"),
    }
    for fighter in scenario.fighters:
        for weapon in fighter.weapons:
            items[weapon.key] = (weapon.name, weapon.name_ja or weapon.name)
        if fighter.shield is not None:
            items[fighter.shield.key] = (fighter.shield.name, fighter.shield.name_ja)
    sides = {f.side: (f.side, f.side) for f in scenario.fighters}
    sides.update(getattr(scenario, "side_names", {}))
    return GurpsNarrator(names, lang, items, sides)
