"""Seed 002 近接攻撃, what a hold unlocks: B-1 倒す (takedown) and B-2 押さえこみ (pin),
with the pin's upkeep.

- 倒す (major, FAP 5, MAP 2), on a fighter one holds: before the contest the target may
  pay FAP 5 and MAP 2 to throw the actor should the actor lose (decision
  `counter_throw`); then a Quick Contest of each one's better of dexterity and strength
  (the held side's dexterity −4). The winner's foe falls; the actor, winning, may fall
  with it to keep the hold (decision `keep_hold`); one falling alone ends the hold.
- 押さえこみ (major, FAP 5, MAP 2), on a fighter one holds that is down on the ground: a
  strength contest, +3 for every doubling of size; won, the target is pinned — no
  direct attack, shot, technique, combo, ram or grab — and so, nearly, is the pinner
  (direct attacks on the pinned fighter only). At each later round's start the pinner
  pays FAP 5 and MAP 2 to keep it (decision `upkeep`), or the pin ends; the hold stays.
"""

from __future__ import annotations

from typing import Final

from senjo.engine.battle import Battle, Steps
from senjo.engine.decision import Choice, Decision
from senjo.engine.modifiers import Modifiers, Score
from senjo.systems.tvalue.budget import spend
from senjo.systems.tvalue.closecombat import contest_value, release, size_bonus
from senjo.systems.tvalue.events import TvConditionChanged
from senjo.systems.tvalue.rolls import quick_contest
from senjo.systems.tvalue.state import TvState
from senjo.systems.tvalue.techniques import fall

__all__ = ["HOLD_COST", "KEEP", "LET_GO", "THROW", "pin", "pin_upkeep", "takedown"]

#: What 倒す's counter-throw and a pin's upkeep cost: FAP 5, MAP 2.
HOLD_COST: Final = (5, 2)
#: Answers: the counter-throw (`counter_throw`), keeping the hold or the pin (`keep_hold`,
#: `upkeep`), letting go.
THROW, KEEP, LET_GO = Choice("throw"), Choice("keep"), Choice("let_go")


def takedown(battle: Battle[TvState], key: str, target: str) -> Steps:
    """Resolve `key`'s 倒す on `target`, which it holds."""
    state = battle.state
    status = state.status[target]
    if status.held_by != key:
        return
    throw = False
    fap, map_ = HOLD_COST
    if status.fap >= fap and status.map >= map_:  # 「即決勝負の前にFAPを5点、MAPを2点消費」
        answer: Choice = yield Decision(target, "counter_throw", (THROW, LET_GO), (key,))
        if answer == THROW:
            spend(battle, target, *HOLD_COST, "counter_throw")
            throw = True
    mine = contest_value(state, key, target, False)
    theirs = contest_value(state, target, key, False)
    won, lost, _ = quick_contest(battle, "takedown", key, mine, target, theirs)
    if won:
        fall(battle, target)
        keep: Choice = yield Decision(key, "keep_hold", (KEEP, LET_GO), (target,))
        if keep == KEEP:  # 「行為者は自身も倒れる事で組みつき状態を維持できる」
            fall(battle, key)
        else:
            release(battle, target)
    elif lost and throw:  # 「行為者が即決勝負に負けた場合逆に倒す」
        fall(battle, key)
        release(battle, target)


def pin(battle: Battle[TvState], key: str, target: str) -> None:
    """Resolve `key`'s 押さえこみ on `target`, held by it and down on the ground."""
    state = battle.state
    status = state.status[target]
    if status.held_by != key or not status.prone:
        return
    mine = _strength(state, key, target)
    theirs = _strength(state, target, key)
    if quick_contest(battle, "pin", key, mine, target, theirs)[0]:
        status.pinned = True
        battle.emit(TvConditionChanged(target, f"pinned:{key}", True))


def _strength(state: TvState, key: str, other: str) -> Score:
    bonus = size_bonus(state, key, other)
    return Score(
        state.sheets[key].strength, Modifiers.of(("size", bonus)) if bonus else Modifiers()
    )


def pin_upkeep(battle: Battle[TvState]) -> Steps:
    """At a round's start: each pinner pays FAP 5 and MAP 2 to keep its pin, or lets it
    go (「以降毎ラウンド初めFAPを5点、MAPを2点消費しないと持続出来ない」)."""
    state = battle.state
    for target, status in state.status.items():
        if not status.pinned:
            continue
        pinner = state.status[status.held_by]
        fap, map_ = HOLD_COST
        keep = False
        if pinner.fap >= fap and pinner.map >= map_:
            answer: Choice = yield Decision(status.held_by, "upkeep", (KEEP, LET_GO), (target,))
            keep = answer == KEEP
        if keep:
            spend(battle, status.held_by, *HOLD_COST, "upkeep")
        else:
            status.pinned = False
            battle.emit(TvConditionChanged(target, f"pinned:{status.held_by}", False))
