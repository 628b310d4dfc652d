"""The optional rules of the `tvalue` system (seed 002), each a reading the seed leaves
open (docs/rules/tvalue.md, "Interpretations").

>>> rules = Rules.from_settings({"hit_model": "contest"})
>>> rules.contest, rules.count_hits_only, rules.max_rounds
(True, False, 100)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from senjo.engine.battle import MOST_ROUNDS, RuleOption

__all__ = ["OPTIONS", "Rules"]

OPTIONS: Final[tuple[RuleOption, ...]] = (
    RuleOption(
        "hit_model",
        ("static", "contest"),
        "static",
        "Seed 002 命中判定: accuracy + 2D6 must exceed the target's evasion score (static), "
        "or the target rolls 2D6 + its evasion score − 7 (contest).",
        "シード002 命中判定：命中+2D6が目標の回避点を上回れば命中（static）、"
        "または目標も2D6+回避点−7を振る（contest）。",
    ),
    RuleOption(
        "count_received",
        ("all", "hits"),
        "all",
        "Seed 002 T値: the direct attacks a target already took this round — every one, "
        "or only those that hit.",
        "シード002 T値：目標が同じラウンド内に受けた直接攻撃回数 — すべてか、命中したものだけか。",
    ),
    RuleOption(
        "level_tie_pair",
        ("both", "none"),
        "both",
        "Seed 002 situation rate: with two fighters at the same highest combat level, "
        "both gain 2 (both) or neither (none).",
        "シード002 シチュエーションレート：2名で戦闘レベルが並んだとき、両者2点（both）か"
        "どちらもなし（none）。",
    ),
    RuleOption(
        "depth_protection",
        ("at_least", "exact"),
        "at_least",
        "Seed 002 ダメージ深度: protection of the damage's depth or deeper counts "
        "(at_least), or of its depth only (exact).",
        "シード002 ダメージ深度：ダメージと同じかより深い深度の防護が効く（at_least）、"
        "同じ深度だけ（exact）。",
    ),
    RuleOption(
        "snap",
        ("on", "off"),
        "on",
        "Seed 002 とっさの行動: at its own turn to act, a fighter may add an action at "
        "double FAP and MAP.",
        "シード002 とっさの行動：自分の行動順で、消費FAP・MAPを2倍にして行動を追加できる。",
    ),
    RuleOption(
        "feint_needs_hit",
        ("off", "on"),
        "off",
        "Seed 002 フェイント: the feint works whether its hit roll hits (off) or only on a hit "
        "(on).",
        "シード002 フェイント：命中判定の成否にかかわらず効く（off）か、命中したときだけ（on）。",
    ),
    RuleOption(
        "check_criticals",
        ("on", "off"),
        "on",
        "Seed 002 3D6 checks (the GURPS success roll): 3–4 always succeed and 17–18 fail, as "
        "GURPS has it (on), or only the value decides (off).",
        "シード002 3D6判定（GURPSの成功判定）：3・4は常に成功、17・18は失敗（on）、"
        "または目標値だけで決める（off）。",
    ),
    RuleOption(
        "technique_gain",
        ("data", "also_direct"),
        "data",
        "Seed 002 「特殊な攻撃。効果はそれぞれのデータ参照」: a technique changes T only as its "
        "data say (data), or also earns a direct attack's gain (also_direct).",
        "シード002「特殊な攻撃」：武技のT値変動はデータのとおり（data）、"
        "または直接攻撃の増加も得る（also_direct）。",
    ),
    RuleOption(
        "lock_damage",
        ("each_round", "action"),
        "each_round",
        "Seed 002 締めつけ: a kept lock hurts again at each round's start (each_round), or "
        "only when it is put on (action).",
        "シード002 締めつけ：持続させるたびに毎ラウンド効果がある（each_round）、"
        "または締めたときだけ（action）。",
    ),
    RuleOption(
        "reach",
        ("on", "off"),
        "on",
        "Seed 002 射程: an attack reaches only the foes within its range on the positions "
        "(on), or every foe, wherever it stands (off).",
        "シード002 射程：攻撃は位置から見て射程内の敵だけに届く（on）、"
        "または位置にかかわらずすべての敵に届く（off）。",
    ),
    RuleOption(
        "max_rounds",
        (),
        "100",
        "Rounds before the battle is called a draw.",
        "引き分けとするまでのラウンド数。",
        most=MOST_ROUNDS,
    ),
)


@dataclass(frozen=True, slots=True)
class Rules:
    """The options of one battle, resolved into typed values."""

    contest: bool = False
    count_hits_only: bool = False
    level_tie_pair: bool = True
    exact_depth: bool = False
    snap: bool = True
    feint_needs_hit: bool = False
    check_criticals: bool = True
    technique_gain: bool = False
    lock_each_round: bool = True
    reach: bool = True
    max_rounds: int = 100

    @classmethod
    def from_settings(cls, settings: Mapping[str, str]) -> Rules:
        """Typed rules from checked option values (missing ones at their defaults)."""
        return cls(
            contest=settings.get("hit_model", "static") == "contest",
            count_hits_only=settings.get("count_received", "all") == "hits",
            level_tie_pair=settings.get("level_tie_pair", "both") == "both",
            exact_depth=settings.get("depth_protection", "at_least") == "exact",
            snap=settings.get("snap", "on") == "on",
            feint_needs_hit=settings.get("feint_needs_hit", "off") == "on",
            check_criticals=settings.get("check_criticals", "on") == "on",
            technique_gain=settings.get("technique_gain", "data") == "also_direct",
            lock_each_round=settings.get("lock_damage", "each_round") == "each_round",
            reach=settings.get("reach", "on") == "on",
            max_rounds=int(settings.get("max_rounds", "100")),
        )
