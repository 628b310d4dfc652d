"""Seed 002 「部位狙い」 (called shots), a direct-attack replacement: aiming at the head
(−4), an arm, a leg or the weapon (−2 each), and what a hit there does.

- 頭: the damage, then a vitality check less the damage taken ÷ 5 (rounded down); a
  failure knocks the target out for 2D × 10 minutes (out of the fight, T −8), and with
  its HP at 0 or below then, it is beheaded (dead);
- 腕: the damage, then vitality less taken ÷ 6: a failure drops what it holds; failing
  by 10 or more (not on a 3 or 4) the arm is useless;
- 脚: the damage, then vitality less taken ÷ 5: a failure is a fall; by 10 or more the
  leg is useless;
- 武器: no damage to the target: strength less the damage computed ÷ 4 (+2 for a
  two-handed weapon); a failure drops the weapon.

What the target holds is its first weapon not dropped (interpretation 32).
"""

from __future__ import annotations

from typing import Final

from senjo.engine.battle import Battle
from senjo.engine.modifiers import Modifiers, Score
from senjo.systems.tvalue.choices import parse_declared
from senjo.systems.tvalue.damage import knock_out
from senjo.systems.tvalue.events import TvConditionChanged
from senjo.systems.tvalue.model import Weapon
from senjo.systems.tvalue.rolls import check
from senjo.systems.tvalue.state import TvState
from senjo.systems.tvalue.techniques import fall

__all__ = ["LOCATIONS", "called_shot", "drop", "held_weapon"]

#: The called shots and their hit modifiers (「頭 (-4)」「腕 (-2)」「脚 (-2)」「武器(-2)」).
LOCATIONS: Final = {"aim_head": -4, "aim_arm": -2, "aim_leg": -2, "aim_weapon": -2}


def held_weapon(state: TvState, key: str) -> Weapon | None:
    """What `key` holds: its first weapon not dropped (None for none)."""
    dropped = state.status[key].dropped
    return next((w for w in state.sheets[key].weapons if w.key not in dropped), None)


def drop(battle: Battle[TvState], key: str, weapon: str) -> None:
    """`key` drops `weapon`: it can no longer use it (picking it up is Chapter 1's);
    declared actions with it lapse, a big action under way too."""
    status = battle.state.status[key]
    status.dropped.add(weapon)
    status.declared = [d for d in status.declared if parse_declared(d)[1] != weapon]
    if status.big and parse_declared(status.big)[1] == weapon:
        status.big, status.big_ready = "", False
    battle.emit(TvConditionChanged(key, f"dropped:{weapon}", True))


def _vitality(state: TvState, target: str, divisor: int, taken: int) -> Score:
    return Score(state.sheets[target].vitality, Modifiers.of(("damage", -(taken // divisor))))


def called_shot(
    battle: Battle[TvState], target: str, location: str, rolled: int, taken: int
) -> None:
    """A called shot's effect on `target` after a hit (`rolled` the damage computed,
    `taken` what came through protection)."""
    state = battle.state
    status = state.status[target]
    if location == "aim_head":
        if not check(battle, target, "head", _vitality(state, target, 5, taken)).success:
            minutes = 10 * (battle.dice.roll(6) + battle.dice.roll(6))
            battle.emit(TvConditionChanged(target, f"knocked_out:{minutes}", True))
            knock_out(battle, target)
            if status.hp <= 0:  # 「このときHPが0以下になっていた場合、首がはねられる」
                status.dead = True
                battle.emit(TvConditionChanged(target, "dead", True))
    elif location in ("aim_arm", "aim_leg"):
        divisor = 6 if location == "aim_arm" else 5
        rolled_check = check(battle, target, location[4:], _vitality(state, target, divisor, taken))
        if rolled_check.success:
            return
        if location == "aim_arm":
            held = held_weapon(state, target)
            if held is not None:
                drop(battle, target, held.key)
        else:
            fall(battle, target)
        if rolled_check.margin <= -10 and rolled_check.total > 4:  # 「(3，4は除く)」
            limb = location[4:]
            if limb not in status.useless:
                status.useless.add(limb)
                battle.emit(TvConditionChanged(target, f"{limb}_useless", True))
    elif location == "aim_weapon":
        held = held_weapon(state, target)
        if held is None:
            return
        modifiers = [("damage", -(rolled // 4))]
        if held.hands == 2:
            modifiers.append(("two_handed", 2))
        score = Score(state.sheets[target].strength, Modifiers.of(*modifiers))
        if not check(battle, target, "weapon", score).success:
            drop(battle, target, held.key)
