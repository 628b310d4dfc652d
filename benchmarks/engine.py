"""Duels per second: examples/gurps/duel.yaml played out AI against AI, full rules;
then the other GURPS examples the same way: the hex maps (spear_vs_broadsword,
corridor, the multi-hex wyrm) and the shapes the fast path declines (ranged,
three_vs_one).

Run: .venv/bin/python benchmarks/engine.py [N]
Prints the best of three timings (battles per second, mean rounds per battle), and
which form of the engine ran: compiled by `make` (`senjo.native`), or pure Python
(`SENJO_PURE=1 .venv/bin/python benchmarks/engine.py` measures that one).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from senjo import native
from senjo.engine.controllers import run
from senjo.scenario import load_scenario
from senjo.scenario.battle import build_battle
from senjo.systems.gurps.ai import GurpsAI

ROOT = Path(__file__).resolve().parents[1]


def measure(count: int, name: str = "duel") -> tuple[float, float]:
    """Play `count` battles of examples/gurps/`name`.yaml with seeds 0..count-1;
    return (battles per second, mean rounds)."""
    scenario = load_scenario(ROOT / "examples" / "gurps" / f"{name}.yaml")
    ai = GurpsAI()
    rounds = 0
    start = time.perf_counter()
    for seed in range(count):
        battle = build_battle(scenario, seed=seed)
        rounds += run(battle, lambda actor: ai).rounds
    elapsed = time.perf_counter() - start
    return count / elapsed, rounds / count


def main() -> None:
    """Best of three runs."""
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    print(f"engine form: {native.form()}")
    best = max(measure(count) for _ in range(3))
    print(f"engine, GURPS duel (AI vs AI, full rules): {best[0]:,.0f} battles/s")
    print(f"  mean rounds per battle: {best[1]:.1f}; battles per run: {count}")
    for name, share, where in (
        ("spear_vs_broadsword", 3, "on a hex map"),
        ("corridor", 3, "on a hex map"),
        ("wyrm", 15, "on a hex map, multi-hex"),
        ("ranged", 3, "without a map"),
        ("three_vs_one", 3, "without a map"),
    ):
        few = max(1, count // share)
        rate, rounds = max(measure(few, name) for _ in range(3))
        print(f"engine, GURPS {name} {where}: {rate:,.0f} battles/s")
        print(f"  mean rounds per battle: {rounds:.1f}; battles per run: {few}")


if __name__ == "__main__":
    main()
