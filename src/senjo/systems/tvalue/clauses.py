"""Seed 002 D. 異能技のデータ変動: the T-scaled clauses of an ability technique (異能技).

Built, read when the strike resolves (T the fighter's own, or less the target's):
「絶対(相対)値○(毎)に命中に○」 (`hit_per`), 「絶対(相対)値○(毎)に場合ダメージに○」
(`damage_per`): the amount for every full step of T (none below one step);
「絶対(相対)値○の場合命中判定時のダイスの目がすべて○扱い」 (`dice_at`),
「絶対(相対)値○以上の場合ダメージ深度1ランクアップ」 (`depth_up`, up to 対神) and
「絶対(相対)値○点以上の場合ダメージ○倍」 (`damage_times`, the damage computed, before
protection) once T reaches the threshold, 「HP(MP)が○の場合命中に○」 and 「HP(MP)が○の
場合ダメージに○」 (`hit_if`, `damage_if`: the user's HP or MP at most, or at least, ○),
「絶対(相対)値○以上の場合行動解決から次ラウンド終了時まで回避に○」 (`evasion_at`), and
「絶対(相対)値○(毎)に射程○」 (`reach_per`: metres added to the far end of its range for
every full step, `field.py`). 「「直接攻撃の置き換え」のどれかの効果を選択できる」
(`replacements`) lets it be declared with a replacement. Read when it is declared (T
the fighter's own: no target yet): 「○以上の場合消費FAP○、消費MAP○」,
「○(毎)にHP(MP)消費が○」 and 「○−「絶対値」HP(MP)消費」 (`costs`) (interpretation 46).
An ability may cost HP as well as MP. Not built: the cost clauses' HP forms.

>>> from senjo.systems.tvalue.model import Clause
>>> effects((Clause("hit_per", 2, 1), Clause("depth_up", 3)), 5, 0)
Effects(hit=2, damage=0, ranks=1, times=1, dice=0, evasion=0, reach=0)
>>> effects((Clause("damage_per", 1, 2, "relative"),), 5, -1)
Effects(hit=0, damage=0, ranks=0, times=1, dice=0, evasion=0, reach=0)
"""

from __future__ import annotations

from dataclasses import dataclass

from senjo.systems.tvalue.model import Clause

__all__ = ["COSTS", "KINDS", "NONE", "REPLACEMENTS", "Effects", "costs", "effects"]

#: The clause kinds built: read when the strike resolves, and (`COSTS`) when it is
#: declared.
KINDS = (
    "hit_per",
    "hit_if",
    "dice_at",
    "damage_per",
    "damage_if",
    "depth_up",
    "damage_times",
    "evasion_at",
    "reach_per",
)
#: 「「直接攻撃の置き換え」のどれかの効果を選択できる」: no T, read when it is declared.
REPLACEMENTS = "replacements"
COSTS = ("fap_at", "map_at", "mp_per", "mp_less_t")


@dataclass(frozen=True, slots=True)
class Effects:
    """What an ability's clauses add now: to hit, to damage, depth ranks, a multiplier."""

    hit: int = 0
    damage: int = 0
    ranks: int = 0
    times: int = 1
    #: Every hit die read as this face (0: rolled).
    dice: int = 0
    #: Added to the user's evasion score from the resolution to the next round's end.
    evasion: int = 0
    #: Metres added to the far end of its range (射程).
    reach: int = 0


NONE = Effects()


def effects(
    clauses: tuple[Clause, ...], absolute: int, relative: int, hp: int = 0, mp: int = 0
) -> Effects:
    """The clauses' effects at T `absolute` and, against the target, `relative`, the user
    at `hp` and `mp`."""
    if not clauses:
        return NONE
    hit = damage = ranks = dice = evasion = reach = 0
    times = 1
    for clause in clauses:
        t = relative if clause.basis == "relative" else absolute
        steps = max(0, t // clause.at)
        if clause.kind in ("hit_if", "damage_if"):  # 「HP(MP)が○の場合」
            value = hp if clause.pool == "hp" else mp
            holds = value <= clause.at if clause.when == "at_most" else value >= clause.at
            if holds and clause.kind == "hit_if":
                hit += clause.amount
            elif holds:
                damage += clause.amount
        elif clause.kind == "hit_per":
            hit += clause.amount * steps
        elif clause.kind == "damage_per":
            damage += clause.amount * steps
        elif clause.kind == "reach_per":
            reach += clause.amount * steps
        elif clause.kind == "depth_up" and t >= clause.at:
            ranks += clause.amount
        elif clause.kind == "damage_times" and t >= clause.at:
            times = max(times, clause.amount)
        elif clause.kind == "dice_at" and t >= clause.at:
            dice = clause.amount
        elif clause.kind == "evasion_at" and t >= clause.at:
            evasion = max(evasion, clause.amount)
    return Effects(hit, damage, ranks, times, dice, evasion, reach)


def costs(
    clauses: tuple[Clause, ...], t: int, fap: int, map_: int, mp: int
) -> tuple[int, int, int]:
    """(FAP, MAP, MP) an ability costs when declared at absolute T `t`: 「○以上の場合
    消費FAP○、消費MAP○」 (`fap_at`, `map_at`: the cost becomes `amount`), 「○(毎)に
    HP(MP)消費が○」 (`mp_per`: `amount` more a full step, none below one),
    「○−「絶対値」HP(MP)消費」 (`mp_less_t`: `amount` − T); none below 0.

    >>> from senjo.systems.tvalue.model import Clause
    >>> costs((Clause("fap_at", 3, 4), Clause("mp_per", 2, -1)), 5, 7, 3, 4)
    (4, 3, 2)
    >>> costs((Clause("mp_less_t", 1, 6),), 4, 7, 3, 0)
    (7, 3, 2)
    """
    for clause in clauses:
        if clause.kind == "fap_at" and t >= clause.at:
            fap = clause.amount
        elif clause.kind == "map_at" and t >= clause.at:
            map_ = clause.amount
        elif clause.kind == "mp_per":
            mp += clause.amount * max(0, t // clause.at)
        elif clause.kind == "mp_less_t":
            mp = clause.amount - t
    return max(0, fap), max(0, map_), max(0, mp)
