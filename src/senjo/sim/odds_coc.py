"""Exact odds of one Call of Cthulhu exchange (一回の攻防の正確な確率): attack, defense, damage.

No sampling, as for GURPS (`senjo.sim.odds`): chances are `Fraction`s and
damage an exact `Distribution`.

`coc_exchange`: one attack check, one dodge or parry (a
success stops the attack, whatever the attack rolled), and the damage after
armour; an impaling weapon rolls its dice twice on a special success, the db
once (coc6-facts.md, "Attacks and damage"), and so does an unarmed blow whose
Martial Arts (武道) roll, made after the hit, succeeds.

>>> coc = coc_exchange(50, 30, "1D6", armour=1)
>>> coc.hit, coc.special, coc.defended, coc.success
(Fraction(1, 2), Fraction(1, 10), Fraction(3, 10), Fraction(7, 20))
>>> coc.damage_per_attack.probability(0)
Fraction(17, 24)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from senjo.dice.distribution import Distribution, mix
from senjo.dice.systems.coc import automatic_resistance, percentile_check, resistance_target
from senjo.systems.coc.damage_chances import damage_distribution
from senjo.systems.coc.model import DamageDice as CocDice

__all__ = [
    "MAX_DAMAGE_DICE",
    "CocCheckOdds",
    "CocExchange",
    "coc_check_odds",
    "coc_exchange",
    "parse_coc_damage",
]

#: The most damage dice an exchange may roll (weapon dice, twice when impaling, and the db).
MAX_DAMAGE_DICE = 100

_ZERO = Distribution.constant(0)


@dataclass(frozen=True, slots=True)
class CocCheckOdds:
    """The chances of one percentile check: success, special, critical, fumble."""

    success: Fraction
    special: Fraction
    critical: Fraction
    fumble: Fraction


def coc_check_odds(target: int, ccb: bool = True) -> CocCheckOdds:
    """Count the 100 faces of 1D100 judged by `percentile_check` against `target`.

    `ccb` is the 5% rule (critical 01-05, fumble 96-100), else the 1% rule.

    >>> coc_check_odds(60)
    CocCheckOdds(success=Fraction(3, 5), special=Fraction(3, 25), critical=Fraction(1, 20), \
fumble=Fraction(1, 20))
    >>> coc_check_odds(150, ccb=False).success
    Fraction(99, 100)
    """
    counts = [0, 0, 0, 0]
    for roll in range(1, 101):
        check = percentile_check(roll, target, ccb)
        counts[0] += check.success
        counts[1] += check.special
        counts[2] += check.critical
        counts[3] += check.fumble
    success, special, critical, fumble = (Fraction(count, 100) for count in counts)
    return CocCheckOdds(success, special, critical, fumble)


_DB_TERM = re.compile(r"([+-]?)db(/2)?", re.IGNORECASE)


def parse_coc_damage(text: str) -> tuple[CocDice, bool]:
    """Read weapon damage such as "1D6+1D4", "1D8", "1D3+db" or "1D6+db/2".

    Returns the weapon's dice and whether the db adds at half (`+db/2`, thrown
    weapons). The db itself is given apart; a damage without a `db` term adds
    the db in full, as melee weapons do.

    >>> dice, half = parse_coc_damage("1D3+db")
    >>> dice.text, half
    ('1D3', False)
    >>> parse_coc_damage("2D6+db/2")[1]
    True
    >>> parse_coc_damage("1D6-db")
    Traceback (most recent call last):
    ...
    ValueError: '1D6-db': the db is added (+db or +db/2), never subtracted
    """
    compact = text.replace(" ", "")
    found = list(_DB_TERM.finditer(compact))
    if len(found) > 1:
        raise ValueError(f"{text!r} names the db more than once")
    half = False
    if found:
        term = found[0]
        if term.group(1) == "-":
            raise ValueError(f"{text!r}: the db is added (+db or +db/2), never subtracted")
        half = term.group(2) is not None
        compact = compact[: term.start()] + compact[term.end() :]
        if not compact:
            return CocDice(), half
    return CocDice.parse(compact), half


@dataclass(frozen=True, slots=True)
class CocExchange:
    """One CoC attack, its dodge or parry, and its damage, exactly.

    `hit` is the attack check's success (special and critical are kinds of
    it); `defended` the defense check's success; `success` = hit × (1 −
    defended). `rolled` is the damage rolled when the attack lands (at least
    0; impale mixed in by the chance of a special among hits, Martial Arts by
    its roll's chance), `damage` what
    gets through the armour, and `damage_per_attack` the same for one attack
    (0 when it misses or is defended).
    """

    skill: int
    defense: int | None
    ccb: bool
    hit: Fraction
    special: Fraction
    critical: Fraction
    fumble: Fraction
    defended: Fraction
    success: Fraction
    weapon: CocDice
    db: CocDice
    half_db: bool
    armour: int
    impale: bool
    #: The Martial Arts value rolled after a hit (None: no roll), and the chance that an
    #: attack hits and its Martial Arts roll succeeds.
    martial_arts: int | None
    martial: Fraction
    #: The target's HP for a knock-out attack (None: an ordinary blow), and the chance that
    #: an attack lands and knocks the target out.
    knockout_hp: int | None
    knocked: Fraction
    rolled: Distribution
    damage: Distribution
    damage_per_attack: Distribution


def coc_exchange(
    skill: int,
    dodge_or_parry: int | None = None,
    damage: str = "1D8",
    db: str = "0",
    armour: int = 0,
    impale: bool = False,
    ccb: bool = True,
    martial_arts: int | None = None,
    knockout_hp: int | None = None,
) -> CocExchange:
    """The exact odds and damage of one CoC attack (see the module docstring).

    `damage` is read by `parse_coc_damage`, `db` as dice ("+1D4", "-1D4",
    "0"). Impale doubles the weapon's dice (adds included) on a special
    success, as the engine does, not on a critical that is not special. The
    defense is the value rolled against (after seed 004's repeat penalties);
    a focused dodge of 100 or more, automatic in the engine, is rolled here.
    `martial_arts`, for an unarmed blow: the Martial Arts value, rolled after
    a hit; its success doubles the dice as an impale does (seed 004: such a
    blow cannot be parried bare-handed, so give a dodge or a weapon's parry).
    `knockout_hp`: a knock-out attack against a target of that many HP: the
    damage rolled against the HP on the resistance table; a success deals a
    third of it (before armour) and knocks the target out.
    Not modelled: surprise, protect, malfunctions and the prone ×1.5.

    >>> coc_exchange(60, damage="1D3+db", db="+1D4").rolled.support
    (2, 3, 4, 5, 6, 7)
    """
    weapon, half = parse_coc_damage(damage)
    bonus = CocDice.parse(db)
    if impale and martial_arts is not None:
        raise ValueError("Martial Arts is for unarmed blows, which never impale")
    doubles = impale or martial_arts is not None
    if weapon.dice_count * (2 if doubles else 1) + bonus.dice_count > MAX_DAMAGE_DICE:
        raise ValueError(f"at most {MAX_DAMAGE_DICE} damage dice")
    if half and len(bonus.terms) > 1:
        raise ValueError(f"only a single dice term can be halved, not the db {bonus.text}")
    if armour < 0:
        raise ValueError(f"armour cannot be negative: {armour}")
    attack = coc_check_odds(skill, ccb)
    defended = Fraction(0) if dodge_or_parry is None else coc_check_odds(dodge_or_parry).success
    success = attack.success * (1 - defended)
    rolled = damage_distribution([(weapon, False), (bonus, half)])
    trained = Fraction(0) if martial_arts is None else coc_check_odds(martial_arts, ccb).success
    doubled = Fraction(0)  # the chance, among hits, that the dice are rolled twice
    if attack.success:
        doubled = attack.special / attack.success if impale else trained
    if doubled:
        twice = damage_distribution([(weapon, False), (weapon, False), (bonus, half)])
        rolled = mix([(doubled, twice), (1 - doubled, rolled)])
    knocked = Fraction(0)  # among blows that land
    if knockout_hp is None:
        through = rolled.map(lambda value: max(value - armour, 0))
    else:
        parts: list[tuple[Fraction, Distribution]] = []
        for value, chance in rolled.probabilities().items():
            target = resistance_target(value, knockout_hp)
            automatic = automatic_resistance(target)
            if automatic is None:
                knocks = coc_check_odds(target, ccb).success
            else:
                knocks = Fraction(automatic)
            knocked += chance * knocks
            parts.append((chance * knocks, Distribution.constant(max(value // 3 - armour, 0))))
            parts.append((chance * (1 - knocks), Distribution.constant(max(value - armour, 0))))
        through = mix(parts)
    per_attack = mix([(1 - success, _ZERO), (success, through)])
    return CocExchange(
        skill=skill,
        defense=dodge_or_parry,
        ccb=ccb,
        hit=attack.success,
        special=attack.special,
        critical=attack.critical,
        fumble=attack.fumble,
        defended=defended,
        success=success,
        weapon=weapon,
        db=bonus,
        half_db=half,
        armour=armour,
        impale=impale,
        martial_arts=martial_arts,
        martial=attack.success * trained,
        knockout_hp=knockout_hp,
        knocked=success * knocked,
        rolled=rolled,
        damage=through,
        damage_per_attack=per_attack,
    )
