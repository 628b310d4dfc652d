"""T値 system sheets: fighters, their weapons, damage depths, and the battle's setup.

A fighter gives the numbers seed 002 reads, each directly (its Chapter 1 derives them):
combat level (戦闘レベル), reaction, dexterity and intelligence (反応力, 敏捷力, 知力: the
action order), vitality and strength (生命力, 筋力), HP and MP, the FAP and MAP budgets,
the evasion score (回避点), protection by depth, and weapons: accuracy (命中), the combat
skill's level (使用戦闘技能), damage dice, cap and depth, and the FAP and MAP a direct
attack with it costs.

>>> Depth.PHYSICAL < Depth.SPIRIT, Depth.DIVINE.name.lower()
(True, 'divine')
>>> Weapon("katana", "Katana", "刀", accuracy=4, dice=2, flat=2).most
14
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum

__all__ = [
    "DEPTHS",
    "Art",
    "Clause",
    "Depth",
    "Fighter",
    "Joiner",
    "Setup",
    "Technique",
    "Weapon",
]


class Depth(IntEnum):
    """Seed 002 ダメージ深度, in rank order: 物理 < 幽体 < 霊体 < 法理 (理法) < 対神."""

    PHYSICAL = 0
    ETHEREAL = 1
    SPIRIT = 2
    PRINCIPLE = 3
    DIVINE = 4


#: Depths by their names in scenario files and events.
DEPTHS = {depth.name.lower(): depth for depth in Depth}


@dataclass(frozen=True, slots=True)
class Weapon:
    """A weapon's direct attack: accuracy, the skill's level, damage `dice`D6 + `flat`
    (at most `cap`, 0 for the dice's own maximum) of one depth, and its cost."""

    key: str
    name: str
    name_ja: str
    accuracy: int = 0
    skill: int = 0
    dice: int = 2
    flat: int = 0
    cap: int = 0
    depth: Depth = Depth.PHYSICAL
    fap: int = 6
    map: int = 1
    #: Hands it takes (二刀流 needs two one-handed weapons).
    hands: int = 1
    #: Sheathed at the start (居合い draws it); a pole weapon or spear (足払い).
    sheathed: bool = False
    pole: bool = False
    #: 「直接」 or 「射出」: a projectile weapon shoots (`shooting.py`) with its shooting
    #: power (射撃力) and the fixed value its target's evasion roll must reach.
    delivery: str = "direct"
    shooting: int = 0
    fixed_hit: int = 0
    #: A physical property that multiplies the damage after protection (ホロウポイント弾's
    #: ×2, 「防具でダメージを減少後に数値が2倍」); 1 for none.
    after_protection: int = 1
    #: 「範囲」: an area attack's radius in metres (projectiles only); 0 for 「個体」.
    area: float = 0.0
    #: The damage computed multiplied (an ability's 「ダメージ○倍」), before protection.
    times: int = 1
    #: 射程: the nearest and farthest range it reaches, in whole metres (None: a direct
    #: weapon 0–1, a projectile any distance; `field.py`).
    reach: tuple[int, int] | None = None

    @property
    def most(self) -> int:
        """The largest damage the weapon can compute (ダメージ上限)."""
        top = self.dice * 6 + self.flat
        return min(top, self.cap) if self.cap else top


@dataclass(frozen=True, slots=True)
class Clause:
    """One T-scaled clause of an ability technique (異能技のデータ変動): its `kind` (the
    kinds `clauses.py` reads), its step or threshold `at` and its `amount`; T is the
    fighter's own (`basis` "absolute") or less the target's ("relative")."""

    kind: str
    at: int
    amount: int = 1
    basis: str = "absolute"
    #: For "hit_if" and "damage_if" (「HP(MP)が○の場合」): the pool read, "hp" or "mp",
    #: and whether it must be "at_most" or "at_least" `at`.
    pool: str = "hp"
    when: str = "at_most"


@dataclass(frozen=True, slots=True)
class Technique:
    """One technique's data, the columns of seed 002 B. 武技's table: requirement
    (absolute T at least), T drop, FAP, MAP, hit and damage modifiers, and a depth
    (None: the weapon's). The seed's four are `techniques.TECHNIQUES`; a scenario may
    add its own, with their names."""

    key: str
    needed: int
    drop: int
    fap: int
    map: int
    hit: int
    damage: int = 0
    depth: Depth | None = None
    name: str = ""
    name_ja: str = ""
    #: An ability technique's (異能技) MP and HP (HP(MP)消費) and T-scaled clauses.
    mp: int = 0
    clauses: tuple[Clause, ...] = ()
    hp: int = 0
    #: 射程 in whole metres, nearest and farthest (None: 「使用武器と同じ」, the weapon's).
    reach: tuple[int, int] | None = None


@dataclass(frozen=True, slots=True)
class Art:
    """A secret art (奥儀): techniques combined as one combo, each part a technique with
    a weapon; its requirement (必要T値: `basis` "absolute" or "relative", at least
    `needed`) and the number its 2D6 combo roll must reach (目標値) are its data."""

    key: str
    name: str
    name_ja: str
    parts: tuple[tuple[str, str], ...]
    basis: str = "absolute"
    needed: int = 0
    number: int = 7


@dataclass(frozen=True, slots=True)
class Fighter:
    """One fighter's sheet (fixed for the battle)."""

    key: str
    name: str
    name_ja: str
    side: str
    combat_level: int = 1
    reaction: int = 10
    dexterity: int = 10
    intelligence: int = 10
    vitality: int = 10
    strength: int = 10
    hp: int = 20
    mp: int = 10
    fap: int = 12
    map: int = 4
    evasion: int = 10
    #: Protection by depth (防護), as (depth, points) pairs.
    protection: tuple[tuple[Depth, int], ...] = ()
    weapons: tuple[Weapon, ...] = ()
    #: The techniques (武技) it has learnt, by key: the seed's (`techniques.TECHNIQUES`)
    #: and its scenario's own (`own_techniques`).
    techniques: tuple[str, ...] = ()
    own_techniques: tuple[Technique, ...] = ()
    #: Its size in metres, for the shooting roll's size modifier.
    size_m: float = 1.7
    #: The chain combos (○連コンボ) it knows: (weapon key, strikes); the weapons it knows a
    #: guard cancel (ガードキャンセル) with.
    combos: tuple[tuple[str, int], ...] = ()
    guard_cancels: tuple[str, ...] = ()
    #: Close combat (近接攻撃): the accuracy of a ram or a grab, and its speed for a ram.
    close_accuracy: int = 0
    speed_mps: float = 5.0
    #: 「パンチの基本ダメージ」: a punch's dice and bonus (締めつけ 胴体).
    punch: tuple[int, int] = (1, -2)
    #: The secret arts (奥儀) it knows.
    arts: tuple[Art, ...] = ()
    #: How far one 移動 takes it, in metres (Chapter 1's number; `field.py`).
    move_m: float = 5.0

    #: The weapons by key (built from `weapons`).
    by_key: dict[str, Weapon] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_key", {weapon.key: weapon for weapon in self.weapons})

    def weapon(self, key: str) -> Weapon:
        """The weapon with this key."""
        return self.by_key[key]

    def art(self, key: str) -> Art:
        """The secret art with this key."""
        return next(art for art in self.arts if art.key == key)


@dataclass(frozen=True, slots=True)
class Joiner:
    """A fighter who joins mid-battle (途中参加) at the start of `round`: appearing by
    surprise costs every foe then fighting `surprise` T (不意打ちで出現, 1 to 4; 0 for
    none), and an unintended joining costs it `unintended` (意図しない参加, 1 to 4)."""

    key: str
    round: int
    surprise: int = 0
    unintended: int = 0


@dataclass(frozen=True, slots=True)
class Setup:
    """What a battle needs that is neither a fighter nor an option (scenario `setup:`):
    the sides that declare first (the GM's), a surprise at the start, and who joins
    later."""

    #: The GM's sides: they declare before the others (「宣言はGM側→PC側の順」).
    gm_sides: tuple[str, ...] = ()
    #: The side that sprang a surprise ("" for none), whether it was complete (完全な
    #: 不意打ち), and what a partial one costs the others (1 to 4).
    surprise_by: str = ""
    surprise_complete: bool = False
    surprise_amount: int = 0
    joiners: tuple[Joiner, ...] = ()
    #: What one 移動 costs, FAP and MAP (Chapter 1's numbers; placeholders unless given).
    move_fap: int = 3
    move_map: int = 1
