"""Movement benchmark: every state a Move-10 figure can reach on a 100x100 hex map.

Run: .venv/bin/python benchmarks/movement.py
Each figure is the best of five runs, in milliseconds; a measurement to
compare between versions, never an assertion.

- search + states: ``search(...)`` and ``.states()`` — every reachable
  (hex, facing) with its cost (paths are kept as parent links);
- + hexes: the same, then ``.hexes()`` — per hex, the cost and end facings;
- + every path: the same, then the cheapest path to every state.

Maps: an empty 100x100 map, and one with scattered walls, small
obstructions and bad footing drawn with a fixed seed.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from senjo.space.hexgrid import Facing, Hex
from senjo.space.hexmap import Footing, HexMap
from senjo.space.movement import search

SIZE = 100
MOVE = 10
REPEATS = 5
START = Hex.from_offset(SIZE // 2, SIZE // 2)


def cluttered(seed: int = 2024) -> HexMap:
    """A 100x100 map with 8% walls, 15% small obstructions and 5% bad footing."""
    rng = random.Random(seed)
    open_hexes = [h for h in HexMap.rectangle(SIZE, SIZE) if h != START]
    rng.shuffle(open_hexes)
    walls = open_hexes[:800]
    bodies = {h: rng.randint(1, 2) for h in open_hexes[800:2300]}
    grounds = [Footing.SLIPPERY, Footing.STAIRS, Footing.SHALLOW_WATER, Footing.DEEP_WATER]
    footing = {h: rng.choice(grounds) for h in open_hexes[2300:2800]}
    return HexMap.rectangle(SIZE, SIZE, walls=walls, obstructions=bodies, footing=footing)


def best_ms(work: Callable[[], object]) -> float:
    """The best of REPEATS timed runs of ``work``, in milliseconds."""
    best = float("inf")
    for _ in range(REPEATS):
        start = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - start)
    return best * 1000


def main() -> None:
    """Time the three workloads on both maps."""
    built = time.perf_counter()
    empty = HexMap.rectangle(SIZE, SIZE)
    built_ms = (time.perf_counter() - built) * 1000
    maps = {"empty": empty, "cluttered": cluttered()}
    print(f"senjo movement benchmark: Move {MOVE} from {START!r} facing N, best of {REPEATS}")
    print(f"  building the empty {SIZE}x{SIZE} map: {built_ms:.1f} ms (once per battle)")
    for name, hexmap in maps.items():
        result = search(hexmap, START, Facing.N, MOVE)
        print(f"{name} map: {len(result)} states in {len(result.hexes())} hexes")

        def states(m: HexMap = hexmap) -> object:
            return search(m, START, Facing.N, MOVE).states()

        def hexes(m: HexMap = hexmap) -> object:
            moves = search(m, START, Facing.N, MOVE)
            moves.states()
            return moves.hexes()

        def paths(m: HexMap = hexmap) -> object:
            moves = search(m, START, Facing.N, MOVE)
            return [moves.path(h, f) for h, f in moves.states()]

        print(f"  search + states      {best_ms(states):7.2f} ms")
        print(f"  + hexes              {best_ms(hexes):7.2f} ms")
        print(f"  + every path         {best_ms(paths):7.2f} ms")


if __name__ == "__main__":
    main()
