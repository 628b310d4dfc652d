"""The T値 rule system: situation rates, then rounds of declarations and resolutions
(seed 002 「宣言と行動順」).

`Tvalue.play` is the battle as a generator: the situation rates once (A. シチュエーション
レート 戦闘開始時), then rounds until one side is left or the round limit. A round
refills every budget, everyone declares (the GM's sides first), then the declared actions
resolve one at a time in the action order (`order.next_actor`): the fighter picks which
of its declared actions and at whom (decision `act`), may add a snap action at double
cost, or cancel what it has left. Actions not resolved by the round's end lapse.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from senjo.engine.battle import Battle, Flow, Outcome, RuleSystem, Steps, last_side_outcome
from senjo.engine.decision import Decision
from senjo.space.plane import Point
from senjo.systems.tvalue.ai import TvAI
from senjo.systems.tvalue.arts import ART, resolve_art
from senjo.systems.tvalue.attack import direct_attack
from senjo.systems.tvalue.blocking import blocks
from senjo.systems.tvalue.choices import (
    CANCEL,
    KINDS,
    MOVE,
    ORDER_PENALTY,
    Act,
    Declare,
    parse_declared,
)
from senjo.systems.tvalue.closecombat import break_free, grab, lose_fap, ram, release
from senjo.systems.tvalue.combos import chain_length, resolve_chain
from senjo.systems.tvalue.declare import affordable, declaration_phase, pay, pay_big, pinning
from senjo.systems.tvalue.events import TvActs, TvCancelled, TvRoundStarted
from senjo.systems.tvalue.field import move, reaches
from senjo.systems.tvalue.guard import guard_cancel
from senjo.systems.tvalue.holds import pin, pin_upkeep, takedown
from senjo.systems.tvalue.interception import interceptions, wait
from senjo.systems.tvalue.locks import LOCKS, lock, lock_upkeep
from senjo.systems.tvalue.model import Fighter, Setup
from senjo.systems.tvalue.order import next_actor
from senjo.systems.tvalue.resolve import resolve_technique
from senjo.systems.tvalue.rules import OPTIONS, Rules
from senjo.systems.tvalue.shooting import shoot
from senjo.systems.tvalue.situation import join, opening_rates
from senjo.systems.tvalue.state import TvState
from senjo.systems.tvalue.sweeping import sweep

__all__ = ["Tvalue", "act_options", "holds"]


class Tvalue(RuleSystem[TvState]):
    """Seed 002's T値 / FAP・MAP combat, its Chapter 1 and Sword World numbers stood in
    for by the sheet (docs/rules/tvalue.md)."""

    name = "tvalue"
    options = OPTIONS

    @classmethod
    def default_ai(cls) -> TvAI:
        """The default T値 policy."""
        return TvAI()

    @classmethod
    def new_state(
        cls,
        sheets: Sequence[Fighter],
        positions: Mapping[str, Any],
        ground: Any = None,
        setup: Any = None,
    ) -> TvState:
        """Everyone unhurt at T 0 where the scenario puts them (metres: ranges and moves
        are measured on them, `field.py`)."""
        chosen = setup if isinstance(setup, Setup) else None
        points = {key: where for key, where in positions.items() if isinstance(where, Point)}
        return TvState.start({sheet.key: sheet for sheet in sheets}, chosen, points)

    def play(self, battle: Battle[TvState]) -> Flow:
        """The situation rates, then rounds until one side is left or time runs out."""
        state = battle.state
        state.rules = Rules.from_settings(self.settings)
        opening_rates(battle)
        while True:
            if state.round >= state.rules.max_rounds:
                return Outcome(None, "round_limit", state.round)
            state.round += 1
            _start_round(battle)
            join(battle)
            yield from pin_upkeep(battle)
            yield from lock_upkeep(battle)
            outcome = _outcome(state)  # a choke may have ended it
            if outcome is not None:
                return outcome
            yield from declaration_phase(battle)
            while (key := next_actor(state)) is not None:
                yield from _turn(battle, key)
                outcome = _outcome(state)
                if outcome is not None:
                    return outcome
            _end_round(state)


def _start_round(battle: Battle[TvState]) -> None:
    """Budgets refilled (interpretation 5), order values at reaction, counts reset."""
    state = battle.state
    for key, status in state.status.items():
        sheet = state.sheets[key]
        status.fap, status.map = sheet.fap, sheet.map
        status.order, status.received = sheet.reaction, 0
        status.declared.clear()
        status.blocks = 0
    battle.emit(TvRoundStarted(state.round))
    for key, status in state.status.items():
        holder = status.held_by
        if holder and not state.status[holder].active:  # a holder out of the fight lets go
            release(battle, key)
        elif holder:  # 「以降ラウンドの初めにFAPがマイナス5される」
            lose_fap(battle, key)
    for key, status in state.status.items():
        if status.active:
            pay_big(battle, key)


def _end_round(state: TvState) -> None:
    """Unresolved actions lapse; feints made last round lapse (「フェイント使用の次のラウンドの
    終わりに無効になる」)."""
    for status in state.status.values():
        status.declared.clear()
        if status.big_ready or not status.active:  # paid, yet not resolved: it lapses
            status.big, status.big_ready = "", False
        status.feints = {
            target: made for target, made in status.feints.items() if made >= state.round
        }


def act_options(state: TvState, key: str) -> tuple[Act | Declare | object, ...]:
    """At `key`'s turn to act: each declared action at each foe it reaches
    (`field.reaches`), snap actions it can still pay double for (option `snap`), and
    `cancel`."""
    status = state.status[key]
    acts: dict[str, Act | Declare | object] = {}
    foes = state.foes(key)
    # a paid big action resolves last of the fighter's actions (「行動解決をするラウンドは
    # 最後にする」)
    pending = status.declared or ([status.big] if status.big_ready else [])
    for declared in pending:
        action, weapon, replacement = parse_declared(declared)
        targets = list(foes)
        if replacement == "interception":  # no target: it waits for any direct attack
            targets = ["*"]
        elif action == "break_free":  # against whoever holds it
            targets = [status.held_by] if status.held_by else []
        elif action in ("takedown", "pin", *LOCKS):  # a fighter it holds (to pin: down)
            targets = [
                foe
                for foe in foes
                if state.status[foe].held_by == key and (action != "pin" or state.status[foe].prone)
            ]
        elif pinning(state, key):  # 「押さえこんでいる目標以外への直接攻撃」は出来ない
            targets = [pinning(state, key)]
        elif action == "two_swords" and not replacement:  # 「別々の目標を選択してもよい」
            targets += [f"{a}&{b}" for a in foes for b in foes if a != b]
        for target in targets:
            if not reaches(state, key, action, weapon, target):
                continue
            option = Act(action, weapon, target, replacement)
            acts.setdefault(option.key, option)
    options: list[Act | Declare | object] = list(acts.values())
    # 「組みつき状態は行為者の任意のタイミングで解除できるが、その時点で行動順の修正が1点加算」
    options += [Act("release", "", other) for other in holds(state, key)]
    if state.rules.snap:
        options.extend(affordable(state, key, snap=True))
    options.append(CANCEL)
    return tuple(options)


def _turn(battle: Battle[TvState], key: str) -> Steps:
    """`key`'s turn in the order: one declared action resolved (after any snap actions it
    adds), or its declared actions cancelled (no refund)."""
    state = battle.state
    status = state.status[key]
    while True:
        if not state.foes(key):
            status.declared.clear()
            return
        chosen = yield Decision(key, "act", act_options(state, key))
        if isinstance(chosen, Declare):
            pay(battle, key, chosen)
            continue
        if isinstance(chosen, Act) and chosen.action == "release":  # then act on
            release(battle, chosen.target)
            status.order -= 1
            continue
        if not isinstance(chosen, Act):
            dropped = (*status.declared, *([status.big] if status.big_ready else []))
            battle.emit(TvCancelled(key, dropped))
            status.declared.clear()
            if status.big_ready:
                status.big, status.big_ready = "", False
            return
        if status.declared:
            status.declared.remove(chosen.declared)
        else:  # the big action
            status.big, status.big_ready = "", False
        status.waiting = ""  # acting again ends a wait (「行動者の任意まで」)
        battle.emit(TvActs(key, status.order, chosen.key))
        if chosen.replacement == "interception":
            wait(battle, key, chosen.weapon)
        elif chosen.action == "attack":
            voided = yield from interceptions(battle, key, chosen.weapon, chosen.target)
            if not voided:
                voided = yield from blocks(battle, key, chosen.target)
            if not voided and state.status[chosen.target].active:
                if chosen.replacement == "sweeping":
                    struck = sweep(battle, key, chosen.weapon, chosen.target)
                else:
                    direct_attack(battle, key, chosen.weapon, chosen.target, chosen.replacement)
                    struck = (chosen.target,)
                for target in struck:
                    yield from guard_cancel(battle, key, target)
        elif chosen.action == "guard_cancel":  # not used on a defence: a plain attack
            direct_attack(battle, key, chosen.weapon, chosen.target)
            yield from guard_cancel(battle, key, chosen.target)
        elif chosen.action == "shoot":
            if not (yield from blocks(battle, key, chosen.target)):
                shoot(battle, key, chosen.weapon, chosen.target)
        elif chosen.action == MOVE:
            move(battle, key, chosen.target)
        elif chosen.action == "ram":
            ram(battle, key, chosen.target)
        elif chosen.action == "grab":
            grab(battle, key, chosen.target)
        elif chosen.action == "break_free":
            break_free(battle, key)
        elif chosen.action == "takedown":
            yield from takedown(battle, key, chosen.target)
        elif chosen.action == "pin":
            pin(battle, key, chosen.target)
        elif chosen.action in LOCKS:
            lock(battle, key, chosen.target, chosen.action)
        elif chosen.action == ART:
            yield from resolve_art(battle, key, chosen.weapon, chosen.target)
        elif chain_length(chosen.action):
            strikes = chain_length(chosen.action)
            yield from resolve_chain(battle, key, chosen.weapon, strikes, chosen.target)
        else:
            yield from resolve_technique(battle, key, chosen)
        status.order -= ORDER_PENALTY[KINDS.get(chosen.action, "major")]
        return


def holds(state: TvState, key: str) -> tuple[str, ...]:
    """The fighters `key` holds (組みつき)."""
    return tuple(other for other, s in state.status.items() if s.held_by == key and s.active)


def _outcome(state: TvState) -> Outcome | None:
    fled = {state.sheets[key].side for key, status in state.status.items() if status.fled}
    return last_side_outcome(state.sides_standing(), fled, state.round)
