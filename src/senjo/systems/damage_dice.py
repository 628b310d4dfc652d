"""Damage written as six-sided dice and a bonus, as T値 and トモガミ sheets give it.

Its own small module so that `senjo odds tvalue` reads `--damage` without loading the
scenario layer (`senjo.scenario.fields` re-exports it for the sheets).

>>> parse_damage("2D6+1"), parse_damage("1D"), parse_damage(4), parse_damage("2D8")
((2, 1), (1, 0), (0, 4), None)
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["parse_damage"]

_DAMAGE: Final = re.compile(r"^(\d{1,2})[dD](?:6)?([+-]\d{1,3})?$")


def parse_damage(text: str | int) -> tuple[int, int] | None:
    """(dice, flat) from `2D6+1`, `1D`, `3d-1` or a whole number; None if it is neither."""
    if isinstance(text, int):
        return (0, text) if 0 <= text <= 999 else None
    found = _DAMAGE.match(text.strip())
    if found is None or int(found.group(1)) < 1:
        return None
    return int(found.group(1)), int(found.group(2) or 0)
