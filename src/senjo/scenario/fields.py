"""Field types the rule systems' scenario models share (`scenario/gurps.py`, `coc.py`)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, Strict

__all__ = ["Finite", "Int", "Key"]

#: A whole number written as one (`3`, not `3.0` or `"3"`).
Int = Annotated[int, Strict()]
#: A number that is finite (YAML's .inf and .nan are refused: nothing measures in them).
Finite = Annotated[float, Field(allow_inf_nan=False)]
#: A combatant's or a side's key: lower-case letters, digits and `_`, a letter first.
Key = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$")]
