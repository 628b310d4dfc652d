"""The options of a T値 battle's decisions: actions declared, actions taken.

A direct attack may carry a replacement (直接攻撃の置き換え): `attack:katana+heavy_blow`.

>>> Declare("attack", "katana").key, Declare("attack", "katana", snap=True).key
('attack:katana', 'snap:attack:katana')
>>> Act("attack", "katana", "bandit", "critical").key
'attack:katana+critical:bandit'
>>> parse_declared("attack:katana+critical")
('attack', 'katana', 'critical')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from senjo.engine.decision import Choice

__all__ = [
    "ART",
    "CANCEL",
    "DONE",
    "KINDS",
    "MOVE",
    "ORDER_PENALTY",
    "REPLACEMENTS",
    "Act",
    "Declare",
    "declared_key",
    "parse_declared",
]

#: Ends a fighter's declarations; cancels the declared actions not yet resolved.
DONE, CANCEL = Choice("done"), Choice("cancel")
#: The action a secret art (奥儀) is declared as (`ougi:ART`), and 移動's.
ART, MOVE = "ougi", "move"

#: Each action's kind: a direct attack is a major action (seed 002 uses the kinds for the
#: action order; which actions are which is its Chapter 1's, interpretation 2); so is
#: every technique (not listed).
KINDS: Final = {
    "attack": "major",
    "shoot": "major",
    "ram": "major",  # 体当たり(メジャー)
    "grab": "major",  # 組みつき(メジャー)
    "break_free": "minor",  # 振りほどき(マイナー)
    "takedown": "major",  # 倒す(メジャー)
    "pin": "major",  # 押さえこみ(メジャー)
    "lock_body": "major",  # 締めつけ(メジャー): 胴体
    "lock_limb": "major",  # 四肢
    "lock_neck": "major",  # 首
    "block": "minor",  # 攻撃阻止(マイナー)
    "guard_cancel": "major",  # a direct attack
    "ougi": "major",  # 奥儀: its first part, a technique (each later part one more)
    "move": "minor",  # 移動 (Chapter 1's; interpretation 47)
}
#: Seed 002 宣言と行動順: the order penalty after an action of each kind
#: (「メジャーアクションなら−5、マイナーアクションなら−3、オプションコマンドなら−1」).
ORDER_PENALTY: Final = {"major": 5, "minor": 3, "option": 1}

#: Seed 002 A. 直接攻撃の置き換え built so far, in the seed's order, each with its
#: requirement (必要T値): (basis, at least), or None for none. Bases: "relative" to the
#: target at resolution, "absolute" (the fighter's own T).
REPLACEMENTS: Final[dict[str, tuple[str, int] | None]] = {
    "heavy_blow": ("relative", 1),  # 強打
    "critical": ("relative", 5),  # クリティカル
    "interception": ("relative", 1),  # 攻撃妨害: against the attacker it intercepts
    "combination": ("absolute", 0),  # コンビネーション
    "all_out": ("absolute", 1),  # 全力攻撃
    "pulled": ("relative", 2),  # 手加減
    "feint": None,  # フェイント
    "aim_head": ("relative", 1),  # 部位狙い: 頭
    "aim_arm": ("relative", 1),  # 腕
    "aim_leg": ("relative", 1),  # 脚
    "aim_weapon": ("relative", 1),  # 武器
    "sweeping": ("absolute", 1),  # なぎ払い
}


def declared_key(action: str, weapon: str, replacement: str = "") -> str:
    """A declared action as kept until it resolves: `attack:WEAPON[+REPLACEMENT]`, or the
    action alone when it takes no weapon (`ram`)."""
    if not weapon:
        return action
    return f"{action}:{weapon}+{replacement}" if replacement else f"{action}:{weapon}"


def parse_declared(declared: str) -> tuple[str, str, str]:
    """(action, weapon, replacement) from a declared action's key.

    >>> parse_declared("ram")
    ('ram', '', '')
    """
    action, _, rest = declared.partition(":")
    weapon, _, replacement = rest.partition("+")
    return action, weapon, replacement


@dataclass(frozen=True, slots=True)
class Declare:
    """An action to declare: its kind, weapon and replacement; `snap` adds it after the
    declarations at double cost (とっさの行動)."""

    action: str
    weapon: str
    replacement: str = ""
    snap: bool = False
    #: An action that costs more than the budgets, declared alone and paid over rounds
    #: (「大きな数値が設定されているもの」).
    big: bool = False

    @property
    def declared(self) -> str:
        """The action as it is kept until it resolves: `attack:WEAPON[+REPLACEMENT]`."""
        return declared_key(self.action, self.weapon, self.replacement)

    @property
    def key(self) -> str:
        """The declared action's key, `snap:` before a snap action's, `big:` before a big
        one's."""
        if self.big:
            return f"big:{self.declared}"
        return f"snap:{self.declared}" if self.snap else self.declared


@dataclass(frozen=True, slots=True)
class Act:
    """A declared action resolved now, at a target (chosen at resolution, O4)."""

    action: str
    weapon: str
    target: str
    replacement: str = ""

    @property
    def declared(self) -> str:
        """The declared action it resolves."""
        return declared_key(self.action, self.weapon, self.replacement)

    @property
    def key(self) -> str:
        """`attack:WEAPON[+REPLACEMENT]:TARGET`."""
        return f"{self.declared}:{self.target}"
