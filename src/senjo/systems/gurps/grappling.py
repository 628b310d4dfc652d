"""Grappling (B370-371 by the fact sheet; seed 001: 近接戦闘, 複数人で1人に近接戦闘を挑む).

A fighter with a free hand grabs a foe at reach C (in its hex, or a Step into
it): an attack roll at the best of DX, Judo, Sumo and Wrestling, which the foe
may dodge, parry or block. A held fighter is at -4 to DX and DX-based skills
(its attack rolls), cannot Move (unless its ST is twice the grappler's), Aim,
Feint, Concentrate, Wait or shoot, cannot retreat, evade or leave the hex; it
may Attack, All-Out Attack, Ready, or break free (a Quick Contest of ST, -5
when pinned). A grappler may take the foe down (a Quick Contest of the best of
ST, DX and grappling skill: the loser falls, and a fallen foe lets go of the
winner) and pin a foe on the ground (a Quick Contest of ST: the foe is
helpless). Up to two fighters try a takedown together and up to three a pin:
the best of them rolls, plus a fifth of each helper's score (seed 001).
Grips end when the two are apart or either is out of the fight.
"""

from __future__ import annotations

from typing import Final

from senjo.engine.battle import Battle, Steps
from senjo.engine.modifiers import Modifiers, Score
from senjo.systems.gurps import lookups
from senjo.systems.gurps.choices import ManeuverChoice
from senjo.systems.gurps.damage import WeaponDamage
from senjo.systems.gurps.defense import CLOSE
from senjo.systems.gurps.events import ConditionChanged
from senjo.systems.gurps.grips import GRAPPLED, check_grips, release
from senjo.systems.gurps.hands import free_hand
from senjo.systems.gurps.model import AttackMode
from senjo.systems.gurps.reach import STEP
from senjo.systems.gurps.rolls import quick_contest
from senjo.systems.gurps.state import GurpsState
from senjo.systems.gurps.unarmed import unarmed_attack
from senjo.systems.gurps.wounds import fall_down

__all__ = ["GRAPPLE", "grapple_options", "resolve_grapple"]

#: Grappling as an attack mode: reach C, no damage (for reach and defense questions).
GRAPPLE: Final = AttackMode(
    "grab", "Wrestling", WeaponDamage.parse("1d cr"), reach=(0,), unarmed=True
)
#: Up to how many fighters act together (seed 001): two in a takedown, three in a pin.
_TEAM: Final = {"takedown": 2, "pin": 3}
_SKILLS: Final = ("Judo", "Sumo", "Wrestling")


def _grab_skill(state: GurpsState, key: str) -> int:
    fighter = state.fighters[key]
    return max(fighter.dx, *(fighter.skills.get(name, 0) for name in _SKILLS))


def _contest_score(state: GurpsState, key: str, kind: str) -> Score:
    """A takedown's best of ST, DX and grappling skill (DX-based ones -4 when held, a
    posture's attack penalty when not standing); a pin's or a break-free's ST."""
    fighter, status = state.fighters[key], state.status[key]
    if kind != "takedown":
        return Score(fighter.st)
    items: list[tuple[str, int]] = []
    dexterous = _grab_skill(state, key) + (GRAPPLED if status.held_by else 0)
    base = max(fighter.st, dexterous)
    posture = lookups.posture(status.posture).melee_attack
    if posture:
        items.append((f"posture_{status.posture}", posture))
    return Score(base, Modifiers(tuple(items)))


def _together(state: GurpsState, key: str, foe: str, kind: str) -> list[str]:
    """The fighter and the friends beside it in the close combat with `foe`, standing and
    able, best first, as many as may join (seed 001)."""
    side = state.fighters[key].side
    here = [
        other
        for other, status in state.status.items()
        if other != key
        and status.active
        and status.posture == "standing"
        and state.fighters[other].side == side
        and state.distance(other, foe) < CLOSE
    ]
    score = {k: _contest_score(state, k, kind).value for k in (key, *here)}
    helpers = sorted(here, key=lambda k: -score[k])[: _TEAM[kind] - 1]
    return sorted((key, *helpers), key=lambda k: -score[k])


def _team_score(state: GurpsState, team: list[str], kind: str) -> Score:
    """The best member's score plus a fifth (rounded down) of each helper's."""
    leader = _contest_score(state, team[0], kind)
    items = list(leader.modifiers.items)
    helped = sum(_contest_score(state, helper, kind).value // 5 for helper in team[1:])
    if helped:
        items.append(("helpers", helped))
    return Score(leader.base, Modifiers(tuple(items)))


def grapple_options(state: GurpsState, key: str, foes: list[str]) -> list[ManeuverChoice]:
    """Grab, takedown, pin and break-free choices open to the fighter this turn."""
    status = state.status[key]
    options: list[ManeuverChoice] = []
    for grappler in sorted(status.held_by):
        options.append(ManeuverChoice("attack", "break_free", grappler))
    holding = status.holding
    grabbing = not holding and free_hand(status) is not None
    if status.pinned or not (holding or grabbing):
        return options
    reach = 0.0 if status.held_by else STEP
    for foe in foes:
        other = state.status[foe]
        if holding == foe:
            if other.posture == "standing":
                options.append(ManeuverChoice("attack", "takedown", foe))
            elif other.posture == "lying" and not other.pinned:
                options.append(ManeuverChoice("attack", "pin", foe))
            continue
        if grabbing and not other.body and state.distance(key, foe) <= reach:
            options.append(ManeuverChoice("attack", "grab", foe))
    return options


def _grab(battle: Battle[GurpsState], key: str, foe: str) -> Steps:
    state = battle.state
    step = 0.0 if state.status[key].held_by else STEP
    skill = _grab_skill(state, key)
    landed = yield from unarmed_attack(battle, key, foe, GRAPPLE, skill, "grapple", step)
    if not landed:
        return
    check_grips(state)  # a retreat may have ended the contact
    if state.distance(key, foe) >= CLOSE:
        return
    state.status[key].holding = foe
    state.status[foe].held_by.add(key)
    battle.emit(ConditionChanged(foe, "grappled", True, key))


def resolve_grapple(battle: Battle[GurpsState], key: str, choice: ManeuverChoice) -> Steps:
    """Carry out a grab, takedown, pin or break-free (see the module's description)."""
    state = battle.state
    foe = choice.target
    if choice.variant == "grab":
        yield from _grab(battle, key, foe)
        return
    if choice.variant == "break_free":
        mine = Score(
            state.fighters[key].st,
            Modifiers((("pinned", -5),)) if state.status[key].pinned else Modifiers(),
        )
        theirs = Score(state.fighters[foe].st)
        if quick_contest(battle, (key, "break_free", mine), (foe, "hold_on", theirs)) > 0:
            release(state, key, foe)
            battle.emit(ConditionChanged(key, "grappled", False, foe))
        return
    kind = choice.variant
    team = _together(state, key, foe, kind)
    ours = _team_score(state, team, kind)
    theirs = _contest_score(state, foe, kind)
    won = quick_contest(battle, (team[0], kind, ours), (foe, f"resist_{kind}", theirs))
    if kind == "takedown":
        if won > 0:
            fall_down(battle, foe, "takedown")
            held = state.status[foe].holding  # the fallen foe loses its grip on the winners
            if held in team:
                state.status[foe].holding = ""
                state.status[held].held_by.discard(foe)
        elif won < 0:
            fall_down(battle, team[0], "takedown")
    elif won > 0:
        state.status[foe].pinned = True
        battle.emit(ConditionChanged(foe, "pinned", True, key))
