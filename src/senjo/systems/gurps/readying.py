"""Readying weapons (B382-383, B194): drawing, picking up, re-gripping, reloading, Fast-Draw."""

from __future__ import annotations

from senjo.engine.battle import Battle
from senjo.engine.modifiers import Modifiers, Score
from senjo.systems.gurps.choices import ManeuverChoice
from senjo.systems.gurps.close_combat import dx_penalty, in_close_combat
from senjo.systems.gurps.events import ItemChanged
from senjo.systems.gurps.grip_parts import hand_to_ready
from senjo.systems.gurps.grips import held_penalty
from senjo.systems.gurps.hands import MAIN, drop, hand_for_item, hand_of, lame, let_go, take
from senjo.systems.gurps.item_sets import with_item
from senjo.systems.gurps.model import Fighter
from senjo.systems.gurps.reach import STEP, reaches
from senjo.systems.gurps.rolls import check
from senjo.systems.gurps.skills import FAST_DRAW
from senjo.systems.gurps.state import FighterState, GurpsState

__all__ = ["drop_shield_options", "fast_draw", "fast_draw_options", "ready", "ready_options"]


def fast_draw_options(state: GurpsState, key: str, foes: list[str]) -> list[ManeuverChoice]:
    """Attacks with a weapon drawn by Fast-Draw (B194) as part of the maneuver."""
    fighter = state.fighters[key]
    status = state.status[key]
    options = []
    for weapon in fighter.weapons:
        item = weapon.key
        if item in status.ready or item in status.dropped or item in status.broken:
            continue
        if item in status.thrown or hand_of(status, item) is not None:
            continue
        if hand_for_item(status) is None:
            break
        for mode in weapon.modes:
            if not mode.is_melee or FAST_DRAW.get(mode.skill, "") not in fighter.skills:
                continue
            for foe in foes:
                if reaches(state, key, foe, mode, STEP):
                    options.append(ManeuverChoice("attack", "fast_draw", foe, item, mode.name))
    return options


def _swappable(fighter: Fighter, status: FighterState) -> bool:
    """True if the main hand holds a weapon with no melee mode (a bow, a crossbow, a gun):
    one the fighter may drop (B363, free) to draw another into that hand (Ready (swap))."""
    held = status.hands[MAIN]
    if (
        not held
        or lame(status, MAIN)
        or (fighter.shield is not None and held == fighter.shield.key)
    ):
        return False
    weapon = next((w for w in fighter.weapons if w.key == held), None)
    return weapon is not None and not any(m.is_melee for m in weapon.modes)


def ready_options(fighter: Fighter, status: FighterState) -> list[ManeuverChoice]:
    options = []
    swappable = _swappable(fighter, status)
    broken, ready, thrown = status.broken, status.ready, status.thrown
    items = [w.key for w in fighter.weapons if not w.modes[0].unarmed]
    if fighter.shield is not None:
        items.append(fighter.shield.key)
    shield = fighter.shield.key if fighter.shield is not None else ""
    for item in items:
        if item in broken or item in ready or item in thrown:
            continue
        hand = hand_of(status, item)
        if hand is not None:
            if lame(status, hand):
                continue  # a crippled arm's hand brings nothing to bear (B420-421)
            variant = "regrip"  # held but unready (B382): one Ready to bring it to bear
        elif hand_for_item(status, shield=item == shield) is None:
            if swappable and item != shield and item not in status.dropped:
                options.append(ManeuverChoice("ready", "swap", weapon=item))
            continue  # B382: readying an item needs a free hand
        else:
            variant = "pick_up" if item in status.dropped else "draw"
            lying = status.dropped_at.get(item)
            here = status.hex
            far = lying is not None and here is not None and here.distance(lying) > 1
            if variant == "pick_up" and far:
                continue  # seed 001 (準備): only from one's own hex or one within reach
        options.append(ManeuverChoice("ready", variant, weapon=item))
        if swappable and variant == "draw" and item != shield:
            options.append(ManeuverChoice("ready", "swap", weapon=item))
    for weapon in fighter.weapons:
        if weapon.key not in ready:
            continue
        modes = weapon.modes
        if any(m.reach_needs_ready for m in modes):
            reaches = sorted({r for m in modes if m.reach_needs_ready for r in m.reach})
            if len(reaches) > 1:
                current = status.grips.get(weapon.key, reaches[0])
                for reach in reaches:
                    if reach != current:
                        options.append(ManeuverChoice("ready", f"grip{reach}", weapon=weapon.key))
        for mode in modes:
            ranged = mode.ranged
            if ranged is None or ranged.thrown:
                continue
            if status.shots.get(weapon.key, ranged.shots) < ranged.shots:
                options.append(ManeuverChoice("ready", "reload", weapon=weapon.key))
    # Seed 000 (ホルスターに納める, 鞘に納める): a weapon in hand is put away with one Ready
    # (facts sheet §10), freeing its hand. A shield is dropped instead (seed 001).
    for weapon in fighter.weapons:
        if not weapon.modes[0].unarmed and hand_of(status, weapon.key) is not None:
            options.append(ManeuverChoice("ready", "sheathe", weapon=weapon.key))
    return options


def fast_draw(battle: Battle[GurpsState], key: str, item: str) -> bool:
    """Roll Fast-Draw (B194): success readies the weapon at once and the attack goes on;
    failure readies it the slow way (no attack this turn); critical failure drops it.
    In close combat a DX roll comes first (seed 001: 近接戦闘の準備 - two rolls)."""
    fighter = battle.state.fighters[key]
    status = battle.state.status[key]
    mode = next(m for m in fighter.weapon(item).modes if m.is_melee)
    if not _close_combat_dx(battle, key):
        return False  # seed 001: the DX roll of close combat failed - nothing readied
    skill = fighter.skills.get(FAST_DRAW.get(mode.skill, ""), 0)
    result = check(battle, key, "fast_draw", Score(skill))
    if result.critical_failure:
        drop(status, item)
        battle.emit(ItemChanged(key, item, "dropped", "fast_draw"))
        return False
    take(status, item, hand_to_ready(battle.state, key))
    battle.emit(ItemChanged(key, item, "ready", "fast_draw"))
    return result.success


def _dx(battle: Battle[GurpsState], key: str) -> Score:
    """DX, less a shield's DB after the first turn of a close combat (seed 001), and -4
    while a grip holds the fighter's torso (B370)."""
    state = battle.state
    items = (*dx_penalty(state, key), *held_penalty(state, key))
    return Score(state.fighters[key].dx, Modifiers(items))


def _close_combat_dx(battle: Battle[GurpsState], key: str) -> bool:
    """seed 001 (近接戦闘の準備): readying in close combat takes a DX roll, and so does
    readying while held, map or none (2B30P); True without either, or when the roll
    succeeds."""
    state = battle.state
    if not len(state.status[key].held_by) and not in_close_combat(state, key):
        return True
    return check(battle, key, "ready_in_close_combat", _dx(battle, key)).success


def drop_shield_options(state: GurpsState, key: str) -> list[ManeuverChoice]:
    """Ready (drop shield) for a fighter in close combat with a ready shield."""
    shield = state.fighters[key].shield
    status = state.status[key]
    if shield is None or shield.key not in status.ready or not in_close_combat(state, key):
        return []
    return [ManeuverChoice("ready", "drop_shield", weapon=shield.key)]


def ready(battle: Battle[GurpsState], key: str, choice: ManeuverChoice) -> None:
    status = battle.state.status[key]
    fighter = battle.state.fighters[key]
    item = choice.weapon
    if choice.variant == "sheathe":
        # No DX roll in close combat: seed 001 asks one for readying, not for putting away.
        let_go(status, item)
        status.grips.pop(item, None)  # drawn again, it is held as a fresh weapon
        battle.emit(ItemChanged(key, item, "sheathed", "sheathe"))
        return
    if choice.variant == "drop_shield":
        # seed 001 (近接戦闘での盾): a Ready and a DX roll to get rid of the shield.
        if check(battle, key, "drop_shield", _dx(battle, key)).success:
            let_go(status, item)
            drop(status, item)
            battle.emit(ItemChanged(key, item, "dropped", "close_combat"))
        return
    if choice.variant in ("draw", "pick_up", "regrip", "swap") and not _close_combat_dx(
        battle, key
    ):
        if status.held_by and choice.variant in ("draw", "pick_up", "regrip"):
            # 2B30P (組みつかれた後の行動: 準備): held, a failed DX roll drops the item.
            let_go(status, item)
            drop(status, item)
            battle.emit(ItemChanged(key, item, "dropped", "held"))
        return  # seed 001 (近接戦闘の準備): the Ready is spent, nothing else happens
    if choice.variant == "swap":
        # B363: the main hand's missile weapon is dropped (free); B382: the Ready draws the
        # new weapon into that hand.
        held = status.hands[MAIN]
        let_go(status, held)
        drop(status, held)
        battle.emit(ItemChanged(key, held, "dropped", "swap"))
        take(status, item, MAIN)
        battle.emit(ItemChanged(key, item, "ready", "swap"))
        return
    if choice.variant in ("draw", "pick_up", "regrip"):
        status.dropped.discard(item)
        status.dropped_at.pop(item, None)
        if hand_of(status, item) is None:
            is_shield = fighter.shield is not None and item == fighter.shield.key
            take(status, item, hand_to_ready(battle.state, key, shield=is_shield))
        status.ready = with_item(status.ready, item)
        battle.emit(ItemChanged(key, item, "ready", choice.variant))
        return
    if choice.variant.startswith("grip"):
        status.grips[item] = int(choice.variant.removeprefix("grip"))
        battle.emit(ItemChanged(key, item, "regripped", choice.variant))
        return
    # Reload (B270): the weapon's reload time in Ready maneuvers fills it, or loads one
    # round of one loaded a round at a time (interpretation 60).
    mode = next(m for m in fighter.weapon(item).modes if m.ranged is not None)
    assert mode.ranged is not None
    progress = status.reloading.get(item, 0) + 1
    fast = FAST_DRAW.get(mode.skill, "")
    # B194: Fast-Draw (Arrow) readies the arrow instantly: one Ready saved.
    if (
        fast in fighter.skills
        and mode.ranged.reload > 1
        and check(battle, key, "fast_draw", Score(fighter.skills[fast])).success
    ):
        progress += 1
    if progress >= mode.ranged.reload:
        status.reloading.pop(item, None)
        full = mode.ranged.shots
        if mode.ranged.individually:
            loaded = min(status.shots.get(item, full) + 1, full)
            status.shots[item] = loaded
            battle.emit(ItemChanged(key, item, "reloaded", f"{loaded}/{full}"))
        else:
            status.shots[item] = full
            battle.emit(ItemChanged(key, item, "reloaded"))
    else:
        status.reloading[item] = progress
        battle.emit(ItemChanged(key, item, "reloading", f"{progress}/{mode.ranged.reload}"))
