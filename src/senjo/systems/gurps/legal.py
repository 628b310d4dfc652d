"""Legal maneuvers (B363-366, seed 000 and 001): which choices a fighter has this turn.

`maneuver_options` builds the list every turn: moves, postures, attacks by
weapon, mode and foe (with the Step, Move and Attack, All-Out Attack, Flying
Attack, pop-up attacks and slams), Wait and opportunity fire, Aim, Evaluate,
All-Out Defense, Ready and grappling - and what a grip leaves a held fighter.
The maneuvers themselves are carried out in `maneuvers.py`.
"""

from __future__ import annotations

import functools
import math
from typing import Final

from senjo.space.gaps import hex_gap
from senjo.space.hexgrid import Hex
from senjo.systems.gurps.arm_lock import lock_options
from senjo.systems.gurps.choices import ManeuverChoice
from senjo.systems.gurps.extra_effort import GIANT_STEP
from senjo.systems.gurps.extra_effort import allowed as effort_allowed
from senjo.systems.gurps.field import field_of
from senjo.systems.gurps.grappling import grapple_options
from senjo.systems.gurps.grip_parts import can_use, hand_to_ready
from senjo.systems.gurps.hands import MAIN, OFF, free_hands, gripping, hand_of, lame, lame_legs
from senjo.systems.gurps.hexfield import HexField
from senjo.systems.gurps.model import AttackMode, Fighter
from senjo.systems.gurps.opportunity import pop_up_hexes
from senjo.systems.gurps.reach import (
    STEP,
    effective_mode,
    move_allowance,
    reaches_at,
)
from senjo.systems.gurps.readying import (
    drop_shield_options,
    fast_draw_options,
    ready_options,
)
from senjo.systems.gurps.shoves import shove_targets
from senjo.systems.gurps.state import FighterState, GurpsState

__all__ = ["flying_jump", "maneuver_options", "off_hand_mode", "usable_modes"]

_POSTURES: Final = ("standing", "crouching", "kneeling", "sitting", "crawling", "lying")
#: Postures in which a fighter without a map can brace a ranged weapon (an interpretation).
_BRACING_POSTURES: Final = ("kneeling", "sitting", "lying", "crawling")


def usable_modes(fighter: Fighter, status: FighterState) -> list[tuple[str, AttackMode]]:
    found = []
    for weapon in fighter.weapons:
        if weapon.key not in status.ready or weapon.key in status.broken:
            continue
        hand = hand_of(status, weapon.key)
        if len(status.crippled) and _lamed(status, weapon.key, hand):
            continue  # B420-421: not with a crippled arm's hand, nor a kick on a crippled leg
        for mode in weapon.modes:
            if mode.two_handed and hand is not None and status.hands[1 - hand]:
                continue  # B270: a two-handed grip needs the other hand free
            if mode.two_handed and hand is not None and lame(status, 1 - hand):
                continue  # ... and sound
            if weapon.key == "punch" and free_hands(status) <= gripping(status):
                continue  # a punch needs an empty hand, not the one holding a foe (B349)
            if mode.reach_needs_ready:
                gripped = effective_mode(status, weapon.key, mode)
                if gripped is None:
                    continue
                mode = gripped
            ranged = mode.ranged
            if ranged is not None and status.shots.get(weapon.key, ranged.shots) <= 0:
                continue
            found.append((weapon.key, mode))
    return found


def _lamed(status: FighterState, weapon: str, hand: int | None) -> bool:
    """Whether a crippled part leaves the fighter no use of this weapon: it is in a lame
    hand, or it is a kick and a leg is lame (`hands.lame`, `hands.lame_legs`)."""
    if hand is not None:
        return lame(status, hand)
    return weapon == "kick" and lame_legs(status)


def off_hand_mode(fighter: Fighter, status: FighterState, weapon: str) -> AttackMode | None:
    """For a Dual-Weapon Attack (B417): the off-hand weapon's melee mode, if `weapon` is in the
    main hand and another ready melee weapon is in the off hand."""
    if hand_of(status, weapon) != MAIN:
        return None
    other = status.hands[OFF]
    if not other or other not in status.ready or other in status.broken or lame(status, OFF):
        return None
    if fighter.shield is not None and other == fighter.shield.key:
        return None
    return next((m for m in fighter.weapon(other).modes if m.is_melee and not m.two_handed), None)


_choice = functools.lru_cache(maxsize=65536)(ManeuverChoice)
"""Maneuver options are immutable: the same one is built once and reused."""


_DO_NOTHING: Final = _choice("do_nothing")
_MOVE: Final = _choice("move")
_INCREASED_DODGE: Final = _choice("all_out_defense", "increased_dodge")
_INCREASED_PARRY: Final = _choice("all_out_defense", "increased_parry")
_INCREASED_BLOCK: Final = _choice("all_out_defense", "increased_block")
_DOUBLE_DEFENSE: Final = _choice("all_out_defense", "double")
_CONCENTRATE: Final = _choice("concentrate")
_FLEE: Final = _choice("flee")


@functools.lru_cache(maxsize=64)
def _posture_options(current: str, lame: bool = False) -> tuple[ManeuverChoice, ...]:
    """Change Posture to each other posture (from lying, not straight to standing); `lame`
    (a crippled leg or foot, B420-421): never to standing or crouching."""
    return tuple(
        _choice("change_posture", posture)
        for posture in _POSTURES
        if posture != current
        and not (current == "lying" and posture == "standing")
        and not (lame and posture in _ON_FEET)
    )


#: The postures a fighter with a crippled leg or foot cannot take (B420-421).
_ON_FEET: Final = frozenset({"standing", "crouching"})


#: What a melee weapon's mode can do against one foe (the bits of `_melee_options`).
_STRIKE, _STEP_BACK, _DUAL, _ALL_OUT, _MOVING, _FLYING = 1, 2, 4, 8, 16, 32


@functools.lru_cache(maxsize=65536)
def _melee_options(foe: str, weapon: str, mode: str, can: int) -> tuple[ManeuverChoice, ...]:
    """The melee options against `foe` with one weapon's mode, as `can` (bits) allows."""
    found: list[ManeuverChoice] = []
    if can & _STRIKE:
        found.append(_choice("attack", target=foe, weapon=weapon, mode=mode))
        if can & _STEP_BACK:
            # seed 001 (長い武器を用いた戦法): strike, then take the Step back.
            found.append(_choice("attack", "step_back", foe, weapon, mode))
        found.append(_choice("feint", target=foe, weapon=weapon, mode=mode))
        if can & _DUAL:
            found.append(_choice("attack", "dual", foe, weapon, mode))
    if can & _ALL_OUT:
        for variant in ("determined", "strong", "double", "feint"):
            found.append(_choice("all_out_attack", variant, foe, weapon, mode))
    if can & _MOVING:
        found.append(_choice("move_and_attack", "", foe, weapon, mode))
        # seed 000 (Martial Arts): the move may be an acrobatic stunt or a jump.
        found.append(_choice("move_and_attack", "acrobatic", foe, weapon, mode))
    if can & _FLYING:
        found.append(_choice("move_and_attack", "flying", foe, weapon, mode))
    return tuple(found)


@functools.lru_cache(maxsize=65536)
def _ranged_options(foe: str, weapon: str, mode: str, braced: bool) -> tuple[ManeuverChoice, ...]:
    """The options of a ranged mode against a foe in range and in the clear."""
    found = [_choice("aim", target=foe, weapon=weapon, mode=mode)]
    if braced:
        found.append(_choice("aim", "braced", foe, weapon, mode))
    found.append(_choice("attack", target=foe, weapon=weapon, mode=mode))
    found.append(_choice("all_out_attack", "determined", foe, weapon, mode))
    found.append(_choice("move_and_attack", "", foe, weapon, mode))
    return tuple(found)


class _Closing:
    """Whether an All-Out Attack's move can bring a foe into reach: by distance, except on
    a hex map, where it goes forward only (seed 001): there, by the hexes its move can end
    in, searched once per turn. (A Move and Attack goes any way: distance decides.)"""

    def __init__(self, state: GurpsState, key: str) -> None:
        self.state, self.key = state, key
        self._ends: dict[float, frozenset[Hex]] = {}

    def __call__(
        self, foe: str, mode: AttackMode, budget: float, distance: float, within: bool
    ) -> bool:
        """`within`: whether the foe is in reach after a move of `budget` yards."""
        state, key = self.state, self.key
        if not within:
            return False
        ground = state.ground
        reach = mode.farthest
        if not isinstance(ground, HexField) or reach == 0:
            return True
        if reaches_at(state, key, foe, mode, 0.0, distance):
            return True
        ends = self._ends.get(budget)
        if ends is None:
            ends = self._ends[budget] = ground.ends_near(state, key, budget, "all_out_attack")
        goal = state.status[foe].hex
        assert goal is not None
        return any(0 < hex_gap(place, goal) <= reach for place in ends)


def maneuver_options(state: GurpsState, key: str) -> tuple[ManeuverChoice, ...]:
    """Every legal maneuver for the fighter this turn (B363-366)."""
    fighter = state.fighters[key]
    status = state.status[key]
    foes = state.foes(key)
    gaps = [(foe, state.distance(key, foe)) for foe in foes]
    options: list[ManeuverChoice] = [_DO_NOTHING]
    move = move_allowance(fighter, status)
    on_map = isinstance(state.ground, HexField)
    if on_map:
        options.append(_MOVE)  # seed 001: the mover picks its end hex and facing
    else:
        for foe, gap in gaps:
            if gap > STEP:
                options.append(_choice("move", "toward", foe))
            if gap < 3 * STEP:
                options.append(_choice("move", "away", foe))
    options.extend(_posture_options(status.posture, lame_legs(status)))
    modes = usable_modes(fighter, status)
    half = max(1.0, math.ceil(move / 2))
    flight = move + flying_jump(fighter)
    farthest = max(STEP, half, move, flight)

    def reach_after(foe: str, mode: AttackMode, extra: float, gap: float) -> bool:
        """In reach after moving `extra` yards, for a foe in reach after `farthest`."""
        return extra == farthest or reaches_at(state, key, foe, mode, extra, gap)

    parry = False
    braced = status.posture in _BRACING_POSTURES
    # B357 Giant Step (extra effort): a second Step before an Attack, for 1 FP; not in a grip.
    giant = effort_allowed(state, key) and not (len(status.held_by) or status.holding)
    closes = _Closing(state, key)
    ground = field_of(state)
    for weapon, mode in modes:
        name = mode.name
        if mode.ranged is not None:
            for foe, gap in gaps:
                if not reaches_at(state, key, foe, mode, 0.0, gap):
                    continue
                if not ground.clear(state, key, foe):
                    # seed 001 (飛び出し攻撃): out of cover and back, when a Step shows the foe.
                    if pop_up_hexes(state, key, foe, mode):
                        options.append(_choice("attack", "pop_up", foe, weapon, name))
                    continue
                options.extend(_ranged_options(foe, weapon, name, braced))
            if on_map:
                # seed 001 (機会射撃): Wait watching hexes with a ranged weapon.
                options.append(_choice("wait", "opportunity_fire", "", weapon, name))
            continue
        parry = parry or mode.parry.allowed
        second = off_hand_mode(fighter, status, weapon)
        for foe, gap in gaps:
            # Reaching grows with the move allowed: a foe out of reach after the longest
            # move has no option here, and one in reach after a move is in reach after
            # any longer one (half Move is never less than a Step).
            if not reaches_at(state, key, foe, mode, farthest, gap):
                continue
            can = 0
            strike = reaches_at(state, key, foe, mode, STEP, gap)
            if strike:
                can = _STRIKE
                if reaches_at(state, key, foe, mode, 0.0, gap):
                    can |= _STEP_BACK
                if second is not None and reaches_at(state, key, foe, second, STEP, gap):
                    can |= _DUAL
            elif giant and reaches_at(state, key, foe, mode, GIANT_STEP, gap):
                options.append(_choice("attack", "giant_step", foe, weapon, name))
            if closes(foe, mode, half, gap, strike or reach_after(foe, mode, half, gap)):
                can |= _ALL_OUT
            if (strike and move >= STEP) or reach_after(foe, mode, move, gap):
                can |= _MOVING
            if (strike and flight >= STEP) or reach_after(foe, mode, flight, gap):
                can |= _FLYING
            if can:
                options.extend(_melee_options(foe, weapon, name, can))
        if mode.reach and max(mode.reach) > 0:
            options.append(_choice("wait", "attack", "", weapon, name))
    if status.posture == "standing":
        for foe, gap in gaps:
            # B371, seed 000/001 (体当たり): a Move and Attack that runs into the foe.
            if 1 <= gap <= move and not state.status[foe].body:
                options.append(_choice("move_and_attack", "slam", foe))
    options.extend(fast_draw_options(state, key, foes))
    for foe, gap in gaps:
        if gap <= 1 + STEP:
            options.append(_choice("evaluate", "", foe))
    options.append(_INCREASED_DODGE)
    if parry:
        options.append(_INCREASED_PARRY)
    if fighter.shield is not None and fighter.shield.key in status.ready:
        options.append(_INCREASED_BLOCK)
    options.append(_DOUBLE_DEFENSE)
    options.append(_CONCENTRATE)
    options.extend(ready_options(fighter, status))
    options.extend(drop_shield_options(state, key))
    grapples = grapple_options(state, key, foes) + lock_options(state, key)
    if grapples:
        options.extend(_choice(o.maneuver, o.variant, o.target) for o in grapples)
    options.extend(_choice("attack", "shove", foe) for foe in shove_targets(state, key, gaps))
    if status.holding:
        options = _while_holding(state, key, options)
    if status.held_by:
        return _while_held(state, key, options)
    if fighter.flee_at is not None and status.hp <= fighter.flee_at:
        options.append(_FLEE)  # senjo's morale rule (interpretation 50): offered last
    return tuple(options)


#: The Ready variants that take an item into a hand (and Fast-Draw's attack).
_INTO_HAND: Final = frozenset({"draw", "pick_up", "fast_draw"})
#: What a held fighter may still do (B370 by the fact sheet): Attack, All-Out Attack,
#: Ready, break free - and Do Nothing or defend all out.
_HELD: Final = frozenset({"do_nothing", "attack", "all_out_attack", "ready", "all_out_defense"})


def _while_held(
    state: GurpsState, key: str, options: list[ManeuverChoice]
) -> tuple[ManeuverChoice, ...]:
    """The options a grip leaves: no Move or Step back after a blow (unless ST twice every
    grappler's), Aim, Feint, Concentrate, Wait or ranged attack, no blow with a held limb
    (`grip_parts.can_use`); a pinned fighter only breaks free or waits."""
    status = state.status[key]
    if status.pinned:
        return tuple(o for o in options if o.maneuver == "do_nothing" or o.variant == "break_free")
    fighter = state.fighters[key]
    strong = all(fighter.st >= 2 * state.fighters[g].st for g in status.held_by)
    shield = fighter.shield.key if fighter.shield is not None else ""

    def allowed(option: ManeuverChoice) -> bool:
        if option.maneuver == "move":
            return strong
        if option.maneuver not in _HELD or (option.variant == "step_back" and not strong):
            return False  # a Step back after the blow would leave the grip, as a Move
        into = option.variant in _INTO_HAND
        if into and hand_to_ready(state, key, shield=option.weapon == shield) is None:
            return False  # 2B30P: an item is readied into a hand no grip holds
        if not (option.weapon and option.mode):
            return True
        mode = fighter.weapon(option.weapon).mode(option.mode)
        return _close(mode) and can_use(state, key, option.weapon, two_handed=mode.two_handed)

    return tuple(o for o in options if allowed(o))


def _close(mode: AttackMode) -> bool:
    """Bare hands or a weapon with reach C, the only blows in a grip (2B29P-30P: 「素手…
    か、攻撃範囲にCがある武器だけ」); never a ranged attack."""
    return mode.ranged is None and (mode.unarmed or 0 in mode.reach)


#: What a grappler cannot do while it holds a foe (その他の行動: 「「狙い」「フェイント」
#: 「集中」「待機」を行なうことはできません」).
_NOT_WHILE_HOLDING: Final = frozenset({"aim", "feint", "concentrate", "wait"})


def _while_holding(
    state: GurpsState, key: str, options: list[ManeuverChoice]
) -> list[ManeuverChoice]:
    """The options a fighter holding a foe keeps (2B29P, その他の行動): no Aim, Feint,
    Concentrate or Wait; blows only bare-handed or with a reach-C weapon, and ranged
    attacks only while the foe held is pinned (「敵を押さえこんでいるのでない限り」)."""
    fighter = state.fighters[key]
    pinning = state.status[state.status[key].holding].pinned

    def allowed(option: ManeuverChoice) -> bool:
        if option.maneuver in _NOT_WHILE_HOLDING:
            return False
        if not (option.weapon and option.mode):
            return True
        mode = fighter.weapon(option.weapon).mode(option.mode)
        return _close(mode) or (pinning and mode.ranged is not None)

    return [o for o in options if allowed(o)]


def flying_jump(fighter: Fighter) -> float:
    """Yards a Flying Attack's jump adds (seed 000): a running broad jump, halved in combat.

    A standing broad jump is 2 x Basic Move - 3 feet (B352); a full run doubles it;
    whole yards only.

    >>> from senjo.systems.gurps.model import Fighter
    >>> flying_jump(Fighter("a", "a", "s", 10, 12, 10, 12, 10, 10, 10, 10, 6.0, 6, 9))
    3.0
    """
    feet = max(0, 2 * fighter.basic_move - 3)
    return float(math.floor(feet * 2 / 2 / 3))  # doubled by the run, halved in combat, in yards
