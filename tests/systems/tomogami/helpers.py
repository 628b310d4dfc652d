"""Building small トモガミ battles for rule tests, with scripted dice."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from senjo.dice.roller import ScriptedDice
from senjo.engine.battle import Battle, Steps
from senjo.engine.decision import Decision
from senjo.engine.events import Event
from senjo.scenario.tomogami import build_character
from senjo.systems.tomogami.model import Sheet
from senjo.systems.tomogami.rules import Rules
from senjo.systems.tomogami.state import TomoState
from senjo.systems.tomogami.system import Tomogami
from tests.systems.battles import choose as choose
from tests.systems.battles import dice_left as dice_left
from tests.systems.battles import events as events
from tests.systems.battles import pending as pending

E = TypeVar("E", bound=Event)

#: The mishap table (an automatic failure's 1D) is off unless a test turns it on: tests
#: use [1,1] as a sure loss.
QUIET = {"mishaps": "off"}

CLAW = {"key": "claw", "bands": ["zero"], "skill": 6, "damage": "2D6+1"}
GUN = {"key": "gun", "bands": ["near", "far"], "skill": 5, "damage": "1D"}


def sheet(key: str, side: str, **fields: Any) -> Sheet:
    """A character from scenario-style fields (no weapons unless given)."""
    data: dict[str, Any] = {"key": key, "name": key, "side": side}
    data.update(fields)
    built, _, _ = build_character(data, "test", 0)
    return built


def battle(*sheets: Sheet, dice: list[int], **options: str) -> Battle[TomoState]:
    """A battle between the characters, drawing from `dice` in order (no mishaps unless
    `options` turn them on)."""
    state = Tomogami.new_state(sheets, {})
    return Battle(Tomogami({**QUIET, **options}), state, ScriptedDice(dice))


def held(
    *sheets: Sheet,
    dice: list[int],
    setup: Callable[[TomoState], object] | None = None,
    **options: str,
) -> Battle[TomoState]:
    """A battle that is not played (`start=False`): its state for driving one rule's steps.
    Everyone starts near everyone; `setup` places them. No mishaps unless `options` turn
    them on."""
    options = {**QUIET, **options}
    state = Tomogami.new_state(sheets, {})
    state.rules = Rules.from_settings(Tomogami(options).settings)
    state.sides = tuple(dict.fromkeys(s.side for s in sheets))
    if setup is not None:
        setup(state)
    return Battle(Tomogami(options), state, ScriptedDice(dice), start=False)


def drive(steps: Steps, answers: Mapping[str, str] | None = None) -> list[Decision]:
    """Run a rule's steps, answering each decision by its actor's key in `answers` (the
    first option for actors not named); returns the decisions asked."""
    asked: list[Decision] = []
    try:
        decision = next(steps)
        while True:
            asked.append(decision)
            wanted = (answers or {}).get(decision.actor)
            option = decision.find(wanted) if wanted else decision.options[0]
            decision = steps.send(option)
    except StopIteration:
        return asked
