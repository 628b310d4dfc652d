"""Maneuvers (B363-366): which are legal for a fighter, and what each one does.

Without a map, figures stand on an abstract plane (`senjo.space.plane`):
melee needs the target within the weapon's reach, the Step of most maneuvers
is one yard, Move spends the fighter's Move.
"""

from __future__ import annotations

import functools
import math

from senjo.dice.systems.gurps import success_roll
from senjo.engine.battle import Battle, Steps
from senjo.engine.decision import Choice, Decision
from senjo.engine.modifiers import Modifiers, Score
from senjo.space.hexgrid import Hex
from senjo.systems.gurps.attack import AttackContext, attack_score, resolve_attack
from senjo.systems.gurps.choices import AttackPlan, Destination, ManeuverChoice, Watch
from senjo.systems.gurps.events import Check, PostureChanged, TurnSkipped
from senjo.systems.gurps.field import Route, field_of, heading
from senjo.systems.gurps.grappling import grapple_options, resolve_grapple
from senjo.systems.gurps.hands import MAIN, OFF, free_hand, hand_of
from senjo.systems.gurps.hexfield import HexField
from senjo.systems.gurps.model import AttackMode, Fighter
from senjo.systems.gurps.opportunity import pop_up_hexes, watch_options
from senjo.systems.gurps.plans import choose_plan, plan_options
from senjo.systems.gurps.ranged import watch_aim_key
from senjo.systems.gurps.reach import STEP, effective_mode, max_reach, move_allowance, reaches
from senjo.systems.gurps.readying import (
    drop_shield_options,
    fast_draw,
    fast_draw_options,
    ready,
    ready_options,
)
from senjo.systems.gurps.rolls import check, roll_3d6
from senjo.systems.gurps.slams import slam
from senjo.systems.gurps.state import FighterState, GurpsState
from senjo.systems.gurps.walking import approach, turn, walk
from senjo.systems.gurps.wounds import fall_down

__all__ = ["STEP", "maneuver_options", "move_allowance", "plan_options", "resolve_maneuver"]

_POSTURES = ("standing", "crouching", "kneeling", "sitting", "crawling", "lying")
#: Postures in which a fighter without a map can brace a ranged weapon (an interpretation).
_BRACING_POSTURES = ("kneeling", "sitting", "lying", "crawling")


def _usable_modes(fighter: Fighter, status: FighterState) -> list[tuple[str, AttackMode]]:
    found = []
    for weapon in fighter.weapons:
        if weapon.key not in status.ready or weapon.key in status.broken:
            continue
        hand = hand_of(status, weapon.key)
        for mode in weapon.modes:
            if mode.two_handed and hand is not None and status.hands[1 - hand]:
                continue  # B270: a two-handed grip needs the other hand free
            if weapon.key == "punch" and free_hand(status) is None:
                continue  # a punch needs an empty hand
            gripped = effective_mode(status, weapon.key, mode)
            if gripped is None:
                continue
            mode = gripped
            ranged = mode.ranged
            if ranged is not None and status.shots.get(weapon.key, ranged.shots) <= 0:
                continue
            found.append((weapon.key, mode))
    return found


def _off_hand_mode(fighter: Fighter, status: FighterState, weapon: str) -> AttackMode | None:
    """For a Dual-Weapon Attack (B417): the off-hand weapon's melee mode, if `weapon` is in the
    main hand and another ready melee weapon is in the off hand."""
    if hand_of(status, weapon) != MAIN:
        return None
    other = status.hands[OFF]
    if not other or other not in status.ready or other in status.broken:
        return None
    if fighter.shield is not None and other == fighter.shield.key:
        return None
    return next((m for m in fighter.weapon(other).modes if m.is_melee and not m.two_handed), None)


#: The Attack variants that grapple (`grappling.py`).
GRAPPLE_VARIANTS = frozenset({"grab", "takedown", "pin", "break_free"})

_choice = functools.lru_cache(maxsize=65536)(ManeuverChoice)
"""Maneuver options are immutable: the same one is built once and reused."""


class _Closing:
    """Whether a maneuver's move can bring a foe into reach: by distance, except for an
    All-Out Attack on a hex map, which goes forward only (seed 001): there, by the hexes
    its move can end in, searched once per turn."""

    def __init__(self, state: GurpsState, key: str) -> None:
        self.state, self.key = state, key
        self._ends: dict[tuple[float, str], set[Hex]] = {}

    def __call__(self, foe: str, mode: AttackMode, budget: float, maneuver: str) -> bool:
        state, key = self.state, self.key
        if not reaches(state, key, foe, mode, budget):
            return False
        ground = state.ground
        reach = max_reach(mode)
        if maneuver != "all_out_attack" or not isinstance(ground, HexField) or reach == 0:
            return True  # a Move-like move goes any way: distance decides
        if reaches(state, key, foe, mode, 0.0):
            return True
        ends = self._ends.get((budget, maneuver))
        if ends is None:
            ends = self._ends[(budget, maneuver)] = ground.ends_near(state, key, budget, maneuver)
        goal = state.status[foe].hex
        assert goal is not None
        return any(0 < place.distance(goal) <= reach for place in ends)


def maneuver_options(state: GurpsState, key: str) -> tuple[ManeuverChoice, ...]:
    """Every legal maneuver for the fighter this turn (B363-366)."""
    fighter = state.fighters[key]
    status = state.status[key]
    foes = state.foes(key)
    options: list[ManeuverChoice] = [_choice("do_nothing")]
    move = move_allowance(fighter, status)
    if isinstance(state.ground, HexField):
        options.append(_choice("move"))  # seed 001: the mover picks its end hex and facing
    else:
        for foe in foes:
            if state.distance(key, foe) > STEP:
                options.append(_choice("move", "toward", foe))
            if state.distance(key, foe) < 3 * STEP:
                options.append(_choice("move", "away", foe))
    for posture in _POSTURES:
        if posture == status.posture or (status.posture == "lying" and posture == "standing"):
            continue
        options.append(_choice("change_posture", posture))
    modes = _usable_modes(fighter, status)
    half = max(1.0, math.ceil(move / 2))
    closes = _Closing(state, key)
    ground = field_of(state)
    for weapon, mode in modes:
        for foe in foes:
            if mode.ranged is not None:
                if not reaches(state, key, foe, mode, 0.0):
                    continue
                if not ground.clear(state, key, foe):
                    # seed 001 (飛び出し攻撃): out of cover and back, when a Step shows the foe.
                    if pop_up_hexes(state, key, foe, mode):
                        options.append(_choice("attack", "pop_up", foe, weapon, mode.name))
                    continue
                options.append(_choice("aim", target=foe, weapon=weapon, mode=mode.name))
                if status.posture in _BRACING_POSTURES:
                    options.append(_choice("aim", "braced", foe, weapon, mode.name))
                options.append(_choice("attack", target=foe, weapon=weapon, mode=mode.name))
                options.append(_choice("all_out_attack", "determined", foe, weapon, mode.name))
                options.append(_choice("move_and_attack", "", foe, weapon, mode.name))
                continue
            if reaches(state, key, foe, mode, STEP):
                options.append(_choice("attack", target=foe, weapon=weapon, mode=mode.name))
                if reaches(state, key, foe, mode, 0.0):
                    # seed 001 (長い武器を用いた戦法): strike, then take the Step back.
                    options.append(_choice("attack", "step_back", foe, weapon, mode.name))
                options.append(_choice("feint", target=foe, weapon=weapon, mode=mode.name))
                second = _off_hand_mode(fighter, status, weapon)
                if second is not None and reaches(state, key, foe, second, STEP):
                    options.append(_choice("attack", "dual", foe, weapon, mode.name))
            if closes(foe, mode, half, "all_out_attack"):
                for variant in ("determined", "strong", "double", "feint"):
                    options.append(_choice("all_out_attack", variant, foe, weapon, mode.name))
            if closes(foe, mode, move, "move_and_attack"):
                options.append(_choice("move_and_attack", "", foe, weapon, mode.name))
                # seed 000 (Martial Arts): the move may be an acrobatic stunt or a jump.
                options.append(_choice("move_and_attack", "acrobatic", foe, weapon, mode.name))
            if reaches(state, key, foe, mode, move + flying_jump(fighter)):
                options.append(_choice("move_and_attack", "flying", foe, weapon, mode.name))
        if mode.ranged is None and mode.reach and max(mode.reach) > 0:
            options.append(_choice("wait", "attack", weapon=weapon, mode=mode.name))
        if mode.ranged is not None and isinstance(state.ground, HexField):
            # seed 001 (機会射撃): Wait watching hexes with a ranged weapon.
            options.append(_choice("wait", "opportunity_fire", weapon=weapon, mode=mode.name))
    if status.posture == "standing":
        for foe in foes:
            # B371, seed 000/001 (体当たり): a Move and Attack that runs into the foe.
            gap = state.distance(key, foe)
            if 1 <= gap <= move and not state.status[foe].body:
                options.append(_choice("move_and_attack", "slam", foe))
    options.extend(fast_draw_options(state, key, foes))
    for foe in foes:
        if state.distance(key, foe) <= 1 + STEP:
            options.append(_choice("evaluate", target=foe))
    options.append(_choice("all_out_defense", "increased_dodge"))
    if any(m.is_melee and m.parry.allowed for _, m in modes):
        options.append(_choice("all_out_defense", "increased_parry"))
    if fighter.shield is not None and fighter.shield.key in status.ready:
        options.append(_choice("all_out_defense", "increased_block"))
    options.append(_choice("all_out_defense", "double"))
    options.append(_choice("concentrate"))
    options.extend(ready_options(fighter, status))
    options.extend(drop_shield_options(state, key))
    options.extend(
        _choice(o.maneuver, o.variant, o.target) for o in grapple_options(state, key, foes)
    )
    if status.held_by:
        return _while_held(state, key, options)
    return tuple(options)


#: What a held fighter may still do (B370 by the fact sheet): Attack, All-Out Attack,
#: Ready, break free - and Do Nothing or defend all out.
_HELD = frozenset({"do_nothing", "attack", "all_out_attack", "ready", "all_out_defense"})


def _while_held(
    state: GurpsState, key: str, options: list[ManeuverChoice]
) -> tuple[ManeuverChoice, ...]:
    """The options a grip leaves: no Move (unless ST twice every grappler's), Aim, Feint,
    Concentrate, Wait or ranged attack; a pinned fighter only breaks free or waits."""
    status = state.status[key]
    if status.pinned:
        return tuple(o for o in options if o.maneuver == "do_nothing" or o.variant == "break_free")
    fighter = state.fighters[key]
    strong = all(fighter.st >= 2 * state.fighters[g].st for g in status.held_by)

    def allowed(option: ManeuverChoice) -> bool:
        if option.maneuver == "move":
            return strong
        if option.maneuver not in _HELD:
            return False
        if not (option.weapon and option.mode):
            return True
        return fighter.weapon(option.weapon).mode(option.mode).ranged is None

    return tuple(o for o in options if allowed(o))


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


def flying_jump(fighter: Fighter) -> float:
    """Yards a Flying Attack's jump adds (seed 000): a running broad jump, halved in combat.

    A standing broad jump is 2 x Basic Move - 3 feet (B352); a full run doubles it;
    whole yards only.

    >>> from senjo.systems.gurps.model import Fighter
    >>> flying_jump(Fighter("a", "a", "s", 10, 12, 10, 12, 10, 10, 10, 10, 6.0, 6, 9))
    3.0
    """
    feet = max(0, 2 * fighter.basic_move - 3)
    return float(math.floor(feet * 2 / 2 / 3))  # doubled by the run, halved in combat, in yards


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
            if _free_of_others(state, key, status.prone_hex):
                spots += (Destination(status.prone_hex, status.facing, 0.0),)
            spot: Destination = yield Decision(
                key, "destination", spots, ManeuverChoice("change_posture", posture)
            )
            status.hex, status.prone_hex = spot.hex, None
    battle.emit(PostureChanged(key, posture))


def _free_of_others(state: GurpsState, key: str, place: Hex) -> bool:
    return all(
        k == key or not other.active or other.hex != place for k, other in state.status.items()
    )


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
    if choice.maneuver == "move_and_attack":
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
    second = _off_hand_mode(fighter, status, choice.weapon) if dual else None
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
        yield from resolve_attack(battle, key, choice.target, weapon, strike, plan, context)
        if status.lost_balance:
            return
    if choice.variant == "step_back" and status.active and status.posture == "standing":
        route = field_of(state).step_back(state, key, choice.target)
        yield from walk(battle, key, route, choice.target, "step_back")


#: The answers to "shoot the first figure that appears, or tell friend from foe first?"
_DISCRIMINATION = (Choice("fire_at_first"), Choice("discriminate"))


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
