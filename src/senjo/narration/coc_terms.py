"""CoC terms for narration: Japanese (seed 004's words, per docs/glossary.md) and English.

Keys are the identifiers the rules use; `term(kind, key, lang)` falls back to
the key itself (underscores as spaces), so a new key never breaks narration.

>>> term("action", "aim", "ja"), term("action", "aim", "en")
('狙う', 'Aim')
>>> term("modifier", "dodge_focus", "ja")
'回避に集中'
"""

from __future__ import annotations

from senjo.dice.formatting import Lang

__all__ = ["TERMS", "term"]

TERMS: dict[str, dict[str, tuple[str, str]]] = {
    "action": {
        "attack": ("攻撃", "Attack"),
        "throw": ("投げ", "Throw"),
        "hold": ("組み付きを続ける", "Keep the hold"),
        "release": ("組み付きを解く", "Let go"),
        "escape": ("振りほどく", "Break free"),
        "aim": ("狙う", "Aim"),
        "hide": ("隠れる", "Hide"),
        "close": ("接近", "Close"),
        "withdraw": ("後退", "Withdraw"),
        "flee": ("逃走", "Flee"),
        "stand_up": ("起き上がる", "Stand up"),
        "reload": ("リロード", "Reload"),
        "do_nothing": ("何もしない", "Do nothing"),
    },
    "variant": {
        "knockout": ("ノックアウト攻撃", "knock-out attack"),
        "tackle": ("体当たり", "tackle"),
    },
    "check": {
        "attack": ("命中判定", "attack roll"),
        "martial_arts": ("武道", "Martial Arts"),
        "dodge": ("回避", "Dodge"),
        "parry": ("受け流し", "Parry"),
        "shock": ("ショック（CON×5）", "shock (CON×5)"),
        "hide": ("隠れる", "Hide"),
        "sneak": ("忍び足", "Sneak"),
        "idea": ("アイデア", "Idea"),
        "breakfall": ("受け身（組み付き）", "break-fall (Grapple)"),
    },
    "resistance": {
        "protect": ("庇う（DEX対抗）", "protect (DEX resistance)"),
        "grapple_hold": ("組み付きの維持（筋力対抗）", "keeping the grapple (STR resistance)"),
        "escape": ("振りほどき（筋力対抗）", "breaking free (STR resistance)"),
        "push_down": ("押し倒し（筋力対抗）", "push-down (STR resistance)"),
        "knockout": ("ノックアウト（ダメージ対HP）", "knock-out (damage vs HP)"),
        "throw_knockout": (
            "投げのノックアウト（ダメージ×2対CON）",
            "throw knock-out (2×damage vs CON)",
        ),
        "tackle_knockout": (
            "体当たりのノックアウト（ダメージ合計×2対CON）",
            "tackle knock-out (2×total damage vs CON)",
        ),
        "taunt": ("挑発（言いくるめ1/5対INT）", "taunt (Fast Talk/5 vs INT)"),
    },
    "modifier": {
        "dodge_focus": ("回避に集中", "dodge focus"),
        "repeated_dodge": ("回避の回数", "repeated dodge"),
        "repeated_parry": ("受け流しの回数", "repeated parry"),
        "penalty_floor": ("下限", "floor"),
        "aim": ("狙う", "aim"),
        "long_range": ("射程外", "beyond base range"),
    },
    "condition": {
        "prone": ("転倒", "prone"),
        "unconscious": ("気絶", "unconscious"),
        "dying": ("瀕死", "dying"),
        "dead": ("死亡", "dead"),
        "hidden": ("隠れている", "hidden"),
        "aiming": ("狙っている", "aiming"),
        "fixed": ("挑発で攻撃対象が固定", "fixed on a taunter"),
        "fled": ("逃走", "out of the battle (fled)"),
    },
    "condition_end": {
        "prone": ("起き上がった", "is up again"),
        "hidden": ("隠れ状態が解けた", "is no longer hidden"),
        "aiming": ("狙いが解けた", "is no longer aiming"),
        "fixed": ("挑発の効果が切れた", "is no longer fixed on a taunter"),
    },
    "cause": {
        "": ("", ""),
        "hp_zero": ("HP0以下", "HP 0 or below"),
        "low_hp": ("HP2以下", "HP 2 or below"),
        "shock": ("ショック", "shock"),
        "knockout_attack": ("ノックアウト攻撃", "knock-out attack"),
        "throw": ("投げ", "throw"),
        "tackle": ("体当たり", "tackle"),
        "thrown": ("投げ", "thrown"),
        "knock_down": ("組み付きで倒された", "knocked down by a grapple"),
        "push_down": ("押し倒し", "push-down"),
        "stood_up": ("起き上がった", "stood up"),
        "hit": ("攻撃が命中", "hit"),
        "used": ("攻撃に使った", "used for an attack"),
        "acted": ("行動した", "acted"),
        "protected": ("庇った", "protected someone"),
        "melee_attack": ("近接攻撃をした", "made a melee attack"),
        "idea": ("アイデアで見破られた", "found by an Idea roll"),
        "sneak_failed": ("忍び歩きに失敗", "failed to sneak"),
        "expired": ("期間終了", "it wore off"),
        "dying": ("瀕死のまま", "dying untreated"),
        "unconscious": ("気絶", "unconscious"),
        "dead": ("死亡", "dead"),
        "grapple": ("組み付き", "grapple"),
        "hold_broken": ("筋力対抗に失敗", "lost the STR roll"),
        "escaped": ("振りほどかれた", "broken free"),
        "released": ("放した", "let go"),
        "taken_over": ("別の者が組み付いた", "someone else took hold"),
        "close": ("接近", "closing"),
        "withdraw": ("後退", "withdrawal"),
        "knock_back": ("吹き飛ばし", "knock-back"),
        "hidden": ("隠れた", "hiding"),
        "fled": ("逃走", "flight"),
    },
    "grapple": {
        "hold": ("押さえ込み", "hold"),
        "strangle": ("首絞め", "strangle"),
    },
    "damage": {
        "throw": ("投げ", "throw"),
        "throw_breakfall": ("投げ（受け身で半減）", "throw (halved by a break-fall)"),
        "tackle": ("体当たり", "tackle"),
        "wall": ("壁への激突", "hitting the wall"),
        "floor": ("硬い床", "hard floor"),
        "strangle": ("首絞め", "strangling"),
        "knockout": ("ノックアウト（1/3）", "knock-out (a third)"),
        "grapple": ("組み付き", "grapple"),
    },
    "doubled": {
        "impale": ("貫通", "impale"),
        "martial_arts": ("武道", "Martial Arts"),
    },
    "item": {
        "reloaded": ("をリロードした", "reloads"),
        "jammed": ("が故障した", "jams"),
        "disarmed": ("を奪われた", "loses"),
    },
    "outcome": {
        "last_side_standing": ("最後まで立っていた陣営", "last side standing"),
        "fled": ("逃走", "the foe fled"),
        "all_down": ("全員戦闘不能", "everyone is down"),
        "round_limit": ("ラウンド上限", "round limit"),
    },
    "skipped": {
        "held": ("組み付かれて動けない", "held fast"),
        "no_action": ("できることがない", "nothing to do"),
    },
    # The options of a question to a combatant played by hand (`senjo play`): a plain
    # choice's name, and declining to defend.
    "choice": {
        "fight": ("戦う", "Fight"),
        "dodge_focus": ("回避に集中", "Dodge focus"),
        "protect": ("庇う", "Protect"),
        "taunt": ("挑発する", "Taunt"),
        "pass": ("見送る", "Pass"),
        "hold": ("押さえ込み", "Hold"),
        "strangle": ("首絞め", "Strangle"),
        "knock_down": ("倒す", "Knock down"),
        "hurt": ("ダメージを与える", "Hurt"),
        "disarm": ("武器を奪う", "Disarm"),
        "throw": ("投げ", "Throw"),
        "knock_back": ("吹き飛ばし", "Knock back"),
        "push_down": ("押し倒し", "Push down"),
        "none": ("何もしない", "Nothing more"),
        "no_defense": ("防御しない", "No defense"),
    },
}


def term(kind: str, key: str, lang: Lang) -> str:
    """The term for `key` among `kind`, or the key itself (underscores as spaces)."""
    pair = TERMS.get(kind, {}).get(key)
    if pair is None:
        return key.replace("_", " ")
    return pair[0] if lang == "ja" else pair[1]
