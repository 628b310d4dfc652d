"""Duels per second: examples/gurps/duel.yaml played out AI against AI, full rules;
then the other GURPS examples the same way: the hex maps (spear_vs_broadsword,
corridor, the multi-hex wyrm) and the shapes the fast path declines (ranged,
three_vs_one).

Run: .venv/bin/python benchmarks/engine.py [N]
Prints the best of three timings (battles per second, mean rounds per battle), and
which form of the engine ran: compiled by `make` (`senjo.native`), or pure Python
(`SENJO_PURE=1 .venv/bin/python benchmarks/engine.py` measures that one).

Each timing plays battles of its own (seeds 0..N-1, then N..2N-1, …), so the turn
memo (`senjo.systems.gurps.memo`) never replays a battle it has seen; the memo
starts empty for each scenario, as in a fresh `senjo sim`. The duel is also timed
with the memo off, and under the cyclic collector's settings `senjo sim` plays its
battles with (`senjo.sim.collector.RunCollector`); the other timings call `run` with
the collector as Python sets it.
"""

from __future__ import annotations

import contextlib
import time
from pathlib import Path

from arguments import add_count, benchmark_parser
from senjo import native
from senjo.engine.controllers import run
from senjo.scenario import load_scenario
from senjo.scenario.battle import build_battle
from senjo.sim.collector import RunCollector
from senjo.systems.gurps.ai import GurpsAI
from senjo.systems.gurps.memo import MEMO

ROOT = Path(__file__).resolve().parents[1]


def measure(
    count: int, name: str = "duel", run_number: int = 0, collector: bool = False
) -> tuple[float, float]:
    """Play `count` battles of examples/gurps/`name`.yaml, seeds from
    `run_number * count` on, under `senjo sim`'s collector settings if `collector`;
    return (battles per second, mean rounds)."""
    scenario = load_scenario(ROOT / "examples" / "gurps" / f"{name}.yaml")
    ai = GurpsAI()
    rounds = 0
    start = time.perf_counter()
    settings = RunCollector() if collector else None
    with settings or contextlib.nullcontext():
        for seed in range(run_number * count, (run_number + 1) * count):
            battle = build_battle(scenario, seed=seed)
            rounds += run(battle, lambda actor: ai).rounds
            if settings is not None:
                settings.battle_done()
    elapsed = time.perf_counter() - start
    return count / elapsed, rounds / count


def main() -> None:
    """Best of three runs."""
    parser = benchmark_parser(__doc__)
    add_count(parser, "N", 300, "battles per timing of the duel")
    count = parser.parse_args().N
    print(f"engine form: {native.form()}")
    MEMO.enabled = False
    best = max(measure(count, "duel", run) for run in range(3))
    print(f"engine, GURPS duel, turn memo off: {best[0]:,.0f} battles/s")
    MEMO.enabled = True
    best = max(measure(count, "duel", run) for run in range(3))
    print(f"engine, GURPS duel (AI vs AI, full rules): {best[0]:,.0f} battles/s")
    print(f"  mean rounds per battle: {best[1]:.1f}; battles per run: {count}")
    MEMO.clear()
    best = max(measure(count, "duel", 3 + run, collector=True) for run in range(3))
    print(f"engine, GURPS duel, senjo sim's collector settings: {best[0]:,.0f} battles/s")
    for name, share, where in (
        ("spear_vs_broadsword", 3, "on a hex map"),
        ("corridor", 3, "on a hex map"),
        ("wyrm", 15, "on a hex map, multi-hex"),
        ("ranged", 3, "without a map"),
        ("three_vs_one", 3, "without a map"),
    ):
        few = max(1, count // share)
        MEMO.clear()
        rate, rounds = max(measure(few, name, run) for run in range(3))
        print(f"engine, GURPS {name} {where}: {rate:,.0f} battles/s")
        print(f"  mean rounds per battle: {rounds:.1f}; battles per run: {few}")


if __name__ == "__main__":
    main()
