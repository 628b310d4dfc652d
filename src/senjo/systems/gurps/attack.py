"""Attacks (B369-375): effective skill, the attack roll, the defense, and the hit.

`resolve_attack` is a generator: it yields the defender's decision and
resumes with the chosen defense, so an attack can be suspended at that step
like any other.
"""

from __future__ import annotations

from dataclasses import dataclass

from senjo.dice.systems.gurps import success_roll
from senjo.engine.battle import Battle, Steps
from senjo.engine.decision import Decision
from senjo.engine.modifiers import Modifiers, Score
from senjo.systems.gurps import tables
from senjo.systems.gurps.choices import AttackPlan, DefenseChoice
from senjo.systems.gurps.criticals import (
    attack_critical_miss,
    defense_critical_failure,
    roll_critical_hit,
)
from senjo.systems.gurps.defense import (
    CLOSE,
    NO_DEFENSE,
    IncomingAttack,
    defense_options,
    defense_score,
)
from senjo.systems.gurps.events import AttackRolled, DefenseRolled, ItemChanged
from senjo.systems.gurps.model import AttackMode
from senjo.systems.gurps.rolls import roll_3d6
from senjo.systems.gurps.state import GurpsState
from senjo.systems.gurps.wounds import Hit, deal_damage

__all__ = ["AttackContext", "attack_score", "resolve_attack"]


@dataclass(frozen=True, slots=True)
class AttackContext:
    """The maneuver an attack is made under, and what it adds.

    `maneuver` is attack, all_out_attack, move_and_attack or wait; `variant`
    the All-Out Attack option; `rapid_index` 1 or 2 for the halves of a Rapid
    Strike; `moved` the yards the attacker moved this turn (stop thrust).
    """

    maneuver: str = "attack"
    variant: str = ""
    rapid: bool = False
    feint: int = 0
    stop_thrust_yards: float = 0.0


def attack_score(
    state: GurpsState,
    attacker: str,
    target: str,
    weapon: str,
    mode: AttackMode,
    plan: AttackPlan,
    context: AttackContext,
) -> Score:
    """Effective skill for one attack, every modifier named (B369-373, seed 000)."""
    fighter = state.fighters[attacker]
    status = state.status[attacker]
    victim = state.fighters[target]
    items: list[tuple[str, int]] = []
    if status.shock:
        items.append(("shock", status.shock))
    if plan.location not in ("torso", "random"):
        shield_arm = (
            victim.shield is not None
            and victim.shield.key in state.status[target].ready
            and plan.location == "left_arm"
        )
        items.append(
            (
                f"location_{plan.location}",
                tables.location_penalty(plan.location, shield_arm=shield_arm),
            )
        )
    if victim.size_modifier:
        items.append(("size_modifier", victim.size_modifier))
    cap: int | None = None
    if mode.is_melee:
        posture = tables.posture(status.posture).melee_attack
        if posture:
            items.append((f"posture_{status.posture}", posture))
        if plan.deceptive:
            items.append(("deceptive_attack", -2 * plan.deceptive))
        if context.rapid:
            trained = fighter.has("weapon_master") or fighter.has("trained_by_a_master")
            items.append(("rapid_strike", -3 if trained else -6))
        if status.evaluate_target == target and status.evaluate_bonus:
            items.append(("evaluate", status.evaluate_bonus))
        if context.maneuver == "all_out_attack" and context.variant == "determined":
            items.append(("all_out_attack_determined", 4))
        if context.maneuver == "move_and_attack":
            # seed 000: melee Move and Attack is -4 and effective skill at most 9.
            items.append(("move_and_attack", -4))
            cap = 9
    else:
        assert mode.ranged is not None
        distance = state.distance(attacker, target)
        if distance < CLOSE:
            # seed 001: in close combat a ranged weapon takes its Bulk instead of range.
            items.append(("bulk_in_close_combat", mode.ranged.bulk))
        else:
            modifier = tables.range_modifier(max(distance, 1.0))
            if modifier:
                items.append(("range", modifier))
        aimed = status.aim_target == target and status.aim_weapon == weapon
        if status.aim_turns and aimed and context.maneuver != "move_and_attack":
            # B364: Acc after one turn of Aim, +1 after two, +2 after three or more.
            items.append(("aim", mode.ranged.acc + min(2, status.aim_turns - 1)))
        target_posture = tables.posture(state.status[target].posture).ranged_to_be_hit
        if target_posture:
            items.append((f"target_{state.status[target].posture}", target_posture))
        if context.maneuver == "all_out_attack" and context.variant == "determined":
            items.append(("all_out_attack_determined", 1))
        if context.maneuver == "move_and_attack":
            # seed 000: ranged Move and Attack takes -2 or the weapon's Bulk, the worse.
            items.append(("move_and_attack", min(-2, mode.ranged.bulk)))
    return Score(fighter.skill(mode.skill), Modifiers(tuple(items)), cap)


def _roll_defense(
    battle: Battle[GurpsState], defender: str, choice: DefenseChoice, incoming: IncomingAttack
) -> bool:
    """Roll the chosen defense, book its costs, log it; True if the attack is stopped."""
    state = battle.state
    status = state.status[defender]
    score = defense_score(state, defender, choice, incoming)
    roll = roll_3d6(battle.dice)
    judged = success_roll(roll, score.value)
    status.defended = True
    status.aim_turns = 0  # B364: any active defense spoils an Aim.
    if choice.retreat:
        status.retreated = True
        status.retreated_from = incoming.attacker
    if choice.kind == "parry":
        status.parries[choice.weapon] = status.parries.get(choice.weapon, 0) + 1
    elif choice.kind == "block":
        status.blocks += 1
    if choice.drop:
        status.posture = "lying"
    if judged.critical:
        result = "critical_success"
    elif judged.critical_failure:
        result = "critical_failure"
    else:
        result = "success" if judged.success else "failure"
    battle.emit(
        DefenseRolled(
            defender,
            incoming.attacker,
            choice.kind,
            choice.weapon,
            choice.retreat,
            score,
            roll,
            judged.margin,
            result,
        )
    )
    if judged.critical_failure:
        defense_critical_failure(battle, defender, choice)
    return judged.success


def resolve_attack(
    battle: Battle[GurpsState],
    attacker: str,
    target: str,
    weapon: str,
    mode: AttackMode,
    plan: AttackPlan,
    context: AttackContext,
) -> Steps:
    """One attack from roll to injury: yields the defender's decision when there is one."""
    state = battle.state
    status = state.status[attacker]
    score = attack_score(state, attacker, target, weapon, mode, plan, context)
    roll = roll_3d6(battle.dice)
    judged = success_roll(roll, score.value)
    location = plan.location
    if location == "random":
        location = tables.hit_location(roll_3d6(battle.dice)).key
    if judged.critical:
        result = "critical_hit"
    elif judged.critical_failure:
        result = "critical_miss"
    else:
        result = "hit" if judged.success else "miss"
    battle.emit(
        AttackRolled(
            attacker, target, weapon, mode.name, score, roll, judged.margin, result, location
        )
    )
    status.attacked_with.add(weapon)
    status.aim_turns = 0
    if mode.ranged is not None:
        status.shots[weapon] = status.shots.get(weapon, mode.ranged.shots) - 1
        if mode.ranged.thrown:
            status.ready.discard(weapon)
            status.dropped.add(weapon)
            battle.emit(ItemChanged(attacker, weapon, "thrown"))
    if result == "critical_miss":
        attack_critical_miss(battle, attacker, weapon, mode)
        return
    if result == "miss":
        return
    critical = None
    if result == "critical_hit":
        critical = roll_critical_hit(battle, attacker, location)
    else:
        incoming = IncomingAttack(
            attacker,
            weapon,
            mode,
            deceptive=plan.deceptive,
            feint=context.feint,
            close_combat=state.distance(attacker, target) < CLOSE,
        )
        options = defense_options(state, target, incoming)
        choice: DefenseChoice = NO_DEFENSE
        if len(options) > 1:
            choice = yield Decision(target, "defense", options, incoming)
        if choice.kind != "none":
            if _roll_defense(battle, target, choice, incoming):
                return
            defender = state.status[target]
            if defender.maneuver == "all_out_defense" and defender.variant == "double":
                # B366: Double Defense - a second, different defense against the same attack.
                options = defense_options(state, target, incoming)
                second = tuple(o for o in options if o.kind != choice.kind)
                if len(second) > 1:
                    again = yield Decision(target, "defense", second, incoming)
                    if again.kind != "none" and _roll_defense(battle, target, again, incoming):
                        return
    strong = context.maneuver == "all_out_attack" and context.variant == "strong"
    hit = Hit(attacker, target, weapon, mode, location, strong, context.stop_thrust_yards)
    deal_damage(battle, hit, critical)
