"""A DEX turn's legal actions, and resolving the chosen one.

One attack a round (firearms fire up to their rate of fire). No attack after
a dodge in the base game, after a dodge focus, or after protecting someone
(seed 004 庇う needs a round without attacking). Melee needs melee reach;
guns and thrown weapons reach twice their base range. Seed 004 転倒: a prone
combatant only fires guns, reloads, stands up, crawls or waits. A held
combatant can only struggle (base game) or wait; a grappler keeps its hold,
throws or lets go. A combatant fixed by a taunt attacks and closes on the
taunter only.
"""

from __future__ import annotations

from typing import Final

from senjo.engine.battle import Battle, Steps
from senjo.systems.coc.attacks import attack
from senjo.systems.coc.choices import ActionChoice
from senjo.systems.coc.conditions import break_aim, release_grapple
from senjo.systems.coc.grapple import grapple_size_allows, keep_hold, throw, try_escape
from senjo.systems.coc.model import Weapon
from senjo.systems.coc.special_actions import (
    aim,
    can_hide,
    can_withdraw,
    close,
    flee,
    hide,
    reload,
    stand_up,
    withdraw,
)
from senjo.systems.coc.state import CocState

__all__ = ["action_options", "attack_options", "can_attack", "fixed_target", "resolve_action"]

_WAIT: Final = ActionChoice("do_nothing")
_FLEE: Final = ActionChoice("flee")


def can_attack(state: CocState, key: str) -> bool:
    """True if `key` may still make its attack this round."""
    status = state.status[key]
    return not (
        status.attacked or status.gave_up_attack or status.dodge_focus or status.protected_someone
    )


def fixed_target(state: CocState, key: str) -> str:
    """Seed 004 挑発: whom `key` must attack, while the taunt lasts and the taunter is there."""
    status = state.status[key]
    taunter = status.fixed_on
    if taunter and status.fixed_turns > 0:
        other = state.status[taunter]
        if other.active and not other.hidden:
            return taunter
    return ""


def _attacks(state: CocState, key: str, target: str) -> list[ActionChoice]:
    sheet = state.sheets[key]
    status = state.status[key]
    rules = state.rules
    prone_only_guns = rules.prone and status.prone
    engaged = state.is_engaged(key, target)
    distance = state.distance(key, target)
    found: list[ActionChoice] = []
    for weapon in sheet.weapons:
        if prone_only_guns and not weapon.is_firearm:
            continue
        if status.disarmed and not weapon.unarmed:
            continue
        if weapon.is_melee:
            if engaged:
                found.extend(_melee_variants(state, key, target, weapon))
            continue
        if distance > 2 * weapon.base_range:
            continue
        if weapon.is_firearm:
            loaded = status.shots.get(weapon.key, 0)
            if weapon.key in status.jammed or loaded <= 0:
                continue
            for shots in range(1, min(weapon.rof, loaded) + 1):
                found.append(ActionChoice("attack", target, weapon.key, shots=shots))
        else:
            found.append(ActionChoice("attack", target, weapon.key))
    return found


def _melee_variants(state: CocState, key: str, target: str, weapon: Weapon) -> list[ActionChoice]:
    if weapon.kind == "grapple":
        sheets = state.sheets
        if state.rules.grapple_size and not grapple_size_allows(
            sheets[key].size, sheets[target].size
        ):
            return []
        found = [ActionChoice("attack", target, weapon.key)]
        if state.rules.tackle:
            found.append(ActionChoice("attack", target, weapon.key, "tackle"))
        return found
    found = [ActionChoice("attack", target, weapon.key)]
    if weapon.blunt:
        found.append(ActionChoice("attack", target, weapon.key, "knockout"))
    return found


def _targets(state: CocState, key: str) -> list[str]:
    fixed = fixed_target(state, key)
    if fixed:
        return [fixed]
    return [f for f in state.foes(key) if not state.status[f].hidden]


def attack_options(state: CocState, key: str) -> list[ActionChoice]:
    """The attacks `key` could make now, whether or not it has attacked this round."""
    return [option for target in _targets(state, key) for option in _attacks(state, key, target)]


def action_options(state: CocState, key: str) -> tuple[ActionChoice, ...]:
    """Every legal action of `key`'s DEX turn, waiting last (fleeing just before it)."""
    status = state.status[key]
    sheet = state.sheets[key]
    rules = state.rules
    if status.held_by:
        return (ActionChoice("escape"), _WAIT) if not rules.grapple_hold else (_WAIT,)
    if status.holding:
        held = status.holding
        grappling = [ActionChoice("hold", held)]
        if rules.throw and can_attack(state, key):
            grappling.append(ActionChoice("throw", held))
        grappling.append(ActionChoice("release", held))
        return tuple(grappling)
    targets = _targets(state, key)
    options: list[ActionChoice] = []
    if can_attack(state, key):
        options.extend(attack_options(state, key))
    if status.prone:
        options.append(ActionChoice("stand_up"))
    if rules.aim:
        options.append(ActionChoice("aim"))
    if rules.hide and not (rules.prone and status.prone) and can_hide(state, key):
        options.append(ActionChoice("hide"))
    for target in targets:
        if not state.is_engaged(key, target):
            options.append(ActionChoice("close", target))
    if rules.withdraw and can_withdraw(state, key):
        options.append(ActionChoice("withdraw"))
    for weapon in sheet.weapons:
        jammed = weapon.key in status.jammed
        if weapon.is_firearm and not jammed and status.shots.get(weapon.key, 0) < weapon.shots:
            options.append(ActionChoice("reload", weapon=weapon.key))
    if sheet.flee_at is not None and status.hp <= sheet.flee_at:
        options.append(_FLEE)  # senjo's morale rule: broken, it may flee
    options.append(_WAIT)
    return tuple(options)


def resolve_action(battle: Battle[CocState], key: str, choice: ActionChoice) -> Steps:
    """Carry out the chosen action."""
    action = choice.action
    if action not in ("aim", "do_nothing", "attack", "hold"):
        break_aim(battle, key, "acted")
    if action == "attack":
        yield from attack(battle, key, choice)
    elif action == "aim":
        aim(battle, key)
    elif action == "hide":
        hide(battle, key)
    elif action == "close":
        close(battle, key, choice.target)
    elif action == "withdraw":
        withdraw(battle, key)
    elif action == "flee":
        flee(battle, key)
    elif action == "stand_up":
        stand_up(battle, key)
    elif action == "reload":
        reload(battle, key, choice.weapon)
    elif action == "hold":
        keep_hold(battle, key)
    elif action == "throw":
        status = battle.state.status[key]
        status.attacked, status.last_attack_round = True, battle.state.round
        throw(battle, key, choice.target)
    elif action == "release":
        release_grapple(battle, key, "released")
    elif action == "escape":
        try_escape(battle, key)
