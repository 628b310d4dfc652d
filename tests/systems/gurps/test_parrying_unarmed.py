"""素手による受け Parrying Unarmed (seed 000, a heading; B376 by the fact sheet's
"Unarmed and weapon-vs-unarmed parries" and a public quotation of the rule's text;
interpretation 80 of docs/rules/gurps.md), with scripted dice (each 3d6 of SAFE is a 9):

- a weapon that parries a bare-handed blow may strike the limb that struck: a roll against
  the parrying weapon's skill (-4 when the blow was Judo or Karate); success rolls the
  weapon's damage at that limb, and the attacker gets no defense (option
  `parry_strikes_limb`);
- a bare-handed parry of a weapon that fails lets the attacker strike the parrying arm
  instead of where it aimed (decision `parrying_arm`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from senjo.cli.play import describe_option
from senjo.cli.play_text import asked
from senjo.engine.battle import Battle
from senjo.engine.decision import Choice, Decision
from senjo.engine.events import Decided
from senjo.narration.gurps import GurpsNarrator
from senjo.narration.gurps_terms import term
from senjo.systems.gurps.ai import GurpsAI
from senjo.systems.gurps.events import AttackRolled, Check, DefenseRolled, Injured
from senjo.systems.gurps.state import GurpsState

from .helpers import SAFE, SWORD, VICTIM, battle, choose, events, fighter

GLOSSARY = (Path(__file__).parents[3] / "docs" / "glossary.md").read_text(encoding="utf-8")

#: a's large knife, the weapon that parries in close combat (a punch's reach): Knife 14
#: parries at 3 + 7 - 1 = 9.
KNIFE: dict[str, Any] = {"st": 12, "dx": 12, "ht": 12, "skills": {"Knife": 14}}
KNIFE["weapons"] = ["large_knife"]
#: b strikes at 12 (9); a parries (9).
HIT_PARRIED = [3, 3, 3, 3, 3, 3]
#: The knife's swing for ST 12 is 1d cut: a 4, x1.5 on an arm = 6 injury.
LOW_DAMAGE = [4]
#: A Karate-trained striker's punch (an inline weapon: the library's punch is Brawling's).
KARATE_PUNCH: dict[str, Any] = {
    "key": "karate_punch",
    "name": {"en": "Karate punch", "ja": "空手の突き"},
    "modes": [
        {
            "name": "punch",
            "skill": "Karate",
            "damage": "thr cr",
            "reach": [0],
            "parry": "0",
            "unarmed": True,
        }
    ],
}


def _struck_at(
    dice: list[int], blow: str = "punch/punch", a: dict[str, Any] = KNIFE, x: float = 0, **b: Any
) -> Battle[GurpsState]:
    """a (the faster) waits; b, `x` yards away, strikes a with `blow` (9 hits); a parries
    with its weapon (its first)."""
    game = battle(fighter("a", "x", 0, **a), fighter("b", "y", x, **{**VICTIM, **b}), dice=dice)
    choose(game, "do_nothing")  # a
    choose(game, f"attack:a:{blow}")
    if game.pending is not None and game.pending.kind == "attack_plan":
        choose(game, "torso")
    choose(game, f"parry:{a['weapons'][0]}")
    return game


def _punched(a: dict[str, Any], parry: str, dice: list[int], **options: str) -> Battle[GurpsState]:
    """a waits; b punches a; a parries with `parry` - the dice the parry's (9 and 9 unless
    `dice` gives them), then SAFE."""
    game = battle(
        fighter("a", "x", 0, **a),
        fighter("b", "y", 0, **VICTIM),
        dice=[*(dice or HIT_PARRIED), *SAFE],
        **options,
    )
    choose(game, "do_nothing")
    choose(game, "attack:a:punch/punch")
    if game.pending is not None and game.pending.kind == "attack_plan":
        choose(game, "torso")
    choose(game, f"parry:{parry}")
    return game


def _strike(game: Battle[GurpsState]) -> Check:
    found: Check = next(c for c in events(game, Check) if c.kind == "parry_strike")
    return found


def test_a_knife_that_parries_a_punch_strikes_the_punching_arm() -> None:
    """B376: the parry succeeds; a rolls its Knife 14 (9: success) and its swing lands on
    b's right arm (the punch's hand: b's main hand is empty): 4 cut, x1.5, 6 injury; b had
    no defense against it."""
    game = _struck_at([*HIT_PARRIED, 3, 3, 3, *LOW_DAMAGE, *SAFE])
    strike = _strike(game)
    assert (strike.actor, strike.score.value, strike.success) == ("a", 14, True)
    wound = events(game, Injured)[-1]
    assert (wound.target, wound.location, wound.injury) == ("b", "right_arm", 6)
    assert [d.defender for d in events(game, DefenseRolled)] == ["a"]  # b never defends


def test_the_strike_may_miss() -> None:
    """A 15 against Knife 14: the parry only stops the punch."""
    game = _struck_at([*HIT_PARRIED, 5, 5, 5, *SAFE])
    assert not _strike(game).success
    assert not events(game, Injured)


def test_the_strike_is_minus_four_against_judo_or_karate() -> None:
    """B376: the roll is at -4 when the attacker used Judo or Karate (its punch's skill)."""
    game = _struck_at(
        [*HIT_PARRIED, 3, 3, 3, *LOW_DAMAGE, *SAFE],
        "karate_punch/punch",
        skills={"Karate": 12},
        weapons=[KARATE_PUNCH],
    )
    strike = _strike(game)
    assert strike.score.modifiers.amount("parried_judo_karate") == -4
    assert strike.score.value == 10


def test_a_kick_is_struck_in_the_leg() -> None:
    """The limb that struck: a kick's leg (the right, as a strained kicking leg); a kick
    from a yard away is parried by a's broadsword (10), out of close combat."""
    game = _struck_at([*HIT_PARRIED, 3, 3, 3, 1, *SAFE], "kick/kick", SWORD, 1, weapons=["kick"])
    strike = _strike(game)
    assert (strike.score.value, strike.success) == (14, True)
    assert events(game, Injured)[-1].location == "right_leg"


def test_a_punch_thrown_beside_a_held_knife_is_the_left_arm() -> None:
    """b's knife fills its main hand, so its punch is the off hand's: the left arm."""
    game = _struck_at(
        [*HIT_PARRIED, 3, 3, 3, *LOW_DAMAGE, *SAFE],
        skills={"Brawling": 12, "Knife": 12},
        weapons=["large_knife", "punch"],
    )
    assert events(game, Injured)[-1].location == "left_arm"


def test_no_strike_after_a_parry_of_a_weapon_or_a_bare_handed_parry() -> None:
    """Only a weapon's parry of a bare-handed blow strikes: a knife parrying b's knife does
    not; nor does a parry with the bare hand."""
    armed = _struck_at(
        [*HIT_PARRIED, *SAFE],
        "large_knife/swing",
        skills={"Brawling": 12, "Knife": 12},
        weapons=["large_knife"],
    )
    assert not any(c.kind == "parry_strike" for c in events(armed, Check))
    game = _punched({"st": 12, "dx": 12, "ht": 12, "skills": {"Brawling": 14}}, "punch", [])
    assert events(game, DefenseRolled)[-1].result == "success"
    assert not any(c.kind == "parry_strike" for c in events(game, Check))


def test_the_option_turns_the_strike_off() -> None:
    """`parry_strikes_limb=off`: the parry stops the punch and nothing more."""
    game = _punched(KNIFE, "large_knife", [], parry_strikes_limb="off")
    assert events(game, DefenseRolled)[-1].result == "success"
    assert not any(c.kind == "parry_strike" for c in events(game, Check))
    assert not events(game, Injured)


# --- a bare-handed parry of a weapon that fails ---------------------------------------------

#: a parries bare-handed at Brawling 14 (10, -3 against the swung axe: 7).
BARE: dict[str, Any] = {"st": 12, "dx": 12, "ht": 12, "skills": {"Brawling": 14}}
ARMED: dict[str, Any] = {"skills": {"Brawling": 12, "Axe/Mace": 12}, "weapons": ["axe"]}


def _failed_bare_parry(dice: list[int], aimed: str = "torso", **a: Any) -> Battle[GurpsState]:
    """a waits; b swings its axe at a's `aimed` location (9 hits at 12; 5 at the skull's
    12 - 7); a parries bare-handed and fails (12 against 7)."""
    hit = [1, 1, 3] if aimed == "skull" else [3, 3, 3]
    game = battle(
        fighter("a", "x", 0, **{**BARE, **a}),
        fighter("b", "y", 0, **{**VICTIM, **ARMED}),
        dice=[*hit, 4, 4, 4, *dice],
    )
    choose(game, "do_nothing")
    choose(game, "attack:a:axe/swing")
    choose(game, aimed)
    choose(game, "parry:punch")
    assert events(game, DefenseRolled)[-1].result == "failure"
    return game


def test_a_failed_bare_handed_parry_lets_the_attacker_strike_the_arm() -> None:
    """B376 (the fact sheet): the parry fails; b may strike the arm that parried (a's main
    hand is empty: the right arm) rather than the torso. Taken, the axe lands there."""
    game = _failed_bare_parry([1, *SAFE])
    decision = game.pending
    assert decision is not None and decision.kind == "parrying_arm" and decision.actor == "b"
    assert decision.keys == ("as_aimed:torso", "hit_arm:right_arm")
    choose(game, "hit_arm:right_arm")
    wound = events(game, Injured)[-1]
    assert (wound.target, wound.location) == ("a", "right_arm")


def test_the_attacker_may_keep_its_aim() -> None:
    """Declined, the blow lands where it was aimed."""
    game = _failed_bare_parry([1, *SAFE])
    choose(game, "as_aimed:torso")
    assert events(game, Injured)[-1].location == "torso"


def test_the_arm_is_the_one_whose_hand_parried() -> None:
    """With a knife in the main hand, a parries bare-handed with the off hand: its left arm
    is offered."""
    game = _failed_bare_parry([1, *SAFE], weapons=["large_knife"], skills={"Brawling": 14})
    assert game.pending is not None
    assert "hit_arm:left_arm" in game.pending.keys


def test_no_choice_after_a_failed_parry_of_a_punch_or_with_a_weapon() -> None:
    """Only a bare hand failing against a weapon: a sword's failed parry of the axe, or a
    bare hand's of a punch, leave the blow where it was aimed."""
    game = battle(
        fighter("a", "x", 0, **SWORD),
        fighter("b", "y", 0, **{**VICTIM, **ARMED}),
        dice=[3, 3, 3, 6, 6, 6, 1, *SAFE],
    )
    choose(game, "do_nothing")
    choose(game, "attack:a:axe/swing")
    choose(game, "torso")
    choose(game, "parry:broadsword")
    assert events(game, Injured)[-1].location == "torso"
    punched = _punched(BARE, "punch", [3, 3, 3, 6, 6, 6, 1])
    assert events(punched, Injured)[-1].location == "torso"


def _ai_answer(dr: dict[str, int], aimed: str = "torso") -> str:
    game = _failed_bare_parry([1, *SAFE], aimed, dr=dr)
    assert game.pending is not None
    answer: Choice = GurpsAI().choose(game, game.pending)
    return answer.key


def test_the_ai_strikes_the_arm_when_it_wounds_as_much_there() -> None:
    """The AI takes the arm when the blow is expected to wound it at least as much as
    where it aimed: a's torso under DR 6, its arms bare - the arm; no armor anywhere - the
    torso (a cut is x1.5 on both, but an arm's injury stops at crippling); aimed at the
    skull - the skull."""
    assert _ai_answer({"torso": 6}) == "hit_arm:right_arm"
    assert _ai_answer({}) == "as_aimed:torso"
    assert _ai_answer({}, "skull") == "as_aimed:skull"


def test_the_decision_names_the_blow() -> None:
    """The decision's context is the blow about to land (for a front end): b's axe swing at
    a's torso."""
    game = _failed_bare_parry([1, *SAFE])
    decision: Decision = game.pending  # type: ignore[assignment]
    hit = decision.context
    assert (hit.attacker, hit.target, hit.weapon, hit.location) == ("b", "a", "axe", "torso")
    assert events(game, AttackRolled)[-1].location == "torso"


def test_the_choice_and_the_roll_read_in_both_languages() -> None:
    """`senjo play` words the choice's options with the location; the strike's roll and
    its -4 read as words, each Japanese term in docs/glossary.md."""
    game = _failed_bare_parry([1, *SAFE])
    decision = game.pending
    assert decision is not None
    arm = decision.options[1]
    assert describe_option(game, decision, arm, "ja") == "受け損ねた腕を打つ [右腕]"
    assert describe_option(game, decision, arm, "en") == (
        "strike the arm that failed to parry [right arm]"
    )
    assert asked("parrying_arm", "en") != "parrying_arm"
    for kind, key in (("check", "parry_strike"), ("modifier", "parried_judo_karate")):
        ja, en = term(kind, key, "ja"), term(kind, key, "en")
        assert ja != en and "_" not in en and ja in GLOSSARY


def test_the_turned_blow_is_narrated() -> None:
    """A GM reading the log sees why the axe aimed at the torso wounds an arm: the choice
    reads as a line of its own, in each language; keeping the aim reads as nothing."""
    game = _failed_bare_parry([1, *SAFE])
    choose(game, "hit_arm:right_arm")
    decided = next(e for e in game.log if isinstance(e, Decided) and e.kind == "parrying_arm")
    names = {"a": ("A", "エー"), "b": ("B", "ビー")}
    assert GurpsNarrator(names, "ja").line(decided) == "ビーは受け損ねた腕を打つ（右腕）"
    assert GurpsNarrator(names, "en").line(decided) == (
        "B turns the blow to the arm that failed to parry (right arm)"
    )
    kept = Decided("b", "parrying_arm", 0, "as_aimed:torso")
    assert GurpsNarrator(names, "en").line(kept) is None
