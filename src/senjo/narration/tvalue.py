"""T値 system events as sentences, in Japanese (seed 002's words, docs/glossary.md) or
English.

Every hit roll prints its value and named modifiers, the dice, the total and what it
had to exceed; every T change its reason and the T after it.

>>> from senjo.systems.tvalue.events import TvTChanged
>>> n = TvNarrator({"aoi": ("Aoi", "葵")}, "ja")
>>> n.line(TvTChanged("aoi", 3, "direct_attack", 5))
'葵 T値 +3（直接攻撃）→ 5'
>>> n.lang = "en"
>>> n.line(TvTChanged("aoi", -8, "unconscious", -3))
'Aoi T -8 (lost consciousness) -> -3'
"""

from __future__ import annotations

from typing import Any

from senjo.dice.formatting import Lang
from senjo.engine.battle import Outcome
from senjo.engine.events import Event
from senjo.engine.modifiers import Score
from senjo.narration.base import NamedNarrator, scenario_names
from senjo.systems.tvalue.events import (
    TvActs,
    TvAreaStruck,
    TvBigAction,
    TvBlock,
    TvBudget,
    TvCancelled,
    TvCheck,
    TvComboRoll,
    TvConditionChanged,
    TvContest,
    TvDamage,
    TvDeclared,
    TvDeviation,
    TvDown,
    TvEvasionRoll,
    TvHitRoll,
    TvInterrupted,
    TvJoined,
    TvMoved,
    TvRequirementUnmet,
    TvRoundStarted,
    TvSwept,
    TvTChanged,
    TvWaiting,
)

__all__ = ["TERMS", "TvNarrator", "tvalue_narrator"]

#: kind -> key -> (Japanese, English).
TERMS: dict[str, dict[str, tuple[str, str]]] = {
    "reason": {
        "top_level": ("戦闘レベル最上位", "highest combat level"),
        "outnumber": ("人数で上回る", "outnumbering the foes"),
        "outnumbered": ("人数で25％以上下回る", "outnumbered by 25% or more"),
        "surprise": ("不意打ち", "surprise"),
        "surprised": ("不意打ちを受けた", "surprised"),
        "direct_attack": ("直接攻撃", "direct attack"),
        "unconscious": ("意識を失った", "lost consciousness"),
        "fall": ("転倒", "fall"),
        "combination": ("コンビネーション", "combination"),
        "unaware": ("不意打ちで出現した敵", "a foe appearing by surprise"),
        "technique_drop": ("武技の下降T値", "the technique's T drop"),
        "projectile": ("射出攻撃を受けた", "a projectile attack at it"),
        "unintended": ("意図しない参加", "unintended joining"),
    },
    "replacement": {
        "heavy_blow": ("強打", "heavy blow"),
        "critical": ("クリティカル", "critical"),
        "interception": ("攻撃妨害", "interception"),
        "combination": ("コンビネーション", "combination"),
        "all_out": ("全力攻撃", "all-out strike"),
        "pulled": ("手加減", "pulled blow"),
        "feint": ("フェイント", "feint"),
        "aim_head": ("部位狙い（頭）", "called shot (head)"),
        "aim_arm": ("部位狙い（腕）", "called shot (arm)"),
        "aim_leg": ("部位狙い（脚）", "called shot (leg)"),
        "aim_weapon": ("部位狙い（武器）", "called shot (weapon)"),
        "sweeping": ("なぎ払い", "sweeping strike"),
    },
    "modifier": {
        "all_out": ("全力攻撃", "all-out strike"),
        "feint": ("フェイント", "feint"),
        "interception": ("攻撃妨害", "interception"),
        "leg_sweep": ("足払い", "leg sweep"),
        "two_swords": ("二刀流", "two swords"),
        "size": ("サイズ", "size"),
        "damage": ("ダメージ", "damage"),
        "held": ("組みつかれている", "held"),
        "escaping": ("振りほどく側", "escaping"),
        "lock_limb": ("締めつけ（四肢）", "joint lock (limb)"),
        "lock_neck": ("締めつけ（首）", "choke (neck)"),
        "two_handed": ("両手武器", "two-handed"),
        "aim_head": ("部位狙い（頭）", "called shot (head)"),
        "aim_arm": ("部位狙い（腕）", "called shot (arm)"),
        "aim_leg": ("部位狙い（脚）", "called shot (leg)"),
        "aim_weapon": ("部位狙い（武器）", "called shot (weapon)"),
        "distance": ("距離", "distance"),
        "sweeping": ("なぎ払い", "sweeping strike"),
        "t_clause": ("T値によるデータ変動", "T-scaled clause"),
    },
    "basis": {
        "absolute": ("絶対値", "absolute"),
        "relative": ("相対値", "relative"),
    },
    "action": {
        "attack": ("直接攻撃", "direct attack"),
        "shoot": ("射出攻撃", "projectile attack"),
        "leg_sweep": ("足払い", "leg sweep"),
        "iai": ("居合い", "iai draw"),
        "oni_claw": ("鬼の爪", "demon's claw"),
        "two_swords": ("二刀流", "two swords"),
        "ram": ("体当たり", "ram"),
        "grab": ("組みつき", "grab"),
        "break_free": ("振りほどき", "break free"),
        "takedown": ("倒す", "takedown"),
        "pin": ("押さえこみ", "pin"),
        "lock_body": ("締めつけ（胴体）", "squeeze (body)"),
        "lock_limb": ("締めつけ（四肢）", "joint lock (limb)"),
        "lock_neck": ("締めつけ（首）", "choke (neck)"),
        "block": ("攻撃阻止", "attack block"),
        "guard_cancel": ("ガードキャンセル", "guard cancel"),
        "ougi": ("奥儀", "secret art"),
        "release": ("組みつきを解く", "let go of the hold"),
        "move": ("移動", "move"),
    },
    "direction": {
        "N": ("北", "north"),
        "NE": ("北東", "north-east"),
        "SE": ("南東", "south-east"),
        "S": ("南", "south"),
        "SW": ("南西", "south-west"),
        "NW": ("北西", "north-west"),
    },
    "purpose": {
        "leg_sweep": ("敏捷力判定（足払い）", "dexterity check (leg sweep)"),
        "shooting": ("射撃判定", "shooting roll"),
        "head": ("生命力判定（頭）", "vitality check (head)"),
        "arm": ("生命力判定（腕）", "vitality check (arm)"),
        "leg": ("生命力判定（脚）", "vitality check (leg)"),
        "weapon": ("筋力判定（武器）", "strength check (weapon)"),
        "ram": ("敏捷力判定（体当たり）", "dexterity check (ram)"),
        "break_free": ("振りほどき（即決勝負）", "breaking free (Quick Contest)"),
        "takedown": ("倒す（即決勝負）", "takedown (Quick Contest)"),
        "pin": ("筋力の即決勝負（押さえこみ）", "strength contest (pin)"),
        "lock_limb": ("即決勝負（四肢の関節技）", "Quick Contest (joint lock)"),
        "lock_neck": ("即決勝負（首絞め）", "Quick Contest (choke)"),
    },
    "depth": {
        "physical": ("物理", "physical"),
        "ethereal": ("幽体", "ethereal"),
        "spirit": ("霊体", "spirit"),
        "principle": ("法理", "principle"),
        "divine": ("対神", "divine"),
    },
    "outcome": {
        "last_side_standing": ("最後まで残った陣営", "last side standing"),
        "fled": ("離脱", "the foe left the battle"),
        "all_down": ("全員戦闘不能", "everyone is down"),
        "round_limit": ("ラウンド上限", "round limit"),
    },
}


class TvNarrator(NamedNarrator):
    """Turns T値 system events into lines. `names` maps a key to its (English, Japanese)
    name."""

    def _t(self, kind: str, key: str) -> str:
        ja, en = TERMS.get(kind, {}).get(key, (key, key.replace("_", " ")))
        return ja if self.ja else en

    def line(self, item: Event) -> str | None:
        """One line for an event, or None for events that are not narrated."""
        handler = _HANDLERS.get(type(item))
        return handler(self, item) if handler is not None else None

    def action(self, declared: str) -> str:
        """`attack:katana+heavy_blow` as words: `直接攻撃（刀）・強打`."""
        action, _, rest = declared.partition(":")
        weapon, _, replacement = rest.partition("+")
        if action.startswith("chain") and action[5:].isdigit():
            name = f"{action[5:]}連コンボ" if self.ja else f"{action[5:]}-chain combo"
        elif action == "ougi":  # a secret art: its own name, not a weapon's
            art = self._named("ougi", weapon)
            return f"奥儀「{art}」" if self.ja else f"secret art “{art}”"
        elif action in TERMS["action"]:
            name = self._t("action", action)
        else:  # a scenario's own technique
            name = self._named("technique", action)
        if weapon:
            name += f"（{self.item(weapon)}）" if self.ja else f" ({self.item(weapon)})"
        if replacement:
            name += ("・" if self.ja else ", ") + self._t("replacement", replacement)
        return name

    def _named(self, kind: str, key: str) -> str:
        """A secret art's or a scenario technique's name, kept as `kind:KEY` among the
        items (its key when the scenario gives none)."""
        name = self.item(f"{kind}:{key}")
        return key if name == f"{kind}:{key}" else name

    def score(self, score: Score) -> str:
        """`[11、フェイント -3]`: a value's base and named modifiers."""
        parts = [str(score.base)]
        parts += [f"{self._t('modifier', s)} {a:+d}" for s, a in score.modifiers.items]
        return "[" + ("、" if self.ja else ", ").join(parts) + "]"

    def _round(self, item: TvRoundStarted) -> str:
        if self.ja:
            return f"── 第{item.round}ラウンド（FAP・MAP 回復、宣言）──"
        return f"-- Round {item.round} (FAP and MAP refilled; declarations) --"

    def _declared(self, item: TvDeclared) -> str:
        who, what = self.who(item.actor), self.action(item.action)
        if self.ja:
            snap = "とっさの行動（2倍）" if item.snap else "宣言"
            mp = (f"・MP {item.mp}" if item.mp else "") + (f"・HP {item.hp}" if item.hp else "")
            return (
                f"{who}：{snap} {what}（FAP {item.fap}・MAP {item.map}{mp}、"
                f"残り FAP {item.fap_left}・MAP {item.map_left}）"
            )
        snap = "snap action (double cost)" if item.snap else "declares"
        mp = (f", MP {item.mp}" if item.mp else "") + (f", HP {item.hp}" if item.hp else "")
        return (
            f"{who} {snap} {what} (FAP {item.fap}, MAP {item.map}{mp}; "
            f"left FAP {item.fap_left}, MAP {item.map_left})"
        )

    def _cancelled(self, item: TvCancelled) -> str:
        who = self.who(item.actor)
        what = ("、" if self.ja else ", ").join(self.action(a) for a in item.actions)
        return f"{who}：{what}をキャンセル" if self.ja else f"{who} cancels {what}"

    def _acts(self, item: TvActs) -> str:
        who = self.who(item.actor)
        declared, _, target = item.action.rpartition(":")
        what = self.action(declared)
        if target == "*":  # an interception: no target until it strikes
            return (
                f"{who}の行動（行動順 {item.order}）：{what}"
                if self.ja
                else (f"{who} acts (order {item.order}): {what}")
            )
        whom = ("と" if self.ja else " and ").join(self.who(t) for t in target.split("&"))
        if self.ja:
            return f"{who}の行動（行動順 {item.order}）：{whom}に{what}"
        return f"{who} acts (order {item.order}): {what} at {whom}"

    def _check(self, item: TvCheck) -> str:
        who, what = self.who(item.actor), self._t("purpose", item.purpose)
        faces = ",".join(str(face) for face in item.dice)
        score = self.score(item.score)
        if self.ja:
            result = f"成功度{item.margin}" if item.success else f"失敗度{-item.margin}"
            return f"{who} {what} {score} 3D6 ({faces}) = {item.total} ＞ {result}"
        result = f"success by {item.margin}" if item.success else f"failure by {-item.margin}"
        return f"{who} {what} {score} 3D6 ({faces}) = {item.total}: {result}"

    def _deviation(self, item: TvDeviation) -> str:
        where = self._t("direction", item.direction)
        metres = f"{item.decimetres / 10:.1f}"
        if not item.target:  # an area attack: it lands where it drifted
            return (
                f"射撃は{where}へ{metres}mずれた"
                if self.ja
                else f"The shot drifts {metres} m {where}"
            )
        if self.ja:
            return f"射撃は{where}へ{metres}mずれ、{self.who(item.target)}に当たらない"
        return f"The shot drifts {metres} m {where} and misses {self.who(item.target)}"

    def _area(self, item: TvAreaStruck) -> str:
        who, weapon = self.who(item.actor), self.item(item.weapon)
        if self.ja:
            whom = "、".join(self.who(target) for target in item.targets) or "誰もいない"
            return f"{who}の{weapon}の範囲攻撃：{whom}（範囲攻撃は回避できない）"
        whom = ", ".join(self.who(target) for target in item.targets) or "nobody"
        return f"{who}'s {weapon} catches {whom} (an area attack cannot be evaded)"

    def _evasion(self, item: TvEvasionRoll) -> str:
        who, faces = self.who(item.actor), ",".join(str(face) for face in item.dice)
        score = self.score(item.score)
        if self.ja:
            result = "回避" if item.evaded else "命中"
            return (
                f"{who} 回避判定 {score} − 7 + 2D6 ({faces}) = {item.total}"
                f" vs 固定値 {item.against} ＞ {result}"
            )
        result = "evaded" if item.evaded else "hit"
        return (
            f"{who} evasion roll {score} - 7 + 2D6 ({faces}) = {item.total}"
            f" vs fixed {item.against}: {result}"
        )

    def _condition(self, item: TvConditionChanged) -> str:
        who = self.who(item.actor)
        kind, _, detail = item.condition.partition(":")
        if kind == "prone":
            return f"{who}は転倒した" if self.ja else f"{who} falls"
        if kind == "dropped":
            weapon = self.item(detail)
            return f"{who}は{weapon}を落とした" if self.ja else f"{who} drops the {weapon}"
        if kind == "evasion":  # an ability's 「次ラウンド終了時まで回避に○」
            if self.ja:
                return f"{who}の回避点 +{detail}（次のラウンドの終わりまで）"
            return f"{who}'s evasion +{detail} until the end of next round"
        if kind == "knocked_out":
            if self.ja:
                return f"{who}は{detail}分間気絶する"
            return f"{who} is knocked out for {detail} minutes"
        if kind in ("arm_useless", "leg_useless", "limb_useless"):
            limb = {"arm_useless": "腕", "leg_useless": "脚", "limb_useless": "四肢"}[kind]
            if self.ja:
                return f"{who}の{limb}は使えなくなった"
            return f"{who}'s {kind.split('_')[0]} is useless"
        if kind == "locked":
            part = self._t("action", f"lock_{detail}")
            return (
                f"{who}：{part}" + ("" if item.on else "が解けた")
                if self.ja
                else (f"{who}: {part}" + ("" if item.on else " ends"))
            )
        if kind == "held":
            holder = self.who(detail)
            if self.ja:
                return f"{who}は{holder}に組みつかれた" if item.on else f"{who}は{holder}から逃れた"
            return f"{who} is held by {holder}" if item.on else f"{who} is free of {holder}"
        if kind == "pinned":
            pinner = self.who(detail)
            if self.ja:
                return (
                    f"{who}は{pinner}に押さえこまれた" if item.on else f"{who}の押さえこみが解けた"
                )
            return f"{who} is pinned by {pinner}" if item.on else f"{who} is no longer pinned"
        if kind == "dead":
            return f"{who}は首をはねられた" if self.ja else f"{who} is beheaded"
        return f"{who}: {item.condition} {'on' if item.on else 'off'}"

    def _hit(self, item: TvHitRoll) -> str:
        score = self.score(item.score)
        faces = ",".join(str(face) for face in item.dice)
        evasion = self.score(item.evasion)
        if item.against_dice:
            theirs = ",".join(str(face) for face in item.against_dice)
            against = f"{evasion} − 7 + 2D6 ({theirs}) = {item.against}"
        else:
            against = evasion if not item.evasion.modifiers else f"{evasion} = {item.against}"
        if not item.dice:  # a combo's strike at a target it already hit
            whom = self.who(item.target)
            if self.ja:
                return f"コンボ中に命中済みの{whom}へ：自動的に命中"
            return f"{whom} was hit earlier in the combo: hits automatically"
        if item.replacement == "interception":  # against the attacker's accuracy
            who = self.who(item.actor)
            if self.ja:
                result = "成功、攻撃を無効化" if item.hit else "失敗"
                return (
                    f"{who}の攻撃妨害 {score} 2D6 ({faces}) = {item.total}"
                    f" vs 命中 {against} ＞ {result}"
                )
            result = "success: the attack is void" if item.hit else "failure"
            return (
                f"{who} intercepts {score} 2D6 ({faces}) = {item.total}"
                f" vs accuracy {against}: {result}"
            )
        if self.ja:
            result = "命中" if item.hit else "外れ"
            return f"命中判定 {score} 2D6 ({faces}) = {item.total} vs 回避点 {against} ＞ {result}"
        result = "hit" if item.hit else "miss"
        return f"Hit roll {score} 2D6 ({faces}) = {item.total} vs evasion {against}: {result}"

    def _unmet(self, item: TvRequirementUnmet) -> str:
        who, what = self.who(item.actor), self._t("replacement", item.replacement)
        basis = self._t("basis", item.basis)
        if item.replacement.startswith("ougi:"):  # a combo of techniques: its first one
            what = self.action(item.replacement)
            if self.ja:
                return (
                    f"{who}：{what}の必要T値（{basis}{item.needed}以上）を満たさない"
                    f"（{item.had}）、最初の武技だけ解決"
                )
            return (
                f"{who}: {what} needs {basis} T {item.needed} or more (has {item.had}); "
                "only its first technique resolves"
            )
        if self.ja:
            return (
                f"{who}：{what}の必要T値（{basis}{item.needed}以上）を満たさない"
                f"（{item.had}）、通常の直接攻撃として解決"
            )
        return (
            f"{who}: {what} needs {basis} T {item.needed} or more (has {item.had}); "
            "resolved as a plain direct attack"
        )

    def _damage(self, item: TvDamage) -> str:
        faces = ",".join(str(face) for face in item.dice)
        who, depth = self.who(item.target), self._t("depth", item.depth)
        how = ("、" if self.ja else ", ") + self._t("replacement", item.replacement)
        how = how if item.replacement else ""
        times = f" ×{item.multiplier}" if item.multiplier != 1 else ""
        if self.ja:
            return (
                f"ダメージ（{depth}{how}）({faces}) = {item.rolled} − 防護 {item.protection}"
                f"{times} ＝ {item.taken}：{who} HP {item.hp}"
            )
        return (
            f"Damage ({depth}{how}) ({faces}) = {item.rolled} - protection {item.protection}"
            f"{times} = {item.taken}: {who} HP {item.hp}"
        )

    def _combo_roll(self, item: TvComboRoll) -> str:
        who, what = self.who(item.actor), self.action(item.combo)
        faces = ",".join(str(face) for face in item.dice)
        total = sum(item.dice)
        if self.ja:
            result = "成功、続けて攻撃" if item.success else "失敗、最初の行動で終了"
            return f"{who}の{what}判定 2D6 ({faces}) = {total} vs {item.number} ＞ {result}"
        result = "the strikes follow" if item.success else "it ends after the first"
        return f"{who}'s {what} roll 2D6 ({faces}) = {total} vs {item.number}: {result}"

    def _budget(self, item: TvBudget) -> str:
        who = self.who(item.actor)
        if item.reason == "held":
            if self.ja:
                return f"{who}：組みつかれて FAP −5（残り FAP {item.fap}・MAP {item.map}）"
            return f"{who}: held, FAP −5 (left FAP {item.fap}, MAP {item.map})"
        if item.reason == "guard_cancel":
            if self.ja:
                return f"{who}：ガードキャンセルで FAP 半分（残り FAP {item.fap}・MAP {item.map}）"
            return f"{who}: guard cancel at half FAP (left FAP {item.fap}, MAP {item.map})"
        if item.reason in ("block", "override"):
            what = "攻撃阻止" if item.reason == "block" else "攻撃阻止の相殺"
            if self.ja:
                return f"{who}：{what}に FAP（残り FAP {item.fap}・MAP {item.map}）"
            what = "the block" if item.reason == "block" else "overriding the block"
            return f"{who}: FAP for {what} (left FAP {item.fap}, MAP {item.map})"
        if item.reason == "lock":
            if self.ja:
                return (
                    f"{who}：締めつけの持続に FAP 5・MAP 2（残り FAP {item.fap}・MAP {item.map}）"
                )
            return f"{who}: FAP 5, MAP 2 to keep the lock (left FAP {item.fap}, MAP {item.map})"
        if item.reason in ("counter_throw", "upkeep"):
            what = "逆に倒す構え" if item.reason == "counter_throw" else "押さえこみの持続"
            if self.ja:
                return f"{who}：{what}に FAP 5・MAP 2（残り FAP {item.fap}・MAP {item.map}）"
            what = "a counter-throw" if item.reason == "counter_throw" else "keeping the pin"
            return f"{who}: FAP 5, MAP 2 for {what} (left FAP {item.fap}, MAP {item.map})"
        if self.ja:
            return f"{who}：大きな行動に支払い（残り FAP {item.fap}・MAP {item.map}）"
        return f"{who}: pays toward its big action (left FAP {item.fap}, MAP {item.map})"

    def _block(self, item: TvBlock) -> str:
        who, attacker = self.who(item.actor), self.who(item.attacker)
        if self.ja:
            result = "攻撃は無効化された" if item.stopped else "相殺され、攻撃は続く"
            return (
                f"{who}の攻撃阻止 FAP {item.spent} vs {attacker}の FAP {item.paid}"
                f" + 相対T値 {item.relative:+d} ＞ {result}"
            )
        result = "the attack is void" if item.stopped else "overridden: the attack goes on"
        return (
            f"{who} blocks with FAP {item.spent} vs {attacker}'s FAP {item.paid}"
            f" + relative T {item.relative:+d}: {result}"
        )

    def _contest(self, item: TvContest) -> str:
        winner = item.actor if item.won else item.other
        who = self.who(winner)
        return f"即決勝負：{who}の勝ち" if self.ja else f"Quick Contest: {who} wins"

    def _big(self, item: TvBigAction) -> str:
        who, what = self.who(item.actor), self.action(item.action)
        if item.fap_due == 0 and item.map_due == 0:
            if self.ja:
                return f"{who}：大きな行動 {what} の消費が満たされた（このラウンドの最後に解決）"
            return f"{who}: the big action {what} is paid for (it resolves last this round)"
        if self.ja:
            return f"{who}：大きな行動 {what}、残り FAP {item.fap_due}・MAP {item.map_due}"
        return f"{who}: big action {what}, still to pay FAP {item.fap_due}, MAP {item.map_due}"

    def _waiting(self, item: TvWaiting) -> str:
        who, weapon = self.who(item.actor), self.item(item.weapon)
        if self.ja:
            return f"{who}は{weapon}を構えて待機（攻撃妨害）"
        return f"{who} waits with the {weapon} to intercept"

    def _swept(self, item: TvSwept) -> str:
        who = self.who(item.actor)
        whom = ("、" if self.ja else ", ").join(self.who(target) for target in item.targets)
        return f"{who}のなぎ払い：{whom}" if self.ja else f"{who} sweeps at {whom}"

    def _interrupted(self, item: TvInterrupted) -> str:
        who = self.who(item.attacker)
        return f"{who}の攻撃は無効化された" if self.ja else f"{who}'s attack is void"

    def _joined(self, item: TvJoined) -> str:
        who = self.who(item.actor)
        return f"{who}が戦闘に加わった（途中参加）" if self.ja else f"{who} joins the battle"

    def _moved(self, item: TvMoved) -> str:
        who, whom = self.who(item.actor), self.who(item.toward)
        metres, at = f"{item.metres:.1f}", f"({item.x:.1f}, {item.y:.1f})"
        if self.ja:
            way = "から離れて" if item.away else "へ"
            return f"{who}は{whom}{way}{metres}m移動 → {at}"
        way = "away from" if item.away else "towards"
        return f"{who} moves {metres} m {way} {whom} -> {at}"

    def _down(self, item: TvDown) -> str:
        who = self.who(item.actor)
        return f"{who}はHP0以下、気絶" if self.ja else f"{who} is at 0 HP or less: unconscious"

    def _t_changed(self, item: TvTChanged) -> str:
        who, reason = self.who(item.actor), self._t("reason", item.reason)
        if self.ja:
            return f"{who} T値 {item.amount:+d}（{reason}）→ {item.after}"
        return f"{who} T {item.amount:+d} ({reason}) -> {item.after}"

    def _outcome(self, item: Outcome) -> str:
        reason = self._t("outcome", item.reason)
        rounds = f"{item.rounds} round{'s' if item.rounds != 1 else ''}"
        if item.winner_side is None:
            return (
                f"引き分け：{reason}（{item.rounds}ラウンド）"
                if self.ja
                else f"Draw: {reason} after {rounds}"
            )
        side = self.side(item.winner_side)
        if self.ja:
            return f"勝者：{side}（{reason}、{item.rounds}ラウンド）"
        return f"Winner: {side} ({reason}, {rounds})"


_HANDLERS: dict[type[Any], Any] = {
    TvRoundStarted: TvNarrator._round,
    TvDeclared: TvNarrator._declared,
    TvCancelled: TvNarrator._cancelled,
    TvActs: TvNarrator._acts,
    TvHitRoll: TvNarrator._hit,
    TvCheck: TvNarrator._check,
    TvDeviation: TvNarrator._deviation,
    TvEvasionRoll: TvNarrator._evasion,
    TvConditionChanged: TvNarrator._condition,
    TvRequirementUnmet: TvNarrator._unmet,
    TvDamage: TvNarrator._damage,
    TvDown: TvNarrator._down,
    TvJoined: TvNarrator._joined,
    TvMoved: TvNarrator._moved,
    TvWaiting: TvNarrator._waiting,
    TvComboRoll: TvNarrator._combo_roll,
    TvBigAction: TvNarrator._big,
    TvContest: TvNarrator._contest,
    TvBudget: TvNarrator._budget,
    TvBlock: TvNarrator._block,
    TvInterrupted: TvNarrator._interrupted,
    TvSwept: TvNarrator._swept,
    TvAreaStruck: TvNarrator._area,
    TvTChanged: TvNarrator._t_changed,
    Outcome: TvNarrator._outcome,
}


def tvalue_narrator(scenario: Any, lang: Lang) -> TvNarrator:
    """A narrator with the names of a T値 scenario's fighters and weapons."""
    names, named_items, sides = scenario_names(scenario)
    items = dict(named_items)
    for sheet in scenario.fighters:  # arts and own techniques apart from the weapons
        for art in getattr(sheet, "arts", ()):
            items[f"ougi:{art.key}"] = (art.name, art.name_ja)
        for own in getattr(sheet, "own_techniques", ()):
            items[f"technique:{own.key}"] = (own.name, own.name_ja)
    return TvNarrator(names, lang, items, sides)
