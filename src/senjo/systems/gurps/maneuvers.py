"""Maneuvers (B363-366): what each one does (which are legal: `legal.py`).

Without a map, figures stand on an abstract plane (`senjo.space.plane`):
melee needs the target within the weapon's reach, the Step of most maneuvers
is one yard, Move spends the fighter's Move.
"""

from __future__ import annotations

import math
from typing import Final

from senjo.dice.systems.gurps import success_roll
from senjo.engine.battle import Battle, Steps
from senjo.engine.decision import Choice, Decision
from senjo.engine.modifiers import Modifiers, Score
from senjo.systems.gurps.arm_lock import resolve_lock
from senjo.systems.gurps.attack import AttackContext, attack_score, resolve_attack
from senjo.systems.gurps.bodies import occupied
from senjo.systems.gurps.choices import AttackPlan, Destination, ManeuverChoice, Watch
from senjo.systems.gurps.events import Check, ConditionChanged, PostureChanged, TurnSkipped
from senjo.systems.gurps.extra_effort import EXTRA_EFFORT, GIANT_STEP
from senjo.systems.gurps.falling import fall_down
from senjo.systems.gurps.field import Route, field_of, heading
from senjo.systems.gurps.grappling import resolve_grapple
from senjo.systems.gurps.grips import check_grips
from senjo.systems.gurps.hands import OFF
from senjo.systems.gurps.hexfield import HexField
from senjo.systems.gurps.legal import flying_jump, maneuver_options, off_hand_mode
from senjo.systems.gurps.model import AttackMode
from senjo.systems.gurps.opportunity import pop_up_hexes, watch_options
from senjo.systems.gurps.plans import choose_plan, plan_options
from senjo.systems.gurps.ranged import watch_aim_key
from senjo.systems.gurps.reach import (
    STEP,
    effective_mode,
    move_allowance,
    reaches,
)
from senjo.systems.gurps.readying import (
    fast_draw,
    ready,
)
from senjo.systems.gurps.rolls import check, roll_3d6
from senjo.systems.gurps.shoves import shove
from senjo.systems.gurps.slams import slam
from senjo.systems.gurps.state import GurpsState
from senjo.systems.gurps.walking import approach, turn, walk
from senjo.systems.gurps.wounds import lose_fp

__all__ = ["STEP", "maneuver_options", "move_allowance", "plan_options", "resolve_maneuver"]

#: The Attack variants that grapple (`grappling.py`).
GRAPPLE_VARIANTS: Final = frozenset(
    {
        "grab",
        "takedown",
        "pin",
        "break_free",
        "choke",
        "neck_snap",
        "wrench_limb",
        "choke_hold",
        "blood_choke",
        "wrest",
    }
)


def _dodging_move(battle: Battle[GurpsState], key: str) -> Steps:
    """seed 001 (全力防御): All-Out Defense (Increased Dodge) moves on half Move (rounded
    up) and may end in any facing; staying put is the first choice. Without a map the
    fighter holds its ground."""
    state = battle.state
    board, status = state.ground, state.status[key]
    if not isinstance(board, HexField) or status.hex is None:
        return
    budget = float(math.ceil(move_allowance(state.fighters[key], status) / 2))
    stay = Destination(status.hex, status.facing, 0.0)
    ends = (stay, *board.destinations(state, key, budget, "all_out_defense"))
    end: Destination = yield Decision(key, "destination", ends, ManeuverChoice("all_out_defense"))
    if end != stay:
        route = board.route_to(state, key, end, budget, "all_out_defense")
        yield from walk(battle, key, route, "", "to")


def _attack_ends(
    state: GurpsState, key: str, choice: ManeuverChoice, mode: AttackMode, budget: float
) -> tuple[Destination, ...]:
    """For a melee Move and Attack or All-Out Attack on a hex map (not a Flying Attack):
    every end of its move from which the target can be struck, staying put first when
    it can be struck from here; empty elsewhere."""
    board = state.ground
    if (
        not isinstance(board, HexField)
        or choice.maneuver not in ("move_and_attack", "all_out_attack")
        or choice.variant == "flying"
        or mode.ranged is not None
    ):
        return ()
    status = state.status[key]
    start = (status.hex, status.facing, status.body)
    found: list[Destination] = []
    if reaches(state, key, choice.target, mode, 0.0):
        assert status.hex is not None
        found.append(Destination(status.hex, status.facing, 0.0))
    for end in board.destinations(state, key, budget, choice.maneuver):
        status.hex, status.facing = end.hex, end.facing
        try:
            if reaches(state, key, choice.target, mode, 0.0):
                found.append(end)
        finally:
            status.hex, status.facing, status.body = start
    return tuple(found)


def _stunt(battle: Battle[GurpsState], key: str, kind: str) -> bool:
    """The roll for an Acrobatic Attack's stunt (Acrobatics -2) or a Flying Attack's jump
    (DX or Jumping); failure leaves the fighter on the ground and ends the maneuver."""
    fighter = battle.state.fighters[key]
    if kind == "acrobatic_stunt":
        base = fighter.skills.get("Acrobatics", fighter.dx - 6)
        score = Score(base, Modifiers((("acrobatic_attack", -2),)))
    else:
        score = Score(max(fighter.dx, fighter.skills.get("Jumping", 0)))
    if check(battle, key, kind, score).success:
        return True
    fall_down(battle, key, kind)
    return False


def _feint(battle: Battle[GurpsState], key: str, choice: ManeuverChoice) -> int:
    """A Feint (B365): a Quick Contest of weapon skill against the foe's best defense skill.

    Returns the penalty the foe suffers on its defenses against this fighter's next attack.
    """
    state = battle.state
    fighter = state.fighters[key]
    foe = state.fighters[choice.target]
    mode = fighter.weapon(choice.weapon).mode(choice.mode)
    mine = attack_score(
        state, key, choice.target, choice.weapon, mode, AttackPlan(), AttackContext("feint")
    )
    best = foe.dx
    for weapon in foe.weapons:
        for other in weapon.modes:
            if other.is_melee:
                best = max(best, foe.skill(other.skill))
    if foe.shield is not None:
        best = max(best, foe.skill(foe.shield.skill))
    theirs = Score(best)
    results = []
    for actor, score in ((key, mine), (choice.target, theirs)):
        roll = roll_3d6(battle.dice)
        judged = success_roll(roll, score.value)
        battle.emit(
            Check(actor, "feint", score, roll, judged.margin, judged.success, judged.critical)
        )
        results.append(judged)
    attacker, defender = results
    if not attacker.success:
        return 0
    if not defender.success:
        return max(0, attacker.margin)
    return max(0, attacker.margin - defender.margin)


def _stand_posture(battle: Battle[GurpsState], key: str, posture: str) -> Steps:
    """Change Posture; on a map lying down fills a second hex, and rising from it the
    figure stands in either of its two hexes (seed 001: 姿勢変更)."""
    state = battle.state
    status = state.status[key]
    status.posture = posture
    board = state.ground
    if isinstance(board, HexField):
        if posture == "lying":
            board.lie_down(state, key)
        elif status.prone_hex is not None and status.hex is not None:
            spots: tuple[Destination, ...] = (Destination(status.hex, status.facing, 0.0),)
            if status.prone_hex not in occupied(state, (key,)):
                spots += (Destination(status.prone_hex, status.facing, 0.0),)
            spot: Destination = yield Decision(
                key, "destination", spots, ManeuverChoice("change_posture", posture)
            )
            status.hex, status.prone_hex = spot.hex, None
    battle.emit(PostureChanged(key, posture))


def resolve_maneuver(battle: Battle[GurpsState], key: str, choice: ManeuverChoice) -> Steps:
    """Carry out the chosen maneuver; yields any decision it needs on the way."""
    state = battle.state
    fighter = state.fighters[key]
    status = state.status[key]
    maneuver = choice.maneuver
    if maneuver == "move" and isinstance(state.ground, HexField):
        board: HexField = state.ground
        budget = move_allowance(fighter, status)
        ends = board.destinations(state, key, budget)
        if ends:
            end: Destination = yield Decision(key, "destination", ends, choice)
            yield from walk(battle, key, board.route_to(state, key, end, budget), "", "to")
    elif maneuver == "move":
        budget = move_allowance(fighter, status)
        ground = field_of(state)
        if choice.variant == "toward":
            route = ground.approach(state, key, choice.target, budget, STEP, "move")
        else:
            route = ground.withdraw(state, key, choice.target, budget)
        yield from walk(battle, key, route, choice.target, choice.variant)
    elif maneuver == "change_posture":
        yield from _stand_posture(battle, key, choice.variant)
    elif maneuver == "aim":
        turn(battle, key, choice.target)  # seed 001: Aim's Step may turn
        same = status.aim_target == choice.target and status.aim_weapon == choice.weapon
        status.aim_turns = status.aim_turns + 1 if same else 1
        status.aim_target, status.aim_weapon = choice.target, choice.weapon
        status.aim_braced = choice.variant == "braced"
    elif maneuver == "evaluate":
        same = status.evaluate_target == choice.target
        status.evaluate_bonus = min(3, status.evaluate_bonus + 1) if same else 1
        status.evaluate_target = choice.target
    elif maneuver == "feint":
        mode = fighter.weapon(choice.weapon).mode(choice.mode)
        yield from approach(battle, key, choice.target, mode, STEP)
        if status.active:
            status.feint_target = choice.target
            status.feint_penalty = _feint(battle, key, choice)
    elif maneuver == "attack" and choice.variant in GRAPPLE_VARIANTS:
        yield from resolve_grapple(battle, key, choice)
    elif maneuver == "attack" and choice.variant == "arm_lock":
        yield from resolve_lock(battle, key, choice)
    elif maneuver == "attack" and choice.variant == "shove":
        yield from shove(battle, key, choice.target)
    elif maneuver == "move_and_attack" and choice.variant == "slam":
        yield from slam(battle, key, choice, move_allowance(fighter, status))
    elif maneuver in ("attack", "all_out_attack", "move_and_attack"):
        yield from _attack_maneuver(battle, key, choice)
    elif maneuver == "ready":
        ready(battle, key, choice)
    elif maneuver == "wait" and choice.variant == "opportunity_fire":
        yield from _watch(battle, key, choice)
    elif maneuver == "wait":
        status.wait_weapon, status.wait_mode = choice.weapon, choice.mode
    elif maneuver == "all_out_defense" and choice.variant == "increased_dodge":
        yield from _dodging_move(battle, key)
    elif maneuver == "flee":
        # senjo's morale rule (interpretation 50): the flight is not played out; the
        # fighter leaves the battle, and lets go of anyone it holds.
        status.fled = True
        battle.emit(ConditionChanged(key, "fled", True, "flee"))
        check_grips(state)
    # do_nothing and concentrate change nothing here.


def _attack_maneuver(battle: Battle[GurpsState], key: str, choice: ManeuverChoice) -> Steps:
    state = battle.state
    fighter = state.fighters[key]
    status = state.status[key]
    if choice.variant == "fast_draw" and not fast_draw(battle, key, choice.weapon):
        return
    gripped = effective_mode(status, choice.weapon, fighter.weapon(choice.weapon).mode(choice.mode))
    if gripped is None:
        return
    mode = gripped
    if choice.variant == "pop_up":
        yield from _pop_up(battle, key, choice, mode)
        return
    feint = 0
    if status.feint_target == choice.target:
        feint = status.feint_penalty
    status.feint_target, status.feint_penalty = "", 0
    budget = STEP
    if choice.variant == "giant_step":
        budget = GIANT_STEP
        lose_fp(battle, key, 1, EXTRA_EFFORT)  # B357: Giant Step, a second Step for 1 FP
    elif choice.maneuver == "move_and_attack":
        budget = move_allowance(fighter, status)
    elif choice.maneuver == "all_out_attack":
        budget = max(1.0, math.ceil(move_allowance(fighter, status) / 2))
    if choice.variant == "acrobatic" and not _stunt(battle, key, "acrobatic_stunt"):
        return
    ends = _attack_ends(state, key, choice, mode, budget)
    if ends:
        # seed 001 (移動点): on a map the mover picks where its move ends, among the ends
        # from which the blow can be struck.
        end: Destination = yield Decision(key, "destination", ends, choice)
        if (end.hex, end.facing) != (status.hex, status.facing):
            board = state.ground
            assert isinstance(board, HexField)
            route = board.route_to(state, key, end, budget, choice.maneuver)
            yield from walk(battle, key, route, choice.target, "toward")
    elif choice.variant != "step_back":  # the Step comes after the attack instead
        yield from approach(battle, key, choice.target, mode, budget, choice.maneuver)
    if choice.variant == "flying" and status.active:
        # seed 000 (Flying Attack): run, then a running broad jump (DX or Jumping) for
        # extra distance; failure falls and ends the turn.
        if not _stunt(battle, key, "flying_jump"):
            return
        jump = flying_jump(fighter)
        yield from approach(battle, key, choice.target, mode, jump, choice.maneuver)
    if not status.active or not state.status[choice.target].active:
        return
    if not reaches(state, key, choice.target, mode, 0.0):
        return
    if choice.maneuver == "all_out_attack" and choice.variant == "feint":
        feint = _feint(battle, key, choice)
    plan = yield from choose_plan(battle, key, choice)
    if plan is None:
        battle.emit(TurnSkipped(key, "no_attack_possible"))  # B344: skill below 3
        return
    dual = choice.variant == "dual"
    strikes = [(choice.weapon, mode)]
    if plan.rapid_strike or choice.variant == "double":
        strikes.append((choice.weapon, mode))
    second = off_hand_mode(fighter, status, choice.weapon) if dual else None
    if second is not None:
        strikes.append((status.hands[OFF], second))
    for number, (weapon, strike) in enumerate(strikes):
        if number and (not status.active or not state.status[choice.target].active):
            return
        if weapon not in status.ready:
            return
        context = AttackContext(
            choice.maneuver, choice.variant, plan.rapid_strike, feint, dual=dual
        )
        effort = plan.mighty + plan.flurry
        if effort:
            lose_fp(battle, key, effort, EXTRA_EFFORT)  # B357: 1 FP a blow for each
        yield from resolve_attack(battle, key, choice.target, weapon, strike, plan, context)
        if status.lost_balance:
            return
    if choice.variant == "step_back" and status.active and status.posture == "standing":
        route = field_of(state).step_back(state, key, choice.target)
        yield from walk(battle, key, route, choice.target, "step_back")


#: The answers to "shoot the first figure that appears, or tell friend from foe first?"
_DISCRIMINATION: Final = (Choice("fire_at_first"), Choice("discriminate"))


def _watch(battle: Battle[GurpsState], key: str, choice: ManeuverChoice) -> Steps:
    """Opportunity fire (seed 001: 機会射撃): choose the hexes to watch and whether to tell
    friend from foe; watching one aimed hex counts as Aim (狙いをつけて待機)."""
    state = battle.state
    status = state.status[key]
    mode = state.fighters[key].weapon(choice.weapon).mode(choice.mode)
    options = watch_options(state, key, mode)
    if not options:
        battle.emit(TurnSkipped(key, "nothing_to_watch"))
        return
    watch: Watch = yield Decision(key, "watch", options, choice)
    telling: Choice = yield Decision(key, "discrimination", _DISCRIMINATION, watch)
    status.wait_weapon, status.wait_mode = choice.weapon, choice.mode
    status.watch, status.watch_discriminate = watch, telling.name == "discriminate"
    if watch.aimed:
        aim = watch_aim_key(watch)
        same = status.aim_target == aim and status.aim_weapon == choice.weapon
        status.aim_turns = status.aim_turns + 1 if same else 1
        status.aim_target, status.aim_weapon, status.aim_braced = aim, choice.weapon, False


def _pop_up(
    battle: Battle[GurpsState], key: str, choice: ManeuverChoice, mode: AttackMode
) -> Steps:
    """A pop-up attack (seed 001: 飛び出し攻撃): one hex out of cover, the shot at -2
    without Aim, and back. Out in the open only a dodge defends (against watchers of
    that hex); a shooter knocked down or out on the way stays where it is."""
    state = battle.state
    status = state.status[key]
    places = pop_up_hexes(state, key, choice.target, mode)
    start, goal = status.hex, state.status[choice.target].hex
    if not places or start is None or goal is None:
        return
    out = places[0]
    back = (start, status.facing)
    status.popping = True
    yield from walk(
        battle, key, Route(((out, heading(out, goal)),), (1.0,)), choice.target, "pop_up"
    )
    out_there = status.active and status.posture == "standing" and status.hex == out
    if out_there and state.status[choice.target].active:
        plan = yield from choose_plan(battle, key, choice)
        if plan is None:
            battle.emit(TurnSkipped(key, "no_attack_possible"))
        else:
            context = AttackContext("attack", "pop_up")
            yield from resolve_attack(
                battle, key, choice.target, choice.weapon, mode, plan, context
            )
    if status.active and status.posture == "standing" and status.hex == out:
        yield from walk(battle, key, Route((back,), (1.0,)), choice.target, "pop_up_back")
    status.popping = False
