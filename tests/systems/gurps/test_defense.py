"""Active defense limits and critical results (B374-377, B556), with scripted dice."""

from __future__ import annotations

from senjo.engine.battle import Battle
from senjo.systems.gurps.events import AttackRolled, CriticalResult, DefenseRolled, ItemChanged
from senjo.systems.gurps.state import GurpsState

from .helpers import battle, choose, events, fighter

SAFE = [3] * 40
SWORD = {"st": 12, "dx": 12, "ht": 12, "skills": {"Broadsword": 14}, "weapons": ["broadsword"]}
AXE = {"skills": {"Axe/Mace": 12}, "weapons": ["axe"]}


def _two_attackers(dice: list[int], **defender: object) -> Battle[GurpsState]:
    return battle(
        fighter("d", "x", 0, **{**SWORD, **defender}),
        fighter("a1", "y", 1, dx=11, **AXE),
        fighter("a2", "y", -1, dx=10, **AXE),
        dice=dice,
    )


def test_parry_is_three_plus_half_skill() -> None:
    """B376: Parry = 3 + half the weapon skill (rounded down) + the weapon's Parry modifier."""
    game = _two_attackers([3, 3, 3, 3, 3, 3, *SAFE])
    choose(game, "do_nothing")
    choose(game, "attack:d:axe/swing")
    choose(game, "torso")
    choose(game, "parry:broadsword")
    assert events(game, DefenseRolled)[0].score.value == 10


def test_repeated_parry_with_one_weapon_is_minus_four() -> None:
    """B376: each further parry with the same weapon before your next turn is at -4."""
    game = _two_attackers([3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, *SAFE])
    choose(game, "do_nothing")
    for attacker in ("a1", "a2"):
        assert game.pending is not None and game.pending.actor == attacker
        choose(game, "attack:d:axe/swing")
        choose(game, "torso")
        choose(game, "parry:broadsword")
    scores = [d.score for d in events(game, DefenseRolled)]
    assert [s.value for s in scores] == [10, 6]
    assert scores[1].modifiers.amount("repeated_parry") == -4


def test_block_once_per_turn() -> None:
    """B375: a shield blocks only once per turn."""
    game = _two_attackers([3, 3, 3, 3, 3, 3, 3, 3, 3, *SAFE], shield="medium_shield")
    choose(game, "do_nothing")
    choose(game, "attack:d:axe/swing")
    choose(game, "torso")
    choose(game, "block:medium_shield")
    choose(game, "attack:d:axe/swing")
    choose(game, "torso")
    assert game.pending is not None and "block:medium_shield" not in game.pending.keys


def test_unbalanced_weapon_cannot_parry_after_attacking() -> None:
    """B269/B376: a weapon with Parry "U" cannot parry on the turn it attacked."""
    game = battle(
        fighter("b", "y", 1, st=12, dx=12, ht=12, **AXE),
        fighter("a", "x", 0, **dict(SWORD, dx=10, ht=10)),
        dice=[6, 6, 4, 3, 3, 3],
    )
    choose(game, "attack:a:axe/swing")
    choose(game, "torso")
    choose(game, "attack:b:broadsword/swing")
    choose(game, "torso")
    assert game.pending is not None and game.pending.kind == "defense"
    assert not any(key.startswith("parry:axe") for key in game.pending.keys)


def test_critical_miss_drops_the_weapon_and_ready_picks_it_up() -> None:
    """B556, B382: critical miss 9-11 drops the weapon; a Ready maneuver picks it up."""
    game = battle(
        fighter("a", "x", 0, **SWORD),
        fighter("b", "y", 1, **AXE),
        dice=[6, 6, 6, 3, 3, 4, 6, 6, 4],
    )
    choose(game, "attack:b:broadsword/swing")
    choose(game, "torso")
    assert events(game, CriticalResult)[0].key == "drop_weapon"
    assert "broadsword" in game.state.status["a"].dropped
    choose(game, "attack:a:axe/swing")
    choose(game, "torso")
    assert game.pending is not None and "ready/pick_up:broadsword" in game.pending.keys
    choose(game, "ready/pick_up:broadsword")
    assert "broadsword" in game.state.status["a"].ready
    assert events(game, ItemChanged)[-1].state == "ready"


def test_critical_failure_on_a_dodge_falls_down() -> None:
    """B556 (fact sheet §6): a critically failed dodge leaves the defender on the ground."""
    game = battle(
        fighter("a", "x", 0, **SWORD),
        fighter("b", "y", 1, **AXE),
        dice=[3, 3, 3, 6, 6, 6, 1, *SAFE],
    )
    choose(game, "attack:b:broadsword/swing")
    choose(game, "torso")
    choose(game, "dodge")
    assert events(game, DefenseRolled)[0].result == "critical_failure"
    assert game.state.status["b"].posture == "lying"


def test_enhanced_dodge_adds_its_level() -> None:
    """B51: Enhanced Dodge adds its level to Dodge."""
    game = battle(
        fighter("a", "x", 0, **SWORD),
        fighter("b", "y", 1, advantages=[{"enhanced_dodge": 2}], **AXE),
        dice=[3, 3, 3, 3, 3, 3, *SAFE],
    )
    choose(game, "attack:b:broadsword/swing")
    choose(game, "torso")
    choose(game, "dodge")
    assert events(game, DefenseRolled)[0].score.modifiers.amount("enhanced_dodge") == 2


def test_parrying_a_weapon_three_times_heavier_may_break_yours() -> None:
    """B376: a knife (1 lb) that parries an axe (4 lb) breaks on 1-2 on 1d."""
    knife = {"skills": {"Knife": 14}, "weapons": ["large_knife"]}
    axe = dict(AXE, st=12, dx=12, ht=12)
    game = battle(
        fighter("a", "x", 0, **axe),
        fighter("b", "y", 1, **knife),
        dice=[3, 3, 3, 3, 3, 3, 2, *SAFE],
    )
    choose(game, "attack:b:axe/swing")
    choose(game, "torso")
    choose(game, "parry:large_knife")
    assert events(game, ItemChanged)[-1].state == "broken"
    assert "large_knife" in game.state.status["b"].broken


def test_unarmed_critical_miss_uses_its_own_table() -> None:
    """B557: a critical miss with a punch rolls on the unarmed critical miss table."""
    brawler = {"dx": 12, "ht": 12, "skills": {"Brawling": 12}}
    game = battle(
        fighter("a", "x", 0, **brawler),
        fighter("b", "y", 0.2, **AXE),
        dice=[6, 6, 6, 4, 4, 4, 6, 6, 4, *SAFE],
    )
    choose(game, "attack:b:punch/punch")
    choose(game, "torso")
    critical = events(game, CriticalResult)[0]
    # Unarmed table 12: trip - a DX roll (16 against 12 fails) or fall.
    assert (critical.table, critical.key) == ("unarmed_critical_miss", "trip")
    assert game.state.status["a"].posture == "lying"


def test_a_stumble_ends_a_yard_past_the_foe_attacked() -> None:
    """Unarmed critical miss 7 or 14 (fact sheet): the attacker ends 1 yard past the foe,
    on the line through it - whichever side the foe stands on (interpretation 49). A kick
    reaches a yard, so the kicker ends two yards beyond where it stood."""
    brawler = {"dx": 12, "ht": 12, "skills": {"Brawling": 12}, "weapons": ["kick"]}
    for foe_x, expected in ((1.0, 2.0), (-1.0, -2.0)):
        game = battle(
            fighter("a", "x", 0, **brawler),
            fighter("b", "y", foe_x, **AXE),
            dice=[6, 6, 6, 5, 5, 4, *SAFE],
        )
        choose(game, "attack:b:kick/kick")
        choose(game, "torso")
        critical = events(game, CriticalResult)[0]
        assert (critical.table, critical.key) == ("unarmed_critical_miss", "stumble")
        position = game.state.status["a"].position
        assert (round(position.x, 9), position.y) == (expected, 0.0)


def test_lose_balance_ends_the_turn_and_costs_two_on_defense() -> None:
    """B556: critical miss 7 or 13: no more actions this turn and -2 to defend until the next."""
    fast = {**SWORD, "skills": {"Broadsword": 18}}
    game = battle(
        fighter("a", "x", 0, **fast),
        fighter("b", "y", 1, **AXE),
        dice=[6, 6, 6, 2, 2, 3, 3, 3, 3, 3, 3, 3, *SAFE],
    )
    choose(game, "attack:b:broadsword/swing")
    choose(game, "torso+rapid")
    assert events(game, CriticalResult)[0].key == "lose_balance"
    # The second blow of the Rapid Strike is lost.
    assert len(events(game, AttackRolled)) == 1
    choose(game, "attack:a:axe/swing")
    choose(game, "torso")
    choose(game, "dodge")
    assert events(game, DefenseRolled)[0].score.modifiers.amount("lost_balance") == -2


def test_a_bow_that_hits_its_archer_deals_the_bows_own_damage() -> None:
    """B556 (hit yourself, 5): a ranged attack re-rolls, and a second 5 stands; the archer
    takes the weapon's normal damage - a bow's thr+2 from the bow's own ST (10: 1d-2, so
    1d), not from the archer's ST 14 (1d+2), as every shot of it does (B270)."""
    archer = {"st": 14, "dx": 12, "skills": {"Bow": 12}, "weapons": ["regular_bow"]}
    game = battle(
        fighter("a", "x", 0, **archer),
        fighter("b", "y", 5),
        dice=[6, 6, 6, 1, 1, 3, 2, 1, 2, 4, *SAFE],
    )
    choose(game, "attack:b:regular_bow/shoot")
    choose(game, "torso")
    rolled = [(e.key, e.roll) for e in events(game, CriticalResult)]
    assert rolled == [("hit_self", 5), ("hit_self", 5)]
    assert game.state.status["a"].hp == 14 - 4  # 1d rolled 4, to the leg, no DR


def test_a_critical_success_on_a_defense_simply_succeeds() -> None:
    """防御判定でのクリティカル (seed 000; the fact sheet's critical defense rolls): a 3 on
    the dodge is a critical success - the blow is stopped, and nothing more follows (no
    table is rolled for the attacker, no damage)."""
    game = battle(
        fighter("a", "x", 0, dx=12, skills={"Broadsword": 14}, weapons=["broadsword"]),
        fighter("b", "y", 1),
        dice=[3, 3, 3, 1, 1, 1, *SAFE],
    )
    choose(game, "attack:b:broadsword/swing")
    if game.pending is not None and game.pending.kind == "attack_plan":
        choose(game, "torso")
    choose(game, "dodge")
    rolled = events(game, DefenseRolled)[0]
    assert (rolled.roll, rolled.result, rolled.stopped) == (3, "critical_success", 1)
    assert not events(game, CriticalResult)
    assert game.state.status["b"].hp == 10
    assert game.pending is not None and game.pending.actor == "b"
