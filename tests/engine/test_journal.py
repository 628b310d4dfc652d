"""Journals: JSON lines out, replay in, divergences reported."""

from __future__ import annotations

from typing import Any

import pytest

from senjo.dice import RandomDice, ScriptedDice
from senjo.engine import Battle, Choice
from senjo.engine.bilingual import in_lang
from senjo.engine.controllers import RandomController, run
from senjo.engine.journal import JournalError, journal_lines, read_journal, replay
from senjo.engine.testing import CoinToss


def _played(seed: int) -> Battle[None]:
    battle = Battle(CoinToss({"rounds": "3"}), None, RandomDice(seed), record_dice=True)
    run(battle, {"caller": RandomController(seed)})
    return battle


def _build(dice: ScriptedDice) -> Battle[Any]:
    return Battle(CoinToss({"rounds": "3"}), None, dice)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_journal_replays_to_identical_events(seed: int) -> None:
    """A written journal replays into the same events, with no divergence."""
    battle = _played(seed)
    journal = read_journal(journal_lines(battle, {"seed": seed}))
    assert journal.header == {"seed": seed}
    assert journal.events == tuple(battle.log)
    assert journal.dice == tuple(battle.recorded_dice)
    replayed, divergence = replay(journal, _build)
    assert divergence is None
    assert replayed.log == battle.log


def test_tampered_dice_diverge_at_the_toss() -> None:
    """Changing a logged die makes the replay report the first differing event."""
    battle = Battle(CoinToss(), None, ScriptedDice([1]), record_dice=True)
    battle.decide(Choice("heads"))
    lines = list(journal_lines(battle, {}))
    assert lines[2] == '{"dice":[[2,1]]}'
    lines[2] = '{"dice":[[2,2]]}'
    _, divergence = replay(read_journal(lines), lambda d: Battle(CoinToss(), None, d))
    assert divergence is not None and divergence.index == 1
    assert "tails" in divergence.describe()


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        ([], "empty journal"),
        (["[1]"], "expected an object"),
        (["{oops"], "not a JSON line"),
        (['{"event": 1}'], "first line must be the header"),
        (['{"header": {}}', '{"type": "Nope"}'], "unknown event type 'Nope'"),
        (['{"header": {}}', '{"dice": [[6]]}'], "dice must be"),
        (['{"header": {}}', '{"type": {"a": 1}}'], r"x.jsonl:2: unknown event type \{'a': 1\}"),
        (['{"header": {}}', '{"type": [1, 2]}'], r"x.jsonl:2: unknown event type \[1, 2\]"),
        (['{"header": {}}', '{"actor": "a", "hp": 3}'], "x.jsonl:2: an event line needs its type"),
    ],
)
def test_bad_journals_name_the_line(lines: list[str], message: str) -> None:
    """Malformed journals raise JournalError naming the problem: an event's type that is
    not a name (it was a TypeError traceback), a line that is neither dice nor an event
    (it passed on as a plain mapping and failed later in the replay)."""
    with pytest.raises(JournalError, match=message):
        read_journal(lines, "x.jsonl")


@pytest.mark.parametrize(
    ("line", "en", "ja"),
    [
        (
            '{"type": "Nope"}',
            "x.jsonl:2: unknown event type 'Nope'",
            "不明なイベントの種類です：'Nope'",
        ),
        (
            '{"type": "Decided", "actor": "ann"}',
            "x.jsonl:2: event Decided: field 'kind' is missing",
            "x.jsonl:2: イベント Decided：項目 'kind' がありません",
        ),
        (
            '{"type": "Decided", "actor": "a", "kind": "k", "index": 0, "key": "x", "who": "b"}',
            "x.jsonl:2: event Decided: unknown field 'who'",
            "x.jsonl:2: イベント Decided：不明な項目です：'who'（使える項目：actor,",
        ),
    ],
)
def test_an_event_line_that_does_not_fit_is_named_in_both_languages(
    line: str, en: str, ja: str
) -> None:
    """An event's own complaint (`EventError`) reaches `--lang ja` in Japanese, as the
    journal's other messages do; it was English in both."""
    with pytest.raises(JournalError) as raised:
        read_journal(['{"header": {}}', line], "x.jsonl")
    said = raised.value.args[0]
    assert str(said).startswith(en)
    assert ja in in_lang(said, "ja")
    assert "x.jsonl:2: " in in_lang(said, "ja")
