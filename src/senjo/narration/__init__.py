"""senjo.narration: events as sentences in Japanese and English."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from senjo.dice.formatting import Lang
from senjo.engine.events import Event
from senjo.narration.coc import coc_narrator
from senjo.narration.gurps import GurpsNarrator, gurps_narrator
from senjo.narration.tomogami import tomogami_narrator
from senjo.narration.tvalue import tvalue_narrator

__all__ = ["NARRATORS", "GurpsNarrator", "Narrator", "narrator_for"]


class Narrator(Protocol):
    """Turns events into lines."""

    def line(self, item: Event) -> str | None:
        """One line for an event, or None when it is not narrated."""
        ...

    def who(self, key: str) -> str:
        """A combatant's name in the narrator's language."""
        ...

    def item(self, key: str) -> str:
        """A weapon's or a shield's name in the narrator's language."""
        ...


#: rule system name -> narrator factory (scenario, lang).
NARRATORS: dict[str, Callable[[Any, Lang], Narrator]] = {
    "gurps": gurps_narrator,
    "coc": coc_narrator,
    "tomogami": tomogami_narrator,
    "tvalue": tvalue_narrator,
}


def narrator_for(scenario: Any, lang: Lang) -> Narrator:
    """The narrator for a loaded scenario's rule system, with its names."""
    return NARRATORS[scenario.system](scenario, lang)
