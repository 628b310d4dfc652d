"""Parameter sweeps: a grid of changes to a scenario's data, each point checked again.

`--vary PATH=VALUES` names a place in the scenario file and the values to try
there. PATH is dotted: mapping keys, with combatants addressed by their
`key` (or their position in the list); VALUES is an integer range `a..b`
(both ends included) or a comma list. Each point of the grid is applied to a
deep copy of the scenario's data and checked again with `parse_scenario`, so
a bad value is reported like a bad scenario file.

>>> parse_vary("combatants.knight.skills.Broadsword=12..14")
Vary(path='combatants.knight.skills.Broadsword', values=(12, 13, 14))
>>> parse_vary("options.random_hit_locations=on,off").values
('on', 'off')
>>> data = {"combatants": [{"key": "knight", "skills": {"Broadsword": 14}}]}
>>> apply_point(data, {"combatants.knight.skills.Broadsword": 10, "options.max_rounds": 20})
{'combatants': [{'key': 'knight', 'skills': {'Broadsword': 10}}], 'options': {'max_rounds': 20}}
>>> data["combatants"][0]["skills"]["Broadsword"]
14
>>> apply_point(data, {"combatants.nobody.st": 10})
Traceback (most recent call last):
...
senjo.sim.sweep.SweepError: --vary combatants.nobody.st: combatants has no entry with key ...
"""

from __future__ import annotations

import copy
import itertools
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from senjo.sim.declines import Reason

__all__ = [
    "MAX_POINTS",
    "SweepError",
    "Vary",
    "apply_point",
    "grid",
    "grid_size",
    "parse_value",
    "parse_vary",
]

#: The largest grid `senjo sweep` runs.
MAX_POINTS = 10_000

_RANGE = re.compile(r"^\s*(-?\d+)\s*\.\.\s*(-?\d+)\s*$")
_INT = re.compile(r"^-?\d+$")
_FLOAT = re.compile(r"^-?(\d+\.\d*|\.\d+)$")


class SweepError(ValueError):
    """A `--vary` that cannot be read or applied (the message names the path)."""


@dataclass(frozen=True, slots=True)
class Vary:
    """One varied parameter: where in the scenario data, and the values to try."""

    path: str
    values: tuple[Any, ...]


def parse_value(text: str) -> Any:
    """A value from the command line: a whole number, a decimal, or text.

    >>> parse_value("12"), parse_value("-3"), parse_value("1.5"), parse_value("on")
    (12, -3, 1.5, 'on')
    """
    text = text.strip()
    if _INT.match(text):
        return int(text)
    if _FLOAT.match(text):
        return float(text)
    return text


def parse_vary(spec: str) -> Vary:
    """`PATH=a..b` or `PATH=v1,v2,…` as a `Vary`; a malformed one raises `SweepError`.

    >>> parse_vary("st=14..12")
    Traceback (most recent call last):
    ...
    senjo.sim.sweep.SweepError: --vary st=14..12: a range a..b needs a <= b
    """
    path, sep, values = spec.partition("=")
    path = path.strip()
    if not sep or not path or not values.strip():
        raise SweepError(
            Reason(
                f"--vary takes PATH=VALUES (a..b or v1,v2,...), not {spec!r}",
                f"--vary には PATH=VALUES（a..b か v1,v2,...）を指定してください"
                f"（{spec!r} は不可）",
            )
        )
    if any(not part for part in path.split(".")):
        raise SweepError(
            Reason(
                f"--vary {spec}: {path!r} is not a dotted path",
                f"--vary {spec}：{path!r} はドット区切りのパスではありません",
            )
        )
    if path == "seed":
        raise SweepError(
            Reason(
                f"--vary {spec}: every point plays the same seeds (--seed, else the "
                "scenario's), so a point's seed would change nothing; for another seed's "
                "luck, run senjo sim --seed S",
                f"--vary {spec}：どの点も同じシード（--seed、なければシナリオの seed）で"
                "プレイするため、点ごとの seed は何も変えません。別のシードの結果は "
                "senjo sim --seed S で見てください",
            )
        )
    found = _RANGE.match(values)
    if found:
        low, high = int(found.group(1)), int(found.group(2))
        if low > high:
            raise SweepError(
                Reason(
                    f"--vary {spec}: a range a..b needs a <= b",
                    f"--vary {spec}：範囲 a..b には a <= b が必要です",
                )
            )
        return Vary(path, tuple(range(low, high + 1)))
    parsed = tuple(parse_value(part) for part in values.split(","))
    if any(value == "" for value in parsed):
        raise SweepError(
            Reason(
                f"--vary {spec}: an empty value in the list",
                f"--vary {spec}：リストに空の値があります",
            )
        )
    return Vary(path, parsed)


def grid(varies: Sequence[Vary]) -> Iterator[dict[str, Any]]:
    """Every combination, the first parameter varying slowest: {path: value}.

    >>> list(grid([Vary("a", (1, 2)), Vary("b", ("x", "y"))]))
    [{'a': 1, 'b': 'x'}, {'a': 1, 'b': 'y'}, {'a': 2, 'b': 'x'}, {'a': 2, 'b': 'y'}]
    """
    for values in itertools.product(*(vary.values for vary in varies)):
        yield {vary.path: value for vary, value in zip(varies, values, strict=True)}


def grid_size(varies: Sequence[Vary]) -> int:
    """How many points the grid has.

    >>> grid_size([Vary("a", (1, 2)), Vary("b", (1, 2, 3))])
    6
    """
    size = 1
    for vary in varies:
        size *= len(vary.values)
    return size


def apply_point(data: Mapping[str, Any], point: Mapping[str, Any]) -> dict[str, Any]:
    """A deep copy of the scenario data with each path set to its value.

    Missing mapping keys on the way are created (so `options.max_rounds`
    works on a file without `options:`); whether the result is a valid
    scenario is for `parse_scenario` to say.
    """
    changed = copy.deepcopy(dict(data))
    for path, value in point.items():
        _set(changed, path, value)
    return changed


def _set(data: dict[str, Any], path: str, value: Any) -> None:
    parts = path.split(".")
    here: Any = data
    for depth, part in enumerate(parts):
        above = ".".join(parts[:depth]) or "the scenario"
        last = depth == len(parts) - 1
        if isinstance(here, list):
            index = _list_index(here, part, path, above)
            if last:
                here[index] = value
                return
            here = here[index]
        elif isinstance(here, dict):
            if last:
                here[part] = value
                return
            if part not in here or here[part] is None:
                here[part] = {}
            here = here[part]
        else:
            raise SweepError(
                Reason(
                    f"--vary {path}: {above} is a value, not a mapping or list",
                    f"--vary {path}：{above} は値で、マッピングやリストではありません",
                )
            )


def _list_index(items: list[Any], part: str, path: str, above: str) -> int:
    """The entry of a list named by its `key` field (combatants), or by its position."""
    keys = [item.get("key") for item in items if isinstance(item, dict)]
    for index, item in enumerate(items):
        if isinstance(item, dict) and item.get("key") == part:
            return index
    if _INT.match(part) and 0 <= int(part) < len(items):
        return int(part)
    known = ", ".join(str(key) for key in keys if key is not None)
    raise SweepError(
        Reason(
            f"--vary {path}: {above} has no entry with key {part!r} (keys: {known or 'none'})",
            f"--vary {path}：{above} にキー {part!r} の項目がありません（キー：{known or 'なし'}）",
        )
    )
