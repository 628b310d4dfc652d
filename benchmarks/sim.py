"""Simulation speed: the engine path against a minimal plain-Python duel, side by side.

Run: .venv/bin/python benchmarks/sim.py [N]
Prints battles per second for examples/gurps/duel.yaml on the engine path
(`senjo sim`'s own code: seeds, controllers, folding into counters) with 1
and 2 local workers, and for a reference loop of the same duel's shape with
1 and 2 worker processes, so the ratios are measured on the same machine in
the same run; then the same reference duel vectorised with NumPy (every battle's
turn at once; 4,000,000 battles: the issue's "vectorised loop that has none of the
rules", set beside the GURPS fast path's long run), and the engine path on a long
run (20 times the battles), where each worker's turn memo, filled once, weighs
little. Worker timings include starting the worker processes. Every timing
of the engine path starts with an empty turn memo (`senjo.systems.gurps.memo`), as a
fresh `senjo sim` and each new worker process do: a warm memo in this process would
replay the same seeds from memory.
Then the fast paths against the engine (`path_duels`): Call of Cthulhu duels
on examples/coc/duel.yaml and GURPS duels on examples/gurps/duel.yaml (the
compiled duel, and the NumPy model it mirrors), GURPS shootouts on
examples/gurps/ranged.yaml and an archer against a knight who closes in on
examples/gurps/archer_vs_knight.yaml (the compiled duel only), and a battle of
four, a party against an ogre, on examples/gurps/party_vs_ogre.yaml, one of
six with shooters, examples/gurps/ambush.yaml, and three against an ogre with a spear
and a fighter with a weapon in each hand, examples/gurps/three_vs_one.yaml (the
compiled group loop), each fast path also on a long run (1,000,000 CoC, 4,000,000
GURPS duels, 1,000,000 shootouts and archer duels, 400,000 party, ambush and
three_vs_one battles), whose figures are its steady
rate: on the short runs starting the workers is a tenth of the time.
"""

from __future__ import annotations

import multiprocessing
import os
import random
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

from arguments import add_count, benchmark_parser
from senjo import native
from senjo.scenario import load_scenario
from senjo.sim.fast_gurps.compiled import KERNEL_VARIABLE
from senjo.sim.runner import SimJob
from senjo.sim.workers import Backend, InProcess, LocalPool, simulate
from senjo.systems.gurps.memo import MEMO

ROOT = Path(__file__).resolve().parents[1]
DUEL = ROOT / "examples" / "gurps" / "duel.yaml"
COC_DUEL = ROOT / "examples" / "coc" / "duel.yaml"
RANGED = ROOT / "examples" / "gurps" / "ranged.yaml"
ARCHER = ROOT / "examples" / "gurps" / "archer_vs_knight.yaml"
PARTY = ROOT / "examples" / "gurps" / "party_vs_ogre.yaml"
AMBUSH = ROOT / "examples" / "gurps" / "ambush.yaml"
THREE = ROOT / "examples" / "gurps" / "three_vs_one.yaml"

# The reference duel's numbers, taken from duel.yaml: (skill, dodge, damage dice,
# damage adds, DR on the torso, HP). Knight: Broadsword 14, sw 1d+2 cut; Raider:
# Axe/Mace 14, sw 2d+1 cut. Dodge: Basic Speed + 3 (+1 Combat Reflexes, +2 shield DB).
KNIGHT = (14, 12, 1, 2, 4, 12)
RAIDER = (14, 8, 2, 1, 2, 13)
#: Battles of each run of the vectorised reference (the issue measured one such loop).
VECTORISED = 4_000_000


def reference_duel(rng: random.Random) -> int:
    """One duel, minimal: 3d6 to hit vs skill, a 3d6 dodge, damage dice minus DR x1.5.

    Turns alternate until someone's HP is 0 or less; returns 0 if the knight wins, else 1.
    """
    roll = rng.random
    hp = [KNIGHT[5], RAIDER[5]]
    fighters = (KNIGHT, RAIDER)
    turn = 0
    while True:
        attacker, defender = fighters[turn], fighters[1 - turn]
        to_hit = int(roll() * 6) + int(roll() * 6) + int(roll() * 6) + 3
        if to_hit <= attacker[0]:
            dodge = int(roll() * 6) + int(roll() * 6) + int(roll() * 6) + 3
            if dodge > defender[1]:
                basic = sum(int(roll() * 6) + 1 for _ in range(attacker[2])) + attacker[3]
                penetrating = max(0, basic - defender[4])
                hp[1 - turn] -= int(penetrating * 1.5)
                if hp[1 - turn] <= 0:
                    return turn
        turn = 1 - turn


def vectorised_chunk(bounds: tuple[int, int]) -> int:
    """Knight wins among duels start..stop-1, the reference duel vectorised with NumPy.

    Every battle still going takes its turn at once: its dice are drawn as arrays (one
    generator seeded with `start`), and the battles that ended are dropped every turn.
    """
    start, stop = bounds
    rng = np.random.default_rng(start)
    table = np.array((KNIGHT, RAIDER), dtype=np.int64)
    hp = np.repeat(table[None, :, 5], stop - start, axis=0)
    live = np.arange(stop - start)
    knight_wins = 0
    turn = 0
    while live.size:
        attacker, defender = table[turn], table[1 - turn]
        n = live.size
        dice = rng.integers(1, 7, size=(n, 6 + int(attacker[2])), dtype=np.int8)
        hit = dice[:, 0:3].sum(axis=1, dtype=np.int64) <= attacker[0]
        failed = dice[:, 3:6].sum(axis=1, dtype=np.int64) > defender[1]
        basic = dice[:, 6:].sum(axis=1, dtype=np.int64) + attacker[3]
        injury = (np.maximum(basic - defender[4], 0) * 3) // 2
        hp[live, 1 - turn] -= np.where(hit & failed, injury, 0)
        down = hp[live, 1 - turn] <= 0
        if turn == 0:
            knight_wins += int(down.sum())
        live = live[~down]
        turn = 1 - turn
    return knight_wins


def vectorised(count: int, workers: int) -> float:
    """Battles per second of the vectorised reference on `workers` processes."""
    begin = time.perf_counter()
    step = 250_000
    chunks = [(a, min(a + step, count)) for a in range(0, count, step)]
    if workers == 1:
        sum(map(vectorised_chunk, chunks))
    else:
        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            sum(pool.map(vectorised_chunk, chunks))
    return count / (time.perf_counter() - begin)


def reference_chunk(bounds: tuple[int, int]) -> int:
    """Knight wins among duels start..stop-1 (duel i seeded with i)."""
    start, stop = bounds
    return sum(1 - reference_duel(random.Random(i)) for i in range(start, stop))


def reference(count: int, workers: int) -> float:
    """Battles per second of the reference loop on `workers` processes (pool start included)."""
    begin = time.perf_counter()
    if workers == 1:
        reference_chunk((0, count))
    else:
        step = -(-count // (workers * 8))
        chunks = [(a, min(a + step, count)) for a in range(0, count, step)]
        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            sum(pool.map(reference_chunk, chunks))
    return count / (time.perf_counter() - begin)


def engine(count: int, workers: int) -> tuple[float, int]:
    """Battles per second of the engine path, and the aggregate's size in cells."""
    scenario = load_scenario(DUEL)
    job = SimJob(scenario.data, scenario.source, 0, count)
    backend: Backend = InProcess() if workers == 1 else LocalPool(workers)
    MEMO.clear()  # start cold, as a fresh `senjo sim` and each new worker process do
    begin = time.perf_counter()
    (aggregate,) = simulate([job], backend, workers=workers)
    return count / (time.perf_counter() - begin), aggregate.cells()


def best(measure: Callable[[], float], times: int = 3) -> float:
    """The best of several runs."""
    return max(measure() for _ in range(times))


def main(count: int) -> tuple[float, float]:
    """Measure and print the engine's and the references' figures and their ratios; return
    the vectorised reference's rates on 1 and 2 workers (the fast path is set beside them)."""
    ref_count = count * 300
    print(f"senjo sim benchmark: {DUEL.name}, engine {count:,} battles, reference {ref_count:,}")
    print(f"engine form: {native.form()}")
    e1 = best(lambda: engine(count, 1)[0])
    e2 = best(lambda: engine(count, 2)[0])
    r1 = best(lambda: reference(ref_count, 1))
    r2 = best(lambda: reference(ref_count, 2))
    v1 = best(lambda: vectorised(VECTORISED, 1))
    v2 = best(lambda: vectorised(VECTORISED, 2))
    print(f"engine path,  1 worker    {e1:>12,.0f} battles/s")
    print(f"engine path,  2 workers   {e2:>12,.0f} battles/s   (x{e2 / e1:.2f} over 1)")
    print(f"reference,    1 worker    {r1:>12,.0f} battles/s")
    print(f"reference,    2 workers   {r2:>12,.0f} battles/s   (x{r2 / r1:.2f} over 1)")
    print(f"reference / engine: {r1 / e1:,.0f}x (1 worker), {r2 / e2:,.0f}x (2 workers)")
    print(f"vectorised reference, {VECTORISED:,} battles: 1 worker {v1:,.0f}/s, ", end="")
    print(f"2 workers {v2:,.0f}/s (x{v2 / v1:.2f} over 1)")
    # A long run: each worker fills its own turn memo once, then replays from it.
    long = count * 20
    l1, l2 = engine(long, 1)[0], engine(long, 2)[0]
    print(f"engine path, {long:,} battles: 1 worker {l1:,.0f}/s, 2 workers {l2:,.0f}/s", end="")
    print(f" (x{l2 / l1:.2f} over 1)")
    quarter = count // 4
    cells = [engine(n, 1)[1] for n in (quarter, count)]
    print(f"aggregate size: {cells[0]} cells after {quarter:,} battles, {cells[1]} after {count:,}")
    return v1, v2


def path_duels(
    label: str,
    path: Path,
    count: int,
    fast_factor: int,
    long: int,
    against: tuple[float, float] | None = None,
) -> None:
    """Duels/s of one scenario through `senjo sim`'s own code: the engine path (1 worker)
    and the fast path (1 and 2 workers) on `fast_factor` times as many duels; then the fast
    path on `long` duels, where starting the workers weighs little (its steady rate), set
    beside the vectorised reference's rates `against` (1 and 2 workers) if given."""
    scenario = load_scenario(path)

    def rate(which: str, n: int, workers: int) -> float:
        job = SimJob(scenario.data, scenario.source, 0, n, which)
        backend: Backend = InProcess() if workers == 1 else LocalPool(workers)
        MEMO.clear()  # the engine path starts cold, as in a fresh `senjo sim`
        begin = time.perf_counter()
        simulate([job], backend, workers=workers)
        return n / (time.perf_counter() - begin)

    fast_count = count * fast_factor
    print(f"{label}: {path.name}, engine {count:,} duels, fast path {fast_count:,}")
    e1 = best(lambda: rate("engine", count, 1))
    f1 = best(lambda: rate("fast", fast_count, 1))
    f2 = best(lambda: rate("fast", fast_count, 2))
    print(f"{label} engine path, 1 worker  {e1:>12,.0f} duels/s")
    over = f"(x{f1 / e1:,.0f} over the engine)"
    print(f"{label} fast path,   1 worker  {f1:>12,.0f} duels/s   {over}")
    print(f"{label} fast path,   2 workers {f2:>12,.0f} duels/s   (x{f2 / f1:.2f} over 1)")
    g1 = best(lambda: rate("fast", long, 1), 2)
    g2 = best(lambda: rate("fast", long, 2), 2)
    print(f"{label} fast path, {long:,} duels: 1 worker {g1:,.0f}/s, 2 workers {g2:,.0f}/s", end="")
    print(f" (x{g2 / g1:.2f} over 1)")
    if against is not None:
        print(f"{label} fast path / vectorised reference: ", end="")
        print(f"x{g1 / against[0]:.2f} (1 worker), x{g2 / against[1]:.2f} (2 workers)")
    if label == "GURPS":  # the same battles from the NumPy model, without the compiled duel
        os.environ[KERNEL_VARIABLE] = "numpy"
        try:
            n1 = best(lambda: rate("fast", fast_count // 4, 1))
        finally:
            del os.environ[KERNEL_VARIABLE]
        print(f"{label} fast path, NumPy model {n1:>10,.0f} duels/s   (compiled: x{f1 / n1:.1f})")


if __name__ == "__main__":
    parser = benchmark_parser(__doc__)
    add_count(parser, "N", 1000, "engine battles per timing")
    size = parser.parse_args().N
    vectorised_rates = main(size)
    path_duels("CoC", COC_DUEL, size, 200, 1_000_000)
    path_duels("GURPS", DUEL, size, 400, 4_000_000, vectorised_rates)
    path_duels("GURPS shootout", RANGED, size, 200, 1_000_000)
    path_duels("GURPS archer", ARCHER, size, 200, 1_000_000)
    path_duels("GURPS party", PARTY, size, 100, 400_000)
    path_duels("GURPS ambush", AMBUSH, size, 100, 400_000)
    path_duels("GURPS three_vs_one", THREE, size, 100, 400_000)
