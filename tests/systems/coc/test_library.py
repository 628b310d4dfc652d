"""The weapon library and inline weapons."""

from __future__ import annotations

import pytest

from senjo.systems.coc.library import WeaponError, known_weapons, weapon, weapon_from_data


def test_library_weapons_load() -> None:
    """Every library weapon builds; firearms have rate of fire, shots and a malfunction number."""
    for key in known_weapons():
        assert weapon(key).key == key
    revolver = weapon("revolver_38")
    assert (revolver.rof, revolver.shots, revolver.malfunction, revolver.db) == (2, 6, 100, "none")
    assert weapon("knife").impaling and weapon("fist").unarmed and weapon("club").blunt


def test_inline_weapon() -> None:
    """An inline weapon needs a skill and damage; the rest has defaults."""
    axe = weapon_from_data(
        "axe", {"name": {"en": "Axe", "ja": "斧"}, "skill": "axe", "damage": "1D8+2"}
    )
    assert (axe.name_ja, axe.kind, axe.db, axe.damage.text) == ("斧", "melee", "full", "1D8+2")


@pytest.mark.parametrize(
    ("data", "path"),
    [
        ({"damage": "1D6"}, "skill"),
        ({"skill": "x", "damage": "1Q6"}, "damage"),
        ({"skill": "x", "damage": "1D6", "kind": "laser"}, "kind"),
        ({"skill": "x", "damage": "1D6", "db": "double"}, "db"),
        ({"skill": "x", "damage": "1D6", "impaling": "yes"}, "impaling"),
        ({"skill": "x", "damage": "1D6", "rof": 0}, "rof"),
        ({"skill": "x", "damage": "1D6", "kind": "firearm", "base_range": 10}, "shots"),
        ({"skill": "x", "damage": "1D6", "kind": "thrown"}, "base_range"),
        ({"skill": "x", "damage": "1D6", "colour": "red"}, "colour"),
    ],
)
def test_inline_weapon_errors_name_the_field(data: dict[str, object], path: str) -> None:
    """A bad inline weapon names the field that is wrong."""
    with pytest.raises(WeaponError) as caught:
        weapon_from_data("w", dict(data))
    assert caught.value.path == path
