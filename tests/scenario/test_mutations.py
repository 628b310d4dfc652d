"""Every one-field mistake in an example scenario is one clear message or a battle that plays.

Each field of a few examples (a leaf, a list or a mapping) is replaced in turn by values a
hand-edited file might hold - a word, a negative, zero, a huge number, nothing, an empty
list or mapping, a fraction - or removed. The file must then either load and play (twenty
rounds at most) to an outcome, or be refused with one `ScenarioError` line naming the
file. This found a system given as a mapping (a `TypeError`) and a gun's recoil of 0 or
less (an error in the middle of the battle).
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from senjo.engine.controllers import run
from senjo.scenario import ScenarioError, parse_scenario
from senjo.scenario.battle import build_battle, controllers_for

EXAMPLES = Path(__file__).parents[2] / "examples"
#: Examples whose fields together cover both rule systems, guns, shields and a map.
MUTATED = ("gurps/duel.yaml", "gurps/gunfight.yaml", "gurps/corridor.yaml", "coc/duel.yaml")
VALUES: tuple[Any, ...] = ("x", -1, 0, 10**9, None, [], {}, 1.5)
REMOVED = object()


def _paths(node: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place in the data: each mapping key and list index, depth first."""
    if path:
        yield path
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _paths(value, (*path, index))


def _changed(data: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    changed = copy.deepcopy(data)
    node: Any = changed
    for part in path[:-1]:
        node = node[part]
    if value is REMOVED:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return changed


def _name(path: tuple[Any, ...]) -> str:
    return ".".join(str(part) for part in path)


@pytest.mark.parametrize("example", MUTATED)
def test_every_one_field_mistake_is_a_message_or_a_battle(example: str) -> None:
    """Each field of the example, replaced by each of VALUES or removed: the file loads
    and plays to an outcome in twenty rounds at most (its controllers, a fixed seed), or
    loading raises one ScenarioError whose text is one line naming the file."""
    source = EXAMPLES / example
    data = yaml.safe_load(source.read_text(encoding="utf-8"))
    loaded = refused = 0
    for path in _paths(data):
        for value in (*VALUES, REMOVED):
            changed = _changed(data, path, value)
            where = f"{_name(path)} = {value!r}"
            try:
                scenario = parse_scenario(changed, str(source))
            except ScenarioError as error:
                assert "\n" not in str(error) and str(error).startswith(str(source)), where
                assert "\n" not in error.text("ja"), where
                refused += 1
                continue
            options = {"max_rounds": "20"}
            battle = build_battle(scenario, seed=1, options=options)
            outcome = run(battle, controllers_for(scenario, 1), max_decisions=20_000)
            assert outcome.rounds <= 20, where
            loaded += 1
    assert loaded and refused  # the mutations reach both ends
