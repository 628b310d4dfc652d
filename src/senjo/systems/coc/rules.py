"""The optional rules of the `coc` system: seed 004's house rules and the base game's choices.

Every house rule of seed 004 is a named option taking on, off or default;
"default" follows the master option `house` (on unless set off), so a keeper
can switch all of them off at once (`house=off`) or one at a time.

>>> Rules.from_settings({"house": "off"}).dodge_focus
False
>>> Rules.from_settings({"house": "off", "house_aim": "on"}).aim
True
>>> Rules.from_settings({}).penalty_floor, Rules.from_settings({"critical_rule": "cc"}).ccb
(11, False)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from senjo.engine.battle import MOST_ROUNDS, RuleOption

__all__ = ["HOUSE_RULES", "OPTIONS", "Rules"]

#: (option, English help, Japanese help): seed 004's house rules, in the seed's order.
HOUSE_RULES: Final[tuple[tuple[str, str, str], ...]] = (
    (
        "house_defenses",
        "Seed 004: one attack a round, any number of parries and dodges; dodging costs no attack.",
        "攻撃は1回、受け流し・回避は何回でも（回避しても攻撃できる）。",
    ),
    (
        "house_dodge_halving",
        "Seed 004: each further dodge in a round halves the value again (1/2, 1/4 ...).",
        "同じラウンドの2回目以降の回避は判定値を半減していく。",
    ),
    (
        "house_parry_penalty",
        "Seed 004: each further parry in a round is at -10 more (-10, -20 ...).",
        "同じラウンドの2回目以降の受け流しは-10ずつ。",
    ),
    (
        "house_dodge_focus",
        "Seed 004: skip the round's attack to add +50 to the dodge base.",
        "ラウンドの最初に攻撃しない代わりに回避の基準値+50。",
    ),
    (
        "house_unarmed_parry",
        "Seed 004: fist, kick and grapple parry unarmed attacks without Martial Arts, only.",
        "武道をともなわない素手の攻撃に限り、こぶし・キック・組み付きで受け流せる。",
    ),
    (
        "house_grapple_size",
        "Seed 004: grapple only a target whose SIZ is -20 to +10 of yours.",
        "組み付きは相手のSIZが-20以上+10以下のときのみ。",
    ),
    (
        "house_grapple_hold",
        "Seed 004: on the target's DEX turn the grappler rolls STR vs STR or lets go.",
        "相手の行動順に筋力対抗ロール、失敗で組み付き解除。",
    ),
    (
        "house_aim",
        "Seed 004 狙う: a round without acting gives +30% to the next attack (max 99).",
        "狙う：1ラウンド行動しないと次の攻撃の命中率+30%（上限99%）。",
    ),
    (
        "house_protect",
        "Seed 004 庇う: step in front of an ally's attacker (DEX resistance, then parry).",
        "庇う：DEX対抗で味方への攻撃を引き受け、受け流しできる。",
    ),
    (
        "house_throw",
        "Seed 004 投げ: from a grapple, throw for 1D3+db; break-fall halves; knock-out roll.",
        "投げ：組み付き中に1D3+db、受け身で半減、失敗でノックアウト判定。",
    ),
    (
        "house_tackle",
        "Seed 004 体当たり: 1D3+db, then knock-back or push-down, and a knock-out roll.",
        "体当たり：1D3+db、吹き飛ばしか押し倒し、ノックアウト判定。",
    ),
    (
        "house_hide",
        "Seed 004 隠れる: hide in cover mid-fight; attacks from hiding are surprise attacks.",
        "隠れる：戦闘中に隠れる。隠れた状態からの攻撃は不意打ち。",
    ),
    (
        "house_taunt",
        "Seed 004 挑発: Fast Talk/5 vs INT fixes the target's attacks on you for 1D6 rounds.",
        "挑発：言いくるめ1/5対INTで1D6ラウンド攻撃対象を固定。",
    ),
    (
        "house_withdraw",
        "Seed 004 後退/接近: withdraw out of melee unless surrounded; closing takes a round.",
        "後退：囲まれていなければ距離を取れる。接近には1ラウンド。",
    ),
    (
        "house_prone",
        "Seed 004 転倒: a round to stand; guns or reloads only; no parry; 1/4 move; x1.5 if hard.",
        "転倒：起き上がりに1ラウンド、火器とリロードのみ、受け流し不可、移動1/4、硬い地面で1.5倍。",
    ),
)

OPTIONS: Final[tuple[RuleOption, ...]] = (
    RuleOption(
        "house",
        ("on", "off"),
        "on",
        "Seed 004's house rules as a whole; each house_* option set to default follows it.",
        "シード004のハウスルール一式。defaultのhouse_*はこれに従う。",
    ),
    *(
        RuleOption(name, ("default", "on", "off"), "default", en, ja)
        for name, en, ja in HOUSE_RULES
    ),
    RuleOption(
        "critical_rule",
        ("ccb", "cc"),
        "ccb",
        "Criticals and fumbles: CCB (01-05 / 96-100) or CC (01 / 100).",
        "決定的成功・致命的失敗：CCB（01-05/96-100）かCC（01/100）。",
    ),
    RuleOption(
        "penalty_floor",
        ("11", "10"),
        "11",
        "Seed 004: repeat penalties never take a defense to 10 or below (11), or below 10 (10).",
        "回避・受け流しのペナルティの下限：10以下にならない（11）か10未満にならない（10）。",
    ),
    RuleOption(
        "protect_resistance",
        ("protected", "attacker"),
        "protected",
        "Seed 004 庇う: the protector's DEX resists the protected one's DEX, or the attacker's.",
        "庇うのDEX対抗の相手：庇われる対象か攻撃者か。",
    ),
    RuleOption(
        "shock_basis",
        ("current", "max"),
        "current",
        "Shock: a wound of half the current HP (before the wound) or of half the maximum HP.",
        "ショック：現在HP（負傷前）の半分か最大HPの半分以上の負傷。",
    ),
    RuleOption(
        "dying",
        ("next_round", "instant"),
        "next_round",
        "HP 0 or below: dead at the end of the next round, or dead at once.",
        "HP0以下：次のラウンド終了時に死亡か即死。",
    ),
    RuleOption(
        "dex_tie",
        ("d100", "fixed"),
        "d100",
        "Equal DEX: 1D100 each, lowest first; or the scenario's order.",
        "DEX同値：1D100の低い順か、シナリオの記載順。",
    ),
    RuleOption(
        "firearms_first",
        ("off", "on"),
        "off",
        "Combatants with a loaded gun act before the others.",
        "装填済みの火器を持つキャラクターが先に行動する。",
    ),
    RuleOption(
        "dodge_firearms",
        ("off", "on"),
        "off",
        "Whether gunshots may be dodged.",
        "銃撃を回避できるか。",
    ),
    RuleOption(
        "max_rounds",
        (),
        "30",
        "Rounds after which the battle ends in a draw.",
        "このラウンド数で引き分けとする。",
        most=MOST_ROUNDS,
    ),
)


def _house(settings: Mapping[str, str], name: str) -> bool:
    value = settings.get(name, "default")
    if value == "default":
        return settings.get("house", "on") == "on"
    return value == "on"


@dataclass(frozen=True, slots=True)
class Rules:
    """The battle's rules, settled: one flag per house rule, and the base game's choices."""

    defenses: bool = True
    dodge_halving: bool = True
    parry_penalty: bool = True
    dodge_focus: bool = True
    unarmed_parry: bool = True
    grapple_size: bool = True
    grapple_hold: bool = True
    aim: bool = True
    protect: bool = True
    throw: bool = True
    tackle: bool = True
    hide: bool = True
    taunt: bool = True
    withdraw: bool = True
    prone: bool = True
    ccb: bool = True
    penalty_floor: int = 11
    protect_vs_attacker: bool = False
    shock_max: bool = False
    die_at_once: bool = False
    dex_tie_d100: bool = True
    firearms_first: bool = False
    dodge_firearms: bool = False
    max_rounds: int = 30

    @classmethod
    def from_settings(cls, settings: Mapping[str, str]) -> Rules:
        """Settle checked option values (missing ones at their defaults)."""
        flags = {name.removeprefix("house_"): _house(settings, name) for name, _, _ in HOUSE_RULES}
        return cls(
            **flags,
            ccb=settings.get("critical_rule", "ccb") == "ccb",
            penalty_floor=int(settings.get("penalty_floor", "11")),
            protect_vs_attacker=settings.get("protect_resistance", "protected") == "attacker",
            shock_max=settings.get("shock_basis", "current") == "max",
            die_at_once=settings.get("dying", "next_round") == "instant",
            dex_tie_d100=settings.get("dex_tie", "d100") == "d100",
            firearms_first=settings.get("firearms_first", "off") == "on",
            dodge_firearms=settings.get("dodge_firearms", "off") == "on",
            max_rounds=int(settings.get("max_rounds", "30")),
        )
