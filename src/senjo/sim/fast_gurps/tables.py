"""Lookup tables for the GURPS fast path, built by calling the engine's own functions.

Everything the vectorised duel needs to know about the rules and the AI is
worked out here once per scenario, by the engine's code on constructed
states: the AI's attack choice and plan (`GurpsAI._attack_value`,
`_best_plan`, `plan_options`) for every weapon state (ready, dropped,
twisted, broken), shield state, distance class, shock level and defense the
foe can have; its All-Out Defense variant and what it picks up
(`GurpsAI.choose`); each defense option's base score and retreat bonus
(`defense_score`); injury (`injury`) for every basic damage, location and
DR treatment; knockback, crippling, knockdown; and the critical hit,
head-blow and (armed and unarmed) critical-miss tables, effect by effect.
The battle loop (`batch.py`) only indexes these arrays.
"""

from __future__ import annotations

import functools
import itertools
import json
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from senjo.dice.systems.gurps import success_roll
from senjo.engine.battle import Battle
from senjo.engine.decision import Decision
from senjo.scenario import Scenario
from senjo.scenario.battle import build_battle
from senjo.space.plane import Point
from senjo.systems.gurps import tables as rule_tables
from senjo.systems.gurps.ai import GurpsAI
from senjo.systems.gurps.choices import AttackPlan, DefenseChoice, ManeuverChoice
from senjo.systems.gurps.criticals import _applies, _facts
from senjo.systems.gurps.damage import DamageDice, minimum_basic_damage
from senjo.systems.gurps.defense import IncomingAttack, defense_options, defense_score
from senjo.systems.gurps.effects import Condition, EffectKind
from senjo.systems.gurps.hands import let_go
from senjo.systems.gurps.injury import (
    can_target,
    cripples,
    injury,
    knockback_roll_modifier,
    knockback_yards,
    knockdown_modifier,
    knockdown_roll_due,
)
from senjo.systems.gurps.maneuvers import maneuver_options, plan_options
from senjo.systems.gurps.model import AttackMode, Fighter
from senjo.systems.gurps.reach import move_allowance
from senjo.systems.gurps.state import GurpsState
from senjo.systems.gurps.system import initiative_order
from senjo.systems.gurps.table_schema import CriticalEntry

__all__ = [
    "D_MAX",
    "D_MIN",
    "LOCATIONS",
    "POSTURES",
    "SHOCK_LEVELS",
    "DuelTables",
    "FighterTables",
    "Unsupported",
    "build_tables",
    "judge_table",
]

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]

#: Postures a duel can reach: standing, kneeling (getting up), lying (fallen).
POSTURES = ("standing", "kneeling", "lying")
STANDING, KNEELING, LYING = 0, 1, 2
#: Shock levels: index s is a shock of -s (doubled shock reaches -8).
SHOCK_LEVELS = 9
#: Defense scores past these ends give the AI the same odds (3d6: 2 or less, 16 or more
#: after up to -4 of Deceptive Attack), so the attack tables are indexed by the clamped value.
D_MIN, D_MAX = 2, 20
#: Hit locations (the AI's aimable ones), in the engine's order.
LOCATIONS = (
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
LOC = {name: index for index, name in enumerate(LOCATIONS)}

# Weapon (and shield) states: ready in hand, dropped, held but unready, broken.
READY, DROPPED, UNREADY, BROKEN = 0, 1, 2, 3
WEAPON_STATES = (READY, DROPPED, UNREADY, BROKEN)
#: Distances that decide the AI's options: close combat (under 0.5 yd), within 1 yd,
#: within 2 yd (a Step away), farther; a representative distance of each.
DISTANCES = (0.0, 1.0, 2.0, 3.0)
# Maneuver codes (what a fighter did on its last turn; it governs its defenses).
M_NONE, M_NOTHING, M_ATTACK, M_MOVE, M_POSTURE, M_READY = 0, 1, 2, 3, 4, 5
M_AOD = {"increased_dodge": 6, "increased_parry": 7, "increased_block": 8, "double": 9}
AOD_KIND = {6: "dodge", 7: "parry", 8: "block"}
# What the AI picks up: nothing, its weapon, its shield.
PICK_NONE, PICK_WEAPON, PICK_SHIELD = 0, 1, 2
# Attack-table codes besides a mode index.
NO_ATTACK, ESCAPE = -1, -2
# Critical-miss outcomes (armed and unarmed tables).
(
    CM_NOTHING,
    CM_ESCAPE,
    CM_SELF,
    CM_BALANCE,
    CM_UNREADY,
    CM_DROP,
    CM_FALL,
    CM_BROKEN,
    CM_KNOCKOUT,
    CM_STUMBLE,
    CM_TRIP,
    CM_GUARD,
) = range(12)
#: Damage types of injuries to oneself (critical misses).
SELF_TYPES = ("cut", "cr", "imp", "spec")
# DR treatments: normal, halved rounding down, halved rounding up, ignored.
DR_NORMAL, DR_HALF_DOWN, DR_HALF_UP, DR_IGNORED = range(4)

#: Skills covered by the success-roll table; outside it the outcomes no longer change.
_SKILL_LO, _SKILL_HI = -30, 50


@functools.cache
def judge_table() -> tuple[IntArray, IntArray]:
    """(success, outcome) by [skill - _SKILL_LO, roll]: outcome 0 failure, 1 success,
    2 critical success, 3 critical failure; from `success_roll` itself."""
    skills = _SKILL_HI - _SKILL_LO + 1
    success = np.zeros((skills, 19), dtype=np.int64)
    outcome = np.zeros((skills, 19), dtype=np.int64)
    for index in range(skills):
        for roll in range(3, 19):
            judged = success_roll(roll, index + _SKILL_LO)
            success[index, roll] = judged.success
            outcome[index, roll] = (
                2 if judged.critical else 3 if judged.critical_failure else int(judged.success)
            )
    return success, outcome


def skill_index(skill: IntArray) -> IntArray:
    """Row of the success-roll table for these effective skills."""
    index: IntArray = np.minimum(np.maximum(skill, _SKILL_LO), _SKILL_HI) - _SKILL_LO
    return index


@dataclass(slots=True)
class Mode:
    """One attack mode of a fighter's weapon, as the vectorised model needs it."""

    weapon: str
    name: str
    unarmed: bool
    thrusting: bool
    dice: int
    adds: int
    damage_type: str
    minimum: int
    skill: int
    #: Index of its critical-miss table (attacking) in `FighterTables.miss`.
    miss: int
    #: Whether a head blow's "hits the eye" can redirect this damage type to the eye.
    eye: bool
    #: Its longest reach, and whether it strikes in close combat (reach C).
    reach: float
    close: bool
    #: Whether it is the fighter's weapon (not a punch).
    main: bool


@dataclass(slots=True)
class Slot:
    """One active defense a fighter can choose (dodge, a parry with one weapon, or block)."""

    kind: str
    weapon: str
    base: int
    retreat_bonus: int
    parry_step: int
    unarmed: bool
    unbalanced: bool
    main: bool
    aod: int
    #: Index of the critical-miss table a fumbled parry rolls on (-1: none).
    fumble: int
    #: Whether it parries in close combat (an unarmed parry or a reach-C weapon).
    close: bool


@dataclass(slots=True)
class FighterTables:
    """One fighter's tables, as attacker and as defender (by initiative position)."""

    key: str
    side: str
    hp: int
    ht: int
    high_pain_threshold: bool
    knockback_skill: int
    move: tuple[float, float]
    dodge_reeling: int
    shield: bool
    shield_db: int
    modes: list[Mode]
    slots: list[Slot]
    #: Critical-miss tables by [table, roll]: outcome (CM_*) and, for injuring oneself,
    #: the dice, adds, halving, damage type (SELF_TYPES), location, whether DR counts;
    #: for a trip, the DX modifier.
    miss: dict[str, IntArray]
    #: [self type, location, DR counts, basic] -> injury to oneself, and penetration.
    self_injury: IntArray
    self_penetrated: BoolArray
    dx: int
    posture_attack: IntArray
    posture_defense: IntArray
    can_retreat: BoolArray
    #: [weapon state, shield state, distance class, shock] -> the mode whose defense the AI
    #: scores first.
    cache_mode: IntArray
    #: [weapon, shield, distance class, shock, defense - D_MIN] -> mode, NO_ATTACK or ESCAPE.
    choose: IntArray
    #: [mode, shock, defense - D_MIN] -> plan index.
    plan: IntArray
    #: [weapon state, shield state] -> All-Out Defense maneuver code.
    aod: IntArray
    #: [weapon state, shield state, distance class] -> what the AI picks up (PICK_*), if
    #: it has no weapon ready to strike with.
    pickup: IntArray
    rapid_penalty: int
    # As a victim:
    #: damage type -> [location, DR treatment, basic] injury and whether it penetrated.
    injury: dict[str, IntArray] = field(default_factory=dict)
    penetrated: dict[str, BoolArray] = field(default_factory=dict)
    knockback: dict[str, IntArray] = field(default_factory=dict)
    cripple: BoolArray = field(default_factory=lambda: np.zeros(0, dtype=np.bool_))
    knockdown_due: BoolArray = field(default_factory=lambda: np.zeros(0, dtype=np.bool_))
    knockdown_target: IntArray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    #: [location, shield ready] -> to-hit penalty for aiming there (the shield arm is -4).
    location_penalty: IntArray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))


@dataclass(slots=True)
class DuelTables:
    """Everything the fast path indexes for one scenario."""

    fighters: tuple[FighterTables, FighterTables]
    #: Where each fighter starts: x on the line both stand on.
    x: tuple[float, float]
    max_rounds: int
    plans: list[AttackPlan]
    plan_location: IntArray
    plan_deceptive: IntArray
    plan_rapid: BoolArray
    #: Critical hit results: [head table?, roll] -> entry index into the arrays below.
    crit_entry: IntArray
    crit_max: BoolArray
    crit_multiplier: IntArray
    crit_dr: IntArray
    crit_double_shock: BoolArray
    crit_major: BoolArray
    crit_drop: BoolArray
    crit_lose_turn: BoolArray
    crit_redirect: BoolArray
    crit_fallback: IntArray
    head_location: BoolArray
    max_basic: int
    max_injury: int


class Unsupported(Exception):
    """The scenario has something the tables cannot represent (the message says what)."""


# --- building ---------------------------------------------------------------------------------


def _state(scenario: Scenario, order: tuple[str, ...], distance: float = 1.0) -> GurpsState:
    """A fresh battle state with its rules and turn order set, the fighters `distance` apart."""
    battle = _battle(scenario)
    state: GurpsState = battle.state
    state.rules = dict(battle.system.settings)
    state.order = order
    state.status[order[0]].position = Point(0.0, 0.0)
    state.status[order[1]].position = Point(distance, 0.0)
    return state


def _battle(scenario: Scenario) -> Battle[Any]:
    return build_battle(scenario, seed=0)


def _set_weapon(state: GurpsState, key: str, weapon: str, where: int) -> None:
    status = state.status[key]
    if where in (DROPPED, BROKEN):
        let_go(status, weapon)
        (status.dropped if where == DROPPED else status.broken).add(weapon)
    elif where == UNREADY:
        status.ready.discard(weapon)


def _set_hands(state: GurpsState, key: str, weapon: str, where: int, hand: int) -> None:
    """The weapon (`where`) and the shield (`hand`: ready, held unready, dropped) as given."""
    _set_weapon(state, key, weapon, where)
    shield = state.fighters[key].shield
    if shield is not None:
        _set_weapon(state, key, shield.key, hand)


#: Shield states: held ready (or no shield), held but unready, dropped.
HANDS = (READY, DROPPED, UNREADY)


_MISS_FIELDS = ("code", "dice", "adds", "half", "type", "location", "dr", "trip")
#: Critical-miss effects that change nothing the battle depends on (they are only logged).
_INERT = {
    EffectKind.MODERATE_PAIN,
    EffectKind.NATURAL_WEAPON_DAMAGED,
    EffectKind.FLEE_OR_SUBMIT,
    EffectKind.AWKWARD_POSITION,
    EffectKind.IMPALED_ON_WEAPON,
}


def _miss_row(
    fighter: Fighter, mode: AttackMode, facts: Any, entry: CriticalEntry
) -> dict[str, int]:
    """One critical-miss result as `criticals._carry_out` would apply it (see CM_*)."""
    row = dict.fromkeys(_MISS_FIELDS, 0)
    row["code"] = CM_ESCAPE
    effects = [e for e in entry.effects if _applies(e, facts)]
    acting = []
    for effect in effects:
        kind = effect.effect
        if kind in _INERT:
            continue
        if mode.unarmed and kind in (
            EffectKind.WEAPON_BREAKS,
            EffectKind.DROP_WEAPON,
            EffectKind.WEAPON_FLIES,
            EffectKind.WEAPON_TURNS_IN_HAND,
            EffectKind.STRAINED_SHOULDER,  # only "crippled", which changes nothing here
        ):
            continue
        acting.append(effect)
    if not acting:
        row["code"] = CM_NOTHING
        return row
    if len(acting) > 1:
        return row
    effect = acting[0]
    kind = effect.effect
    rerolled = effect.reroll_if and any(facts.holds(c) for c in effect.reroll_if)
    if rerolled and kind in (EffectKind.WEAPON_BREAKS, EffectKind.HIT_SELF):
        return row  # a re-roll: not modelled
    half = effect.fraction is not None and effect.fraction < 1
    if kind == EffectKind.HIT_SELF:
        dice = mode.damage.dice(fighter.thrust, fighter.swing)
        hurt = (dice.dice, dice.adds, half, mode.damage.damage_type.value, "right_leg", 1)
    elif kind == EffectKind.HIT_SOLID_OBJECT:
        dice = fighter.thrust
        place = "foot" if facts.kicking else "hand"
        hurt = (dice.dice, dice.adds, half, "cr", place, 1)
    elif kind == EffectKind.STRAINED_LIMB:
        hurt = (0, effect.injury or 1, False, "spec", "right_arm", 0)
    elif kind in (EffectKind.TORN_MUSCLE, EffectKind.INJURY_ROLL):
        dice = effect.dice or DamageDice(1, -3)
        hurt = (dice.dice, dice.adds, False, "spec", "right_arm", 0)
    else:
        simple = {
            EffectKind.LOSE_BALANCE: CM_BALANCE,
            EffectKind.WEAPON_TURNS_IN_HAND: CM_UNREADY,
            EffectKind.STRAINED_SHOULDER: CM_UNREADY,
            EffectKind.DROP_WEAPON: CM_DROP,
            EffectKind.WEAPON_FLIES: CM_DROP,
            EffectKind.WEAPON_BREAKS: CM_BROKEN,
            EffectKind.FALL_DOWN: CM_FALL,
            EffectKind.KNOCKED_OUT: CM_KNOCKOUT,
            EffectKind.STUMBLE_PAST: CM_STUMBLE,
            EffectKind.ROLL_OR_FALL: CM_TRIP,
            EffectKind.GUARD_DOWN: CM_GUARD,
        }
        if kind not in simple:
            return row
        row["code"] = simple[kind]
        row["trip"] = effect.modifier or 0 if kind == EffectKind.ROLL_OR_FALL else 0
        return row
    dice_count, adds, halved, damage_type, place, dr = hurt
    row.update(
        code=CM_SELF,
        dice=dice_count,
        adds=adds,
        half=int(halved),
        type=SELF_TYPES.index(damage_type),
        location=LOC[place],
        dr=dr,
    )
    return row


def _miss_table(
    battle: Battle[Any], key: str, weapon: str, mode: AttackMode, parrying: bool
) -> list[dict[str, int]]:
    """The critical-miss table (armed or unarmed) by 3d6 roll for this weapon and use."""
    fighter: Fighter = battle.state.fighters[key]
    facts = _facts(battle, key, weapon, mode, parrying)
    rows = [dict.fromkeys(_MISS_FIELDS, 0) for _ in range(3)]
    for roll in range(3, 19):
        entry = (
            rule_tables.unarmed_critical_miss(roll)
            if mode.unarmed
            else rule_tables.critical_miss(roll)
        )
        rows.append(_miss_row(fighter, mode, facts, entry))
    return rows


def _modes(scenario: Scenario, order: tuple[str, ...], index: int) -> list[tuple[str, AttackMode]]:
    fighter: Fighter = next(f for f in scenario.fighters if f.key == order[index])
    return [(w.key, m) for w in fighter.weapons for m in w.modes if m.is_melee]


def _fighter_tables(
    scenario: Scenario, order: tuple[str, ...], index: int, max_basic: int
) -> FighterTables:
    key, foe = order[index], order[1 - index]
    battle = _battle(scenario)
    fighter: Fighter = battle.state.fighters[key]
    ai = GurpsAI()
    main = next(w.key for w in fighter.weapons if not w.modes[0].unarmed)
    shield = fighter.shield
    st = _state(scenario, order)
    status = st.status[key]
    if status.hands[0] != main or (shield is not None and shield.key not in status.ready):
        raise Unsupported(f"combatant {key!r} does not start with its weapon and shield ready")

    misses: list[list[dict[str, int]]] = []
    modes: list[Mode] = []
    for weapon, mode in _modes(scenario, order, index):
        dice = mode.damage.dice(fighter.thrust, fighter.swing)
        misses.append(_miss_table(battle, key, weapon, mode, parrying=False))
        modes.append(
            Mode(
                weapon,
                mode.name,
                mode.unarmed,
                mode.thrusting,
                dice.dice,
                dice.adds,
                mode.damage.damage_type.value,
                minimum_basic_damage(mode.damage.damage_type),
                fighter.skill(mode.skill),
                len(misses) - 1,
                can_target("eye", mode.damage.damage_type),
                float(max(mode.reach)) if mode.reach else 0.0,
                0 in mode.reach,
                weapon == main,
            )
        )
    mode_index = {(m.weapon, m.name): i for i, m in enumerate(modes)}

    # Defense slots, in the order `defense_options` lists them.
    plain = _state(scenario, order)
    some_mode = next(m for _, m in _modes(scenario, order, 1 - index))
    incoming = IncomingAttack(foe, "", some_mode)
    slots: list[Slot] = []
    options = [o for o in defense_options(plain, key, incoming) if o.kind != "none"]
    weapons = {w.key: w for w in fighter.weapons}
    for defense_option in options:
        option = defense_option
        if option.retreat:
            continue
        score = defense_score(plain, key, option, incoming).value
        retreat = defense_score(
            plain, key, DefenseChoice(option.kind, option.weapon, True), incoming
        )
        unarmed = unbalanced = False
        close = option.kind == "dodge"
        step = 0
        fumble = -1
        if option.kind == "parry":
            parry_mode = next(
                m for m in weapons[option.weapon].modes if m.is_melee and m.parry.allowed
            )
            unarmed = parry_mode.unarmed
            unbalanced = parry_mode.parry.unbalanced
            close = parry_mode.unarmed or 0 in parry_mode.reach
            step = 2 if parry_mode.parry.fencing else 4
            if unarmed and not some_mode.unarmed and not some_mode.thrusting:
                score += 3  # the -3 bare hand against a weapon is added per attack
            first = next(m for m in weapons[option.weapon].modes if m.is_melee)
            misses.append(_miss_table(battle, key, option.weapon, first, parrying=True))
            fumble = len(misses) - 1
        slots.append(
            Slot(
                option.kind,
                option.weapon,
                score,
                retreat.value - defense_score(plain, key, option, incoming).value,
                step,
                unarmed,
                unbalanced,
                option.weapon == main,
                M_AOD[f"increased_{option.kind}"],
                fumble,
                close,
            )
        )
    reeling = _state(scenario, order)
    reeling.status[key].hp = -(-fighter.hp // 3) - 1
    dodge = DefenseChoice("dodge")
    dodge_reeling = (
        defense_score(plain, key, dodge, incoming).value
        - defense_score(reeling, key, dodge, incoming).value
    )

    # The AI's attack choice, plan and All-Out Defense, from its own methods.
    target = foe
    rapid_penalty = 3 if (fighter.has("weapon_master") or fighter.has("trained_by_a_master")) else 6
    d_count = D_MAX - D_MIN + 1
    shape = (4, 3, len(DISTANCES), SHOCK_LEVELS)
    choose = np.full((*shape, d_count), NO_ATTACK, dtype=np.int64)
    cache_mode = np.full(shape, NO_ATTACK, dtype=np.int64)
    plan = np.zeros((len(modes), SHOCK_LEVELS, d_count), dtype=np.int64)
    planned = np.zeros((len(modes), SHOCK_LEVELS), dtype=np.bool_)
    hands = HANDS if shield is not None else (READY,)
    plan_ids = _plan_ids()
    memo: dict[tuple[Any, ...], tuple[int, list[int]]] = {}
    for where, hand, far, shock in itertools.product(
        WEAPON_STATES, hands, range(len(DISTANCES)), range(SHOCK_LEVELS)
    ):
        state = _state(scenario, order, DISTANCES[far])
        _set_hands(state, key, main, where, hand)
        state.status[key].shock = -shock
        every = maneuver_options(state, key)
        attacks = [o for o in every if o.maneuver == "attack" and o.weapon and o.target == target]
        if not attacks:
            continue
        slot_key = (every, shock)
        if slot_key not in memo:
            scored_first = NO_ATTACK
            for attack in attacks:
                if plan_options(state, key, attack):
                    scored_first = mode_index[(attack.weapon, attack.mode)]
                    break
            codes = []
            for defense in range(D_MIN, D_MAX + 1):
                cache: dict[tuple[str, bool], int | None] = {(target, False): defense}
                values = {o: ai._attack_value(state, key, o, cache) for o in attacks}
                best = max(attacks, key=values.__getitem__)
                code = NO_ATTACK
                if values[best] > 0:
                    code = mode_index[(best.weapon, best.mode)]
                    if ai._with_step_back(state, key, best, every) != best:
                        code = ESCAPE  # striking and stepping back is not modelled
                codes.append(code)
            memo[slot_key] = (scored_first, codes)
        first_mode, codes = memo[slot_key]
        cache_mode[where, hand, far, shock] = first_mode
        choose[where, hand, far, shock] = codes
        for attack in attacks:
            m = mode_index[(attack.weapon, attack.mode)]
            plans = plan_options(state, key, attack)
            if attack.variant or not plans or planned[m, shock]:
                continue
            planned[m, shock] = True
            for defense in range(D_MIN, D_MAX + 1):
                if len(plans) == 1:
                    chosen_plan = plans[0]
                else:
                    cache = {(target, False): defense}
                    chosen_plan = ai._best_plan(state, key, attack, plans, cache)[1]
                plan[m, shock, defense - D_MIN] = plan_ids[chosen_plan]

    aod = np.zeros((4, 3), dtype=np.int64)
    for where in WEAPON_STATES:
        for hand in hands:
            state = _state(scenario, order)
            _set_hands(state, key, main, where, hand)
            state.status[key].hp = -(-fighter.hp // 3) - 1
            choice: ManeuverChoice = ai.choose(
                _decision_battle(state), Decision(key, "maneuver", maneuver_options(state, key))
            )
            if choice.variant not in ("increased_dodge", "increased_parry", "increased_block"):
                raise Unsupported(f"the AI of {key!r} would take {choice.key} when hurt")
            aod[where, hand] = M_AOD[choice.variant]
    # Without a weapon to strike with, the AI first picks up what it dropped (weapon, then
    # shield), whatever the distance - a held weapon out of reach does not count.
    pickup = np.zeros((4, 3, len(DISTANCES)), dtype=np.int64)
    for where, hand, far in itertools.product(WEAPON_STATES, hands, range(len(DISTANCES))):
        state = _state(scenario, order, DISTANCES[far])
        _set_hands(state, key, main, where, hand)
        choice = ai.choose(
            _decision_battle(state), Decision(key, "maneuver", maneuver_options(state, key))
        )
        if choice.maneuver == "ready" and choice.variant in ("pick_up", "draw"):
            pickup[where, hand, far] = PICK_WEAPON if choice.weapon == main else PICK_SHIELD

    moves = []
    for hurt in (False, True):
        state = _state(scenario, order)
        if hurt:
            state.status[key].hp = -(-fighter.hp // 3) - 1
        moves.append(move_allowance(fighter, state.status[key]))

    posture_attack = np.array(
        [rule_tables.posture(p).melee_attack for p in POSTURES], dtype=np.int64
    )
    posture_defense = np.array([rule_tables.posture(p).defense for p in POSTURES], dtype=np.int64)
    can_retreat = np.array([rule_tables.posture(p).can_retreat for p in POSTURES], dtype=np.bool_)
    miss = {
        name: np.array([[row[name] for row in table] for table in misses], dtype=np.int64)
        for name in _MISS_FIELDS
    }
    out = FighterTables(
        key=key,
        side=fighter.side,
        hp=fighter.hp,
        ht=fighter.ht,
        high_pain_threshold=fighter.has("high_pain_threshold"),
        knockback_skill=max(
            fighter.dx, fighter.skills.get("Acrobatics", 0), fighter.skills.get("Judo", 0)
        ),
        move=(moves[0], moves[1]),
        dodge_reeling=dodge_reeling,
        shield=shield is not None,
        shield_db=shield.db if shield is not None else 0,
        modes=modes,
        slots=slots,
        miss=miss,
        self_injury=np.zeros(0, dtype=np.int64),
        self_penetrated=np.zeros(0, dtype=np.bool_),
        dx=fighter.dx,
        posture_attack=posture_attack,
        posture_defense=posture_defense,
        can_retreat=can_retreat,
        cache_mode=cache_mode,
        choose=choose,
        plan=plan,
        aod=aod,
        pickup=pickup,
        rapid_penalty=rapid_penalty,
    )
    _victim_tables(out, fighter, max_basic)
    return out


def _decision_battle(state: GurpsState) -> Battle[Any]:
    """A stand-in battle holding `state`, for `GurpsAI.choose` (it reads only the state)."""

    class _Holder:
        pass

    holder: Any = _Holder()
    holder.state = state
    result: Battle[Any] = holder
    return result


def _victim_tables(out: FighterTables, fighter: Fighter, max_basic: int) -> None:
    """Injury, knockback, crippling and knockdown tables for hits on this fighter."""
    types = ("cut", "cr", "imp")
    for damage_type in types:
        wounds = np.zeros((len(LOCATIONS), 4, max_basic + 1), dtype=np.int64)
        pierced = np.zeros((len(LOCATIONS), 4, max_basic + 1), dtype=np.bool_)
        for loc, location in enumerate(LOCATIONS):
            if not can_target(location, damage_type):
                continue
            for treatment in range(4):
                for basic in range(max_basic + 1):
                    ignore = treatment == DR_IGNORED
                    halving = {DR_HALF_DOWN: "down", DR_HALF_UP: "up"}.get(treatment, "none")
                    wound = injury(
                        basic,
                        damage_type,
                        0 if ignore else fighter.dr_at(location),
                        location,
                        hp=fighter.hp,
                        location_dr=not ignore,
                        dr_halving=halving,  # type: ignore[arg-type]
                    )
                    wounds[loc, treatment, basic] = wound.injury
                    pierced[loc, treatment, basic] = wound.penetrating > 0
        out.injury[damage_type] = wounds
        out.penetrated[damage_type] = pierced
        knock = np.zeros((max_basic + 1, 2), dtype=np.int64)
        for basic in range(max_basic + 1):
            for pen in (0, 1):
                knock[basic, pen] = knockback_yards(
                    basic, damage_type, st=fighter.st, penetrated=bool(pen)
                )
        out.knockback[damage_type] = knock
    hurt = np.zeros((len(SELF_TYPES), len(LOCATIONS), 2, max_basic + 1), dtype=np.int64)
    pierced_self = np.zeros(hurt.shape, dtype=np.bool_)
    for t, damage_type in enumerate(SELF_TYPES):
        for part in ("right_leg", "right_arm", "hand", "foot"):
            for dr in (0, 1):
                for basic in range(max_basic + 1):
                    wound = injury(
                        basic,
                        damage_type,
                        fighter.dr_at(part) if dr else 0,
                        part,
                        hp=fighter.hp,
                    )
                    hurt[t, LOC[part], dr, basic] = wound.injury
                    pierced_self[t, LOC[part], dr, basic] = wound.penetrating > 0
    out.self_injury = hurt
    out.self_penetrated = pierced_self
    most = int(max(max(w.max() for w in out.injury.values()), hurt.max())) + 1
    out.cripple = np.array(
        [[cripples(i, loc, fighter.hp) for i in range(most)] for loc in LOCATIONS], dtype=np.bool_
    )
    out.knockdown_due = np.array(
        [[knockdown_roll_due(i, fighter.hp, loc) for i in range(most)] for loc in LOCATIONS],
        dtype=np.bool_,
    )
    hpt = 3 if fighter.has("high_pain_threshold") else 0
    out.knockdown_target = np.array(
        [fighter.ht + knockdown_modifier(loc) + hpt for loc in LOCATIONS], dtype=np.int64
    )
    shielded = fighter.shield is not None
    out.location_penalty = np.array(
        [
            [
                0 if loc == "torso" else rule_tables.location_penalty(loc),
                0
                if loc == "torso"
                else rule_tables.location_penalty(loc, shield_arm=shielded and loc == "left_arm"),
            ]
            for loc in LOCATIONS
        ],
        dtype=np.int64,
    )


@functools.cache
def _plan_list() -> tuple[AttackPlan, ...]:
    return tuple(
        AttackPlan(location, deceptive, rapid)
        for location in LOCATIONS
        for deceptive in range(5)
        for rapid in (False, True)
    )


@functools.cache
def _plan_ids() -> dict[AttackPlan, int]:
    return {plan: index for index, plan in enumerate(_plan_list())}


def _critical_arrays() -> dict[str, Any]:
    entries: list[CriticalEntry] = []
    entry_index: dict[tuple[str, str], int] = {}
    table = np.zeros((2, 19), dtype=np.int64)
    for head in (0, 1):
        for roll in range(3, 19):
            entry = rule_tables.critical_head_blow(roll) if head else rule_tables.critical_hit(roll)
            slot = ("head" if head else "body", entry.key)
            if slot not in entry_index:
                entry_index[slot] = len(entries)
                entries.append(entry)
            table[head, roll] = entry_index[slot]
    count = len(entries)
    arrays: dict[str, Any] = {
        "crit_entry": table,
        "crit_max": np.zeros(count, dtype=np.bool_),
        "crit_multiplier": np.ones(count, dtype=np.int64),
        "crit_dr": np.zeros(count, dtype=np.int64),
        "crit_double_shock": np.zeros(count, dtype=np.bool_),
        "crit_major": np.zeros(count, dtype=np.bool_),
        "crit_drop": np.zeros(count, dtype=np.bool_),
        "crit_lose_turn": np.zeros(count, dtype=np.bool_),
        "crit_redirect": np.zeros(count, dtype=np.bool_),
        "crit_fallback": np.zeros(count, dtype=np.int64),
    }
    inert = {
        EffectKind.DEFENSE_IMPOSSIBLE,
        EffectKind.NORMAL_DAMAGE,
        EffectKind.BRIEF_CRIPPLING,
        EffectKind.DEAFENED,
        EffectKind.SCARRED,
        EffectKind.DROP_WEAPON,  # not applied to the victim by the engine's deal_damage
    }
    for index, entry in enumerate(entries):
        for effect in entry.effects:
            kind = effect.effect
            when = set(effect.when)
            if kind in inert:
                continue
            if kind == EffectKind.MAX_DAMAGE:
                arrays["crit_max"][index] = True
            elif kind == EffectKind.DAMAGE_MULTIPLIER and effect.value:
                arrays["crit_multiplier"][index] = effect.value
            elif kind == EffectKind.DR_HALVED:
                arrays["crit_dr"][index] = DR_HALF_UP if effect.rounding == "up" else DR_HALF_DOWN
            elif kind == EffectKind.IGNORE_DR:
                arrays["crit_dr"][index] = DR_IGNORED
            elif kind == EffectKind.DOUBLE_SHOCK and when <= {Condition.PENETRATES}:
                arrays["crit_double_shock"][index] = True
            elif kind == EffectKind.MAJOR_WOUND and when <= {Condition.PENETRATES}:
                arrays["crit_major"][index] = True
            elif kind == EffectKind.DROP_HELD_ITEMS and not when:
                arrays["crit_drop"][index] = True
            elif kind == EffectKind.LOSE_NEXT_TURN and not when:
                arrays["crit_lose_turn"][index] = True
            elif kind == EffectKind.REDIRECT_TO_EYE:
                arrays["crit_redirect"][index] = True
                fallback = rule_tables.critical_head_blow(effect.fallback_roll or 4)
                arrays["crit_fallback"][index] = entry_index[("head", fallback.key)]
            else:
                raise Unsupported(f"critical result {entry.key} ({kind.value}) is not modelled")
    return arrays


def build_tables(scenario: Scenario) -> DuelTables:
    """The tables for a scenario `decline_reason` accepted (raises `Unsupported` otherwise)."""
    return _cached(json.dumps(scenario.data, sort_keys=True, default=str), scenario)


_CACHE: dict[str, DuelTables] = {}


def _cached(signature: str, scenario: Scenario) -> DuelTables:
    found = _CACHE.get(signature)
    if found is None:
        if len(_CACHE) > 16:
            _CACHE.clear()
        found = _CACHE[signature] = _build(scenario)
    return found


def _build(scenario: Scenario) -> DuelTables:
    fighters: tuple[Fighter, ...] = scenario.fighters
    order = initiative_order(fighters, {})
    most = 1
    for fighter in fighters:
        for weapon in fighter.weapons:
            for mode in weapon.modes:
                dice = mode.damage.dice(fighter.thrust, fighter.swing)
                most = max(most, 3 * (6 * dice.dice + max(dice.adds, 0)) + 3)
    first = _fighter_tables(scenario, order, 0, most)
    second = _fighter_tables(scenario, order, 1, most)
    positions = [scenario.positions.get(key, Point(0, 0)) for key in order]
    if positions[0].y != positions[1].y:
        raise Unsupported("the combatants do not start on a line of constant y")
    settings = _battle(scenario).system.settings
    plans = list(_plan_list())
    crit = _critical_arrays()
    max_injury = max(int(w.max()) for f in (first, second) for w in f.injury.values())
    return DuelTables(
        fighters=(first, second),
        x=(float(positions[0].x), float(positions[1].x)),
        max_rounds=int(settings["max_rounds"]),
        plans=plans,
        plan_location=np.array([LOC[p.location] for p in plans], dtype=np.int64),
        plan_deceptive=np.array([p.deceptive for p in plans], dtype=np.int64),
        plan_rapid=np.array([p.rapid_strike for p in plans], dtype=np.bool_),
        head_location=np.array(
            [rule_tables.location(loc).critical_table == "critical_head_blow" for loc in LOCATIONS],
            dtype=np.bool_,
        ),
        max_basic=most,
        max_injury=max_injury,
        **crit,
    )


@functools.cache
def _knockback_modifiers() -> IntArray:
    return np.array([knockback_roll_modifier(y) for y in range(64)], dtype=np.int64)


def knockback_modifier(yards: IntArray) -> IntArray:
    """`knockback_roll_modifier` for an array of yards (no Perfect Balance in the model)."""
    result: IntArray = _knockback_modifiers()[np.minimum(yards, 63)]
    return result
