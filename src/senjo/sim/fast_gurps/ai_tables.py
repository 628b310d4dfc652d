"""The AI's choices for the GURPS fast path, asked of the AI itself on constructed states.

For each weapon state (ready, dropped, twisted, broken; a spare drawn), state of the
off hand or shield, distance class, shock level and defense the foe can have: the
attack the AI would choose and its plan (`GurpsAI._attack_value`, `_best_plan`,
`plan_options`); the All-Out Defense it takes when hurt; and what it readies or picks
up when it has nothing to strike with (`GurpsAI.choose`). `tables.py` puts them into a
fighter's `FighterTables`.
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass
from typing import Any

import numpy as np

from senjo.engine.decision import Decision
from senjo.scenario import Scenario
from senjo.sim.declines import Reason
from senjo.sim.fast_gurps.accept import shooter
from senjo.sim.fast_gurps.constructed import _decision_battle, _set_hands, _state
from senjo.sim.fast_gurps.layout import (
    BACK,
    BROKEN,
    D_MAX,
    D_MIN,
    DROPPED,
    DUAL,
    HAND_AXIS,
    HANDS,
    LAME,
    LOCATIONS,
    M_AOD,
    MAIMED,
    MAIN_STATES,
    NO_ATTACK,
    NO_BLOW,
    OFF_LAME,
    OFF_STATES,
    PICK_CRIPPLED,
    PICK_ESCAPE,
    PICK_NONE,
    PICK_SHIELD,
    PICK_SPARE,
    PICK_WEAPON,
    READY,
    SHOCK_LEVELS,
    SPARE_DROPPED,
    SPARE_STATES,
    SPARE_UNREADY,
    UNPLANNED,
    UNREADY,
    WEAPON_STATES,
    Mode,
    Unsupported,
)
from senjo.systems.gurps.ai import GurpsAI, _last_blade
from senjo.systems.gurps.choices import AttackPlan, ManeuverChoice
from senjo.systems.gurps.maneuvers import maneuver_options, plan_options
from senjo.systems.gurps.model import Fighter

__all__ = ["AiTables", "ai_tables", "melee_states", "plan_ids", "plan_list"]


@dataclass(frozen=True)
class AiTables:
    """The AI's choices, indexed as `FighterTables` holds them (`layout.py`)."""

    cache_mode: np.ndarray[Any, Any]
    choose: np.ndarray[Any, Any]
    choose_value: np.ndarray[Any, Any]
    plan: np.ndarray[Any, Any]
    plan_dual: np.ndarray[Any, Any]
    aod: np.ndarray[Any, Any]
    pickup: np.ndarray[Any, Any]
    striking: np.ndarray[Any, Any]


@dataclass(frozen=True)
class _Asked:
    """What every question to the AI needs: the duel, the fighter and its weapons."""

    scenario: Scenario
    order: tuple[str, ...]
    index: int
    fighter: Fighter
    main: str | None
    off: str | None
    spare: str | None
    classes: tuple[float, ...]
    #: Whether the tables cover the state LAME (`melee_states`).
    lames: bool = False
    #: Whether the fighter kneels on a crippled leg (`constructed._set_hands`).
    legs: bool = False
    #: The shock levels its attacks are asked at (the rest stay NO_ATTACK).
    shocks: int = SHOCK_LEVELS

    @property
    def key(self) -> str:
        return self.order[self.index]

    @property
    def melee_states(self) -> tuple[tuple[int, int], ...]:
        """(weapon state, hand state) pairs (`melee_states`)."""
        return melee_states(self.fighter, self.off, self.spare, self.lames)

    @property
    def hand_states(self) -> tuple[tuple[int, int, bool], ...]:
        """(weapon state, hand state, swapped): each melee state, and a shooter's spare
        states again with the missile weapon swapped for the spare (left lying)."""
        shooting = shooter(self.fighter) is not None
        return tuple(
            (where, hand, swapped)
            for (where, hand), swapped in itertools.product(self.melee_states, (False, True))
            if not swapped or (shooting and where in SPARE_STATES)
        )


def melee_states(
    fighter: Fighter, off: str | None, spare: str | None, lames: bool = False
) -> tuple[tuple[int, int], ...]:
    """(weapon state, hand state) pairs a fighter with an `off`-hand weapon of two (or
    none) and a `spare` (or none) may be in, and LAME, MAIMED and (without an off-hand
    weapon) the hand state OFF_LAME if it `lames`: the hand is the
    shield's, the off hand's or none."""
    hands = HANDS if fighter.shield is not None else OFF_STATES if off is not None else (READY,)
    weapon_states = (*MAIN_STATES, *SPARE_STATES) if spare is not None else MAIN_STATES
    if lames:
        weapon_states = (*weapon_states, LAME, MAIMED)
        if off is None:
            hands = (*hands, OFF_LAME)
    return tuple(itertools.product(weapon_states, hands))


def ai_tables(
    scenario: Scenario,
    order: tuple[str, ...],
    index: int,
    fighter: Fighter,
    weapons: tuple[str | None, str | None, str | None],
    classes: tuple[float, ...],
    modes: list[Mode],
    lames: bool = False,
    legs: bool = False,
    shocks: int = SHOCK_LEVELS,
) -> AiTables:
    """The AI's choices for fighter `order[index]`, its `weapons` (main, off hand, spare),
    on the duel's distance `classes`, striking with `modes`; in the state LAME too if it
    `lames`; kneeling on a crippled leg if `legs`; its attacks at the first `shocks` shock
    levels."""
    main, off, spare = weapons
    asked = _Asked(scenario, order, index, fighter, main, off, spare, classes, lames, legs, shocks)
    cache_mode, choose, choose_value, plan, plan_dual = _attacks(asked, modes)
    pickup, striking = _pickups(asked)
    return AiTables(
        cache_mode, choose, choose_value, plan, plan_dual, _all_out_defense(asked), pickup, striking
    )


def _attacks(asked: _Asked, modes: list[Mode]) -> tuple[np.ndarray[Any, Any], ...]:
    """The attack the AI chooses at each state and defense of the foe's, its value, and the
    plan it makes for each mode: (cache_mode, choose, choose_value, plan, plan_dual)."""
    scenario, order, classes, fighter = asked.scenario, asked.order, asked.classes, asked.fighter
    key, target = asked.key, order[1 - asked.index]
    main, spare = asked.main, asked.spare
    ai = GurpsAI()
    mode_index = {(m.weapon, m.name): i for i, m in enumerate(modes)}
    d_count = D_MAX - D_MIN + 1
    shape = (len(WEAPON_STATES), HAND_AXIS, len(classes), SHOCK_LEVELS)
    choose = np.full((*shape, d_count), NO_ATTACK, dtype=np.int64)
    choose_value = np.full((*shape, d_count), NO_BLOW, dtype=np.float64)
    cache_mode = np.full(shape, NO_ATTACK, dtype=np.int64)
    plan = np.zeros((len(modes), SHOCK_LEVELS, d_count), dtype=np.int64)
    planned = np.zeros((len(modes), SHOCK_LEVELS), dtype=np.bool_)
    plan_dual = np.zeros_like(plan)  # a Dual-Weapon Attack's (`off_hand.py`)
    dual_planned = np.zeros_like(planned)
    ids = plan_ids()
    memo: dict[tuple[Any, ...], tuple[int, list[int], list[float]]] = {}
    melee_states = asked.melee_states
    # One state per (weapon, hand, distance), its shock set for each level in turn: the
    # rules and the AI read the state and change nothing in it (a fresh battle for each of
    # the nine levels cost about a tenth of a group's tables).
    for (where, hand), far in itertools.product(melee_states, range(len(classes))):
        state = _state(scenario, order, classes[far])
        _set_hands(state, key, main, where, hand, spare, legs=asked.legs)
        for shock in range(asked.shocks):
            state.status[key].shock = -shock
            every = maneuver_options(state, key)
            on_target = [
                o
                for o in every
                if o.maneuver == "attack"
                and o.weapon
                and o.target == target
                and not _last_blade(fighter, state.status[key], o)
            ]
            if on_target:  # the AI weighs these, none on another foe (a group's `target` escape)
                cache_mode[where, hand, far, shock] = UNPLANNED
            # Blows: a shooter's shot is not one.
            attacks = [o for o in on_target if (o.weapon, o.mode) in mode_index]
            if not attacks:
                continue
            slot_key = (every, shock)
            if slot_key not in memo:
                scored_first = UNPLANNED
                for attack in attacks:
                    if plan_options(state, key, attack):
                        scored_first = mode_index[(attack.weapon, attack.mode)]
                        break
                codes = []
                best_values = []
                steps: dict[ManeuverChoice, bool] = {}  # the Step back, by the blow chosen
                for defense in range(D_MIN, D_MAX + 1):
                    cache: dict[tuple[str, bool], int | None] = {(target, False): defense}
                    values = {o: ai._attack_value(state, key, o, cache) for o in attacks}
                    best = max(attacks, key=values.__getitem__)
                    code = NO_ATTACK
                    if values[best] > 0:
                        code = mode_index[(best.weapon, best.mode)]
                        # With the longer weapon the AI strikes, then Steps back out of the
                        # foe's reach - a Dual-Weapon Attack chosen too (`_with_step_back`
                        # swaps in the plain Attack's Step back variant).
                        if best not in steps:
                            steps[best] = ai._with_step_back(state, key, best, every) != best
                        if steps[best]:
                            code += BACK
                        elif best.variant == "dual":
                            code += DUAL  # B417: both hands' blows (`off_hand.py`)
                    codes.append(code)
                    best_values.append(values[best])
                memo[slot_key] = (scored_first, codes, best_values)
            first_mode, codes, best_values = memo[slot_key]
            cache_mode[where, hand, far, shock] = first_mode
            choose[where, hand, far, shock] = codes
            choose_value[where, hand, far, shock] = best_values
            for attack in attacks:
                m = mode_index[(attack.weapon, attack.mode)]
                dual = attack.variant == "dual"
                table, done = (plan_dual, dual_planned) if dual else (plan, planned)
                if (attack.variant and not dual) or done[m, shock]:
                    continue
                plans = plan_options(state, key, attack)
                if not plans:
                    continue
                done[m, shock] = True
                for defense in range(D_MIN, D_MAX + 1):
                    if len(plans) == 1:
                        chosen_plan = plans[0]
                    else:
                        cache = {(target, False): defense}
                        chosen_plan = ai._best_plan(state, key, attack, plans, cache)[1]
                    table[m, shock, defense - D_MIN] = ids[chosen_plan]
    return cache_mode, choose, choose_value, plan, plan_dual


def _all_out_defense(asked: _Asked) -> np.ndarray[Any, Any]:
    """The All-Out Defense the AI takes below a third of its HP, by weapon and hand state
    (`M_AOD`); any other choice declines the scenario."""
    scenario, order, fighter, key = asked.scenario, asked.order, asked.fighter, asked.key
    main, spare = asked.main, asked.spare
    ai = GurpsAI()
    aod = np.zeros((len(WEAPON_STATES), HAND_AXIS), dtype=np.int64)
    for where, hand, swapped in asked.hand_states:
        state = _state(scenario, order)
        _set_hands(state, key, main, where, hand, spare, swapped, asked.legs)
        state.status[key].hp = -(-fighter.hp // 3) - 1
        choice: ManeuverChoice = ai.choose(
            _decision_battle(state), Decision(key, "maneuver", maneuver_options(state, key))
        )
        known = aod[where, hand]
        if choice.variant not in ("increased_dodge", "increased_parry", "increased_block") or (
            swapped and known != M_AOD[choice.variant]
        ):
            raise Unsupported(
                Reason(
                    f"the AI of {key!r} would take {choice.key} when hurt",
                    f"{key!r} のAIは負傷すると {choice.key} を選ぶ",
                )
            )
        aod[where, hand] = M_AOD[choice.variant]
    return aod


def _pickups(asked: _Asked) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    """What the AI readies or picks up at each state and distance (`PICK_*`), and whether it
    has a weapon to strike with there: (pickup, striking)."""
    scenario, order, classes, fighter = asked.scenario, asked.order, asked.classes, asked.fighter
    key, main, off, spare, shield = asked.key, asked.main, asked.off, asked.spare, fighter.shield
    ai = GurpsAI()
    # Without a weapon to strike with, the AI first readies or picks up what it has lost
    # (weapon, then shield), whatever the distance - a held weapon out of reach does not count.
    # Its spare it draws only with its main weapon broken, and takes up again once dropped
    # or turned in its hand (SPARE); anything else is the engine's to play (PICK_ESCAPE).
    pickup = np.zeros((len(WEAPON_STATES), HAND_AXIS, len(classes)), dtype=np.int64)
    striking = np.zeros_like(pickup)
    # A shooter's spare: drawn with the missile weapon broken, or swapped for it empty,
    # which leaves it lying (`hand_states`); where the AI would then do otherwise (pick it
    # up), the engine plays on.
    for (where, hand, swapped), far in itertools.product(asked.hand_states, range(len(classes))):
        state = _state(scenario, order, classes[far])
        _set_hands(state, key, main, where, hand, spare, swapped, asked.legs)
        offered = maneuver_options(state, key)
        choice = ai.choose(_decision_battle(state), Decision(key, "maneuver", offered))
        if not swapped:
            striking[where, hand, far] = any(
                not fighter.weapon(o.weapon).modes[0].unarmed
                for o in offered
                if o.maneuver == "attack" and o.weapon
            )
        code = PICK_NONE
        if choice.maneuver == "ready" and choice.variant in ("regrip", "pick_up", "draw"):
            if shield is not None and choice.weapon == shield.key:
                # Into the other hand, its own crippled (`OFF_LAME`): the engine's to play.
                code = PICK_ESCAPE if hand == OFF_LAME and off is None else PICK_SHIELD
            elif off is not None and choice.weapon == off:
                # Taken up again as a shield is (`off_hand.py`): turned in the hand, or
                # picked up into the off hand (the main weapon ready in the other).
                turned = hand == UNREADY and choice.variant == "regrip"
                lying = hand == DROPPED and choice.variant == "pick_up" and where == READY
                code = PICK_SHIELD if turned or lying else PICK_ESCAPE
            elif choice.weapon == spare and where in (BROKEN, SPARE_DROPPED, SPARE_UNREADY):
                code = PICK_SPARE
            elif choice.weapon == main and where in MAIN_STATES:
                code = PICK_WEAPON
            else:
                code = PICK_ESCAPE
        if code == PICK_ESCAPE and (where == MAIMED or (hand == OFF_LAME and off is None)):
            code = PICK_CRIPPLED  # into the sound hand: a crippled arm's, for the engine
        if not swapped:
            pickup[where, hand, far] = code
        elif code != pickup[where, hand, far]:
            pickup[where, hand, far] = PICK_ESCAPE
    return pickup, striking


@functools.cache
def plan_list() -> tuple[AttackPlan, ...]:
    """Every plan the tables name, by index: aimed (location, Deceptive Attack, Rapid
    Strike), then random."""
    aimed = tuple(
        AttackPlan(location, deceptive, rapid)
        for location in LOCATIONS
        for deceptive in range(5)
        for rapid in (False, True)
    )
    return (*aimed, AttackPlan("random"))  # random_hit_locations: roll where it lands


@functools.cache
def plan_ids() -> dict[AttackPlan, int]:
    """Each plan's index in `plan_list`."""
    return {plan: index for index, plan in enumerate(plan_list())}
