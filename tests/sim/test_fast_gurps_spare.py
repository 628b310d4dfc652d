"""The GURPS fast path draws a spare weapon and fights on with it, as the engine does.

B382 (a Ready draws a weapon), and the AI's order of readying (`GurpsAI._maneuver`: a
dropped or turned main weapon is taken up again; a sheathed spare is drawn once the main
one is broken): the model's weapon state SPARE. Its tables come from the engine's own
functions on a state where the main weapon is broken and the spare drawn.
"""

from __future__ import annotations

import copy
from typing import Any

import numpy as np
import pytest

from senjo.scenario import Scenario, parse_scenario
from senjo.scenario.battle import build_battle
from senjo.sim.fast_gurps import batch
from senjo.sim.fast_gurps.constructed import _modes, _set_hands, _state
from senjo.sim.fast_gurps.defense_tables import defense_slots
from senjo.sim.fast_gurps.layout import (
    BROKEN,
    DROPPED,
    HELD_MAIN,
    HELD_NONE,
    HELD_SPARE,
    PICK_ESCAPE,
    PICK_NONE,
    PICK_SPARE,
    PICK_WEAPON,
    READY,
    SPARE,
    SPARE_BROKEN,
    SPARE_DROPPED,
    SPARE_UNREADY,
    UNREADY,
    W_CRIPPLED,
    W_MISS,
    W_NONE,
    W_PARRYING,
    W_READY,
)
from senjo.sim.fast_gurps.tables import Unsupported, build_tables
from senjo.systems.gurps.defense import IncomingAttack
from senjo.systems.gurps.events import ItemChanged

from .gurps_duels import (
    PLAYERS,
    assert_engines_battle,
    backup,
    crippled,
    followed_where,
    player_or_compiled,
    spent,
)


def spares() -> Scenario:
    """`backup` (the raider's knife breaks often on the knight's broadsword) with skill in
    the spares, so that the AI strikes with them once drawn (Knife 13 for the knight's
    knife, Broadsword 18 for the raider's club: Rapid Strikes too, whose second blow needs
    the club still in hand), and a raider with Enhanced Parry."""
    data: dict[str, Any] = copy.deepcopy(backup().data)
    knight, raider = data["combatants"]
    knight["skills"]["Knife"] = 13
    raider["skills"]["Broadsword"] = 18  # skilled enough for Rapid Strikes with the club
    # The knife mostly breaks parrying: a raider who parries well parries from the start,
    # not only once hurt (when it defends all-out and draws nothing).
    raider["advantages"] = ["high_pain_threshold", {"enhanced_parry": 3}]
    return parse_scenario(data, "spares.yaml")


def test_the_spare_tables_come_from_the_engine() -> None:
    """`spares`: the knight's knife and the raider's club are their spares. Broken, the main
    weapon is replaced by the spare (PICK_SPARE); dropped or turned in the hand, it is taken
    up again; with the spare in hand nothing more is readied. The spare's modes and parry
    are marked as the spare's, its parry listed where the engine lists it once drawn."""
    tables = build_tables(spares())
    by_key = {fighter.key: fighter for fighter in tables.fighters}
    knight, raider = by_key["knight"], by_key["raider"]
    for fighter, spare, main in (
        (knight, "large_knife", "broadsword"),
        (raider, "club", "large_knife"),
    ):
        held = {m.weapon: m.held for m in fighter.modes}
        assert held[spare] == HELD_SPARE
        assert held[main] == HELD_MAIN
        assert held["punch"] == HELD_NONE
        parries = [(s.weapon, s.held) for s in fighter.slots if s.kind == "parry"]
        assert (spare, HELD_SPARE) in parries
        pickup = fighter.pickup[:, READY, :]
        assert set(pickup[BROKEN]) == {PICK_SPARE}
        assert set(pickup[DROPPED]) == set(pickup[UNREADY]) == {PICK_WEAPON}
        assert set(pickup[SPARE]) == {PICK_NONE}
        assert set(pickup[SPARE_DROPPED]) == set(pickup[SPARE_UNREADY]) == {PICK_SPARE}
        # Both broken, and no other spare: nothing to ready (it fights on with its fists).
        assert set(pickup[SPARE_BROKEN]) == {PICK_NONE}
        # With the spare drawn, the AI strikes with it at a yard (mode codes >= 0).
        modes = fighter.choose[SPARE, READY, 1, 0]
        assert all(fighter.modes[m % 1000].weapon in (spare, "punch") for m in modes if m >= 0)
        assert any(fighter.modes[m % 1000].weapon == spare for m in modes if m >= 0)
    # The knight's knife parry comes right after its broadsword's, as the engine lists it.
    order = [s.weapon for s in knight.slots]
    assert order.index("large_knife") == order.index("broadsword") + 1


def test_a_second_spare_is_the_engines_to_draw() -> None:
    """`spent`: the raider's knife, then its shortsword break parrying a greatsword (B376);
    with both broken it would draw its club, a second spare, which the model leaves to the
    engine (PICK_ESCAPE) - and those battles are replayed, the others followed exactly."""
    scenario = spent()
    tables = build_tables(scenario)
    raider = next(f for f in tables.fighters if f.key == "raider")
    assert set(raider.pickup[SPARE_BROKEN, READY, :]) == {PICK_ESCAPE}
    result = batch.play_blocks(tables, 200, [np.random.Generator(np.random.PCG64(3))])
    assert 20 <= int(result.escaped.sum()) < 200
    # Each says why: the Ready of the second spare (W_READY), a critical miss the model
    # does not follow (W_MISS), a crippled limb (W_CRIPPLED, interpretation 77) or the
    # weapon parrying a bare-handed blow (W_PARRYING, interpretation 80).
    assert set(result.why[result.escaped]) <= {W_READY, W_MISS, W_CRIPPLED, W_PARRYING}
    assert (result.why[result.escaped] == W_READY).sum() >= 10
    assert (result.why[~result.escaped] == W_NONE).all()
    for i in np.nonzero(~result.escaped)[0][:60]:
        assert_engines_battle(scenario, tables, result, int(i), "spent")


def _draws(event: Any) -> bool:
    """Whether the event draws a spare (ItemChanged)."""
    return isinstance(event, ItemChanged) and event.state == "ready" and event.cause == "draw"


@pytest.mark.parametrize("player", PLAYERS)
def test_battles_with_a_spare_drawn_are_the_engines(player: Any) -> None:
    """In `spares` the raider's knife breaks often: many battles the model follows to the
    end draw a spare (and fight on with it, drop it and pick it up, ready it again once
    turned in the hand, fight on with the fists once it breaks too), and each is the
    engine's battle with the same dice. Fewer than 2% of them leave the model but for a
    crippled limb (interpretation 77)."""
    scenario = spares()
    tables = build_tables(scenario)
    result = player_or_compiled(player)(tables, 300, [np.random.Generator(np.random.PCG64(2024))])
    assert int(result.escaped.sum() - crippled(result).sum()) < 6
    assert followed_where(scenario, tables, result, "spares", _draws) >= 100


def test_a_spare_that_changes_the_other_defenses_is_declined() -> None:
    """`defense_slots` holds the state SPARE to the engine: the defenses open there must be
    the engine's options once the spare is drawn, in its order and with its scores. A
    drawn state whose shield was lost as well (no block offered) does not match, and the
    fighter is declined with a reason rather than modelled wrongly."""
    scenario = backup()
    order = ("knight", "raider")
    plain = _state(scenario, order)
    drawn = _state(scenario, order)
    _set_hands(drawn, "knight", "broadsword", SPARE, DROPPED, "large_knife")
    mode = next(m for _, m in _modes(scenario, order, 1))
    incoming = IncomingAttack("raider", "", mode)
    battle = build_battle(scenario, seed=0)
    with pytest.raises(Unsupported) as raised:
        defense_slots(battle, plain, drawn, "knight", incoming, [], "broadsword", "large_knife")
    assert "spare" in raised.value.reason
    # The true drawn state (shield ready) matches.
    _set_hands(plain, "knight", "broadsword", SPARE, READY, "large_knife")
    slots = defense_slots(
        battle, _state(scenario, order), plain, "knight", incoming, [], "broadsword", "large_knife"
    )
    assert [s.weapon for s in slots if s.held == HELD_SPARE] == ["large_knife"]
