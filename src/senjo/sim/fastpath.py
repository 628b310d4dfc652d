"""Simulation paths: the engine (always there) and optional fast paths.

A fast path plays many battles of a common fight shape without the full
engine (e.g. vectorised with NumPy). It must declare, for each scenario,
whether it models it completely: `accepts(scenario)` returns None to accept
or the reason it declines. It plays battles `start..stop-1` with the same
per-battle seeds as the engine (`derive_seed(seed, i)`) and returns the same
kind of aggregate, so workers, reports and the CLI need no change when one
is added to `FAST_PATHS`. Several may share a name (all of them are "the
fast path", `fast`): `find_fast_path(name, scenario)` then finds the one
`choose_path` chose, the first of that name that accepts the scenario.
Registered: Call of Cthulhu duels (`senjo.sim.fast_coc`), GURPS duels
without a map (`senjo.sim.fast_gurps`).

>>> from types import SimpleNamespace
>>> duel = SimpleNamespace(system="gurps", ground="a hex map")    # stands in for a Scenario
>>> choose_path(duel, "auto")
'engine'
>>> try:
...     choose_path(duel, "fast")
... except PathError as error:
...     failure = error
>>> for part in str(failure).split(" (fast:"):
...     print(part)
no fast path for this scenario yet
 the scenario has a map (the GURPS fast path plays without one))
>>> for part in failure.message("ja").split("（fast:"):
...     print(part)
このシナリオを扱える高速経路はまだない
 マップのあるシナリオ（GURPSの高速経路はマップなしで戦う））

Only the paths for the scenario's rule system give their reasons (the CoC path's
"CoC duels only" says nothing to a GURPS table); a system no fast path serves
gets a line of its own:

>>> print(PathError("tomogami", []))
no fast path for this scenario yet (none is implemented for tomogami yet)
"""

from __future__ import annotations

from typing import Literal, Protocol

from senjo.scenario import Scenario
from senjo.sim.aggregate import SimAggregate
from senjo.sim.declines import in_lang
from senjo.sim.exact import ExactOutcome
from senjo.sim.fast_coc import CocFastPath
from senjo.sim.fast_gurps import GURPS_FAST

__all__ = [
    "ENGINE",
    "FAST_PATHS",
    "ExactOutcome",
    "FastPath",
    "PathError",
    "PathRequest",
    "choose_path",
    "exact_outcome",
    "find_fast_path",
]

#: The name of the engine path.
ENGINE = "engine"

PathRequest = Literal["auto", "engine", "fast"]


class FastPath(Protocol):
    """A faster way to play a scenario's battles, for the scenarios it fully models."""

    #: Its name in reports and JSON ("fast" for the first one).
    name: str
    #: The rule system whose scenarios it plays ("gurps", "coc").
    system: str

    def accepts(self, scenario: Scenario) -> str | None:
        """None if it models this scenario completely, else why it declines (one line)."""
        ...

    def run(self, scenario: Scenario, seed: int, start: int, stop: int) -> SimAggregate:
        """Play battles start..stop-1 (battle i with `derive_seed(seed, i)`) into an aggregate."""
        ...

    # Optional members, read with getattr by `senjo.sim.workers`: `block` and `together`
    # (runs split on whole blocks), and `prepare(scenario)`, called once before workers
    # start with the first scenario the path plays.


#: Registered fast paths, tried in order.
FAST_PATHS: list[FastPath] = []
FAST_PATHS.append(CocFastPath())
FAST_PATHS.append(GURPS_FAST)


class PathError(Exception):
    """The requested path cannot play this scenario (the message says why).

    `reasons` holds each fast path's name and reason; `message(lang)` words the
    whole in Japanese or English (the exception's own text is the English).
    """

    def __init__(self, system: str, reasons: list[tuple[str, str]]) -> None:
        self.system = system
        self.reasons = reasons
        super().__init__(self.message("en"))

    def message(self, lang: str) -> str:
        """The error in `lang` ("ja" or "en")."""
        why = "; ".join(f"{name}: {in_lang(reason, lang)}" for name, reason in self.reasons)
        if lang == "ja":
            why = why or f"{self.system} の高速経路はまだない"
            return f"このシナリオを扱える高速経路はまだない（{why}）"
        why = why or f"none is implemented for {self.system} yet"
        return f"no fast path for this scenario yet ({why})"


def find_fast_path(name: str, scenario: Scenario | None = None) -> FastPath:
    """The registered fast path with this name (KeyError if there is none).

    With a scenario: the first one of that name that accepts it (the one
    `choose_path` chose, when several share the name).
    """
    for path in FAST_PATHS:
        if path.name == name and (scenario is None or path.accepts(scenario) is None):
            return path
    raise KeyError(f"no fast path named {name!r}")


def exact_outcome(scenario: Scenario) -> ExactOutcome | None:
    """The exact outcome chances from the first fast path that can work them out for this
    scenario (its `exact(scenario)`), else None."""
    for path in FAST_PATHS:
        exact = getattr(path, "exact", None)
        if exact is not None and path.accepts(scenario) is None:
            found: ExactOutcome | None = exact(scenario)
            if found is not None:
                return found
    return None


def choose_path(scenario: Scenario, requested: PathRequest) -> str:
    """The path that will play the scenario: "engine" or a fast path's name.

    `auto` takes the first fast path that accepts the scenario, else the
    engine; `fast` insists on a fast path and raises `PathError` with the
    declining reasons of the paths for the scenario's system when none accepts.
    """
    if requested == ENGINE:
        return ENGINE
    reasons: list[tuple[str, str]] = []
    for path in FAST_PATHS:
        reason = path.accepts(scenario)
        if reason is None:
            return path.name
        if path.system == scenario.system:
            reasons.append((path.name, reason))
    if requested == "fast":
        raise PathError(scenario.system, reasons)
    return ENGINE
