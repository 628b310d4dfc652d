"""Resolving a declared technique (seed 002 B. 武技): its requirement, its strikes, its
T drop.

Unmet at resolution, a technique is a plain direct attack with the same weapon
(interpretation 26). 居合い asks its choice (decision `iai_option`) before the hit roll;
二刀流 strikes with both weapons, at one target or two (`b&c`); the user's T drops by
the technique's 下降T値 after it resolves (「中には自身のT値が下降するものがある」).
"""

from __future__ import annotations

from senjo.engine.battle import Battle, Steps
from senjo.engine.decision import Choice, Decision
from senjo.systems.tvalue.advantage import change
from senjo.systems.tvalue.attack import direct_attack
from senjo.systems.tvalue.choices import Act
from senjo.systems.tvalue.events import TvConditionChanged
from senjo.systems.tvalue.state import TvState
from senjo.systems.tvalue.techniques import (
    IAI_OPTIONS,
    clause_effects,
    partner,
    requirement_holds,
    technique_of,
)

__all__ = ["resolve_technique"]


def resolve_technique(battle: Battle[TvState], key: str, act: Act) -> Steps:
    """Resolve `act`, a declared technique, for `key`."""
    state = battle.state
    technique = technique_of(state.sheets[key], act.action)
    first, _, second = act.target.partition("&")
    if not requirement_holds(battle, key, technique):
        direct_attack(battle, key, act.weapon, first, act.replacement)
        return
    if technique.key == "iai":
        chosen: Choice = yield Decision(key, "iai_option", IAI_OPTIONS)
        direct_attack(battle, key, act.weapon, first, technique="iai", iai=chosen.name)
    elif technique.key == "two_swords":
        other = partner(state.sheets[key], state.sheets[key].weapon(act.weapon))
        assert other is not None  # offered only with a pair
        direct_attack(battle, key, act.weapon, first, act.replacement, "two_swords")
        target = second or first
        dropped = other.key in state.status[key].dropped  # lost to a called shot meanwhile
        if state.status[key].active and state.status[target].active and not dropped:
            direct_attack(battle, key, other.key, target, act.replacement, "two_swords")
    else:  # a scenario's own may carry a replacement (an ability's 「選択できる」)
        guard = clause_effects(state, key, first, technique).evasion  # read as it resolves
        direct_attack(battle, key, act.weapon, first, act.replacement, technique.key)
        if guard:  # 「行動解決から次ラウンド終了時まで回避に○」
            status = state.status[key]
            status.evasion_bonus, status.bonus_until = guard, state.round + 1
            battle.emit(TvConditionChanged(key, f"evasion:{guard}", True))
    change(battle, key, -technique.drop, "technique_drop")
