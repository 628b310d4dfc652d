"""Grapples (組み付き) and what follows them: holds, throws (投げ) and tackles (体当たり).

Base game: a grapple that lands lets the grappler choose one effect — hold
the target immobile, knock it down, disarm it, strangle it, or hurt it for
1D6+db; a held target escapes with a STR resistance roll on its turn.

Seed 004:

- a grapple needs the target's SIZ between −20 and +10 of the grappler's
  (`house_grapple_size`, see `grapple_size_allows`);
- on the held target's DEX turn the grappler rolls STR against STR, and lets
  go on a failure (`house_grapple_hold`);
- 投げ (`house_throw`): at any time while the grapple holds; automatic,
  1D3+db; the target's Grapple roll (a break-fall) halves it, otherwise 2 ×
  damage against CON for a knock-out; the target falls either way;
- 体当たり (`house_tackle`): declared with the grapple roll; 1D3+db, then a
  knock-back (√(damage + own SIZ − target SIZ) metres, 1D4 a metre a wall
  stops) or a push-down (STR vs STR: both fall, the grapple holds; +1D4 on a
  hard floor); then 2 × the total damage against CON for a knock-out.

>>> grapple_size_allows(10, 30), grapple_size_allows(10, 20), grapple_size_allows(30, 9)
(False, True, False)
>>> knock_back_metres(3, 12, 10)
2.24
"""

from __future__ import annotations

import math

from senjo.engine.battle import Battle, Steps
from senjo.engine.decision import Choice, Decision
from senjo.engine.modifiers import Score
from senjo.space.plane import step_away
from senjo.systems.coc.checks import check, resist, roll_damage
from senjo.systems.coc.conditions import fall, out_of_reach, release_grapple, start_grapple
from senjo.systems.coc.events import CocItemChanged, CocMoved
from senjo.systems.coc.injury import knock_out, wound
from senjo.systems.coc.model import DamageDice
from senjo.systems.coc.state import CocState

__all__ = [
    "grapple_effects",
    "grapple_size_allows",
    "hold_check",
    "keep_hold",
    "knock_back_metres",
    "land_grapple",
    "land_tackle",
    "throw",
    "try_escape",
]

D3 = DamageDice(((1, 3),))
D4 = DamageDice(((1, 4),))
D6 = DamageDice(((1, 6),))


def grapple_size_allows(own_size: int, target_size: int) -> bool:
    """Seed 004: 組み付きを行うためには、相手のSIZが-20以上、+10以下."""
    return -20 <= target_size - own_size <= 10


def knock_back_metres(damage: int, own_size: int, target_size: int) -> float:
    """Seed 004 吹き飛ばし: √(damage + own SIZ − target SIZ) metres (0 when that is below 0)."""
    return round(math.sqrt(max(0, damage + own_size - target_size)), 2)


def _dice(base: DamageDice, twice: bool) -> list[tuple[DamageDice, bool]]:
    return [(base, False), (base, False)] if twice else [(base, False)]


def grapple_effects(state: CocState, grappler: str, target: str) -> tuple[Choice, ...]:
    """What a landed grapple may do to `target`."""
    effects = ["hold", "strangle", "knock_down", "hurt"]
    victim = state.sheets[target]
    armed = any(not w.unarmed for w in victim.weapons)
    if armed and not state.status[target].disarmed:
        effects.append("disarm")
    if state.rules.throw:
        effects.append("throw")
    return tuple(Choice(effect, target) for effect in effects)


def land_grapple(battle: Battle[CocState], grappler: str, target: str, martial_arts: bool) -> Steps:
    """A grapple landed: the grappler chooses its effect."""
    state = battle.state
    choice: Choice = yield Decision(
        grappler, "grapple_effect", grapple_effects(state, grappler, target), target
    )
    effect = choice.name
    if effect in ("hold", "strangle"):
        start_grapple(battle, grappler, target, effect, "grapple")
    elif effect == "knock_down":
        fall(battle, target, "knock_down")
    elif effect == "hurt":
        sheet = state.sheets[grappler]
        parts = [*_dice(D6, martial_arts), (sheet.db, False)]
        doubled = "martial_arts" if martial_arts else ""
        damage = roll_damage(battle, grappler, target, "grapple", parts, doubled)
        wound(battle, target, damage, "grapple", blunt=True)
    elif effect == "disarm":
        state.status[target].disarmed = True
        battle.emit(CocItemChanged(target, "weapons", "disarmed"))
    elif effect == "throw":
        throw(battle, grappler, target, martial_arts)


def throw(battle: Battle[CocState], grappler: str, target: str, martial_arts: bool = False) -> None:
    """Seed 004 投げ: automatic 1D3+db; a break-fall halves it, else a knock-out roll; a fall."""
    state = battle.state
    sheet, victim = state.sheets[grappler], state.sheets[target]
    parts = [*_dice(D3, martial_arts), (sheet.db, False)]
    doubled = "martial_arts" if martial_arts else ""
    damage = roll_damage(battle, grappler, target, "throw", parts, doubled)
    release_grapple(battle, grappler, "thrown")
    breakfall = check(battle, target, "breakfall", Score(victim.skill("grapple")), target=grappler)
    if breakfall.success:
        wound(battle, target, damage // 2, "throw_breakfall", blunt=True)  # 受け身：半減
    else:
        wound(battle, target, damage, "throw", blunt=True)
        awake = state.status[target].active and damage > 0
        # 受け身に失敗した場合、ダメージの2倍とCONの対抗判定を行い、失敗した場合はノックアウト
        if awake and resist(
            battle, grappler, "throw_knockout", target, 2 * damage, victim.constitution
        ):
            knock_out(battle, target, "throw")
    if state.status[target].active:
        fall(battle, target, "thrown")  # 受け身の成功失敗に関わらず転倒


def land_tackle(battle: Battle[CocState], tackler: str, target: str, martial_arts: bool) -> Steps:
    """Seed 004 体当たり: 1D3+db, a knock-back or push-down, then the knock-out roll."""
    state = battle.state
    sheet, victim = state.sheets[tackler], state.sheets[target]
    parts = [*_dice(D3, martial_arts), (sheet.db, False)]
    doubled = "martial_arts" if martial_arts else ""
    damage = roll_damage(battle, tackler, target, "tackle", parts, doubled)
    total = damage
    wound(battle, target, damage, "tackle", blunt=True)
    if state.status[target].active:
        options = (Choice("knock_back", target), Choice("push_down", target), Choice("none"))
        follow: Choice = yield Decision(tackler, "tackle_follow", options, target)
        if follow.name == "knock_back":
            total += _knock_back(battle, tackler, target, damage)
        elif follow.name == "push_down":
            total += _push_down(battle, tackler, target)
    status = state.status[target]
    awake = status.active and total > 0
    # 体当たりの一連のダメージ合計の2倍と相手のCONで対抗判定
    if awake and resist(battle, tackler, "tackle_knockout", target, 2 * total, victim.constitution):
        knock_out(battle, target, "tackle")


def _knock_back(battle: Battle[CocState], tackler: str, target: str, damage: int) -> int:
    state = battle.state
    status = state.status[target]
    metres = knock_back_metres(damage, state.sheets[tackler].size, state.sheets[target].size)
    free = status.wall_behind
    travelled = metres if free is None else min(metres, free)
    stopped = 0 if free is None else math.floor(max(0.0, metres - free))
    if travelled > 0:
        status.position = step_away(status.position, state.status[tackler].position, travelled)
        if free is not None:
            status.wall_behind = round(free - travelled, 2)
        position = status.position
        battle.emit(
            CocMoved(
                target,
                travelled,
                tackler,
                "knocked_back",
                round(position.x, 2),
                round(position.y, 2),
            )
        )
        out_of_reach(battle, target, "knock_back")
    if stopped == 0:
        return 0
    wall = DamageDice(((stopped, 4),))  # 吹き飛ばせなかった1mに対して1d4
    extra = roll_damage(battle, tackler, target, "wall", [(wall, False)])
    wound(battle, target, extra, "wall", blunt=True)
    return extra


def _push_down(battle: Battle[CocState], tackler: str, target: str) -> int:
    state = battle.state
    strength = state.sheets[tackler].strength
    if not resist(battle, tackler, "push_down", target, strength, state.sheets[target].strength):
        return 0
    fall(battle, tackler, "push_down")
    fall(battle, target, "push_down")
    start_grapple(battle, tackler, target, "hold", "push_down")
    if state.status[target].floor != "hard":
        return 0
    extra = roll_damage(battle, tackler, target, "floor", [(D4, False)])  # 床が硬い場合は1d4
    wound(battle, target, extra, "floor")
    return extra


def hold_check(battle: Battle[CocState], target: str) -> None:
    """Seed 004: on the held target's DEX turn the grappler rolls STR vs STR or lets go."""
    state = battle.state
    grappler = state.status[target].held_by
    if not grappler:
        return
    strength = state.sheets[grappler].strength
    if not resist(
        battle, grappler, "grapple_hold", target, strength, state.sheets[target].strength
    ):
        release_grapple(battle, grappler, "hold_broken")


def try_escape(battle: Battle[CocState], target: str) -> None:
    """Base game: the held target spends its turn on a STR resistance roll to break free."""
    state = battle.state
    grappler = state.status[target].held_by
    strength = state.sheets[target].strength
    if resist(battle, target, "escape", grappler, strength, state.sheets[grappler].strength):
        release_grapple(battle, grappler, "escaped")


def keep_hold(battle: Battle[CocState], grappler: str) -> None:
    """The grappler keeps its hold; a strangle does 1D6 (no db, through armour) each turn."""
    state = battle.state
    status = state.status[grappler]
    if status.hold_kind == "strangle":
        target = status.holding
        damage = roll_damage(battle, grappler, target, "strangle", [(D6, False)])
        wound(battle, target, damage, "strangle", armour=False)
