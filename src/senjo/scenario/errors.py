"""Scenario errors: one line naming the file, the field, what is wrong and what is allowed."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import ValidationError

__all__ = ["ScenarioError", "field_path", "from_validation"]


class ScenarioError(ValueError):
    """A scenario file cannot be used. `str(error)` is the whole message."""

    def __init__(self, source: str, path: str, message: str) -> None:
        self.source = source
        self.path = path
        self.message = message
        where = f"{source}: {path}" if path else source
        super().__init__(f"{where}: {message}")


def field_path(location: Sequence[int | str]) -> str:
    """`("combatants", 0, "st")` → `combatants[0].st`.

    >>> field_path(("combatants", 0, "skills", "Broadsword"))
    'combatants[0].skills.Broadsword'
    """
    text = ""
    for part in location:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += f".{part}" if text else str(part)
    return text


def from_validation(source: str, error: ValidationError, prefix: str = "") -> ScenarioError:
    """The first problem pydantic found, as a ScenarioError."""
    first = error.errors()[0]
    location = [part for part in first["loc"] if not _is_union_tag(part)]
    path = field_path(location)
    if prefix:
        path = f"{prefix}.{path}" if path else prefix
    message = str(first["msg"]).removeprefix("Value error, ")
    kind = first["type"]
    if kind == "string_pattern_mismatch":
        message = (
            f"{first['input']!r} is not a valid key: use lowercase letters, digits and _, "
            "starting with a letter"
        )
    elif kind == "too_long" and path.endswith("position"):
        message = "expected [x, y] in yards"
    elif kind in ("int_type", "int_parsing") and isinstance(first.get("input"), bool | str):
        message = f"expected a whole number, not {first['input']!r}"
    elif first["type"] == "extra_forbidden":
        message = "unknown field (not allowed here)"
    elif first["type"] == "missing":
        message = "required field is missing"
    return ScenarioError(source, path, message)


def _is_union_tag(part: int | str) -> bool:
    # pydantic names union members in error locations ("str", "function-after[...]").
    return isinstance(part, str) and (part in ("str", "int", "float") or "[" in part)
