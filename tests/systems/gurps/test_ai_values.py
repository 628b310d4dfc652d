"""How the GURPS AI values its Attacks (`GurpsAI._maneuver_of`, `ai_values`): an Attack
with the Step back after it (seed 001 長い武器を用いた戦法) is valued once with the plain
Attack on the same foe with the same weapon's mode, which holds only while the two values
are equal - these tests check that they are, in every state the examples reach; a
Dual-Weapon Attack (B417) is valued as its two blows."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from senjo.engine.battle import Battle
from senjo.engine.controllers import run
from senjo.engine.decision import Decision
from senjo.scenario import load_scenario
from senjo.scenario.battle import build_battle
from senjo.systems.gurps import ai_values
from senjo.systems.gurps.ai import GurpsAI
from senjo.systems.gurps.ai_values import success_chance
from senjo.systems.gurps.anatomy import injury_tolerance, wounded_location
from senjo.systems.gurps.choices import ManeuverChoice
from senjo.systems.gurps.events import AttackRolled
from senjo.systems.gurps.state import GurpsState

from .helpers import battle, events, fighter

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "gurps"


class _Comparing:
    """The AI, comparing the values of each Step-back Attack and its plain Attack first."""

    def __init__(self) -> None:
        self.ai = GurpsAI()
        self.pairs = 0

    def choose(self, battle: Battle[GurpsState], decision: Decision) -> Any:
        if decision.kind == "maneuver":
            options: tuple[ManeuverChoice, ...] = decision.options
            plain = {
                (o.target, o.weapon, o.mode): o
                for o in options
                if o.maneuver == "attack" and o.variant == ""
            }
            for option in options:
                if option.maneuver == "attack" and option.variant == "step_back":
                    twin = plain[(option.target, option.weapon, option.mode)]
                    state, key = battle.state, decision.actor
                    back = self.ai._attack_value(state, key, option, {})
                    assert back == self.ai._attack_value(state, key, twin, {}), option
                    self.pairs += 1
        return self.ai.choose(battle, decision)


@pytest.mark.parametrize("name", ["spear_vs_broadsword", "corridor", "duel"])
def test_a_step_back_attack_is_valued_as_the_plain_attack(name: str) -> None:
    """Seed 001: the Step back comes after the blow, so the blow's score and plans are the
    plain Attack's; the AI's value of the two is the same in every state of six battles."""
    scenario = load_scenario(EXAMPLES / f"{name}.yaml")
    policy = _Comparing()
    for seed in range(6):
        run(build_battle(scenario, seed=seed), lambda actor: policy)
    assert policy.pairs > 0  # the examples do offer the Step back


def _two_swords(skill: int, *advantages: str) -> Battle[GurpsState]:
    """A swordsman with a broadsword in the main hand and a shortsword in the off hand,
    both at `skill`, against an axeman beside it; the swordsman's maneuver is pending."""
    swordsman = fighter(
        "a",
        "x",
        0,
        st=12,
        dx=12,
        ht=12,
        skills={"Broadsword": skill, "Shortsword": skill},
        weapons=["broadsword", "shortsword"],
        ready=["broadsword", "shortsword"],
        advantages=list(advantages),
    )
    axeman = fighter("b", "y", 1, skills={"Axe/Mace": 10}, weapons=["axe"])
    game = battle(swordsman, axeman, dice=[6, 1, *[3] * 20])  # the tie roll puts a first
    assert game.pending is not None and game.pending.actor == "a"
    return game


def test_the_ai_strikes_with_both_weapons_when_two_blows_are_worth_more() -> None:
    """B417: a Dual-Weapon Attack is two blows at -4 each, the off hand's a further -4
    (none with Ambidexterity). At skill 18 with Ambidexterity, two blows at 14 beat one at
    18 (or a Rapid Strike's two at 12), and the AI takes it; it valued the Dual-Weapon
    Attack as the main hand's blow alone before, and never took it."""
    game = _two_swords(18, "ambidexterity")
    decision = game.pending
    assert decision is not None
    assert any(o.variant == "dual" for o in decision.options)
    ai = GurpsAI()
    chosen = ai.choose(game, decision)
    assert (chosen.maneuver, chosen.variant) == ("attack", "dual"), chosen
    game.decide(chosen)
    while game.pending is not None and game.pending.kind != "maneuver":
        game.decide(ai.choose(game, game.pending))  # the plan (one for both), the defenses
    blows = [(a.weapon, dict(a.skill.modifiers.items)) for a in events(game, AttackRolled)]
    assert [weapon for weapon, _ in blows] == ["broadsword", "shortsword"]
    assert all(items.pop("dual_weapon_attack") == -4 for _, items in blows)
    assert blows[0][1] == blows[1][1]  # one plan for both (a Deceptive Attack here)


def test_the_ai_strikes_once_when_the_penalties_cost_too_much() -> None:
    """At skill 11 without Ambidexterity the blows would be at 7 and 3: one plain blow at
    11 is worth more, and the AI strikes once."""
    game = _two_swords(11)
    assert game.pending is not None
    chosen = GurpsAI().choose(game, game.pending)
    assert (chosen.maneuver, chosen.variant) == ("attack", ""), chosen


def test_success_chances_at_the_ends_of_the_scale() -> None:
    """B344: a 3 or 4 always succeeds and a 17 or 18 always fails, so no skill is below
    4/216 or above 212/216; skills past -20 and 40 count as those (the AI's table's
    ends). Between 15 and 16 only the sixteens (6 of 216) change."""
    assert success_chance(-30) == success_chance(-20) == 4 / 216
    assert success_chance(50) == success_chance(40) == success_chance(16) == 212 / 216
    assert success_chance(16) - success_chance(15) == pytest.approx(6 / 216)


@pytest.mark.parametrize("traits", [(), ("injury_tolerance_homogenous",), ("no_brain",)])
def test_the_wounds_by_location_are_kept_per_victim_and_blow(traits: tuple[str, ...]) -> None:
    """The AI's expected wound at each location (`ai_values._wound_table`) is kept per
    victim sheet and blow, and is `expected_wound` of the location's DR, wounding
    (`wounded_location`: a brainless skull wounds as the face), HP and Injury Tolerance."""
    victim, _ = fighter(
        "v", "y", 0, hp=14, dr={"all": 1, "skull": 4, "torso": 3}, advantages=list(traits)
    )
    table = ai_values._wound_table(victim, (2, 0), "cut")
    for location in ("torso", "skull", "vitals", "neck", "face"):
        wound = ai_values._wound_at(table, location, (2, 0), "cut", victim)
        assert wound == ai_values.expected_wound(
            (2, 0),
            "cut",
            victim.dr_at(location),
            wounded_location(victim, location),
            victim.hp,
            injury_tolerance(victim),
        )
    assert ai_values._wound_table(victim, (2, 0), "cut") is table and len(table) == 5
    assert ai_values._wound_table(victim, (2, 0), "imp") is not table
    assert ai_values._wound_table(victim, (2, 1), "cut") is not table


def test_a_blow_is_valued_over_its_damage_rolls() -> None:
    """senjo's AI (docs/rules/gurps.md, interpretation 61): the expected wound is the mean
    injury over every roll of the damage dice. A punch of 1d-2 (equipment.yaml's thrust -1
    at ST 12) against DR 2 wounds on a 5 or 6 (1 and 2 points): 0.5, where the injury of
    its average roll (1) is nothing. At the face (DR 1) the bonus for the knockdown and
    stun rolls counts only the rolls that wound: none through DR 4."""
    assert ai_values.expected_wound((1, -2), "cr", 2, "torso", 13, None) == pytest.approx(3 / 6)
    face = ai_values.expected_wound((1, -2), "cr", 1, "face", 13, None)
    assert face == pytest.approx((1 + 2 + 3) / 6 + 2.0 * 3 / 6)
    assert ai_values.expected_wound((1, -2), "cr", 4, "face", 13, None) == 0.0
    # A cut of 1d-4 does at least 1 basic damage (B378), x1.5 against no DR.
    assert ai_values.expected_wound((1, -4), "cut", 0, "torso", 13, None) == pytest.approx(
        (5 * 1 + 1 * 3) / 6
    )


def test_a_fighter_left_with_a_punch_strikes_where_it_wounds() -> None:
    """A knight whose sword broke (only its punch, 1d-2) against a raider with DR 2 on the
    torso and 1 elsewhere: it attacks, at a limb (DR 1 at -2: skill 10), not at the face
    (-5: skill 7). Valued at the average roll, the torso was worth nothing and the face 2
    whatever the injury, so duel.yaml's knight punched at the face for up to 100 rounds."""
    knight = fighter("a", "x", 0, st=12, dx=12, ht=12, skills={"Brawling": 12}, weapons=[])
    raider = fighter(
        "b",
        "y",
        1,
        st=13,
        dx=11,
        ht=12,
        skills={"Axe/Mace": 14},
        weapons=["axe"],
        dr={"all": 1, "torso": 2},
    )
    game = battle(knight, raider, dice=[6, 1, *[3] * 20])  # the tie roll puts the knight first
    ai = GurpsAI()
    decision = game.pending
    assert decision is not None and decision.actor == "a" and decision.kind == "maneuver"
    chosen = ai.choose(game, decision)
    assert (chosen.maneuver, chosen.weapon) == ("attack", "punch"), chosen
    game.decide(chosen)
    plan = game.pending
    assert plan is not None and plan.kind == "attack_plan"
    location = ai.choose(game, plan).location
    assert location in ("right_arm", "left_arm", "right_leg", "left_leg"), location
