"""senjo.engine: the rule-free battle state machine (decisions, events, modifiers)."""

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
