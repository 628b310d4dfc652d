"""腕関節技 Arm Lock (seed 000 組みついた後の行動; *Martial Arts*' technique by a public
summary of its text): after a bare-handed Judo or Wrestling parry with both hands empty,
on the next turn an attack at Arm Lock (Judo or Wrestling) traps the arm that struck; the
foe may defend; breaking free is +4 to the holder (on its two hands' +5) and -1 more for
each lost try; at the start of each later turn the holder may wrench the arm - a Quick
Contest of the better of ST and Arm Lock against the better of ST and HT, crushing damage
equal to the margin, rigid DR only; the locked foe defends at -4 against the holder's
blows; a crippled arm drops its item, and a win on it brings shock (interpretation 76 of
docs/rules/gurps.md), with scripted dice (each 3d6 of SAFE is a 9)."""

from __future__ import annotations

from typing import Any

from senjo.dice.roller import ScriptedDice
from senjo.engine.battle import Battle
from senjo.systems.gurps.ai import GurpsAI
from senjo.systems.gurps.choices import DefenseChoice
from senjo.systems.gurps.defense import IncomingAttack, defense_score
from senjo.systems.gurps.events import AttackRolled, Check, Injured, ItemChanged
from senjo.systems.gurps.state import GurpsState

from .helpers import SAFE, VICTIM, battle, choose, events, fighter

#: Judo 14 with empty hands: its parry is 10 (3 + 7); faster than the victim.
JUDOKA: dict[str, Any] = {"st": 12, "dx": 12, "ht": 12, "skills": {"Judo": 14}}


def _parried(dice: list[int], a: dict[str, Any] | None = None, **b: Any) -> Battle[GurpsState]:
    """a waits; b punches a (9 hits at 12); a parries bare-handed (9 against 10): a's turn."""
    game = battle(
        fighter("a", "x", 0, **(a or JUDOKA)), fighter("b", "y", 0, **{**VICTIM, **b}), dice=dice
    )
    choose(game, "do_nothing")  # a
    choose(game, "attack:a:punch/punch")
    if game.pending is not None and game.pending.kind == "attack_plan":
        choose(game, "torso")
    choose(game, "parry:punch")
    assert game.pending is not None and game.pending.actor == "a"
    return game


def _locked(dice: list[int], a: dict[str, Any] | None = None, **b: Any) -> Battle[GurpsState]:
    """As `_parried`, then a locks b's arm (9 against 14), b does not defend; b's turn."""
    game = _parried(dice, a, **b)
    choose(game, "attack/arm_lock:b")
    choose(game, "none")
    assert game.pending is not None and game.pending.actor == "b"
    return game


def test_a_judo_parry_opens_the_lock_on_the_next_turn_only() -> None:
    """After the parry, a's next turn offers `attack/arm_lock:b`; a turn let pass, not the
    one after."""
    game = _parried([*SAFE])
    assert "attack/arm_lock:b" in game.pending.keys  # type: ignore[union-attr]
    choose(game, "do_nothing")  # a
    choose(game, "do_nothing")  # b
    assert game.pending is not None and game.pending.actor == "a"
    assert "attack/arm_lock:b" not in game.pending.keys


def test_no_lock_without_a_grappling_parry_or_with_a_hand_full() -> None:
    """A Brawling parry (no Judo or Wrestling) opens nothing; nor does a Judo parry with a
    knife in hand (a weapon's parry)."""
    brawler = _parried([*SAFE], a={"st": 12, "dx": 12, "ht": 12, "skills": {"Brawling": 14}})
    assert "attack/arm_lock:b" not in brawler.pending.keys  # type: ignore[union-attr]
    game = battle(
        fighter("a", "x", 0, **JUDOKA, weapons=["large_knife"]),
        fighter("b", "y", 0, **VICTIM),
        dice=[*SAFE],
    )
    choose(game, "do_nothing")
    choose(game, "attack:a:punch/punch")
    if game.pending is not None and game.pending.kind == "attack_plan":
        choose(game, "torso")
    choose(game, "parry:large_knife")
    assert game.pending is not None and "attack/arm_lock:b" not in game.pending.keys


def test_the_lock_is_an_attack_at_judo_that_traps_the_arm_that_struck() -> None:
    """The roll is at Arm Lock's default (Judo 14), at the right arm (the punch's); landed,
    a holds that arm with both hands, the lock on."""
    game = _locked([*SAFE])
    rolled = events(game, AttackRolled)[-1]
    assert (rolled.mode, rolled.location, rolled.skill.value) == ("arm_lock", "right_arm", 14)
    a = game.state.status["a"]
    assert (a.holding, a.grip_on, a.grip_hands, a.arm_lock) == ("b", "right_arm", 2, True)


def test_a_defended_lock_traps_nothing() -> None:
    """b dodges the lock (8 against its Dodge 8): no grip."""
    game = _parried([*SAFE])
    choose(game, "attack/arm_lock:b")
    game.dice = ScriptedDice([2, 3, 3, *SAFE])
    choose(game, "dodge")
    assert not game.state.status["a"].holding


def test_breaking_free_is_plus_four_to_the_holder_and_minus_one_a_lost_try() -> None:
    """b tries: a's ST 12 +5 (two hands) +4 (the lock); lost, b's next try is at -1."""
    game = _locked([*SAFE])
    choose(game, "attack/break_free:a")
    hold_on = events(game, Check)[-1]
    assert hold_on.score.modifiers.amount("two_hands") == 5
    assert hold_on.score.modifiers.amount("arm_lock") == 4
    assert game.state.status["b"].escapes == 1
    choose(game, "hold_lock:b")  # a's turn: keeps the lock only
    choose(game, "do_nothing")  # a
    choose(game, "attack/break_free:a")
    tried = next(c for c in reversed(events(game, Check)) if c.kind == "break_free")
    assert tried.score.modifiers.amount("escapes") == -1


def test_a_wrench_does_the_margin_as_crushing_damage_to_the_arm() -> None:
    """a's Judo 14 (better than its ST 12) against b's ST 12: 9 and 9, won by 2: 2 crushing
    to the right arm; the maneuver is still a's to take."""
    game = _locked([*SAFE])
    choose(game, "do_nothing")  # b
    assert game.pending is not None and game.pending.kind == "arm_lock"
    choose(game, "wrench:b")
    wrench = next(c for c in events(game, Check) if c.kind == "arm_lock")
    assert wrench.score.value == 14
    hurt = events(game, Injured)[-1]
    assert (hurt.target, hurt.location, hurt.injury) == ("b", "right_arm", 2)
    assert game.pending is not None and game.pending.kind == "maneuver"


def test_flexible_armor_does_not_stop_the_wrench() -> None:
    """Rigid DR only: DR 2 of flexible armour on the arm lets all 2 through."""
    game = _locked([*SAFE], dr={"all": 2}, flexible_armor=True)
    choose(game, "do_nothing")  # b
    choose(game, "wrench:b")
    assert events(game, Injured)[-1].injury == 2


def test_the_locked_foe_defends_at_minus_four_against_the_holder() -> None:
    """A kick from the holder: b's Dodge is 4 less."""
    game = _locked([*SAFE], a={**JUDOKA, "weapons": ["punch", "kick"]})
    kick_weapon = game.state.fighters["a"].weapon("kick")
    incoming = IncomingAttack("a", "kick", kick_weapon.mode("kick"), close_combat=True)
    score = defense_score(game.state, "b", DefenseChoice("dodge"), incoming)
    assert score.modifiers.amount("arm_lock") == -4


def test_a_crippled_arm_drops_its_weapon_and_then_only_hurts() -> None:
    """b (HP 6) swings a knife: a parries with Judo at 10 (no -3 against a weapon), locks
    the knife arm and wrenches by 4 (9 against 14; 11 against 12): 4 > 3 cripples the arm
    and the knife falls. The next win by 4 brings shock -4 and the knockdown roll, no
    injury."""
    game = battle(
        fighter("a", "x", 0, **JUDOKA),
        fighter(
            "b", "y", 0, **{**VICTIM, "hp": 6, "skills": {"Knife": 12}}, weapons=["large_knife"]
        ),
        dice=[*SAFE],
    )
    choose(game, "do_nothing")  # a
    choose(game, "attack:a:large_knife/swing")
    if game.pending is not None and game.pending.kind == "attack_plan":
        choose(game, "torso")
    parry = next(o for o in game.pending.options if o.key == "parry:punch")  # type: ignore[union-attr]
    choose(game, parry.key)
    choose(game, "attack/arm_lock:b")
    choose(game, "none")
    choose(game, "do_nothing")  # b
    game.dice = ScriptedDice([3, 3, 3, 3, 4, 4, *SAFE])
    choose(game, "wrench:b")
    b = game.state.status["b"]
    assert "right_arm" in b.crippled and b.hp == 2
    assert ("large_knife", "dropped", "crippled") in {
        (e.item, e.state, e.cause) for e in events(game, ItemChanged)
    }
    assert "large_knife" not in b.hands
    choose(game, "do_nothing")  # a
    choose(game, "do_nothing")  # b
    game.dice = ScriptedDice([3, 3, 3, 3, 4, 4, *SAFE])
    choose(game, "wrench:b")
    assert b.hp == 2 and b.shock_next == -4
    assert events(game, Check)[-1].kind == "knockdown"


def test_the_ai_locks_the_arm_it_parried_and_wrenches_it() -> None:
    """The AI takes the lock its parry opened, and holding it wrenches each turn."""
    game = _parried([*SAFE])
    ai = GurpsAI()
    assert game.pending is not None
    took = ai.choose(game, game.pending)
    assert took.key == "attack/arm_lock:b"
    game.decide(took)
    choose(game, "none")  # b does not defend
    choose(game, "do_nothing")  # b
    assert game.pending is not None and game.pending.kind == "arm_lock"
    assert ai.choose(game, game.pending).key == "wrench:b"


def test_letting_go_with_a_hand_ends_the_lock() -> None:
    """The lock takes both hands: with one let go (a free action) a plain one-handed grip
    on the arm is left, no wrench offered, and the foe's lost tries are forgotten."""
    game = battle(
        fighter("a", "x", 0, **JUDOKA),
        fighter("b", "y", 0, **VICTIM),
        dice=[*SAFE],
        free_actions="on",
    )
    choose(game, "none")  # a's free action
    choose(game, "do_nothing")  # a
    choose(game, "none")  # b's free action
    choose(game, "attack:a:punch/punch")
    if game.pending is not None and game.pending.kind == "attack_plan":
        choose(game, "torso")
    choose(game, "parry:punch")
    choose(game, "none")  # a's free action
    choose(game, "attack/arm_lock:b")
    choose(game, "none")  # b does not defend
    choose(game, "none")  # b's free action
    choose(game, "attack/break_free:a")  # lost: 9 against 9 + 9
    assert game.state.status["b"].escapes == 1
    choose(game, "hold_lock:b")
    choose(game, "release_hand:b")  # a's free action
    a, b = game.state.status["a"], game.state.status["b"]
    assert (a.holding, a.grip_hands, a.arm_lock, b.escapes) == ("b", 1, False, 0)
