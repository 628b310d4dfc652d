"""The default トモガミ policy: bands by their edge, opposition, and the attack worth most."""

from __future__ import annotations

import pytest

from senjo.engine.decision import Decision
from senjo.space.bands import Band
from senjo.systems.tomogami.ai import TomoAI, expected_loss, threat
from senjo.systems.tomogami.checks import hit_chance
from senjo.systems.tomogami.choices import Maneuver
from senjo.systems.tomogami.combat import attack_options
from senjo.systems.tomogami.maneuver import ESCAPE, LET, OPPOSE, PURSUE, maneuver_options
from senjo.systems.tomogami.rules import Rules

from .helpers import CLAW, GUN, held, sheet

AI = TomoAI()


def test_threat_is_the_hit_chance_times_the_mean_loss() -> None:
    """A claw (6, 2D6+1) against defence 3 and 火弾徹甲 defence 2: the exact chance of a hit
    times the mean of max(0, 2D6+1−2) (at most the life left), only at the bands the claw
    reaches."""
    game = held(
        sheet("a", "blue", weapons=[CLAW]),
        sheet("b", "red", defense_skill=3, defense={"armour_piercing": 2}),
        dice=[],
    )
    mean = sum(max(0, x + y - 1) for x in range(1, 7) for y in range(1, 7)) / 36
    assert expected_loss(2, 1, 2, 99) == pytest.approx(mean)
    capped = sum(min(10, max(0, x + y - 1)) for x in range(1, 7) for y in range(1, 7)) / 36
    assert threat(game.state, "a", "b", Band.ZERO) == pytest.approx(  # b has 10 life
        hit_chance(Rules(), 6, 3) * capped
    )
    assert threat(game.state, "a", "b", Band.NEAR) == 0.0


def test_a_clawed_beast_closes_and_a_gunner_keeps_it_off() -> None:
    """The beast (claw only) declares a move to zero with the gunner; the gunner, the
    target, opposes (at zero it cannot shoot); a gunner's ally not named lets it be when
    the near band it would get is no worse."""
    beast = sheet("beast", "wild", weapons=[CLAW])
    gunner, ally = sheet("gunner", "guns", weapons=[GUN]), sheet("ally", "guns", weapons=[GUN])
    game = held(beast, gunner, ally, dice=[])
    moves = maneuver_options(game.state, "beast")
    choice = AI.choose(game, Decision("beast", "declare_maneuver", moves))
    assert choice == Maneuver("move", "gunner", "zero")  # equal life: the first foe
    plan = Maneuver("move", "gunner", "zero")
    assert AI.choose(game, Decision("gunner", "oppose", (OPPOSE, LET), ("beast", plan))) == OPPOSE
    far = Maneuver("move", "gunner", "far")
    assert AI.choose(game, Decision("ally", "oppose", (OPPOSE, LET), ("beast", far))) == LET


def test_an_escaping_foe_is_always_pursued() -> None:
    """The AI never lets a foe leave the battle unopposed."""
    game = held(sheet("a", "blue"), sheet("b", "red"), dice=[])
    decision = Decision("b", "oppose", (PURSUE, LET), ("a", ESCAPE))
    assert AI.choose(game, decision) == PURSUE


def test_the_attack_worth_most_is_taken() -> None:
    """Between a foe with thick armour and one without, the gun goes to the one it hurts."""
    a = sheet("a", "blue", weapons=[GUN])
    tank = sheet("tank", "red", defense={"armour_piercing": 9})
    soft = sheet("soft", "red")
    game = held(a, tank, soft, dice=[])
    options = attack_options(game.state, "a")
    assert AI.choose(game, Decision("a", "action", options)).key == "attack:soft:gun"


def test_the_ai_stays_at_the_band_it_wants() -> None:
    """A gunner already near its gun-armed foe (the band where its gun outdoes the foe's
    claw) stays."""
    a, b = sheet("a", "blue", weapons=[GUN]), sheet("b", "red", weapons=[CLAW])
    game = held(a, b, dice=[])
    moves = maneuver_options(game.state, "a")
    assert AI.choose(game, Decision("a", "declare_maneuver", moves)) == Maneuver("stay")


def test_a_shooter_staying_within_a_foes_fire_takes_cover() -> None:
    """Two gunners near each other gain nothing by moving: the AI takes cover rather than
    stand in the open; behind cover already, it stays."""
    a, b = sheet("a", "blue", weapons=[GUN]), sheet("b", "red", weapons=[GUN])
    game = held(a, b, dice=[])
    moves = maneuver_options(game.state, "a")
    assert AI.choose(game, Decision("a", "declare_maneuver", moves)) == Maneuver("cover")
    game.state.status["a"].cover = game.state.status["a"].cover_life = 2
    assert AI.choose(game, Decision("a", "declare_maneuver", moves)) == Maneuver("stay")
