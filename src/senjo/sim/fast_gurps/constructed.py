"""The constructed states the GURPS fast path's tables ask the engine about.

`tables.py`, `ranged_tables.py` and `defense_tables.py` build their tables by
calling the engine's own rule functions and AI on battle states made here: a
fresh state with the fighters a given distance apart (`_state`), a weapon
dropped, turned or broken (`_set_weapon`), the spare drawn or a shooter's
sidearm swapped in (`_set_hands`), a battle holding a state for the AI to read
(`_decision_battle`), and which spare weapon the AI goes to (`_spare`).
"""

from __future__ import annotations

from typing import Any

from senjo.dice.roller import ScriptedDice
from senjo.engine.battle import Battle
from senjo.engine.decision import Decision
from senjo.scenario import Scenario
from senjo.scenario.battle import build_battle
from senjo.sim.fast_gurps.accept import main_weapon, off_weapon, shooter
from senjo.sim.fast_gurps.layout import (
    BROKEN,
    DROPPED,
    LAME,
    MAIMED,
    OFF_LAME,
    READY,
    SPARE,
    SPARE_BROKEN,
    SPARE_DROPPED,
    SPARE_STATES,
    SPARE_UNREADY,
    UNREADY,
)
from senjo.space.plane import Point
from senjo.systems.gurps.ai import GurpsAI
from senjo.systems.gurps.choices import ManeuverChoice
from senjo.systems.gurps.hands import let_go
from senjo.systems.gurps.item_sets import without_item
from senjo.systems.gurps.maneuvers import maneuver_options
from senjo.systems.gurps.model import AttackMode, Fighter
from senjo.systems.gurps.reach import effective_mode
from senjo.systems.gurps.readying import ready
from senjo.systems.gurps.ruleset import RuleSet
from senjo.systems.gurps.state import GurpsState
from senjo.systems.gurps.system import Gurps

__all__: list[str] = []


def _state(scenario: Scenario, order: tuple[str, ...], distance: float = 1.0) -> GurpsState:
    """A fresh battle state with its rules and turn order set, the fighters `distance` apart."""
    battle = _battle(scenario)
    state: GurpsState = battle.state
    state.rules = RuleSet(battle.system.settings)
    state.order = order
    state.status[order[0]].position = Point(0.0, 0.0)
    state.status[order[1]].position = Point(distance, 0.0)
    return state


def _battle(scenario: Scenario) -> Battle[Any]:
    return build_battle(scenario, seed=0)


def _thrown(fighter: Fighter, weapon: str) -> bool:
    """True for a weapon that can only be thrown (a javelin: `accept.shooter`): the weapon
    state BROKEN stands for it thrown."""
    modes = fighter.weapon(weapon).modes
    return all(m.ranged is not None and m.ranged.thrown for m in modes)


def _set_weapon(state: GurpsState, key: str, weapon: str | None, where: int) -> None:
    if weapon is None:  # natural weapons only: nothing to drop, break or unready
        return
    status = state.status[key]
    if where in (DROPPED, BROKEN):
        let_go(status, weapon)
        if where == BROKEN and _thrown(state.fighters[key], weapon):
            status.thrown.add(weapon)  # a thrown weapon, gone once thrown (B373)
        else:
            (status.dropped if where == DROPPED else status.broken).add(weapon)
    elif where == UNREADY:
        status.ready = without_item(status.ready, weapon)
    elif where == LAME:  # B556, 15: held, unready, in an arm of no use (`criticals.py`)
        status.crippled.add("weapon_arm")
        status.ready = without_item(status.ready, weapon)
    elif where == MAIMED:  # B420: fallen from a crippled arm (`crippling.take_effect`)
        status.crippled.add("right_arm")
        let_go(status, weapon)
        status.dropped.add(weapon)


def _set_hands(
    state: GurpsState,
    key: str,
    weapon: str | None,
    where: int,
    hand: int,
    spare: str | None = None,
    swapped: bool = False,
    legs: bool = False,
) -> None:
    """The weapon (`where`) and the shield or the off-hand weapon of two (`hand`: ready,
    held unready, dropped) as given; with `legs`, a leg crippled (B420-421) and the
    fighter kneeling, as it does for good (`crippling.take_effect`, `GurpsAI`).
    SPARE: the main weapon broken, then the spare drawn by the engine's Ready (B382); or,
    `swapped`, a shooter's missile weapon empty and the spare readied in its place by a
    Ready (swap), which lets it fall."""
    if where in SPARE_STATES:
        assert spare is not None and weapon is not None
        if swapped:
            state.status[key].shots[weapon] = 0
            swap = ManeuverChoice("ready", "swap", weapon=spare)
            ready(_decision_battle(state), key, swap)
        else:
            _set_weapon(state, key, weapon, BROKEN)
            ready(_decision_battle(state), key, ManeuverChoice("ready", "draw", weapon=spare))
        _set_weapon(
            state,
            key,
            spare,
            {SPARE_DROPPED: DROPPED, SPARE_UNREADY: UNREADY, SPARE_BROKEN: BROKEN}.get(
                where, READY
            ),
        )
    else:
        _set_weapon(state, key, weapon, where)
    fighter = state.fighters[key]
    second = fighter.shield.key if fighter.shield is not None else off_weapon(fighter)
    if hand == OFF_LAME and off_weapon(fighter) is None:  # B420: the off arm crippled
        state.status[key].crippled.add("left_arm")
        _set_weapon(state, key, second, DROPPED)  # its shield fallen (if any)
    else:
        _set_weapon(state, key, second, hand)  # the shield, or the off-hand weapon of two
    if legs:
        state.status[key].crippled.add("right_leg")
        state.status[key].posture = "kneeling"


def _modes(scenario: Scenario, order: tuple[str, ...], index: int) -> list[tuple[str, AttackMode]]:
    """The fighter's melee modes as its first grip holds them: a reach marked "*" is its
    shortest (B269, `reach.effective_mode`); the AI never takes the Ready that changes it."""
    fighter: Fighter = next(f for f in scenario.fighters if f.key == order[index])
    fresh = _state(scenario, order).status[fighter.key]
    modes = [(w.key, effective_mode(fresh, w.key, m)) for w in fighter.weapons for m in w.modes]
    return [(w, m) for w, m in modes if m is not None and m.is_melee]


def _spare(scenario: Scenario, order: tuple[str, ...], index: int) -> str | None:
    """The weapon the AI draws once its main weapon breaks (`GurpsAI._maneuver`: the first
    sheathed one), or None: none to draw, or not a melee weapon drawn into the main hand.
    A shooter's must also be the one it swaps for its empty missile weapon with the foe
    within its Move, ending in the main hand too."""
    key = order[index]
    fighter: Fighter = next(f for f in scenario.fighters if f.key == key)
    main = main_weapon(fighter)
    if main is None:
        return None
    if shooter(fighter) is not None:
        near = _state(scenario, order, float(max(fighter.basic_move, 1)))
        near.status[key].shots[main] = 0
        swap: ManeuverChoice = GurpsAI().choose(
            _decision_battle(near), Decision(key, "maneuver", maneuver_options(near, key))
        )
        if swap.maneuver != "ready" or swap.variant != "swap" or swap.weapon is None:
            return None
        _set_hands(near, key, main, SPARE, READY, swap.weapon, swapped=True)
        if near.status[key].hands[0] != swap.weapon or main not in near.status[key].dropped:
            return None
    state = _state(scenario, order)
    _set_weapon(state, key, main, BROKEN)
    choice: ManeuverChoice = GurpsAI().choose(
        _decision_battle(state), Decision(key, "maneuver", maneuver_options(state, key))
    )
    if choice.maneuver != "ready" or choice.variant != "draw" or choice.weapon == main:
        return None
    drawn = choice.weapon
    if shooter(fighter) is not None and drawn != swap.weapon:
        return None
    if drawn is None or not any(m.is_melee for m in fighter.weapon(drawn).modes):
        return None
    _set_hands(state, key, main, SPARE, READY, drawn)
    if state.status[key].hands[0] != drawn:
        return None
    return drawn


def _decision_battle(state: GurpsState) -> Battle[Any]:
    """A battle holding `state` without playing it, for `GurpsAI.choose` (it reads only
    the state; a die rolled would end the script at once)."""
    return Battle(Gurps(), state, ScriptedDice([]), start=False)
