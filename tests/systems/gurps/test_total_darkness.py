"""Total darkness (the `darkness` option at 10; seed 001 視界外射撃 「完全な闇の中」, B394 by the
fact sheet): no one sees anyone, so every fighter fights as a blinded one does
(interpretation 78 of docs/rules/gurps.md, option `total_darkness`, `blind` by default):
every attacker is unseen - -4 to every active defense, a parry or block only after a
Hearing-2 roll (the fact sheet's situational modifiers) - and no blow is aimed at a hit
location (it lands at random). The -10 to attack rolls is the lighting's. Scripted dice
(each 3d6 of SAFE is a 9)."""

from __future__ import annotations

from senjo.engine.battle import Battle
from senjo.systems.gurps.events import AttackRolled, Check, DefenseRolled
from senjo.systems.gurps.state import GurpsState

from .helpers import AXE, SAFE, SWORD, battle, choose, events, fighter

#: Broadsword 20: a 9 still hits at -10.
SWORDMASTER = {**SWORD, "skills": {"Broadsword": 20}}


#: A random location's 3d6 (10: the torso), rolled right after the hit of a blind blow.
TORSO = [3, 3, 4]


def _dark(
    hearing: list[int], location: list[int], **options: str
) -> tuple[Battle[GurpsState], list[str]]:
    """a swings at b (axe, Per 10) in the dark, at the torso if it may aim: a's 9 hits,
    its `location` roll if it lands at random, then b's Hearing roll `hearing` if it rolls
    one; b's defense decision is pending. With the plans a was offered (none asked: its
    lone plan taken)."""
    game = battle(
        fighter("a", "x", 0, **SWORDMASTER),
        fighter("b", "y", 1, **AXE),
        dice=[3, 3, 3, *location, *hearing, *SAFE],
        **{"darkness": "10", **options},
    )
    choose(game, "attack:b:broadsword/swing")
    plans: list[str] = []
    if game.pending is not None and game.pending.kind == "attack_plan":
        plans = [o.key for o in game.pending.options]
        choose(game, "torso")
    assert game.pending is not None and game.pending.kind == "defense"
    return game, plans


def test_in_total_darkness_no_blow_is_aimed() -> None:
    """Blind, a has no plan to choose (its lone plan, a random location, is taken); the
    roll carries the lighting's -10 and no location's penalty."""
    game, plans = _dark([3, 3, 3], TORSO)
    assert plans == []
    rolled = events(game, AttackRolled)[0]
    assert rolled.location == "torso"
    assert rolled.skill.modifiers.amount("darkness") == -10
    assert not [name for name, _ in rolled.skill.modifiers.items if name.startswith("location")]


def test_in_total_darkness_a_parry_needs_the_attack_heard() -> None:
    """b rolls Hearing (Per 10 - 2: 8 or less) before it may parry or block; failed (a 9),
    only the dodge is left."""
    game, _ = _dark([3, 3, 3], TORSO)
    heard = events(game, Check)[-1]
    assert (heard.actor, heard.kind, heard.score.value, heard.success) == ("b", "hearing", 8, False)
    assert game.pending is not None
    assert {o.kind for o in game.pending.options} == {"none", "dodge"}


def test_in_total_darkness_every_defense_is_at_minus_four() -> None:
    """Heard (a 6), the parry is open, at -4 for the unseen attacker."""
    game, _ = _dark([2, 2, 2], TORSO)
    assert events(game, Check)[-1].success
    choose(game, "parry:axe")
    rolled = events(game, DefenseRolled)[-1]
    assert ("attacker_unseen", -4) in rolled.score.modifiers.items


def test_short_of_total_darkness_attackers_are_seen() -> None:
    """At darkness 9 b sees well enough: no Hearing roll, no -4."""
    game, plans = _dark([], [], darkness="9")
    assert "torso" in plans
    assert not [c for c in events(game, Check) if c.kind == "hearing"]
    choose(game, "dodge")
    assert "attacker_unseen" not in dict(events(game, DefenseRolled)[-1].score.modifiers.items)


def test_total_darkness_as_a_penalty_only() -> None:
    """Option `total_darkness=penalty`: the -10 on attack rolls and nothing more - no
    Hearing roll, no -4, and the blow may be aimed."""
    game, plans = _dark([], [], total_darkness="penalty")
    assert "skull" in plans
    assert not [c for c in events(game, Check) if c.kind == "hearing"]
    choose(game, "dodge")
    assert "attacker_unseen" not in dict(events(game, DefenseRolled)[-1].score.modifiers.items)
