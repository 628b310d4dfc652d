"""senjo.narration: events as sentences in Japanese and English."""

from __future__ import annotations

from typing import Any

from senjo.dice.formatting import Lang
from senjo.narration.gurps import GurpsNarrator

__all__ = ["GurpsNarrator", "narrator_for"]


def narrator_for(scenario: Any, lang: Lang) -> GurpsNarrator:
    """The narrator for a loaded scenario's rule system, with its names."""
    names = {f.key: (f.name, f.name_ja or f.name) for f in scenario.fighters}
    items: dict[str, tuple[str, str]] = {}
    for fighter in scenario.fighters:
        for weapon in fighter.weapons:
            items[weapon.key] = (weapon.name, weapon.name_ja or weapon.name)
        if fighter.shield is not None:
            items[fighter.shield.key] = (fighter.shield.name, fighter.shield.name_ja)
    sides = {f.side: (f.side, f.side) for f in scenario.fighters}
    return GurpsNarrator(names, lang, items, sides)
