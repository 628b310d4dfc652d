"""An unarmed attack that is no blow (B370-372: a grab, a shove): the Step into reach C,
the roll at the attacker's skill with the held, shock and posture modifiers, and the
foe's active defense. What a landed one does is `grappling.py`'s or `shoves.py`'s."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from senjo.dice.systems.gurps import success_roll
from senjo.engine.battle import Battle
from senjo.engine.decision import Decision
from senjo.engine.modifiers import Modifiers, Score
from senjo.systems.gurps import lookups
from senjo.systems.gurps.choices import DefenseChoice
from senjo.systems.gurps.defense import CLOSE, NO_DEFENSE, IncomingAttack, defense_options
from senjo.systems.gurps.defense_roll import roll_defense
from senjo.systems.gurps.events import AttackRolled
from senjo.systems.gurps.field import field_of
from senjo.systems.gurps.grips import held_penalty
from senjo.systems.gurps.model import AttackMode
from senjo.systems.gurps.rolls import roll_3d6
from senjo.systems.gurps.state import GurpsState
from senjo.systems.gurps.walking import approach

__all__ = ["unarmed_attack", "unarmed_score"]


def unarmed_score(
    state: GurpsState, key: str, skill: int, aimed: tuple[tuple[str, int], ...] = ()
) -> Score:
    """The roll of a grab or shove: `skill` with the `aimed` modifiers, the held, shock
    and posture ones."""
    status = state.status[key]
    items = [*aimed, *held_penalty(state, key)]
    if status.shock:
        items.append(("shock", status.shock))
    posture = lookups.posture(status.posture).melee_attack
    if posture:
        items.append((f"posture_{status.posture}", posture))
    return Score(skill, Modifiers(tuple(items)))


def unarmed_attack(
    battle: Battle[GurpsState],
    key: str,
    foe: str,
    mode: AttackMode,
    skill: int,
    label: str,
    step: float,
    location: str = "torso",
    aimed: tuple[tuple[str, int], ...] = (),
) -> Generator[Decision, Any, bool]:
    """`key` closes on `foe` (a move of `step` yards at most), rolls `skill` with the
    `aimed` modifiers (a grab's part, at `location`; event `AttackRolled`, weapon `label`,
    mode `mode.name`) and lets `foe` defend; True when it lands."""
    state = battle.state
    status = state.status[key]
    yield from approach(battle, key, foe, mode, step)
    if not status.active or not state.status[foe].active or state.distance(key, foe) >= CLOSE:
        return False
    score = unarmed_score(state, key, skill, aimed)
    roll = roll_3d6(battle.dice)
    judged = success_roll(roll, score.value)
    result = "hit" if judged.success else "miss"
    battle.emit(
        AttackRolled(key, foe, label, mode.name, score, roll, judged.margin, result, location)
    )
    if not judged.success:
        return False
    incoming = IncomingAttack(
        key, "", mode, close_combat=True, arc=field_of(state).arc(state, foe, key)
    )
    options = defense_options(state, foe, incoming)
    choice: DefenseChoice = NO_DEFENSE
    if len(options) > 1:
        choice = yield Decision(foe, "defense", options, incoming)
    return not (choice.kind != "none" and roll_defense(battle, foe, choice, incoming))
