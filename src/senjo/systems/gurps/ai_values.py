"""What a blow is worth to the GURPS AI (`ai.GurpsAI`): the chance of a success roll, the
wound a hit is expected to do where it lands (over every roll of its damage dice), the
attack plan with the best expected injury, and the best defense a foe has against an
attack.

The AI scores an attack plan as P(hit) x P(not defended) x the expected wound: twice for
a Rapid Strike's two blows, and for a Dual-Weapon Attack (B417) the off hand's blow, with
the same plan, added to the main hand's.
"""

from __future__ import annotations

import functools
from typing import Final

from senjo.systems.gurps import lookups, tables
from senjo.systems.gurps.anatomy import injury_tolerance, wounded_location
from senjo.systems.gurps.choices import AttackPlan
from senjo.systems.gurps.damage import basic_damage_distribution
from senjo.systems.gurps.defense import IncomingAttack, defense_options, defense_value
from senjo.systems.gurps.injury import injury
from senjo.systems.gurps.model import AttackMode, Fighter
from senjo.systems.gurps.state import GurpsState
from senjo.systems.gurps.wounds import Hit

__all__ = [
    "Blow",
    "Damage",
    "best_defense",
    "best_plan",
    "damage_dice",
    "expected_wound",
    "strikes_the_arm",
    "success_chance",
]

#: A blow's basic damage dice: (number of d6, adds), as `DamageDice` rolls them.
Damage = tuple[int, int]

#: A second blow struck with the same plan (a Dual-Weapon Attack's off-hand weapon): its
#: plain effective skill, that skill's cap (None for none), its damage dice and its damage
#: type.
Blow = tuple[int, int | None, Damage, str]


@functools.lru_cache(maxsize=8192)
def expected_wound(
    damage: Damage, damage_type: str, dr: int, location: str, hp: int, tolerance: str | None
) -> float:
    """The injury a hit is expected to do, over every roll of its damage dice, plus 2 times
    the chance of any injury where knockdown and stun rolls follow (no injury, no roll).

    Valued over the rolls, not at the average roll: a blow whose average does not get
    through the DR still wounds on its better rolls (docs/rules/gurps.md, "The AI values a
    blow over its damage rolls"). `location` is where the blow wounds
    (`anatomy.wounded_location`); Homogenous and Diffuse bodies have no knockdown
    modifiers by location (B380)."""
    rolls = basic_damage_distribution(damage[0], damage[1], damage_type)
    whole = rolls.total_weight
    wound = 0.0
    hurt = 0.0
    for basic, weight in rolls.weights().items():
        done = injury(basic, damage_type, dr, location, hp=hp, injury_tolerance=tolerance).injury
        if done > 0:
            wound += weight / whole * done
            hurt += weight / whole
    if location in ("skull", "eye", "face", "vitals") and tolerance not in _LOCATION_BLIND:
        wound += 2.0 * hurt
    return wound


#: Injury Tolerances for which a hit location changes no knockdown roll (B380): those the
#: wounding table marks as ignoring location effects.
_LOCATION_BLIND: Final = frozenset(
    str(trait.key) for trait in tables.WOUNDING.injury_tolerance if trait.ignores_location
)


# P(3d6 <= n) for n = 3..18, and the GURPS success chance by effective skill.
_COUNTS: Final = [0] * 19
for _a in range(1, 7):
    for _b in range(1, 7):
        for _c in range(1, 7):
            _COUNTS[_a + _b + _c] += 1


def _success(skill: int) -> float:
    wins = 0
    for roll in range(3, 19):
        critical = roll <= 4 or (roll == 5 and skill >= 15) or (roll == 6 and skill >= 16)
        fumble = roll == 18 or (roll == 17 and skill <= 15) or roll >= skill + 10
        if critical or (not fumble and roll <= min(skill, 16)):
            wins += _COUNTS[roll]
    return wins / 216


#: By effective skill - 20, for skills -20 to 40 (a tuple: indexing it is cheaper than a
#: dictionary lookup, and the AI asks some 260 times a duel).
_CHANCE: Final = tuple(_success(skill) for skill in range(-20, 41))


def success_chance(skill: int) -> float:
    """The chance that a GURPS success roll against `skill` succeeds (criticals included).

    >>> round(success_chance(10), 3), success_chance(3) == 4 / 216
    (0.5, True)
    """
    return _CHANCE[max(-20, min(40, skill)) + 20]


#: Per (victim's sheet, damage dice, damage type): the expected wound at each location
#: worked out so far. A pure function of the sheet (kept alive in its entry and checked,
#: so an id is never mistaken), asked for the same few victims and blows all battle long.
_WOUNDS: Final[dict[tuple[int, Damage, str], tuple[Fighter, dict[str, float]]]] = {}
_WOUNDS_SIZE: Final = 4096


def _wound_table(victim: Fighter, damage: Damage, damage_type: str) -> dict[str, float]:
    """The expected wounds by location of this blow against this victim (`_WOUNDS`)."""
    key = (id(victim), damage, damage_type)
    entry = _WOUNDS.get(key)
    if entry is not None and entry[0] is victim:
        return entry[1]
    if len(_WOUNDS) >= _WOUNDS_SIZE:
        _WOUNDS.clear()
    table: dict[str, float] = {}
    _WOUNDS[key] = (victim, table)
    return table


def _wound_at(
    wounds: dict[str, float], location: str, damage: Damage, damage_type: str, victim: Fighter
) -> float:
    """`expected_wound` at a location, kept in `wounds` (`_wound_table`) for the other
    plans aiming there."""
    wound = wounds.get(location)
    if wound is None:
        wound = wounds[location] = expected_wound(
            damage,
            damage_type,
            victim.dr_at(location),
            wounded_location(victim, location),
            victim.hp,
            injury_tolerance(victim),
        )
    return wound


def _aimed(skill: int, cap: int | None, deceptive: int, location: str) -> int:
    """A blow's skill under a plan: -2 per level of Deceptive Attack, the location's
    penalty (none for the torso), then the cap."""
    skill -= 2 * deceptive
    if location != "torso":
        skill += lookups.location_penalty(location)
    return skill if cap is None else min(skill, cap)


def damage_dice(fighter: Fighter, mode: AttackMode) -> Damage:
    """The mode's basic damage dice for this fighter: (number of d6, adds)."""
    dice = mode.damage.dice(fighter.thrust, fighter.swing)
    return dice.dice, dice.adds


def _best_plan(
    plans: tuple[AttackPlan, ...],
    base: int,
    cap: int | None,
    defense: int | None,
    damage: Damage,
    damage_type: str,
    victim: Fighter,
    rapid_penalty: int,
    second: Blow | None,
) -> tuple[float, AttackPlan]:
    """The plan with the best expected injury: P(hit) x P(not defended) x injury, summed
    over the plan's blows."""
    wounds = _wound_table(victim, damage, damage_type)
    others = wounds if second is None else _wound_table(victim, second[2], second[3])
    best = (-1.0, plans[0])
    for plan in plans:
        location = "torso" if plan.location == "random" else plan.location
        wound = _wound_at(wounds, location, damage, damage_type, victim)
        skill = _aimed(base, cap, plan.deceptive, location)
        attacks = 1
        if plan.rapid_strike:
            skill -= rapid_penalty
            attacks = 2
        through = 1.0
        if defense is not None:
            through = 1.0 - success_chance(defense - plan.deceptive)
        value = attacks * success_chance(skill) * through * wound
        if second is not None:
            # The off hand's blow: the same location and deception, its own skill and harm.
            other, other_cap, other_damage, other_type = second
            hurt = _wound_at(others, location, other_damage, other_type, victim)
            aimed = _aimed(other, other_cap, plan.deceptive, location)
            value += success_chance(aimed) * through * hurt
        if value > best[0]:
            best = (value, plan)
    return best


#: `_best_plan` results by the identity of the plan tuple and of the victim, and the
#: other arguments. Plan tuples come from `plans._plans`'s cache (the same tuple object
#: for the same set), so keying on `id` spares hashing some fifty plans per lookup; a
#: victim is one of the scenario's fighters, and its `id` spares comparing a fighter of
#: an earlier scenario (a sweep's last grid point, say) field by field. Each entry keeps
#: both alive and is checked against them, so an `id` is never mistaken.
_PLAN_CACHE: dict[
    tuple[int, int, int | None, int | None, Damage, str, int, int, Blow | None],
    tuple[tuple[AttackPlan, ...], Fighter, tuple[float, AttackPlan]],
] = {}
_PLAN_CACHE_SIZE: Final = 16384


def best_plan(
    plans: tuple[AttackPlan, ...],
    base: int,
    cap: int | None,
    defense: int | None,
    damage: Damage,
    damage_type: str,
    victim: Fighter,
    rapid_penalty: int,
    second: Blow | None = None,
) -> tuple[float, AttackPlan]:
    """The best (value, plan) of `plans` for a blow of plain effective skill `base` (at
    most `cap`) and `damage` dice of basic damage of `damage_type` against `victim`, whose best
    defense is `defense` (None: none); a Rapid Strike's blows are each at -`rapid_penalty`;
    `second` is a blow struck with the same plan beside it (a Dual-Weapon Attack's).
    Memoised (see `_PLAN_CACHE`)."""
    key = (id(plans), base, cap, defense, damage, damage_type, id(victim), rapid_penalty, second)
    entry = _PLAN_CACHE.get(key)
    if entry is not None and entry[0] is plans and entry[1] is victim:
        return entry[2]
    best = _best_plan(plans, base, cap, defense, damage, damage_type, victim, rapid_penalty, second)
    if len(_PLAN_CACHE) >= _PLAN_CACHE_SIZE:
        _PLAN_CACHE.clear()
    _PLAN_CACHE[key] = (plans, victim, best)
    return best


def best_defense(state: GurpsState, defender: str, incoming: IncomingAttack) -> int | None:
    """The defender's best defense score against the attack (None if it has none).

    Retreating never lowers a defense, so only the retreating variants are scored
    when retreat is possible.
    """
    options = [o for o in defense_options(state, defender, incoming) if o.kind != "none"]
    if any(o.retreat for o in options):
        options = [o for o in options if o.retreat or o.drop]
    if not options:
        return None
    return max(defense_value(state, defender, o, incoming) for o in options)


def strikes_the_arm(state: GurpsState, hit: Hit, arm: str) -> bool:
    """Whether the AI, its weapon's blow met by a failed bare-handed parry (B376), strikes
    the parrying `arm` rather than where it aimed (`hit.location`): when the blow is
    expected to wound the arm at least as much (an arm's injury stops at crippling)."""
    victim = state.fighters[hit.target]
    damage = damage_dice(state.fighters[hit.attacker], hit.mode)
    damage_type = str(hit.mode.damage.damage_type)
    wounds = _wound_table(victim, damage, damage_type)
    there = _wound_at(wounds, arm, damage, damage_type, victim)
    return there >= _wound_at(wounds, hit.location, damage, damage_type, victim)
