"""Exact odds of one exchange: GURPS and CoC chances and damage, by hand and by enumeration."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from senjo.dice.distribution import Distribution, mix
from senjo.dice.roller import ScriptedDice
from senjo.dice.systems.coc import percentile_check
from senjo.dice.systems.gurps import success_roll
from senjo.sim.odds import gurps_attack_odds, gurps_exchange
from senjo.sim.odds_coc import CocCheckOdds, coc_check_odds, coc_exchange, parse_coc_damage
from senjo.systems.gurps.criticals import roll_critical_hit
from senjo.systems.gurps.damage import WeaponDamage
from senjo.systems.gurps.model import AttackMode
from senjo.systems.gurps.wounds import Hit, deal_damage
from tests.systems.gurps.helpers import battle, fighter

#: How many of the 216 ways to roll 3d6 give each total.
WAYS = Counter(sum(dice) for dice in product(range(1, 7), repeat=3))

SIXTH = Fraction(1, 6)


def _dist(chances: dict[int, Fraction]) -> Distribution:
    """A distribution from exact chances (summing to 1)."""
    return mix([(chance, Distribution.constant(value)) for value, chance in chances.items()])


# --- GURPS, by hand -------------------------------------------------------------------------

# 1d cr to the torso, DR 0, on the critical hit table (B556): of 216 × 6 equally likely
# (table roll, die) pairs, 3/18 triple (2 rolls), 5/16 double (12), 6/15 all sixes (20) and
# the other 182 (4/17 halves DR 0: nothing) do the die's own 1-6.
CRITICAL_1D_CR = {
    1: 182,
    2: 182 + 12,  # double 1
    3: 182 + 2,  # triple 1
    4: 182 + 12,  # double 2
    5: 182,
    6: 182 + 12 + 2 + 120,  # double 3, triple 2, all sixes (20 rolls × 6 faces)
    8: 12,
    9: 2,
    10: 12,
    12: 12 + 2,  # double 6, triple 4
    15: 2,
    18: 2,
}


def test_hand_worked_injury_per_attack() -> None:
    """B347-348, B381, B556: skill 10 vs defense 10, 1d cr to the torso, DR 0, per attack."""
    # Critical hit 4/216 = 1/54 (table folded in); an undefended normal hit 104/216 × 1/2
    # = 13/54 (1d, each 1/6); the rest, 20/27, does nothing.
    exchange = gurps_exchange(10, 10, "1d", "cr")
    assert sum(CRITICAL_1D_CR.values()) == 1296
    expected = {0: Fraction(20, 27)}
    for k, count in CRITICAL_1D_CR.items():
        expected[k] = Fraction(1, 54) * Fraction(count, 1296)
        expected[k] += Fraction(13, 54) * SIXTH if k <= 6 else 0
    assert exchange.injury_per_attack.probabilities() == expected
    assert exchange.critical_injury == _dist(
        {k: Fraction(c, 1296) for k, c in CRITICAL_1D_CR.items()}
    )
    assert exchange.injury_per_attack.mean == exchange.success * exchange.injury.mean


def test_neck_cut_doubles() -> None:
    """B398: a cutting hit to the neck does ×2 injury: 1d cut, DR 0 → 2, 4, … 12."""
    exchange = gurps_exchange(12, damage="1d", damage_type="cut", location="neck")
    assert exchange.normal_injury.probabilities() == {2 * k: SIXTH for k in range(1, 7)}


def test_dr_removes_low_rolls() -> None:
    """B378-379: 2d cut vs DR 3: basic 2-3 does nothing, the rest × 1.5 rounded down, min 1."""
    exchange = gurps_exchange(12, damage="2d", damage_type="cut", dr=3)
    # basic (ways of 36): 4 (3) → 1 (1.5, min 1 anyway), 5 (4) → 3, 6 (5) → 4, 7 (6) → 6,
    # 8 (5) → 7, 9 (4) → 9, 10 (3) → 10, 11 (2) → 12, 12 (1) → 13
    counts = {0: 1 + 2, 1: 3, 3: 4, 4: 5, 6: 6, 7: 5, 9: 4, 10: 3, 12: 2, 13: 1}
    assert exchange.normal_injury.probabilities() == {k: Fraction(c, 36) for k, c in counts.items()}


def test_penetration_does_at_least_one() -> None:
    """B379: small piercing halves injury, but a hit that penetrates does at least 1."""
    exchange = gurps_exchange(12, damage="1d", damage_type="pi-")
    assert exchange.normal_injury.probabilities() == {1: 3 * SIXTH, 2: 2 * SIXTH, 3: SIXTH}


def test_armor_divisor_divides_dr() -> None:
    """B378: armor divisor (2) halves DR 4 to 2; impaling doubles what gets through."""
    exchange = gurps_exchange(12, damage="1d", damage_type="imp", dr=4, armor_divisor=2)
    expected = {0: 2 * SIXTH, 2: SIXTH, 4: SIXTH, 6: SIXTH, 8: SIXTH}
    assert exchange.normal_injury.probabilities() == expected


def test_limb_cap_with_hp() -> None:
    """B420-421: with HP 10 a limb takes at most 6 injury from one hit (3d cut: 3 → 4)."""
    exchange = gurps_exchange(12, damage="3d", damage_type="cut", location="right_arm", hp=10)
    assert exchange.normal_injury.probabilities() == {4: Fraction(1, 216), 6: Fraction(215, 216)}


def test_cutting_minimum_basic_damage() -> None:
    """B378: cutting does at least 1 basic damage, crushing may do 0 (1d-2)."""
    assert gurps_exchange(12, damage="1d-2", damage_type="cut").basic.probability(1) == Fraction(
        1, 2
    )
    assert gurps_exchange(12, damage="1d-2", damage_type="cr").basic.probability(0) == Fraction(
        1, 3
    )


def test_without_the_critical_table() -> None:
    """B381: with the table off a critical hit only escapes defense, doing normal damage."""
    exchange = gurps_exchange(14, 10, "2d", "cut", critical_table=False)
    assert exchange.critical_injury == exchange.normal_injury == exchange.injury


def test_no_attack_below_skill_three() -> None:
    """B344: at effective skill 2 the attack is never made: no injury per attack."""
    exchange = gurps_exchange(2, None, "2d", "cut")
    assert exchange.success == 0
    assert exchange.injury_per_attack == Distribution.constant(0)
    assert exchange.injury == exchange.normal_injury


def test_attack_odds_match_the_exchange() -> None:
    """The exchange's hit, critical, defended and success are `gurps_attack_odds`'."""
    exchange = gurps_exchange(15, 11, "1d+1", "imp")
    odds = gurps_attack_odds(15, 11)
    assert (exchange.hit, exchange.critical_hit, exchange.defended, exchange.success) == (
        odds.hit,
        odds.critical_hit,
        odds.defended,
        odds.success,
    )


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"damage_type": "cr", "location": "vitals"}, "cannot aim at the vitals"),
        ({"location": "tail"}, "no hit location 'tail'"),
        ({"damage_type": "slash"}, "'slash' is not a valid DamageType"),
        ({"damage": "2x"}, "is not damage dice"),
        ({"damage": "101d"}, "at most 100 damage dice"),
        ({"dr": -1}, "DR cannot be negative"),
        ({"hp": 0}, "HP must be 1 or more"),
    ],
)
def test_gurps_rejects(kwargs: dict[str, object], message: str) -> None:
    """A location the damage type cannot aim at, or a bad value, is a clear ValueError."""
    with pytest.raises(ValueError, match=message):
        gurps_exchange(12, **kwargs)  # type: ignore[arg-type]


SETUPS = [
    {"skill": 10, "defense": 10, "damage": "1d", "damage_type": "cr"},
    {"skill": 16, "defense": 12, "damage": "3d+2", "damage_type": "cut", "dr": 2},
    {"skill": 14, "damage": "2d", "damage_type": "cr", "dr": 3, "location": "skull"},
    {"skill": 13, "defense": 9, "damage": "1d+1", "damage_type": "imp", "location": "eye"},
    {"skill": 12, "damage": "2d-1", "damage_type": "pi+", "dr": 4, "armor_divisor": 0.5},
    {"skill": 12, "damage": "4d", "damage_type": "cut", "location": "left_leg", "hp": 11},
    {"skill": 12, "damage": "3d", "damage_type": "cr", "injury_tolerance": "homogenous"},
]


@pytest.mark.parametrize("setup", SETUPS)
def test_distributions_are_whole(setup: dict[str, object]) -> None:
    """Every distribution sums to 1, and injury per attack = success × injury when it lands."""
    exchange = gurps_exchange(**setup)  # type: ignore[arg-type]
    for dist in (
        exchange.basic,
        exchange.normal_injury,
        exchange.critical_injury,
        exchange.injury,
        exchange.injury_per_attack,
    ):
        assert sum(dist.probabilities().values()) == 1
    assert exchange.injury_per_attack.probability(0) >= 1 - exchange.success
    assert exchange.injury_per_attack.mean == exchange.success * exchange.injury.mean


# --- GURPS, against the engine ----------------------------------------------------------------


def _three(total: int) -> list[int]:
    """Three d6 faces with this total."""
    first = min(6, total - 2)
    second = min(6, total - first - 1)
    return [first, second, total - first - second]


def _engine_injury(
    damage: str, location: str, dr: int, table_roll: int | None, faces: tuple[int, ...]
) -> int:
    """The injury the engine deals for a hit (critical with this table roll, or not)."""
    game = battle(fighter("a", "x", 0), fighter("b", "y", 1, dr={"all": dr}), dice=[3] * 10)
    # Starting the battle may draw dice; the hit's own come from here on.
    script = ([] if table_roll is None else _three(table_roll)) + [*faces, *[3] * 30]
    game.dice = ScriptedDice(script)
    mode = AttackMode("strike", "Brawling", WeaponDamage.parse(damage))
    critical = None if table_roll is None else roll_critical_hit(game, "a", location)
    return deal_damage(game, Hit("a", "b", "fist", mode, location), critical).injury


ENGINE_CASES = [
    ("1d cr", "skull", 1),  # head blows: DR ignored, halved up, no eye for cr (result 4)
    ("1d+1 imp", "face", 2),  # head blows 6-7 land in the eye
    ("2d-1 cut", "torso", 3),  # the critical hit table
]


@pytest.mark.parametrize(("damage", "location", "dr"), ENGINE_CASES)
def test_injury_matches_the_engine(damage: str, location: str, dr: int) -> None:
    """Normal and critical injury equal the engine's `deal_damage` over every table roll and die."""
    weapon = WeaponDamage.parse(damage)
    dice = weapon.offset
    exchange = gurps_exchange(12, None, str(dice), weapon.damage_type, dr, location)
    all_faces = list(product(range(1, 7), repeat=dice.dice))
    normal = Counter(_engine_injury(damage, location, dr, None, f) for f in all_faces)
    assert exchange.normal_injury == Distribution(dict(normal))
    critical: Counter[int] = Counter()
    for roll, ways in WAYS.items():
        for faces in all_faces:
            critical[_engine_injury(damage, location, dr, roll, faces)] += ways
    assert exchange.critical_injury == Distribution(dict(critical))


def test_per_attack_matches_brute_force() -> None:
    """Injury per attack equals enumerating attack, defense, critical-table and damage dice."""
    # Skill 12 against defense 10, 1d cut to the skull with DR 1: each 3d6 total counted
    # with its ways, each damage die one by one, the injury from the engine's `deal_damage`.
    damage, location, dr = "1d cut", "skull", 1
    normal = {f: _engine_injury(damage, location, dr, None, (f,)) for f in range(1, 7)}
    critical = {
        (roll, f): _engine_injury(damage, location, dr, roll, (f,))
        for roll in WAYS
        for f in range(1, 7)
    }
    counts: Counter[int] = Counter()
    for attack, attack_ways in WAYS.items():
        swing = success_roll(attack, 12)
        if not swing.success:
            counts[0] += attack_ways * 216 * 216 * 6
        elif swing.critical:  # no defense; the table is rolled
            for (roll, _), injury in critical.items():
                counts[injury] += attack_ways * WAYS[roll] * 216
        else:
            for block, block_ways in WAYS.items():
                if success_roll(block, 10).success:
                    counts[0] += attack_ways * block_ways * 216 * 6
                else:
                    for injury in normal.values():
                        counts[injury] += attack_ways * block_ways * 216
    exchange = gurps_exchange(12, 10, "1d", "cut", dr, location)
    assert exchange.injury_per_attack == Distribution(dict(counts))


# --- Call of Cthulhu ------------------------------------------------------------------------


def test_coc_hand_worked() -> None:
    """coc6-facts: 50% vs a 30% dodge, 1D6 against armour 1 (CCB rule)."""
    exchange = coc_exchange(50, 30, "1D6", armour=1)
    # hit ≤50; special ≤10; critical 01-05; fumble 96-100; landed 1/2 × 7/10.
    assert (exchange.hit, exchange.special, exchange.critical, exchange.fumble) == (
        Fraction(1, 2),
        Fraction(1, 10),
        Fraction(1, 20),
        Fraction(1, 20),
    )
    assert (exchange.defended, exchange.success) == (Fraction(3, 10), Fraction(7, 20))
    assert exchange.damage.probabilities() == {k: SIXTH for k in range(6)}
    assert exchange.damage_per_attack.probabilities() == {
        0: Fraction(13, 20) + Fraction(7, 20) * SIXTH,
        **{k: Fraction(7, 120) for k in range(1, 6)},
    }


def test_coc_one_percent_rule() -> None:
    """BCDice CC: critical only on 01, fumble only on 100; the 5% rule widens both."""
    assert coc_check_odds(50, ccb=False) == CocCheckOdds(
        Fraction(1, 2), Fraction(1, 10), Fraction(1, 100), Fraction(1, 100)
    )
    assert coc_exchange(50, ccb=False).critical == Fraction(1, 100)


def test_impale_doubles_weapon_dice_not_db() -> None:
    """coc6-facts: an impale (special: 1/5 of hits at skill 50) rolls the weapon twice, db once."""
    exchange = coc_exchange(50, None, "1D2", "+1D2", impale=True)
    # normal 2D2: 2, 3, 4 as 1:2:1; impale 3D2: 3, 4, 5, 6 as 1:3:3:1; mixed 4/5 : 1/5.
    assert exchange.rolled.probabilities() == {
        2: Fraction(1, 5),
        3: Fraction(17, 40),
        4: Fraction(11, 40),
        5: Fraction(3, 40),
        6: Fraction(1, 40),
    }


def test_negative_db_never_heals() -> None:
    """A −1D4 db can take the total below 0; the damage is then 0."""
    exchange = coc_exchange(50, None, "1D4", "-1D4")
    expected = {0: Fraction(10, 16), 1: Fraction(3, 16), 2: Fraction(2, 16), 3: Fraction(1, 16)}
    assert exchange.rolled.probabilities() == expected


def test_half_db_rounds_toward_zero() -> None:
    """coc6-facts: thrown weapons add half the db (BCDice `/2`, toward zero): 1D4 → 0, 1, 1, 2."""
    exchange = coc_exchange(50, None, "1D1+db/2", "+1D4")
    assert exchange.rolled.probabilities() == {
        1: Fraction(1, 4),
        2: Fraction(1, 2),
        3: Fraction(1, 4),
    }


@pytest.mark.parametrize(
    ("text", "dice", "half"),
    [
        ("1D3+db", "1D3", False),
        ("db+1D6", "1D6", False),
        ("1D6+1D4", "1D6+1D4", False),
        ("2D6 + DB/2", "2D6", True),
        ("1D8", "1D8", False),
        ("db", "0", False),
    ],
)
def test_parse_coc_damage(text: str, dice: str, half: bool) -> None:
    """CoC damage reads BCDice dice with an optional +db or +db/2 term."""
    weapon, halved = parse_coc_damage(text)
    assert (weapon.text, halved) == (dice, half)


@pytest.mark.parametrize(
    ("text", "message"),
    [("1D6-db", "never subtracted"), ("db+db", "more than once"), ("1D6+x", "is not dice")],
)
def test_parse_coc_damage_rejects(text: str, message: str) -> None:
    """A subtracted or repeated db, or an unknown term, is a ValueError."""
    with pytest.raises(ValueError, match=message):
        parse_coc_damage(text)


def test_coc_matches_brute_force() -> None:
    """Damage per attack equals enumerating the attack, defense, weapon and db dice (impale on)."""
    skill, defense, armour = 60, 40, 1
    failed_defenses = sum(not percentile_check(r, defense, True).success for r in range(1, 101))
    counts: Counter[int] = Counter()
    for attack in range(1, 101):
        check = percentile_check(attack, skill, True)
        if not check.success:
            counts[0] += 100 * 3 * 3 * 4
            continue
        counts[0] += (100 - failed_defenses) * 3 * 3 * 4
        # The second weapon die is rolled on a special only; otherwise its three faces
        # are counted alike, so every branch weighs 3 × 3 × 4 dice outcomes.
        for first, second, bonus in product(range(1, 4), range(1, 4), range(1, 5)):
            rolled = first + (second if check.special else 0) + bonus
            counts[max(rolled - armour, 0)] += failed_defenses
    exchange = coc_exchange(skill, defense, "1D3", "+1D4", armour, impale=True)
    assert exchange.damage_per_attack == Distribution(dict(counts))


def test_coc_martial_arts_doubles_the_dice_on_its_own_roll() -> None:
    """Seed 004 / CoC 6e 武道: after an unarmed hit, a Martial Arts roll; on its success the
    weapon's dice are rolled twice (the db once). Fist 1D3, no db, Martial Arts 50: half the
    blows that land roll 1D3, half 2D3 (1/9, 2/9, 3/9, 2/9, 1/9 over 2-6)."""
    exchange = coc_exchange(50, None, "1D3", martial_arts=50)
    assert exchange.hit == Fraction(1, 2)
    assert exchange.martial == Fraction(1, 4)  # a hit, and then the Martial Arts roll
    expected = {1: (1, 6), 2: (2, 9), 3: (5, 18), 4: (1, 6), 5: (1, 9), 6: (1, 18)}
    for value, (num, den) in expected.items():
        assert exchange.rolled.probability(value) == Fraction(num, den), value
    plain = coc_exchange(50, None, "1D3")
    assert plain.martial == 0 and plain.rolled.support == (1, 2, 3)


def test_coc_martial_arts_never_goes_with_an_impale() -> None:
    """Martial Arts is for bare hands, which never impale."""
    with pytest.raises(ValueError, match="Martial Arts"):
        coc_exchange(50, None, "1D6", impale=True, martial_arts=40)


def test_coc_knockout_attack_against_hp() -> None:
    """Seed 004 / CoC 6e knock-out attack (気絶攻撃): the damage rolled against the target's HP
    on the resistance table (50% + 5% a point ahead, automatic over 95, none under 5); on a
    success the target takes a third of it (rounded down) and is knocked out. 1D6 against
    HP 12, armour 0: a roll of d succeeds on 50 + 5(d - 12) = 5d - 10 (1-2: under 5, none)."""
    exchange = coc_exchange(95, None, "1D6", knockout_hp=12)
    chances = {d: Fraction(max(5 * d - 10, 0), 100) if d > 2 else Fraction(0) for d in range(1, 7)}
    landed = sum(chances.values(), Fraction(0)) / 6
    assert exchange.knocked == landed * exchange.success
    worked: dict[int, Fraction] = {}  # a third on a success, all of it otherwise
    for d in range(1, 7):
        worked[d // 3] = worked.get(d // 3, Fraction(0)) + Fraction(1, 6) * chances[d]
        worked[d] = worked.get(d, Fraction(0)) + Fraction(1, 6) * (1 - chances[d])
    for value, chance in worked.items():
        assert exchange.damage.probability(value) == chance, value
    assert coc_exchange(95, None, "1D6").knocked == 0
