"""Running a snippet in a new Python process, for tests of what a start imports or loads.

A test that asks "which modules does this command import?" cannot ask its own
process, which has imported most of senjo already; it runs the snippet in a
child Python (the same interpreter and environment) and reads what it prints.
"""

from __future__ import annotations

import os
import subprocess
import sys


def fresh_python(script: str, *args: str, timeout: float = 120, drop: tuple[str, ...] = ()) -> str:
    """What `script` prints on its standard output, run by a new Python with `args` as
    its `sys.argv[1:]` and the variables in `drop` removed from its environment; a failed
    run raises `subprocess.CalledProcessError` (with the child's error output).

    >>> fresh_python("import sys; print(sys.argv[1:], 'senjo.cli' in sys.modules)", "x")
    "['x'] False\\n"
    """
    environment = {key: value for key, value in os.environ.items() if key not in drop}
    done = subprocess.run(
        [sys.executable, "-c", script, *args],
        env=environment,
        capture_output=True,
        text=True,
        check=True,
        timeout=timeout,
    )
    return done.stdout
