"""Events (`senjo.engine.events`) and the direct `__init__` of frozen dataclasses
(`senjo.engine.frozen`): every registered event, and the values a battle makes most
often, get it; it must fill the same fields, take the same arguments and fail the
same way as the dataclass's own. Those values also write their `__init__` out, for
mypyc to compile: that one must do the same too."""

from __future__ import annotations

import dataclasses
import inspect
import sys
from collections.abc import Iterator
from typing import Any

import pytest

import senjo.engine.battle
import senjo.engine.testing
import senjo.systems.coc.events
import senjo.systems.gurps.events  # noqa: F401  (registers the events)
from senjo.engine.decision import Choice, Decision
from senjo.engine.events import _TYPES, Decided, Event, EventError, event, from_json, to_json
from senjo.engine.frozen import compiled_init, direct_init, has_direct_init, written_init
from senjo.engine.modifiers import Modifiers, Score
from senjo.sim.aggregate import CombatantResult
from senjo.space.plane import Point
from senjo.systems.coc.choices import ActionChoice
from senjo.systems.coc.choices import DefenseChoice as CocDefenseChoice
from senjo.systems.coc.defense import IncomingAttack as CocIncomingAttack
from senjo.systems.coc.model import DamageDice as CocDamageDice
from senjo.systems.gurps.attack import AttackContext
from senjo.systems.gurps.choices import AttackPlan, DefenseChoice, ManeuverChoice
from senjo.systems.gurps.criticals import _Miss
from senjo.systems.gurps.damage import DamageDice
from senjo.systems.gurps.defense import IncomingAttack
from senjo.systems.gurps.field import Route
from senjo.systems.gurps.hp_thresholds import HPThreshold
from senjo.systems.gurps.injury import Injury
from senjo.systems.gurps.wounds import CriticalHit, Hit

#: The values made in every battle (compiled by mypyc or not); each writes out its
#: `__init__`, and in pure Python gets the direct one.
_VALUES = [
    Choice,
    Decision,
    Modifiers,
    Score,
    AttackContext,
    IncomingAttack,
    DamageDice,
    Injury,
    HPThreshold,
    Hit,
    CriticalHit,
    ManeuverChoice,
    AttackPlan,
    DefenseChoice,
    ActionChoice,
    CocDefenseChoice,
    CocIncomingAttack,
    CocDamageDice,
    Point,
    Route,
    _Miss,
    CombatantResult,
]

#: Every class with a direct init (the registered events, and in pure Python the
#: values), and the values.
_DIRECT = sorted(
    {cls for cls in _TYPES.values() if has_direct_init(cls)} | set(_VALUES),
    key=lambda cls: (cls.__module__, cls.__name__),
)


def test_events_and_values_have_the_direct_init() -> None:
    """Every registered class builds fast: a direct `__init__` in Python, a compiled one
    (written out) under mypyc."""
    fast = {cls.__name__ for cls in _TYPES.values() if has_direct_init(cls) or compiled_init(cls)}
    assert fast == {cls.__name__ for cls in _TYPES.values()}
    assert {"Decided", "AttackRolled", "Outcome", "CocCheck", "CocInjured"} <= fast
    assert all(has_direct_init(cls) or compiled_init(cls) for cls in _VALUES)


def test_the_events_write_out_their_init() -> None:
    """The rule systems' events write their `__init__` out, for mypyc to compile."""
    for cls in _TYPES.values():
        module = sys.modules[cls.__module__]
        if getattr(module, cls.__name__, None) is not cls:
            continue  # made elsewhere: a doctest's example, run with the module's names
        if cls.__module__.startswith(("senjo.engine.events", "senjo.systems.")):
            assert compiled_init(cls) or written_init(cls) is not None, cls.__name__


@pytest.mark.parametrize("cls", _VALUES, ids=lambda cls: f"{cls.__module__}.{cls.__name__}")
def test_the_written_init_fills_each_field_as_the_dataclass_does(cls: type[Any]) -> None:
    """The `__init__` a value writes out (compiled by mypyc, or kept as `__replaced__`
    in pure Python) takes the fields in order with their defaults and fills each."""
    if compiled_init(cls):
        assert written_init(cls) is None
        pytest.skip("compiled: the test above checks it through the class")
    init = written_init(cls)
    assert init is not None, f"{cls.__name__} does not write out its __init__"
    fields = _init_fields(cls)
    parameters = list(inspect.signature(init).parameters.values())[1:]
    assert [p.name for p in parameters] == [item.name for item in fields]
    for parameter, item in zip(parameters, fields, strict=True):
        expected = inspect.Parameter.empty if item.default is dataclasses.MISSING else item.default
        assert parameter.default is expected or parameter.default == expected
    values = _arguments(cls)
    made = object.__new__(cls)
    try:
        init(made, *values)
    except (TypeError, ValueError):
        pytest.skip("these sample values do not fit the class's checks")
    named = object.__new__(cls)
    init(named, **{item.name: value for item, value in zip(fields, values, strict=True)})
    for item, value in zip(fields, values, strict=True):
        assert getattr(made, item.name) == value
        assert getattr(named, item.name) == value


def _init_fields(cls: type[Any]) -> tuple[dataclasses.Field[Any], ...]:
    """The fields `__init__` takes (a value may keep something it works out, such as
    `ManeuverChoice`'s key, in a field of its own outside `__init__`)."""
    return tuple(item for item in dataclasses.fields(cls) if item.init)


def _arguments(cls: type[Any]) -> list[object]:
    """A distinct value for each field (of a type it may hold, for compiled classes),
    so a value landing in the wrong field would show."""
    values: list[object] = []
    for index, item in enumerate(_init_fields(cls)):
        kind = item.type if isinstance(item.type, str) else getattr(item.type, "__name__", "")
        if item.default is not dataclasses.MISSING and item.default is not None:
            base = item.default
            values.append(not base if isinstance(base, bool) else base)
        elif kind.startswith("int"):
            values.append(100 + index)
        elif kind.startswith("float"):
            values.append(100.5 + index)
        elif kind.startswith("bool"):
            values.append(True)
        elif kind.startswith("str"):
            values.append(f"v{index}")
        elif kind.startswith("tuple"):
            values.append(("one",))
        else:
            values.append(None)
    return values


@pytest.mark.parametrize("cls", _DIRECT, ids=lambda cls: f"{cls.__module__}.{cls.__name__}")
def test_the_direct_init_fills_each_field_as_the_dataclass_does(cls: type[Any]) -> None:
    """By position and by name alike each argument lands in its own field; defaults
    apply; the signature is the dataclass's; the value stays frozen."""
    fields = _init_fields(cls)
    values = _arguments(cls)
    try:
        by_position = cls(*values)
    except (TypeError, ValueError):
        pytest.skip("these sample values do not fit the class's checks")
    by_name = cls(**{item.name: value for item, value in zip(fields, values, strict=True)})
    for item, value in zip(fields, values, strict=True):
        assert getattr(by_position, item.name) == value
        assert getattr(by_name, item.name) == value
    assert by_position == by_name
    required = [item for item in fields if item.default is dataclasses.MISSING]
    short = cls(*values[: len(required)])
    for item in fields[len(required) :]:
        assert getattr(short, item.name) == item.default
    if not compiled_init(cls):  # a compiled __init__ may not show its signature
        assert list(inspect.signature(cls).parameters) == [item.name for item in fields]
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(by_position, fields[0].name, values[0])


def test_post_init_still_runs() -> None:
    """`Decision.__post_init__` refuses a decision without options, as before."""
    with pytest.raises(ValueError, match="has no legal options"):
        Decision("ann", "defense", ())


def test_wrong_arguments_fail_as_before() -> None:
    """A TypeError, worded by Python or by the compiled form."""
    with pytest.raises(TypeError, match=r"missing (3 )?required"):
        Decided("ann")  # type: ignore[call-arg]
    with pytest.raises(TypeError, match=r"keyword argument 'who'|at most 4 arguments"):
        Decided("ann", "maneuver", 0, "attack", who="bob")  # type: ignore[call-arg]


def test_a_journal_line_with_wrong_fields_is_named_the_same_in_both_forms() -> None:
    with pytest.raises(EventError, match=r"event Decided: field 'kind' is missing"):
        from_json('{"type":"Decided","actor":"ann"}')
    with pytest.raises(
        EventError, match=r"event Decided: unknown field 'who' \(its fields: actor,"
    ):
        from_json('{"type":"Decided","actor":"ann","kind":"k","index":0,"key":"x","who":"b"}')


@pytest.fixture
def registry_kept() -> Iterator[None]:
    """Event types a test registers leave the registry with it, so the tests of every
    registered type do not meet them, whatever the order the tests run in."""
    known = set(_TYPES)
    yield
    for name in set(_TYPES) - known:
        del _TYPES[name]


@pytest.mark.usefixtures("registry_kept")
def test_classes_it_cannot_serve_keep_their_own_init() -> None:
    """A default factory, a keyword-only field, a field outside `__init__` with no
    default, or a class that is not frozen: the dataclass's `__init__` stays."""

    @event
    @dataclasses.dataclass(frozen=True, slots=True)
    class Listed(Event):
        items: tuple[int, ...] = dataclasses.field(default_factory=tuple)

    @dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
    class Named:
        value: int

    @dataclasses.dataclass(frozen=True, slots=True)
    class Unset:
        value: int
        later: int = dataclasses.field(init=False)

    @dataclasses.dataclass(slots=True)
    class Loose:
        value: int

    direct_init(Named, Unset, Loose)
    for cls in (Listed, Named, Unset, Loose):
        assert not has_direct_init(cls)
    assert Listed().items == ()
    assert Named(value=1).value == 1


def test_a_field_outside_init_with_a_default_is_set_to_it() -> None:
    """The direct `__init__` sets a field `__init__` does not take to its default, as the
    dataclass's own does (`ManeuverChoice` keeps its key so)."""

    @dataclasses.dataclass(frozen=True, slots=True)
    class Counted:
        value: int
        twice: int = dataclasses.field(init=False, default=0)

    direct_init(Counted)
    assert has_direct_init(Counted)
    assert (Counted(4).value, Counted(4).twice) == (4, 0)
    assert list(inspect.signature(Counted).parameters) == ["value"]


def test_events_round_trip_through_json() -> None:
    item = Decided("ann", "maneuver", 2, "attack")
    assert from_json(to_json(item)) == item


def test_a_written_hash_is_the_dataclass_hash() -> None:
    """`ManeuverChoice` writes its `__hash__` out (the turn memo hashes it): the same value
    as a frozen dataclass's, the hash of its fields in order."""
    choice = ManeuverChoice("attack", "", "bob", "broadsword", "swing")
    compared = [item for item in dataclasses.fields(choice) if item.compare]
    values = tuple(getattr(choice, item.name) for item in compared)
    assert hash(choice) == hash(values)
    assert hash(choice) != hash(ManeuverChoice("attack", "", "bob", "broadsword", "thrust"))
    assert choice == ManeuverChoice("attack", "", "bob", "broadsword", "swing")


def test_a_maneuver_choice_keeps_its_key_outside_its_value() -> None:
    """`ManeuverChoice.key` is worked out once and kept (the memo's choices are logged
    battle after battle); the kept key is no part of the value's equality, hash or repr."""
    asked = ManeuverChoice("attack", "", "bob", "broadsword", "swing")
    fresh = ManeuverChoice("attack", "", "bob", "broadsword", "swing")
    assert asked.key == "attack:bob:broadsword/swing"
    assert asked.key is asked.key  # kept, not built again
    assert asked == fresh and hash(asked) == hash(fresh) and repr(asked) == repr(fresh)
    assert fresh.key == asked.key
    assert ManeuverChoice("all_out_defense", "increased_dodge").key == (
        "all_out_defense/increased_dodge"
    )


def test_a_maneuver_choice_keeps_its_hash_outside_its_value() -> None:
    """`ManeuverChoice.__hash__` is worked out once and kept (the turn memo hashes the
    same choices battle after battle): asked again it is the same, a copy with another
    field works out its own, and the kept hash is no part of equality or repr."""
    asked = ManeuverChoice("attack", "", "bob", "broadsword", "swing")
    first = hash(asked)
    assert hash(asked) == first == hash(("attack", "", "bob", "broadsword", "swing"))
    fresh = ManeuverChoice("attack", "", "bob", "broadsword", "swing")
    assert asked == fresh and repr(asked) == repr(fresh) and hash(fresh) == first
    other = dataclasses.replace(asked, mode="thrust")
    assert hash(other) == hash(("attack", "", "bob", "broadsword", "thrust")) != first


def test_a_defense_choice_keeps_its_key_outside_its_value() -> None:
    """`DefenseChoice.key` is worked out once and kept, like `ManeuverChoice.key`; a copy
    with another field gives its own key, and the kept key is no part of the value."""
    asked = DefenseChoice("parry", "broadsword", retreat=True)
    fresh = DefenseChoice("parry", "broadsword", retreat=True)
    assert asked.key == "parry:broadsword+retreat"
    assert asked.key is asked.key  # kept, not built again
    assert asked == fresh and hash(asked) == hash(fresh) and repr(asked) == repr(fresh)
    assert dataclasses.replace(asked, retreat=False).key == "parry:broadsword"
    assert DefenseChoice("dodge", drop=True).key == "dodge+drop"
