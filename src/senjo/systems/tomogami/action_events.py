"""トモガミ events of the main actions other than attacking (seed 003 主動作一覧): a
magazine run dry and changed, a hand weapon switched, an ally protected (re-exported by
`events.py`).

>>> from senjo.engine.events import from_json, to_json
>>> from_json(to_json(TomoReloaded("aki", "rifle", 6, 1))) == TomoReloaded("aki", "rifle", 6, 1)
True
"""

from __future__ import annotations

from dataclasses import dataclass

from senjo.engine.events import Event, event

__all__ = [
    "TomoEmpty",
    "TomoProtected",
    "TomoProtecting",
    "TomoReloaded",
    "TomoSwitched",
]


@dataclass(frozen=True, slots=True)
class TomoEmpty(Event):
    """`actor`'s `weapon` has fired the last shot in its magazine."""

    actor: str
    weapon: str

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
        weapon: str,
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "weapon", weapon)


event(TomoEmpty)


@dataclass(frozen=True, slots=True)
class TomoReloaded(Event):
    """Seed 003 「弾倉の交換」: `actor` puts a full magazine of `shots` in `weapon`;
    `spares` are the spare magazines left (−1: as many as needed)."""

    actor: str
    weapon: str
    shots: int
    spares: int

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
        weapon: str,
        shots: int,
        spares: int,
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "weapon", weapon)
        object.__setattr__(self, "shots", shots)
        object.__setattr__(self, "spares", spares)


event(TomoReloaded)


@dataclass(frozen=True, slots=True)
class TomoSwitched(Event):
    """Seed 003 「武器の持ち替え」: `actor` takes `weapon` in hand, putting away
    `previous` ("" if its hand was empty)."""

    actor: str
    weapon: str
    previous: str

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
        weapon: str,
        previous: str,
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "weapon", weapon)
        object.__setattr__(self, "previous", previous)


event(TomoSwitched)


@dataclass(frozen=True, slots=True)
class TomoProtecting(Event):
    """Seed 003 「味方をかばう」: `actor` protects `ally` until its next combat
    processing."""

    actor: str
    ally: str

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
        ally: str,
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "ally", ally)


event(TomoProtecting)


@dataclass(frozen=True, slots=True)
class TomoProtected(Event):
    """`actor` takes the hit `attacker` landed on `ally`, whom it protects."""

    actor: str
    ally: str
    attacker: str

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        actor: str,
        ally: str,
        attacker: str,
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "ally", ally)
        object.__setattr__(self, "attacker", attacker)


event(TomoProtected)
