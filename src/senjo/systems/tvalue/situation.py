"""Seed 002 A. シチュエーションレート: the T everyone starts with.

From 0, at the start of the battle (戦闘開始時): the highest combat level +2 (with three
or more fighters and a tie at the top, +1 to each tied); a side that outnumbers all its
foes together +2 to each member; a side at least 25% fewer than all its foes −2 to each;
a complete surprise +4 to the side that sprang it and −4 to the others, a partial one
only costs the others the setup's 1 to 4.

A fighter who joins later (途中参加時) starts from 0 with the numbers rates as counted
when it joins (its own), its surprise appearance costs every foe then fighting the
setup's 1 to 4 (不意打ちで出現), and an unintended joining costs it 1 to 4 (意図しない
参加) (interpretation 23).
"""

from __future__ import annotations

from collections import Counter

from senjo.engine.battle import Battle
from senjo.systems.tvalue.advantage import change
from senjo.systems.tvalue.events import TvJoined
from senjo.systems.tvalue.state import TvState

__all__ = ["join", "level_rates", "numbers_rates", "opening_rates", "surprise_rates"]


def opening_rates(battle: Battle[TvState]) -> None:
    """Every situation rate at the start, in the seed's order: level, numbers, surprise."""
    for key, amount in level_rates(battle.state).items():
        change(battle, key, amount, "top_level")
    for key, amount in numbers_rates(battle.state).items():
        change(battle, key, amount, "outnumber" if amount > 0 else "outnumbered")
    for key, amount in surprise_rates(battle.state).items():
        change(battle, key, amount, "surprise" if amount > 0 else "surprised")


def level_rates(state: TvState) -> dict[str, int]:
    """「戦闘レベルが1番高いキャラクターに2点。戦闘参加者が3名以上かつ1番のキャラクターが
    複数いる場合は1点を上位の者全員に与える」; two fighters at one level: option
    `level_tie_pair` (interpretation 6).

    >>> from senjo.systems.tvalue.model import Fighter
    >>> def at(*levels: int) -> dict[str, int]:
    ...     sheets = {f"f{i}": Fighter(f"f{i}", "", "", f"s{i}", combat_level=level)
    ...               for i, level in enumerate(levels)}
    ...     return level_rates(TvState.start(sheets))
    >>> at(5, 3), at(5, 5, 3), at(5, 5)
    ({'f0': 2}, {'f0': 1, 'f1': 1}, {'f0': 2, 'f1': 2})
    """
    keys = [key for key, status in state.status.items() if status.active]
    top = max(state.sheets[key].combat_level for key in keys)
    tied = [key for key in keys if state.sheets[key].combat_level == top]
    if len(tied) == 1:
        return {tied[0]: 2}
    if len(keys) >= 3:
        return dict.fromkeys(tied, 1)
    return dict.fromkeys(tied, 2) if state.rules.level_tie_pair else {}


def numbers_rates(state: TvState) -> dict[str, int]:
    """「味方勢力の人数が全ての敵対者の数を上回っている場合メンバー全員2点増加」 and
    「…25％以上下回っていた場合メンバー全員2点減少」: own ≤ 0.75 × all foes
    (interpretation 7).

    >>> from senjo.systems.tvalue.model import Fighter
    >>> def sides(*names: str) -> dict[str, int]:
    ...     sheets = {f"f{i}": Fighter(f"f{i}", "", "", side) for i, side in enumerate(names)}
    ...     return numbers_rates(TvState.start(sheets))
    >>> sides("a", "a", "a", "b")
    {'f0': 2, 'f1': 2, 'f2': 2, 'f3': -2}
    >>> sides("a", "a", "a", "b", "b", "b", "b")
    {'f0': -2, 'f1': -2, 'f2': -2, 'f3': 2, 'f4': 2, 'f5': 2, 'f6': 2}
    >>> sides("a", "a", "a", "a", "b", "b", "b", "b", "b")  # 4 is not 25% below 5
    {'f4': 2, 'f5': 2, 'f6': 2, 'f7': 2, 'f8': 2}
    """
    keys = [key for key, status in state.status.items() if status.active]
    counts = Counter(state.sheets[key].side for key in keys)
    everyone = len(keys)
    rates: dict[str, int] = {}
    for key in keys:
        own = counts[state.sheets[key].side]
        foes = everyone - own
        if own > foes:
            rates[key] = 2
        elif 4 * own <= 3 * foes:
            rates[key] = -2
    return rates


def surprise_rates(state: TvState) -> dict[str, int]:
    """「完全な不意打ちをした場合、味方勢力全員4点増加しされた側が4点減少。不完全なら相手が
    1〜4点減少のみ」, the surprise as the scenario's setup describes it."""
    setup = state.setup
    if not setup.surprise_by:
        return {}
    rates: dict[str, int] = {}
    for key, sheet in state.sheets.items():
        if not state.status[key].active:
            continue
        if sheet.side == setup.surprise_by:
            if setup.surprise_complete:
                rates[key] = 4
        else:
            rates[key] = -4 if setup.surprise_complete else -setup.surprise_amount
    return rates


def join(battle: Battle[TvState]) -> None:
    """The joiners of this round arrive, each with its rates (途中参加時)."""
    state = battle.state
    for joiner in state.setup.joiners:
        if joiner.round != state.round:
            continue
        state.status[joiner.key].absent = False
        battle.emit(TvJoined(joiner.key, state.round))
        amount = numbers_rates(state).get(joiner.key, 0)
        change(battle, joiner.key, amount, "outnumber" if amount > 0 else "outnumbered")
        if joiner.surprise:
            for foe in state.foes(joiner.key):
                change(battle, foe, -joiner.surprise, "unaware")
        change(battle, joiner.key, -joiner.unintended, "unintended")
