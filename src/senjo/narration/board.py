"""Following a GURPS hex-map battle's events to draw its board each round."""

from __future__ import annotations

from typing import Any

from senjo.engine.events import Event
from senjo.narration.textmap import draw_board
from senjo.space.hexgrid import Facing, Hex
from senjo.systems.gurps.events import ConditionChanged, Moved, RoundStarted

__all__ = ["BoardTracker"]


def _letter(name: str, key: str, upper: bool, used: set[str]) -> str:
    """A letter for a figure on the board: the first of its name (or key) not taken yet,
    upper case for the first side, lower case for the others; a digit when none is left.

    >>> _letter("Spearman", "spear", True, {"S"}), _letter("ab", "ab", False, {"a", "b"})
    ('P', '1')
    """
    for char in f"{name}{key}":
        if not char.isalpha():
            continue
        letter = char.upper() if upper else char.lower()
        if letter not in used:
            return letter
    return next(str(n) for n in range(1, 10) if str(n) not in used)


class BoardTracker:
    """Keeps where each figure stands from the events, and draws the board at each round."""

    def __init__(self, scenario: Any, lang: str) -> None:
        self.board = scenario.ground
        self.lang = lang
        self.places: dict[str, tuple[Hex, Facing, str, bool]] = {}
        self.bodies: dict[str, tuple[Hex, ...]] = {}
        self.names: dict[str, str] = {}
        sides = sorted({f.side for f in scenario.fighters})
        used: set[str] = set()
        for fighter in scenario.fighters:
            place = scenario.positions[fighter.key]
            upper = sides.index(fighter.side) == 0
            letter = _letter(fighter.name or fighter.key, fighter.key, upper, used)
            used.add(letter)
            self.places[fighter.key] = (place.hex, place.facing, letter, True)
            if place.body:
                self.bodies[fighter.key] = place.body
            self.names[fighter.key] = fighter.name_ja if lang == "ja" else fighter.name

    def legend(self) -> list[str]:
        """One line naming each figure's letter."""
        parts = [f"{self.places[key][2]} {name}" for key, name in self.names.items()]
        return [("凡例：" if self.lang == "ja" else "Key: ") + ", ".join(parts)]

    def follow(self, item: Event) -> list[str]:
        """Update the figures from an event; at a new round, the board's lines."""
        if isinstance(item, Moved) and item.facing:
            _, _, letter, up = self.places[item.actor]
            place = Hex(int(item.x), int(item.y))
            self.places[item.actor] = (place, Facing[item.facing], letter, up)
            if item.actor in self.bodies:
                self.bodies[item.actor] = tuple(Hex(q, r) for q, r in item.body)
        elif isinstance(item, ConditionChanged) and item.condition == "fled":
            self.places.pop(item.actor, None)  # gone from the battle (senjo's morale rule)
            self.bodies.pop(item.actor, None)
        elif isinstance(item, ConditionChanged) and item.condition in ("unconscious", "dead"):
            place, facing, letter, _ = self.places[item.actor]
            self.places[item.actor] = (place, facing, letter, False)
        elif isinstance(item, RoundStarted):
            return draw_board(self.board, self.places, self.bodies)
        return []
