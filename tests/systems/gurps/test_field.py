"""The battlefield's base class (`senjo.systems.gurps.field.Field`): every kind of field
gives every one of its methods.

`Field` is a base class rather than a protocol so that compiled code calls a field's
methods directly (docs/architecture.md); a protocol had mypy check that each kind of
field has them all, which these tests now do."""

from __future__ import annotations

import inspect

import pytest

from senjo.systems.gurps.field import Field, PlaneField
from senjo.systems.gurps.hexfield import HexField
from senjo.systems.gurps.state import GurpsState

#: The methods the rules may ask of any field.
_METHODS = sorted(
    name for name, value in vars(Field).items() if callable(value) and not name.startswith("_")
)


def test_the_base_class_names_the_fields_methods() -> None:
    """The rules' questions of a field are all on the base class (14 of them), and the
    base class answers none itself."""
    assert len(_METHODS) == 14
    assert {"distance", "arc", "approach", "retreat", "enter", "coordinates"} <= set(_METHODS)
    with pytest.raises(NotImplementedError):
        Field().arc(GurpsState({}, {}), "a", "b")


@pytest.mark.parametrize("kind", [PlaneField, HexField])
def test_every_kind_of_field_gives_every_method(kind: type[Field]) -> None:
    """Each kind of field overrides every method of `Field` (none falls through to the
    base class's NotImplementedError), with the same parameters."""
    assert issubclass(kind, Field)
    for name in _METHODS:
        own = getattr(kind, name)
        assert own is not getattr(Field, name), f"{kind.__name__} lacks {name}"
        try:
            mine, base = inspect.signature(own), inspect.signature(getattr(Field, name))
        except ValueError:  # compiled: a method may not show its signature
            continue
        assert list(mine.parameters) == list(base.parameters), f"{kind.__name__}.{name}"
