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
from senjo.systems.tvalue.arts import ART, art_cost
from senjo.systems.tvalue.blocking import partners
from senjo.systems.tvalue.budget import spend
from senjo.systems.tvalue.choices import DONE, MOVE, REPLACEMENTS, Declare
from senjo.systems.tvalue.closecombat import CLOSE_ACTIONS
from senjo.systems.tvalue.combos import chain_cost, chain_length
from senjo.systems.tvalue.events import TvBigAction, TvDeclared
from senjo.systems.tvalue.field import astray, keep_off, usable_weapon
from senjo.systems.tvalue.locks import LOCKS
from senjo.systems.tvalue.model import Weapon
from senjo.systems.tvalue.state import TvState
from senjo.systems.tvalue.techniques import (
    takes_replacements,
    technique_costs,
    technique_of,
    technique_weapons,
)

__all__ = [
    "affordable",
    "big_options",
    "cost",
    "declaration_phase",
    "declaring_order",
    "locking",
    "pay",
    "pay_big",
    "pinning",
    "pool_cost",
]


def cost(state: TvState, key: str, option: Declare) -> tuple[int, int]:
    """The (FAP, MAP) an action costs: a close action's, a move's (the setup's), a
    secret art's, a technique's own, a chain combo's, or the weapon's direct attack, its
    FAP doubled for a heavy blow (強打 「宣言時、消費FAPを2倍にする」); both doubled for a
    snap action. (The AI asks it of every option at every declaration.)"""
    action = option.action
    times = 2 if option.snap else 1
    if action in CLOSE_ACTIONS:
        fap, map_ = CLOSE_ACTIONS[action]
        return fap * times, map_ * times
    if action == MOVE:
        return state.setup.move_fap * times, state.setup.move_map * times
    sheet = state.sheets[key]
    if action == ART:  # the parts' costs less 3, 6, 9 …
        fap, map_ = art_cost(state, key, sheet.art(option.weapon))
    elif action in sheet.techniques:  # its own costs (消費FAP, 消費MAP)
        fap, map_, _ = technique_costs(state, key, action)
    else:
        weapon: Weapon = sheet.weapon(option.weapon)
        strikes = chain_length(action)
        fap, map_ = chain_cost(weapon, strikes) if strikes else (weapon.fap, weapon.map)
    if option.replacement == "heavy_blow":
        fap *= 2
    return fap * times, map_ * times


def affordable(state: TvState, key: str, *, snap: bool = False) -> tuple[Declare, ...]:
    """The actions `key`'s budgets still cover (「FAP、MAPが0以上になる範囲」): each
    weapon's direct attack, plain and with each replacement (offered whatever the T now:
    「宣言時にT値が条件を満たしていなくても宣言はしても良い」), shots, techniques, combos."""
    status = state.status[key]
    options = []
    for option in _candidates(state, key, snap):
        fap, map_ = cost(state, key, option)
        if fap > status.fap or map_ > status.map:
            continue
        mp, hp = pool_cost(state, key, option)
        if mp <= status.mp and hp < status.hp:
            options.append(option)
    return tuple(options)


def pool_cost(state: TvState, key: str, option: Declare) -> tuple[int, int]:
    """The (MP, HP) an action costs (an ability technique's HP(MP)消費; a secret art's
    parts'), paid at the declaration and never doubled; HP never to 0 or below."""
    sheet = state.sheets[key]
    if option.action == ART:
        parts = [part for part, _ in sheet.art(option.weapon).parts]
    elif option.action in sheet.techniques:
        parts = [option.action]
    else:  # most actions: nothing (the AI asks for every option at each declaration)
        return 0, 0
    mp = sum(technique_costs(state, key, part)[2] for part in parts)
    hp = sum(technique_of(sheet, part).hp for part in parts)
    return mp, hp


def big_options(state: TvState, key: str) -> tuple[Declare, ...]:
    """「大きな数値が設定されているもの…他の行動を選ばずにその行動を宣言してよい」: before
    anything else is declared this round, with no big action under way, the actions that
    cost more than a full budget may be declared alone, to be paid over rounds (never one
    needing a pool the fighter does not have)."""
    status, sheet = state.status[key], state.sheets[key]
    if status.declared or status.big or (status.fap, status.map) != (sheet.fap, sheet.map):
        return ()
    chosen = []
    for option in _candidates(state, key, False):
        fap, map_ = cost(state, key, option)
        payable = (fap == 0 or sheet.fap > 0) and (map_ == 0 or sheet.map > 0)
        mp, hp = pool_cost(state, key, option)
        payable = payable and mp <= status.mp and hp < status.hp
        if payable and (fap > status.fap or map_ > status.map):
            chosen.append(Declare(option.action, option.weapon, option.replacement, big=True))
    return tuple(chosen)


def _candidates(state: TvState, key: str, snap: bool) -> list[Declare]:
    """Every action `key` could declare, whatever it costs."""
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
        # only 二刀流 may take a replacement (「直接攻撃の置き換えを行う事も出来る」), one
        # with a single target (「目標を同じにしなければならない」: no sweep), and an
        # ability with the clause (「置き換えのどれかの効果を選択できる」), one strike
        replacements: tuple[str, ...] = ("",)
        if technique == "two_swords" or takes_replacements(state.sheets[key], technique):
            replacements += tuple(r for r in REPLACEMENTS if r != "sweeping")
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
    candidates += [  # 奥儀: each part's weapon usable by its technique now
        Declare(ART, art.key, snap=snap)
        for art in state.sheets[key].arts
        if all(
            weapon in {w.key for w in technique_weapons(state, key, technique)}
            for technique, weapon in art.parts
        )
    ]
    candidates += [  # declared as a direct attack with the weapon (paid in full)
        Declare("guard_cancel", weapon, snap=snap)
        for weapon in state.sheets[key].guard_cancels
        if weapon in {w.key for w in usable}
    ]
    status = state.status[key]
    candidates += [Declare("ram", "", snap=snap), Declare("grab", "", snap=snap)]
    holding = [other for other, s in state.status.items() if s.held_by == key and s.active]
    if holding:
        candidates.append(Declare("takedown", "", snap=snap))
        if any(state.status[other].prone for other in holding):
            candidates.append(Declare("pin", "", snap=snap))
        if "arm" not in status.useless:  # 「両腕を用いなければならない」
            candidates += [Declare(action, "", snap=snap) for action in LOCKS]
    if status.held_by:
        candidates.append(Declare("break_free", "", snap=snap))
    elif not holding and _somewhere_to_go(state, key):  # 移動: not holding or held
        candidates.append(Declare(MOVE, "", snap=snap))
    if partners(state, key) and not snap:  # 「組みつき中の双方が行動可能」
        candidates.append(Declare("block", ""))
    if status.pinned:  # 「直接攻撃」「射出攻撃」「“ほとんどの”武技」「移動」…が出来なくなる
        return [c for c in candidates if c.action in ("break_free", "grab", "block")]
    if locking(state, key):  # arms busy: no direct attack, shot, technique or combo
        return [c for c in candidates if c.action in CLOSE_ACTIONS]
    if pinning(state, key):  # no shots, no techniques; direct attacks at the pinned only
        known = state.sheets[key].techniques
        return [c for c in candidates if c.action not in ("shoot", ART, *known)]
    return candidates


def _somewhere_to_go(state: TvState, key: str) -> bool:
    """Whether a move would bring a foe to where `key` strikes from (`field.astray`)."""
    keep = keep_off(state, key)
    return any(astray(state, key, foe, keep) for foe in state.foes(key))


def locking(state: TvState, key: str) -> str:
    """The fighter `key` has in a lock ("" for none)."""
    return next((o for o, s in state.status.items() if s.locked and s.held_by == key), "")


def pinning(state: TvState, key: str) -> str:
    """The fighter `key` pins ("" for none)."""
    return next((o for o, s in state.status.items() if s.pinned and s.held_by == key), "")


def pay(battle: Battle[TvState], key: str, option: Declare) -> TvDeclared:
    """Pay for a declared action and keep it until it resolves (event `TvDeclared`, also
    returned); a big action pays what the budgets hold and owes the rest (event
    `TvBigAction`)."""
    state = battle.state
    status = state.status[key]
    fap, map_ = cost(state, key, option)
    mp, hp = pool_cost(state, key, option)
    status.mp -= mp
    status.hp -= hp
    if option.big:
        paid_fap, paid_map = min(fap, status.fap), min(map_, status.map)
        status.fap -= paid_fap
        status.map -= paid_map
        status.big, status.big_fap, status.big_map = (
            option.declared,
            fap - paid_fap,
            map_ - paid_map,
        )
        declared = TvDeclared(
            key, option.declared, paid_fap, paid_map, status.fap, status.map, False, mp, hp
        )
        battle.emit(declared)
        battle.emit(TvBigAction(key, option.declared, status.big_fap, status.big_map))
        return declared
    status.fap -= fap
    status.map -= map_
    if option.action == "block":  # kept apart: it resolves only when an attack comes
        status.blocks += 1
    else:
        status.declared.append(option.declared)
    declared = TvDeclared(
        key, option.declared, fap, map_, status.fap, status.map, option.snap, mp, hp
    )
    battle.emit(declared)
    return declared


def pay_big(battle: Battle[TvState], key: str) -> None:
    """At a round's start: a big action under way takes what it still needs from the
    refilled budgets (「1ラウンド毎に消費FAP、消費MAPをそれぞれFAP、MAPずつ減らして」); paid in
    full, it resolves this round (「消費が満たされた時点で行動解決ができる」)."""
    status = battle.state.status[key]
    if not status.big or status.big_ready:
        return
    paid_fap, paid_map = min(status.big_fap, status.fap), min(status.big_map, status.map)
    status.big_fap -= paid_fap
    status.big_map -= paid_map
    status.big_ready = status.big_fap == 0 and status.big_map == 0
    battle.emit(TvBigAction(key, status.big, status.big_fap, status.big_map))
    spend(battle, key, paid_fap, paid_map, "big")


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
            options: Sequence[Declare | object] = (
                *affordable(state, key),
                *big_options(state, key),
                DONE,
            )
            chosen = yield Decision(key, "declare_action", tuple(options), tuple(made))
            if not isinstance(chosen, Declare):
                break
            made.append(pay(battle, key, chosen))
