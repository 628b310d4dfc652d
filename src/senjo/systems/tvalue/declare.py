"""Seed 002 宣言と行動順 (declarations): what a fighter may declare and what it costs.

「宣言はGM側→PC側の順で行う。FAP、MAPが0以上になる範囲で行動を選択できる」: the GM's
sides declare first (the setup's `gm_sides`, then the others in the scenario's order);
each fighter declares actions one at a time while its budgets cover them, paying at
once (interpretation 5), and says `done`. Neither order nor target is declared
(「行動を行う順番を決めなくても良い。目標についても…定めなくても良い」).
A snap action (とっさの行動), added at a fighter's own turn to act, costs double.
"""

from __future__ import annotations

from collections.abc import Sequence

from senjo.engine.battle import Battle, Steps
from senjo.engine.decision import Decision
from senjo.systems.tvalue.choices import DONE, REPLACEMENTS, Declare
from senjo.systems.tvalue.combos import chain_cost, chain_length
from senjo.systems.tvalue.events import TvDeclared
from senjo.systems.tvalue.model import Weapon
from senjo.systems.tvalue.state import TvState
from senjo.systems.tvalue.techniques import TECHNIQUES, technique_weapons

__all__ = ["affordable", "cost", "declaration_phase", "declaring_order", "pay", "usable_weapon"]


def cost(state: TvState, key: str, option: Declare) -> tuple[int, int]:
    """The (FAP, MAP) an action costs: the weapon's direct attack, its FAP doubled for a
    heavy blow (強打 「宣言時、消費FAPを2倍にする」), both doubled for a snap action."""
    weapon: Weapon = state.sheets[key].weapon(option.weapon)
    fap, map_ = weapon.fap, weapon.map
    if chain_length(option.action):
        fap, map_ = chain_cost(weapon, chain_length(option.action))
    technique = TECHNIQUES.get(option.action)
    if technique is not None:  # the technique's own costs (消費FAP, 消費MAP)
        fap, map_ = technique.fap, technique.map
    times = 2 if option.snap else 1
    fap *= 2 if option.replacement == "heavy_blow" else 1
    return fap * times, map_ * times


def affordable(state: TvState, key: str, *, snap: bool = False) -> tuple[Declare, ...]:
    """The actions `key`'s budgets still cover (「FAP、MAPが0以上になる範囲」): each
    weapon's direct attack, plain and with each replacement (offered whatever the T now:
    「宣言時にT値が条件を満たしていなくても宣言はしても良い」)."""
    status = state.status[key]
    usable = [weapon for weapon in state.sheets[key].weapons if usable_weapon(state, key, weapon)]
    candidates = [
        Declare("attack", weapon.key, replacement, snap=snap)
        for weapon in usable
        if weapon.delivery == "direct"
        for replacement in ("", *REPLACEMENTS)
    ]
    candidates += [  # 「射出」: no direct-attack replacement
        Declare("shoot", weapon.key, snap=snap)
        for weapon in usable
        if weapon.delivery == "projectile"
    ]
    for technique in state.sheets[key].techniques:
        # only 二刀流 may take a replacement (「直接攻撃の置き換えを行う事も出来る」)
        replacements = ("", *REPLACEMENTS) if technique == "two_swords" else ("",)
        candidates += [
            Declare(technique, weapon.key, replacement, snap=snap)
            for weapon in technique_weapons(state, key, technique)
            for replacement in replacements
        ]
    candidates += [
        Declare(f"chain{strikes}", weapon, snap=snap)
        for weapon, strikes in state.sheets[key].combos
        if weapon in {w.key for w in usable}
    ]
    options = []
    for option in candidates:
        fap, map_ = cost(state, key, option)
        if fap <= status.fap and map_ <= status.map:
            options.append(option)
    return tuple(options)


def usable_weapon(state: TvState, key: str, weapon: Weapon) -> bool:
    """Not dropped, and not two-handed with a useless arm (部位狙い)."""
    status = state.status[key]
    if weapon.key in status.dropped:
        return False
    return not (weapon.hands == 2 and "arm" in status.useless)


def pay(battle: Battle[TvState], key: str, option: Declare) -> None:
    """Pay for a declared action and keep it until it resolves (event `TvDeclared`)."""
    state = battle.state
    status = state.status[key]
    fap, map_ = cost(state, key, option)
    status.fap -= fap
    status.map -= map_
    status.declared.append(option.declared)
    battle.emit(TvDeclared(key, option.declared, fap, map_, status.fap, status.map, option.snap))


def declaring_order(state: TvState) -> tuple[str, ...]:
    """Who declares, in order: the GM's sides first, then the others (scenario order)."""
    gm = set(state.setup.gm_sides)
    active = [key for key, status in state.status.items() if status.active]
    first = [key for key in active if state.sheets[key].side in gm]
    return (*first, *(key for key in active if key not in first))


def declaration_phase(battle: Battle[TvState]) -> Steps:
    """Everyone declares (decision `declare`, repeated until `done`); each decision's
    context holds the declarations made so far, as at the table."""
    state = battle.state
    made: list[TvDeclared] = []
    for key in declaring_order(state):
        while True:
            options: Sequence[Declare | object] = (*affordable(state, key), DONE)
            chosen = yield Decision(key, "declare_action", tuple(options), tuple(made))
            if not isinstance(chosen, Declare):
                break
            pay(battle, key, chosen)
            last = battle.log[-1]
            assert isinstance(last, TvDeclared)
            made.append(last)
