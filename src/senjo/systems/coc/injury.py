"""Damage and its effects: armour, hard ground, shock, the HP thresholds, knock-out and death.

- Armour subtracts its points from each wound (CoC 6th edition).
- Seed 004 転倒: a prone combatant on hard ground takes blunt and impact
  damage × 1.5 (rounded down, before armour).
- Shock: a single wound of at least half the HP before it (option
  `shock_basis=max`: half the maximum HP) calls for CON × 5 or the combatant
  falls unconscious.
- HP 1–2: unconscious. HP 0 or below: dying, dead at the end of the next round
  (option `dying=instant`: dead at once).

>>> hard_ground_damage(5)
7
"""

from __future__ import annotations

from senjo.engine.battle import Battle
from senjo.engine.modifiers import Modifiers, Score
from senjo.systems.coc.checks import check
from senjo.systems.coc.conditions import release_grapple, reveal
from senjo.systems.coc.events import CocConditionChanged, CocInjured
from senjo.systems.coc.state import CocState

__all__ = ["die", "hard_ground_damage", "knock_out", "leave_fight", "wound"]


def hard_ground_damage(damage: int) -> int:
    """Seed 004 転倒: blunt or impact damage × 1.5 on hard ground, rounded down."""
    return damage * 3 // 2


def wound(
    battle: Battle[CocState],
    target: str,
    damage: int,
    cause: str,
    *,
    blunt: bool = False,
    armour: bool = True,
) -> int:
    """Apply `damage` to `target` and its consequences; returns the HP lost."""
    state = battle.state
    status = state.status[target]
    sheet = state.sheets[target]
    multiplied = damage
    if blunt and status.prone and status.floor == "hard" and state.rules.prone:
        multiplied = hard_ground_damage(damage)  # seed 004 転倒: 硬い地面で打撃/衝撃 × 1.5
    points = sheet.armour if armour else 0
    loss = max(0, multiplied - points)
    before = status.hp
    status.hp -= loss
    battle.emit(CocInjured(target, damage, multiplied, points, loss, status.hp, cause))
    if loss > 0 and not status.dead:
        _consequences(battle, target, loss, before)
    return loss


def _consequences(battle: Battle[CocState], key: str, loss: int, before: int) -> None:
    state = battle.state
    status = state.status[key]
    sheet = state.sheets[key]
    if status.hp <= 0:
        if state.rules.die_at_once:
            die(battle, key, "hp_zero")
        elif status.dying_round == 0:
            status.dying_round = state.round
            battle.emit(CocConditionChanged(key, "dying", True, "hp_zero"))
            leave_fight(battle, key, "dying")
        return
    if not status.conscious:
        return
    if status.hp <= 2:
        knock_out(battle, key, "low_hp")
        return
    basis = sheet.hp if state.rules.shock_max else before
    if loss * 2 >= basis:
        score = Score(sheet.constitution * 5, Modifiers())
        if not check(battle, key, "shock", score).success:
            knock_out(battle, key, "shock")


def knock_out(battle: Battle[CocState], key: str, cause: str) -> None:
    """The combatant falls unconscious and is out of the fight."""
    status = battle.state.status[key]
    if status.conscious and not status.dead:
        status.conscious = False
        battle.emit(CocConditionChanged(key, "unconscious", True, cause))
        leave_fight(battle, key, "unconscious")


def die(battle: Battle[CocState], key: str, cause: str) -> None:
    """The combatant dies."""
    status = battle.state.status[key]
    if not status.dead:
        status.dead = True
        battle.emit(CocConditionChanged(key, "dead", True, cause))
        leave_fight(battle, key, "dead")


def leave_fight(battle: Battle[CocState], key: str, cause: str) -> None:
    """A combatant out of the fight lets go, is let go, stops hiding and aiming."""
    status = battle.state.status[key]
    release_grapple(battle, key, cause)
    if status.held_by:
        release_grapple(battle, status.held_by, cause)
    reveal(battle, key, cause)
    status.aiming = False
