"""Seed 002 B-3 締めつけ (locks), on a fighter one holds, with both arms: a hit roll (the
limbs and the neck at −2), then the lock's effect, again at every later round's start
the locker pays FAP 5 and MAP 2 to keep it (decision `lock_upkeep`; option `lock_damage`,
interpretation 38).

- 胴体 (body): the locker's punch damage, physical, through protection;
- 四肢 (limb): the locker's strength against the better of the target's strength and
  vitality, a Quick Contest; the margin of victory is damage no armour stops; once the
  lock damage passes a third of the target's vitality, the limb is useless;
- 首 (neck): the same contest and damage; the target cannot breathe or speak; once the
  choke has lasted more than a third of its vitality in rounds it is unconscious, and at
  80 rounds it is dead (an ordinary human).
"""

from __future__ import annotations

from typing import Final

from senjo.engine.battle import Battle, Steps
from senjo.engine.decision import Choice, Decision
from senjo.engine.modifiers import Score
from senjo.systems.tvalue.advantage import change
from senjo.systems.tvalue.budget import spend
from senjo.systems.tvalue.closecombat import close_hit
from senjo.systems.tvalue.damage import check_consciousness, knock_out, protection_against
from senjo.systems.tvalue.events import TvConditionChanged, TvDamage
from senjo.systems.tvalue.holds import HOLD_COST, KEEP, LET_GO
from senjo.systems.tvalue.model import Depth
from senjo.systems.tvalue.rolls import quick_contest
from senjo.systems.tvalue.state import TvState

__all__ = ["LOCKS", "lock", "lock_upkeep"]

#: The locks: action -> (part, hit modifier).
LOCKS: Final = {"lock_body": ("body", 0), "lock_limb": ("limb", -2), "lock_neck": ("neck", -2)}
#: 「通常の人間の場合、生命力に関係なく80ラウンド経つと窒息死する」.
CHOKE_DEATH: Final = 80


def lock(battle: Battle[TvState], key: str, target: str, action: str) -> None:
    """Resolve `key`'s 締めつけ `action` on `target`, which it holds."""
    state = battle.state
    status = state.status[target]
    if status.held_by != key:
        return
    part, penalty = LOCKS[action]
    hit, gain = close_hit(battle, key, target, action, penalty)
    if hit:
        status.locked = part
        status.lock_damage = status.choked_rounds = 0
        battle.emit(TvConditionChanged(target, f"locked:{part}", True))
        squeeze(battle, key, target)
    change(battle, key, gain, "direct_attack")


def squeeze(battle: Battle[TvState], key: str, target: str) -> None:
    """The lock's effect on `target` once (at the lock and at each kept upkeep)."""
    state = battle.state
    status = state.status[target]
    if status.locked == "body":  # 「目標に「パンチの基本ダメージ」の物理ダメージ」
        dice, bonus = state.sheets[key].punch
        faces = tuple(battle.dice.roll(6) for _ in range(dice))
        rolled = max(0, sum(faces) + bonus)
        protection = protection_against(state.sheets[target], Depth.PHYSICAL)
        taken = max(0, rolled - protection)
        status.hp -= taken
        battle.emit(TvDamage(key, target, faces, rolled, protection, taken, status.hp, "physical"))
    else:
        sheet = state.sheets[target]
        mine = Score(state.sheets[key].strength)
        theirs = Score(max(sheet.strength, sheet.vitality))  # interpretation 38
        won, _, taken = quick_contest(battle, f"lock_{status.locked}", key, mine, target, theirs)
        if won:  # 「その差分物理ダメージを与えられる…通常の防具では防げない」
            status.hp -= taken
            status.lock_damage += taken
            battle.emit(TvDamage(key, target, (), taken, 0, taken, status.hp, "physical"))
            third = sheet.vitality / 3
            if (
                status.locked == "limb"
                and status.lock_damage > third
                and "limb" not in status.useless
            ):
                status.useless.add("limb")
                battle.emit(TvConditionChanged(target, "limb_useless", True))
    check_consciousness(battle, target)


def lock_upkeep(battle: Battle[TvState]) -> Steps:
    """At a round's start: each locker pays FAP 5 and MAP 2 to keep its lock (its effect
    again, unless option `lock_damage=action`), or lets it go; a choke counts its
    rounds (「この状態が「生命力」÷3ラウンドを超えた場合、目標は気絶する」)."""
    state = battle.state
    for target, status in state.status.items():
        if not status.locked or not status.active:
            continue
        locker = state.status[status.held_by]
        keep = False
        if locker.fap >= HOLD_COST[0] and locker.map >= HOLD_COST[1]:
            answer: Choice = yield Decision(
                status.held_by, "lock_upkeep", (KEEP, LET_GO), (target,)
            )
            keep = answer == KEEP
        if not keep:
            battle.emit(TvConditionChanged(target, f"locked:{status.locked}", False))
            status.locked = ""
            continue
        spend(battle, status.held_by, *HOLD_COST, "lock")
        if status.locked == "neck":
            status.choked_rounds += 1
            if status.choked_rounds > state.sheets[target].vitality / 3:
                knock_out(battle, target)
            if status.choked_rounds >= CHOKE_DEATH and not status.dead:
                status.dead = True
                battle.emit(TvConditionChanged(target, "dead", True))
        if state.rules.lock_each_round and status.active:
            squeeze(battle, status.held_by, target)
