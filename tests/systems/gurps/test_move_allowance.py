"""The yards a Move covers (B364; B17 encumbrance, B419 injury, B551 posture)."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from senjo.systems.gurps import lookups
from senjo.systems.gurps.reach import move_allowance

from .helpers import battle, fighter


@pytest.mark.parametrize("basic_move", [1, 4, 5, 6, 7, 10])
@pytest.mark.parametrize("encumbrance", [0, 2, 4])
def test_move_is_cut_by_load_injury_and_posture(basic_move: int, encumbrance: int) -> None:
    """B17: Move times the load's factor (at least 1); B419: halved, rounded up, below a
    third of HP; B551: a posture's fraction of that, rounded down, or its fixed yards. The
    expected figures are worked with exact fractions from the posture table."""
    spec = fighter("a", "x", basic_move=basic_move, encumbrance=encumbrance)
    game = battle(spec, fighter("b", "y", 3, dx=8), dice=[])
    sheet, status = game.state.fighters["a"], game.state.status["a"]
    load = (1.0, 0.8, 0.6, 0.4, 0.2)[encumbrance]
    for hurt in (False, True):
        status.hp = 1 if hurt else sheet.hp
        move = max(1, math.floor(basic_move * load))
        move = math.ceil(move / 2) if hurt else move
        for name, posture in lookups.POSTURES.items():
            status.posture = name
            if posture.move_yards_per_turn is not None:
                expected = float(posture.move_yards_per_turn)
            else:
                assert posture.move_factor is not None
                factor = posture.move_factor if posture.move_factor < 1 else Fraction(1)
                expected = float(math.floor(move * factor))
            assert move_allowance(sheet, status) == expected, (name, hurt)
