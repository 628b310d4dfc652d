"""senjo (戦場): a referee and simulator for tabletop-RPG combat."""

__version__ = "0.1.0"

from senjo import native as _native

_native.guard()
