"""`flee_at`, senjo's morale rule in a scenario: a number of HP, or a share of full HP.

A combatant may flee once its HP is at or below `flee_at` (docs/rules/gurps.md,
interpretation 50; docs/rules/coc.md, "Fleeing"). The file gives either a whole number
of HP or a share such as "50%"; a share becomes the whole number here, once, so the
rules and the fast paths only ever see a number. For whole HP, "at or below p% of full
HP" is exactly "at or below floor(HP x p / 100)":

>>> flee_threshold("50%", 11), flee_threshold("50%", 12), flee_threshold(-2, 12)
(5, 6, -2)
>>> flee_threshold(None, 12) is None
True
"""

from __future__ import annotations

import re
from typing import Annotated, Any

from pydantic import BeforeValidator

__all__ = ["FleeAt", "check_flee_at", "flee_threshold"]

_SHARE = re.compile(r"(\d{1,3})%")
#: The message for anything else (its Japanese is in `errors._JAPANESE`).
WRONG = "{!r} is not HP as a whole number, or a share of full HP from 0% to 100% such as 50%"


def check_flee_at(value: Any) -> int | str:
    """A whole number, or a share "N%" with N from 0 to 100; else a ValueError."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str):
        found = _SHARE.fullmatch(value.strip())
        if found is not None and int(found.group(1)) <= 100:
            return f"{int(found.group(1))}%"
    raise ValueError(WRONG.format(value))


#: The scenario field's type: checked by `check_flee_at` before pydantic sees it.
FleeAt = Annotated[int | str, BeforeValidator(check_flee_at)]


def flee_threshold(value: int | str | None, hp: int) -> int | None:
    """The HP at or below which the combatant may flee (None: it never flees)."""
    if value is None or isinstance(value, int):
        return value
    return hp * int(value.removesuffix("%")) // 100
