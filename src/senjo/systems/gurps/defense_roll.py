"""Rolling an active defense (B374-377): the roll, its costs (a retreat's move, the parry
or block counted, Feverish Defense's FP), how many hits it stops, and what follows it - a
critical failure, a parrying weapon broken by a heavy one (B376), a weapon's parry that
strikes a bare-handed attacker's limb (B376, `parrying_unarmed.py`), a bare-handed parry
that opens an arm lock. Which defenses there are and their scores: `defense.py`."""

from __future__ import annotations

from senjo.dice.systems.gurps import success_roll
from senjo.engine.battle import Battle
from senjo.systems.gurps.bare_hands import note_parry
from senjo.systems.gurps.choices import DefenseChoice
from senjo.systems.gurps.criticals import defense_critical_failure
from senjo.systems.gurps.defense import IncomingAttack, defense_score
from senjo.systems.gurps.events import DefenseRolled, ItemChanged, Moved
from senjo.systems.gurps.extra_effort import EXTRA_EFFORT
from senjo.systems.gurps.field import body_of, facing_name, field_of
from senjo.systems.gurps.grips import check_grips
from senjo.systems.gurps.hands import let_go
from senjo.systems.gurps.hexfield import HexField
from senjo.systems.gurps.model import Weapon
from senjo.systems.gurps.parrying_unarmed import strike_back
from senjo.systems.gurps.ranged import hits_stopped_by_defense
from senjo.systems.gurps.rolls import roll_3d6
from senjo.systems.gurps.state import GurpsState
from senjo.systems.gurps.wounds import lose_fp

__all__ = ["parry_may_break", "roll_defense"]


def roll_defense(
    battle: Battle[GurpsState],
    defender: str,
    choice: DefenseChoice,
    incoming: IncomingAttack,
    hits: int = 1,
) -> int:
    """Roll the chosen defense, book its costs, log it; return how many hits it stops."""
    state = battle.state
    status = state.status[defender]
    score = defense_score(state, defender, choice, incoming)
    if choice.feverish:
        lose_fp(battle, defender, 1, EXTRA_EFFORT)  # B357: Feverish Defense
    roll = roll_3d6(battle.dice)
    judged = success_roll(roll, score.value)
    status.defended = True
    status.aim_turns = 0  # B364: any active defense spoils an Aim.
    if choice.retreat:
        status.retreated = True
        status.retreated_from = incoming.attacker
        ground = field_of(state)
        moved = ground.retreat(state, defender, incoming.attacker)
        check_grips(state)
        if moved:
            x, y = ground.coordinates(state, defender)
            battle.emit(
                Moved(
                    defender,
                    1.0,
                    incoming.attacker,
                    "retreat",
                    x,
                    y,
                    facing_name(state, defender),
                    body_of(state, defender),
                )
            )
    if choice.kind == "parry":
        status.parries[choice.weapon] = status.parries.get(choice.weapon, 0) + 1
    elif choice.kind == "block":
        status.blocks += 1
    if choice.drop:
        status.posture = "lying"
        if isinstance(state.ground, HexField):
            state.ground.lie_down(state, defender)  # seed 001: two hexes when lying
    if judged.critical:
        result = "critical_success"
    elif judged.critical_failure:
        result = "critical_failure"
    else:
        result = "success" if judged.success else "failure"
    stopped = 0
    if judged.success:
        stopped = hits_stopped_by_defense(judged.margin, hits, critical_success=judged.critical)
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
            stopped,
        )
    )
    if judged.critical_failure:
        defense_critical_failure(battle, defender, choice)
    elif stopped and choice.kind == "parry":
        _heavy_weapon_parry(battle, defender, choice.weapon, incoming)
        strike_back(battle, defender, choice.weapon, incoming)  # B376: a weapon's parry
        note_parry(  # an arm lock may follow (`arm_lock.py`)
            state,
            defender,
            choice.weapon,
            incoming.attacker,
            incoming.weapon,
            incoming.mode,
            choice.retreat,
        )
    return stopped


def parry_may_break(mine: Weapon, theirs: Weapon) -> bool:
    """B376: whether parrying `theirs` with `mine` risks breaking `mine` - `theirs` three or
    more times as heavy, `mine` a weighed weapon that is not breakage-resistant."""
    return mine.weight > 0 and not mine.breakage_resistant and theirs.weight >= 3 * mine.weight


def _heavy_weapon_parry(
    battle: Battle[GurpsState], defender: str, weapon: str, incoming: IncomingAttack
) -> None:
    """B376 (Parrying Heavy Weapons): a weapon that parries one three or more times its
    weight may break (option `heavy_parry_break`: roll 1d, breaks on 1-2)."""
    state = battle.state
    if state.rules.get("heavy_parry_break", "on") != "on":
        return
    mine = state.fighters[defender].weapon(weapon)
    if not incoming.weapon:
        return  # a slam: no weapon to weigh against
    theirs = state.fighters[incoming.attacker].weapon(incoming.weapon)
    if not parry_may_break(mine, theirs):
        return
    if battle.dice.roll(6) <= 2:
        let_go(state.status[defender], weapon)
        state.status[defender].broken.add(weapon)
        battle.emit(ItemChanged(defender, weapon, "broken", "heavy_weapon_parry"))
