"""Arm lock (seed 000 腕関節技; *Martial Arts*' technique, by a public summary of its text).

A fighter with both hands empty that parried a foe's blow bare-handed with Judo or
Wrestling (`bare_hands.note_parry`) may, on its next turn, trap the arm that struck
while the foe is within a yard: an attack at Arm Lock (its default: the better of Judo
and Wrestling) with a Step into close combat, which the foe defends as usual. Landed,
it holds that arm with both hands (`FighterState.arm_lock`): the arm is of no use to
the foe (`grip_parts.py`), the foe defends at -4 against the holder's blows
(`defense.py`), and breaking free is +4 to the holder on top of its two hands' +5,
the foe a further -1 for each try it lost (`grappling._break_free`). From the next
turn on, the holder may wrench the arm at the start of each of its turns, without
spending its maneuver: a Quick Contest of the better of its ST (with Wrestling's bonus)
and Arm Lock against the better of the foe's ST and HT; a win does crushing damage equal
to the margin to the arm, which only rigid DR stops. A crippled arm drops what its hand
held (as any crippled arm: `crippling.py`) and takes no more; a win on it brings the
shock and the knockdown roll of the injury it would have done (interpretation 76 of
docs/rules/gurps.md).
"""

from __future__ import annotations

from typing import Final

from senjo.engine.battle import Battle, Steps
from senjo.engine.decision import Choice, Decision
from senjo.engine.modifiers import Score
from senjo.systems.gurps.choices import ManeuverChoice
from senjo.systems.gurps.corrosion import dr_now
from senjo.systems.gurps.grappling import (
    ARM_LOCK,
    ARM_WRENCH,
    grapple_st,
    resisting,
    take_hold,
)
from senjo.systems.gurps.grip_parts import open_hands
from senjo.systems.gurps.injury import injury
from senjo.systems.gurps.reach import STEP
from senjo.systems.gurps.rolls import contest_margin
from senjo.systems.gurps.state import GurpsState
from senjo.systems.gurps.unarmed import unarmed_attack
from senjo.systems.gurps.wounds import Hit, deal_damage, feel_injury

__all__ = [
    "arm_lock_skill",
    "lock_options",
    "lock_turn",
    "resolve_lock",
]

#: Arm Lock's defaults (its technique's text): Judo, Wrestling.
_DEFAULTS: Final = ("Judo", "Wrestling")


def arm_lock_skill(state: GurpsState, key: str) -> int:
    """Arm Lock at its default: the better of Judo and Wrestling (0 without either)."""
    skills = state.fighters[key].skills
    return max((skills[name] for name in _DEFAULTS if name in skills), default=0)


def lock_options(state: GurpsState, key: str) -> list[ManeuverChoice]:
    """`attack/arm_lock` on the foe whose blow the fighter parried for it since its last
    turn, while both hands are empty and that foe is within a Step."""
    status = state.status[key]
    foe, _, _ = status.lock_open.partition(":")
    if not foe or status.holding or open_hands(state, key) < 2:
        return []
    other = state.status[foe]
    if not other.active or other.body or state.distance(key, foe) > STEP:
        return []
    return [ManeuverChoice("attack", "arm_lock", foe)]


def resolve_lock(battle: Battle[GurpsState], key: str, choice: ManeuverChoice) -> Steps:
    """The lock's attack; landed, a grip with both hands on the arm that struck."""
    state = battle.state
    foe = choice.target
    _, _, arm = state.status[key].lock_open.partition(":")
    skill = arm_lock_skill(state, key)
    landed = yield from unarmed_attack(battle, key, foe, ARM_LOCK, skill, "grapple", STEP, arm)
    if landed and take_hold(battle, key, foe, arm, 2):
        state.status[key].arm_lock = True


def lock_turn(battle: Battle[GurpsState], key: str) -> Steps:
    """At the start of the holder's turn: wrench the locked arm, or only hold it."""
    foe = battle.state.status[key].holding
    options = (Choice("wrench", foe), Choice("hold_lock", foe))
    answer: Choice = yield Decision(key, "arm_lock", options)
    if answer.name == "wrench":
        _wrench(battle, key, foe)


def _wrench(battle: Battle[GurpsState], key: str, foe: str) -> None:
    state = battle.state
    arm = state.status[key].grip_on
    strong = grapple_st(state, key)
    skill = arm_lock_skill(state, key)
    mine = strong if strong.value >= skill else Score(skill)
    theirs = resisting(state, foe)
    margin = contest_margin(battle, (key, "arm_lock", mine), (foe, "resist_arm_lock", theirs))
    if margin <= 0:
        return
    victim = state.status[foe]
    if arm in victim.crippled:
        armor = 0 if state.fighters[foe].flexible_armor else dr_now(state, foe, arm)
        feel_injury(battle, foe, injury(margin, "cr", armor, arm).injury, arm)
        return
    deal_damage(
        battle,
        Hit(key, foe, "", ARM_WRENCH, arm, knockback=False, rigid_dr_only=True, fixed=margin),
    )
