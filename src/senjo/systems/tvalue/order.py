"""Seed 002 行動順 (the action order): who resolves an action next.

「キャラクター毎に「反応力」を比較し大きいキャラクターから解決する。値が等しい場合は
「敏捷力」→「知力」の優先順位で比較する」: each fighter with a declared action left has an
order value, its reaction at the round's start, lowered by 5, 3 or 1 after each action it
resolves (major, minor, option command), cumulatively; the highest goes next, ties by
dexterity, then intelligence, then the scenario's order (interpretation 8).
"""

from __future__ import annotations

from senjo.systems.tvalue.state import TvState

__all__ = ["next_actor"]


def next_actor(state: TvState) -> str | None:
    """The fighter who resolves next, or None when no declared action is left.

    >>> from senjo.systems.tvalue.model import Fighter
    >>> state = TvState.start({
    ...     "a": Fighter("a", "A", "A", "pcs", reaction=10, dexterity=11),
    ...     "b": Fighter("b", "B", "B", "gm", reaction=10, dexterity=12)})
    >>> for key in "ab":
    ...     state.status[key].order, state.status[key].declared = 10, ["attack:fist"]
    >>> next_actor(state)
    'b'
    """
    best: tuple[int, int, int, int] | None = None
    chosen = None
    for index, (key, status) in enumerate(state.status.items()):
        if not status.active or not (status.declared or status.big_ready):
            continue
        sheet = state.sheets[key]
        rank = (status.order, sheet.dexterity, sheet.intelligence, -index)
        if best is None or rank > best:
            best, chosen = rank, key
    return chosen
