"""The GURPS examples as acceptance tests: many random battles, and the AI against random play.

The random-battle property plays BATTLES fights with a RandomController for
every combatant, spread evenly over the three examples with fixed seeds, and
checks that each ends with an outcome and keeps its HP books straight.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from senjo.engine.battle import Battle, Outcome
from senjo.engine.controllers import RandomController, run
from senjo.engine.journal import journal_lines, read_journal, replay
from senjo.scenario import Scenario, load_scenario
from senjo.scenario.battle import build_battle, controllers_for
from senjo.systems.gurps.ai import GurpsAI
from senjo.systems.gurps.events import AttackRolled, FatigueLost, Injured

EXAMPLES = Path(__file__).parents[3] / "examples" / "gurps"
NAMES = ("duel", "three_vs_one", "ranged", "spear_vs_broadsword", "wyrm")

#: Random battles in the acceptance property, over all examples.
BATTLES = 10_000
#: Random play rarely finishes a fight; a round limit keeps each battle short (it ends
#: in a draw) while every rule still gets exercised thousands of times.
RANDOM_MAX_ROUNDS = "25"
#: The property runs in chunks (one test each) so a failure names a small seed range.
CHUNKS = 8
#: Mirrored AI-against-random duels, and the share the AI must win.
AI_DUELS = 200
AI_WIN_SHARE = 0.8


def _scenario(name: str) -> Scenario:
    return load_scenario(EXAMPLES / f"{name}.yaml")


def hp_problems(battle: Battle[Any]) -> Iterator[str]:
    """Where the battle's HP bookkeeping does not add up (nothing when it does).

    Every `Injured.hp` must be the target's running total (starting HP minus
    the injuries so far, and the HP that FP lost below 0 cost: `FatigueLost`), and
    each fighter's final HP the last of those totals.
    """
    state = battle.state
    running = {key: fighter.hp for key, fighter in state.fighters.items()}
    for index, item in enumerate(battle.log):
        if isinstance(item, FatigueLost):
            running[item.actor] -= item.hp_lost
        if isinstance(item, Injured):
            running[item.target] -= item.injury
            expected = running[item.target]
            if item.hp != expected:
                yield f"event {index}: {item.target} at {item.hp} HP, expected {expected}"
    for key, status in state.status.items():
        if status.hp != running[key]:
            yield f"{key} ends at {status.hp} HP, expected {running[key]}"


def _random_battle(scenario: Scenario, seed: int) -> tuple[Battle[Any], Outcome]:
    battle = build_battle(scenario, seed=seed, options={"max_rounds": RANDOM_MAX_ROUNDS})
    controller = RandomController(seed)
    outcome = run(battle, lambda _actor: controller)
    return battle, outcome


def _chunk_seeds(chunk: int) -> range:
    per_chunk = BATTLES // (CHUNKS * len(NAMES))
    return range(chunk * per_chunk, (chunk + 1) * per_chunk)


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_battles_end_and_keep_hp_books(chunk: int) -> None:
    """Random play on every example ends in an outcome, with HP = start - sum of injuries."""
    for name in NAMES:
        scenario = _scenario(name)
        sides = {fighter.side for fighter in scenario.fighters}
        for seed in _chunk_seeds(chunk):
            battle, outcome = _random_battle(scenario, seed)
            assert outcome.winner_side is None or outcome.winner_side in sides, (name, seed)
            assert outcome.winner_side is not None or outcome.reason == "round_limit"
            assert battle.log[-1] == outcome
            problems = list(hp_problems(battle))
            assert not problems, (name, seed, problems)


def test_chunks_cover_the_battle_count() -> None:
    """The chunks' seed ranges are disjoint and add up to BATTLES (within rounding)."""
    seeds = [seed for chunk in range(CHUNKS) for seed in _chunk_seeds(chunk)]
    assert len(seeds) == len(set(seeds))
    assert BATTLES - CHUNKS * len(NAMES) < len(seeds) * len(NAMES) <= BATTLES


def test_hp_check_catches_a_wrong_total() -> None:
    """The HP check reports a battle whose Injured event disagrees with the running total."""
    scenario = _scenario("duel")
    for seed in range(50):
        battle, _ = _random_battle(scenario, seed)
        injured = [i for i, item in enumerate(battle.log) if isinstance(item, Injured)]
        if injured:
            break
    else:
        pytest.fail("no injury in 50 random duels")
    assert list(hp_problems(battle)) == []
    index = injured[0]
    item = battle.log[index]
    assert isinstance(item, Injured)
    battle.log[index] = Injured(
        item.target,
        item.location,
        item.basic,
        item.damage_type,
        item.dr,
        item.penetrating,
        item.multiplier,
        item.injury + 1,
        item.hp,
    )
    assert list(hp_problems(battle))


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("seed", [0, 1, 2, 3, 7, 11, 42])
def test_ai_battles_reach_an_outcome(name: str, seed: int) -> None:
    """Each example, played by the AI on every side, ends in a win or a round-limit draw."""
    scenario = _scenario(name)
    battle = build_battle(scenario, seed=seed)
    outcome = run(battle, lambda _actor: GurpsAI())
    if outcome.winner_side is None:
        assert outcome.reason == "round_limit"
    else:
        assert outcome.winner_side in {fighter.side for fighter in scenario.fighters}
    assert not list(hp_problems(battle))


def test_ai_beats_random_play() -> None:
    """GurpsAI wins at least 80% of mirrored duels against RandomController on duel.yaml."""
    scenario = _scenario("duel")
    sides = {fighter.key: fighter.side for fighter in scenario.fighters}
    ai = GurpsAI()
    wins = 0
    for seed in range(AI_DUELS // 2):
        for ai_key in sides:  # each side gets the AI in half of the duels
            battle = build_battle(scenario, seed=seed)
            random_play = RandomController(seed)

            def controller(actor: str, ai_key: str = ai_key, other: Any = random_play) -> Any:
                return ai if actor == ai_key else other

            outcome = run(battle, controller)
            wins += outcome.winner_side == sides[ai_key]
    assert wins >= AI_WIN_SHARE * AI_DUELS, f"the AI won {wins} of {AI_DUELS}"


@pytest.mark.parametrize("name", ["spear_vs_broadsword", "corridor", "wyrm"])
def test_hex_map_examples_play_out_and_replay(name: str) -> None:
    """The hex-map examples end with an outcome at every seed tried, and their journals
    replay to the same events."""
    scenario = _scenario(name)
    for seed in range(12):
        battle = build_battle(scenario, seed=seed, record_dice=True)
        outcome = run(battle, controllers_for(scenario, seed))
        assert outcome.winner_side is not None or outcome.reason == "round_limit"
        journal = read_journal(journal_lines(battle, {"seed": seed}))
        replayed, divergence = replay(journal, lambda dice: build_battle(scenario, dice=dice))
        assert divergence is None and replayed.log == battle.log


def test_the_dojo_example_locks_arms_and_replays() -> None:
    """dojo.yaml (a judoka against a knife; *Martial Arts*' Arm Lock): the AI's locks and
    wrenches are decisions the journal keeps - each battle ends with an outcome, replays
    to the same events, and some put a lock on."""
    scenario = _scenario("dojo")
    locked = 0
    for seed in range(6):
        battle = build_battle(scenario, seed=seed, record_dice=True)
        outcome = run(battle, controllers_for(scenario, seed))
        assert outcome.winner_side is not None or outcome.reason == "round_limit"
        assert not list(hp_problems(battle))
        locked += any(isinstance(e, AttackRolled) and e.mode == "arm_lock" for e in battle.log)
        journal = read_journal(journal_lines(battle, {"seed": seed}))
        replayed, divergence = replay(journal, lambda dice: build_battle(scenario, dice=dice))
        assert divergence is None and replayed.log == battle.log
    assert locked
