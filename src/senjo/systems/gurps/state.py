"""What changes during a GURPS battle: each fighter's condition and the round.

`GurpsState` is the typed per-system field of `Battle.state`. Fighter
conditions are plain slotted objects mutated by the rules (the battle's log
is the durable record; the state is rebuilt from it by replay).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from senjo.space.hexgrid import Facing, Hex
from senjo.space.plane import Point
from senjo.systems.gurps.choices import Watch
from senjo.systems.gurps.item_sets import NOTHING, shared
from senjo.systems.gurps.model import Fighter
from senjo.systems.gurps.ruleset import NO_RULES, RuleSet

__all__ = ["FighterState", "GurpsState"]

#: Facing.N read once (an enum member read in compiled code looks up the class each time).
_NORTH: Final = Facing.N

_EMPTY_HANDS: Final[tuple[str, ...]] = shared(("", ""))


@dataclass(slots=True)
class FighterState:
    """One fighter's changing condition."""

    key: str
    hp: int
    fp: int
    position: Point
    #: On a hex map (chapter 12): the hex and facing; None on the plane.
    hex: Hex | None = None
    facing: Facing = Facing.N
    #: seed 001 (大きなフィギュア): the hexes of a multi-hex figure behind its head.
    body: tuple[Hex, ...] = ()
    #: seed 001 (姿勢変更): the hex a lying man-sized figure's upper body fills.
    prone_hex: Hex | None = None
    posture: str = "standing"
    # Shock (B381): penalties gathered since the fighter's last turn apply on its next turn.
    shock_next: int = 0
    shock: int = 0
    stunned: bool = False
    conscious: bool = True
    dead: bool = False
    # The maneuver that governs active defenses until the fighter's next turn.
    maneuver: str = ""
    variant: str = ""
    retreated: bool = False
    retreated_from: str = ""
    parries: dict[str, int] = field(default_factory=dict)
    blocks: int = 0
    defended: bool = False
    #: The weapons attacked with this turn (a `shared` frozen set, replaced on change).
    attacked_with: frozenset[str] = NOTHING
    #: seed 000 (realistic Move and Attack): the limb an attack was made with this turn.
    attacked_limb: str = ""
    # Aim (B364) and Evaluate (B364): who is aimed at/evaluated and for how many turns.
    aim_target: str = ""
    aim_weapon: str = ""
    aim_turns: int = 0
    aim_braced: bool = False
    evaluate_target: str = ""
    evaluate_bonus: int = 0
    # Feint (B365): the penalty the fighter has put on `feint_target`'s next defenses.
    feint_target: str = ""
    feint_penalty: int = 0
    #: The items ready to use (a `shared` frozen set, replaced on change: `hands.py`).
    ready: frozenset[str] = NOTHING
    #: (main hand, off hand): item keys, "" for an empty hand (a `shared` pair, `hands.py`;
    #: typed of any length, since mypyc would keep a pair unboxed and box it on each read).
    hands: tuple[str, ...] = _EMPTY_HANDS
    dropped: set[str] = field(default_factory=set)
    #: Where each dropped item lies on a hex map (seed 001: 準備 - within reach to pick up).
    dropped_at: dict[str, Hex] = field(default_factory=dict)
    broken: set[str] = field(default_factory=set)
    thrown: set[str] = field(default_factory=set)
    shots: dict[str, int] = field(default_factory=dict)
    # Critical-table and other lingering effects.
    lost_balance: bool = False
    do_nothing_next: bool = False
    guard_down: bool = False
    crippled: set[str] = field(default_factory=set)
    #: B556 (critical hit, 8): the crippled parts that are only numbed, with the seconds
    #: (the fighter's turns) left before they work again (`crippling.recover`).
    numbed: dict[str, int] = field(default_factory=dict)
    # Wait (B366): the weapon readied against a foe coming into reach.
    wait_weapon: str = ""
    wait_mode: str = ""
    #: seed 001 (機会射撃): the hexes watched on opportunity fire, and whether the
    #: shooter tells friend from foe first (目標識別).
    watch: Watch | None = None
    watch_discriminate: bool = False
    #: seed 001 (飛び出し攻撃): out of cover for a pop-up attack (only a dodge defends).
    popping: bool = False
    #: seed 001 (近接戦闘): the half of a shared hex the fighter holds, as the facing
    #: toward the side it came from; the round it entered (its own turn) and the
    #: round the close combat began for it.
    close_side: Facing | None = None
    close_entered: int = -1
    close_since: int = -1
    #: Grappling (B370): who holds this fighter, whom it holds, and whether it is pinned.
    held_by: set[str] = field(default_factory=set)
    holding: str = ""
    pinned: bool = False
    #: The part the fighter's grip holds (`grip_parts.GRABBABLE`) and with how many hands.
    grip_on: str = ""
    grip_hands: int = 0
    #: Whether the fighter's grip on a neck suffocates its foe (a choke got through, B370).
    choking: bool = False
    #: Whether the grip is a choke hold (*Martial Arts*' technique: `grappling.py`).
    choke_hold: bool = False
    #: Whether the grip is an arm lock (*Martial Arts*' technique: `arm_lock.py`), and how
    #: often this fighter failed to break free of one (each -1 on the next try).
    arm_lock: bool = False
    escapes: int = 0
    #: `foe:arm` when the fighter parried that foe's blow bare-handed with Judo or Wrestling
    #: since its last turn (`lock_from`), and for the turn that follows (`lock_open`).
    lock_from: str = ""
    lock_open: str = ""
    moved: float = 0.0
    #: Where the fighter stood when its turn began (seed 001: 回り込み攻撃).
    turn_start_hex: Hex | None = None
    reloading: dict[str, int] = field(default_factory=dict)
    #: Reach chosen for weapons whose reach change needs a Ready ("1,2*", B269).
    grips: dict[str, int] = field(default_factory=dict)
    #: DR eaten by corrosion (B358), by hit location (`corrosion.py`).
    dr_lost: dict[str, int] = field(default_factory=dict)
    #: Gone from the battle by fleeing (senjo's morale rule, `flee_at`).
    fled: bool = False

    def __init__(  # written out, so that mypyc compiles it; test_memo holds it to the fields
        self,
        key: str,
        hp: int,
        fp: int,
        position: Point,
        hex: Hex | None = None,
        facing: Facing = Facing.N,
        body: tuple[Hex, ...] = (),
        prone_hex: Hex | None = None,
        posture: str = "standing",
        shock_next: int = 0,
        shock: int = 0,
        stunned: bool = False,
        conscious: bool = True,
        dead: bool = False,
        maneuver: str = "",
        variant: str = "",
        retreated: bool = False,
        retreated_from: str = "",
        parries: dict[str, int] | None = None,
        blocks: int = 0,
        defended: bool = False,
        attacked_with: frozenset[str] = NOTHING,
        attacked_limb: str = "",
        aim_target: str = "",
        aim_weapon: str = "",
        aim_turns: int = 0,
        aim_braced: bool = False,
        evaluate_target: str = "",
        evaluate_bonus: int = 0,
        feint_target: str = "",
        feint_penalty: int = 0,
        ready: frozenset[str] = NOTHING,
        hands: tuple[str, ...] = _EMPTY_HANDS,
        dropped: set[str] | None = None,
        dropped_at: dict[str, Hex] | None = None,
        broken: set[str] | None = None,
        thrown: set[str] | None = None,
        shots: dict[str, int] | None = None,
        lost_balance: bool = False,
        do_nothing_next: bool = False,
        guard_down: bool = False,
        crippled: set[str] | None = None,
        numbed: dict[str, int] | None = None,
        wait_weapon: str = "",
        wait_mode: str = "",
        watch: Watch | None = None,
        watch_discriminate: bool = False,
        popping: bool = False,
        close_side: Facing | None = None,
        close_entered: int = -1,
        close_since: int = -1,
        held_by: set[str] | None = None,
        holding: str = "",
        pinned: bool = False,
        grip_on: str = "",
        grip_hands: int = 0,
        choking: bool = False,
        choke_hold: bool = False,
        arm_lock: bool = False,
        escapes: int = 0,
        lock_from: str = "",
        lock_open: str = "",
        moved: float = 0.0,
        turn_start_hex: Hex | None = None,
        reloading: dict[str, int] | None = None,
        grips: dict[str, int] | None = None,
        dr_lost: dict[str, int] | None = None,
        fled: bool = False,
    ) -> None:
        self.key = key
        self.hp = hp
        self.fp = fp
        self.position = position
        self.hex = hex
        self.facing = facing
        self.body = body
        self.prone_hex = prone_hex
        self.posture = posture
        self.shock_next = shock_next
        self.shock = shock
        self.stunned = stunned
        self.conscious = conscious
        self.dead = dead
        self.maneuver = maneuver
        self.variant = variant
        self.retreated = retreated
        self.retreated_from = retreated_from
        self.parries = {} if parries is None else parries
        self.blocks = blocks
        self.defended = defended
        self.attacked_with = attacked_with
        self.attacked_limb = attacked_limb
        self.aim_target = aim_target
        self.aim_weapon = aim_weapon
        self.aim_turns = aim_turns
        self.aim_braced = aim_braced
        self.evaluate_target = evaluate_target
        self.evaluate_bonus = evaluate_bonus
        self.feint_target = feint_target
        self.feint_penalty = feint_penalty
        self.ready = ready
        self.hands = hands
        self.dropped = set() if dropped is None else dropped
        self.dropped_at = {} if dropped_at is None else dropped_at
        self.broken = set() if broken is None else broken
        self.thrown = set() if thrown is None else thrown
        self.shots = {} if shots is None else shots
        self.lost_balance = lost_balance
        self.do_nothing_next = do_nothing_next
        self.guard_down = guard_down
        self.crippled = set() if crippled is None else crippled
        self.numbed = {} if numbed is None else numbed
        self.wait_weapon = wait_weapon
        self.wait_mode = wait_mode
        self.watch = watch
        self.watch_discriminate = watch_discriminate
        self.popping = popping
        self.close_side = close_side
        self.close_entered = close_entered
        self.close_since = close_since
        self.held_by = set() if held_by is None else held_by
        self.holding = holding
        self.pinned = pinned
        self.grip_on = grip_on
        self.grip_hands = grip_hands
        self.choking = choking
        self.choke_hold = choke_hold
        self.arm_lock = arm_lock
        self.escapes = escapes
        self.lock_from = lock_from
        self.lock_open = lock_open
        self.moved = moved
        self.turn_start_hex = turn_start_hex
        self.reloading = {} if reloading is None else reloading
        self.grips = {} if grips is None else grips
        self.dr_lost = {} if dr_lost is None else dr_lost
        self.fled = fled

    @property
    def active(self) -> bool:
        """True while the fighter can still act (conscious, alive, not fled)."""
        return self.conscious and not self.dead and not self.fled

    def snapshot(self, round_now: int = 0) -> tuple[object, ...]:
        """Every field as a hashable value, so two fighters with equal snapshots are in
        the same condition (the turn memo, `senjo.systems.gurps.memo`, keys on it; a test
        changes each field in turn and requires the snapshot to change).

        The rounds close combat began (`close_entered`, `close_since`) are counted back
        from `round_now`, the only way the rules read them (`close_combat.py`), so a
        condition met in another round has the same snapshot.

        The fields a duel changes turn by turn come first; the rest are three values,
        each None while every one of its fields is at its default: what passes within a
        round or two (posture, shock, the defenses made since the last turn, the yards
        moved: in a duel, at its defaults whenever the memo asks), the rare (a hex map's,
        Aim, Evaluate, Feint, Wait, lingering effects, grappling) and the rarer kept
        items. So the memo hashes and compares some 14 values a fighter instead of 60
        (docs/performance.md)."""
        rare: tuple[object, ...] | None = None
        if (
            self.hex is not None
            or self.facing is not _NORTH
            or self.body
            or self.prone_hex is not None
            or self.stunned
            or not self.conscious
            or self.dead
            or self.aim_target
            or self.aim_weapon
            or self.aim_turns
            or self.aim_braced
            or self.evaluate_target
            or self.evaluate_bonus
            or self.feint_target
            or self.feint_penalty
            or self.lost_balance
            or self.do_nothing_next
            or self.guard_down
            or self.wait_weapon
            or self.wait_mode
            or self.watch is not None
            or self.watch_discriminate
            or self.popping
            or self.close_side is not None
            or self.close_entered >= 0
            or self.close_since >= 0
            or self.holding
            or self.pinned
            or self.grip_on
            or self.grip_hands
            or self.choking
            or self.choke_hold
            or self.arm_lock
            or self.escapes
            or self.lock_from
            or self.lock_open
            or self.turn_start_hex is not None
            or self.fled
        ):
            rare = (
                self.hex,
                self.facing,
                self.body,
                self.prone_hex,
                self.stunned,
                self.conscious,
                self.dead,
                self.aim_target,
                self.aim_weapon,
                self.aim_turns,
                self.aim_braced,
                self.evaluate_target,
                self.evaluate_bonus,
                self.feint_target,
                self.feint_penalty,
                self.lost_balance,
                self.do_nothing_next,
                self.guard_down,
                self.wait_weapon,
                self.wait_mode,
                self.watch,
                self.watch_discriminate,
                self.popping,
                self.close_side,
                _since(self.close_entered, round_now),
                _since(self.close_since, round_now),
                self.holding,
                self.pinned,
                self.grip_on,
                self.grip_hands,
                self.choking,
                self.choke_hold,
                self.arm_lock,
                self.escapes,
                self.lock_from,
                self.lock_open,
                self.turn_start_hex,
                self.fled,
            )
        kept: tuple[object, ...] | None = None
        # A set's size, not its truth: compiled, `len` reads the set's count in place, where
        # its truth is asked of Python (`PyObject_IsTrue`, some 30 instructions a set).
        if (
            len(self.dropped)
            or self.dropped_at
            or len(self.broken)
            or len(self.thrown)
            or self.shots
            or len(self.crippled)
            or self.numbed
            or len(self.held_by)
            or self.reloading
            or self.grips
            or self.dr_lost
        ):
            kept = (
                _members(self.dropped),
                _items(self.dropped_at),
                _members(self.broken),
                _members(self.thrown),
                _items(self.shots),
                _members(self.crippled),
                _items(self.numbed),
                _members(self.held_by),
                _items(self.reloading),
                _items(self.grips),
                _items(self.dr_lost),
            )
        passing: tuple[object, ...] | None = None
        if (
            self.posture != "standing"
            or self.shock_next
            or self.shock
            or self.retreated
            or self.retreated_from
            or self.blocks
            or self.defended
            or self.parries
            or self.moved
        ):
            passing = (
                self.posture,
                self.shock_next,
                self.shock,
                self.retreated,
                self.retreated_from,
                self.blocks,
                self.defended,
                _items(self.parries),
                _exact(self.moved),
            )
        return (
            self.key,
            self.hp,
            self.fp,
            _exact(self.position.x),
            _exact(self.position.y),
            self.maneuver,
            self.variant,
            self.attacked_limb,
            self.hands,
            self.attacked_with,
            self.ready,
            passing,
            rare,
            kept,
        )


#: Only a float inside this is tried as an int (`int()` of an infinite one raises; the
#: shared int objects are -5 to 256, which hold a duel's yards).
_WHOLE: Final = 1 << 20


def _exact(value: float) -> int | float:  # not `float`: mypyc would make a C double of it
    """A whole number of yards as an int, any other as itself: equal and hashed alike
    either way, but a small int is one shared object, which the memo's lookups hash and
    compare at once (a float is made anew by each snapshot).

    >>> _exact(3.0), _exact(2.5), _exact(-0.0)
    (3, 2.5, 0)
    """
    if -_WHOLE < value < _WHOLE:  # NaN fails this too
        whole = int(value)
        if whole == value:
            return whole
    return value


def _since(start: int, round_now: int) -> int | None:
    """How many rounds ago `start` was (None for -1, never)."""
    return None if start < 0 else round_now - start


def _members(values: set[str]) -> frozenset[str] | None:
    """A set as a hashable value (None when empty, the common case, with no new object)."""
    return frozenset(values) if values else None


def _items(values: dict[str, Any]) -> frozenset[tuple[str, Any]] | None:
    """A dict as a hashable value (None when empty)."""
    return frozenset(values.items()) if values else None


@dataclass(slots=True)
class GurpsState:
    """The state of a GURPS battle: fighters' sheets and conditions, turn order and round."""

    fighters: dict[str, Fighter]
    status: dict[str, FighterState]
    order: tuple[str, ...] = ()
    round: int = 0
    #: The battle's optional rules (name -> value), as the rule system settled them.
    rules: RuleSet = NO_RULES
    #: The battlefield (see `senjo.systems.gurps.field`); None means the plane.
    ground: Any = None

    def __init__(
        self,
        fighters: dict[str, Fighter],
        status: dict[str, FighterState],
        order: tuple[str, ...] = (),
        round: int = 0,
        rules: RuleSet = NO_RULES,
        ground: Any = None,
    ) -> None:
        # Written out, as `FighterState`'s is: mypyc compiles this one (a dataclass's own
        # `__init__` stays interpreted); one a battle.
        self.fighters = fighters
        self.status = status
        self.order = order
        self.round = round
        self.rules = rules
        self.ground = ground

    def snapshot(self) -> tuple[object, ...]:
        """The changing part of the state as a hashable value: the turn order, the rules
        (their `RuleSet.key`) and every fighter's `FighterState.snapshot`, relative to
        the round, one after another (the turn memo's key, `memo_key`, holds the
        fighters' snapshots after the decision, and a number for the order and rules).

        The sheets (`fighters`) and the map (`ground`) are left out: the turn memo keys
        on the sheets' identity and is not used on a map. The round number is left out
        too: besides counting the rounds, the rules read it only to compare it with a
        fighter's close-combat rounds, which the fighters' snapshots count back from it
        (tests/systems/gurps/test_memo.py fails if any other module reads it)."""
        now = self.round
        fighters = [status.snapshot(now) for status in self.status.values()]
        return (self.order, self.rules.key, *fighters)

    def memo_key(self, actor: str, context: object, frame: int) -> tuple[object, ...]:
        """The turn memo's key for `actor`'s decision about `context` in this state: those
        two, the memo's `frame` (its number for the sheets, the turn order and the rules:
        `TurnMemo._frame_of`), then each fighter's `FighterState.snapshot`, in one tuple
        (`snapshot` without its order and rules, which the frame stands for)."""
        now = self.round
        # A loop over the values, which compiles to the dict's own iteration (unpacking
        # `values()` goes through Python's iterator protocol).
        snapshots = [status.snapshot(now) for status in self.status.values()]
        if len(snapshots) == 2:
            return (actor, context, frame, snapshots[0], snapshots[1])
        return (actor, context, frame, *snapshots)

    def foes(self, key: str) -> list[str]:
        """The fighters on other sides that are still in the fight, in turn order."""
        side = self.fighters[key].side
        return [
            other
            for other in self.order
            if self.fighters[other].side != side and self.status[other].active
        ]

    def sides_standing(self) -> set[str]:
        """The sides that still have a fighter able to act."""
        return {self.fighters[k].side for k, s in self.status.items() if s.active}

    def distance(self, a: str, b: str) -> float:
        """Distance in yards between two fighters."""
        if self.ground is not None:
            return float(self.ground.distance(self, a, b))
        return self.status[a].position.distance(self.status[b].position)
