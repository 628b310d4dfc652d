"""A mark for tests that only the `.py` sources can pass (see `senjo.native`).

The suite runs the sources (the root conftest sets `SENJO_PURE=1`). With
`SENJO_PURE=0` it runs the modules `make` compiled with mypyc, and these tests
skip: they subclass a compiled class or patch a compiled module's function,
which compiled code does not see, or hand a function a value of the wrong type
to reach its own check, where compiled code refuses the value at the call.
"""

from __future__ import annotations

import pytest

from senjo import native

needs_sources = pytest.mark.skipif(
    native.active(),
    reason="subclasses, patches or mistypes a compiled module (run with SENJO_PURE=1)",
)
