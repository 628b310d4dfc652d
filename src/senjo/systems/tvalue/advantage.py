"""T値 bookkeeping (seed 002 戦闘優位性): every change logged with its reason.

>>> from senjo.dice.roller import ScriptedDice
>>> from senjo.engine.battle import Battle
>>> from senjo.systems.tvalue.model import Fighter
>>> from senjo.systems.tvalue.state import TvState
>>> from senjo.systems.tvalue.system import Tvalue
>>> sheets = {"a": Fighter("a", "A", "A", "pcs"), "b": Fighter("b", "B", "B", "gm")}
>>> game = Battle(Tvalue(), TvState.start(sheets), ScriptedDice([]), start=False)
>>> change(game, "a", 3, "direct_attack")
>>> game.state.status["a"].t, game.state.relative("a", "b"), game.state.relative("b", "a")
(3, 3, -3)
"""

from __future__ import annotations

from typing import Final

from senjo.engine.battle import Battle
from senjo.systems.tvalue.events import TvTChanged
from senjo.systems.tvalue.state import TvState

__all__ = ["FALL", "UNCONSCIOUS", "change"]

#: Seed 002 C. イベントによる修正: 「転倒すると2点減少」「意識を失うと8点減少」.
FALL: Final = -2
UNCONSCIOUS: Final = -8


def change(battle: Battle[TvState], key: str, amount: int, reason: str) -> None:
    """Move `key`'s T by `amount` for `reason` (no event for 0); T has no bounds."""
    if amount == 0:
        return
    status = battle.state.status[key]
    status.t += amount
    battle.emit(TvTChanged(key, amount, reason, status.t))
