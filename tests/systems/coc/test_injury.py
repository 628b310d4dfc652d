"""Injury: armour, shock (CON×5), the HP thresholds, dying and death (base rules)."""

from __future__ import annotations

from senjo.engine.battle import Battle
from senjo.systems.coc.events import CocCheck, CocConditionChanged, CocInjured
from senjo.systems.coc.injury import hard_ground_damage
from senjo.systems.coc.state import CocState

from .helpers import choose, combatant, events, prepared

HIT = 20


def _clubbed(dice: list[int], hp: int | None = None, **options: str) -> Battle[CocState]:
    """Bob (DEX 17, club 1D8, db 0) hits Ann (HP 12 or `hp`, CON 12, armour 1)."""

    def hurt(state: CocState) -> None:
        if hp is not None:
            state.status["ann"].hp = hp

    ann = combatant("ann", "inv", 0, traits={"dex": 10}, armour=1)
    bob = combatant("bob", "cult", 1, traits={"dex": 17}, skills={"club": 60}, weapons=["club"])
    game = prepared(hurt, ann, bob, dice=dice, **options)
    choose(game, "attack:ann:club", "bob")
    choose(game, "none", "ann")
    return game


def test_armour_subtracts_its_points() -> None:
    """Base rules: armour subtracts its points from damage."""
    game = _clubbed([HIT, 4])
    injured = events(game, CocInjured)[0]
    assert (injured.damage, injured.armour, injured.loss, injured.hp) == (4, 1, 3, 9)


def test_major_wound_calls_for_con_times_five() -> None:
    """Base rules: a wound of at least half the current HP calls for CON×5 (12 × 5 = 60)."""
    game = _clubbed([HIT, 7, 30])
    shock = events(game, CocCheck)[-1]
    assert (shock.actor, shock.kind, shock.score.value, shock.success) == ("ann", "shock", 60, True)
    assert game.state.status["ann"].conscious


def test_failed_shock_roll_knocks_unconscious() -> None:
    """Base rules: failing the CON×5 roll, the target falls unconscious."""
    game = _clubbed([HIT, 7, 70])
    assert events(game, CocConditionChanged)[-1] == CocConditionChanged(
        "ann", "unconscious", True, "shock"
    )


def test_shock_uses_the_hp_before_the_wound() -> None:
    """Base rules: half of the current HP before the wound (HP 8: a wound of 4 is enough)."""
    game = _clubbed([HIT, 5, 30], hp=8)
    assert events(game, CocCheck)[-1].kind == "shock"


def test_shock_basis_max_option() -> None:
    """Option shock_basis=max: half the maximum HP (12: a wound of 4 at HP 8 is not enough)."""
    game = _clubbed([HIT, 5], hp=8, shock_basis="max")
    assert events(game, CocCheck)[-1].kind == "attack"


def test_hp_one_or_two_is_unconscious() -> None:
    """Base rules: HP 1-2: unconscious."""
    game = _clubbed([HIT, 4], hp=5)
    assert (game.state.status["ann"].hp, game.state.status["ann"].conscious) == (2, False)


def test_hp_zero_is_dying_then_dead_at_the_end_of_the_next_round() -> None:
    """Base rules: HP 0 or below, dying; dead at the end of the next round unless treated."""
    ann = combatant("ann", "inv", 0, traits={"dex": 10}, armour=1)
    bob = combatant("bob", "cult", 1, traits={"dex": 17}, skills={"club": 60}, weapons=["club"])
    ally = combatant("cy", "inv", 30, traits={"dex": 5})
    game = prepared(
        lambda state: setattr(state.status["ann"], "hp", 3), ann, bob, ally, dice=[HIT, 8]
    )
    choose(game, "attack:ann:club", "bob")
    choose(game, "none", "ann")
    assert events(game, CocConditionChanged)[-1].condition == "dying"
    assert game.state.status["ann"].dying_round == 1
    choose(game, "do_nothing", "cy")
    assert not game.state.status["ann"].dead  # the end of round 1
    choose(game, "do_nothing", "bob")
    choose(game, "do_nothing", "cy")
    assert events(game, CocConditionChanged)[-1] == CocConditionChanged(
        "ann", "dead", True, "dying"
    )


def test_dying_instant_option() -> None:
    """Option dying=instant: HP 0 or below is death at once."""
    game = _clubbed([HIT, 8], hp=3, dying="instant")
    assert game.state.status["ann"].dead


def test_hard_ground_rounds_down() -> None:
    """Seed 004 転倒: × 1.5, rounded down (interpretation)."""
    assert [hard_ground_damage(n) for n in (1, 2, 3, 5)] == [1, 3, 4, 7]


def test_knocked_out_combatant_leaves_the_fight() -> None:
    """An unconscious combatant no longer acts; a side with nobody left loses."""
    game = _clubbed([HIT, 7, 70])
    assert game.pending is None
    outcome = game.outcome()
    assert outcome is not None
    assert (outcome.winner_side, outcome.reason, outcome.rounds) == (
        "cult",
        "last_side_standing",
        1,
    )
