"""What changes during a GURPS battle: each fighter's condition and the round.

`GurpsState` is the typed per-system field of `Battle.state`. Fighter
conditions are plain slotted objects mutated by the rules (the battle's log
is the durable record; the state is rebuilt from it by replay).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from senjo.space.hexgrid import Facing, Hex
from senjo.space.plane import Point
from senjo.systems.gurps.choices import Watch
from senjo.systems.gurps.model import Fighter

__all__ = ["FighterState", "GurpsState"]


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
    attacked_with: set[str] = field(default_factory=set)
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
    ready: set[str] = field(default_factory=set)
    #: [main hand, off hand]: item keys, "" for an empty hand (see `hands.py`).
    hands: list[str] = field(default_factory=lambda: ["", ""])
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
    moved: float = 0.0
    #: Where the fighter stood when its turn began (seed 001: 回り込み攻撃).
    turn_start_hex: Hex | None = None
    reloading: dict[str, int] = field(default_factory=dict)
    #: Reach chosen for weapons whose reach change needs a Ready ("1,2*", B269).
    grips: dict[str, int] = field(default_factory=dict)
    #: Gone from the battle by fleeing (senjo's morale rule, `flee_at`).
    fled: bool = False

    @property
    def active(self) -> bool:
        """True while the fighter can still act (conscious, alive, not fled)."""
        return self.conscious and not self.dead and not self.fled


@dataclass(slots=True)
class GurpsState:
    """The state of a GURPS battle: fighters' sheets and conditions, turn order and round."""

    fighters: dict[str, Fighter]
    status: dict[str, FighterState]
    order: tuple[str, ...] = ()
    round: int = 0
    #: The battle's optional rules (name -> value), as the rule system settled them.
    rules: dict[str, str] = field(default_factory=dict)
    #: The battlefield (see `senjo.systems.gurps.field`); None means the plane.
    ground: Any = None

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
