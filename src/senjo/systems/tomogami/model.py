"""トモガミ character sheets: what a scenario gives each character, fixed for the battle.

Seed 003 names the numbers it reads (「動」, 「体」, the maneuver and tactics checks,
生命, 火弾徹甲 and 対人火弾 defence, a weapon's reach in bands) but its base game defines
them; a scenario gives each one directly (`docs/scenarios.md`).

>>> claw = Weapon("claw", "claw", "爪", frozenset({Band.ZERO}), skill=6, dice=2, flat=1)
>>> claw.reaches(Band.ZERO), claw.reaches(Band.NEAR), claw.damage_text
(True, False, '2D6+1')
>>> sheet = Sheet("aki", "Aki", "秋", "blue", mobility=4, maneuver=3, weapons=(claw,))
>>> sheet.maneuver_value, sheet.environment_modifier("forest")
(7, 0)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from senjo.space.bands import Band

__all__ = ["DAMAGE_KINDS", "LOCOMOTION", "NEVER_FALL", "Sheet", "Weapon"]

#: Seed 003's two kinds of damage: 火弾徹甲 (armour-piercing, what hurts a tomogami) and
#: 対人火弾 (anti-personnel, what hurts its pilot).
DAMAGE_KINDS: Final = ("armour_piercing", "anti_personnel")
#: How a tomogami moves: legs, tracks (履帯), four or more legs (多脚), wheels, a hull on
#: water, or flight (fast or slow, for air-to-ground).
LOCOMOTION: Final = ("legs", "tracks", "many_legs", "wheels", "hull", "air_fast", "air_slow")
#: Seed 003 ★転倒の効果: tracks and four or more legs never fall.
NEVER_FALL: Final = frozenset({"tracks", "many_legs"})


@dataclass(frozen=True, slots=True)
class Weapon:
    """A weapon: the bands it works at, its attack check's value, its damage and kind.

    Damage is `dice` six-sided dice plus `flat` (seed 003 writes 1D for one die).
    `indirect` is a high-angle weapon (曲射弾道兵器: mortars) that cover does not stop.
    """

    key: str
    name: str
    name_ja: str
    bands: frozenset[Band]
    skill: int
    dice: int = 0
    flat: int = 0
    kind: str = "armour_piercing"
    indirect: bool = False
    #: Shots in a magazine (0: it never runs dry, like claws); `spares` is how many
    #: spare magazines it carries (None: as many as the battle needs). Seed 003 主動作
    #: 「弾倉の交換」.
    magazine: int = 0
    spares: int | None = None
    #: Held in a hand (a rifle in a tomogami's fist, not a mounted gun): a character
    #: holds one such weapon at a time (seed 003 主動作 「武器の持ち替え」).
    hand: bool = False

    def reaches(self, band: Band) -> bool:
        """True if the weapon can attack at `band`."""
        return band in self.bands

    @property
    def damage_text(self) -> str:
        """The damage as written: 2D6+1, 1D6, 4."""
        if not self.dice:
            return str(self.flat)
        extra = f"{self.flat:+d}" if self.flat else ""
        return f"{self.dice}D6{extra}"


@dataclass(frozen=True, slots=True)
class Sheet:
    """One character (a tomogami, a vehicle, a シンテツ) as the scenario gives it.

    `maneuver` is the skill added to 「動」 for the maneuver check (機動判定値);
    `tactics` is the whole tactics check value (知性 and the battlefield's tactics skill);
    `defense_skill` is the value of its defence or evasion roll (stand-in).
    """

    key: str
    name: str
    name_ja: str
    side: str
    mobility: int = 0
    body: int = 0
    maneuver: int = 0
    tactics: int = 0
    defense_skill: int = 0
    life: int = 10
    armour_piercing: int = 0
    anti_personnel: int = 0
    weapons: tuple[Weapon, ...] = ()
    environment_modifiers: tuple[tuple[str, int], ...] = ()
    living: bool = True
    locomotion: str = "legs"
    #: Fires on the move without penalty (a dedicated skill, or fire control: seed 003
    #: 「専用の技能をもつキャラクターは、不利な修正を受けない」).
    moving_fire_skill: bool = False
    #: 大打撃値, the heavy-blow value (0: none): a hit of this much damage or more is a
    #: heavy blow (the base game says what it does).
    heavy_blow: int = 0
    #: 武魂 is active (its activation is the base game's), and the キズナ level: together
    #: they make its maneuvers dragon maneuvers (龍機動).
    bukon: bool = False
    kizuna: int = 0
    #: The pilot (ゲキ): its life (0: not modelled) and its 対人火弾 defence.
    pilot_life: int = 0
    pilot_defense: int = 0

    @property
    def hp(self) -> int:
        """Life at the start, under the name the simulator's report reads."""
        return self.life

    @property
    def maneuver_value(self) -> int:
        """Seed 003 機動判定値: 「動」 plus the maneuver skill."""
        return self.mobility + self.maneuver

    def environment_modifier(self, environment: str) -> int:
        """Seed 003 環境機動修正: this character's maneuver modifier in an environment."""
        return dict(self.environment_modifiers).get(environment, 0)

    def defense(self, kind: str) -> int:
        """The defence (防御力) against one kind of damage."""
        return self.armour_piercing if kind == "armour_piercing" else self.anti_personnel

    @property
    def first_in_hand(self) -> str:
        """The hand weapon held when the battle opens: the first one listed ("" for none)."""
        return next((weapon.key for weapon in self.weapons if weapon.hand), "")

    def weapon(self, key: str) -> Weapon:
        """The weapon with this key."""
        for weapon in self.weapons:
            if weapon.key == key:
                return weapon
        raise KeyError(key)
