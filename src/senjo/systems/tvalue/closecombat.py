"""Seed 002 近接攻撃 (close combat): 体当たり (ram), 組みつき (grab) and 振りほどき (break
free).

- 体当たり (major, FAP 9, MAP 1): a hit roll with the close-combat accuracy; on a hit
  each deals the other [own vitality × speed (m/s) ÷ 100]D physical damage (rounded
  down; at 1D or less: up to 0.25 1D−3, up to 0.5 1D−2, else 1D−1); the one that dealt
  less rolls dexterity or falls, and falls outright when the other dealt twice as much
  or more (interpretation 35).
- 組みつき (major, FAP 5, MAP 2): a hit roll; on a hit the target is held: dexterity −4,
  its hit rolls and evasion −1, and FAP −5 at once and at every later round's start.
- 振りほどき (minor, FAP 4, MAP 1), for a held fighter: a Quick Contest of each one's
  better of dexterity and strength, the escapee −4, +3 to the bigger for every doubling
  of size; winning frees it.

A ram's and a grab's hit rolls are direct attacks for T (interpretation 36).
"""

from __future__ import annotations

import math
from typing import Final

from senjo.engine.battle import Battle
from senjo.engine.modifiers import Modifiers, Score
from senjo.systems.tvalue.advantage import change
from senjo.systems.tvalue.attack import count_attack, hit_score, roll_to_hit
from senjo.systems.tvalue.budget import spend
from senjo.systems.tvalue.damage import check_consciousness, protection_against
from senjo.systems.tvalue.events import (
    TvConditionChanged,
    TvDamage,
)
from senjo.systems.tvalue.field import approach, step_in
from senjo.systems.tvalue.model import Depth
from senjo.systems.tvalue.rolls import check, quick_contest
from senjo.systems.tvalue.state import TvState
from senjo.systems.tvalue.techniques import fall

__all__ = [
    "CLOSE_ACTIONS",
    "GRAB_FAP",
    "break_free",
    "close_hit",
    "contest_value",
    "grab",
    "lose_fap",
    "ram",
    "ram_dice",
    "release",
    "size_bonus",
]

#: The close-combat actions' FAP and MAP (the seed's own numbers; their kinds are in
#: `choices.KINDS`).
CLOSE_ACTIONS: Final = {
    "ram": (9, 1),  # 体当たり
    "grab": (5, 2),  # 組みつき
    "break_free": (4, 1),  # 振りほどき
    "takedown": (5, 2),  # 倒す
    "pin": (5, 2),  # 押さえこみ
    "lock_body": (5, 2),  # 締めつけ: 胴体
    "lock_limb": (5, 2),  # 四肢
    "lock_neck": (5, 2),  # 首
    "block": (1, 0),  # 攻撃阻止: 「消費FAP=任意(最低1)」, the least paid when declared
}
#: 「その時点と以降ラウンドの初めにFAPがマイナス5される」.
GRAB_FAP: Final = 5


def ram_dice(vitality: int, speed: float) -> tuple[int, int]:
    """(dice, bonus) a ram deals: [vitality × speed ÷ 100]D, or 1D−3/1D−2/1D−1 at 1D or
    less.

    >>> ram_dice(12, 5), ram_dice(10, 5), ram_dice(10, 2.5), ram_dice(10, 10), ram_dice(12, 20)
    ((1, -1), (1, -2), (1, -3), (1, -1), (2, 0))
    """
    value = vitality * speed / 100
    if value <= 1:
        return 1, -3 if value <= 0.25 else -2 if value <= 0.5 else -1
    return math.floor(value), 0


def close_hit(
    battle: Battle[TvState], key: str, target: str, action: str, penalty: int = 0
) -> tuple[bool, int]:
    """A close-combat hit roll (the close-combat accuracy, less a lock's `penalty`), a
    direct attack for T (interpretation 36): (hit, the T gain the caller gives right
    after the damage roll, or at once on a miss)."""
    state = battle.state
    score = hit_score(state, key, "")
    if penalty:
        score = Score(score.base, score.modifiers.plus(action, penalty))
    hit = roll_to_hit(battle, key, target, action, score)
    return hit, count_attack(state, target, hit)


def _ram_damage(battle: Battle[TvState], dealer: str, target: str, speed: float) -> int:
    """One side of a ram: the dice rolled, through physical protection; the damage
    dealt (before protection) returned."""
    state = battle.state
    dice, bonus = ram_dice(state.sheets[dealer].vitality, speed)
    faces = tuple(battle.dice.roll(6) for _ in range(dice))
    rolled = max(0, sum(faces) + bonus)
    protection = protection_against(state.sheets[target], Depth.PHYSICAL)
    taken = max(0, rolled - protection)
    status = state.status[target]
    status.hp -= taken
    battle.emit(TvDamage(dealer, target, faces, rolled, protection, taken, status.hp, "physical"))
    return rolled


def ram(battle: Battle[TvState], key: str, target: str) -> None:
    """Resolve `key`'s 体当たり on `target` at its own speed, charging into the next hex
    first (`field.approach`)."""
    state = battle.state
    approach(battle, key, target)
    hit, gain = close_hit(battle, key, target, "ram")
    if hit:
        speed = state.sheets[key].speed_mps
        mine = _ram_damage(battle, key, target, speed)
        theirs = _ram_damage(battle, target, key, speed)
    change(battle, key, gain, "direct_attack")
    if hit and mine != theirs:  # 「低い方は敏捷力判定に成功しなければ転倒…2倍以上…自動的に転倒」
        # the side that dealt less (interpretation 35)
        faller, less, more = (key, mine, theirs) if mine < theirs else (target, theirs, mine)
        if more >= 2 * less:
            fall(battle, faller)
        else:
            dexterity = Score(state.sheets[faller].dexterity, _held(state, faller, -4))
            if not check(battle, faller, "ram", dexterity).success:
                fall(battle, faller)
    check_consciousness(battle, target)
    check_consciousness(battle, key)


def grab(battle: Battle[TvState], key: str, target: str) -> None:
    """Resolve `key`'s 組みつき on `target`: held on a hit, FAP −5 at once; the grabber
    steps into the target's hex (「目標と同じヘクス」, `field.step_in`)."""
    state = battle.state
    hit, gain = close_hit(battle, key, target, "grab")
    change(battle, key, gain, "direct_attack")
    if not hit:
        return
    step_in(battle, key, target)
    held = state.status[target]
    held.held_by = key
    battle.emit(TvConditionChanged(target, f"held:{key}", True))
    lose_fap(battle, target)


def lose_fap(battle: Battle[TvState], key: str) -> None:
    """A held fighter's −5 FAP (at the grab, and at each later round's start)."""
    spend(battle, key, GRAB_FAP, 0, "held")


def size_bonus(state: TvState, key: str, other: str) -> int:
    """+3 for every doubling of size `key` has over `other` (「大きさが倍である毎」).

    >>> from senjo.systems.tvalue.model import Fighter
    >>> state = TvState.start({"a": Fighter("a", "", "", "x", size_m=4.0),
    ...                        "b": Fighter("b", "", "", "y", size_m=1.0)})
    >>> size_bonus(state, "a", "b"), size_bonus(state, "b", "a")
    (6, 0)
    """
    mine, theirs = state.sheets[key].size_m, state.sheets[other].size_m
    return 3 * math.floor(math.log2(mine / theirs) + 1e-9) if mine >= 2 * theirs else 0


def contest_value(state: TvState, key: str, other: str, escaping: bool) -> Score:
    """The better of dexterity (less 4 while held) and strength, for a close-combat Quick
    Contest against `other`; the escapee −4, the bigger +3 a doubling."""
    sheet = state.sheets[key]
    dexterity = sheet.dexterity - (4 if state.status[key].held_by else 0)
    best = max(dexterity, sheet.strength)
    modifiers = []
    if escaping:
        modifiers.append(("escaping", -4))
    bonus = size_bonus(state, key, other)
    if bonus:
        modifiers.append(("size", bonus))
    return Score(best, Modifiers.of(*modifiers))


def break_free(battle: Battle[TvState], key: str) -> None:
    """Resolve `key`'s 振りほどき against whoever holds it: a Quick Contest; winning frees
    it (a tie or a loss keeps the hold)."""
    state = battle.state
    holder = state.status[key].held_by
    if not holder:
        return
    mine = contest_value(state, key, holder, True)
    theirs = contest_value(state, holder, key, False)
    won, _, _ = quick_contest(battle, "break_free", key, mine, holder, theirs)
    if won:  # free of the hold, and of a pin on it
        release(battle, key)


def release(battle: Battle[TvState], key: str) -> None:
    """`key` is free: no longer held, nor pinned."""
    status = battle.state.status[key]
    holder = status.held_by
    status.held_by = ""
    battle.emit(TvConditionChanged(key, f"held:{holder}", False))
    if status.pinned:
        status.pinned = False
        battle.emit(TvConditionChanged(key, f"pinned:{holder}", False))
    if status.locked:
        battle.emit(TvConditionChanged(key, f"locked:{status.locked}", False))
        status.locked = ""


def _held(state: TvState, key: str, amount: int) -> Modifiers:
    """The held modifier, when `key` is held."""
    return Modifiers.of(("held", amount)) if state.status[key].held_by else Modifiers()
