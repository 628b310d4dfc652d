"""Attack plans (B369-371, B398-400): where to strike, Deceptive Attack and Rapid Strike.

A plan is chosen after the maneuver: the hit location (or a random one), the
levels of Deceptive Attack, and whether to split the attack into a Rapid Strike.
"""

from __future__ import annotations

import functools
from collections.abc import Generator
from typing import Any, Final

from senjo.engine.battle import Battle
from senjo.engine.decision import Decision
from senjo.systems.gurps import lookups
from senjo.systems.gurps.attack import AttackContext, attack_score
from senjo.systems.gurps.choices import AttackPlan, ManeuverChoice
from senjo.systems.gurps.extra_effort import allowed
from senjo.systems.gurps.injury import can_target
from senjo.systems.gurps.memo import MEMO
from senjo.systems.gurps.model import AttackMode
from senjo.systems.gurps.state import GurpsState
from senjo.systems.gurps.wild_swing import random_location_only

__all__ = ["AIMABLE", "choose_plan", "plan_options", "plans_for_skill"]

#: Hit locations a fighter may aim at, torso first (B398-400).
AIMABLE: Final = (
    "torso",
    "vitals",
    "skull",
    "eye",
    "face",
    "neck",
    "groin",
    "right_arm",
    "left_arm",
    "right_leg",
    "left_leg",
    "hand",
    "foot",
)


@functools.lru_cache(maxsize=4096)
def _plans(
    skill: int,
    damage_type: str,
    melee: bool,
    rapid: bool,
    floor: int,
    random_location: bool,
    mighty: bool = False,
    flurry: bool = False,
) -> tuple[AttackPlan, ...]:
    plans = []
    if random_location:
        plans.append(AttackPlan("random"))
    for location in AIMABLE:
        if not can_target(location, damage_type):
            continue
        aimed = skill + (lookups.location_penalty(location) if location != "torso" else 0)
        if aimed < 3:  # B344: no attempt below an effective 3
            continue
        # B369: each -2 to hit is -1 to the foe's defenses (down to `floor`, an option).
        most = max(0, (aimed - floor) // 2) if melee else 0
        for deceptive in range(min(most, 4) + 1):
            plans.append(AttackPlan(location, deceptive))
            if mighty:
                plans.append(AttackPlan(location, deceptive, mighty=True))
            if rapid and aimed - 2 * deceptive - 6 >= 3:
                plans.append(AttackPlan(location, deceptive, rapid_strike=True))
                if mighty:
                    plans.append(AttackPlan(location, deceptive, True, mighty=True))
            # B357 Flurry of Blows: -3 a blow instead of -6.
            if rapid and flurry and aimed - 2 * deceptive - 3 >= 3:
                plans.append(AttackPlan(location, deceptive, True, flurry=True))
                if mighty:
                    plans.append(AttackPlan(location, deceptive, True, True, True))
    return tuple(plans)  # empty when even the torso is below an effective 3


def plan_options(state: GurpsState, key: str, choice: ManeuverChoice) -> tuple[AttackPlan, ...]:
    """The attack plans (location, Deceptive Attack, Rapid Strike) legal for an attack choice."""
    mode = state.fighters[key].weapon(choice.weapon).mode(choice.mode)
    # B417: a Dual-Weapon Attack's -4 is in the skill its plans are judged by (B369's
    # floor for a Deceptive Attack, B344's skill of 3).
    context = AttackContext(choice.maneuver, choice.variant, dual=choice.variant == "dual")
    score = attack_score(state, key, choice.target, choice.weapon, mode, AttackPlan(), context)
    return plans_for_skill(state, key, choice, mode, score.value)


def plans_for_skill(
    state: GurpsState, key: str, choice: ManeuverChoice, mode: AttackMode, skill: int
) -> tuple[AttackPlan, ...]:
    """`plan_options` for a choice whose weapon `mode` and plain effective skill (the
    `attack_score` value with no plan, under the choice's maneuver) are already known."""
    rapid = (
        mode.is_melee
        and choice.variant != "dual"
        and (
            choice.maneuver == "attack"
            or (choice.maneuver == "all_out_attack" and choice.variant in ("determined", "strong"))
        )
    )
    if random_location_only(state, key, choice.target, choice.weapon, mode):
        # seed 001 大振り, 視界外射撃: no aiming, a random location.
        return (AttackPlan("random"),) if skill >= 3 else ()
    rules = state.rules
    floor = 10 if rules.get("deceptive_floor", "on") == "on" else 3
    random_location = rules.get("random_hit_locations", "off") == "on"
    # B357 extra effort (1 FP a blow), melee only: Mighty Blows with an Attack maneuver,
    # Flurry of Blows with a Rapid Strike; seed 000: neither with Move and Attack.
    effort = mode.is_melee and allowed(state, key)
    mighty = effort and choice.maneuver == "attack"
    # str() of the StrEnum is its value, without the enum's Python-level `value` lookup.
    kind = str(mode.damage.damage_type)
    if not effort:
        return _plans(skill, kind, mode.is_melee, rapid, floor, random_location)
    return _plans(skill, kind, mode.is_melee, rapid, floor, random_location, mighty, rapid)


def choose_plan(
    battle: Battle[GurpsState], key: str, choice: ManeuverChoice
) -> Generator[Decision, Any, AttackPlan | None]:
    """The attack plan; None when no plan reaches an effective skill of 3 (B344)."""
    state = battle.state
    plans = MEMO.issue(state, key, choice, lambda: plan_options(state, key, choice))
    if not plans:
        return None
    if len(plans) == 1:
        return plans[0]
    plan: AttackPlan = yield Decision(key, "attack_plan", plans, choice)
    return plan
