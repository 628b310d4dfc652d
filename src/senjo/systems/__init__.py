"""Rule systems, registered by name.

>>> find_rule_system("gurps").name
'gurps'
>>> find_rule_system("dnd")
Traceback (most recent call last):
...
KeyError: "unknown rule system 'dnd'; known: coc, gurps, tomogami, tvalue"
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


#: The built-in rule systems: name -> (module, class), each imported when first asked for
#: (a GURPS battle's start never loads Call of Cthulhu, nor the reverse).
_BUILTIN = {
    "gurps": ("senjo.systems.gurps.system", "Gurps"),
    "coc": ("senjo.systems.coc.system", "Coc"),
    "tomogami": ("senjo.systems.tomogami.system", "Tomogami"),
    "tvalue": ("senjo.systems.tvalue.system", "Tvalue"),
}


def _load_builtin(name: str) -> None:
    """Register the built-in system `name`, unless one of that name is registered."""
    if name not in _SYSTEMS and name in _BUILTIN:
        import importlib

        module, attribute = _BUILTIN[name]
        register_rule_system(getattr(importlib.import_module(module), attribute))


def rule_systems() -> dict[str, type[RuleSystem[Any]]]:
    """Every registered rule system by name."""
    for name in _BUILTIN:
        _load_builtin(name)
    return dict(_SYSTEMS)


def find_rule_system(name: str) -> type[RuleSystem[Any]]:
    """The rule system class with this name, or KeyError listing the known ones."""
    _load_builtin(name)
    try:
        return _SYSTEMS[name]
    except KeyError:
        known = ", ".join(sorted({*_SYSTEMS, *_BUILTIN}))
        raise KeyError(f"unknown rule system {name!r}; known: {known}") from None
