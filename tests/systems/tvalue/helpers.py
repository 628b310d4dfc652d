"""Building small T値 battles for rule tests, with scripted dice."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from senjo.dice.roller import ScriptedDice
from senjo.engine.battle import Battle
from senjo.engine.events import Event
from senjo.scenario.tvalue import build_fighter, build_setup
from senjo.space.plane import Point
from senjo.systems.tvalue.model import Fighter
from senjo.systems.tvalue.rules import Rules
from senjo.systems.tvalue.state import TvState
from senjo.systems.tvalue.system import Tvalue
from tests.systems.battles import choose as choose
from tests.systems.battles import dice_left as dice_left
from tests.systems.battles import events as events
from tests.systems.battles import pending as pending

E = TypeVar("E", bound=Event)

#: A weapon of accuracy 3, 2D6+1 damage, a direct attack costing FAP 6 and MAP 1.
SWORD = {"key": "sword", "accuracy": 3, "skill": 3, "damage": "2D6+1"}


def fighter(key: str, side: str, **fields: Any) -> Fighter:
    """A fighter from scenario-style fields (a sword unless `weapons` are given)."""
    data: dict[str, Any] = {"key": key, "name": key, "side": side, "weapons": [SWORD]}
    data.update(fields)
    built, _, _ = build_fighter(data, "test", 0)
    return built


def battle(
    *sheets: Fighter,
    dice: list[int],
    setup: dict[str, Any] | None = None,
    before: Callable[[TvState], object] | None = None,
    at: Mapping[str, tuple[float, float]] | None = None,
    **options: str,
) -> Battle[TvState]:
    """A battle between the fighters, drawing from `dice` in order; `setup` as in a
    scenario's `setup:` block; `before` changes the state before the battle starts (a
    hold already in place); `at` places fighters (metres; the rest stand at 0,0)."""
    built = build_setup(setup, "test", sheets)
    state = Tvalue.new_state(sheets, _points(at), None, built)
    if before is not None:
        before(state)
    return Battle(Tvalue(options), state, ScriptedDice(dice))


def held(
    *sheets: Fighter,
    dice: list[int],
    at: Mapping[str, tuple[float, float]] | None = None,
    **options: str,
) -> Battle[TvState]:
    """A battle that is not played (`start=False`): its state for driving one rule."""
    state = Tvalue.new_state(sheets, _points(at))
    state.rules = Rules.from_settings(Tvalue(options).settings)
    return Battle(Tvalue(options), state, ScriptedDice(dice), start=False)


def _points(at: Mapping[str, tuple[float, float]] | None) -> dict[str, Point]:
    return {key: Point(*where) for key, where in (at or {}).items()}


def declare(game: Battle[TvState], actor: str, *actions: str) -> None:
    """`actor` declares the actions, then `done`."""
    for action in actions:
        choose(game, action, actor)
    choose(game, "done", actor)
