"""Building small CoC battles for rule tests, with scripted dice."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from senjo.dice.roller import ScriptedDice
from senjo.engine.battle import Battle
from senjo.engine.events import Event
from senjo.scenario.coc import build_combatant
from senjo.space.plane import Point
from senjo.systems.coc.model import Combatant
from senjo.systems.coc.state import CocState
from senjo.systems.coc.system import Coc
from tests.systems.battles import choose as choose
from tests.systems.battles import pending as pending

Spec = tuple[Combatant, Point]

#: Characteristics of an average human (STR+SIZ 24: db 0; HP 12; Dodge 24).
AVERAGE = {"STR": 12, "CON": 12, "SIZ": 12, "DEX": 12, "INT": 12, "POW": 12}


def combatant(key: str, side: str, x: float = 0.0, y: float = 0.0, **fields: Any) -> Spec:
    """A combatant from scenario-style fields (average characteristics unless `traits` given).

    `traits` may name characteristics in lower case: {"dex": 15}.
    """
    traits = dict(AVERAGE)
    traits.update({name.upper(): value for name, value in fields.pop("traits", {}).items()})
    data: dict[str, Any] = {
        "key": key,
        "name": key,
        "side": side,
        "position": [x, y],
        "characteristics": traits,
    }
    data.update(fields)
    sheet, _, point = build_combatant(data, "test", 0)
    return sheet, point


#: Options that would add a decision to every round: off unless a test turns them on.
QUIET = {"house_taunt": "off", "house_dodge_focus": "off"}


def battle(*specs: Spec, dice: list[int], **options: str) -> Battle[CocState]:
    """A CoC battle between the combatants, drawing from `dice` in order.

    Taunts and dodge-focus declarations are off unless `options` turn them on.
    Give the combatants different DEX, or the DEX tie rolls come first.
    """
    return prepared(None, *specs, dice=dice, **options)


def prepared(
    setup: Callable[[CocState], None] | None, *specs: Spec, dice: list[int], **options: str
) -> Battle[CocState]:
    """Like `battle`, with `setup` changing the starting state (a fall, an empty gun) first."""
    sheets = [spec[0] for spec in specs]
    positions = {spec[0].key: spec[1] for spec in specs}
    state = Coc.new_state(sheets, positions)
    if setup is not None:
        setup(state)
    return Battle(Coc({**QUIET, **options}), state, ScriptedDice(dice))


def events(game: Battle[CocState], kind: type[Event]) -> list[Any]:
    """The logged events of one type, in order."""
    return [item for item in game.log if isinstance(item, kind)]


def since(game: Battle[CocState], start: int) -> list[str]:
    """The type names of the events logged from index `start` on (decisions left out)."""
    return [type(e).__name__ for e in game.log[start:] if type(e).__name__ != "Decided"]
