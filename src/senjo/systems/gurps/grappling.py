"""Grappling (B370-371 by the fact sheet; seed 001: 近接戦闘, 複数人で1人に近接戦闘を挑む).

A fighter with a free hand grabs a foe at reach C (in its hex, or a Step into
it): an attack roll at the best of DX, Judo, Sumo and Wrestling, which the foe
may dodge, parry or block. The grab takes hold of a part - the torso, the neck,
an arm or a leg, at half its penalty to hit - with one hand or both (the
`grab_plan` decision; what each leaves: `grip_parts.py`). A held fighter
cannot Move (unless its ST is twice the grappler's), Aim,
Feint, Concentrate, Wait or shoot, cannot retreat, evade or leave the hex; it
may Attack, All-Out Attack, Ready, or break free (a Quick Contest of ST, the
grappler +5 gripping with both hands, and +5 more - +10 in all with both - when
the fighter is pinned, 2B30P). A grappler may take the foe down (a Quick
Contest of the best of ST, DX and grappling skill: the loser falls, and a
fallen foe lets go of the winner) and pin a foe on the ground (a Quick Contest
of ST: the foe is helpless). Up to two fighters try a takedown together and up
to three a pin: the best of them rolls, plus a fifth of each helper's score
(seed 001). Gripping a neck, it may choke (B370: a Quick Contest of ST, -5 with
one hand, against the better of the victim's ST and HT; crushing damage equal
to the margin of victory, and a victim it got through to suffocates, 1 FP a
turn). Gripping a neck or a limb with both hands, it may snap the neck or
wrench the limb (2B63P): a Quick Contest of its ST-4 against the same; a win
does its swing crushing damage to that part, which only rigid DR stops
(`wounds.Hit.rigid_dr_only`). With both hands empty and Judo or Wrestling it may
put on a choke hold instead of a grab (*Martial Arts*' technique: Judo-2 or
Wrestling-3, -1 from in front), a two-handed neck grip whose chokes are at +3 ST,
air (crushing) or blood (fatigue). An arm lock (`arm_lock.py`) is a grip on an arm
with both hands that breaking free meets at +4 more, the fighter -1 for each try it
lost. Every contest of ST here counts Wrestling's
bonus (B228: +1 at DX+1, +2 at DX+2). Grips end when the two are apart or either
is out of the fight.
"""

from __future__ import annotations

from typing import Final

from senjo.engine.battle import Battle, Steps
from senjo.engine.decision import Decision
from senjo.engine.modifiers import Modifiers, Score
from senjo.systems.gurps import lookups
from senjo.systems.gurps.choices import GrabPlan, ManeuverChoice
from senjo.systems.gurps.damage import WeaponDamage
from senjo.systems.gurps.defense import CLOSE
from senjo.systems.gurps.events import ConditionChanged
from senjo.systems.gurps.falling import fall_down
from senjo.systems.gurps.fatigue import st_roll
from senjo.systems.gurps.field import field_of
from senjo.systems.gurps.grip_parts import GRABBABLE, half_penalty, open_hands
from senjo.systems.gurps.grips import check_grips, held_penalty, let_go_of, release
from senjo.systems.gurps.hands import gripping
from senjo.systems.gurps.model import AttackMode
from senjo.systems.gurps.reach import STEP
from senjo.systems.gurps.rolls import contest_margin, quick_contest
from senjo.systems.gurps.state import GurpsState
from senjo.systems.gurps.unarmed import unarmed_attack
from senjo.systems.gurps.wounds import Hit, deal_damage
from senjo.systems.gurps.wresting import wrest, wrestable

__all__ = [
    "GRAPPLE",
    "GRAPPLE_BOTH",
    "choke_hold_aim",
    "choke_hold_skill",
    "grab_aim",
    "grab_penalty",
    "grab_plans",
    "grab_skill",
    "grapple_options",
    "grapple_st",
    "resisting",
    "resolve_grapple",
    "take_hold",
    "wrestling_st",
]


def _hands_on(name: str, damage: str) -> AttackMode:
    """A grappling move as an attack mode: bare hands at reach C, named for the log."""
    return AttackMode(name, "Wrestling", WeaponDamage.parse(damage), reach=(0,), unarmed=True)


#: Grappling as an attack mode: reach C, no damage (for reach and defense questions);
#: a grab with both hands is its own mode, so that the log says so.
GRAPPLE: Final = _hands_on("grab", "1d cr")
GRAPPLE_BOTH: Final = _hands_on("grab_both", "1d cr")
#: A neck snap's or a wrench's harm (2B63P): the grappler's swing, crushing.
TWIST: Final = _hands_on("twist", "sw cr")
#: A choke's harm (B370): crushing, its amount the margin of victory (`Hit.fixed`).
CHOKE: Final = _hands_on("choke", "1d cr")
#: A choke hold (*Martial Arts*): both hands at the neck, a technique of Judo or Wrestling.
CHOKE_HOLD: Final = _hands_on("choke_hold", "1d cr")
#: A carotid ("blood") choke from a choke hold: fatigue damage, the margin of victory.
BLOOD_CHOKE: Final = _hands_on("blood_choke", "1d fat")
#: An arm lock (*Martial Arts*): trapping the arm that struck, and wrenching it - crushing,
#: its amount the margin of victory (`arm_lock.py`).
ARM_LOCK: Final = _hands_on("arm_lock", "1d cr")
ARM_WRENCH: Final = _hands_on("arm_wrench", "1d cr")
#: The choke hold's defaults (its technique's text): Judo-2, Wrestling-3.
_CHOKE_HOLD_DEFAULTS: Final = (("Judo", -2), ("Wrestling", -3))
#: An arm lock's bonus to its holder against breaking free (on the two hands' +5).
ARM_LOCK_HOLD: Final = 4
#: The hold's ST for a choke, and the penalty for putting it on from in front.
CHOKE_HOLD_ST: Final = 3
CHOKE_HOLD_FRONT: Final = -1
#: The grips that twist (2B63P): the neck snaps; an arm or a leg is wrenched.
_TWISTS: Final = {
    "neck": "neck_snap",
    "right_arm": "wrench_limb",
    "left_arm": "wrench_limb",
    "right_leg": "wrench_limb",
    "left_leg": "wrench_limb",
}
#: Up to how many fighters act together (seed 001): two in a takedown, three in a pin.
_TEAM: Final = {"takedown": 2, "pin": 3}
_SKILLS: Final = ("Judo", "Sumo", "Wrestling")


def grab_skill(state: GurpsState, key: str) -> int:
    """The best of the fighter's DX, Judo, Sumo and Wrestling."""
    fighter = state.fighters[key]
    return max(fighter.dx, *(fighter.skills.get(name, 0) for name in _SKILLS))


def wrestling_st(state: GurpsState, key: str) -> tuple[tuple[str, int], ...]:
    """B228 (Wrestling): known at DX+1, +1 to ST for making or resisting a choke, grapple,
    neck snap, takedown or pin and for breaking free; +2 at DX+2 or better (as a named
    modifier; none without)."""
    fighter = state.fighters[key]
    over = fighter.skills.get("Wrestling", 0) - fighter.dx
    if over < 1:
        return ()
    return (("wrestling", min(over, 2)),)


def grapple_st(state: GurpsState, key: str, *items: tuple[str, int]) -> Score:
    """The fighter's ST for a contest of grappling (`st_roll`), with Wrestling's bonus."""
    return st_roll(state, key, *items, *wrestling_st(state, key))


def resisting(state: GurpsState, key: str) -> Score:
    """The better of ST (with Wrestling's bonus) and HT, against a choke or a twist."""
    st = grapple_st(state, key)
    ht = state.fighters[key].ht
    return st if st.value >= ht else Score(ht)


def choke_hold_skill(state: GurpsState, key: str) -> int:
    """The choke hold at its default: the better of Judo-2 and Wrestling-3 (0 without
    either skill: no hold)."""
    skills = state.fighters[key].skills
    return max(
        (skills[name] + default for name, default in _CHOKE_HOLD_DEFAULTS if name in skills),
        default=0,
    )


def choke_hold_aim(state: GurpsState, key: str, foe: str) -> tuple[tuple[str, int], ...]:
    """-1 for a choke hold put on from anywhere but the foe's back (off a map, every foe
    is in front)."""
    if field_of(state).arc(state, foe, key) == "back":
        return ()
    return (("choke_hold_front", CHOKE_HOLD_FRONT),)


def _contest_score(state: GurpsState, key: str, kind: str) -> Score:
    """A takedown's best of ST (with Wrestling's bonus), DX and grappling skill (DX-based
    ones -4 when held, a posture's attack penalty when not standing); a pin's ST."""
    status = state.status[key]
    if kind != "takedown":
        return grapple_st(state, key)
    items: list[tuple[str, int]] = []
    dexterous = grab_skill(state, key) + sum(v for _, v in held_penalty(state, key))
    strong = grapple_st(state, key)
    base = dexterous
    if strong.value > dexterous:
        base = strong.base
        items.extend(strong.modifiers.items)
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
    grabbing = not holding and open_hands(state, key) > 0
    if status.pinned or not (holding or grabbing):
        return options
    reach = 0.0 if status.held_by else STEP
    # A choke hold takes both hands and Judo or Wrestling (its technique's text).
    holds = grabbing and open_hands(state, key) >= 2 and choke_hold_skill(state, key) > 0
    for foe in foes:
        other = state.status[foe]
        if holding == foe:
            if other.posture == "standing":
                options.append(ManeuverChoice("attack", "takedown", foe))
            elif other.posture == "lying" and not other.pinned:
                options.append(ManeuverChoice("attack", "pin", foe))
            if status.grip_on == "neck":
                options.append(ManeuverChoice("attack", "choke", foe))
                if status.choke_hold:
                    options.append(ManeuverChoice("attack", "blood_choke", foe))
            twist = _TWISTS.get(status.grip_on, "") if gripping(status) >= 2 else ""
            if twist:
                options.append(ManeuverChoice("attack", twist, foe))
            if wrestable(state, key, foe):
                options.append(ManeuverChoice("attack", "wrest", foe))  # B370
            continue
        if grabbing and not other.body and state.distance(key, foe) <= reach:
            options.append(ManeuverChoice("attack", "grab", foe))
            if holds:
                options.append(ManeuverChoice("attack", "choke_hold", foe))
    return options


def grab_penalty(state: GurpsState, foe: str, location: str) -> int:
    """The penalty to grab `foe` by `location`: half the usual one to hit it (B370; a
    shield arm's -4 halved too), the fraction dropped or, with the option
    `grab_half_penalty=larger`, kept as a whole point."""
    if location == "torso":
        return 0
    victim = state.fighters[foe]
    shield_arm = (
        location == "left_arm"
        and victim.shield is not None
        and victim.shield.key in state.status[foe].ready
    )
    full = lookups.location_penalty(location, shield_arm=shield_arm)
    return half_penalty(full, larger=state.rules.get("grab_half_penalty") == "larger")


def grab_aim(state: GurpsState, foe: str, location: str) -> tuple[tuple[str, int], ...]:
    """The named modifier of a grab at `location` (none for the torso)."""
    penalty = grab_penalty(state, foe, location)
    return ((f"location_{location}", penalty),) if penalty else ()


def grab_plans(state: GurpsState, key: str) -> tuple[GrabPlan, ...]:
    """Where and how the fighter may take hold: each part of `GRABBABLE`, with one hand,
    and with both when two of its hands are open."""
    both = open_hands(state, key) >= 2
    return tuple(
        GrabPlan(location, hands) for location in GRABBABLE for hands in ((1, 2) if both else (1,))
    )


def _grab(battle: Battle[GurpsState], key: str, foe: str, choice: ManeuverChoice) -> Steps:
    state = battle.state
    plans = grab_plans(state, key)
    plan: GrabPlan = plans[0]
    if len(plans) > 1:
        plan = yield Decision(key, "grab_plan", plans, choice)
    step = 0.0 if state.status[key].held_by else STEP
    mode = GRAPPLE_BOTH if plan.hands > 1 else GRAPPLE
    landed = yield from unarmed_attack(
        battle,
        key,
        foe,
        mode,
        grab_skill(state, key),
        "grapple",
        step,
        plan.location,
        grab_aim(state, foe, plan.location),
    )
    if landed:
        take_hold(battle, key, foe, plan.location, plan.hands)


def take_hold(battle: Battle[GurpsState], key: str, foe: str, part: str, hands: int) -> bool:
    """A landed grab or hold grips `part` of the foe with `hands` - unless a retreat ended
    the contact; True when it holds."""
    state = battle.state
    check_grips(state)  # a retreat may have ended the contact
    if state.distance(key, foe) >= CLOSE:
        return False
    status = state.status[key]
    status.holding, status.grip_on, status.grip_hands = foe, part, hands
    state.status[foe].held_by.add(key)
    battle.emit(ConditionChanged(foe, "grappled", True, key))
    return True


def _choke_hold(battle: Battle[GurpsState], key: str, foe: str) -> Steps:
    """A choke hold (*Martial Arts*): an attack at the hold's skill, -1 from in front, that
    the foe defends as usual; landed, a grip on the neck with both hands (`choke_hold`)."""
    state = battle.state
    step = 0.0 if state.status[key].held_by else STEP
    aim = choke_hold_aim(state, key, foe)
    skill = choke_hold_skill(state, key)
    landed = yield from unarmed_attack(
        battle, key, foe, CHOKE_HOLD, skill, "grapple", step, "neck", aim
    )
    if landed and take_hold(battle, key, foe, "neck", 2):
        state.status[key].choke_hold = True


def _break_free(battle: Battle[GurpsState], key: str, foe: str) -> None:
    """A Quick Contest of ST against the grappler `foe`: +5 to it gripping with both
    hands, +5 more when the fighter is pinned (2B30P: +10 with both hands, +5 with one),
    +4 more for an arm lock, which the fighter meets at -1 for each try it lost."""
    state = battle.state
    status, holder = state.status[key], state.status[foe]
    items: list[tuple[str, int]] = []
    if gripping(holder) >= 2:
        items.append(("two_hands", 5))
    if status.pinned:
        items.append(("pinned", 5))
    locked = holder.arm_lock and holder.holding == key
    if locked:
        items.append(("arm_lock", ARM_LOCK_HOLD))
    mine = grapple_st(state, key, *((("escapes", -status.escapes),) if status.escapes else ()))
    theirs = grapple_st(state, foe, *items)
    if quick_contest(battle, (key, "break_free", mine), (foe, "hold_on", theirs)) > 0:
        release(state, key, foe)
        battle.emit(ConditionChanged(key, "grappled", False, foe))
    elif locked:
        status.escapes += 1


def _twist(battle: Battle[GurpsState], key: str, foe: str, kind: str) -> None:
    """A neck snap or a wrench (2B63P): a Quick Contest of ST-4 against the better of the
    foe's ST and HT; a win does swing crushing damage to the part held, rigid DR only."""
    state = battle.state
    mine = grapple_st(state, key, (kind, -4))
    theirs = resisting(state, foe)
    if quick_contest(battle, (key, kind, mine), (foe, f"resist_{kind}", theirs)) > 0:
        part = state.status[key].grip_on
        deal_damage(battle, Hit(key, foe, "", TWIST, part, knockback=False, rigid_dr_only=True))


def _choke(battle: Battle[GurpsState], key: str, foe: str, blood: bool = False) -> None:
    """Choke or strangle (B370): a Quick Contest of ST, -5 with one hand (+3 from a choke
    hold), against the better of the foe's ST and HT; a win does crushing damage to the
    neck equal to the margin of victory; if any of it gets through DR the foe suffocates
    (`choking`). A blood choke (a choke hold's) does the margin as fatigue damage."""
    state = battle.state
    status = state.status[key]
    items: list[tuple[str, int]] = []
    if gripping(status) < 2:
        items.append(("one_hand", -5))
    if status.choke_hold:
        items.append(("choke_hold", CHOKE_HOLD_ST))
    mine = grapple_st(state, key, *items)
    theirs = resisting(state, foe)
    margin = contest_margin(battle, (key, "choke", mine), (foe, "resist_choke", theirs))
    if margin > 0:
        mode = BLOOD_CHOKE if blood else CHOKE
        hit = Hit(key, foe, "", mode, "neck", knockback=False, fixed=margin)
        wound = deal_damage(battle, hit)
        if not blood and wound.injury > 0 and status.holding == foe:
            status.choking = True


def resolve_grapple(battle: Battle[GurpsState], key: str, choice: ManeuverChoice) -> Steps:
    """Carry out a grab, takedown, pin, break-free, choke, neck snap, wrench or wrest (see
    the module's description)."""
    state = battle.state
    foe = choice.target
    if choice.variant == "grab":
        yield from _grab(battle, key, foe, choice)
        return
    if choice.variant == "break_free":
        _break_free(battle, key, foe)
        return
    if choice.variant in ("choke", "blood_choke"):
        _choke(battle, key, foe, blood=choice.variant == "blood_choke")
        return
    if choice.variant == "choke_hold":
        yield from _choke_hold(battle, key, foe)
        return
    if choice.variant in ("neck_snap", "wrench_limb"):
        _twist(battle, key, foe, choice.variant)
        return
    if choice.variant == "wrest":
        wrest(battle, key, foe, grapple_st(state, key), grapple_st(state, foe))
        return
    kind = choice.variant
    team = _together(state, key, foe, kind)
    ours = _team_score(state, team, kind)
    theirs = _contest_score(state, foe, kind)
    won = quick_contest(battle, (team[0], kind, ours), (foe, f"resist_{kind}", theirs))
    if kind == "takedown":
        if won > 0:
            fall_down(battle, foe, "takedown")
            if state.status[foe].holding in team:  # the fallen foe loses its grip on them
                let_go_of(state, foe)
        elif won < 0:
            fall_down(battle, team[0], "takedown")
    elif won > 0:
        state.status[foe].pinned = True
        battle.emit(ConditionChanged(foe, "pinned", True, key))
