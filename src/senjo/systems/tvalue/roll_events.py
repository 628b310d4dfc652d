"""T値 system roll events: every roll keeps its `Score` (base and named modifiers) and
dice, so the narration can show why every number is what it is; and what the rolls did
(damage, a block, a contest).

>>> from senjo.engine.events import from_json, to_json
>>> from senjo.engine.modifiers import Score
>>> event = TvCheck("aoi", "leg_sweep", Score(8), (4, 3, 3), 10, False, -2)
>>> from_json(to_json(event)) == event
True
"""

from __future__ import annotations

from dataclasses import dataclass

from senjo.engine.events import Event, event
from senjo.engine.modifiers import Score

__all__ = [
    "TvBlock",
    "TvCheck",
    "TvComboRoll",
    "TvContest",
    "TvDamage",
    "TvDeviation",
    "TvEvasionRoll",
    "TvHitRoll",
]


@dataclass(frozen=True, slots=True)
class TvHitRoll(Event):
    """A direct attack's hit roll (命中判定): accuracy and its modifiers + 2D6 against
    the target number `against`: the target's evasion score (回避点) and its modifiers
    (a feint's), or with `hit_model=contest` the target's own 2D6 roll `against_dice`
    added to it less 7. `hit` when the total exceeds it; `replacement` is the
    direct-attack replacement it resolves with ("" for none)."""

    actor: str
    target: str
    weapon: str
    score: Score
    dice: tuple[int, ...]
    total: int
    evasion: Score
    against_dice: tuple[int, ...]
    against: int
    hit: bool
    replacement: str = ""

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
        target: str,
        weapon: str,
        score: Score,
        dice: tuple[int, ...],
        total: int,
        evasion: Score,
        against_dice: tuple[int, ...],
        against: int,
        hit: bool,
        replacement: str = "",
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "weapon", weapon)
        object.__setattr__(self, "score", score)
        object.__setattr__(self, "dice", dice)
        object.__setattr__(self, "total", total)
        object.__setattr__(self, "evasion", evasion)
        object.__setattr__(self, "against_dice", against_dice)
        object.__setattr__(self, "against", against)
        object.__setattr__(self, "hit", hit)
        object.__setattr__(self, "replacement", replacement)


event(TvHitRoll)


@dataclass(frozen=True, slots=True)
class TvDamage(Event):
    """Damage computed (算出ダメージ `rolled`: the dice, the bonus, the cap, a replacement's
    change) and taken after protection of the right depth; `hp` after it (a pulled blow
    stops it at 0)."""

    actor: str
    target: str
    dice: tuple[int, ...]
    rolled: int
    protection: int
    taken: int
    hp: int
    depth: str
    replacement: str = ""
    #: The weapon's multiplier after protection (`Weapon.after_protection`), in `taken`.
    multiplier: int = 1

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
        target: str,
        dice: tuple[int, ...],
        rolled: int,
        protection: int,
        taken: int,
        hp: int,
        depth: str,
        replacement: str = "",
        multiplier: int = 1,
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "dice", dice)
        object.__setattr__(self, "rolled", rolled)
        object.__setattr__(self, "protection", protection)
        object.__setattr__(self, "taken", taken)
        object.__setattr__(self, "hp", hp)
        object.__setattr__(self, "depth", depth)
        object.__setattr__(self, "replacement", replacement)
        object.__setattr__(self, "multiplier", multiplier)


event(TvDamage)


@dataclass(frozen=True, slots=True)
class TvCheck(Event):
    """A 3D6 check (敏捷力判定, 生命力判定…): the value with its modifiers, the dice, their
    total, and the margin (the value less the total: 成功度 when it succeeds)."""

    actor: str
    purpose: str
    score: Score
    dice: tuple[int, ...]
    total: int
    success: bool
    margin: int

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
        purpose: str,
        score: Score,
        dice: tuple[int, ...],
        total: int,
        success: bool,
        margin: int,
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "purpose", purpose)
        object.__setattr__(self, "score", score)
        object.__setattr__(self, "dice", dice)
        object.__setattr__(self, "total", total)
        object.__setattr__(self, "success", success)
        object.__setattr__(self, "margin", margin)


event(TvCheck)


@dataclass(frozen=True, slots=True)
class TvDeviation(Event):
    """A failed shooting roll: the shot's centre moved `decimetres` (tenths of a metre)
    towards `direction` (a hex direction, by 1D6), and the shot at `target` missed
    (`target` "" for an area attack, which lands where it drifted)."""

    actor: str
    target: str
    decimetres: int
    direction: str

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
        target: str,
        decimetres: int,
        direction: str,
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "decimetres", decimetres)
        object.__setattr__(self, "direction", direction)


event(TvDeviation)


@dataclass(frozen=True, slots=True)
class TvEvasionRoll(Event):
    """A target's evasion roll against a projectile (回避判定): 2D6 + its evasion score
    − 7 against the weapon's fixed value `against`; `evaded` at or above it."""

    actor: str
    attacker: str
    score: Score
    dice: tuple[int, ...]
    total: int
    against: int
    evaded: bool

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
        attacker: str,
        score: Score,
        dice: tuple[int, ...],
        total: int,
        against: int,
        evaded: bool,
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "attacker", attacker)
        object.__setattr__(self, "score", score)
        object.__setattr__(self, "dice", dice)
        object.__setattr__(self, "total", total)
        object.__setattr__(self, "against", against)
        object.__setattr__(self, "evaded", evaded)


event(TvEvasionRoll)


@dataclass(frozen=True, slots=True)
class TvComboRoll(Event):
    """A combo's 2D6 roll just before its first action (`number` to reach): `success`
    lets the later actions follow."""

    actor: str
    combo: str
    dice: tuple[int, ...]
    number: int
    success: bool

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
        combo: str,
        dice: tuple[int, ...],
        number: int,
        success: bool,
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "combo", combo)
        object.__setattr__(self, "dice", dice)
        object.__setattr__(self, "number", number)
        object.__setattr__(self, "success", success)


event(TvComboRoll)


@dataclass(frozen=True, slots=True)
class TvContest(Event):
    """A close-combat Quick Contest (即決勝負) between `actor` and `other` (their checks
    logged before it): `won` when `actor` won."""

    actor: str
    other: str
    won: bool

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
        other: str,
        won: bool,
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "other", other)
        object.__setattr__(self, "won", won)


event(TvContest)


@dataclass(frozen=True, slots=True)
class TvBlock(Event):
    """An attack block (攻撃阻止): the blocker's FAP `spent`, the attacker's FAP `paid`
    and its relative T; `stopped` when paid + relative falls short of spent."""

    actor: str
    attacker: str
    spent: int
    paid: int
    relative: int
    stopped: bool

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
        attacker: str,
        spent: int,
        paid: int,
        relative: int,
        stopped: bool,
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "attacker", attacker)
        object.__setattr__(self, "spent", spent)
        object.__setattr__(self, "paid", paid)
        object.__setattr__(self, "relative", relative)
        object.__setattr__(self, "stopped", stopped)


event(TvBlock)
