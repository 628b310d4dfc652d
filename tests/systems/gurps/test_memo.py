"""The turn memo (`senjo.systems.gurps.memo`): options and AI choices reused per state.

The memo may only ever give what the rules and the AI would have worked out: the
state snapshot it keys on must change with every field of the state
(`test_memo_snapshot.py`), and battles played with it must log exactly what they log
without it.
"""

from __future__ import annotations

import dataclasses
import gc
import weakref
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from senjo.dice.roller import ScriptedDice
from senjo.engine.battle import Battle
from senjo.engine.controllers import run
from senjo.engine.events import to_json
from senjo.scenario import load_scenario
from senjo.scenario.battle import build_battle
from senjo.systems.gurps import ruleset
from senjo.systems.gurps.ai import GurpsAI
from senjo.systems.gurps.choices import AttackPlan
from senjo.systems.gurps.defense import IncomingAttack
from senjo.systems.gurps.events import ManeuverTaken
from senjo.systems.gurps.hands import free_hand, let_go, take
from senjo.systems.gurps.item_sets import shared, with_item, without_item
from senjo.systems.gurps.memo import MEMO, SIZE, WINDOW, TurnMemo
from senjo.systems.gurps.model import Fighter
from senjo.systems.gurps.ruleset import RuleSet, rules_for
from senjo.systems.gurps.state import GurpsState
from senjo.systems.gurps.system import Gurps
from tests.sources import needs_sources
from tests.systems.gurps.helpers import fighter

EXAMPLES = Path(__file__).parents[3] / "examples" / "gurps"


def _duel_state() -> GurpsState:
    knight, raider = fighter("knight", "a"), fighter("raider", "b", 1.0)
    state = Gurps.new_state([knight[0], raider[0]], {"knight": knight[1], "raider": raider[1]})
    state.order = ("knight", "raider")
    return state


def test_a_repeated_state_gets_the_same_options_and_answer() -> None:
    memo = TurnMemo()
    state = _duel_state()
    calls: list[int] = []

    def build() -> tuple[str, ...]:
        calls.append(1)
        return ("a", "b")

    first = memo.issue(state, "knight", None, build)
    again = memo.issue(state, "knight", None, build)
    assert again is first and len(calls) == 1 and memo.states == 1
    memo.remember(first, GurpsAI, "b")
    assert memo.answer(first, GurpsAI) == "b"
    # another policy class has answers of its own
    assert memo.answer(first, type("Other", (), {})) is None
    # a tuple the memo did not issue is never answered, nor remembered
    stranger = ("a", "b")
    memo.remember(stranger, GurpsAI, "a")
    assert memo.answer(stranger, GurpsAI) is None
    # the state moves on: a new entry
    state.status["raider"].hp -= 3
    moved = memo.issue(state, "knight", None, build)
    assert moved is not first and len(calls) == 2 and memo.answer(moved, GurpsAI) is None
    memo.clear()
    assert memo.states == 0 and memo.answer(first, GurpsAI) is None


def test_alternating_states_keep_their_own_sheets_and_trials() -> None:
    """The memo keeps the last state's sheets and trial by the state's identity (a battle
    asks about one state object turn after turn); states asked about in turn, or after a
    `clear`, still get entries and trials of their own."""
    memo = TurnMemo()
    one, two = _duel_state(), _duel_state()
    calls: list[int] = []

    def build() -> tuple[str, ...]:
        calls.append(1)
        return ("a",)

    first = memo.issue(one, "knight", None, build)
    second = memo.issue(two, "knight", None, build)
    assert memo.issue(one, "knight", None, build) is first
    assert memo.issue(two, "knight", None, build) is second
    assert len(calls) == 2 and memo.states == 2
    memo.clear()
    again = memo.issue(one, "knight", None, build)
    assert again is not first and len(calls) == 3 and memo.states == 1
    assert memo.issue(one, "knight", None, build) is again


def test_other_sheets_do_not_share_entries() -> None:
    """The sheets are part of the key by identity: the same condition of another
    fighter (another scenario, or a reloaded one) is a state of its own."""
    memo = TurnMemo()
    one, two = _duel_state(), _duel_state()
    assert one.snapshot() == two.snapshot()
    first = memo.issue(one, "knight", None, lambda: ("a",))
    assert memo.issue(two, "knight", None, lambda: ("a",)) is not first
    assert memo.states == 2


def test_a_full_memo_starts_again() -> None:
    """Full, with no state found again since it was filled: every state goes."""
    memo = TurnMemo(size=2)
    state = _duel_state()
    issued = []
    for hp in (12, 11):
        state.status["knight"].hp = hp
        issued.append(memo.issue(state, "knight", None, lambda: ("a",)))
    memo.remember(issued[0], GurpsAI, "a")
    assert memo.states == 2 and memo.answer(issued[0], GurpsAI) == "a"
    state.status["knight"].hp = 10
    third = memo.issue(state, "knight", None, lambda: ("a",))
    assert memo.states == 1 and memo.answer(issued[0], GurpsAI) is None
    assert memo.issue(state, "knight", None, lambda: ("a",)) is third


def test_a_full_memo_keeps_the_states_found_again() -> None:
    """Full: the states found again since it last made room stay, with their options and
    answers (a duel's common states); those met once go, and the marks start afresh."""
    memo = TurnMemo(size=4)
    state = _duel_state()
    issued: dict[int, tuple[object, ...]] = {}
    for hp in (12, 11, 10, 9):
        state.status["knight"].hp = hp
        issued[hp] = memo.issue(state, "knight", None, lambda: ("a",))
    state.status["knight"].hp = 12
    assert memo.issue(state, "knight", None, lambda: ("a",)) is issued[12]  # found again
    memo.remember(issued[12], GurpsAI, "a")
    memo.remember(issued[11], GurpsAI, "a")
    state.status["knight"].hp = 8
    memo.issue(state, "knight", None, lambda: ("a",))
    assert memo.states == 2
    assert memo.answer(issued[12], GurpsAI) == "a"
    assert memo.answer(issued[11], GurpsAI) is None
    state.status["knight"].hp = 12
    assert memo.issue(state, "knight", None, lambda: ("a",)) is issued[12]
    state.status["knight"].hp = 11
    assert memo.issue(state, "knight", None, lambda: ("a",)) is not issued[11]
    # Full again (12, 8, 11, 7), and only 12 found again since: 12 stays, the rest go.
    state.status["knight"].hp = 7
    memo.issue(state, "knight", None, lambda: ("a",))
    state.status["knight"].hp = 6
    memo.issue(state, "knight", None, lambda: ("a",))
    assert memo.states == 2
    state.status["knight"].hp = 12
    assert memo.issue(state, "knight", None, lambda: ("a",)) is issued[12]


def test_a_full_memo_mostly_found_again_starts_again() -> None:
    """Full, with more than half its states found again: keeping them would leave room
    for a few states only, so it starts again from empty."""
    memo = TurnMemo(size=2)
    state = _duel_state()
    first: dict[int, tuple[object, ...]] = {}
    for hp in (12, 11, 12, 11):
        state.status["knight"].hp = hp
        first.setdefault(hp, memo.issue(state, "knight", None, lambda: ("a",)))
    assert memo.states == 2
    state.status["knight"].hp = 10
    memo.issue(state, "knight", None, lambda: ("a",))
    assert memo.states == 1
    state.status["knight"].hp = 12
    assert memo.issue(state, "knight", None, lambda: ("a",)) is not first[12]


def test_the_memo_steps_aside_when_states_rarely_come_again() -> None:
    """A window of lookups of which fewer than half find their state: from then on the
    memo builds the options afresh for those sheets, without a snapshot, and drops
    what it held; other sheets still use it."""
    memo = TurnMemo()
    state = _duel_state()
    for lookup in range(WINDOW):
        assert not memo.stepped_aside(state)
        state.status["knight"].fp = lookup  # a new state every time
        memo.issue(state, "knight", None, lambda: ("a",))
    assert memo.stepped_aside(state) and memo.states == 0
    first = memo.issue(state, "knight", None, lambda: tuple(["a"]))
    assert memo.issue(state, "knight", None, lambda: tuple(["a"])) is not first
    assert memo.states == 0
    other = _duel_state()
    kept = memo.issue(other, "knight", None, lambda: ("a",))
    assert memo.issue(other, "knight", None, lambda: ("a",)) is kept


def test_new_sheets_never_inherit_a_dropped_trial() -> None:
    """The trial is keyed by the sheets' ids, so it keeps its sheets alive: sheets of a
    later scenario cannot take the ids of sheets the memo stepped aside for, and start
    a trial of their own (CPython reuses a freed object's memory, hence its id)."""
    memo = TurnMemo()
    state: GurpsState | None = _duel_state()
    assert state is not None
    for lookup in range(WINDOW):
        state.status["knight"].fp = lookup  # a new state every time
        memo.issue(state, "knight", None, lambda: ("a",))
    assert memo.stepped_aside(state)
    ids = {id(sheet) for sheet in state.fighters.values()}
    memo.issue(_duel_state(), "knight", None, lambda: ("a",))  # no longer the last state
    state = None
    gc.collect()
    # A weak proxy whose object is gone (another test's leftover) raises on `isinstance`.
    alive = [obj for obj in gc.get_objects() if type(obj) not in weakref.ProxyTypes]
    assert ids <= {id(obj) for obj in alive if isinstance(obj, Fighter)}
    later = [_duel_state() for _ in range(200)]
    assert not any(memo.stepped_aside(other) for other in later)


def test_a_window_with_enough_hits_keeps_the_memo() -> None:
    memo = TurnMemo()
    state = _duel_state()
    for lookup in range(3 * WINDOW):
        state.status["knight"].fp = lookup % 10  # ten states, again and again
        memo.issue(state, "knight", None, lambda: ("a",))
    assert not memo.stepped_aside(state) and memo.states == 10


def test_the_examples_trials() -> None:
    """The duel finds about nine states in ten and keeps the memo; three fighters
    against one, about one in six, and the memo steps aside (docs/performance.md).
    The memo starts empty, whatever earlier tests left in it."""
    MEMO.clear()
    ai = GurpsAI()
    for name, aside in (("duel", False), ("three_vs_one", True)):
        scenario = load_scenario(EXAMPLES / f"{name}.yaml")
        battle = build_battle(scenario, seed=0)
        for seed in range(40):
            battle = build_battle(scenario, seed=seed)
            run(battle, lambda actor: ai)
        assert MEMO.stepped_aside(battle.state) is aside, name


def test_no_memo_on_a_hex_map() -> None:
    """A map's ground changes in ways the snapshot does not hold: no entries there."""
    scenario = load_scenario(EXAMPLES / "spear_vs_broadsword.yaml")
    memo_states = MEMO.states
    run(build_battle(scenario, seed=1), lambda actor: GurpsAI())
    assert MEMO.states == memo_states


def _logs(name: str, seeds: range, enabled: bool) -> Iterator[list[str]]:
    scenario = load_scenario(EXAMPLES / f"{name}.yaml")
    ai = GurpsAI()
    MEMO.enabled = enabled
    try:
        for seed in seeds:
            battle = build_battle(scenario, seed=seed)
            outcome = run(battle, lambda actor: ai)
            yield [to_json(item) for item in battle.log] + [repr(outcome)]
    finally:
        MEMO.enabled = True


@pytest.mark.parametrize("name", ["duel", "ranged", "three_vs_one"])
def test_battles_log_the_same_with_and_without_the_memo(name: str) -> None:
    """The examples without a map, 40 battles each, played twice with the memo (the
    second time from a warm memo) and once without: the same logs, event for event."""
    seeds = range(40)
    plain = list(_logs(name, seeds, enabled=False))
    assert list(_logs(name, seeds, enabled=True)) == plain
    assert list(_logs(name, seeds, enabled=True)) == plain


def test_battles_log_the_same_when_a_full_memo_makes_room() -> None:
    """A memo of 64 states, full again and again over 60 duels, keeping what came again
    and dropping the rest: the same logs as without the memo."""
    seeds = range(60)
    plain = list(_logs("duel", seeds, enabled=False))
    MEMO.clear()
    MEMO.size = 64
    try:
        assert list(_logs("duel", seeds, enabled=True)) == plain
        assert 0 < MEMO.states <= 64
    finally:
        MEMO.size = SIZE
        MEMO.clear()


class _Timid(GurpsAI):
    """A policy of its own: it sees no value in any attack (so it never attacks)."""

    def _attack_value(self, *args: Any) -> float:
        return 0.0


@needs_sources  # a compiled GurpsAI cannot be subclassed in Python
def test_a_subclass_is_not_given_the_base_ais_answers() -> None:
    """The AI's answers are kept per policy class: a subclass that only changes one
    method still runs its own code in a state the base AI met before."""
    scenario = load_scenario(EXAMPLES / "duel.yaml")
    ai, timid = GurpsAI(), _Timid()
    for seed in range(3):
        run(build_battle(scenario, seed=seed), lambda actor: ai)
    battle = build_battle(scenario, seed=0)
    run(battle, lambda actor: ai if actor == "raider" else timid)
    knight = [
        item.maneuver
        for item in battle.log
        if isinstance(item, ManeuverTaken) and item.actor == "knight"
    ]
    assert knight and "attack" not in knight


def test_scripted_battles_are_unaffected() -> None:
    """A battle whose decisions come from a test script gets equal options either way."""
    knight, raider = fighter("knight", "a"), fighter("raider", "b", 1.0)
    game = Battle(
        Gurps({}),
        Gurps.new_state([knight[0], raider[0]], {"knight": knight[1], "raider": raider[1]}),
        ScriptedDice([3, 3, 3] * 20),
    )
    assert game.pending is not None
    first = game.pending.options
    MEMO.enabled = False
    try:
        again = Gurps.new_state([knight[0], raider[0]], {"knight": knight[1], "raider": raider[1]})
        other = Battle(Gurps({}), again, ScriptedDice([3, 3, 3] * 20))
        assert other.pending is not None
        assert other.pending.options == first
    finally:
        MEMO.enabled = True


def test_the_rules_are_fixed_once_made() -> None:
    """The battle snapshot holds the rules as one number (`RuleSet.key`), which is sound
    only while a RuleSet cannot change: a change is a new RuleSet with its own key."""
    rules = RuleSet({"darkness": "3", "free_actions": "off"})
    with pytest.raises(TypeError):
        rules["darkness"] = "5"  # type: ignore[index]
    assert not hasattr(rules, "update")
    darker = rules.replace(darkness="5")
    assert (rules.get("darkness"), darker.get("darkness")) == ("3", "5")
    assert darker.key != rules.key and darker != rules
    same = RuleSet({"free_actions": "off", "darkness": "3"})  # another order, the same rules
    assert same.key == rules.key and same == rules and hash(same) == hash(rules)
    assert RuleSet().key != rules.key and RuleSet({"darkness": "3"}).key != rules.key
    assert dict(rules.items()) == {"darkness": "3", "free_actions": "off"}


def test_the_battles_of_a_simulation_share_their_rules() -> None:
    """Every battle with the same settings gets the same `RuleSet` (`rules_for`: made once,
    never changed); other settings get their own."""
    scenario = load_scenario(EXAMPLES / "duel.yaml")
    first, second = (build_battle(scenario, seed=seed) for seed in (1, 2))
    assert first.state.rules is second.state.rules
    assert first.state.rules == RuleSet(first.system.settings)
    darker = build_battle(scenario, seed=1, options={"darkness": "3"})
    assert darker.state.rules is not first.state.rules
    assert darker.state.rules.number("darkness") == 3


def test_the_shared_rules_are_kept_within_a_bound() -> None:
    """`rules_for` keeps one `RuleSet` per set of settings up to its bound, then starts
    again: a set made again is equal to the first (the same key), so states still match."""
    first = rules_for({"darkness": "0"})
    for level in range(300):
        assert rules_for({"darkness": str(level)}).number("darkness") == level
    assert len(ruleset._BY_SETTINGS) <= ruleset._BY_SETTINGS_MAX
    again = rules_for({"darkness": "0"})
    assert again == first and again.key == first.key


def test_answers_are_kept_per_issued_options() -> None:
    """A policy's choice is kept with the options the memo issued: the last ones (which
    the decision that follows asks about) and any issued before; options it did not
    issue, even equal ones, have no answer, and clearing the memo forgets them all."""
    memo = TurnMemo()
    knight, raider = fighter("knight", "a"), fighter("raider", "b", 1.0)
    state = Gurps.new_state([knight[0], raider[0]], {"knight": knight[1], "raider": raider[1]})
    first = memo.issue(state, "knight", None, lambda: ("wait", "attack"))
    memo.remember(first, GurpsAI, "attack")
    state.status["knight"].hp -= 1
    second = memo.issue(state, "knight", None, lambda: ("wait", "attack"))
    assert second is not first and memo.answer(second, GurpsAI) is None
    memo.remember(second, GurpsAI, "wait")
    assert memo.answer(first, GurpsAI) == "attack"  # issued before the last
    assert memo.answer(second, GurpsAI) == "wait"
    assert memo.answer(second, _Timid) is None  # another policy
    unknown = ("wait", "attack")
    memo.remember(unknown, GurpsAI, "wait")
    assert memo.answer(unknown, GurpsAI) is None
    state.status["knight"].hp += 1
    assert memo.issue(state, "knight", None, lambda: ()) is first  # the state met again
    assert memo.answer(first, GurpsAI) == "attack"
    memo.clear()
    assert memo.answer(first, GurpsAI) is None and memo.answer(second, GurpsAI) is None


def test_a_defense_is_issued_and_answered_by_the_memo() -> None:
    """B374-377: the defender's options against an attack are a function of the state
    and of what it knows about the attack (`IncomingAttack`), so the memo keys them on
    both: a defense against the same attack in a state met before gets the very same
    options and the AI's earlier choice; another attack in that state is an entry of
    its own."""
    scenario = load_scenario(EXAMPLES / "duel.yaml")
    ai = GurpsAI()
    seen: dict[int, int] = {}
    choices: dict[int, object] = {}

    class Watcher:
        def choose(self, battle: Battle[Any], decision: Any) -> Any:
            choice = ai.choose(battle, decision)
            if decision.kind == "defense":
                seen[id(decision.options)] = seen.get(id(decision.options), 0) + 1
                assert choices.setdefault(id(decision.options), choice) is choice
                assert MEMO.answer(decision.options, GurpsAI) is choice
            return choice

    watcher = Watcher()
    MEMO.clear()
    for seed in range(30):
        run(build_battle(scenario, seed=seed), lambda actor: watcher)
    assert seen and max(seen.values()) > 1  # the same options handed out again
    state = _duel_state()
    sword = state.fighters["raider"].weapons[0]
    swing, thrust = sword.modes[0], sword.modes[-1]
    incoming = IncomingAttack("raider", sword.key, swing)
    first = MEMO.issue(state, "knight", incoming, lambda: ("a",))
    same = IncomingAttack("raider", sword.key, swing)
    assert MEMO.issue(state, "knight", same, lambda: ("b",)) is first
    feinted = IncomingAttack("raider", sword.key, swing, feint=2)
    assert MEMO.issue(state, "knight", feinted, lambda: ("c",)) == ("c",)
    if thrust is not swing:
        other = IncomingAttack("raider", sword.key, thrust)
        assert MEMO.issue(state, "knight", other, lambda: ("d",)) == ("d",)


def test_an_attack_is_hashed_by_its_value() -> None:
    """`IncomingAttack` and `AttackMode` write their hash out (the memo hashes one per
    defense); an attack mode keeps its hash once asked. Equal values hash alike, the
    modes compared by value (a copy of a mode is equal to it), and every field counts."""
    state = _duel_state()
    mode = state.fighters["raider"].weapons[0].modes[0]
    copy_of = dataclasses.replace(mode)
    assert copy_of is not mode and copy_of == mode and hash(copy_of) == hash(mode)
    assert hash(mode) == hash(mode) == hash(dataclasses.astuple(mode)[:-2])  # kept fields out
    assert dataclasses.replace(mode, min_st=mode.min_st + 1) != mode
    assert hash(dataclasses.replace(mode, min_st=mode.min_st + 1)) != hash(mode)
    base = IncomingAttack("raider", "broadsword", mode)
    twin = IncomingAttack("raider", "broadsword", copy_of)
    assert twin == base and hash(twin) == hash(base)
    changes: dict[str, object] = {
        "attacker": "knight",
        "weapon": "axe",
        "mode": dataclasses.replace(mode, min_st=mode.min_st + 1),
        "deceptive": 1,
        "feint": 2,
        "close_combat": True,
        "arc": "back",
    }
    assert set(changes) == {item.name for item in dataclasses.fields(IncomingAttack)}
    for name, value in changes.items():
        changed = dataclasses.replace(base, **{name: value})  # type: ignore[arg-type]
        assert changed != base and hash(changed) != hash(base), name
    assert base != "raider" and base != mode


def test_the_memo_key_is_the_decision_the_frame_and_the_snapshots_in_a_row() -> None:
    """`GurpsState.memo_key`: the decision, the memo's frame number (sheets, order and
    rules), then each fighter's snapshot - `snapshot` without its order and rules, for
    two fighters and more - and any change of state changes it."""
    duel = _duel_state()
    three = Gurps.new_state(
        [fighter(key, side)[0] for key, side in (("a", "x"), ("b", "y"), ("c", "y"))],
        {key: fighter(key, "x")[1] for key in "abc"},
    )
    for state in (duel, three):
        key = state.memo_key("knight", None, 7)
        assert key[:3] == ("knight", None, 7) and len(key) == 3 + len(state.status)
        assert key[3:] == state.snapshot()[2:]
        assert list(key[3:]) == [status.snapshot(state.round) for status in state.status.values()]
    before = duel.memo_key("knight", None, 7)
    duel.status["raider"].hp -= 1
    assert duel.memo_key("knight", None, 7) != before
    assert duel.memo_key("raider", None, 7) != duel.memo_key("knight", None, 7)
    assert duel.memo_key("knight", None, 8) != duel.memo_key("knight", None, 7)


def test_states_share_entries_by_their_sheets_order_and_rules() -> None:
    """The frame number stands for the sheets, the turn order and the rules: states of
    other battles with all three the same share entries; another order or other rules,
    even set on the same state object between lookups, get entries of their own."""
    memo = TurnMemo()
    one = _duel_state()
    places = {key: status.position for key, status in one.status.items()}
    two = Gurps.new_state(list(one.fighters.values()), places)
    two.order = tuple(["knight", "raider"])  # an equal order, another object
    assert two.snapshot() == one.snapshot() and two.order is not one.order
    first = memo.issue(one, "knight", None, lambda: ("a",))
    assert memo.issue(two, "knight", None, lambda: ("a",)) is first
    two.order = ("raider", "knight")
    other_order = memo.issue(two, "knight", None, lambda: ("a",))
    assert other_order is not first
    two.order = ("knight", "raider")
    two.rules = rules_for({"darkness": "3"})
    other_rules = memo.issue(two, "knight", None, lambda: ("a",))
    assert other_rules is not first and other_rules is not other_order
    assert memo.states == 3
    two.rules = one.rules
    assert memo.issue(two, "knight", None, lambda: ("a",)) is first


def test_frame_numbers_past_the_bound_start_again_with_the_entries() -> None:
    """Past `size` frame numbers the numbering starts again, and every entry goes with it
    (an entry holding an old number would be found by another frame)."""
    memo = TurnMemo(size=2)
    state = _duel_state()
    first = memo.issue(state, "knight", None, lambda: ("a",))
    state.order = ("raider", "knight")
    memo.issue(state, "knight", None, lambda: ("b",))
    assert memo.states == 2
    state.order = ("knight", "raider", "nobody")  # a third frame: numbers start again
    memo.issue(state, "knight", None, lambda: ("c",))
    assert memo.states == 1
    state.order = ("knight", "raider")
    assert memo.issue(state, "knight", None, lambda: ("a",)) is not first


def test_an_attack_mode_keeps_its_farthest_reach_outside_its_value() -> None:
    """`AttackMode.farthest`, the longest reach (asked at every melee attack and every
    move into reach), is worked out once and kept: the largest of the reaches, 0.0 for
    none; a copy with other reaches works out its own; equality and hash ignore it."""
    state = _duel_state()
    mode = state.fighters["raider"].weapons[0].modes[0]
    assert mode.farthest == float(max(mode.reach)) and isinstance(mode.farthest, float)
    longer = dataclasses.replace(mode, reach=(1, 2, 3))
    assert longer.farthest == 3.0 and mode.farthest == float(max(mode.reach))
    assert dataclasses.replace(mode, reach=()).farthest == 0.0
    assert dataclasses.replace(mode, reach=(0,)).farthest == 0.0
    fresh = dataclasses.replace(mode)
    assert fresh == mode and hash(fresh) == hash(mode)  # one asked, one not


def test_ready_items_and_hands_are_shared_values() -> None:
    """The items ready, the weapons attacked with and what each hand holds are frozen
    values, one object for each value (`item_sets.shared`): the same condition in two
    battles holds the very same objects (the memo hashes each once and finds it equal at
    once), and a change replaces the value, never changing one a snapshot holds."""
    one, two = _duel_state(), _duel_state()
    a, b = one.status["knight"], two.status["knight"]
    start_ready, start_hands = a.ready, a.hands
    assert b.ready is start_ready and b.hands is start_hands
    before = a.snapshot()
    for status in (a, b):
        take(status, "sword", free_hand(status))
        status.attacked_with = with_item(status.attacked_with, "sword")
    assert a.ready is b.ready and a.hands is b.hands and a.attacked_with is b.attacked_with
    assert "sword" in a.ready and a.hands[0] == "sword" and a.attacked_with == {"sword"}
    assert start_ready in before and start_hands in before and before != a.snapshot()
    assert with_item(a.ready, "sword") is a.ready  # nothing to add: the same value
    assert without_item(a.ready, "axe") is a.ready
    for status in (a, b):
        let_go(status, "sword")
    assert a.ready is start_ready and a.hands is start_hands and b.hands is start_hands
    assert shared(frozenset(["x", "y"])) is shared(frozenset(["y", "x"]))


def test_an_attack_plan_keeps_its_key() -> None:
    """`AttackPlan.key` is kept once asked (the memo hands the same plans to battle after
    battle, and each chosen one's key is logged): the same text, outside the value."""
    plan = AttackPlan("skull", deceptive=2, rapid_strike=True)
    assert plan.key == "skull+deceptive2+rapid" and plan.key == "skull+deceptive2+rapid"
    assert AttackPlan().key == "torso" and AttackPlan("neck", 1).key == "neck+deceptive1"
    fresh = AttackPlan("skull", deceptive=2, rapid_strike=True)
    assert fresh == plan and hash(fresh) == hash(plan) and repr(fresh) == repr(plan)
    assert "_key" not in repr(plan)
