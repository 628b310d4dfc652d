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
    "TvRequirementUnmet",
    "TvRoundStarted",
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
class TvDeviation(Event):
    """A failed shooting roll: the shot's centre moved `decimetres` (tenths of a metre)
    towards `direction` (a hex direction, by 1D6), and the shot at `target` missed."""

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
