"""Wrestling's ST bonus (B228, the Wrestling skill, by a public summary of its text: known at
DX+1, +1 to ST for making or resisting a choke, grapple, neck snap, takedown or pin and
whenever one tries to break free; +2 at DX+2 or better; interpretation 73 of
docs/rules/gurps.md), with scripted dice, without a map."""

from __future__ import annotations

from typing import Any

import pytest

from senjo.systems.gurps.events import Check
from senjo.systems.gurps.grappling import wrestling_st

from .helpers import SAFE, VICTIM, WRESTLER, battle, choose, events, fighter, gripped

HIT = [3, 3, 4]


@pytest.mark.parametrize(("skill", "bonus"), [(12, 0), (13, 1), (14, 2), (17, 2)])
def test_wrestling_above_dx_adds_to_st(skill: int, bonus: int) -> None:
    """DX 12: Wrestling 12 gives nothing, 13 (DX+1) +1, 14 (DX+2) and better +2."""
    game = battle(
        fighter("a", "x", 0, **{**WRESTLER, "skills": {"Wrestling": skill}}),
        fighter("b", "y", 1, **VICTIM),
        dice=[*SAFE],
    )
    assert wrestling_st(game.state, "a") == ((("wrestling", bonus),) if bonus else ())


def test_the_holder_and_the_escaper_both_count_it_in_breaking_free() -> None:
    """Breaking free (「ふりほどき」): the escaper's ST and the holder's ST each with their
    Wrestling bonus - b (Wrestling 11 at DX 10: +1) against a (Wrestling 14 at DX 12: +2)."""
    game = gripped("torso", [*HIT, *SAFE], skills={"Wrestling": 11})
    choose(game, "do_nothing")  # a
    choose(game, "attack/break_free:a")
    escape, hold_on = events(game, Check)[-2:]
    assert (escape.kind, escape.score.value) == ("break_free", 13)
    assert escape.score.modifiers.amount("wrestling") == 1
    assert (hold_on.kind, hold_on.score.value) == ("hold_on", 15)
    assert hold_on.score.modifiers.amount("wrestling") == 2


def _choked(victim: dict[str, Any]) -> list[Any]:
    game = gripped("neck+both", [*HIT, *SAFE], **victim)
    choose(game, "attack/choke:b")
    return events(game, Check)[-2:]


def test_a_choke_and_its_resistance_count_it() -> None:
    """Choke: the grappler's ST 13 + 2; the victim resists with the better of ST + its
    bonus and HT: ST 12 + 1 = 13 beats HT 11."""
    choke, resist = _choked({"skills": {"Wrestling": 11}})
    assert (choke.kind, choke.score.value) == ("choke", 15)
    assert (resist.kind, resist.score.value) == ("resist_choke", 13)
    assert resist.score.modifiers.amount("wrestling") == 1


def test_the_victims_ht_stands_when_it_is_better() -> None:
    """HT 14 beats ST 12 + 1: the victim resists at 14, no Wrestling named."""
    _, resist = _choked({"ht": 14, "skills": {"Wrestling": 11}})
    assert resist.score.value == 14 and not resist.score.modifiers.amount("wrestling")


def test_a_neck_snap_counts_it() -> None:
    """Neck snap (首折り): ST 13 - 4 + 2 = 11."""
    game = gripped("neck+both", [*HIT, *SAFE])
    choose(game, "attack/neck_snap:b")
    snap = events(game, Check)[-2]
    assert (snap.kind, snap.score.value) == ("neck_snap", 11)


def test_a_takedown_and_a_pin_count_it_for_both() -> None:
    """Takedown: the best of ST + bonus (13 + 2 = 15), DX 12 and Wrestling 14: 15. Pin: a
    Quick Contest of ST, each with its bonus (a 15 against b's 12 + 1 = 13)."""
    game = gripped("torso", [*HIT, *SAFE, *SAFE, *SAFE], skills={"Wrestling": 11})
    choose(game, "attack/takedown:b")
    takedown, resist = events(game, Check)[-2:]
    assert (takedown.kind, takedown.score.value) == ("takedown", 15)
    assert resist.score.value == 13  # b: ST 12 + 1 beats DX 10 and Wrestling 11
    assert game.state.status["b"].posture == "lying"
    choose(game, "do_nothing")  # b
    choose(game, "attack/pin:b")
    pin, resist_pin = events(game, Check)[-2:]
    assert (pin.score.value, resist_pin.score.value) == (15, 13)
