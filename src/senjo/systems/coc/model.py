"""Call of Cthulhu combatants as frozen sheets: characteristics, skills, weapons, surroundings.

Numbers follow CoC 6th edition (`../shared/rules/coc6-facts.md`): HP is
(CON + SIZ) / 2 rounded up, Dodge starts at DEX × 2 %, Idea is INT × 5 %, and
the damage bonus (db) comes from STR + SIZ.

>>> damage_bonus(26).text, damage_bonus(12).text, damage_bonus(20).text
('1D4', '-1D6', '0')
>>> DamageDice.parse("1D3+1D4").text
'1D3+1D4'
>>> hit_points(11, 12)
12
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final

from senjo.engine.frozen import direct_init

__all__ = [
    "BASE_SKILLS",
    "MELEE_REACH",
    "Combatant",
    "DamageDice",
    "Surroundings",
    "Weapon",
    "damage_bonus",
    "hit_points",
]

#: Distance in metres within which two figures are in melee reach when a battle starts.
MELEE_REACH: Final = 2.0

#: Base chances (%) of the combat skills a sheet may leave out (CoC 6th edition).
#: Dodge is DEX × 2 and has no entry here.
BASE_SKILLS: Final[dict[str, int]] = {
    "fist": 50,
    "kick": 25,
    "grapple": 25,
    "head_butt": 10,
    "martial_arts": 1,
    "hide": 10,
    "sneak": 10,
    "fast_talk": 5,
    "knife": 25,
    "club": 25,
    "handgun": 20,
    "rifle": 25,
    "shotgun": 30,
    "throw": 25,
}

_TERM: Final = re.compile(r"([+-]?)(?:(\d*)[dD](\d+)|(\d+))")


@dataclass(frozen=True, slots=True)
class DamageDice:
    """A sum of dice and a constant, such as 1D3+1D4 or 1D6+2; a negative count subtracts.

    >>> DamageDice.parse("-1D4").terms, DamageDice.parse("2D6+1").flat
    (((-1, 4),), 1)
    >>> DamageDice.parse("1D6").plus(DamageDice.parse("-1D4")).text
    '1D6-1D4'
    """

    terms: tuple[tuple[int, int], ...] = ()
    flat: int = 0

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        terms: tuple[tuple[int, int], ...] = (),
        flat: int = 0,
    ) -> None:
        object.__setattr__(self, "terms", terms)
        object.__setattr__(self, "flat", flat)

    @staticmethod
    def parse(text: str) -> DamageDice:
        """Read `1D6+2`, `2D6`, `-1D4`, `0` …; raises ValueError for anything else."""
        compact = text.replace(" ", "")
        if not compact:
            raise ValueError("empty damage")
        terms: list[tuple[int, int]] = []
        flat = 0
        position = 0
        while position < len(compact):
            match = _TERM.match(compact, position)
            if match is None or (position > 0 and not match.group(1)):
                raise ValueError(f"{text!r} is not dice such as 1D6+1D4 or 1D3+2")
            sign = -1 if match.group(1) == "-" else 1
            if match.group(3) is not None:
                count = int(match.group(2) or 1)
                sides = int(match.group(3))
                if count < 1 or sides < 1:
                    raise ValueError(f"{text!r}: dice need a count and sides of 1 or more")
                terms.append((sign * count, sides))
            else:
                flat += sign * int(match.group(4))
            position = match.end()
        return DamageDice(tuple(terms), flat)

    def plus(self, other: DamageDice) -> DamageDice:
        """The sum of two dice expressions (terms kept in order)."""
        return DamageDice(self.terms + other.terms, self.flat + other.flat)

    @property
    def text(self) -> str:
        """BCDice-style text: `1D3+1D4`, `1D6-1D4`, `1D6+2`; `0` for nothing."""
        parts: list[str] = []
        for count, sides in self.terms:
            sign = "-" if count < 0 else "+"
            parts.append(f"{sign}{abs(count)}D{sides}")
        if self.flat:
            parts.append(f"{self.flat:+d}")
        if not parts:
            return "0"
        text = "".join(parts)
        return text[1:] if text.startswith("+") else text

    @property
    def average(self) -> float:
        """The mean roll."""
        return self.flat + sum((count * (sides + 1) / 2 for count, sides in self.terms), 0.0)

    @property
    def dice_count(self) -> int:
        """How many dice the expression rolls."""
        return sum(abs(count) for count, _ in self.terms)


NO_DICE: Final = DamageDice()


def damage_bonus(strength_plus_size: int) -> DamageDice:
    """The damage bonus (db) for STR + SIZ: −1D6 … 0 … +1D4, +1D6, +2D6, +1D6 per further 16.

    >>> [damage_bonus(n).text for n in (2, 13, 17, 25, 33, 41, 56, 57, 73)]
    ['-1D6', '-1D4', '0', '1D4', '1D6', '2D6', '2D6', '3D6', '4D6']
    """
    total = strength_plus_size
    if total <= 12:
        return DamageDice(((-1, 6),))
    if total <= 16:
        return DamageDice(((-1, 4),))
    if total <= 24:
        return NO_DICE
    if total <= 32:
        return DamageDice(((1, 4),))
    if total <= 40:
        return DamageDice(((1, 6),))
    return DamageDice(((2 + (total - 41) // 16, 6),))


def hit_points(constitution: int, size: int) -> int:
    """HP = (CON + SIZ) / 2, rounded up."""
    return math.ceil((constitution + size) / 2)


@dataclass(frozen=True, slots=True)
class Weapon:
    """A way to attack: its skill, damage, how the db adds, and what it can do.

    `kind` is melee, thrown, firearm or grapple (the grapple's effects replace
    damage). `db` is full, half or none. `unarmed` marks fist, kick, head-butt
    and grapple: the attacks Martial Arts (武道) doubles and unarmed parries
    meet. `blunt` marks blows that hard ground worsens and that may be
    knock-out attacks. Firearms have a base range in metres, a rate of fire
    (`rof`, shots a round), a magazine (`shots`) and a malfunction number.
    """

    key: str
    name: str
    name_ja: str
    skill: str
    damage: DamageDice
    kind: str = "melee"
    db: str = "full"
    unarmed: bool = False
    impaling: bool = False
    blunt: bool = False
    parry: bool = False
    base_range: float = 0.0
    rof: int = 1
    shots: int = 0
    malfunction: int = 0

    @property
    def is_melee(self) -> bool:
        """True for attacks that need melee reach (melee blows and grapples)."""
        return self.kind in ("melee", "grapple")

    @property
    def is_firearm(self) -> bool:
        """True for guns (rate of fire, shots, malfunctions)."""
        return self.kind == "firearm"


@dataclass(frozen=True, slots=True)
class Surroundings:
    """Where a combatant stands, as the scenario describes it.

    `floor` is hard (concrete) or soft; `wall_behind` is the free space in
    metres behind the combatant before a wall stops it (None: open ground);
    `cover` says whether a hiding place is within reach.
    """

    floor: str = "soft"
    wall_behind: float | None = None
    cover: bool = False


@dataclass(frozen=True, slots=True)
class Combatant:
    """One investigator, cultist or monster: characteristics, skills in %, weapons, armour."""

    key: str
    name: str
    name_ja: str
    side: str
    strength: int
    constitution: int
    size: int
    dexterity: int
    intelligence: int
    power: int
    appearance: int
    education: int
    hp: int
    skills: Mapping[str, int]
    weapons: tuple[Weapon, ...]
    armour: int = 0
    move: int = 8
    languages: frozenset[str] = frozenset({"common"})
    surroundings: Surroundings = field(default_factory=Surroundings)
    #: senjo's morale rule (not the book's): at this HP or less the combatant may flee, and
    #: the AI does (None: it fights on). Interpretation in docs/rules/coc.md.
    flee_at: int | None = None

    @property
    def db(self) -> DamageDice:
        """The damage bonus from STR + SIZ."""
        return damage_bonus(self.strength + self.size)

    @property
    def idea(self) -> int:
        """Idea (アイデア) = INT × 5 %."""
        return self.intelligence * 5

    @property
    def dodge(self) -> int:
        """Dodge (回避) %: the sheet's value, else DEX × 2."""
        return self.skills.get("dodge", self.dexterity * 2)

    def skill(self, name: str) -> int:
        """A skill in %: the sheet's value, else its base chance (0 for unknown skills)."""
        if name == "dodge":
            return self.dodge
        return self.skills.get(name, BASE_SKILLS.get(name, 0))

    def weapon(self, key: str) -> Weapon:
        """The weapon with this key (KeyError naming the carried ones)."""
        for weapon in self.weapons:
            if weapon.key == key:
                return weapon
        carried = ", ".join(w.key for w in self.weapons)
        raise KeyError(f"{self.key} carries no {key!r}; carried: {carried}")

    def has_martial_arts(self) -> bool:
        """True when the sheet lists Martial Arts (武道) above its base 1 %."""
        return self.skills.get("martial_arts", 0) > BASE_SKILLS["martial_arts"]


# Made in every battle: a direct __init__ (senjo.engine.frozen).
direct_init(DamageDice)
