"""Combat processing (seed 003 ●５): attacks by band, the defence contest, stand-in damage."""

from __future__ import annotations

from senjo.space.bands import Band
from senjo.systems.tomogami.choices import Attack
from senjo.systems.tomogami.combat import attack_options, resolve_attack
from senjo.systems.tomogami.events import TomoDamage, TomoDown

from .helpers import CLAW, GUN, events, held, sheet


def test_a_weapon_is_offered_at_the_bands_it_reaches() -> None:
    """Seed 003 距離単位 「武器の射程は、零距離・近距離・遠距離の三つにわけられる」:
    a claw (zero) is offered at zero only, a gun (near, far) at near and far."""
    a = sheet("a", "blue", weapons=[CLAW, GUN])
    for band, keys in (
        (Band.ZERO, ["attack:b:claw", "wait"]),
        (Band.NEAR, ["attack:b:gun", "wait"]),
        (Band.FAR, ["attack:b:gun", "wait"]),
    ):
        game = held(a, sheet("b", "red"), dice=[])
        game.state.bands.open([("a", "b")], band)
        assert [option.key for option in attack_options(game.state, "a")] == keys


def test_a_hit_takes_damage_less_defence() -> None:
    """Interpretations 4 and 6: the attack (6) wins against the defence (3): claw 2D6+1
    rolls (3,4)+1 = 8, less 火弾徹甲 defence 2: 6 life lost."""
    a = sheet("a", "blue", weapons=[CLAW])
    b = sheet("b", "red", defense_skill=3, life=10, defense={"armour_piercing": 2})
    game = held(a, b, dice=[4, 4, 2, 2, 3, 4])
    resolve_attack(game, "a", Attack("b", "claw"))
    assert events(game, TomoDamage) == [
        TomoDamage("a", "b", "claw", "armour_piercing", (3, 4), 8, 2, 6, 4)
    ]
    assert game.state.status["b"].life == 4


def test_a_defence_that_ties_or_wins_stops_the_attack() -> None:
    """Interpretation 4: a tie (levels equal) is defended; so is a failed attack, even
    against a worse failure."""
    a = sheet("a", "blue", weapons=[CLAW])
    b = sheet("b", "red", defense_skill=6)
    tie = held(a, b, dice=[2, 2, 2, 2])  # 10 and 10: level 1 each
    resolve_attack(tie, "a", Attack("b", "claw"))
    weak = sheet("a", "blue", weapons=[{**CLAW, "skill": 0}])
    worse = held(weak, sheet("b", "red", defense_skill=0), dice=[3, 4, 1, 2])  # 7 vs 3
    resolve_attack(worse, "a", Attack("b", "claw"))
    assert events(tie, TomoDamage) == [] and events(worse, TomoDamage) == []


def test_life_at_zero_is_down_and_damage_never_heals() -> None:
    """Stand-in: life lost is damage less defence, at least 0; at 0 life the character is
    out of the fight."""
    gun = {**GUN, "damage": 4}
    a = sheet("a", "blue", weapons=[gun])
    b = sheet("b", "red", life=3, defense={"armour_piercing": 5})
    game = held(a, b, dice=[6, 6, 1, 2])
    resolve_attack(game, "a", Attack("b", "gun"))
    assert events(game, TomoDamage)[0].lost == 0 and game.state.status["b"].life == 3
    c = sheet("c", "red", life=3)
    game = held(a, c, dice=[6, 6, 1, 2])
    resolve_attack(game, "a", Attack("c", "gun"))
    assert events(game, TomoDamage)[0].lost == 3 and events(game, TomoDown) == [TomoDown("c")]
    assert not game.state.status["c"].active
