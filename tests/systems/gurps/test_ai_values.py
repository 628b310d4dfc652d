"""How the GURPS AI values its Attacks (`GurpsAI._maneuver_of`): an Attack with the Step
back after it (seed 001 長い武器を用いた戦法) is valued once with the plain Attack on the
same foe with the same weapon's mode, which holds only while the two values are equal -
these tests check that they are, in every state the examples reach."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from senjo.engine.battle import Battle
from senjo.engine.controllers import run
from senjo.engine.decision import Decision
from senjo.scenario import load_scenario
from senjo.scenario.battle import build_battle
from senjo.systems.gurps.ai import GurpsAI
from senjo.systems.gurps.choices import ManeuverChoice
from senjo.systems.gurps.state import GurpsState

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
