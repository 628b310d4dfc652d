"""トモガミ events as sentences, in Japanese (seed 003's words, docs/glossary.md) or English.

Every roll prints its value and named modifiers, the dice, the total and the level;
the opening line says the rolls are senjo's stand-in (docs/rules/tomogami.md,
interpretation 1).

>>> from senjo.engine.modifiers import Modifiers, Score
>>> from senjo.systems.tomogami.events import Roll, TomoContest
>>> n = TomoNarrator({"aki": ("Aki", "アキ"), "ren": ("Ren", "レン")}, "ja")
>>> mine = Roll("aki", Score(7, Modifiers.of(("units", -1))), (5, 4), 15, 3)
>>> n.roll(mine)
'アキ [7、距離単位 -1] 2D6 (5,4) = 15 成功レベル3'
>>> n.line(TomoContest("maneuver", mine, Roll("ren", Score(6), (1, 2), 9, -1), "aki"))[-7:]
'＞ アキの勝ち'
>>> n.lang = "en"
>>> n.roll(mine)
'Aki [7, units -1] 2D6 (5,4) = 15 success level 3'
"""

from __future__ import annotations

from typing import Any

from senjo.dice.formatting import Lang
from senjo.engine.battle import Outcome
from senjo.engine.events import Event
from senjo.narration.base import NamedNarrator, scenario_names
from senjo.systems.tomogami.events import (
    Roll,
    TomoAttacked,
    TomoBreakingFire,
    TomoCharged,
    TomoChargeFailed,
    TomoCheck,
    TomoContest,
    TomoCoverDamaged,
    TomoCovered,
    TomoCoverLost,
    TomoDamage,
    TomoDeclared,
    TomoDown,
    TomoEmpty,
    TomoEscaped,
    TomoExposed,
    TomoFell,
    TomoFriendlyFire,
    TomoHeavyBlow,
    TomoInitiative,
    TomoManeuverCancelled,
    TomoManeuverFailed,
    TomoMishap,
    TomoMoved,
    TomoOpened,
    TomoPilotDamage,
    TomoProtected,
    TomoProtecting,
    TomoReloaded,
    TomoSniped,
    TomoStood,
    TomoSwitched,
    TomoTurnEnded,
    TomoTurnStarted,
)

__all__ = ["TERMS", "TomoNarrator", "tomogami_narrator"]

#: kind -> key -> (Japanese, English).
TERMS: dict[str, dict[str, tuple[str, str]]] = {
    "band": {
        "zero": ("零距離", "zero"),
        "near": ("近距離", "near"),
        "far": ("遠距離", "far"),
        "out": ("交戦領域の外", "out of the area"),
    },
    "environment": {
        "ocean": ("海洋", "ocean"),
        "river": ("河川", "river"),
        "forest": ("森林", "forest"),
        "grassland": ("草原", "grassland"),
        "town": ("市街地", "town"),
        "desert": ("砂漠", "desert"),
        "mountain": ("山岳", "mountains"),
        "polar": ("極地", "polar"),
    },
    "purpose": {
        "maneuver": ("機動判定", "maneuver check"),
        "escape": ("機動判定（離脱）", "maneuver check (escape)"),
        "initiative": ("主導権判定", "initiative"),
        "attack": ("攻撃判定／防御判定", "attack / defence"),
        "cover": ("戦術判定（障害物）", "tactics (cover)"),
        "shoot_cover": ("射撃判定（障害物のみ）", "attack (the obstacle only)"),
        "charge": ("機動判定（突進）", "maneuver check (charge)"),
        "snipe": ("機動判定（機動狙撃）", "maneuver check (sniping)"),
        "charge_defense": ("防御判定（体）", "defence (body)"),
        "mishap_crash": ("機動判定（難易度11）", "maneuver check (difficulty 11)"),
        "mishap_drive": ("機動判定（難易度12）", "maneuver check (difficulty 12)"),
    },
    "modifier": {
        "units": ("距離単位", "units"),
        "environment": ("環境機動修正", "environment"),
        "cover": ("障害物", "cover"),
        "fallen": ("転倒", "fallen"),
        "kizuna": ("キズナレベル", "kizuna level"),
        "full_speed": ("全力機動", "full speed"),
        "moving_fire": ("行進間射撃", "firing on the move"),
        "target_full_speed": ("目標が全力機動", "target at full speed"),
        "target_moving_fire": ("目標が行進間射撃", "target firing on the move"),
    },
    "maneuver": {
        "stay": ("移動しない", "stay"),
        "cover": ("障害物に隠れる", "take cover"),
        "escape": ("交戦領域から離脱", "escape the area"),
    },
    "combat": {
        "attack": ("攻撃", "attack"),
        "wait": ("待機", "wait"),
        "full_speed": ("全力機動", "full speed"),
        "moving_fire": ("行進間射撃", "fire on the move"),
        "charge": ("突進", "charge"),
        "breaking_fire": ("突撃破砕射撃", "assault-breaking fire"),
        "reload": ("弾倉の交換", "change a magazine"),
        "switch": ("武器の持ち替え", "switch weapons"),
        "protect": ("味方をかばう", "protect an ally"),
    },
    "mishap": {
        "1": ("操縦を誤り障害物に突っ込む", "crashes into an obstacle"),
        "2": ("駆動系の故障", "drive failure"),
        "3": ("機関過熱、火災発生", "engine fire"),
        "4": ("砲弾の装填不良", "a loose shell"),
        "5": ("流れ弾を被弾", "a stray round"),
        "6": ("敵の支援砲撃を被弾", "an enemy barrage"),
    },
    "mishap_damage": {
        "crash": ("激突", "crash"),
        "fire": ("火災", "fire"),
        "stray_round": ("流れ弾", "stray round"),
    },
    "outcome": {
        "last_side_standing": ("最後まで残った陣営", "last side standing"),
        "fled": ("離脱", "the foe left the battle"),
        "all_down": ("全員戦闘不能", "everyone is down"),
        "round_limit": ("ターン上限", "turn limit"),
    },
}


#: Why an obstacle is gone: (Japanese, English) sentence endings.
_COVER_LOST = {
    "destroyed": ("の障害物は破壊された", "loses its obstacle: destroyed"),
    "zone": (
        "の障害物は零距離領域が形成されて破壊された",
        "loses its obstacle: a zero-distance zone formed",
    ),
    "moved": ("は障害物を離れた", "leaves its obstacle"),
}


class TomoNarrator(NamedNarrator):
    """Turns トモガミ events into lines. `names` maps a key to its (English, Japanese) name."""

    def _t(self, kind: str, key: str) -> str:
        ja, en = TERMS.get(kind, {}).get(key, (key, key.replace("_", " ")))
        return ja if self.ja else en

    def line(self, item: Event) -> str | None:
        """One line for an event, or None for events that are not narrated."""
        handler = _HANDLERS.get(type(item))
        return handler(self, item) if handler is not None else None

    def roll(self, roll: Roll) -> str:
        """`アキ [7、距離単位 -1] 2D6 (5,4) = 15 成功レベル3`."""
        parts = [str(roll.score.base)]
        parts += [f"{self._t('modifier', s)} {a:+d}" for s, a in roll.score.modifiers.items]
        score = "[" + ("、" if self.ja else ", ").join(parts) + "]"
        faces = ",".join(str(face) for face in roll.dice)
        dice = f"{len(roll.dice)}D{roll.sides}"
        if roll.automatic_failure:
            level = "自動失敗" if self.ja else "automatic failure"
        elif roll.level > 0:
            level = f"成功レベル{roll.level}" if self.ja else f"success level {roll.level}"
        else:
            level = f"失敗レベル{-roll.level}" if self.ja else f"failure level {-roll.level}"
        return f"{self.who(roll.actor)} {score} {dice} ({faces}) = {roll.total} {level}"

    def _opened(self, item: TomoOpened) -> str:
        place, band = self._t("environment", item.environment), self._t("band", item.band)
        if self.ja:
            return (
                f"戦場：{place}。敵味方は{band}で開戦（判定は senjo の代用ルール："
                "判定値＋ダイス vs 難易度）"
            )
        return (
            f"Battlefield: {place}. The sides open at {band} (rolls are senjo's stand-in: "
            "value + dice against a difficulty)"
        )

    def _initiative(self, item: TomoInitiative) -> str:
        rolls = (" ／ " if self.ja else " / ").join(
            f"{self.side(side)}: {self.roll(roll)}"
            for side, roll in zip(item.sides, item.rolls, strict=True)
        )
        head = self._t("purpose", "initiative")
        if not item.order:
            return f"{head}：{rolls} ＞ 同点、振り直し" if self.ja else f"{head}: {rolls}: a tie"
        first = self.side(item.order[0])
        return f"{head}：{rolls} ＞ {first}が先手" if self.ja else f"{head}: {rolls}: {first} first"

    def _turn(self, item: TomoTurnStarted) -> str:
        return f"── 第{item.round}ターン ──" if self.ja else f"── Turn {item.round} ──"

    def _declared(self, item: TomoDeclared) -> str:
        who = self.who(item.actor)
        parts = item.maneuver.split(":")
        if parts[0] == "move":
            target, band = self.who(parts[1]), self._t("band", parts[2])
            move = f"{target}に対して{band}へ機動" if self.ja else f"move to {band} of {target}"
        elif parts[0] == "charge":
            move = f"{self.who(parts[1])}に突進" if self.ja else f"charge {self.who(parts[1])}"
        elif parts[0] == "snipe":
            who_ = self.who(parts[1])
            move = f"{who_}に機動狙撃" if self.ja else f"maneuver to snipe at {who_}"
        else:
            move = self._t("maneuver", parts[0])
        combat = self._t("combat", item.combat)
        return f"{who}の宣言：{move}、{combat}" if self.ja else f"{who} declares: {move}, {combat}"

    def _check(self, item: TomoCheck) -> str:
        head = self._t("purpose", item.purpose)
        return f"{head}：{self.roll(item.roll)}" if self.ja else f"{head}: {self.roll(item.roll)}"

    def _contest(self, item: TomoContest) -> str:
        head = self._t("purpose", item.purpose)
        both = (" ／ " if self.ja else " / ").join((self.roll(item.first), self.roll(item.second)))
        if self.ja:
            result = f"{self.who(item.winner)}の勝ち" if item.winner else "引き分け"
            return f"{head}：{both} ＞ {result}"
        result = f"{self.who(item.winner)} wins" if item.winner else "a tie"
        return f"{head}: {both}: {result}"

    def _moved(self, item: TomoMoved) -> str:
        who, target, band = self.who(item.actor), self.who(item.target), self._t("band", item.band)
        others = [self.who(key) for key in item.group if key != item.target]
        if self.ja:
            also = f"（{'、'.join(others)}からも）" if others else ""
            free = "（自動成功）" if item.automatic else ""
            return f"{who}は{target}から{band}に移動{also}{free}"
        also = f" (and from {', '.join(others)})" if others else ""
        free = " (automatic success)" if item.automatic else ""
        return f"{who} moves to {band} of {target}{also}{free}"

    def _failed(self, item: TomoManeuverFailed) -> str:
        who = self.who(item.actor)
        if item.band == "cover":
            by = ("、" if self.ja else ", ").join(self.who(key) for key in item.by)
            if self.ja:
                return f"{who}は障害物に隠れられなかった（{by}）"
            return f"{who} finds no cover ({by})"
        if not item.by:
            return f"{who}の機動は目標を失った" if self.ja else f"{who}'s maneuver lost its target"
        by = ("、" if self.ja else ", ").join(self.who(key) for key in item.by)
        return f"{who}の機動は失敗（{by}）" if self.ja else f"{who}'s maneuver fails ({by})"

    def _escaped(self, item: TomoEscaped) -> str:
        who = self.who(item.actor)
        return f"{who}は交戦領域から離脱した" if self.ja else f"{who} leaves the engagement area"

    def _attacked(self, item: TomoAttacked) -> str:
        who, target = self.who(item.actor), self.who(item.target)
        weapon, band = self._item(item.weapon), self._t("band", item.band)
        if self.ja:
            return f"{who}は{weapon}で{target}を攻撃（{band}）"
        return f"{who} attacks {target} with the {weapon} ({band})"

    def _damage(self, item: TomoDamage) -> str:
        target = self.who(item.target)
        faces = ",".join(str(face) for face in item.faces)
        rolled = f"({faces}) = {item.damage}" if item.faces else str(item.damage)
        kind = {"armour_piercing": ("火弾徹甲", "armour-piercing")}.get(
            item.kind, ("対人火弾", "anti-personnel")
        )
        cause = ""
        if not item.actor:  # a mishap's
            cause = self._t("mishap_damage", item.weapon)
            cause = f"（{cause}）" if self.ja else f" ({cause})"
        if self.ja:
            return (
                f"{kind[0]}ダメージ{cause} {rolled} − 防御力 {item.defense}："
                f"{target}の生命 −{item.lost}（残り{item.life}）"
            )
        return (
            f"{kind[1]} damage{cause} {rolled} - defence {item.defense}: "
            f"{target} loses {item.lost} life ({item.life} left)"
        )

    def _charged(self, item: TomoCharged) -> str:
        who, target = self.who(item.actor), self.who(item.target)
        if self.ja:
            result = "命中" if item.landed else f"{target}が防いだ"
            return f"{who}の突進（成功レベル{item.level}）→ {target}：{result}"
        result = "it lands" if item.landed else f"{target} holds"
        return f"{who}'s charge (success level {item.level}) at {target}: {result}"

    def _charge_failed(self, item: TomoChargeFailed) -> str:
        who = self.who(item.actor)
        return f"{who}の突進は失敗" if self.ja else f"{who}'s charge fails"

    def _fell(self, item: TomoFell) -> str:
        who = self.who(item.actor)
        if self.ja:
            return f"{who}は転倒（全判定値−2、次の機動処理は行えない）"
        return f"{who} falls (-2 to every check, loses its next maneuver)"

    def _stood(self, item: TomoStood) -> str:
        who = self.who(item.actor)
        return f"{who}は立ち直った" if self.ja else f"{who} rights itself"

    def _cancelled(self, item: TomoManeuverCancelled) -> str:
        who = self.who(item.actor)
        if item.reason == "breaking_fire":
            if self.ja:
                return f"{who}は突撃破砕射撃に阻まれ機動処理を行えない"
            return f"{who} is pinned by assault-breaking fire and cannot maneuver"
        if self.ja:
            return f"{who}は転倒していて機動処理を行えない"
        return f"{who} is down and cannot maneuver"

    def _sniped(self, item: TomoSniped) -> str:
        who, target = self.who(item.actor), self.who(item.target)
        if self.ja:
            return f"{who}は機動狙撃に成功：このターン{target}の大打撃値 −{item.level}"
        return f"{who} gets a sniping position: {target}'s heavy-blow value -{item.level}"

    def _heavy_blow(self, item: TomoHeavyBlow) -> str:
        target = self.who(item.target)
        value = str(item.value) if item.lowered == item.value else f"{item.value}→{item.lowered}"
        if self.ja:
            return f"大打撃！ {target}へのダメージ {item.damage} が大打撃値 {value} に達した"
        return f"Heavy blow! {item.damage} damage reaches {target}'s heavy-blow value {value}"

    def _breaking_fire(self, item: TomoBreakingFire) -> str:
        who, target = self.who(item.actor), self.who(item.target)
        if self.ja:
            return (
                f"{who}の突撃破砕射撃が{target}を捉えた：ダメージなし、このターンの機動処理は不可能"
            )
        return f"{who}'s barrage pins {target}: no damage, no maneuver this turn"

    def _mishap(self, item: TomoMishap) -> str:
        who, what = self.who(item.actor), self._t("mishap", str(item.face))
        if self.ja:
            return f"{who}の自動失敗：GMの1D = {item.face}、{what}"
        return f"{who}'s automatic failure: the GM's 1D shows {item.face}, {what}"

    def _pilot(self, item: TomoPilotDamage) -> str:
        who = self.who(item.actor)
        faces = ",".join(str(face) for face in item.faces)
        rolled = f"({faces}) = {item.damage}" if item.faces else str(item.damage)
        if self.ja:
            return (
                f"{who}のゲキに対人火弾ダメージ {rolled} − 防御力 {item.defense}："
                f"生命 −{item.lost}（残り{item.life}）"
            )
        return (
            f"{who}'s pilot takes anti-personnel damage {rolled} - defence {item.defense}: "
            f"loses {item.lost} life ({item.life} left)"
        )

    def _exposed(self, item: TomoExposed) -> str:
        who = self.who(item.actor)
        if item.used:
            return f"{who}は駆動系の故障で被弾" if self.ja else f"{who}'s drive is down: hit"
        if self.ja:
            return f"{who}は駆動系の故障：次の攻撃を1発、自動的に被弾する"
        return f"{who}'s drive fails: the next attack on it hits"

    def _friendly_fire(self, item: TomoFriendlyFire) -> str:
        who, target, ally = self.who(item.actor), self.who(item.target), self.who(item.ally)
        if self.ja:
            return f"誤射！ {who}の射撃は{target}ではなく味方の{ally}に命中"
        return f"Friendly fire! {who}'s shot at {target} hits {ally}, an ally"

    def _covered(self, item: TomoCovered) -> str:
        who = self.who(item.actor)
        if self.ja:
            return f"{who}は障害物に隠れた（射撃 -{item.level}、障害物の生命 {item.level}）"
        return f"{who} takes cover (shots -{item.level}, the obstacle has {item.level} life)"

    def _cover_damaged(self, item: TomoCoverDamaged) -> str:
        who = self.who(item.actor)
        if self.ja:
            return f"{who}の障害物に{item.damage}の命中（残り生命 {item.life}）"
        return f"{who}'s obstacle takes {item.damage} ({item.life} life left)"

    def _cover_lost(self, item: TomoCoverLost) -> str:
        who = self.who(item.actor)
        ja, en = _COVER_LOST.get(item.reason, (item.reason, item.reason))
        return f"{who}{ja}" if self.ja else f"{who} {en}"

    def _empty(self, item: TomoEmpty) -> str:
        who, weapon = self.who(item.actor), self._item(item.weapon)
        return f"{who}の{weapon}は弾切れ" if self.ja else f"{who}'s {weapon} is empty"

    def _reloaded(self, item: TomoReloaded) -> str:
        who, weapon = self.who(item.actor), self._item(item.weapon)
        if self.ja:
            left = f"、予備の弾倉 残り{item.spares}" if item.spares >= 0 else ""
            return f"{who}は{weapon}の弾倉を交換（装弾 {item.shots}{left}）"
        plural = "s" if item.spares != 1 else ""
        left = f", {item.spares} spare{plural} left" if item.spares >= 0 else ""
        return f"{who} changes the {weapon}'s magazine ({item.shots} shots{left})"

    def _switched(self, item: TomoSwitched) -> str:
        who, weapon = self.who(item.actor), self._item(item.weapon)
        if self.ja:
            before = f"{self._item(item.previous)}から" if item.previous else ""
            return f"{who}は{before}{weapon}に持ち替えた"
        before = f" (putting away the {self._item(item.previous)})" if item.previous else ""
        return f"{who} takes the {weapon} in hand{before}"

    def _protecting(self, item: TomoProtecting) -> str:
        who, ally = self.who(item.actor), self.who(item.ally)
        if self.ja:
            return f"{who}は{ally}をかばう（次の戦闘処理まで）"
        return f"{who} protects {ally} (until its next combat processing)"

    def _protected(self, item: TomoProtected) -> str:
        who, ally = self.who(item.actor), self.who(item.ally)
        if self.ja:
            return f"{who}が{ally}をかばって{self.who(item.attacker)}の攻撃を受けた"
        return f"{who} takes {self.who(item.attacker)}'s hit on {ally}"

    def _down(self, item: TomoDown) -> str:
        who = self.who(item.actor)
        return f"{who}は生命0、戦闘不能" if self.ja else f"{who} is at 0 life: out of the fight"

    def _turn_ended(self, item: TomoTurnEnded) -> None:
        return None

    def _outcome(self, item: Outcome) -> str:
        reason = self._t("outcome", item.reason)
        if item.winner_side is None:
            if self.ja:
                return f"引き分け：{reason}（{item.rounds}ターン）"
            return f"Draw: {reason} after {item.rounds} turn{'s' if item.rounds != 1 else ''}"
        side = self.side(item.winner_side)
        if self.ja:
            return f"勝者：{side}（{reason}、{item.rounds}ターン）"
        return f"Winner: {side} ({reason}, {item.rounds} turn{'s' if item.rounds != 1 else ''})"


_HANDLERS: dict[type[Any], Any] = {
    TomoOpened: TomoNarrator._opened,
    TomoInitiative: TomoNarrator._initiative,
    TomoTurnStarted: TomoNarrator._turn,
    TomoDeclared: TomoNarrator._declared,
    TomoCheck: TomoNarrator._check,
    TomoContest: TomoNarrator._contest,
    TomoMoved: TomoNarrator._moved,
    TomoManeuverFailed: TomoNarrator._failed,
    TomoEscaped: TomoNarrator._escaped,
    TomoAttacked: TomoNarrator._attacked,
    TomoDamage: TomoNarrator._damage,
    TomoDown: TomoNarrator._down,
    TomoEmpty: TomoNarrator._empty,
    TomoReloaded: TomoNarrator._reloaded,
    TomoSwitched: TomoNarrator._switched,
    TomoProtecting: TomoNarrator._protecting,
    TomoProtected: TomoNarrator._protected,
    TomoMishap: TomoNarrator._mishap,
    TomoCharged: TomoNarrator._charged,
    TomoChargeFailed: TomoNarrator._charge_failed,
    TomoFell: TomoNarrator._fell,
    TomoStood: TomoNarrator._stood,
    TomoManeuverCancelled: TomoNarrator._cancelled,
    TomoSniped: TomoNarrator._sniped,
    TomoHeavyBlow: TomoNarrator._heavy_blow,
    TomoBreakingFire: TomoNarrator._breaking_fire,
    TomoPilotDamage: TomoNarrator._pilot,
    TomoExposed: TomoNarrator._exposed,
    TomoFriendlyFire: TomoNarrator._friendly_fire,
    TomoCovered: TomoNarrator._covered,
    TomoCoverDamaged: TomoNarrator._cover_damaged,
    TomoCoverLost: TomoNarrator._cover_lost,
    TomoTurnEnded: TomoNarrator._turn_ended,
    Outcome: TomoNarrator._outcome,
}


def tomogami_narrator(scenario: Any, lang: Lang) -> TomoNarrator:
    """A narrator with the names of a トモガミ scenario's characters and weapons."""
    names, items, sides = scenario_names(scenario)
    return TomoNarrator(names, lang, items, sides)
