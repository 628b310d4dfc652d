"""Rule systems, registered by name.

>>> find_rule_system("gurps").name
'gurps'
>>> find_rule_system("dnd")
Traceback (most recent call last):
...
KeyError: "unknown rule system 'dnd'; known: coc, gurps"
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the engine is not imported for the rule tables alone (`senjo odds`)
    from senjo.engine.battle import RuleSystem

__all__ = ["find_rule_system", "register_rule_system", "rule_systems"]

_SYSTEMS: dict[str, type[RuleSystem[Any]]] = {}


def register_rule_system(cls: type[RuleSystem[Any]]) -> type[RuleSystem[Any]]:
    """Register a rule system class under its `name`."""
    _SYSTEMS[cls.name] = cls
    return cls


def _load_builtin() -> None:
    if "gurps" not in _SYSTEMS:
        from senjo.systems.gurps.system import Gurps

        register_rule_system(Gurps)
    if "coc" not in _SYSTEMS:
        from senjo.systems.coc.system import Coc

        register_rule_system(Coc)


def rule_systems() -> dict[str, type[RuleSystem[Any]]]:
    """Every registered rule system by name."""
    _load_builtin()
    return dict(_SYSTEMS)


def find_rule_system(name: str) -> type[RuleSystem[Any]]:
    """The rule system class with this name, or KeyError listing the known ones."""
    _load_builtin()
    try:
        return _SYSTEMS[name]
    except KeyError:
        raise KeyError(
            f"unknown rule system {name!r}; known: {', '.join(sorted(_SYSTEMS))}"
        ) from None
