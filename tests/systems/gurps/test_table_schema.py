"""Tests for senjo.systems.gurps.table_schema and .effects: broken tables fail clearly."""

from __future__ import annotations

import copy
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
import yaml

from senjo.systems.gurps import tables
from senjo.systems.gurps.effects import EffectKind, check_effect_params
from senjo.systems.gurps.table_schema import TableError


def _data(file_name: str) -> Any:
    text = (resources.files("senjo.systems.gurps") / "data" / file_name).read_text("utf-8")
    return yaml.safe_load(text)


def _set(path: list[str | int], value: Any) -> Callable[[Any], None]:
    def change(data: Any) -> None:
        for part in path[:-1]:
            data = data[part]
        data[path[-1]] = value

    return change


def _delete(path: list[str | int]) -> Callable[[Any], None]:
    def change(data: Any) -> None:
        for part in path[:-1]:
            data = data[part]
        del data[path[-1]]

    return change


BROKEN = [
    (
        "hit_locations.yaml",
        _set(["locations", 0, "penalty"], "abc"),
        "hit_locations.yaml: locations[0].penalty: Input should be a valid integer",
    ),
    (
        "hit_locations.yaml",
        _set(["locations", 1, "rolls"], [4]),
        "hit_locations.yaml: (top level): roll 4 is in both skull and face",
    ),
    (
        "hit_locations.yaml",
        _set(["locations", 10, "rolls"], []),
        "hit_locations.yaml: (top level): hit location table gives no result for roll(s) [17, 18]",
    ),
    (
        "hit_locations.yaml",
        _set(["locations", 0, "colour"], "red"),
        "hit_locations.yaml: locations[0].colour: Extra inputs are not permitted",
    ),
    (
        "hit_locations.yaml",
        _set(["locations", 0, "kind"], "tail"),
        "hit_locations.yaml: locations[0].kind: Input should be 'skull', 'eye'",
    ),
    (
        "critical_hit.yaml",
        _set(["entries", 0, "effects", 0, "effect"], "explode"),
        "critical_hit.yaml: entries[0].effects[0].effect: Input should be",
    ),
    (
        "critical_hit.yaml",
        _set(["entries", 0, "effects", 0], {"effect": "damage_multiplier"}),
        "critical_hit.yaml: entries[0].effects[0]: effect damage_multiplier needs value",
    ),
    (
        "critical_hit.yaml",
        _set(["entries", 0, "effects", 0], {"effect": "max_damage", "value": 3}),
        "critical_hit.yaml: entries[0].effects[0]: effect max_damage does not take value",
    ),
    (
        "critical_miss.yaml",
        _set(["entries", 5, "effects", 0, "when"], ["sometimes"]),
        "critical_miss.yaml: entries[5].effects[0].when[0]: Input should be",
    ),
    (
        "critical_miss.yaml",
        _set(["entries", 0, "rolls"], [3, 4, 17, 18, 5]),
        "critical_miss.yaml: (top level): roll 5 is in both weapon_breaks and hit_self",
    ),
    (
        "critical_miss.yaml",
        _set(["entries", 1, "key"], "weapon_breaks"),
        "critical_miss.yaml: (top level): duplicate key(s): weapon_breaks",
    ),
    (
        "damage_by_st.yaml",
        _set(["checkpoints", 0, "thrust"], "5d+1"),
        "damage_by_st.yaml: checkpoints[0]: ST 45 is listed as 5d+1/7d+1 but the progression "
        "gives 5d/7d+1",
    ),
    (
        "damage_by_st.yaml",
        _delete(["rows", 1]),
        "damage_by_st.yaml: (top level): ST row 1 starts at 5, expected 3",
    ),
    (
        "damage_by_st.yaml",
        _set(["rows", 0, "thrust"], "2 dice"),
        "damage_by_st.yaml: rows[0].thrust: '2 dice' is not damage dice",
    ),
    (
        "speed_range_size.yaml",
        _set(["small_rows", 0, "size_modifier"], -4),
        "speed_range_size.yaml: small_rows[0].size_modifier: is -4, but the row should be -3",
    ),
    (
        "wounding.yaml",
        _set(["damage_types", 0, "multiplier"], "a/b"),
        "wounding.yaml: damage_types[0].multiplier: expected a number or a fraction like 1/3",
    ),
    (
        "wounding.yaml",
        _delete(["damage_types", 12]),
        "wounding.yaml: (top level): damage_types lacks ['spec']",
    ),
    (
        "wounding.yaml",
        _delete(["by_location_kind", "neck"]),
        "wounding.yaml: (top level): by_location_kind lacks ['neck']",
    ),
    (
        "postures.yaml",
        _set(["postures", 0, "move_yards_per_turn"], 1),
        "postures.yaml: postures[0]: give exactly one of move_factor and move_yards_per_turn",
    ),
    (
        "encumbrance.yaml",
        _set(["levels", 2, "max_lift_multiple"], 2),
        "encumbrance.yaml: (top level): max_lift_multiple must increase",
    ),
    (
        "ranged.yaml",
        _set(["opportunity_fire", "hexes", 5, "hexes"], [11, 20]),
        "ranged.yaml: opportunity_fire: the last hexes row must be open-ended",
    ),
    (
        "ranged.yaml",
        _set(["rapid_fire", "rows", 2, "shots"], [10, 12]),
        "ranged.yaml: rapid_fire: shots row 2 starts at 10, expected 9",
    ),
]


@pytest.mark.parametrize(("file_name", "change", "message"), BROKEN)
def test_broken_table_names_file_field_and_problem(
    file_name: str, change: Callable[[Any], None], message: str
) -> None:
    """A broken table raises TableError naming the file, the field path and the problem."""
    data = copy.deepcopy(_data(file_name))
    change(data)
    with pytest.raises(TableError) as error:
        tables.check_table(file_name, data)
    assert str(error.value).startswith(message)


@pytest.mark.parametrize(
    "file_name",
    [
        "damage_by_st.yaml",
        "speed_range_size.yaml",
        "hit_locations.yaml",
        "wounding.yaml",
        "postures.yaml",
        "encumbrance.yaml",
        "ranged.yaml",
        "critical_hit.yaml",
        "critical_head_blow.yaml",
        "critical_miss.yaml",
        "unarmed_critical_miss.yaml",
    ],
)
def test_shipped_tables_pass(file_name: str) -> None:
    """Every shipped table passes its own checks (and the broken-table tests start from it)."""
    assert tables.check_table(file_name, _data(file_name)) is not None


def test_unknown_table() -> None:
    """Only the known GURPS tables can be checked."""
    with pytest.raises(TableError, match=r"^dragons\.yaml: \(file\): not a GURPS table"):
        tables.check_table("dragons.yaml", {})


def test_unreadable_yaml(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Bad YAML and a missing file are reported with the file name, not a traceback."""
    (tmp_path / "bad.yaml").write_text("locations: [1, 2\n", encoding="utf-8")
    monkeypatch.setattr(tables, "_DATA", tmp_path)
    with pytest.raises(TableError, match=r"^bad\.yaml: \(file\): not valid YAML"):
        tables._read("bad.yaml")
    with pytest.raises(TableError, match=r"^gone\.yaml: \(file\): missing"):
        tables._read("gone.yaml")


@pytest.mark.parametrize(
    ("kind", "given", "problem"),
    [
        (EffectKind.DR_HALVED, set(), "effect dr_halved needs rounding"),
        (EffectKind.FALL_DOWN, {"yards"}, "effect fall_down does not take yards (it takes no"),
        (
            EffectKind.SCARRED,
            {"appearance", "cap"},
            "effect scarred does not take cap (it takes appearance, ",
        ),
    ],
)
def test_effect_parameters_checked(kind: EffectKind, given: set[str], problem: str) -> None:
    """Each effect kind takes exactly its own parameters (closed effect vocabulary)."""
    with pytest.raises(ValueError, match=r"^" + problem.replace("(", r"\(")):
        check_effect_params(kind, given)


def test_effect_parameters_accepted() -> None:
    """Required plus optional parameters pass the check (torn muscle, B557 result 15)."""
    check_effect_params(
        EffectKind.TORN_MUSCLE,
        {"dice", "next_turn_penalty", "lasting_penalty", "lasting_penalty_high_pain_threshold"},
    )


def test_table_records_compare_hash_show_and_freeze_as_frozen_dataclasses() -> None:
    """The table classes share `_Record`'s methods instead of dataclass-made ones: equal
    when of one class with equal fields, hashed by the fields, shown with them, and a
    field cannot be set again or deleted (loaded tables are shared by every battle)."""
    from dataclasses import FrozenInstanceError, fields, replace

    from senjo.systems.gurps.tables import location, posture

    torso = location("torso")
    same = replace(torso)
    assert same is not torso and same == torso and hash(same) == hash(torso)
    first = fields(torso)[0].name
    changed = replace(torso, **{first: getattr(torso, first) + "x"})
    assert changed != torso
    assert torso != posture("standing") and torso != object()
    shown = repr(torso)
    assert shown.startswith("HitLocation(") and f"{first}={getattr(torso, first)!r}" in shown
    with pytest.raises(FrozenInstanceError):
        setattr(torso, first, "other")
    with pytest.raises(FrozenInstanceError):
        delattr(torso, first)
    assert getattr(torso, first) == getattr(same, first)
