"""負傷の影響 Effects of Injury, a crippled eye (seed 000; B421 by a public summary, the
disadvantages it is read as checked in two public sources; interpretation 78 of
docs/rules/gurps.md): one crippled eye is One Eye (B147) - -1 to every attack roll (DX
in combat), -3 more to a ranged attack without Aim first; crippling the eye location
again blinds the other (Blindness, B124): -10 to attacks for one not used to it, no
darkness penalty beyond, no aimed hit locations (the blow lands at random, as a Wild
Swing's), and every shot is a shot at what one cannot see (seed 001 視界外射撃); every
attacker is unseen to it (the fact sheet's situational modifiers): -4 to its defenses, and
a parry or block only after a Hearing-2 roll. Scripted dice (each 3d6 of SAFE is a 9)."""

from __future__ import annotations

from typing import Any

from senjo.engine.battle import Battle
from senjo.systems.gurps.events import AttackRolled, Check, ConditionChanged, DefenseRolled
from senjo.systems.gurps.injury import injury
from senjo.systems.gurps.state import GurpsState
from senjo.systems.gurps.wounds import apply_injury

from .helpers import AXE, SAFE, SWORD, battle, choose, events, fighter

ARCHER: dict[str, Any] = {"st": 11, "dx": 13, "ht": 11, "skills": {"Bow": 14}}
ARCHER["weapons"] = ["regular_bow"]
#: a's Broadsword skill (`SWORD`): every modifier below is counted from it.
SKILL = 14


def _sword(*crippled: str, dice: list[int], **options: str) -> Battle[GurpsState]:
    """a (broadsword) against b a yard off, a's `crippled` parts marked."""
    game = battle(fighter("a", "x", 0, **SWORD), fighter("b", "y", 1), dice=dice, **options)
    game.state.status["a"].crippled.update(crippled)
    return game


def _archer(*crippled: str, skill: int = 14, dice: tuple[int, ...] = ()) -> Battle[GurpsState]:
    """a (regular bow, Bow `skill`) against b 20 yards off (-6), a's `crippled` parts
    marked; `dice`, then a 9 on every 3d6."""
    archer = {**ARCHER, "skills": {"Bow": skill}}
    game = battle(fighter("a", "x", 0, **archer), fighter("b", "y", 20), dice=[*dice, *SAFE])
    game.state.status["a"].crippled.update(crippled)
    return game


def _modifiers(game: Battle[GurpsState]) -> dict[str, int]:
    return dict(events(game, AttackRolled)[0].skill.modifiers.items)


def _plan(game: Battle[GurpsState], location: str) -> list[str]:
    """Take the attack plan at `location` if the battle asks for one (a lone plan is taken
    without asking); the plans that were open."""
    if game.pending is None or game.pending.kind != "attack_plan":
        return [location]
    keys = [o.key for o in game.pending.options]
    choose(game, location)
    return keys


def test_a_crippled_eye_costs_one_on_every_attack_roll() -> None:
    """負傷の影響 (B421 crippled eye, One Eye B147): -1 to DX in combat - a's swing at
    the torso rolls against its skill less 1."""
    game = _sword("eye", dice=[*SAFE])
    choose(game, "attack:b:broadsword/swing")
    assert "skull" in _plan(game, "torso")  # one eye still aims
    rolled = events(game, AttackRolled)[0]
    assert SWORD["skills"] == {"Broadsword": SKILL}
    assert dict(rolled.skill.modifiers.items) == {"one_eye": -1}
    assert rolled.skill.value == SKILL - 1


def test_the_one_eye_trait_starts_with_the_eye_crippled() -> None:
    """One Eye (B147) on the sheet (`advantages: [one_eye]`): the lost eye counts as a
    crippled one from the start - the same -1, and a crippling eye injury blinds."""
    game = battle(
        fighter("a", "x", 0, **SWORD, advantages=["one_eye"]), fighter("b", "y", 1), dice=[*SAFE]
    )
    assert game.state.status["a"].crippled == {"eye"}
    choose(game, "attack:b:broadsword/swing")
    _plan(game, "torso")
    assert _modifiers(game) == {"one_eye": -1}
    apply_injury(game, "a", injury(1, "cr", 0, "eye", hp=12))
    assert "eyes" in game.state.status["a"].crippled


def test_the_blindness_trait_is_blind_at_minus_six() -> None:
    """Blindness (B124) on the sheet (`advantages: [blindness]`): blind from the start, but
    used to it - -6 on attacks, not -10; the rest as for the newly blind (no aimed
    location; defenses against the unseen)."""
    game = battle(
        fighter("a", "x", 0, **SWORD, advantages=["blindness"]), fighter("b", "y", 1), dice=[*SAFE]
    )
    assert {"eye", "eyes"} <= game.state.status["a"].crippled
    choose(game, "attack:b:broadsword/swing")
    assert _plan(game, "random") == ["random"]
    assert _modifiers(game) == {"blinded": -6}


def test_a_one_eyed_shot_without_aim_takes_three_more() -> None:
    """One Eye (B147): -3 more to a ranged attack unless one Aims first."""
    game = _archer("eye")
    choose(game, "attack:b:regular_bow/shoot")
    _plan(game, "torso")
    assert _modifiers(game) == {"range": -6, "one_eye": -1, "one_eye_unaimed": -3}


def test_aiming_first_spares_the_one_eyed_shooter_the_three() -> None:
    """One Eye (B147) with Aim (B364): after a turn of Aim only the -1 is left."""
    game = _archer("eye")
    choose(game, "aim:b:regular_bow/shoot")
    choose(game, "do_nothing")
    choose(game, "attack:b:regular_bow/shoot")
    _plan(game, "torso")
    assert _modifiers(game) == {"range": -6, "aim": 2, "one_eye": -1}


def test_crippling_the_eye_again_blinds_the_other() -> None:
    """負傷の影響 (B421): injury past HP/10 at the eye cripples it; senjo's eye has no side,
    so a second crippling injury there is the other eye: both are crippled (`eyes`), the
    fighter blind. 1 crushing at the eye is 4 injury (x4), past 10 HP's 1."""
    game = _sword(dice=[*SAFE])
    status = game.state.status["b"]
    apply_injury(game, "b", injury(1, "cr", 0, "eye", hp=10))
    assert "eye" in status.crippled and "eyes" not in status.crippled
    apply_injury(game, "b", injury(1, "cr", 0, "eye", hp=10))
    assert "eyes" in status.crippled
    changed = [c.condition for c in events(game, ConditionChanged) if c.actor == "b"]
    assert changed[:1] == ["crippled_eye"] and "crippled_eyes" in changed
    assert changed.count("crippled_eye") == 1


def test_a_blinded_fighter_strikes_at_minus_ten_at_a_random_location() -> None:
    """Blindness (B124): -10 to combat skills for one not used to it, and no aiming at a
    hit location: the only plan is a random one, rolled after the attack roll (a 9 misses
    the 4 left; the location's 3 is the skull)."""
    game = _sword("eye", "eyes", dice=[3, 3, 3, 1, 1, 1, *SAFE])
    choose(game, "attack:b:broadsword/swing")
    assert _plan(game, "random") == ["random"]
    rolled = events(game, AttackRolled)[0]
    assert dict(rolled.skill.modifiers.items) == {"blinded": -10}
    assert rolled.skill.value == SKILL - 10 and rolled.location == "skull"


def test_blindness_takes_the_place_of_the_darkness_penalty() -> None:
    """Blindness (B124): no darkness penalty on top - in darkness -4 (B394) the blinded
    fighter's blow is at -10 only."""
    game = _sword("eye", "eyes", dice=[*SAFE], darkness="4")
    choose(game, "attack:b:broadsword/swing")
    _plan(game, "random")
    assert _modifiers(game) == {"blinded": -10}


def test_a_blinded_shooter_shoots_blind() -> None:
    """Blindness (B124) with seed 001 視界外射撃: a blinded fighter's shot is a shot at
    what it cannot see: -10, at most 9, a random location; no One Eye penalties (Bow 20:
    a 4 to hit; the 9 misses, the location's 3 is the skull)."""
    game = _archer("eye", "eyes", skill=20, dice=(3, 3, 3, 1, 1, 1))
    choose(game, "attack:b:regular_bow/shoot")
    assert _plan(game, "random") == ["random"]
    rolled = events(game, AttackRolled)[0]
    assert dict(rolled.skill.modifiers.items) == {"range": -6, "shooting_blind": -10}
    assert rolled.skill.cap == 9 and rolled.location == "skull"


def _blinded_defender(hearing: list[int]) -> Battle[GurpsState]:
    """a swings at b (axe, Per 10), blinded: a's 9 hits, then b's Hearing roll `hearing`;
    b's defense decision is pending."""
    game = battle(
        fighter("a", "x", 0, **SWORD),
        fighter("b", "y", 1, **AXE),
        dice=[3, 3, 3, *hearing, *SAFE],
    )
    game.state.status["b"].crippled.update({"eye", "eyes"})
    choose(game, "attack:b:broadsword/swing")
    _plan(game, "torso")
    assert game.pending is not None and game.pending.kind == "defense"
    return game


def test_a_blinded_defender_parries_only_if_it_hears_the_attack() -> None:
    """Blindness (B124) and the unseen attacker (fact sheet, situational modifiers): a
    block or parry needs a Hearing-2 roll first (Per 10: 8 or less); failed (a 9), only
    the dodge is left."""
    game = _blinded_defender([3, 3, 3])
    heard = events(game, Check)[-1]
    assert (heard.actor, heard.kind, heard.score.value, heard.success) == ("b", "hearing", 8, False)
    assert game.pending is not None
    assert {o.kind for o in game.pending.options} == {"none", "dodge"}


def test_a_blinded_defender_that_hears_the_attack_may_parry_at_minus_four() -> None:
    """The unseen attacker: heard (a 6 against 8), the parry is open, and every defense is
    at -4."""
    game = _blinded_defender([2, 2, 2])
    assert events(game, Check)[-1].success
    assert game.pending is not None
    assert "parry:axe" in [o.key for o in game.pending.options]
    choose(game, "parry:axe")
    rolled = events(game, DefenseRolled)[-1]
    assert ("attacker_unseen", -4) in rolled.score.modifiers.items


def test_a_sighted_defender_rolls_no_hearing() -> None:
    """One eye still sees the attack: no Hearing roll, no -4 (a's 9 hits, b dodges)."""
    game = battle(fighter("a", "x", 0, **SWORD), fighter("b", "y", 1, **AXE), dice=[*SAFE])
    game.state.status["b"].crippled.add("eye")
    choose(game, "attack:b:broadsword/swing")
    _plan(game, "torso")
    choose(game, "dodge")
    assert not [c for c in events(game, Check) if c.kind == "hearing"]
    assert "attacker_unseen" not in dict(events(game, DefenseRolled)[-1].score.modifiers.items)


def test_an_unheard_attack_leaves_no_parry_for_a_double_defense() -> None:
    """All-Out Defense (Double, B366) with the unseen attacker: the Hearing roll failed
    (a 9 against 8), the failed dodge (a 9 against 8 - 4) is followed by no second try -
    the parry stays closed for this attack; heard (a 6), the parry is offered."""
    for hearing, second in (([3, 3, 3], False), ([2, 2, 2], True)):
        game = battle(
            fighter("a", "x", 0, **SWORD),
            fighter("b", "y", 1, **AXE),
            dice=[3, 3, 3, *hearing, 3, 3, 3, *SAFE],
        )
        status = game.state.status["b"]
        status.crippled.update({"eye", "eyes"})
        status.maneuver, status.variant = "all_out_defense", "double"
        choose(game, "attack:b:broadsword/swing")
        _plan(game, "torso")
        choose(game, "dodge")
        assert not events(game, DefenseRolled)[-1].stopped
        pending = game.pending
        offered = pending is not None and pending.kind == "defense"
        assert offered is second, hearing
        if offered and pending is not None:
            assert "parry:axe" in pending.keys
