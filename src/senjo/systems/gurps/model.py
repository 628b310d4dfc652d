"""GURPS fighters as written on a character sheet: fixed facts for one battle.

Everything here is frozen; what changes during a fight (HP, posture, which
weapon is ready …) lives in `senjo.systems.gurps.state`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from senjo.systems.gurps.damage import DamageDice, WeaponDamage

__all__ = [
    "ADVANTAGES",
    "LEVELED",
    "AttackMode",
    "Fighter",
    "Parry",
    "RangedStats",
    "Shield",
    "Weapon",
]

#: Traits with levels: Enhanced Dodge/Parry/Block (+1 per level), Hard to Kill (+1 per level).
LEVELED: Final = frozenset({"enhanced_block", "enhanced_dodge", "enhanced_parry", "hard_to_kill"})

#: Traits the combat rules read, by their senjo key (docs/glossary.md has the Japanese).
ADVANTAGES: Final = frozenset(
    {
        "ambidexterity",
        "blindness",
        "combat_reflexes",
        "double_jointed",
        "enhanced_block",
        "enhanced_dodge",
        "enhanced_parry",
        "flexibility",
        "hard_to_kill",
        "hard_to_subdue",
        "high_pain_threshold",
        "injury_tolerance_diffuse",
        "injury_tolerance_homogenous",
        "injury_tolerance_unliving",
        "low_pain_threshold",
        "no_brain",
        "no_vitals",
        "one_eye",
        "peripheral_vision",
        "perfect_balance",
        "trained_by_a_master",
        "vision_360",
        "weapon_master",
    }
)


@dataclass(frozen=True, slots=True)
class Parry:
    """A weapon's Parry entry: modifier, fencing (F), unbalanced (U), or no parry."""

    modifier: int = 0
    fencing: bool = False
    unbalanced: bool = False
    allowed: bool = True

    @staticmethod
    def parse(text: str) -> Parry:
        """Read "0", "-1", "+2", "0F", "0U", "No".

        >>> Parry.parse("0U")
        Parry(modifier=0, fencing=False, unbalanced=True, allowed=True)
        >>> Parry.parse("No").allowed
        False
        """
        cleaned = text.strip().upper()
        if cleaned in ("NO", "-", ""):
            return Parry(allowed=False)
        fencing = cleaned.endswith("F")
        unbalanced = cleaned.endswith("U")
        number = cleaned.rstrip("FU")
        return Parry(int(number), fencing, unbalanced)


@dataclass(frozen=True, slots=True)
class RangedStats:
    """Ranged-weapon statistics (B268-269): Acc, 1/2D and Max in yards, RoF, Shots, Bulk, Rcl.

    `reload` is the number of Ready maneuvers that fill the weapon with all its
    `shots` - or, for one loaded a round at a time (`individually`, the "i" of
    a weapon table's Shots), that load one round (rules interpretation 60);
    `thrown` weapons leave the hand when used.
    """

    acc: int
    half_damage: float
    max_range: float
    rof: int = 1
    shots: int = 1
    reload: int = 1
    bulk: int = 0
    recoil: int = 1
    thrown: bool = False
    individually: bool = False


@dataclass(frozen=True, slots=True)
class AttackMode:
    """One way to attack with a weapon: swing, thrust, shoot, throw, punch …

    `reach` lists the reaches in yards (0 means C, close combat);
    `reach_needs_ready` is the "*" of "1,2*".
    """

    name: str
    skill: str
    damage: WeaponDamage
    reach: tuple[int, ...] = (1,)
    reach_needs_ready: bool = False
    parry: Parry = Parry()
    min_st: int = 0
    two_handed: bool = False
    unarmed: bool = False
    ranged: RangedStats | None = None
    st_for_damage: int | None = None
    #: The hash, kept once asked (-1 until then; no hash is -1): the turn memo hashes the
    #: mode of every attack defended against (not part of the value).
    _hash: int = field(default=-1, init=False, repr=False, compare=False)
    #: `farthest`, kept once asked (-1.0 until then).
    _farthest: float = field(default=-1.0, init=False, repr=False, compare=False)

    @property
    def farthest(self) -> float:
        """The longest reach in yards, 0.0 for none (or C alone): asked at every melee
        attack and move into reach, so worked out once.

        >>> AttackMode("thrust", "Spear", WeaponDamage.parse("thr+2 imp"), reach=(1, 2)).farthest
        2.0
        """
        found = self._farthest
        if found < 0.0:
            found = float(max(self.reach)) if self.reach else 0.0
            object.__setattr__(self, "_farthest", found)
        return found

    def __hash__(self) -> int:
        # Written out, so that it compiles and is kept (the dataclass's own would be
        # Python, hashing the damage, parry and ranged entries each time). The value's.
        found = self._hash
        if found == -1:
            found = hash(
                (
                    self.name,
                    self.skill,
                    self.damage,
                    self.reach,
                    self.reach_needs_ready,
                    self.parry,
                    self.min_st,
                    self.two_handed,
                    self.unarmed,
                    self.ranged,
                    self.st_for_damage,
                )
            )
            object.__setattr__(self, "_hash", found)
        return found

    @property
    def is_melee(self) -> bool:
        """True for a melee attack mode."""
        return self.ranged is None

    @property
    def thrusting(self) -> bool:
        """True for a thrust (for Wild Swing, parrying bare-handed …)."""
        return self.damage.base == "thr" or self.damage.damage_type in ("imp", "pi-", "pi")


@dataclass(frozen=True, slots=True)
class Weapon:
    """A weapon (or a natural attack such as a punch) with its attack modes."""

    key: str
    name: str
    modes: tuple[AttackMode, ...]
    name_ja: str = ""
    weight: float = 0.0
    cheap: bool = False
    breakage_resistant: bool = False
    fencing: bool = False

    def mode(self, name: str) -> AttackMode:
        """The attack mode with this name."""
        for mode in self.modes:
            if mode.name == name:
                return mode
        raise KeyError(f"{self.key} has no attack mode {name!r}")


@dataclass(frozen=True, slots=True)
class Shield:
    """A shield: its Defense Bonus and the skill used to block with it."""

    key: str
    name: str
    db: int
    skill: str = "Shield"
    name_ja: str = ""


_ST10_THRUST: Final = DamageDice(1, -2)
_ST10_SWING: Final = DamageDice(1)


@dataclass(frozen=True, slots=True)
class Fighter:
    """A fighter's sheet: attributes, secondary characteristics, traits, skills, equipment.

    Secondary characteristics are already worked out (the scenario loader
    uses `senjo.systems.gurps.character_math`).
    """

    key: str
    name: str
    side: str
    st: int
    dx: int
    iq: int
    ht: int
    hp: int
    fp: int
    will: int
    per: int
    basic_speed: float
    basic_move: int
    dodge: int
    encumbrance: int = 0
    advantages: frozenset[str] = frozenset()
    skills: dict[str, int] = field(default_factory=dict)
    weapons: tuple[Weapon, ...] = ()
    shield: Shield | None = None
    dr: dict[str, int] = field(default_factory=dict)
    thrust: DamageDice = _ST10_THRUST
    swing: DamageDice = _ST10_SWING
    size_modifier: int = 0
    ready: tuple[str, ...] = ()
    name_ja: str = ""
    levels: dict[str, int] = field(default_factory=dict)
    flexible_armor: bool = False
    #: Techniques (seed 000) by name, each its level relative to the weapon skill.
    techniques: dict[str, int] = field(default_factory=dict)
    #: seed 001 (大きなフィギュア): the figure's widest part, in hexes.
    width: int = 1
    #: senjo's morale rule (not the book's): at this HP or less the fighter may flee,
    #: and the AI does (None: it fights on). Interpretation 50 in docs/rules/gurps.md.
    flee_at: int | None = None

    def has(self, advantage: str) -> bool:
        """True if the fighter has this trait."""
        return advantage in self.advantages

    def level(self, advantage: str) -> int:
        """The trait's level: as given, 1 when listed without a level, 0 when absent."""
        if advantage not in self.advantages:
            return 0
        return self.levels.get(advantage, 1)

    def skill(self, name: str) -> int:
        """The fighter's level in a skill (the scenario worked out defaults already)."""
        return self.skills.get(name, self.dx - 5)

    def weapon(self, key: str) -> Weapon:
        """The weapon with this key."""
        for weapon in self.weapons:
            if weapon.key == key:
                return weapon
        raise KeyError(f"{self.key} has no weapon {key!r}")

    def dr_at(self, location: str) -> int:
        """Armor DR at a hit location (torso when the location has none listed)."""
        return self.dr.get(location, 0)

    def __hash__(self) -> int:
        return hash(self.key)
