"""Lookup tables for the GURPS fast path, built by calling the engine's own functions.

Everything the vectorised duel needs to know about the rules and the AI is
worked out here once per scenario, by the engine's code on constructed
states. The AI's choices come from `ai_tables.py`: its attack choice and plan
for every weapon state (ready, dropped, twisted, broken; a spare drawn once the
main weapon is broken, dropped or twisted in its turn), shield state, distance
class, shock level and defense the foe can have; its All-Out Defense variant
and what it picks up. Each defense option's base score and retreat bonus come
from `defense_tables.py`, the tables of harm (injury, knockback, crippling,
knockdown, the critical hit, head-blow and critical-miss tables) from
`damage_tables.py`, the codes and dataclasses from `layout.py` (the names
the package and its tests use are re-exported here). The battle loop
(`batch.py`) only indexes these arrays.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import math

import numpy as np

from senjo.scenario import Scenario
from senjo.sim.declines import Reason
from senjo.sim.fast_gurps.accept import main_weapon, off_weapon, shooter
from senjo.sim.fast_gurps.ai_tables import ai_tables, melee_states, plan_list
from senjo.sim.fast_gurps.constructed import (
    _battle,
    _modes,
    _set_hands,
    _spare,
    _state,
)
from senjo.sim.fast_gurps.damage_tables import (
    MISS_FIELDS,
    critical_arrays,
    miss_table,
    victim_tables,
)
from senjo.sim.fast_gurps.defense_tables import (
    defense_slots,
    open_slots,
    parry_after,
    redirects,
)
from senjo.sim.fast_gurps.layout import (
    BROKEN,
    CM_LAME,
    CM_STRAIN,
    D_MAX,
    D_MIN,
    DISTANCES,
    DR_HALF_DOWN,
    DR_HALF_UP,
    DR_IGNORED,
    DR_NORMAL,
    DROPPED,
    KNEELING,
    KNOCK_MARGIN,
    LAME_ARM,
    LOC,
    LOCATIONS,
    MAIN_ARM,
    NEVER_FLEES,
    NO_LEGS,
    OFF_ARM,
    POSTURES,
    RANDOM,
    READY,
    SHOCK_LEVELS,
    SPARE,
    UNREADY,
    DuelTables,
    FighterTables,
    Mode,
    Unsupported,
    distances,
    judge_table,
)
from senjo.sim.fast_gurps.legs import leg_shift
from senjo.sim.fast_gurps.off_hand import off_blow, off_hand_modifier
from senjo.sim.fast_gurps.ranged_tables import drop_tables, shooter_tables
from senjo.space.plane import Point
from senjo.systems.gurps import tables as rule_tables
from senjo.systems.gurps.choices import DefenseChoice
from senjo.systems.gurps.damage import minimum_basic_damage
from senjo.systems.gurps.defense import IncomingAttack, defense_score
from senjo.systems.gurps.injury import can_target
from senjo.systems.gurps.maneuvers import maneuver_options
from senjo.systems.gurps.model import AttackMode, Fighter
from senjo.systems.gurps.reach import move_allowance, steps_out_to_strike
from senjo.systems.gurps.sight import ONE_EYE, one_eyed
from senjo.systems.gurps.state import GurpsState
from senjo.systems.gurps.system import initiative_order
from senjo.systems.gurps.wild_swing import darkness
from senjo.systems.gurps.wounds import weapon_dice

__all__ = [
    "BROKEN",
    "DROPPED",
    "DR_HALF_DOWN",
    "DR_HALF_UP",
    "DR_IGNORED",
    "DR_NORMAL",
    "D_MAX",
    "D_MIN",
    "LOCATIONS",
    "POSTURES",
    "READY",
    "SHOCK_LEVELS",
    "UNREADY",
    "DuelTables",
    "FighterTables",
    "Unsupported",
    "build_tables",
    "initiative_tie",
    "judge_table",
]

# --- building ---------------------------------------------------------------------------------


def _longest_reach(scenario: Scenario) -> int:
    """The longest reach, in whole yards, of any melee mode in the duel."""
    return max(
        (
            int(max(m.reach))
            for f in scenario.fighters
            for w in f.weapons
            for m in w.modes
            if m.is_melee and m.reach
        ),
        default=0,
    )


def _fighter_tables(
    scenario: Scenario,
    order: tuple[str, ...],
    index: int,
    max_basic: int,
    classes: tuple[float, ...] = DISTANCES,
    start: float = 1.0,
    top: int = 0,
) -> FighterTables:
    """One fighter's tables, the duel starting `start` yards apart; a shooter's shots are
    covered up to `top` yards. A fighter in melee with a weapon in its main hand gets the
    states LAME (a shoulder strained, B556) and MAIMED (the arm crippled, B420) where its
    AI's choices there are ones the tables hold; else a strained shoulder or a crippled
    weapon arm hands the battle to the engine."""
    fighter = next(f for f in scenario.fighters if f.key == order[index])
    if main_weapon(fighter) is not None and shooter(fighter) is None:
        with contextlib.suppress(Unsupported):
            return _tables_of(scenario, order, index, max_basic, classes, start, top, True)
    return _tables_of(scenario, order, index, max_basic, classes, start, top, False)


def _tables_of(
    scenario: Scenario,
    order: tuple[str, ...],
    index: int,
    max_basic: int,
    classes: tuple[float, ...],
    start: float,
    top: int,
    lames: bool,
) -> FighterTables:
    """`_fighter_tables`, with the states LAME and MAIMED if `lames`."""
    key, foe = order[index], order[1 - index]
    battle = _battle(scenario)
    fighter: Fighter = battle.state.fighters[key]
    main = main_weapon(fighter)  # None: natural weapons only (claws, fists)
    off = off_weapon(fighter)  # a second weapon ready, in the off hand (`off_hand.py`)
    spare = _spare(scenario, order, index)  # drawn once the main weapon breaks (SPARE)
    shield = fighter.shield
    st = _state(scenario, order)
    status = st.status[key]
    held = (main is None or status.hands[0] == main) and (off is None or status.hands[1] == off)
    if not held or (shield is not None and shield.key not in status.ready):
        raise Unsupported(
            Reason(
                f"combatant {key!r} does not start with its weapon and shield ready",
                f"戦闘者 {key!r} の武器と盾が最初から構えられていない",
            )
        )

    misses: list[list[dict[str, int]]] = []
    modes: list[Mode] = []
    lighting = darkness(st)  # B394, on every attack roll: part of each mode's base skill
    one_eye = ONE_EYE if one_eyed(status) else 0  # One Eye (B147): -1 on every attack roll

    def off_hand(weapon: str, mode: AttackMode) -> int:  # B417: the off hand's -4
        return off_hand_modifier(st, key, foe, weapon, mode) if weapon == off else 0

    for weapon, mode in _modes(scenario, order, index):
        dice = mode.damage.dice(fighter.thrust, fighter.swing)
        misses.append(miss_table(battle, key, weapon, mode, parrying=False))
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
                fighter.skill(mode.skill) - lighting + off_hand(weapon, mode) + one_eye,
                len(misses) - 1,
                can_target("eye", mode.damage.damage_type),
                float(max(mode.reach)) if mode.reach else 0.0,
                0 in mode.reach,
                weapon == main,
                float(mode.damage.armor_divisor),
                steps_out_to_strike(mode),
                weapon == spare,
                off=weapon == off,
            )
        )
    mode_index = {(m.weapon, m.name): i for i, m in enumerate(modes)}

    # Defense slots, in the order `defense_options` lists them (`defense_tables.py`).
    plain = _state(scenario, order)
    some_mode = next(m for _, m in _modes(scenario, order, 1 - index))
    incoming = IncomingAttack(foe, "", some_mode)
    drawn = None
    if spare is not None:
        drawn = _state(scenario, order)
        _set_hands(drawn, key, main, SPARE, READY, spare)
    slots = defense_slots(battle, plain, drawn, key, incoming, misses, main, spare, off)
    states = melee_states(fighter, off, spare, lames)
    offered = open_slots(
        battle, scenario, order, key, slots, incoming, misses, (main, spare, off), states
    )
    reeling = _state(scenario, order)
    reeling.status[key].hp = -(-fighter.hp // 3) - 1
    dodge = DefenseChoice("dodge")
    dodge_reeling = (
        defense_score(plain, key, dodge, incoming).value
        - defense_score(reeling, key, dodge, incoming).value
    )

    # The AI's attack choice, plan, All-Out Defense and pick-ups, from its own methods.
    rapid_penalty = 3 if (fighter.has("weapon_master") or fighter.has("trained_by_a_master")) else 6
    shooting = shooter(fighter) is not None
    ai = ai_tables(scenario, order, index, fighter, (main, off, spare), classes, modes, lames=lames)

    moves = []
    for hurt in (False, True):
        state = _state(scenario, order)
        if hurt:
            state.status[key].hp = -(-fighter.hp // 3) - 1
        moves.append(move_allowance(fighter, state.status[key]))

    posture_attack = np.array(
        [rule_tables.posture(p).melee_attack for p in POSTURES], dtype=np.int64
    )
    # A crippled leg (B420-421): kneeling for good, the AI's choices read at the posture's
    # attack penalty in more shock levels, where that holds (`legs.py`); not a shooter's.
    shift = NO_LEGS
    kneeling_shift = -int(posture_attack[KNEELING])
    if not shooting and 0 <= kneeling_shift < SHOCK_LEVELS:
        with contextlib.suppress(Unsupported):
            kneeling = ai_tables(
                scenario,
                order,
                index,
                fighter,
                (main, off, spare),
                classes,
                modes,
                lames=lames,
                legs=True,
                shocks=SHOCK_LEVELS - kneeling_shift,  # the levels the kernel reads
            )
            shift = leg_shift(ai, kneeling, kneeling_shift)
    posture_defense = np.array([rule_tables.posture(p).defense for p in POSTURES], dtype=np.int64)
    can_retreat = np.array([rule_tables.posture(p).can_retreat for p in POSTURES], dtype=np.bool_)
    miss = {
        name: np.array([[row[name] for row in table] for table in misses], dtype=np.int64)
        for name in MISS_FIELDS
    }
    # B376: what a parry leaves - a much heavier weapon may break the parrying one; bare
    # hands and weapons parrying each other escape (`defense_tables.parry_after`).
    foe_fighter = battle.state.fighters[foe]
    foe_modes = _modes(scenario, order, 1 - index)
    # A shooter's shot is the mode after its blows (`ranged_tables._add_mode`): a thrown
    # weapon is parried, and may break the parrying weapon as a blow would.
    foe_shot = shooter(foe_fighter)
    every_foe_mode = foe_modes + ([foe_shot] if foe_shot is not None else [])
    parried = parry_after(plain.rules, fighter, slots, foe_fighter, every_foe_mode)
    out = FighterTables(
        key=key,
        side=fighter.side,
        hp=fighter.hp,
        ht=fighter.ht,
        high_pain_threshold=fighter.has("high_pain_threshold"),
        low_pain_threshold=fighter.has("low_pain_threshold"),
        hard_to_kill=fighter.level("hard_to_kill") if fighter.has("hard_to_kill") else 0,
        knockback_skill=max(
            fighter.dx, fighter.skills.get("Acrobatics", 0), fighter.skills.get("Judo", 0)
        )
        + (4 if fighter.has("perfect_balance") else 0),  # `injury.knockback_roll_modifier`
        move=(moves[0], moves[1]),
        dodge_reeling=dodge_reeling,
        shield=shield is not None,
        shield_db=shield.db if shield is not None else 0,
        modes=modes,
        slots=slots,
        offered=offered,
        miss=miss,
        self_injury=np.zeros(0, dtype=np.int64),
        self_penetrated=np.zeros(0, dtype=np.bool_),
        dx=fighter.dx,
        will=fighter.will,
        posture_attack=posture_attack,
        posture_defense=posture_defense,
        can_retreat=can_retreat,
        cache_mode=ai.cache_mode,
        choose=ai.choose,
        choose_value=ai.choose_value,
        plan=ai.plan,
        aod=ai.aod,
        pickup=ai.pickup,
        striking=ai.striking,
        rapid_penalty=rapid_penalty,
        parry_after=parried,
        redirect=redirects(
            scenario,
            order,
            key,
            foe,
            (main, spare),
            states,
            every_foe_mode,
        ),
        dual=off is not None,
        plan_dual=ai.plan_dual,
        leg_shift=shift,
    )
    if off is not None:
        off_blow(out, st, key, foe, main, mode_index)
    foe_divisors = {
        (m.damage.damage_type.value, float(m.damage.armor_divisor))
        for m in [m for _, m in _modes(scenario, order, 1 - index)]
        + ([foe_shot[1]] if foe_shot is not None else [])
    }
    victim_tables(out, fighter, max_basic, foe_divisors)

    def state_at(distance: float) -> GurpsState:
        return _state(scenario, order, distance)

    if shooting:
        shooter_tables(state_at, battle, key, foe, start, top, out)
        _before_shot(state_at(1.0), key, out)
        out.has_spare = spare is not None
    if foe_shot is not None:  # the target of the foe's shots
        drop_tables(state_at, battle, key, foe, start, out)
    out.lames = lames
    if not lames or off is not None:  # a crippled off arm: the engine's to play
        out.lame_part[out.lame_part == OFF_ARM] = LAME_ARM
    if not lames:  # a strained shoulder, a crippled weapon arm: the engine's to play
        out.miss["code"][out.miss["code"] == CM_STRAIN] = CM_LAME
        out.lame_part[out.lame_part == MAIN_ARM] = LAME_ARM
    return out


def _before_shot(state: GurpsState, key: str, out: FighterTables) -> None:
    """`Mode.before_shot` of a shooter's blows: whether the engine lists the blow's Attack
    before the shot's (`maneuver_options` a yard from the foe)."""
    shot = out.modes[out.ranged]
    order = [(o.weapon, o.mode) for o in maneuver_options(state, key) if o.maneuver == "attack"]
    if (shot.weapon, shot.name) not in order:
        return
    place = order.index((shot.weapon, shot.name))
    for mode in out.modes:
        if (mode.weapon, mode.name) in order[:place]:
            mode.before_shot = True


def build_tables(scenario: Scenario, lead: str | None = None) -> DuelTables:
    """The tables for a scenario `decline_reason` accepted (raises `Unsupported` otherwise),
    with the fighters in initiative order - or with `lead` first (an initiative tie, which
    each battle settles with its first dice)."""
    signature = json.dumps([scenario.data, lead], sort_keys=True, default=str)
    return _cached(signature, scenario, lead)


_CACHE: dict[str, DuelTables] = {}


def _cached(signature: str, scenario: Scenario, lead: str | None) -> DuelTables:
    found = _CACHE.get(signature)
    if found is None:
        if len(_CACHE) > 64:
            _CACHE.clear()
        found = _CACHE[signature] = _build(scenario, lead)
    return found


def initiative_tie(scenario: Scenario) -> bool:
    """Whether the two fighters tie on Basic Speed and DX, so a roll decides who goes first."""
    first, second = scenario.fighters
    return (first.basic_speed, first.dx) == (second.basic_speed, second.dx)


def _steady(scenario: Scenario) -> Scenario:
    """The scenario without `flee_at`, for asking the AI: the model takes a flight before the
    AI's maneuver, so the tables hold only the choices of a fighter that fights on."""
    fighters = tuple(dataclasses.replace(f, flee_at=None) for f in scenario.fighters)
    return dataclasses.replace(scenario, fighters=fighters)


def _build(
    scenario: Scenario, lead: str | None = None, reach: int | None = None, span: float = 0.0
) -> DuelTables:
    """The duel's tables; its distance classes those of the longest `reach` (a group's
    pair of fighters is tabulated on the group's classes), by default its own; its shots
    covered as far as the two stand apart or `span` yards (a group's longest maximum
    range), each shooter's at most to its own weapon's maximum range."""
    fighters: tuple[Fighter, ...] = scenario.fighters
    order = initiative_order(fighters, {} if lead is None else {lead: 1})
    most = 1
    for fighter in fighters:
        for weapon in fighter.weapons:
            for mode in weapon.modes:
                dice = weapon_dice(fighter, mode)
                most = max(most, 3 * (6 * dice.dice + max(dice.adds, 0)) + 3)
    steady = _steady(scenario)
    classes = distances(_longest_reach(scenario) if reach is None else reach)
    positions = [scenario.positions.get(key, Point(0, 0)) for key in order]
    start = abs(float(positions[1].x) - float(positions[0].x))
    top = max(math.ceil(max(start, span)), len(classes) - 1) + KNOCK_MARGIN
    first = _fighter_tables(steady, order, 0, most, classes, start, top)
    second = _fighter_tables(steady, order, 1, most, classes, start, top)
    by_key = {fighter.key: fighter for fighter in fighters}
    for tables, key in ((first, order[0]), (second, order[1])):
        flee_at = by_key[key].flee_at
        tables.flee_at = NEVER_FLEES if flee_at is None else flee_at
    if positions[0].y != positions[1].y:
        raise Unsupported(
            Reason(
                "the combatants do not start on a line of constant y",
                "戦闘者の初期位置が y 一定の直線上にない",
            )
        )
    settings = _battle(scenario).system.settings
    plans = list(plan_list())
    crit = critical_arrays()
    max_injury = max(int(w.max()) for f in (first, second) for w in f.injury.values())
    return DuelTables(
        fighters=(first, second),
        x=(float(positions[0].x), float(positions[1].x)),
        max_rounds=int(settings["max_rounds"]),
        plans=plans,
        plan_location=np.array([LOC.get(p.location, RANDOM) for p in plans], dtype=np.int64),
        plan_deceptive=np.array([p.deceptive for p in plans], dtype=np.int64),
        plan_rapid=np.array([p.rapid_strike for p in plans], dtype=np.bool_),
        hit_location=np.array(
            [LOC[rule_tables.hit_location(roll).key] if roll >= 3 else 0 for roll in range(19)],
            dtype=np.int64,
        ),
        head_location=np.array(
            [rule_tables.location(loc).critical_table == "critical_head_blow" for loc in LOCATIONS],
            dtype=np.bool_,
        ),
        max_basic=most,
        max_injury=max_injury,
        distance_top=len(classes) - 1,
        **crit,
    )
