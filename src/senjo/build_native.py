"""Compiles the engine with mypyc: `python -m senjo.build_native` (run by `make`).

It compiles the modules `senjo.native.compiled_modules()` lists in place, then
writes the stamp `senjo.native.guard()` checks (`native.json`). A build that
fails - no C compiler, say - removes whatever it made, writes a stamp saying
so and exits 0: senjo then runs as pure Python. It prints the last lines of the
build's output and keeps the whole of it beside the stamp (`native-build.log`),
so a set-up that ended pure can be read afterwards (a CI log, say).
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

from senjo.native import ROOT, STAMP, compiled_modules, signature

__all__ = ["LOG", "build"]

#: The output of the last build that failed (removed by one that succeeds).
LOG = STAMP.with_name("native-build.log")
#: How many of its last lines a failed build prints.
TAIL = 20


def _remove_built() -> None:
    for path in ROOT.rglob("*.so"):
        if "__mypyc" in path.name or path.with_name(path.name.split(".")[0] + ".py").exists():
            path.unlink()


def build() -> int:
    """Compile the modules in place and write the stamp; 0 even if the build fails
    (senjo then stays pure Python), with one line saying why."""
    modules = compiled_modules()
    STAMP.unlink(missing_ok=True)
    _remove_built()
    before = signature(modules)
    with tempfile.TemporaryDirectory(prefix="senjo-native-") as temp:
        # Everything but the compiled modules (written in place) goes to the temporary
        # folder: the C sources, the objects, the build folder and mypy's cache.
        script = (
            "import sys\n"
            "from setuptools import setup\n"
            "from mypyc.build import mypycify\n"
            "t = sys.argv[1]\n"
            "setup(name='senjo-native', script_args=['build_ext', '--inplace',"
            " '--build-temp', t, '--build-lib', t + '/lib'],\n"
            "      ext_modules=mypycify(['--cache-dir', t + '/mypy', *sys.argv[2:]],"
            " opt_level='3', group_name='senjo.native', target_dir=t))\n"
        )
        log = Path(temp) / "build.log"
        with log.open("w", encoding="utf-8") as out:
            done = subprocess.run(
                [sys.executable, "-c", script, temp, *("senjo/" + m for m in modules)],
                cwd=ROOT.parent,
                stdout=out,
                stderr=subprocess.STDOUT,
                check=False,
            )
        if done.returncode != 0:
            text = log.read_text(encoding="utf-8", errors="replace")
            _remove_built()
            STAMP.write_text(json.dumps({"built": False}) + "\n", encoding="utf-8")
            LOG.write_text(f"{text}\n(exit status {done.returncode})\n", encoding="utf-8")
            tail = text.strip().splitlines()
            last = tail[-1] if tail else f"exit status {done.returncode}"
            print(f"senjo.native: not compiled, senjo stays pure Python ({last})")
            for line in tail[-TAIL:]:
                print(f"  | {line}")
            print(f"senjo.native: exit status {done.returncode}; the whole log: {LOG}")
            return 0
    if signature(modules) != before:
        _remove_built()
        print("senjo.native: the sources changed during the build; run it again")
        return 0
    stamp = {
        "built": True,
        "python": sys.implementation.cache_tag,
        "modules": modules,
        "signature": before,
    }
    STAMP.write_text(json.dumps(stamp, indent=1) + "\n", encoding="utf-8")
    LOG.unlink(missing_ok=True)
    print(f"senjo.native: {len(modules)} modules compiled")
    return 0


if __name__ == "__main__":
    raise SystemExit(build())
