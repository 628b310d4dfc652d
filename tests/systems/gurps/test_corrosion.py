"""Corrosion (seed 000 ダメージと負傷 侵蝕; B358 by a public summary: each full 5 points of
a corrosive attack's basic damage take 1 from the DR where it lands, whether or not any of
it gets through; interpretation 70 of docs/rules/gurps.md), with scripted dice, without a
map."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from senjo.engine.battle import Battle
from senjo.narration import narrator_for
from senjo.scenario import load_scenario
from senjo.systems.gurps.corrosion import dr_now
from senjo.systems.gurps.events import ArmorCorroded, Injured
from senjo.systems.gurps.state import GurpsState

from .helpers import battle, choose, events, fighter

SAFE = [3] * 40
ACID = {
    "key": "acid",
    "name": "acid",
    "modes": [{"name": "splash", "skill": "Brawling", "damage": "2d cor", "reach": [1]}],
}
HITTER = {"st": 10, "dx": 12, "ht": 11, "skills": {"Brawling": 12}, "weapons": [ACID]}
VICTIM = {"st": 10, "dx": 10, "ht": 12, "hp": 20, "dr": {"all": 3, "skull": 5}}


def _splashed(faces: tuple[int, int], *, then: int = 0, **victim: Any) -> Battle[GurpsState]:
    """a hits b's torso with acid (10 against 12, no defense), rolling `faces`; with
    `then`, b does nothing and a hits again, rolling (then, then)."""
    second = [3, 3, 4, then, then] if then else []
    game = battle(
        fighter("a", "x", 0, **HITTER),
        fighter("b", "y", 1, **{**VICTIM, **victim}),
        dice=[3, 3, 4, *faces, *second, *SAFE],
    )
    choose(game, "attack:b:acid/splash")
    choose(game, "torso")
    choose(game, "none")
    if then:
        choose(game, "do_nothing")  # b
        choose(game, "attack:b:acid/splash")
        choose(game, "torso")
        choose(game, "none")
    return game


def test_each_five_points_of_basic_damage_take_one_dr() -> None:
    """侵蝕: 11 basic against DR 3: 8 get through, and the armour loses 2 (two full 5s),
    so the torso's DR is 1 from now on."""
    game = _splashed((5, 6))
    assert events(game, Injured)[0].injury == 8
    eaten = events(game, ArmorCorroded)[0]
    assert (eaten.actor, eaten.location, eaten.lost, eaten.dr) == ("b", "torso", 2, 1)
    assert dr_now(game.state, "b", "torso") == 1


def test_the_next_blow_meets_the_eaten_dr() -> None:
    """The DR lost stays lost: the second splash of 6 meets DR 1 (not 3), 5 get through,
    and takes 1 more (DR 0)."""
    game = _splashed((5, 6), then=3)
    injuries = [hurt.injury for hurt in events(game, Injured)]
    assert injuries == [8, 5]
    assert dr_now(game.state, "b", "torso") == 0


def test_dr_is_eaten_even_when_nothing_gets_through() -> None:
    """A blow DR stops still corrodes it: 5 basic against DR 6: no injury, DR 5."""
    game = _splashed((2, 3), dr={"all": 6})
    assert events(game, Injured)[0].injury == 0
    assert dr_now(game.state, "b", "torso") == 5


def test_dr_is_eaten_where_the_blow_lands_and_never_below_zero() -> None:
    """Only the torso's DR 1 is lost to 12 basic (not 2: there was 1 to lose); the
    skull keeps its 5."""
    game = _splashed((6, 6), dr={"all": 1, "skull": 5})
    assert events(game, ArmorCorroded)[0].lost == 1
    assert (dr_now(game.state, "b", "torso"), dr_now(game.state, "b", "skull")) == (0, 5)


def test_other_damage_types_eat_no_dr() -> None:
    """Cutting damage leaves the DR whole, and no corrosion is logged."""
    blade = {**ACID, "modes": [{**ACID["modes"][0], "damage": "2d cut"}]}  # type: ignore[dict-item]
    game = battle(
        fighter("a", "x", 0, **{**HITTER, "weapons": [blade]}),
        fighter("b", "y", 1, **VICTIM),
        dice=[3, 3, 4, 5, 6, *SAFE],
    )
    choose(game, "attack:b:acid/splash")
    choose(game, "torso")
    choose(game, "none")
    assert events(game, Injured) and not events(game, ArmorCorroded)
    assert dr_now(game.state, "b", "torso") == 3


def test_corrosion_reads_in_both_languages() -> None:
    """The log names the part, the DR lost and the DR left."""
    scenario = load_scenario(Path(__file__).parents[3] / "examples" / "gurps" / "duel.yaml")
    eaten = ArmorCorroded("knight", "torso", 2, 1, "raider")
    assert narrator_for(scenario, "ja").line(eaten) == "騎士：胴体の防護点が侵蝕で2減った（残り1）"
    assert narrator_for(scenario, "en").line(eaten) == "Knight's torso DR is eaten by 2 (DR 1 left)"
