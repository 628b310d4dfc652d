"""Seed 004's special actions besides grapples: 狙う, 隠れる, 挑発, 後退/接近, and standing up.

- 狙う Aim (`house_aim`): a turn spent aiming gives +30% to the next attack
  (not to the Martial Arts roll; never above 99%). Being hit ends it; a miss
  or a protected attack does not. Doing anything else but waiting ends it too.
- 隠れる Hide (`house_hide`): needs cover nearby, no attack made and no
  attack suffered this round or the last, and no foe in melee reach; a Hide
  roll. A hidden combatant cannot be targeted; moving needs Sneak (a failure
  reveals it at the round's end); a melee attack reveals it, and so does a
  ranged target's successful Idea; its attacks are surprise attacks.
- 挑発 Taunt (`house_taunt`): besides the attack, at any point after one's
  own DEX turn; Fast Talk / 5 against the target's INT; the target must
  attack the taunter for its next 1D6 turns; only a target that shares a
  language with the taunter.
- 後退 Withdraw / 接近 Close (`house_withdraw`): withdrawing leaves melee
  reach (not when surrounded: two or more foes in reach); coming back into
  reach takes a turn of closing.
- 転倒 Prone (`house_prone`): standing up takes the turn; movement is a
  quarter.
"""

from __future__ import annotations

from typing import Final

from senjo.dice.systems.coc import automatic_resistance, resistance_target
from senjo.engine.battle import Battle, Steps
from senjo.engine.decision import Choice, Decision
from senjo.engine.modifiers import Score
from senjo.space.plane import step_away, step_toward
from senjo.systems.coc.checks import check, resist
from senjo.systems.coc.conditions import disengage, engage, out_of_reach, reveal
from senjo.systems.coc.events import CocConditionChanged, CocItemChanged, CocMoved, CocTaunted
from senjo.systems.coc.model import MELEE_REACH
from senjo.systems.coc.state import CocState

__all__ = [
    "aim",
    "can_hide",
    "can_withdraw",
    "close",
    "flee",
    "hide",
    "idea_reveal",
    "movement",
    "reload",
    "stand_up",
    "taunt_chance",
    "taunt_sides",
    "taunt_targets",
    "taunt_window",
    "withdraw",
]

#: How close an ally must stand to protect, and a closer ends from its target, in metres.
CLOSE_DISTANCE: Final = 1.0


def movement(state: CocState, key: str) -> float:
    """Metres a combatant covers in a turn: its MOV, a quarter when prone (seed 004 転倒)."""
    move = float(state.sheets[key].move)
    if state.rules.prone and state.status[key].prone:
        return move / 4
    return move


def aim(battle: Battle[CocState], key: str) -> None:
    """Seed 004 狙う: the turn passes; the next attack gets +30%."""
    status = battle.state.status[key]
    if not status.aiming:
        status.aiming = True
        battle.emit(CocConditionChanged(key, "aiming", True))


def can_hide(state: CocState, key: str) -> bool:
    """Seed 004 隠れる: cover, no attack made or suffered this round or last, no foe in reach."""
    status = state.status[key]
    last = state.round - 1
    attacked = status.last_attack_round > 0 and status.last_attack_round >= last
    targeted = status.last_targeted_round > 0 and status.last_targeted_round >= last
    return (
        status.cover
        and not status.hidden
        and not status.holding
        and not status.held_by
        and not attacked
        and not targeted
        and not state.engaged_foes(key)
    )


def hide(battle: Battle[CocState], key: str) -> None:
    """Roll Hide; on a success the combatant is hidden and out of melee reach."""
    sheet = battle.state.sheets[key]
    if check(battle, key, "hide", Score(sheet.skill("hide"))).success:
        battle.state.status[key].hidden = True
        battle.emit(CocConditionChanged(key, "hidden", True))
        disengage(battle, key, "hidden")


def _sneak(battle: Battle[CocState], key: str) -> None:
    """Seed 004: a hidden mover rolls Sneak; a failure reveals it at the round's end."""
    status = battle.state.status[key]
    if not status.hidden:
        return
    sheet = battle.state.sheets[key]
    if not check(battle, key, "sneak", Score(sheet.skill("sneak"))).success:
        status.reveal_at_end = True


def idea_reveal(battle: Battle[CocState], shooter: str, target: str) -> None:
    """Seed 004: a ranged attack from hiding is found out if its target succeeds at Idea."""
    state = battle.state
    if not state.status[shooter].hidden or not state.status[target].active:
        return
    idea = Score(state.sheets[target].idea)
    if check(battle, target, "idea", idea, target=shooter).success:
        reveal(battle, shooter, "idea")


def close(battle: Battle[CocState], key: str, target: str) -> None:
    """接近: move toward `target` up to a turn's movement; ending within 2 m of the target
    (or of any other foe in sight), the two are in melee reach."""
    state = battle.state
    status = state.status[key]
    _sneak(battle, key)
    goal = state.status[target].position
    start = status.position
    status.position = step_toward(start, goal, movement(state, key), stop_at=CLOSE_DISTANCE)
    moved = round(start.distance(status.position), 2)
    if status.wall_behind is not None:
        status.wall_behind = round(status.wall_behind + moved, 2)
    battle.emit(
        CocMoved(
            key, moved, target, "toward", round(status.position.x, 2), round(status.position.y, 2)
        )
    )
    out_of_reach(battle, key, "close")
    for foe in [target, *state.foes(key)]:
        near = state.distance(key, foe) <= MELEE_REACH + 1e-9
        if near and not state.status[foe].hidden:
            engage(battle, key, foe, "close")


def can_withdraw(state: CocState, key: str) -> bool:
    """Seed 004 後退: in reach of a foe, not surrounded (two or more), with room behind."""
    status = state.status[key]
    engaged = state.engaged_foes(key)
    room = status.wall_behind is None or status.wall_behind >= 1
    return 0 < len(engaged) < 2 and room and not status.holding and not status.held_by


def withdraw(battle: Battle[CocState], key: str) -> None:
    """後退: step back up to a turn's movement (a wall stops it) and leave melee reach."""
    state = battle.state
    status = state.status[key]
    foes = state.engaged_foes(key)
    _sneak(battle, key)
    metres = movement(state, key)
    if status.wall_behind is not None:
        metres = min(metres, status.wall_behind)
        status.wall_behind = round(status.wall_behind - metres, 2)
    anchor = foes[0] if foes else key
    status.position = step_away(status.position, state.status[anchor].position, metres)
    battle.emit(
        CocMoved(
            key,
            round(metres, 2),
            anchor if foes else "",
            "away",
            round(status.position.x, 2),
            round(status.position.y, 2),
        )
    )
    disengage(battle, key, "withdraw")


def flee(battle: Battle[CocState], key: str) -> None:
    """逃走 (senjo's morale rule, docs/rules/coc.md): the flight is not played out; the
    combatant leaves the battle and everyone's melee reach."""
    battle.state.status[key].fled = True
    battle.emit(CocConditionChanged(key, "fled", True))
    disengage(battle, key, "fled")


def stand_up(battle: Battle[CocState], key: str) -> None:
    """Seed 004 転倒: standing up takes the turn."""
    status = battle.state.status[key]
    if status.prone:
        status.prone = False
        battle.emit(CocConditionChanged(key, "prone", False, "stood_up"))


def reload(battle: Battle[CocState], key: str, weapon: str) -> None:
    """A turn to refill a firearm's magazine."""
    sheet = battle.state.sheets[key]
    battle.state.status[key].shots[weapon] = sheet.weapon(weapon).shots
    battle.emit(CocItemChanged(key, weapon, "reloaded"))


def taunt_targets(state: CocState, key: str) -> list[str]:
    """Who `key` may taunt now: visible foes in the fight who share a language with it."""
    status = state.status[key]
    if not state.rules.taunt or status.taunted or status.hidden or not status.active:
        return []
    if not status.turn_done:
        return []
    languages = state.sheets[key].languages
    return [
        foe
        for foe in state.foes(key)
        if not state.status[foe].hidden and languages & state.sheets[foe].languages
    ]


def taunt_window(battle: Battle[CocState]) -> Steps:
    """Seed 004 挑発: everyone whose DEX turn has passed may taunt now (once a round)."""
    state = battle.state
    for key in state.order:
        targets = taunt_targets(state, key)
        if not targets:
            continue
        options = (*(Choice("taunt", t) for t in targets), Choice("pass"))
        choice: Choice = yield Decision(key, "taunt", options)
        if choice.name == "taunt":
            _taunt(battle, key, choice.detail)


def taunt_sides(state: CocState, key: str, target: str) -> tuple[int, int]:
    """A taunt's resistance roll (seed 004 挑発): the taunter's Fast Talk / 5 (言いくるめの
    1/5) against the target's INT."""
    return state.sheets[key].skill("fast_talk") // 5, state.sheets[target].intelligence


def taunt_chance(state: CocState, key: str, target: str) -> int:
    """The percentage a taunt's resistance roll needs: 0 or 100 where the table decides
    it without a roll."""
    needed = resistance_target(*taunt_sides(state, key, target))
    automatic = automatic_resistance(needed)
    return needed if automatic is None else 100 if automatic else 0


def _taunt(battle: Battle[CocState], key: str, target: str) -> None:
    state = battle.state
    state.status[key].taunted = True
    active, passive = taunt_sides(state, key, target)
    if resist(battle, key, "taunt", target, active, passive):
        turns = battle.dice.roll(6)  # 1d6ラウンドの間
        victim = state.status[target]
        victim.fixed_on, victim.fixed_turns = key, turns
        battle.emit(CocTaunted(key, target, turns))
