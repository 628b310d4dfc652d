"""What every system's narrator shares: names in two languages and the score line.

>>> from senjo.engine.modifiers import Modifiers, Score
>>> base = NamedNarrator({"ann": ("Ann", "アン")}, "ja", sides={"x": ("Blue", "青")})
>>> base.who("ann"), base.side("x"), base.who("nobody")
('アン', '青', 'nobody')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from senjo.dice.formatting import Lang

__all__ = ["NamedNarrator", "Names", "scenario_names"]

#: key -> (English, Japanese).
Names = Mapping[str, tuple[str, str]]


class NamedNarrator:
    """Holds the names of combatants, items and sides, and picks the narrator's language."""

    def __init__(
        self,
        names: Names,
        lang: Lang,
        item_names: Names | None = None,
        sides: Names | None = None,
    ) -> None:
        self.names = names
        self.items = item_names or {}
        self.sides = sides or {}
        self.lang: Lang = lang

    @property
    def ja(self) -> bool:
        """True when narrating in Japanese."""
        return self.lang == "ja"

    def _pick(self, table: Names, key: str) -> str:
        en, ja = table.get(key, (key, key))
        return ja if self.lang == "ja" else en

    def who(self, key: str) -> str:
        """A combatant's name in the narrator's language."""
        return self._pick(self.names, key)

    def side(self, key: str) -> str:
        """A side's name in the narrator's language."""
        return self._pick(self.sides, key)

    def _item(self, key: str) -> str:
        return self._pick(self.items, key)

    def item(self, key: str) -> str:
        """A weapon's or a shield's name in the narrator's language (its key if unnamed)."""
        return self._item(key)


def scenario_names(scenario: Any) -> tuple[Names, Names, Names]:
    """A loaded scenario's names, each key -> (English, Japanese): its combatants, their
    weapons, and its sides (the key where the file gives no name)."""
    names = {s.key: (s.name, s.name_ja or s.name) for s in scenario.fighters}
    items: dict[str, tuple[str, str]] = {}
    for sheet in scenario.fighters:
        for weapon in sheet.weapons:
            items[weapon.key] = (weapon.name, weapon.name_ja or weapon.name)
    sides = {s.side: (s.side, s.side) for s in scenario.fighters}
    sides.update(getattr(scenario, "side_names", {}))
    return names, items, sides
