"""Start-up: how long `senjo` commands take end to end, against the floors beneath them.

Run: .venv/bin/python benchmarks/startup.py [RUNS]
Prints the best and the median of RUNS (default 12) fresh processes for each of:
Python doing nothing; a Typer app with one integer option and nothing else
(the command-line library's own start); importing the GURPS tables (from
the per-user cache of their check, as after the first start); and the
commands `senjo odds gurps …`, `senjo roll …`, `senjo sim --help`, and short runs of
`senjo sim` on the fast path (a duel and a group of four), which are mostly their start.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from arguments import add_count, benchmark_parser

ROOT = Path(__file__).resolve().parents[1]
SENJO = str(Path(sys.executable).with_name("senjo"))

_TYPER_APP = """
import typer

app = typer.Typer()


@app.command()
def main(skill: int = 10) -> None:
    print(skill)


app()
"""


def timed(command: list[str], runs: int) -> tuple[float, float]:
    """(best, median) wall-clock seconds of `runs` fresh runs of `command`."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, cwd=ROOT)
        times.append(time.perf_counter() - start)
    return min(times), statistics.median(times)


def main() -> None:
    """Time each command; print one line each."""
    parser = benchmark_parser(__doc__)
    add_count(parser, "RUNS", 12, "fresh processes per command")
    runs = parser.parse_args().RUNS
    with tempfile.TemporaryDirectory() as folder:
        typer_app = Path(folder) / "typer_app.py"
        typer_app.write_text(_TYPER_APP, encoding="utf-8")
        commands = {
            "python -c pass": [sys.executable, "-c", "pass"],
            "a one-option Typer app": [sys.executable, str(typer_app), "--skill", "3"],
            "import the GURPS tables": [
                sys.executable,
                "-c",
                "import senjo.systems.gurps.tables",
            ],
            "senjo odds gurps": [
                SENJO,
                *("odds", "gurps", "--skill", "14", "--defense", "10", "--damage", "2d+1"),
                *("--dr", "2", "--hp", "12", "--lang", "en"),
            ],
            "senjo roll": [SENJO, "roll", "--lang", "en", "3d6"],
            "senjo sim --help": [SENJO, "sim", "--help"],
            # A short run is mostly its start: the rule system, the fast path's tables and
            # its compiled loop read from Numba's cache (the battles take about 0.01 s).
            "senjo sim duel -n 1000": [
                *(SENJO, "sim", "examples/gurps/duel.yaml", "-n", "1000", "--json"),
            ],
            "senjo sim party -n 1000": [
                *(SENJO, "sim", "examples/gurps/party_vs_ogre.yaml", "-n", "1000", "--json"),
            ],
        }
        # As an installed senjo starts: its bytecode written (pip compiles on install; `make`
        # does the same for the editable install, where PYTHONDONTWRITEBYTECODE may be set)
        # and the GURPS tables' cache filled.
        subprocess.run(
            [sys.executable, "-m", "compileall", "-q", str(ROOT / "src" / "senjo")], check=True
        )
        subprocess.run(commands["import the GURPS tables"], check=True)
        print(f"start-up, best / median of {runs} runs")
        for label, command in commands.items():
            best, median = timed(command, runs)
            print(f"{label:<26} {best * 1000:6.0f} ms {median * 1000:6.0f} ms")


if __name__ == "__main__":
    main()
