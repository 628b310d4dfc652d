"""Seed 002 C. コンボ: the n-chain combo (「○連コンボ」), n direct attacks as one unit.

Declared as one action with one weapon: every strike costs the weapon's FAP and MAP, the
second one FAP less, the third 2 less, the fourth 4, each later one 6 (「2撃目以降の
消費FAPが1点、2点、4点、6点(以降は6点のまま)と下がっていく」, never below 0).

Just before the first strike: with the requirement met (absolute T ≥ 2 + n) the fighter
rolls 2D6 against 3 + n − (relative T to the first strike's target) ÷ 2 (truncated
towards 0, interpretation 33); at or above it, the later strikes follow at once, each a
direct attack in its own right (T gains, order penalties); otherwise, or with the
requirement unmet, the combo ends after its first strike. 「コンボ中に攻撃が命中すると、
以降の同じ目標に対する攻撃は自動的に命中する」: a target already hit in the combo is
hit again without a roll.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any, Final

from senjo.engine.battle import Battle, Steps
from senjo.engine.decision import Choice, Decision
from senjo.systems.tvalue.attack import direct_attack
from senjo.systems.tvalue.chances import two_dice_at_least
from senjo.systems.tvalue.choices import ORDER_PENALTY
from senjo.systems.tvalue.events import TvComboRoll, TvHitRoll, TvRequirementUnmet
from senjo.systems.tvalue.field import reaches
from senjo.systems.tvalue.model import Weapon
from senjo.systems.tvalue.state import TvState

__all__ = [
    "chain_chance",
    "chain_cost",
    "chain_length",
    "chain_number",
    "combo_roll",
    "next_target",
    "resolve_chain",
]

#: 「1点、2点、4点、6点(以降は6点のまま)」: the FAP off the 2nd, 3rd, 4th, 5th… strike.
_REDUCTIONS: Final = (1, 2, 4, 6)


def chain_length(action: str) -> int:
    """`chain3` -> 3 (0 for an action that is not a chain combo)."""
    return int(action[5:]) if action.startswith("chain") and action[5:].isdigit() else 0


def chain_cost(weapon: Weapon, strikes: int) -> tuple[int, int]:
    """(FAP, MAP) of an n-chain with `weapon`.

    >>> from senjo.systems.tvalue.model import Weapon
    >>> katana = Weapon("k", "", "", fap=6, map=1)
    >>> chain_cost(katana, 2), chain_cost(katana, 5)
    ((11, 2), (17, 5))
    """
    fap = weapon.fap
    for strike in range(1, strikes):
        fap += max(0, weapon.fap - _REDUCTIONS[min(strike, len(_REDUCTIONS)) - 1])
    return fap, weapon.map * strikes


def chain_number(strikes: int, relative: int) -> int:
    """「3+「組み合わせた行動の数」−「相対値」÷2」, the half truncated towards 0.

    >>> chain_number(2, 2), chain_number(2, 3), chain_number(2, -3)
    (4, 4, 6)
    """
    return 3 + strikes - int(relative / 2)


def combo_roll(
    battle: Battle[TvState], key: str, combo: str, basis: str, needed: int, had: int, number: int
) -> bool:
    """What every combo does just before its first action: the requirement (T `had`
    against `needed`; unmet, the combo ends after its first action), then 2D6 at or
    above `number` for the rest to follow. True when they follow."""
    if had < needed:
        battle.emit(TvRequirementUnmet(key, combo, basis, needed, had))
        return False
    dice = battle.dice.roll(6), battle.dice.roll(6)
    go_on = sum(dice) >= number
    battle.emit(TvComboRoll(key, combo, dice, number, go_on))
    return go_on


def next_target(
    battle: Battle[TvState], key: str, action: str, weapon: str
) -> Generator[Decision, Any, str]:
    """Before a combo's later action (`action` with `weapon`): its order penalty (each
    part an action, 「行動順修正」) and its target among the foes it reaches (decision
    `combo_strike`); "" when the combo cannot go on (the fighter out, no foe in reach)."""
    state = battle.state
    status = state.status[key]
    foes = [foe for foe in state.foes(key) if reaches(state, key, action, weapon, foe)]
    if not status.active or not foes:
        return ""
    status.order -= ORDER_PENALTY["major"]
    options = tuple(Choice(foe) for foe in foes)
    chosen: Choice = yield Decision(key, "combo_strike", options)
    return chosen.name


def resolve_chain(
    battle: Battle[TvState], key: str, weapon: str, strikes: int, first: str
) -> Steps:
    """Resolve `key`'s n-chain: the first strike at `first`, the roll, the rest (decision
    `combo_strike` for each later strike's target)."""
    state = battle.state
    t = state.status[key].t
    number = chain_number(strikes, state.relative(key, first))
    go_on = combo_roll(battle, key, f"chain{strikes}", "absolute", 2 + strikes, t, number)
    hit_before: set[str] = set()
    target = first
    for strike in range(strikes):
        if strike:
            target = (yield from next_target(battle, key, "attack", weapon)) if go_on else ""
            if not target:
                return
        if not state.status[target].active:
            continue
        if target in hit_before:
            _auto_hit(battle, key, weapon, target)
        else:
            direct_attack(battle, key, weapon, target)
            last = next(e for e in reversed(battle.log) if isinstance(e, TvHitRoll))
            if last.hit:
                hit_before.add(target)


def _auto_hit(battle: Battle[TvState], key: str, weapon: str, target: str) -> None:
    """A strike at a target already hit in the combo: it hits without a roll."""
    direct_attack(battle, key, weapon, target, auto_hit=True)


def chain_chance(strikes: int, relative: int) -> float:
    """The exact chance the combo roll continues (2D6 at or above the number).

    >>> chain_chance(2, 2)
    0.9166666666666666
    """
    number = chain_number(strikes, relative)
    return float(two_dice_at_least(number))
