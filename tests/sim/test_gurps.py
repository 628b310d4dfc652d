"""The GURPS statistics hook reads attacks, defenses and injury from a battle's events."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from senjo.dice.rollers import ScriptedDice
from senjo.engine.battle import Battle
from senjo.engine.controllers import run
from senjo.engine.modifiers import Score
from senjo.scenario import load_scenario
from senjo.scenario.battle import build_battle, controllers_for
from senjo.sim.aggregate import CombatantResult
from senjo.sim.gurps import gurps_battle_stats
from senjo.systems.gurps.events import AttackRolled, DamageRolled, DefenseRolled, Injured
from senjo.systems.gurps.system import Gurps

DUEL = Path(__file__).parents[2] / "examples" / "gurps" / "duel.yaml"


def attack(attacker: str, target: str, result: str) -> AttackRolled:
    """An attack roll event with the given result."""
    return AttackRolled(attacker, target, "axe", "swing", Score(12), 10, 2, result, "torso")


def defense(defender: str, attacker: str, result: str) -> DefenseRolled:
    """A dodge roll event with the given result."""
    return DefenseRolled(defender, attacker, "dodge", "", False, Score(9), 10, -1, result)


def damage(attacker: str, target: str) -> DamageRolled:
    """A damage roll event."""
    return DamageRolled(attacker, target, "2d", (3, 4), 7, "cut", Score(7))


def injured(target: str, injury: int, hp: int) -> Injured:
    """An injury event."""
    return Injured(target, "torso", 7, "cut", 2, 5, 1.5, injury, hp)


def test_counts_from_a_made_up_log() -> None:
    """Hits, defenses and injury follow the events; unattributed injury is only taken."""
    scenario = load_scenario(DUEL)
    state = Gurps.new_state(scenario.fighters, scenario.positions)
    state.status["knight"].hp = 4
    state.status["raider"].hp = -3
    state.status["raider"].conscious = False
    log: list[Any] = [
        attack("raider", "knight", "miss"),
        attack("raider", "knight", "hit"),
        defense("knight", "raider", "failure"),
        damage("raider", "knight"),
        injured("knight", 8, 4),
        attack("knight", "raider", "critical_hit"),
        damage("knight", "raider"),
        injured("raider", 12, 1),
        attack("knight", "raider", "hit"),
        defense("raider", "knight", "success"),
        attack("knight", "raider", "critical_miss"),
        injured("raider", 4, -3),  # e.g. a fall: nobody dealt it
    ]
    battle = Battle(Gurps(), state, ScriptedDice([]), start=False)  # held, not played
    battle.log.extend(log)
    stats = gurps_battle_stats(battle)
    assert stats["knight"] == CombatantResult(3, 2, 1, 0, 12, 8, 4, True)
    assert stats["raider"] == CombatantResult(2, 1, 1, 1, 8, 16, -3, False)


def test_a_real_duel_balances() -> None:
    """In a played duel, injury dealt by one fighter is at most what the other took."""
    scenario = load_scenario(DUEL)
    for seed in range(5):
        battle = build_battle(scenario, seed=seed)
        run(battle, controllers_for(scenario, seed))
        stats = gurps_battle_stats(battle)
        knight, raider = stats["knight"], stats["raider"]
        assert knight.dealt <= raider.taken and raider.dealt <= knight.taken
        assert knight.hits <= knight.attacks and raider.defended <= raider.defenses
        assert knight.hp == battle.state.status["knight"].hp
        assert not (knight.standing and raider.standing) or battle.outcome().reason == "round_limit"  # type: ignore[union-attr]
