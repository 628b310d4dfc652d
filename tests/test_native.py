"""The engine compiled with mypyc (`senjo.native`): used only when built from the sources
as they are, never by the test suite itself, and playing every example battle exactly as
the sources do."""

from __future__ import annotations

import hashlib
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import senjo.systems.gurps.ai
from senjo import native
from senjo.dice import Roller
from senjo.engine.battle import Battle
from senjo.engine.controllers import run
from senjo.engine.journal import journal_lines, read_journal, replay
from senjo.scenario import Scenario, load_scenario
from senjo.scenario.battle import build_battle, controllers_for
from tests.fresh import fresh_python

ROOT = Path(__file__).resolve().parents[1]
#: Battles (seeds 0..n-1) of each example compared between the two forms.
EXAMPLES = {
    "gurps/duel": 40,
    "gurps/ranged": 15,
    "gurps/three_vs_one": 15,
    "gurps/spear_vs_broadsword": 10,
    "gurps/corridor": 4,
    "gurps/wyrm": 2,
    "coc/duel": 40,
    "coc/cultists": 15,
    "coc/deep_one": 15,
}


def log_digests() -> dict[str, str]:
    """A digest of every event of every compared battle, per example."""
    digests: dict[str, str] = {}
    for name, count in EXAMPLES.items():
        scenario = load_scenario(ROOT / "examples" / f"{name}.yaml")
        digest = hashlib.sha256()
        for seed in range(count):
            battle = build_battle(scenario, seed=seed)
            outcome = run(battle, controllers_for(scenario, seed))
            for item in battle.log:
                digest.update(repr(item).encode())
            digest.update(repr(outcome).encode())
        digests[name] = digest.hexdigest()
    return digests


def rebuild(scenario: Scenario) -> Callable[[Roller], Battle[Any]]:
    """The scenario's battle on the dice a replay hands it."""
    return lambda dice: build_battle(scenario, dice=dice)


def replay_divergences() -> list[str]:
    """Two battles of each example written as journals, read back and replayed: those
    whose replay differs from the journal (none should)."""
    diverged: list[str] = []
    for name in EXAMPLES:
        scenario = load_scenario(ROOT / "examples" / f"{name}.yaml")
        for seed in range(2):
            battle = build_battle(scenario, seed=seed, record_dice=True)
            run(battle, controllers_for(scenario, seed))
            journal = read_journal(list(journal_lines(battle, {"seed": seed})))
            _, divergence = replay(journal, rebuild(scenario))
            if divergence is not None:
                diverged.append(f"{name} seed {seed}: {divergence.describe()}")
    return diverged


def test_the_suite_tests_the_sources() -> None:
    """The root conftest sets SENJO_PURE, so the doctests and tests run the `.py` files."""
    assert os.environ.get("SENJO_PURE") == "1"
    assert not native.active()
    assert native.form().startswith("pure Python")
    assert senjo.systems.gurps.ai.__file__.endswith("ai.py")


def test_the_compiled_set_leaves_out_what_mypyc_cannot_compile() -> None:
    modules = native.compiled_modules()
    assert "systems/gurps/ai.py" in modules and "systems/coc/ai.py" in modules
    assert "engine/events.py" in modules and "systems/gurps/events.py" in modules
    assert "engine/rules.py" not in modules and "systems/gurps/tables.py" not in modules
    assert not any(name.endswith("__init__.py") for name in modules)
    # and what a simulation runs around each battle, named one by one
    assert set(native.MODULES) <= set(modules) and "sim/aggregate.py" in modules
    assert "sim/runner.py" not in modules and modules == sorted(modules)


def stamp(path: Path, **changes: object) -> Path:
    """A build stamp for the sources as they are, with `changes` applied."""
    modules = native.compiled_modules()
    fields: dict[str, object] = {
        "built": True,
        "python": sys.implementation.cache_tag,
        "modules": modules,
        "signature": native.signature(modules),
    }
    fields.update(changes)
    path.write_text(json.dumps(fields), encoding="utf-8")
    return path


def test_a_build_is_used_only_for_the_sources_it_was_built_from(tmp_path: Path) -> None:
    assert native.valid(stamp(tmp_path / "a.json"))
    modules = native.compiled_modules()
    edited = native.signature(modules)
    edited["systems/gurps/ai.py"] = [edited["systems/gurps/ai.py"][0] + 1, 0]
    assert not native.valid(stamp(tmp_path / "b.json", signature=edited))
    assert not native.valid(stamp(tmp_path / "c.json", modules=modules[1:]))
    assert not native.valid(stamp(tmp_path / "d.json", python="cpython-399"))
    assert not native.valid(stamp(tmp_path / "e.json", built=False))
    (tmp_path / "f.json").write_text("{not json", encoding="utf-8")
    assert not native.valid(tmp_path / "f.json")
    assert not native.valid(tmp_path / "missing.json")


def test_the_source_first_finder_loads_the_py_file() -> None:
    finder = native.SourceFirst(frozenset({"senjo.systems.gurps.ai"}))
    folder = str(Path(senjo.systems.gurps.ai.__file__).parent)
    spec = finder.find_spec("senjo.systems.gurps.ai", [folder])
    assert spec is not None and spec.origin is not None and spec.origin.endswith("ai.py")
    assert finder.find_spec("senjo.systems.gurps.model", [folder]) is None


def compiled_child(script: str, timeout: float) -> str:
    """What `script` prints, run by a child Python with SENJO_PURE unset (the compiled
    modules, when the build is valid)."""
    return fresh_python(script, timeout=timeout, drop=("SENJO_PURE",))


@pytest.mark.skipif(not native.valid(), reason="the engine is not compiled (no C compiler?)")
def test_the_compiled_engine_plays_every_example_as_the_sources_do() -> None:
    """Every event of the compared battles, in both forms, is the same; and journals
    written and replayed by the compiled engine replay cleanly."""
    script = (
        "import json, sys\n"
        f"sys.path.insert(0, {str(ROOT / 'tests')!r})\n"
        "from senjo import native\n"
        "from test_native import log_digests\n"
        "from test_native import replay_divergences\n"
        "print(json.dumps({'active': native.active(), 'digests': log_digests(),\n"
        "                  'diverged': replay_divergences()}))\n"
    )
    compiled = json.loads(compiled_child(script, timeout=600))
    assert compiled["active"] is True
    assert compiled["digests"] == log_digests()
    assert compiled["diverged"] == replay_divergences() == []


@pytest.mark.skipif(not native.valid(), reason="the engine is not compiled (no C compiler?)")
def test_the_tables_load_whichever_compiled_module_is_imported_first() -> None:
    """A compiled module imported by another compiled module may report a `__file__`
    under the wrong folder (mypyc, when the turn memo came first it named
    `senjo/senjo/systems/gurps/damage…so`); the table cache's key reads sources named
    beside `tables.py`, so no import order breaks it."""
    script = (
        "import senjo.systems.gurps.memo\n"
        "from senjo import native\n"
        "from senjo.systems.gurps import tables\n"
        "print(native.active(), all(path.is_file() for path in tables._SOURCES))\n"
    )
    assert compiled_child(script, timeout=120).split() == ["True", "True"]
