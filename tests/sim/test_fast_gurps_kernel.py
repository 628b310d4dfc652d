"""The compiled GURPS duel (`senjo.sim.fast_gurps.kernel`) plays exactly the NumPy model's
battles: the same dice matrix, the same result for every battle, on every check duel.

The NumPy model is itself held battle by battle to the engine (test_fast_gurps.py), so
this carries the engine's rules over to the compiled duel.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from senjo.scenario import load_scenario
from senjo.sim.aggregate import CombatantTally, SimAggregate
from senjo.sim.fast_gurps import GURPS_FAST, batch, compiled, runs, streams
from senjo.sim.fast_gurps.state import BlockResult
from senjo.sim.fast_gurps.tables import build_tables
from tests.fresh import fresh_python

from .gurps_duels import DUEL, EXAMPLES, SCENARIOS, accounted, spent, tie

pytest.importorskip("numba")

#: Per-battle figures compared for every battle the model follows to the end.
FIGURES = (
    *("winner", "reason", "rounds", "attacks", "hits", "defenses", "defended"),
    *("dealt", "taken", "hp", "standing"),
)


def assert_same(numpy_result: BlockResult, kernel_result: BlockResult) -> None:
    """Same escapes for the same reasons, the same dice rolled, and the same figures for
    every other battle."""
    assert np.array_equal(numpy_result.escaped, kernel_result.escaped)
    assert np.array_equal(numpy_result.why, kernel_result.why)
    assert np.array_equal(numpy_result.seeds, kernel_result.seeds)
    assert np.array_equal(numpy_result.used, kernel_result.used)
    escaped = numpy_result.escaped
    for name in FIGURES:
        ours = getattr(kernel_result, name)[..., ~escaped]
        theirs = getattr(numpy_result, name)[..., ~escaped]
        assert np.array_equal(ours, theirs), name


def rngs(seed: int, blocks: int) -> list[np.random.Generator]:
    return [np.random.Generator(np.random.PCG64(seed + k)) for k in range(blocks)]


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_the_kernel_plays_the_numpy_models_battles(name: str) -> None:
    """Every check duel (each brings in a rule: Rapid Strikes, knockback, piercing, armor
    divisors, Injury Tolerance ...), two blocks of 300 battles."""
    tables = build_tables(SCENARIOS[name]())
    numpy_result = batch.play_blocks(tables, 300, rngs(2024, 2))
    kernel_result = compiled.play_blocks(tables, 300, rngs(2024, 2))
    assert_same(numpy_result, kernel_result)
    assert accounted(numpy_result) >= 480  # most battles are compared (or lame a limb)


def test_the_kernel_reads_dice_from_an_offset() -> None:
    """B363's tie rolls: each battle's dice start at its third die."""
    scenario = tie()
    for lead in (f.key for f in scenario.fighters):
        tables = build_tables(scenario, lead)
        numpy_result = batch.play_blocks(tables, 400, rngs(31, 1), 2)
        kernel_result = compiled.play_blocks(tables, 400, rngs(31, 1), 2)
        assert_same(numpy_result, kernel_result)
    assert (kernel_result.used > 2).all()


def test_a_run_is_the_same_with_either_model(monkeypatch: pytest.MonkeyPatch) -> None:
    """`SENJO_FAST_KERNEL=numpy` switches the kernel off; the aggregate does not change."""
    monkeypatch.setattr(runs, "BLOCK", 512)
    calls: list[int] = []
    play = compiled.play_blocks

    def counted(*args: Any) -> BlockResult:
        calls.append(1)
        return play(*args)

    monkeypatch.setattr(compiled, "play_blocks", counted)
    scenario = load_scenario(DUEL)
    assert compiled.available()
    with_kernel = GURPS_FAST.run(scenario, 5, 100, 1400)
    assert len(calls) == 1  # three blocks, one pass
    monkeypatch.setenv(compiled.KERNEL_VARIABLE, "numpy")
    assert not compiled.available()
    assert GURPS_FAST.run(scenario, 5, 100, 1400) == with_kernel
    assert len(calls) == 1


@pytest.mark.parametrize("name", ["spent", "tie"])
def test_the_compiled_tally_sums_a_pass_as_numpy_does(name: str) -> None:
    """`kernel.tally` (a pass's sums and histograms in one sweep) folds exactly what the
    NumPy fold does: over part of a pass, without the escaped battles (`spent` breaks a
    spare in many), and only the battles an initiative tie chose for this pass (`tie`)."""
    scenario = {"tie": tie, "spent": spent}[name]()
    tables = build_tables(scenario)
    result = compiled.play_blocks(tables, 700, rngs(77, 2), 2 if name == "tie" else 0)
    order = [f.key for f in tables.fighters]
    sides = {f.key: f.side for f in scenario.fighters}
    chosen = None
    if name == "tie":
        chosen = np.arange(1400) % 3 != 0
    folded = []
    for tally in (compiled.tally, runs._tally_numpy):
        aggregate = SimAggregate.empty()
        for key in order:
            aggregate.combatants[key] = CombatantTally()
            aggregate.survivors[sides[key]] = Counter()
        escaped = runs._fold_sums(aggregate, order, sides, tally(result, 5, 1390, chosen))
        folded.append((aggregate, escaped.tolist()))
    (ours, our_escapes), (theirs, their_escapes) = folded
    assert our_escapes == their_escapes
    assert ours == theirs
    assert ours.n > 500 and ours.rounds and ours.combatants[order[0]].hp
    if name == "spent":
        assert our_escapes  # some battles escaped, and were left out of the sums


def test_a_pass_written_over_the_last_gives_its_own_results() -> None:
    """`compiled.Buffers`: a run writes each pass into the arrays of the pass before (no
    5 MB to allocate a pass); a battle that escaped there leaves no mark here. `spent`
    breaks a spare in many battles, so the first pass has escapes."""
    tables = build_tables(spent())
    buffers = compiled.Buffers()
    first = compiled.play_blocks(tables, 300, rngs(5, 2), 0, None, buffers)
    assert first.escaped.any()
    second = compiled.play_blocks(tables, 300, rngs(6, 2), 0, None, buffers)
    assert np.shares_memory(first.used, second.used)  # the same arrays, written over
    alone = compiled.play_blocks(tables, 300, rngs(6, 2))
    assert_same(alone, second)
    assert np.array_equal(alone.winner, second.winner)
    assert compiled.play_blocks(tables, 200, rngs(6, 1), 0, None, buffers).used.size == 200


def test_a_threads_runs_write_over_the_same_arrays() -> None:
    """A worker's chunks write over one set of result arrays, its own thread's (a Dask
    worker may play chunks on several threads at once), and a run after another with
    escapes sums the same as the first time."""
    import threading

    scenario = spent()
    first = runs.run_range(scenario, 5, 0, 900)
    assert first.replayed > 0  # escapes written in the arrays
    kept = runs.buffers()
    other = runs.run_range(scenario, 6, 0, 900)
    assert runs.buffers() is kept and other != first
    assert runs.run_range(scenario, 5, 0, 900) == first
    theirs: list[compiled.Buffers] = []
    thread = threading.Thread(target=lambda: theirs.append(runs.buffers()))
    thread.start()
    thread.join()
    assert theirs[0] is not kept


def test_warming_compiles_the_kernel_that_plays() -> None:
    """`make` compiles the kernel at set-up (`compiled.warm`): it must be the very
    specialization a block of battles then calls, not one more to compile on first use."""
    from senjo.sim.fast_gurps import kernel

    assert compiled.warm() >= 0
    compiled.play_blocks(build_tables(load_scenario(DUEL)), 20, rngs(3, 1))
    dispatcher: Any = kernel.play  # a Numba dispatcher, typed as the function it wraps
    assert len(dispatcher.signatures) == 1
    runs.run_range(load_scenario(DUEL), 3, 0, 20)  # plays, then tallies the pass
    tally: Any = kernel.tally
    assert len(tally.signatures) == 1


def test_the_kernels_cache_follows_every_file_it_compiles_in(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Numba checks a cached function against its own file only; senjo keys the folder of
    the kernel's cache on every file whose text it compiles in, so an edit to any of them
    compiles afresh. Every senjo module the kernel imports must be in that list."""
    here = Path(compiled.__file__).parent
    files = sorted((here / "kernel").glob("*.py"))
    sources = set(compiled.KERNEL_SOURCES)
    assert {f"kernel/{path.name}" for path in files} <= sources
    for path in files:
        if path.name == "__init__.py":
            continue  # it compiles nothing: it picks the cache folder and imports the rest
        text = path.read_text(encoding="utf-8")
        imported = re.findall(r"^from senjo\.sim\.fast_gurps\.([\w.]+) import", text, re.M)
        assert {name.replace(".", "/") + ".py" for name in imported} - {"kernel/__init__.py"} <= (
            sources
        ), path.name
        assert not re.search(r"^from senjo\.(?!sim\.fast_gurps\.)", text, re.M), path.name

    monkeypatch.setenv("SENJO_CACHE_DIR", str(tmp_path / "cache"))
    first, second = tmp_path / "a.py", tmp_path / "b.py"
    first.write_text("A = 1\n")
    second.write_text("B = 2\n")
    monkeypatch.setattr(compiled, "KERNEL_SOURCES", (str(first), str(second)))
    before = compiled.kernel_cache_dir("0.68.1")
    assert before is not None and before.parent == tmp_path / "cache" / "numba"
    second.write_text("B = 3\n")
    after = compiled.kernel_cache_dir("0.68.1")
    assert after != before and compiled.kernel_cache_dir("0.69.0") != after
    monkeypatch.setenv("SENJO_CACHE_DIR", "")
    assert compiled.kernel_cache_dir("0.68.1") is None


def test_every_kernel_function_caches_in_the_keyed_folder() -> None:
    """However the kernel is first imported - by `compiled.py`, by a test importing one of
    its modules, or by pytest collecting doctests (which imports every module before any
    test runs) - its functions cache in the folder keyed on all its files. (Collected
    first, they once cached beside their own files, and an edit to `packed.py` alone then
    ran stale machine code.)"""
    import numba

    from senjo.sim.fast_gurps.kernel import exchange, harm, rolls, tally, turn

    # `tally` is the function: the package's name for it hides the module of that name.

    folder = compiled.kernel_cache_dir(numba.__version__)
    assert folder is not None
    functions: list[Any] = [turn.play, turn._turn, exchange._defend, harm._damage, rolls._die]
    functions.append(tally)
    for function in functions:
        assert Path(function._cache._cache_path).parent == folder, function


_LOADED = """
import sys
from senjo.scenario import load_scenario
from senjo.sim.fast_gurps import GURPS_FAST, kernel
GURPS_FAST.prepare(load_scenario(sys.argv[1]))
print(*(bool(getattr(kernel, name).signatures) for name in ("play", "tally", "play_group")))
"""


@pytest.mark.parametrize(
    ("example", "loaded"),
    [("duel.yaml", "True True False"), ("party_vs_ogre.yaml", "False False True")],
)
def test_getting_ready_loads_only_the_kernel_the_battles_call(example: str, loaded: str) -> None:
    """`prepare` loads the compiled duel (`play`, `tally`) for a duel and the group loop
    (`play_group`) for a group, not both: each costs a start some 0.15-0.5 s. A process of
    its own, since this one may have loaded either already."""
    assert fresh_python(_LOADED, str(EXAMPLES / example)).split() == loaded.split()


def test_the_cache_folder_is_set_for_the_kernel_alone() -> None:
    """Numba's cache setting is in force only while the kernel is imported: other Numba
    code in the process keeps its own."""
    import numba

    compiled.warm()
    folder = compiled.kernel_cache_dir(numba.__version__)
    assert folder is not None and getattr(numba.config, "CACHE_DIR", "") != str(folder)


def test_old_kernel_caches_are_pruned_and_recent_ones_kept(tmp_path: Path) -> None:
    """Each edit or upgrade of the kernel compiles into a new folder; a folder no senjo has
    used for `STALE_DAYS` days is removed, one in use (or used recently, by another clone
    sharing the cache) is kept, and the folder in use is marked as used now."""
    import os
    import time

    numba_folder = tmp_path / "numba"
    current, recent, old = (numba_folder / name for name in ("aaa", "bbb", "ccc"))
    for folder in (current, recent, old):
        folder.mkdir(parents=True)
        (folder / "turn.play.nbi").write_bytes(b"x")
    (numba_folder / "stray.txt").write_text("not a cache folder")
    now = time.time()
    day = 86400
    os.utime(current, (now - 90 * day, now - 90 * day))
    os.utime(recent, (now - (compiled.STALE_DAYS - 1) * day,) * 2)
    os.utime(old, (now - (compiled.STALE_DAYS + 1) * day,) * 2)
    compiled.prune_kernel_caches(current)
    assert sorted(p.name for p in numba_folder.iterdir()) == ["aaa", "bbb", "stray.txt"]
    assert current.stat().st_mtime >= now - 60
    compiled.prune_kernel_caches(tmp_path / "missing" / "x")  # no folder yet: nothing to do


def test_a_battles_row_is_its_stream() -> None:
    """`streams.row` (one battle's dice, for the engine that replays it) reads exactly the
    faces `streams.draw` gives the same battles: 64 battles, 400 dice each."""
    seeds = streams.row_seeds(rngs(77, 2), 32)
    faces = streams.draw(seeds.copy(), np.arange(seeds.size), 400)
    for i, seed in enumerate(seeds):
        assert streams.row(seed, 400).tolist() == faces[i].tolist()


#: Moves whose plain arithmetic ends a rounding error beyond the stop (tests/space/
#: test_plane.py): (start, goal) on a line, or as (x, y) pairs on the plane; budget, stop.
_ROUNDED_PAST = [
    ((5.095, 0.0), (2.4, 0.0), 1.0, 2.0),
    ((-8.573760952792341, 0.0), (-7.434, 0.0), 1.0, 1.0),
    ((3.6893328677967965, 0.9870751970844714), (4.687121245510405, 0.9206045020403741), 1.0, 1.0),
    ((0.0, 0.0), (10.0, 0.0), 20.0, 1.0),
]


@pytest.mark.parametrize(("start", "goal", "budget", "stop_at"), _ROUNDED_PAST)
def test_both_models_step_as_the_plane_does(
    start: tuple[float, float], goal: tuple[float, float], budget: float, stop_at: float
) -> None:
    """A Step cut short by the reach ends where `plane.step_toward` puts it, to the bit:
    within the stop, not a rounding error beyond it (the compiled step on the plane, the
    NumPy model's on a duel's line)."""
    from senjo.sim.fast_gurps.kernel import NMAX
    from senjo.sim.fast_gurps.kernel.rolls import _step_toward
    from senjo.sim.fast_gurps.state import BlockState
    from senjo.space.plane import Point, step_toward

    end = step_toward(Point(*start), Point(*goal), budget, stop_at)
    assert end.distance(Point(*goal)) <= stop_at
    x = np.zeros(2 * NMAX)
    x[0], x[NMAX], x[1], x[NMAX + 1] = start[0], start[1], goal[0], goal[1]
    _step_toward(x, 0, 1, budget, stop_at)
    assert (x[0], x[NMAX]) == (end.x, end.y)
    if start[1] == goal[1] == 0.0:
        state = BlockState(build_tables(load_scenario(DUEL)), 1, rngs(5, 1))
        state.x[0, 0], state.x[1, 0] = start[0], goal[0]
        state.step_toward(0, np.array([0]), budget, stop_at)
        assert float(state.x[0, 0]) == end.x
        assert float(state.distance[0]) == end.distance(Point(*goal))


def test_the_fast_paths_nudge_is_the_planes() -> None:
    """The kernel's files import nothing outside the fast path (its cache is keyed on
    them), so `layout.NUDGE` repeats `plane.NUDGE`: the two must not part."""
    from senjo.sim.fast_gurps import layout
    from senjo.space import plane

    assert layout.NUDGE == plane.NUDGE == 2.0**-30


#: Steps out of a close combat whose plain arithmetic ends a hair beyond a yard
#: (tests/space/test_plane.py), and one that does not.
_OUT_PAST = [
    ((-1.46, 0.0), (-1.0229070951893122, 0.0)),
    ((3.914598302338895, 0.0), (3.814598302338895, 0.0)),
    ((-4.812919713439847, -5.3133807790660725), (-4.577281480932338, -5.319830465588538)),
    ((0.3, 0.0), (0.0, 0.0)),
]


@pytest.mark.parametrize(("start", "threat"), _OUT_PAST)
def test_both_models_step_out_as_the_plane_does(
    start: tuple[float, float], threat: tuple[float, float]
) -> None:
    """The Step out of a close combat ends where `plane.step_away` with `within` a yard puts
    it, to the bit: the compiled step on the plane, the NumPy model's on a duel's line."""
    from senjo.sim.fast_gurps.kernel import NMAX
    from senjo.sim.fast_gurps.kernel.rolls import _step_out
    from senjo.sim.fast_gurps.state import BlockState
    from senjo.space.plane import Point, step_away

    here = Point(*start).distance(Point(*threat))
    end = step_away(Point(*start), Point(*threat), 1.0 - here, within=1.0)
    assert end.distance(Point(*threat)) <= 1.0
    x = np.zeros(2 * NMAX)
    x[0], x[NMAX], x[1], x[NMAX + 1] = start[0], start[1], threat[0], threat[1]
    _step_out(x, 0, 1, here)
    assert (x[0], x[NMAX]) == (end.x, end.y)
    if start[1] == threat[1] == 0.0:
        state = BlockState(build_tables(load_scenario(DUEL)), 1, rngs(5, 1))
        state.x[0, 0], state.x[1, 0] = start[0], threat[0]
        state.step_away(0, np.array([0]), np.array([1.0 - here]), 1.0)
        assert float(state.x[0, 0]) == end.x


def test_a_branch_hint_is_its_condition_marked_for_llvm() -> None:
    """`rolls._likely` and `_unlikely` give back the condition unchanged (the battles stay
    the same: the tests above) and put LLVM's `llvm.expect` on it, which its optimizer
    turns into the branch's weights (the way expected some 2,000 times the other)."""
    import numba

    from senjo.sim.fast_gurps.kernel.rolls import _likely, _unlikely

    @numba.njit(cache=False)
    def pick(a: int, b: int) -> int:
        if _unlikely(a > b):
            return 1
        if _likely(a == b):
            return 2
        return 3

    assert [pick(2, 1), pick(1, 1), pick(0, 1)] == [1, 2, 3]
    code = next(iter(pick.inspect_llvm().values()))
    found = re.findall(r'!"branch_weights", !"expected", i32 (\d+), i32 (\d+)', code)
    weights = [(int(taken), int(other)) for taken, other in found]
    assert len(weights) == 2
    assert any(taken > 100 * other for taken, other in weights)  # one way expected
    assert any(other > 100 * taken for taken, other in weights)  # the other way expected
