"""Instructions per battle: the engine's cost as counted by valgrind, not timed.

Run: .venv/bin/python benchmarks/instructions.py SCENARIO [N] [--source SRC] [--warm W]
Plays seeds 0..N-1 of examples/gurps/SCENARIO.yaml (default N: 10) AI against AI
under `valgrind --tool=callgrind`, and the same process with no battle, and prints
the difference divided by N: the instructions one battle executes. Unlike a
timing, the count does not move with the machine's load, so two builds can be
compared on a busy machine (docs/performance.md, the sixteenth session): pass
`--source` the `src` folder of another checkout (built with `make`, or
`python -m senjo.build_native` run there) to count that one instead. The count runs
about fifty times slower than the battles themselves. Needs valgrind (the Debian
package `valgrind`); without it, says so and exits 1.

With `--warm W` it counts what `senjo sim --path engine` runs instead (`play_battles`:
the battles with their statistics and fold), for battles W..W+N-1 of a simulation,
after W battles have filled the turn memo as a long simulation has: the count of W+N
battles less that of W, divided by N (W of a few hundred to a thousand; the memo holds
a duel's states after some 1,000).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from arguments import add_count, benchmark_parser, positive_count

ROOT = Path(__file__).resolve().parents[1]

#: The program valgrind runs: N battles of a scenario, compiled when `make` built it.
PLAY = """
import sys
from pathlib import Path
from senjo import native
from senjo.engine.controllers import run
from senjo.scenario import load_scenario
from senjo.scenario.battle import build_battle
from senjo.systems.gurps.ai import GurpsAI
scenario = load_scenario(Path(sys.argv[1]))
ai = GurpsAI()
for seed in range(int(sys.argv[2])):
    run(build_battle(scenario, seed=seed), lambda actor: ai)
print(native.form())
"""

#: The program for `--warm`: the first N battles of a simulation, seed 0, as `senjo sim` plays
#: them on the engine path.
PLAY_SIM = """
import sys
from pathlib import Path
from senjo import native
from senjo.scenario import load_scenario
from senjo.sim.runner import play_battles
play_battles(load_scenario(Path(sys.argv[1])), 0, 0, int(sys.argv[2]))
print(native.form())
"""


def count(source: Path, scenario: Path, battles: int, program: str = PLAY) -> tuple[int, str]:
    """Instructions of a process that plays `battles` battles, and the engine's form."""
    environment = dict(os.environ, PYTHONPATH=str(source))
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]
    command += [sys.executable, "-c", program, str(scenario), str(battles)]
    done = subprocess.run(command, capture_output=True, text=True, env=environment, check=True)
    found = re.search(r"Collected\s*:\s*(\d+)", done.stderr)
    if found is None:
        raise SystemExit(f"valgrind printed no count:\n{done.stderr[-2000:]}")
    return int(found.group(1)), done.stdout.strip()


def main() -> None:
    parser = benchmark_parser(__doc__)
    parser.add_argument("SCENARIO", help="the name of a scenario in examples/gurps, without .yaml")
    add_count(parser, "N", 10, "battles counted")
    parser.add_argument("--source", type=Path, default=ROOT / "src", help="a built src folder")
    parser.add_argument("--warm", type=positive_count, help="battles that fill the memo first")
    args = parser.parse_args()
    name, battles, source = args.SCENARIO, args.N, args.source.resolve()
    warm = -1 if args.warm is None else args.warm
    if not (ROOT / "examples" / "gurps" / f"{name}.yaml").is_file():
        parser.error(f"SCENARIO: no examples/gurps/{name}.yaml")
    if shutil.which("valgrind") is None:
        print("benchmarks/instructions.py needs valgrind (apt install valgrind)")
        raise SystemExit(1)
    scenario = ROOT / "examples" / "gurps" / f"{name}.yaml"
    if warm >= 0:
        before, _ = count(source, scenario, warm, PLAY_SIM)
        total, form = count(source, scenario, warm + battles, PLAY_SIM)
        per = (total - before) / battles
        what = f"battles {warm}..{warm + battles - 1} of a simulation"
        print(f"{name}: {per / 1e6:,.3f}M instructions per battle ({what}, {form})")
        return
    empty, _ = count(source, scenario, 0)
    total, form = count(source, scenario, battles)
    per = (total - empty) / battles
    print(f"{name}: {per / 1e6:,.2f}M instructions per battle ({battles} battles, {form})")


if __name__ == "__main__":
    main()
