"""Falling down (B551): the fighter ends lying, on a hex map over two hexes (seed 001)."""

from __future__ import annotations

from senjo.engine.battle import Battle
from senjo.systems.gurps.events import PostureChanged
from senjo.systems.gurps.hexfield import HexField
from senjo.systems.gurps.state import GurpsState

__all__ = ["fall_down"]


def fall_down(battle: Battle[GurpsState], key: str, cause: str) -> None:
    """The fighter falls: lying down (B551)."""
    status = battle.state.status[key]
    if status.posture != "lying":
        status.posture = "lying"
        ground = battle.state.ground
        if isinstance(ground, HexField):
            ground.lie_down(battle.state, key)  # seed 001: two hexes when lying
        battle.emit(PostureChanged(key, "lying", cause))
