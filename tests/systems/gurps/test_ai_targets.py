"""The AI aims where a blow wounds most: on bodies that lack vitals or a brain, or have
Injury Tolerance, the vitals and the skull are no better than the torso and the face."""

from __future__ import annotations

import pytest

from senjo.systems.gurps.ai import GurpsAI

from .helpers import battle, choose, fighter

BLADE = {"st": 12, "dx": 12, "ht": 12, "skills": {"Shortsword": 18}, "weapons": ["shortsword"]}


def _aim(*traits: str) -> str:
    foe = {"st": 10, "ht": 10, "dr": {"all": 0}, "advantages": list(traits)}
    game = battle(fighter("a", "x", 0, **BLADE), fighter("b", "y", 1, **foe), dice=[3] * 30)
    choose(game, "attack:b:shortsword/thrust")
    assert game.pending is not None and game.pending.kind == "attack_plan"
    location: str = GurpsAI().choose(game, game.pending).location
    return location


def test_the_ai_thrusts_at_the_vitals_of_an_ordinary_foe() -> None:
    """B398: an impaling thrust does x3 at the vitals (at -3), x2 at the torso."""
    assert _aim() == "vitals"


@pytest.mark.parametrize(
    "traits",
    [
        ("no_vitals", "no_brain"),  # B60: vitals are torso, skull and eye are face
        ("injury_tolerance_homogenous",),  # B380: no location multipliers at all
    ],
)
def test_the_ai_does_not_aim_at_organs_the_foe_lacks(traits: tuple[str, ...]) -> None:
    """The AI values each location by the wound it would do there (`ai_values.expected_wound` with
    `wounded_location` and the foe's Injury Tolerance), so the vitals' -3 buys nothing."""
    assert _aim(*traits) not in ("vitals", "skull", "eye")
