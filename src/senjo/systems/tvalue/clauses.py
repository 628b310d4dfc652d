"""Seed 002 D. 異能技のデータ変動: the T-scaled clauses of an ability technique (異能技).

Built: 「絶対(相対)値○(毎)に命中に○」 (`hit_per`), 「絶対(相対)値○(毎)に場合ダメージに○」
(`damage_per`): the amount for every full step of T (none below one step);
「絶対(相対)値○以上の場合ダメージ深度1ランクアップ」 (`depth_up`, up to 対神) and
「絶対(相対)値○点以上の場合ダメージ○倍」 (`damage_times`, the damage computed, before
protection) once T reaches the threshold. T is the fighter's own, or less the
target's, read when the strike resolves (interpretation 46). The other templates (dice
read as a value, HP/MP conditions, a replacement's effect, costs, evasion, HP/MP per
step, range) are not built.

>>> from senjo.systems.tvalue.model import Clause
>>> effects((Clause("hit_per", 2, 1), Clause("depth_up", 3)), 5, 0)
Effects(hit=2, damage=0, ranks=1, times=1)
>>> effects((Clause("damage_per", 1, 2, "relative"),), 5, -1)
Effects(hit=0, damage=0, ranks=0, times=1)
"""

from __future__ import annotations

from dataclasses import dataclass

from senjo.systems.tvalue.model import Clause

__all__ = ["KINDS", "NONE", "Effects", "effects"]

#: The clause kinds built.
KINDS = ("hit_per", "damage_per", "depth_up", "damage_times")


@dataclass(frozen=True, slots=True)
class Effects:
    """What an ability's clauses add now: to hit, to damage, depth ranks, a multiplier."""

    hit: int = 0
    damage: int = 0
    ranks: int = 0
    times: int = 1


NONE = Effects()


def effects(clauses: tuple[Clause, ...], absolute: int, relative: int) -> Effects:
    """The clauses' effects at T `absolute` and, against the target, `relative`."""
    if not clauses:
        return NONE
    hit = damage = ranks = 0
    times = 1
    for clause in clauses:
        t = relative if clause.basis == "relative" else absolute
        steps = max(0, t // clause.at)
        if clause.kind == "hit_per":
            hit += clause.amount * steps
        elif clause.kind == "damage_per":
            damage += clause.amount * steps
        elif clause.kind == "depth_up" and t >= clause.at:
            ranks += clause.amount
        elif clause.kind == "damage_times" and t >= clause.at:
            times = max(times, clause.amount)
    return Effects(hit, damage, ranks, times)
