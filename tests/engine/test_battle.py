"""The battle state machine, driven through the CoinToss test system."""

from __future__ import annotations

from typing import Any

import pytest

from senjo.dice import ScriptedDice
from senjo.engine import Battle, BattleError, Choice, Decided, IllegalOption, RuleOptionError, rules
from senjo.engine.battle import MOST_ROUNDS
from senjo.engine.controllers import FirstOption, RandomController, run
from senjo.engine.testing import CoinToss, Tossed


def test_pending_names_actor_kind_and_options() -> None:
    """A new battle waits on its first decision with the legal options."""
    battle = Battle(CoinToss(), None, ScriptedDice([1]))
    assert battle.pending is not None
    assert (battle.pending.actor, battle.pending.kind) == ("caller", "call")
    assert battle.pending.keys == ("heads", "tails")
    assert battle.outcome() is None


def test_decide_resolves_and_logs_decision_then_events() -> None:
    """Deciding logs the decision, the events it caused, and the outcome."""
    battle = Battle(CoinToss(), None, ScriptedDice([1]))
    battle.decide(Choice("heads"))
    assert battle.log[0] == Decided("caller", "call", 0, "heads")
    assert battle.log[1] == Tossed("heads")
    outcome = battle.outcome()
    assert outcome is not None and outcome.winner_side == "caller"
    assert battle.log[-1] == outcome
    assert battle.pending is None


def test_wrong_call_loses() -> None:
    """A d2 of 2 is tails, so a call of heads misses."""
    battle = Battle(CoinToss(), None, ScriptedDice([2]))
    battle.decide(Choice("heads"))
    outcome = battle.outcome()
    assert outcome is not None and (outcome.winner_side, outcome.reason) == ("coin", "missed")


def test_illegal_option_is_refused_and_state_kept() -> None:
    """An option that is not legal raises and leaves the pending decision in place."""
    battle = Battle(CoinToss(), None, ScriptedDice([1]))
    with pytest.raises(IllegalOption, match="legal: heads, tails"):
        battle.decide(Choice("edge"))
    assert battle.pending is not None and battle.log == []


def test_deciding_after_the_end_is_an_error() -> None:
    """Once the outcome is known there is nothing to decide."""
    battle = Battle(CoinToss(), None, ScriptedDice([1]))
    battle.decide(Choice("tails"))
    with pytest.raises(BattleError, match="over"):
        battle.decide(Choice("tails"))


def test_rule_options_are_checked() -> None:
    """Unknown options and values are refused with the known ones listed."""
    with pytest.raises(RuleOptionError, match="known options: rounds"):
        CoinToss({"sides": "3"})
    with pytest.raises(RuleOptionError, match="takes 1, 3"):
        CoinToss({"rounds": "2"})
    assert CoinToss({"rounds": "3"}).settings == {"rounds": "3"}


def test_settings_checked_once_are_each_systems_own() -> None:
    """A simulation makes a system for every battle with the same settings: checked once,
    each system still gets a dict of its own, and a refused value is refused every time
    (also one that cannot be a dictionary key)."""
    first, second = CoinToss({"rounds": "3"}), CoinToss({"rounds": "3"})
    assert first.settings == second.settings == {"rounds": "3"}
    first.settings["rounds"] = "1"
    assert CoinToss({"rounds": "3"}).settings == {"rounds": "3"}
    for _ in range(2):
        with pytest.raises(RuleOptionError, match="takes 1, 3"):
            CoinToss({"rounds": "2"})
        with pytest.raises(RuleOptionError, match="takes 1, 3"):
            CoinToss({"rounds": ["3"]})  # type: ignore[dict-item]


def test_settings_checked_once_are_kept_within_a_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    """The settings kept as checked start again past their bound (a process trying settings
    freely must not grow without end), and each system still gets its own right."""
    monkeypatch.setattr(rules, "_RESOLVED_MAX", 1)
    assert CoinToss({"rounds": "3"}).settings == {"rounds": "3"}
    assert CoinToss({"rounds": "1"}).settings == {"rounds": "1"}
    assert len(rules._RESOLVED) == 1
    assert CoinToss({"rounds": "3"}).settings == {"rounds": "3"}


@pytest.mark.parametrize("system", ["gurps", "coc"])
def test_the_round_limit_takes_1_to_most_rounds(system: str) -> None:
    """Both rule systems' `max_rounds` take a whole number from 1 to `MOST_ROUNDS`
    (10,000), saying so in English and Japanese; a limit past it is refused, since the
    battles it would lengthen are only those no one can win."""
    from senjo.engine.bilingual import in_lang
    from senjo.systems import find_rule_system

    rules = find_rule_system(system)
    assert rules.resolve_options({"max_rounds": str(MOST_ROUNDS)})["max_rounds"] == "10000"
    for refused in ("0", "10001", "1e9"):
        with pytest.raises(RuleOptionError) as caught:
            rules.resolve_options({"max_rounds": refused})
        assert "takes a whole number from 1 to 10,000" in str(caught.value.args[0])
        assert "1から10,000までの整数" in in_lang(caught.value.args[0], "ja")


def test_run_plays_to_the_end_with_controllers() -> None:
    """`run` asks controllers until an outcome; best of three needs three calls."""
    battle = Battle(CoinToss({"rounds": "3"}), None, ScriptedDice([1, 2, 1]))
    outcome = run(battle, {"caller": FirstOption()})
    assert outcome.rounds == 3 and outcome.winner_side == "caller"
    assert sum(isinstance(item, Decided) for item in battle.log) == 3


def test_random_controller_is_seeded() -> None:
    """The same seed makes the same choices."""
    picks = []
    for _ in range(2):
        controller = RandomController(5)
        battle = Battle(CoinToss({"rounds": "3"}), None, ScriptedDice([1, 1, 1]))
        run(battle, {"caller": controller})
        picks.append([item for item in battle.log if isinstance(item, Decided)])
    assert picks[0] == picks[1]


def test_a_battle_not_started_only_holds_its_state() -> None:
    """`start=False`: no flow runs (no die is rolled, nothing pending or logged), so a
    policy or a rule can be asked about a state (the fast paths' tables); events may
    still be emitted onto its log."""
    dice = ScriptedDice([1])
    system: Any = CoinToss()  # its flow would never look at the state
    battle: Battle[str] = Battle(system, "a state", dice, start=False)
    assert battle.state == "a state"
    assert battle.pending is None and battle.outcome() is None and battle.log == []
    assert dice.remaining == 1
    with pytest.raises(BattleError):
        battle.decide(Choice("heads"))
    battle.emit(Tossed("heads"))
    assert battle.log == [Tossed("heads")]
    started = Battle(CoinToss(), None, ScriptedDice([1]))
    assert started.pending is not None
