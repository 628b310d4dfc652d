"""senjo.engine: the rule-free battle state machine (decisions, events, modifiers).

The names below are imported from their modules on first use (PEP 562), so that a
module of the engine that needs no battle (`senjo.engine.frozen`, used by the GURPS
damage rules and so by `senjo odds`) does not load the battle machinery.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from senjo.engine.battle import (
        Battle,
        BattleError,
        Flow,
        IllegalOption,
        Outcome,
        RuleOption,
        RuleOptionError,
        RuleSystem,
        Steps,
    )
    from senjo.engine.decision import Choice, Decision, Option
    from senjo.engine.events import Decided, Event, event
    from senjo.engine.modifiers import NO_MODIFIERS, Modifiers, Score

#: name -> the module it comes from.
_HOMES = {
    **dict.fromkeys(
        (
            "Battle",
            "BattleError",
            "Flow",
            "IllegalOption",
            "Outcome",
            "RuleOption",
            "RuleOptionError",
            "RuleSystem",
            "Steps",
        ),
        "battle",
    ),
    **dict.fromkeys(("Choice", "Decision", "Option"), "decision"),
    **dict.fromkeys(("Decided", "Event", "event"), "events"),
    **dict.fromkeys(("NO_MODIFIERS", "Modifiers", "Score"), "modifiers"),
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value


__all__ = [
    "NO_MODIFIERS",
    "Battle",
    "BattleError",
    "Choice",
    "Decided",
    "Decision",
    "Event",
    "Flow",
    "IllegalOption",
    "Modifiers",
    "Option",
    "Outcome",
    "RuleOption",
    "RuleOptionError",
    "RuleSystem",
    "Score",
    "Steps",
    "event",
]
