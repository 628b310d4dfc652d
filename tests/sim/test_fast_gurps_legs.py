"""The GURPS fast path follows a crippled leg or foot (seed 000 負傷の影響; B420-421 by
public summaries; interpretation 77 of docs/rules/gurps.md): the fighter falls, cannot
stand up again, kneels and fights where it kneels (its attacks and defenses at the
posture's modifiers, B551), and never kicks. The model's `FighterTables.leg_shift`: the
AI's choices kneeling on a lame leg are its choices standing with that much more shock,
checked against the AI itself on constructed states (`ai_tables(..., legs=True)`), or
the crippled leg is the engine's to play."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from senjo.scenario import load_scenario
from senjo.sim.fast_gurps import batch, tables
from senjo.sim.fast_gurps.layout import (
    KNEELING,
    LAME_ARM,
    LEG_BITS,
    LOC,
    NO_LEGS,
    SHOCK_LEVELS,
    W_CRIPPLED,
)
from senjo.sim.fast_gurps.tables import build_tables
from senjo.systems.gurps.events import ConditionChanged

from .gurps_duels import DUEL, PLAYERS, followed_in_200, refuse_ai_tables
from .test_fast_gurps_lame import clumsy


def test_a_lame_leg_kneels_with_the_shock_of_its_posture() -> None:
    """In the example duel both fighters' choices kneeling on a crippled leg are their
    choices standing at the kneeling posture's -2 more (B551): `leg_shift` 2, and the
    tables' parts: a leg or foot crippled is followed (a bit each), an eye is not."""
    duel = build_tables(load_scenario(DUEL))
    for fighter in duel.fighters:
        assert fighter.leg_shift == -int(fighter.posture_attack[KNEELING]) == 2
        assert [fighter.lame_part[LOC[part]] for part in ("right_leg", "left_leg", "foot")] == [
            LEG_BITS["right_leg"],
            LEG_BITS["left_leg"],
            LEG_BITS["foot"],
        ]
        assert fighter.lame_part[LOC["eye"]] == LAME_ARM
        assert fighter.lame_part[LOC["torso"]] == 0
        # Beyond the tables' shock levels the battle is the engine's (the kernel checks).
        assert SHOCK_LEVELS - fighter.leg_shift > 4


def _leg_crippled(event: Any) -> bool:
    """Whether the event cripples a leg or a foot."""
    return (
        isinstance(event, ConditionChanged)
        and event.active
        and event.condition in ("crippled_right_leg", "crippled_left_leg", "crippled_foot")
    )


@pytest.mark.parametrize("player", PLAYERS)
def test_battles_with_a_crippled_leg_are_the_engines(player: Any) -> None:
    """In `clumsy` (skill 6: a critical miss on 16 or more) a leg is crippled every few
    battles, mostly by a blow at oneself: the model follows those battles to the end (the
    fighter down, then kneeling for good), and each is the engine's with the same dice."""
    assert followed_in_200(clumsy(), player, "clumsy", _leg_crippled) >= 5


def test_lame_legs_the_model_cannot_follow_are_left_to_the_engine(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Where the AI's choices kneeling on a lame leg are not its standing ones shifted
    (here refused), the duel is still modelled, with `leg_shift` NO_LEGS: a crippled leg
    hands the battle to the engine (`W_CRIPPLED`), as a crippled arm does."""
    refuse_ai_tables(monkeypatch, "legs")
    scenario = clumsy()
    duel = tables._build(scenario)
    assert [f.leg_shift for f in duel.fighters] == [NO_LEGS, NO_LEGS]
    result = batch.play_blocks(duel, 200, [np.random.Generator(np.random.PCG64(7))])
    assert (result.why[result.escaped] == W_CRIPPLED).sum() >= 5
