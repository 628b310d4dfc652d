"""The fast path's defense slots: each active defense a duellist may choose, and its score.

`defense_slots` lists a fighter's defenses (dodge, a parry with each weapon, a
block) in the order the engine's `defense_options` offers them, each with its
base score and retreat bonus from `defense_score` - the engine's own functions
on a constructed state. A fighter with a spare weapon (`tables.py`: the state
SPARE, its main weapon broken and the spare drawn) also gets the parries with
the spare, placed where the engine lists them once the spare is drawn; and the
slots open in that state must be the engine's options there, in its order and
with the same scores, or the duel is declined.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from senjo.engine.battle import Battle
from senjo.scenario import Scenario
from senjo.sim.declines import Reason
from senjo.sim.fast_gurps.constructed import _set_hands, _state
from senjo.sim.fast_gurps.damage_tables import miss_table
from senjo.sim.fast_gurps.layout import (
    HAND_AXIS,
    LOC,
    LOCATIONS,
    M_AOD,
    PA_BREAKS,
    PA_REDIRECT,
    PA_STRIKE,
    READY,
    WEAPON_STATES,
    IntArray,
    Slot,
    Unsupported,
)
from senjo.systems.gurps.ai_values import strikes_the_arm
from senjo.systems.gurps.choices import DefenseChoice
from senjo.systems.gurps.defense import IncomingAttack, defense_options, defense_score
from senjo.systems.gurps.defense_roll import parry_may_break
from senjo.systems.gurps.model import AttackMode, Fighter
from senjo.systems.gurps.parrying_unarmed import bare_arm
from senjo.systems.gurps.state import GurpsState
from senjo.systems.gurps.wounds import Hit

__all__ = ["defense_slots", "open_slots", "parry_after", "redirects"]


def _options(state: GurpsState, key: str, incoming: IncomingAttack) -> list[DefenseChoice]:
    """The engine's active defenses against `incoming`, without their retreating forms."""
    return [o for o in defense_options(state, key, incoming) if o.kind != "none" and not o.retreat]


def _slot(
    battle: Battle[Any],
    state: GurpsState,
    key: str,
    option: DefenseChoice,
    incoming: IncomingAttack,
    misses: list[list[dict[str, int]]],
    main: str | None,
    spare: bool,
    off: str | None = None,
) -> Slot:
    """One defense as the model plays it; a parry's fumble table is added to `misses`."""
    fighter = state.fighters[key]
    foe_mode: AttackMode = incoming.mode
    raw = score = defense_score(state, key, option, incoming).value
    retreat = defense_score(state, key, DefenseChoice(option.kind, option.weapon, True), incoming)
    unarmed = unbalanced = False
    close = option.kind == "dodge"
    step = 0
    fumble = -1
    if option.kind == "parry":
        weapon = fighter.weapon(option.weapon)
        parry_mode = next(m for m in weapon.modes if m.is_melee and m.parry.allowed)
        unarmed = parry_mode.unarmed
        unbalanced = parry_mode.parry.unbalanced
        close = parry_mode.unarmed or 0 in parry_mode.reach
        step = 2 if parry_mode.parry.fencing else 4
        if fighter.has("weapon_master") or fighter.has("trained_by_a_master"):
            step //= 2  # B376: halved for a master of the weapon
        if unarmed and not foe_mode.unarmed and not foe_mode.thrusting:
            score += 3  # the -3 bare hand against a weapon is added per attack
        first = next(m for m in weapon.modes if m.is_melee)
        misses.append(miss_table(battle, key, option.weapon, first, parrying=True))
        fumble = len(misses) - 1
    return Slot(
        option.kind,
        option.weapon,
        score,
        retreat.value - raw,
        step,
        unarmed,
        unbalanced,
        option.weapon == main,
        M_AOD[f"increased_{option.kind}"],
        fumble,
        close,
        spare,
        off=option.weapon == off if off is not None else False,
    )


def defense_slots(
    battle: Battle[Any],
    plain: GurpsState,
    drawn: GurpsState | None,
    key: str,
    incoming: IncomingAttack,
    misses: list[list[dict[str, int]]],
    main: str | None,
    spare: str | None,
    off: str | None = None,
) -> list[Slot]:
    """The fighter's defense slots: those of `plain` (its main weapon and shield ready, or
    its two weapons: `off` the one in its off hand), then, with a spare (`drawn`: the state
    SPARE with the shield ready), its parries with the spare, where the engine lists them
    in that state."""
    slots = [
        _slot(battle, plain, key, o, incoming, misses, main, False, off)
        for o in _options(plain, key, incoming)
    ]
    if drawn is None or spare is None:
        return slots
    offered = _options(drawn, key, incoming)
    known = {(s.kind, s.weapon): s for s in slots}
    name, jname = f"combatant {key!r}", f"戦闘者 {key!r}"
    unmodelled = Unsupported(
        Reason(
            f"{name} defends otherwise once its spare is drawn ({spare})",
            f"{jname}は予備の武器（{spare}）を抜くと防御の選択肢が変わる",
        )
    )
    # Each parry with the spare goes where the engine lists it once the spare is drawn:
    # after the slot offered before it, and after any main-weapon slots that follow that
    # one (closed in the state SPARE, as the spare's are in the others).
    at = 0
    for option in offered:
        slot = known.get((option.kind, option.weapon))
        if slot is None:
            if option.weapon != spare:
                raise unmodelled
            slots.insert(at, _slot(battle, drawn, key, option, incoming, misses, main, True))
            at += 1
            continue
        if (
            defense_score(drawn, key, option, incoming).value
            != defense_score(plain, key, option, incoming).value
        ):
            raise unmodelled  # a score that changes once the spare is drawn
        at = next(i for i, s in enumerate(slots) if s is slot) + 1
        while at < len(slots) and slots[at].main:
            at += 1
    if [(s.kind, s.weapon) for s in slots if not s.main] != [(o.kind, o.weapon) for o in offered]:
        raise unmodelled
    return slots


def open_slots(
    battle: Battle[Any],
    scenario: Scenario,
    order: tuple[str, ...],
    key: str,
    slots: list[Slot],
    incoming: IncomingAttack,
    misses: list[list[dict[str, int]]],
    weapons: tuple[str | None, str | None, str | None],
    states: tuple[tuple[int, int], ...],
) -> IntArray:
    """[weapon state, hand state, slot] -> 1 where the engine offers the slot's defense in
    that state of `key`'s hands (`weapons`: main, spare, off-hand weapon of two),
    e.g. a parry with a weapon in hand, a bare-handed parry with a hand empty (B376). A
    bare-handed parry that only some states offer (a hand emptied) joins `slots` here,
    scored in the first such state with the shield (or the off-hand weapon) ready. The
    defenses open in each state must be the engine's, in its order, or the duel is
    declined."""
    main, spare, off = weapons
    offered = []
    # The states with the shield (or off-hand weapon) ready first: a slot's base score
    # counts the shield's DB, which the kernel takes off while the shield is not ready.
    for where, hand in sorted(states, key=lambda s: s[1] != READY):
        state = _state(scenario, order)
        _set_hands(state, key, main, where, hand, spare)
        offered.append((where, hand, state, _options(state, key, incoming)))
    name, jname = f"combatant {key!r}", f"戦闘者 {key!r}"
    unmodelled = Unsupported(
        Reason(
            f"{name} defends otherwise as its hands change",
            f"{jname}は手の状態により防御の選択肢が変わる",
        )
    )
    for _, hand, state, options in offered:
        for i, option in enumerate(options):
            names = [(s.kind, s.weapon) for s in slots]
            if (option.kind, option.weapon) in names:
                continue
            fighter = state.fighters[key]
            first = fighter.weapon(option.weapon).modes[0] if option.kind == "parry" else None
            if first is None or not first.unarmed or hand != READY or i == 0:
                raise unmodelled
            # After the defense offered before it, and after the slots this state closes
            # that follow that one (a weapon's parry with the weapon dropped).
            listed = {(o.kind, o.weapon) for o in options}
            at = names.index((options[i - 1].kind, options[i - 1].weapon)) + 1
            while at < len(slots) and names[at] not in listed:
                at += 1
            slots.insert(at, _slot(battle, state, key, option, incoming, misses, main, False, off))
    table = np.zeros((len(WEAPON_STATES), HAND_AXIS, len(slots)), np.int64)
    # Each bare-handed parry's scores in the states with the shield ready: one score each.
    bare: dict[int, set[int]] = {}
    for where, hand, state, options in offered:
        names = [(o.kind, o.weapon) for o in options]
        opened = [(s.kind, s.weapon) in names for s in slots]
        if [(s.kind, s.weapon) for s, o in zip(slots, opened, strict=True) if o] != names:
            raise unmodelled  # not the engine's order
        table[where, hand] = opened
        for j, slot in enumerate(slots):
            if opened[j] and slot.unarmed and hand == READY:
                parry = DefenseChoice(slot.kind, slot.weapon)
                bare.setdefault(j, set()).add(defense_score(state, key, parry, incoming).value)
    if any(len(scores) > 1 for scores in bare.values()):
        raise unmodelled  # a bare-handed parry scored otherwise as the hands change
    return table


def parry_after(
    rules: Any,
    fighter: Fighter,
    slots: list[Slot],
    foe: Fighter,
    foe_modes: list[tuple[str, AttackMode]],
) -> IntArray:
    """[slot, foe's mode] -> what a parry with the slot against the mode leaves (`PA_*`
    bits, `layout.py`): B376's heavy weapon that may break the parrying one
    (`defense_roll._heavy_weapon_parry`, option `heavy_parry_break`); a weapon's parry of
    a bare-handed blow, which may strike its limb (`parrying_unarmed.strike_back`, option
    `parry_strikes_limb`); a bare hand's parry of a weapon's blow, which failing lets the
    attacker strike the arm (`parrying_unarmed.redirect`). `foe_modes` are the foe's
    modes by index (a shot's last)."""
    breaking = rules.get("heavy_parry_break", "on") == "on"
    striking = rules.get("parry_strikes_limb", "on") == "on"
    table = np.zeros((len(slots), len(foe_modes)), dtype=np.int64)
    for i, slot in enumerate(slots):
        if slot.kind != "parry":
            continue
        for j, (weapon, mode) in enumerate(foe_modes):
            code = 0
            if breaking and parry_may_break(fighter.weapon(slot.weapon), foe.weapon(weapon)):
                code |= PA_BREAKS
            if mode.is_melee and mode.unarmed and striking and not slot.unarmed:
                code |= PA_STRIKE
            if mode.is_melee and not mode.unarmed and slot.unarmed:
                code |= PA_REDIRECT
            table[i, j] = code
    return table


def redirects(
    scenario: Scenario,
    order: tuple[str, ...],
    key: str,
    foe: str,
    weapons: tuple[str | None, str | None],
    states: tuple[tuple[int, int], ...],
    foe_modes: list[tuple[str, AttackMode]],
) -> IntArray:
    """[weapon state, hand state, foe's mode, location] -> where the foe's weapon lands
    when a bare-handed parry of `key`'s fails against its blow in that mode at that
    location (B376): 0 where the foe's AI keeps its aim, else the location code + 1 of
    the parrying arm it strikes instead (`parrying_unarmed.bare_arm` of `key` in that
    state, `ai_values.strikes_the_arm`). `weapons` are the main weapon and the spare,
    `states` the (weapon, hand) states the fighter may be in."""
    main, spare = weapons
    table = np.zeros((len(WEAPON_STATES), HAND_AXIS, len(foe_modes), len(LOCATIONS)), np.int64)
    for where, hand in states:
        state = _state(scenario, order)
        _set_hands(state, key, main, where, hand, spare)
        arm = bare_arm(state, key)
        for j, (weapon, mode) in enumerate(foe_modes):
            if not mode.is_melee or mode.unarmed:
                continue
            for i, location in enumerate(LOCATIONS):
                hit = Hit(foe, key, weapon, mode, location)
                if location != arm and strikes_the_arm(state, hit, arm):
                    table[where, hand, j, i] = LOC[arm] + 1
    return table
