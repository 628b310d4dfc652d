"""Ranged attacks without a map (B372-375, B548-550), with scripted dice."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from senjo.systems.gurps.ai import GurpsAI
from senjo.systems.gurps.defense import IncomingAttack, thrown_parry_penalty
from senjo.systems.gurps.events import (
    AttackRolled,
    Check,
    DamageRolled,
    DefenseRolled,
    ItemChanged,
)

from .helpers import battle, choose, events, fighter

SAFE = [3] * 40
ARCHER = {"st": 11, "dx": 13, "ht": 11, "skills": {"Bow": 14}, "weapons": ["regular_bow"]}
TARGET = {"skills": {"Broadsword": 12}, "weapons": ["broadsword"]}


def test_range_modifier_and_aim_bonus() -> None:
    """B372, B550: 20 yards is -6; one turn of Aim adds the weapon's Acc (bow: 2)."""
    game = battle(
        fighter("a", "x", 0, **ARCHER), fighter("b", "y", 20, **TARGET), dice=[6, 6, 4, *SAFE]
    )
    choose(game, "aim:b:regular_bow/shoot")
    choose(game, "do_nothing")
    choose(game, "attack:b:regular_bow/shoot")
    choose(game, "torso")
    skill = events(game, AttackRolled)[0].skill
    assert dict(skill.modifiers.items) == {"range": -6, "aim": 2}
    assert skill.value == 10


def test_arrows_cannot_be_parried() -> None:
    """B376 (fact sheet §6): arrows need Parry Missile Weapons; a fighter may dodge or block."""
    game = battle(
        fighter("a", "x", 0, **ARCHER), fighter("b", "y", 5, **TARGET), dice=[3, 3, 3, *SAFE]
    )
    choose(game, "attack:b:regular_bow/shoot")
    choose(game, "torso")
    assert game.pending is not None and game.pending.kind == "defense"
    assert not any(key.startswith("parry") for key in game.pending.keys)
    assert "dodge+drop" in game.pending.keys


SPEARMAN = {"skills": {"Thrown Weapon (Spear)": 14}, "weapons": ["spear"]}
DART = {
    "key": "dart",
    "name": "Dart",
    "weight": 0.5,
    "modes": [
        {
            "name": "throw",
            "skill": "Throwing",
            "damage": "thr-1 imp",
            "ranged": {"acc": 1, "half_damage": 10, "max_range": 20, "thrown": True},
        }
    ],
}


def test_a_thrown_spear_may_be_parried_at_minus_one() -> None:
    """B376 (fact sheet: parrying thrown weapons -1), seed 000 「受け」か「止め」に成功した場合、
    手投げ武器や矢は地面に落ちて: a thrown weapon can be parried, at -1; no retreat."""
    game = battle(
        fighter("a", "x", 0, **SPEARMAN), fighter("b", "y", 5, **TARGET), dice=[3, 3, 3, *SAFE]
    )
    choose(game, "attack:b:spear/throw")
    choose(game, "torso")
    assert game.pending is not None and game.pending.kind == "defense"
    assert "parry:broadsword" in game.pending.keys
    assert not any("retreat" in key for key in game.pending.keys), game.pending.keys
    choose(game, "parry:broadsword")
    score = events(game, DefenseRolled)[0].score
    assert dict(score.modifiers.items) == {"parry_thrown": -1}
    assert score.value == 3 + 12 // 2 - 1


def test_a_small_thrown_weapon_is_parried_at_minus_two() -> None:
    """B376 (fact sheet): a small thrown weapon (1 lb or less) is parried at -2."""
    thrower = {"skills": {"Throwing": 14}, "weapons": [DART]}
    game = battle(
        fighter("a", "x", 0, **thrower), fighter("b", "y", 5, **TARGET), dice=[3, 3, 3, *SAFE]
    )
    choose(game, "attack:b:dart/throw")
    choose(game, "torso")
    choose(game, "parry:broadsword")
    assert events(game, DefenseRolled)[0].score.modifiers.amount("parry_thrown") == -2


@pytest.mark.parametrize(
    ("shooter", "weapon", "mode", "wanted"),
    [
        (ARCHER, "regular_bow", "shoot", 0),
        (SPEARMAN, "spear", "throw", -1),
        (None, "dart", "throw", -2),
    ],
)
def test_the_thrown_parry_penalty_is_nothing_for_arrows_one_for_a_spear_two_for_a_dart(
    shooter: dict[str, Any] | None, weapon: str, mode: str, wanted: int
) -> None:
    """B376: `thrown_parry_penalty`, which the engine's parry score and the fast path's
    tables both read - an arrow is not thrown, a spear is, a 0.5 lb dart is small."""
    kit = shooter if shooter is not None else {"skills": {"Throwing": 14}, "weapons": [DART]}
    game = battle(fighter("a", "x", 0, **kit), fighter("b", "y", 5, **TARGET), dice=[*SAFE])
    attack_mode = next(m for m in game.state.fighters["a"].weapon(weapon).modes if m.name == mode)
    incoming = IncomingAttack("a", weapon, attack_mode)
    assert thrown_parry_penalty(game.state, incoming) == wanted


@pytest.mark.parametrize(("skill", "wanted"), [(18, "parry:broadsword"), (12, "dodge+drop")])
def test_the_ai_parries_a_thrown_spear_when_that_is_its_best_defense(
    skill: int, wanted: str
) -> None:
    """B376: the AI weighs the parry against a thrown weapon with its other defenses -
    Broadsword 18 parries at 11 (3 + 9 - 1), better than Dodge 8 or dropping to 11 at the
    cost of lying down; at 12 the parry (8) is not, and it dodges and drops."""
    target = dict(TARGET, skills={"Broadsword": skill})
    game = battle(
        fighter("a", "x", 0, **SPEARMAN), fighter("b", "y", 5, **target), dice=[3, 3, 3, *SAFE]
    )
    choose(game, "attack:b:spear/throw")
    choose(game, "torso")
    assert game.pending is not None
    chosen = GurpsAI().choose(game, game.pending)
    assert chosen == game.pending.find(wanted)


def test_dodge_and_drop_adds_three_and_ends_prone() -> None:
    """B377: Dodge and Drop is +3 against ranged attacks and leaves the dodger lying down."""
    game = battle(
        fighter("a", "x", 0, **ARCHER), fighter("b", "y", 5, **TARGET), dice=[3, 3, 3, *SAFE]
    )
    choose(game, "attack:b:regular_bow/shoot")
    choose(game, "torso")
    choose(game, "dodge+drop")
    assert events(game, DefenseRolled)[0].score.modifiers.amount("dodge_and_drop") == 3
    assert game.state.status["b"].posture == "lying"


def test_half_damage_range_halves_basic_damage() -> None:
    """B378: beyond 1/2D, basic damage is halved (rounded down)."""
    weak = dict(
        ARCHER,
        weapons=[
            {
                "key": "shortbow",
                "name": "Short bow",
                "modes": [
                    {
                        "name": "shoot",
                        "skill": "Bow",
                        "damage": "thr+2 imp",
                        "st_for_damage": 10,
                        "ranged": {"acc": 1, "half_damage": 10, "max_range": 100},
                    }
                ],
            }
        ],
    )
    game = battle(
        fighter("a", "x", 0, **weak),
        fighter("b", "y", 15, **TARGET),
        dice=[3, 3, 3, 6, 6, 6, 6, *SAFE],
    )
    choose(game, "attack:b:shortbow/shoot")
    choose(game, "torso")
    choose(game, "dodge")
    damage = events(game, DamageRolled)[0]
    # thr+2 for ST 10 is 1d: a 6 -> 6, halved to 3 beyond 10 yards.
    assert (damage.basic, damage.modifiers.modifiers.amount("half_damage_range")) == (3, -3)


def test_shooting_empties_the_bow_and_reload_takes_its_turns() -> None:
    """B270: Shots 1(2): after the shot the bow needs two Ready maneuvers to reload."""
    game = battle(
        fighter("a", "x", 0, **ARCHER), fighter("b", "y", 20, **TARGET), dice=[6, 6, 4, *SAFE]
    )
    choose(game, "attack:b:regular_bow/shoot")
    choose(game, "torso")
    assert game.state.status["a"].shots["regular_bow"] == 0
    for _ in range(2):
        choose(game, "do_nothing")
        assert game.pending is not None
        assert "attack:b:regular_bow/shoot" not in game.pending.keys
        choose(game, "ready/reload:regular_bow")
    assert [e.state for e in events(game, ItemChanged)] == ["reloading", "reloaded"]
    assert game.state.status["a"].shots["regular_bow"] == 1


SMG = {
    "key": "smg",
    "name": "Submachine gun",
    "modes": [
        {
            "name": "shoot",
            "skill": "Guns",
            "damage": "2d pi",
            "ranged": {
                "acc": 3,
                "half_damage": 160,
                "max_range": 1900,
                "rof": 8,
                "shots": 30,
                "recoil": 2,
            },
        }
    ],
}


def test_rapid_fire_bonus_and_hits_by_recoil() -> None:
    """B373: 8 shots give +1 to hit; hits are 1 + margin // Recoil, at most the shots."""
    gunner = {"dx": 12, "skills": {"Guns": 13}, "weapons": [SMG]}
    game = battle(
        fighter("a", "x", 0, **gunner),
        fighter("b", "y", 2, **TARGET),
        dice=[2, 2, 2, 5, 5, 6, *[1] * 8, *SAFE],
    )
    choose(game, "attack:b:smg/shoot")
    choose(game, "torso")
    attack = events(game, AttackRolled)[0]
    assert attack.skill.modifiers.amount("rapid_fire") == 1
    # 6 against 14: margin 8, Recoil 2 -> 1 + 4 = 5 hits of the 8 shots.
    assert (attack.shots, attack.hits) == (8, 5)
    assert game.state.status["a"].shots["smg"] == 22
    choose(game, "dodge")
    # The dodge (16 against 8) fails: every hit rolls its own damage.
    assert len(events(game, DamageRolled)) == 5


def test_a_part_fired_gun_may_be_reloaded_and_a_reload_fills_it() -> None:
    """Interpretation 60 (seed 000 再装填と弾数): a Ready to reload is open once any shot
    is fired, and the reload's Readies put every one of its Shots back at once."""
    gun: dict[str, Any] = copy.deepcopy(SMG)
    gun["modes"][0]["ranged"]["reload"] = 2
    gunner = {"dx": 12, "skills": {"Guns": 13}, "weapons": [gun]}
    game = battle(
        fighter("a", "x", 0, **gunner),
        fighter("b", "y", 2, **TARGET),
        dice=[5, 5, 5, *SAFE],
    )
    assert game.pending is not None and "ready/reload:smg" not in game.pending.keys  # full
    choose(game, "attack:b:smg/shoot")
    choose(game, "torso")
    assert game.state.status["a"].shots["smg"] == 22  # 15 against 13: a miss
    choose(game, "do_nothing")
    for progress in ("reloading", "reloaded"):
        assert game.pending is not None and "ready/reload:smg" in game.pending.keys
        choose(game, "ready/reload:smg")
        assert events(game, ItemChanged)[-1].state == progress
        if progress == "reloading":
            choose(game, "do_nothing")
    assert game.state.status["a"].shots["smg"] == 30


def test_a_gun_loaded_a_round_at_a_time_gains_one_round_a_reload() -> None:
    """Interpretation 60 (the fact sheet's Shots "N(xi)"): `reload: 2i` is two Readies for
    each round; after a burst empties the revolver (RoF 3, 3 shots), two Readies put one
    round in it, and a Ready to reload stays open until it is full."""
    revolver: dict[str, Any] = copy.deepcopy(SMG)
    revolver["key"] = "revolver"
    revolver["modes"][0]["ranged"].update(rof=3, shots=3, reload="2i")
    gunner = {"dx": 12, "skills": {"Guns": 13}, "weapons": [revolver]}
    game = battle(
        fighter("a", "x", 0, **gunner), fighter("b", "y", 2, **TARGET), dice=[5, 5, 5, *SAFE]
    )
    mode = game.state.fighters["a"].weapon("revolver").modes[0]
    assert mode.ranged is not None and (mode.ranged.reload, mode.ranged.individually) == (2, True)
    choose(game, "attack:b:revolver/shoot")
    choose(game, "torso")
    assert game.state.status["a"].shots["revolver"] == 0
    for loaded in (1, 2):
        for step in ("reloading", "reloaded"):
            choose(game, "do_nothing")
            choose(game, "ready/reload:revolver")
            assert events(game, ItemChanged)[-1].state == step
        assert events(game, ItemChanged)[-1].cause == f"{loaded}/3"
        assert game.state.status["a"].shots["revolver"] == loaded
    choose(game, "do_nothing")
    assert game.pending is not None and "ready/reload:revolver" in game.pending.keys


def test_a_defense_stops_one_hit_plus_its_margin() -> None:
    """B375: a successful defense against rapid fire stops 1 hit plus 1 per point of margin."""
    gunner = {"dx": 12, "skills": {"Guns": 13}, "weapons": [SMG]}
    game = battle(
        fighter("a", "x", 0, **gunner),
        fighter("b", "y", 2, **TARGET),
        dice=[2, 2, 2, 2, 2, 2, *[1] * 8, *SAFE],
    )
    choose(game, "attack:b:smg/shoot")
    choose(game, "torso")
    choose(game, "dodge")
    defense = events(game, DefenseRolled)[0]
    # dodge 8 against a roll of 6: margin 2 stops 3 of the 5 hits.
    assert defense.stopped == 3
    assert len(events(game, DamageRolled)) == 2


def _after_a_shot(distance: int) -> Any:
    """An archer with a bow and a sheathed knife has shot; at its next turn the bow is empty."""
    armed = dict(ARCHER, skills={"Bow": 14, "Knife": 12}, weapons=["regular_bow", "large_knife"])
    game = battle(
        fighter("a", "x", 0, **armed), fighter("b", "y", distance, **TARGET), dice=[4, 6, 6, *SAFE]
    )
    choose(game, "attack:b:regular_bow/shoot")
    choose(game, "torso")  # 16: a miss, not a critical one
    choose(game, "do_nothing")  # the target waits
    assert game.pending is not None and game.pending.actor == "a"
    assert game.state.status["a"].shots["regular_bow"] == 0
    return game


def test_the_ai_reloads_an_empty_bow_while_the_foe_is_far() -> None:
    """An empty bow and a foe 20 yards off: the AI reloads rather than draw its knife (a
    knife in the other hand would leave no hand free to shoot the bow)."""
    game = _after_a_shot(20)
    chosen = GurpsAI().choose(game, game.pending)
    assert (chosen.maneuver, chosen.variant, chosen.weapon) == ("ready", "reload", "regular_bow")


def test_the_ai_draws_its_knife_when_the_foe_is_close() -> None:
    """An empty bow and a foe within a step: the AI drops the bow and draws the knife into
    its main hand to fight (Ready (swap), interpretation 53)."""
    game = _after_a_shot(1)
    chosen = GurpsAI().choose(game, game.pending)
    assert (chosen.maneuver, chosen.variant, chosen.weapon) == ("ready", "swap", "large_knife")


def test_no_retreat_against_a_missile() -> None:
    """B377: retreating improves a defense against melee attacks only; against an arrow the
    defender may dodge, or dodge and drop, but not retreat."""
    game = battle(
        fighter("a", "x", 0, **ARCHER), fighter("b", "y", 5, **TARGET), dice=[3, 3, 3, *SAFE]
    )
    choose(game, "attack:b:regular_bow/shoot")
    choose(game, "torso")
    assert game.pending is not None and game.pending.kind == "defense"
    assert "dodge" in game.pending.keys and "dodge+drop" in game.pending.keys
    assert not any("retreat" in key for key in game.pending.keys), game.pending.keys


def _hit_while_aiming(will_roll: list[int]) -> Any:
    """The archer Aims at the other, who shoots back and hits; the archer does not defend
    (a defense would spoil the Aim anyway): 1d (a 4) against DR 3 on the torso, 2 injury."""
    guarded = dict(ARCHER, dr={"torso": 3})
    other = {"dx": 12, "skills": {"Bow": 14}, "weapons": ["regular_bow"]}
    game = battle(
        fighter("a", "x", 0, **guarded),
        fighter("b", "y", 10, **other),
        dice=[1, 2, 2, 4, *will_roll, *SAFE],
    )
    choose(game, "aim:b:regular_bow/shoot")
    choose(game, "attack:a:regular_bow/shoot")
    choose(game, "torso")
    choose(game, "none")
    return game


def test_an_archer_injured_while_aiming_rolls_will_to_keep_the_aim() -> None:
    """Fact sheet §2 (Aim, B364): injured while aiming, roll Will or lose the Aim. A failed
    roll (17 against Will 10) loses it; a made one (6) keeps the turn of Aim."""
    lost = _hit_while_aiming([6, 6, 5])
    checks = [(c.kind, c.score.value, c.success) for c in events(lost, Check)]
    assert checks == [("keep_aim", 10, False)]
    assert lost.state.status["a"].aim_turns == 0
    kept = _hit_while_aiming([1, 2, 3])
    assert [(c.kind, c.success) for c in events(kept, Check)] == [("keep_aim", True)]
    assert kept.state.status["a"].aim_turns == 1


def test_no_will_roll_without_an_aim() -> None:
    """A fighter who is not aiming rolls nothing for its injury but what injury asks."""
    other = {"dx": 12, "skills": {"Bow": 14}, "weapons": ["regular_bow"]}
    game = battle(
        fighter("a", "x", 0, **dict(ARCHER, dr={"torso": 3})),
        fighter("b", "y", 10, **other),
        dice=[1, 2, 2, 4, *SAFE],
    )
    choose(game, "do_nothing")
    choose(game, "attack:a:regular_bow/shoot")
    choose(game, "torso")
    choose(game, "none")
    assert game.state.status["a"].hp == 11 - 2
    assert not events(game, Check)
