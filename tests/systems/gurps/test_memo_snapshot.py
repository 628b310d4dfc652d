"""The state snapshot the turn memo (`senjo.systems.gurps.memo`) keys on: it must change
with every field of a fighter's state and of the battle's, compare containers by content,
and hold whole yards as ints; `FighterState`'s written `__init__` takes every field.
(The memo itself: `test_memo.py`.)
"""

from __future__ import annotations

import copy
import dataclasses
import re
from pathlib import Path
from typing import Any

import pytest

from senjo.space.hexgrid import Facing, Hex
from senjo.space.plane import Point
from senjo.systems.gurps.choices import Watch
from senjo.systems.gurps.ruleset import RuleSet
from senjo.systems.gurps.state import (
    FighterState,
    GurpsState,
)
from senjo.systems.gurps.system import Gurps
from tests.systems.gurps.helpers import fighter

#: Values for the fields whose default is None (any other field is changed by its type).
_FOR_NONE: dict[str, object] = {
    "hex": Hex(1, -1),
    "prone_hex": Hex(1, -1),
    "turn_start_hex": Hex(1, -1),
    "watch": Watch("aim", Hex(2, 0), frozenset({Hex(2, 0)})),
    "close_side": Facing.S,
}


def _changed(name: str, value: object) -> object:
    """A value for the field that differs from `value`."""
    if value is None:
        return _FOR_NONE[name]
    if isinstance(value, bool):
        return not value
    if isinstance(value, Facing):
        return Facing.S
    if isinstance(value, int | float):
        return value + 1
    if isinstance(value, str):
        return value + "x"
    if isinstance(value, Point):
        return Point(value.x, value.y + 1.5)
    if name == "hands":
        assert isinstance(value, tuple)
        return ("spare", *value[1:])
    if isinstance(value, tuple):
        return (*value, Hex(3, 0))
    if isinstance(value, set | frozenset):
        return {*value, "spare"} if isinstance(value, set) else value | {"spare"}
    if isinstance(value, dict):
        return {**value, "spare": 1}
    if isinstance(value, list):
        return ["spare", *value[1:]]
    raise AssertionError(f"no changed value for {name} = {value!r}")


def _status() -> FighterState:
    return FighterState("knight", 12, 12, Point(0.0, 0.0))


@pytest.mark.parametrize("name", [f.name for f in dataclasses.fields(FighterState)])
def test_every_fighter_field_changes_the_snapshot(name: str) -> None:
    """The snapshot holds every field: two conditions that differ anywhere never share
    a memo entry (a field added to FighterState fails here until the snapshot has it)."""
    plain, changed = _status(), _status()
    setattr(changed, name, _changed(name, getattr(changed, name)))
    assert plain.snapshot() != changed.snapshot()
    assert hash(plain.snapshot()) == hash(_status().snapshot())
    hash(changed.snapshot())  # every part is hashable


@pytest.mark.parametrize("name", [f.name for f in dataclasses.fields(FighterState)])
@pytest.mark.parametrize(
    "already",
    [("aim_turns", 2), ("dropped", {"sword"}), ("close_entered", 0), ("blocks", 1)],
    ids=["a rare field", "a rare item", "close combat", "a passing field"],
)
def test_every_field_changes_the_snapshot_beside_a_rare_one(
    name: str, already: tuple[str, object]
) -> None:
    """The rarely changed fields, and those that pass within a round or two, are one
    value each, None while all are at their defaults (`FighterState.snapshot`): with one
    of them set already, a change anywhere else still changes the snapshot."""
    plain, changed = _status(), _status()
    for status in (plain, changed):
        setattr(status, already[0], copy.copy(already[1]))
    setattr(changed, name, _changed(name, getattr(changed, name)))
    assert plain.snapshot() != changed.snapshot()


def test_containers_are_compared_by_content() -> None:
    """Sets and dicts become frozen values: equal contents, equal snapshots."""
    a, b = _status(), _status()
    a.ready = frozenset({"sword", "shield"})
    b.ready = frozenset(["shield", "sword"])
    a.parries["sword"] = 1
    b.parries["sword"] = 1
    assert a.snapshot() == b.snapshot()
    b.parries["sword"] = 2
    assert a.snapshot() != b.snapshot()


@pytest.mark.parametrize(
    "change",
    [
        lambda s: setattr(s, "order", tuple(reversed(s.order))),
        lambda s: setattr(s, "rules", s.rules.replace(darkness="3")),
        lambda s: setattr(s.status["raider"], "hp", 5),
    ],
    ids=["order", "rules", "a fighter"],
)
def test_the_battle_snapshot_follows_the_state(change: Any) -> None:
    def state() -> GurpsState:
        knight, raider = fighter("knight", "a"), fighter("raider", "b", 1.0)
        fresh = Gurps.new_state([knight[0], raider[0]], {"knight": knight[1], "raider": raider[1]})
        fresh.order = ("knight", "raider")
        fresh.rules = RuleSet({"darkness": "0"})
        return fresh

    plain, changed = state(), state()
    assert plain.snapshot() == changed.snapshot()
    change(changed)
    assert plain.snapshot() != changed.snapshot()


def test_the_round_counts_only_through_close_combat() -> None:
    """The round number is not in the snapshot, but close combat's rounds are, counted
    back from it: entered this round (no attack out of it, seed 001) is not entered
    last round."""
    knight, raider = fighter("knight", "a"), fighter("raider", "b", 1.0)
    early = Gurps.new_state([knight[0], raider[0]], {"knight": knight[1], "raider": raider[1]})
    late = Gurps.new_state([knight[0], raider[0]], {"knight": knight[1], "raider": raider[1]})
    early.round, late.round = 3, 9
    assert early.snapshot() == late.snapshot()
    early.status["knight"].close_entered = 3
    late.status["knight"].close_entered = 9
    assert early.snapshot() == late.snapshot()
    late.status["knight"].close_entered = 8
    assert early.snapshot() != late.snapshot()


def test_nothing_else_reads_the_round() -> None:
    """The snapshot may leave the round out only while the rules read it nowhere but
    the round loop and close combat; a new reader must first be taken into the snapshot."""
    package = Path(__file__).parents[3] / "src" / "senjo" / "systems" / "gurps"
    readers = sorted(
        path.name
        for path in package.glob("*.py")
        if re.search(r"\.round\b", path.read_text(encoding="utf-8"))
    )
    assert readers == ["close_combat.py", "state.py", "system.py"]


def test_the_written_init_takes_every_field_with_its_default() -> None:
    """`FighterState` writes its `__init__` out (mypyc compiles it; the dataclass's own
    would run as Python): it takes every field in order, by position and by name, and
    starts each at the dataclass's default, a fresh container for each factory."""
    fields = dataclasses.fields(FighterState)
    plain, other = _status(), _status()
    for item in fields[4:]:
        if item.default_factory is not dataclasses.MISSING:
            assert getattr(plain, item.name) == item.default_factory()
            assert getattr(plain, item.name) is not getattr(other, item.name)
        else:
            assert getattr(plain, item.name) == item.default, item.name
    values = [_changed(item.name, getattr(plain, item.name)) for item in fields]
    by_position = FighterState(*values)  # type: ignore[arg-type]
    by_name = FighterState(**{item.name: v for item, v in zip(fields, values, strict=True)})  # type: ignore[arg-type]
    for item, value in zip(fields, values, strict=True):
        assert getattr(by_position, item.name) == value, item.name
        assert getattr(by_name, item.name) == value, item.name


def test_the_state_writes_its_init_with_the_dataclass_defaults() -> None:
    """`GurpsState` writes its `__init__` out too (one a battle): the fields in order, by
    position and by name, the defaults the dataclass declares (no rules set, the plane)."""
    fields = dataclasses.fields(GurpsState)
    plain = GurpsState({}, {})
    for item in fields[2:]:
        assert item.default_factory is dataclasses.MISSING, item.name
        assert getattr(plain, item.name) is item.default, item.name
    assert plain.rules == RuleSet() and plain.ground is None
    values: list[object] = [{}, {"a": _status()}, ("a",), 7, RuleSet({"darkness": "3"}), "map"]
    by_position = GurpsState(*values)  # type: ignore[arg-type]
    by_name = GurpsState(**{item.name: v for item, v in zip(fields, values, strict=True)})  # type: ignore[arg-type]
    for item, value in zip(fields, values, strict=True):
        assert getattr(by_position, item.name) is value, item.name
        assert getattr(by_name, item.name) is value, item.name


def test_whole_yards_are_ints_in_the_snapshot() -> None:
    """Positions and yards moved that are whole numbers enter the snapshot as ints (small
    ones are shared objects, quick for the memo to hash and compare): equal to the float
    and hashed alike, so two states are the same entry either way; a fraction stays."""
    whole, half = _status(), _status()
    whole.position, whole.moved = Point(3.0, -2.0), 1.0
    half.position, half.moved = Point(3.5, -2.0), 1.0
    assert not [value for value in whole.snapshot() if type(value) is float]
    assert 3.5 in half.snapshot() and whole.snapshot() != half.snapshot()
    again = _status()
    again.position, again.moved = Point(3.0, -2.0), 1.0
    assert whole.snapshot() == again.snapshot()
    assert hash(whole.snapshot()) == hash(again.snapshot())
