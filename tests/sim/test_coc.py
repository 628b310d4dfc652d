"""The CoC statistics hook: per-combatant figures read from a finished CoC battle's log."""

from __future__ import annotations

from pathlib import Path

from senjo.engine.controllers import run
from senjo.scenario import load_scenario
from senjo.scenario.battle import build_battle
from senjo.sim.coc import coc_battle_stats
from senjo.systems import find_rule_system
from senjo.systems.coc.events import CocInjured

EXAMPLE = Path(__file__).parents[2] / "examples" / "coc" / "cultists.yaml"


def test_taken_matches_the_logged_injuries() -> None:
    """Each combatant's damage taken is the sum of the losses logged against it, and the HP
    it lost over the battle."""
    scenario = load_scenario(EXAMPLE)
    ai = find_rule_system("coc").default_ai()
    for seed in range(5):
        battle = build_battle(scenario, seed=seed)
        run(battle, {key: ai for key in scenario.controllers})
        results = coc_battle_stats(battle)
        assert set(results) == {fighter.key for fighter in scenario.fighters}
        for key, result in results.items():
            logged = [e for e in battle.log if isinstance(e, CocInjured) and e.target == key]
            assert result.taken == sum(e.loss for e in logged), (seed, key)
            lost = battle.state.sheets[key].hp - battle.state.status[key].hp
            assert result.taken == lost, (seed, key)
