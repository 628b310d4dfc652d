"""The options of GURPS decisions: maneuvers, attack and grab plans, defenses, interrupts.

Each option is a small frozen value with a stable `key` (used in logs,
prompts and replays).

>>> ManeuverChoice("attack", target="ogre", weapon="broadsword", mode="swing").key
'attack:ogre:broadsword/swing'
>>> ManeuverChoice("all_out_defense", variant="increased_dodge").key
'all_out_defense/increased_dodge'
>>> AttackPlan("skull", deceptive=1).key
'skull+deceptive1'
>>> GrabPlan("neck", hands=2).key
'neck+both'
>>> DefenseChoice("parry", weapon="broadsword", retreat=True).key
'parry:broadsword+retreat'
>>> Watch("area1", Hex(4, 5), frozenset({Hex(4, 5), Hex(4, 4)})).key
'area1:4,5'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from senjo.engine.frozen import direct_init
from senjo.space.hexgrid import Facing, Hex

__all__ = [
    "MANEUVERS",
    "AttackPlan",
    "DefenseChoice",
    "Destination",
    "GrabPlan",
    "ManeuverChoice",
    "WaitResponse",
    "Watch",
]

#: Every maneuver of B363-366, by senjo key (Japanese names in docs/glossary.md).
MANEUVERS: Final = (
    "do_nothing",
    "move",
    "change_posture",
    "aim",
    "evaluate",
    "attack",
    "feint",
    "all_out_attack",
    "move_and_attack",
    "all_out_defense",
    "concentrate",
    "ready",
    "wait",
)


@dataclass(frozen=True, slots=True)
class ManeuverChoice:
    """A maneuver, with its variant (AoA/AoD option, posture, ready action), target and weapon."""

    maneuver: str
    variant: str = ""
    target: str = ""
    weapon: str = ""
    mode: str = ""
    #: `key`, kept once asked: the turn memo hands the same choices to battle after
    #: battle, and each chosen one's key goes into the log (not part of the value).
    _key: str = field(default="", init=False, repr=False, compare=False)
    #: The hash, kept once asked (-1 until then; no hash is -1): the same choices come
    #: back from the turn memo, which hashes the attack chosen for each plan asked.
    _hash: int = field(default=-1, init=False, repr=False, compare=False)

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        maneuver: str,
        variant: str = "",
        target: str = "",
        weapon: str = "",
        mode: str = "",
    ) -> None:
        object.__setattr__(self, "maneuver", maneuver)
        object.__setattr__(self, "variant", variant)
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "weapon", weapon)
        object.__setattr__(self, "mode", mode)
        object.__setattr__(self, "_key", "")
        object.__setattr__(self, "_hash", -1)

    def __hash__(self) -> int:
        # Written out, so that it compiles and is kept (the dataclass's own would be
        # Python, building and hashing a tuple each time). The dataclass's value.
        found = self._hash
        if found == -1:
            found = hash((self.maneuver, self.variant, self.target, self.weapon, self.mode))
            object.__setattr__(self, "_hash", found)
        return found

    @property
    def key(self) -> str:
        """`maneuver[/variant][:target][:weapon/mode]`."""
        text = self._key
        if text:
            return text
        text = self.maneuver
        if self.variant:
            text += f"/{self.variant}"
        if self.target:
            text += f":{self.target}"
        if self.weapon:
            text += f":{self.weapon}/{self.mode}" if self.mode else f":{self.weapon}"
        object.__setattr__(self, "_key", text)
        return text


@dataclass(frozen=True, slots=True)
class AttackPlan:
    """How one attack is made: the hit location aimed at, Deceptive Attack levels, Rapid Strike.

    `location` "random" rolls 3d6 on the hit location table instead of aiming.
    """

    location: str = "torso"
    deceptive: int = 0
    rapid_strike: bool = False
    #: Extra effort (B357, 1 FP a blow): Mighty Blows, Flurry of Blows (`extra_effort.py`).
    mighty: bool = False
    flurry: bool = False
    #: `key`, kept once asked (as `ManeuverChoice._key`; not part of the value).
    _key: str = field(default="", init=False, repr=False, compare=False)

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        location: str = "torso",
        deceptive: int = 0,
        rapid_strike: bool = False,
        mighty: bool = False,
        flurry: bool = False,
    ) -> None:
        object.__setattr__(self, "location", location)
        object.__setattr__(self, "deceptive", deceptive)
        object.__setattr__(self, "rapid_strike", rapid_strike)
        object.__setattr__(self, "mighty", mighty)
        object.__setattr__(self, "flurry", flurry)
        object.__setattr__(self, "_key", "")

    @property
    def key(self) -> str:
        """`location[+deceptiveN][+rapid][+flurry][+mighty]`."""
        text = self._key
        if text:
            return text
        text = self.location
        if self.deceptive:
            text += f"+deceptive{self.deceptive}"
        if self.rapid_strike:
            text += "+rapid"
        if self.flurry:
            text += "+flurry"
        if self.mighty:
            text += "+mighty"
        object.__setattr__(self, "_key", text)
        return text


@dataclass(frozen=True, slots=True)
class GrabPlan:
    """Where a grab takes hold (`grip_parts.GRABBABLE`) and with how many hands (B370)."""

    location: str = "torso"
    hands: int = 1
    #: `key`, kept once asked (as `ManeuverChoice._key`; not part of the value).
    _key: str = field(default="", init=False, repr=False, compare=False)

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        location: str = "torso",
        hands: int = 1,
    ) -> None:
        object.__setattr__(self, "location", location)
        object.__setattr__(self, "hands", hands)
        object.__setattr__(self, "_key", "")

    @property
    def key(self) -> str:
        """`location[+both]`."""
        text = self._key
        if text:
            return text
        text = self.location + ("+both" if self.hands > 1 else "")
        object.__setattr__(self, "_key", text)
        return text


@dataclass(frozen=True, slots=True)
class DefenseChoice:
    """An active defense: dodge, parry (with a weapon) or block, with or without retreat.

    `kind` "none" declines to defend. `drop` is Dodge and Drop against a
    ranged attack.
    """

    kind: str
    weapon: str = ""
    retreat: bool = False
    drop: bool = False
    #: Extra effort (B357): Feverish Defense, +2 for 1 FP (`extra_effort.py`).
    feverish: bool = False
    #: `key`, kept once asked (as `ManeuverChoice._key`; not part of the value).
    _key: str = field(default="", init=False, repr=False, compare=False)

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        kind: str,
        weapon: str = "",
        retreat: bool = False,
        drop: bool = False,
        feverish: bool = False,
    ) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "weapon", weapon)
        object.__setattr__(self, "retreat", retreat)
        object.__setattr__(self, "drop", drop)
        object.__setattr__(self, "feverish", feverish)
        object.__setattr__(self, "_key", "")

    @property
    def key(self) -> str:
        """`kind[:weapon][+retreat][+drop][+feverish]`."""
        text = self._key
        if text:
            return text
        text = self.kind
        if self.weapon:
            text += f":{self.weapon}"
        if self.retreat:
            text += "+retreat"
        if self.drop:
            text += "+drop"
        if self.feverish:
            text += "+feverish"
        object.__setattr__(self, "_key", text)
        return text


@dataclass(frozen=True, slots=True)
class Destination:
    """Where a Move ends on a hex map (seed 001: 移動点): hex, facing, and the points spent;
    `evade` when the way there passes through a foe's hex (seed 001: すり抜け)."""

    hex: Hex
    facing: Facing
    cost: float
    evade: bool = False

    def __init__(  # compiled: `senjo.engine.frozen` (a hex map's search makes thousands)
        self, hex: Hex, facing: Facing, cost: float, evade: bool = False
    ) -> None:
        object.__setattr__(self, "hex", hex)
        object.__setattr__(self, "facing", facing)
        object.__setattr__(self, "cost", cost)
        object.__setattr__(self, "evade", evade)

    @property
    def key(self) -> str:
        """`q,r/FACING`, e.g. `3,-1/NE`."""
        return f"{self.hex}/{self.facing.name}"


@dataclass(frozen=True, slots=True)
class WaitResponse:
    """The answer of a waiting fighter when its trigger happens: act now, or keep waiting."""

    act: bool

    @property
    def key(self) -> str:
        """`act` or `hold`."""
        return "act" if self.act else "hold"


#: The shapes a fighter on opportunity fire may watch (seed 001: 機会射撃): one hex,
#: one hex aimed at, the hexes within 1 or 2 of a centre, a line from the shooter.
WATCH_SHAPES: Final = ("hex", "aim", "area1", "area2", "line")


@dataclass(frozen=True, slots=True)
class Watch:
    """What a fighter on opportunity fire watches: its shape, centre and hexes."""

    shape: str
    center: Hex
    hexes: frozenset[Hex]

    @property
    def key(self) -> str:
        """`shape:q,r`, e.g. `line:6,2`."""
        return f"{self.shape}:{self.center}"

    @property
    def aimed(self) -> bool:
        """Aiming while watching one hex (seed 001: 狙いをつけて待機)."""
        return self.shape == "aim"

    @property
    def line(self) -> bool:
        """A single line of fire (seed 001: ひとつ特定の射線, -2)."""
        return self.shape == "line"


# Made in every battle: a direct __init__ (senjo.engine.frozen).
direct_init(ManeuverChoice, AttackPlan, GrabPlan, DefenseChoice, Destination)
