"""T値 system events: what happened in a battle, for the log and for narration.

Rolls keep their `Score` (base and named modifiers) and dice, so the narration can
show why every number is what it is.

>>> from senjo.engine.events import from_json, to_json
>>> event = TvTChanged("aoi", 3, "direct_attack", 5)
>>> from_json(to_json(event)) == event
True
"""

from __future__ import annotations

from dataclasses import dataclass

from senjo.engine.events import Event, event
from senjo.engine.modifiers import Score

__all__ = [
    "TvActs",
    "TvCancelled",
    "TvDamage",
    "TvDeclared",
    "TvDown",
    "TvHitRoll",
    "TvRoundStarted",
    "TvTChanged",
]


@dataclass(frozen=True, slots=True)
class TvRoundStarted(Event):
    """A round begins: budgets refilled (FAP and MAP to the sheet's, Q13)."""

    round: int

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        round: int,
    ) -> None:
        object.__setattr__(self, "round", round)


event(TvRoundStarted)


@dataclass(frozen=True, slots=True)
class TvDeclared(Event):
    """A fighter declared an action (「(行動)宣言」), paying its FAP and MAP at once;
    `snap` marks a snap action (とっさの行動) paid double."""

    actor: str
    action: str
    fap: int
    map: int
    fap_left: int
    map_left: int
    snap: bool = False

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
        action: str,
        fap: int,
        map: int,
        fap_left: int,
        map_left: int,
        snap: bool = False,
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "action", action)
        object.__setattr__(self, "fap", fap)
        object.__setattr__(self, "map", map)
        object.__setattr__(self, "fap_left", fap_left)
        object.__setattr__(self, "map_left", map_left)
        object.__setattr__(self, "snap", snap)


event(TvDeclared)


@dataclass(frozen=True, slots=True)
class TvCancelled(Event):
    """A fighter cancelled its declared actions not yet resolved (no refund)."""

    actor: str
    actions: tuple[str, ...]

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
        actions: tuple[str, ...],
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "actions", actions)


event(TvCancelled)


@dataclass(frozen=True, slots=True)
class TvActs(Event):
    """A fighter's turn in the action order (行動順): its order value then."""

    actor: str
    order: int
    action: str

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
        order: int,
        action: str,
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "order", order)
        object.__setattr__(self, "action", action)


event(TvActs)


@dataclass(frozen=True, slots=True)
class TvTChanged(Event):
    """A fighter's T値 moved by `amount` for `reason` (a key the narration names),
    to `after`."""

    actor: str
    amount: int
    reason: str
    after: int

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
        amount: int,
        reason: str,
        after: int,
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "amount", amount)
        object.__setattr__(self, "reason", reason)
        object.__setattr__(self, "after", after)


event(TvTChanged)


@dataclass(frozen=True, slots=True)
class TvHitRoll(Event):
    """A direct attack's hit roll (命中判定): accuracy and its modifiers + 2D6 against
    the target number (回避点; with `hit_model=contest` the target's own 2D6 roll
    `against_dice` is in it). `hit` when the total exceeds it."""

    actor: str
    target: str
    weapon: str
    score: Score
    dice: tuple[int, ...]
    total: int
    against: int
    against_dice: tuple[int, ...]
    hit: bool

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
        target: str,
        weapon: str,
        score: Score,
        dice: tuple[int, ...],
        total: int,
        against: int,
        against_dice: tuple[int, ...],
        hit: bool,
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "weapon", weapon)
        object.__setattr__(self, "score", score)
        object.__setattr__(self, "dice", dice)
        object.__setattr__(self, "total", total)
        object.__setattr__(self, "against", against)
        object.__setattr__(self, "against_dice", against_dice)
        object.__setattr__(self, "hit", hit)


event(TvHitRoll)


@dataclass(frozen=True, slots=True)
class TvDamage(Event):
    """Damage rolled (算出ダメージ `rolled`, capped) and taken after protection of the
    right depth; `hp` after it."""

    actor: str
    target: str
    dice: tuple[int, ...]
    rolled: int
    protection: int
    taken: int
    hp: int
    depth: str

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
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "dice", dice)
        object.__setattr__(self, "rolled", rolled)
        object.__setattr__(self, "protection", protection)
        object.__setattr__(self, "taken", taken)
        object.__setattr__(self, "hp", hp)
        object.__setattr__(self, "depth", depth)


event(TvDamage)


@dataclass(frozen=True, slots=True)
class TvDown(Event):
    """A fighter's HP fell to 0 or below: it loses consciousness (気絶) and is out."""

    actor: str

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
    ) -> None:
        object.__setattr__(self, "actor", actor)


event(TvDown)
