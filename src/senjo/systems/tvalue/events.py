"""T値 system events: what happened in a battle, for the log and for narration — the
round's flow, declarations, T changes and conditions here; the rolls and what they did
in `roll_events.py` (re-exported here).

>>> from senjo.engine.events import from_json, to_json
>>> event = TvTChanged("aoi", 3, "direct_attack", 5)
>>> from_json(to_json(event)) == event
True
"""

from __future__ import annotations

from dataclasses import dataclass

from senjo.engine.events import Event, event
from senjo.systems.tvalue.roll_events import TvBlock as TvBlock
from senjo.systems.tvalue.roll_events import TvCheck as TvCheck
from senjo.systems.tvalue.roll_events import TvComboRoll as TvComboRoll
from senjo.systems.tvalue.roll_events import TvContest as TvContest
from senjo.systems.tvalue.roll_events import TvDamage as TvDamage
from senjo.systems.tvalue.roll_events import TvDeviation as TvDeviation
from senjo.systems.tvalue.roll_events import TvEvasionRoll as TvEvasionRoll
from senjo.systems.tvalue.roll_events import TvHitRoll as TvHitRoll

__all__ = [
    "TvActs",
    "TvAreaStruck",
    "TvBigAction",
    "TvBlock",
    "TvBudget",
    "TvCancelled",
    "TvCheck",
    "TvComboRoll",
    "TvConditionChanged",
    "TvContest",
    "TvDamage",
    "TvDeclared",
    "TvDeviation",
    "TvDown",
    "TvEvasionRoll",
    "TvHitRoll",
    "TvInterrupted",
    "TvJoined",
    "TvMoved",
    "TvRequirementUnmet",
    "TvRoundStarted",
    "TvSwept",
    "TvTChanged",
    "TvWaiting",
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
    `snap` marks a snap action (とっさの行動) paid double; `mp` and `hp` what an ability
    technique took (HP(MP)消費)."""

    actor: str
    action: str
    fap: int
    map: int
    fap_left: int
    map_left: int
    snap: bool = False
    mp: int = 0
    hp: int = 0

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
        action: str,
        fap: int,
        map: int,
        fap_left: int,
        map_left: int,
        snap: bool = False,
        mp: int = 0,
        hp: int = 0,
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "action", action)
        object.__setattr__(self, "fap", fap)
        object.__setattr__(self, "map", map)
        object.__setattr__(self, "fap_left", fap_left)
        object.__setattr__(self, "map_left", map_left)
        object.__setattr__(self, "snap", snap)
        object.__setattr__(self, "mp", mp)
        object.__setattr__(self, "hp", hp)


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
class TvDown(Event):
    """A fighter's HP fell to 0 or below: it loses consciousness (気絶) and is out."""

    actor: str

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
    ) -> None:
        object.__setattr__(self, "actor", actor)


event(TvDown)


@dataclass(frozen=True, slots=True)
class TvRequirementUnmet(Event):
    """A replacement's requirement (必要T値) did not hold just before resolution: the
    action resolves as a plain direct attack (「直接攻撃として行動できる」). `basis` is
    "absolute" or "relative"; `had` the T (or T difference) then."""

    actor: str
    replacement: str
    basis: str
    needed: int
    had: int

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
        replacement: str,
        basis: str,
        needed: int,
        had: int,
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "replacement", replacement)
        object.__setattr__(self, "basis", basis)
        object.__setattr__(self, "needed", needed)
        object.__setattr__(self, "had", had)


event(TvRequirementUnmet)


@dataclass(frozen=True, slots=True)
class TvJoined(Event):
    """A fighter joined the battle (途中参加) at the start of a round."""

    actor: str
    round: int

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
        round: int,
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "round", round)


event(TvJoined)


@dataclass(frozen=True, slots=True)
class TvConditionChanged(Event):
    """A fighter's condition changed: `condition` ("prone", "drawn:WEAPON") now `on`."""

    actor: str
    condition: str
    on: bool

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
        condition: str,
        on: bool,
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "condition", condition)
        object.__setattr__(self, "on", on)


event(TvConditionChanged)


@dataclass(frozen=True, slots=True)
class TvWaiting(Event):
    """A fighter waits to intercept (攻撃妨害の待機) with a weapon."""

    actor: str
    weapon: str

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
        weapon: str,
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "weapon", weapon)


event(TvWaiting)


@dataclass(frozen=True, slots=True)
class TvSwept(Event):
    """A sweep (なぎ払い) strikes these foes, each with its own hit roll."""

    actor: str
    targets: tuple[str, ...]

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
        targets: tuple[str, ...],
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "targets", targets)


event(TvSwept)


@dataclass(frozen=True, slots=True)
class TvAreaStruck(Event):
    """An area attack (範囲攻撃) landed: the fighters within its radius (none evades)."""

    actor: str
    weapon: str
    targets: tuple[str, ...]

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
        weapon: str,
        targets: tuple[str, ...],
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "weapon", weapon)
        object.__setattr__(self, "targets", targets)


event(TvAreaStruck)


@dataclass(frozen=True, slots=True)
class TvInterrupted(Event):
    """An interception succeeded: `attacker`'s direct attack is void (無効化)."""

    actor: str
    attacker: str

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
        attacker: str,
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "attacker", attacker)


event(TvInterrupted)


@dataclass(frozen=True, slots=True)
class TvBigAction(Event):
    """A big action under way (declared alone, paid over rounds): what it still needs;
    at 0 and 0 it resolves this round, the last of the fighter's actions."""

    actor: str
    action: str
    fap_due: int
    map_due: int

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
        action: str,
        fap_due: int,
        map_due: int,
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "action", action)
        object.__setattr__(self, "fap_due", fap_due)
        object.__setattr__(self, "map_due", map_due)


event(TvBigAction)


@dataclass(frozen=True, slots=True)
class TvBudget(Event):
    """A fighter's budgets changed outside a declaration: `reason` "held" (a grab's
    −5 FAP) or "big" (a big action's payment at a round's start); `fap` and `map` are
    what is left."""

    actor: str
    fap: int
    map: int
    reason: str

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
        fap: int,
        map: int,
        reason: str,
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "fap", fap)
        object.__setattr__(self, "map", map)
        object.__setattr__(self, "reason", reason)


event(TvBudget)


@dataclass(frozen=True, slots=True)
class TvMoved(Event):
    """`actor` moved `metres` towards `toward` (移動, a ram's charge, a grab's step into
    its hex), or `away` from it (移動 out of the next hex, to where a long weapon
    reaches), and now stands at (`x`, `y`), in metres."""

    actor: str
    toward: str
    metres: float
    x: float
    y: float
    away: bool = False

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
        toward: str,
        metres: float,
        x: float,
        y: float,
        away: bool = False,
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "toward", toward)
        object.__setattr__(self, "metres", metres)
        object.__setattr__(self, "x", x)
        object.__setattr__(self, "y", y)
        object.__setattr__(self, "away", away)


event(TvMoved)
