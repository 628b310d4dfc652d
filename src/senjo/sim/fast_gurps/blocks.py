"""The GURPS fast path's units of work: blocks of battles, and passes of blocks."""

from __future__ import annotations

__all__ = ["BLOCK", "PASS"]

#: Battles per block: the unit of dice generation (and of work).
BLOCK = 4096
#: Blocks played side by side in one pass (more share the per-step overhead, at more memory).
PASS = 8
