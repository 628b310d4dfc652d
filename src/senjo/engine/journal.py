"""Journals: a battle as JSON lines, and replaying one.

A journal is a header line (whatever the caller needs to rebuild the battle:
scenario, seed, options), then the events in order, with the dice drawn
before each event on a `{"dice": [[sides, value], ...]}` line in front of it.
Replaying feeds the logged dice and the logged decisions into a fresh battle
and checks that it produces the same events.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from senjo.dice.errors import DiceError
from senjo.dice.roller import ScriptedDice
from senjo.engine.battle import Battle, BattleError
from senjo.engine.bilingual import Bilingual, in_lang
from senjo.engine.controllers import Controller
from senjo.engine.events import Decided, Event, EventError, from_plain, to_json, to_plain

__all__ = [
    "Divergence",
    "Journal",
    "JournalError",
    "follow",
    "journal_lines",
    "read_journal",
    "replay",
]


class JournalError(ValueError):
    """A journal file is malformed."""


@dataclass(frozen=True, slots=True)
class Journal:
    """A parsed journal: its header, its events and every die drawn, in order."""

    header: dict[str, Any]
    events: tuple[Event, ...]
    dice: tuple[tuple[int, int], ...]


def journal_lines(battle: Battle[Any], header: dict[str, Any]) -> Iterator[str]:
    """The battle as JSON lines. The battle must have been built with `record_dice=True`."""
    yield json.dumps({"header": header}, ensure_ascii=False, separators=(",", ":"))
    drawn = battle.recorded_dice
    marks = battle.dice_marks
    if battle.log and len(marks) != len(battle.log):
        raise BattleError("this battle did not record its dice; build it with record_dice=True")
    shown = 0
    for item, mark in zip(battle.log, marks, strict=True):
        if mark > shown:
            chunk = [list(die) for die in drawn[shown:mark]]
            yield json.dumps({"dice": chunk}, separators=(",", ":"))
            shown = mark
        yield to_json(item)
    if len(drawn) > shown:
        chunk = [list(die) for die in drawn[shown:]]
        yield json.dumps({"dice": chunk}, separators=(",", ":"))


def read_journal(lines: Iterable[str], source: str = "journal") -> Journal:
    """Parse journal lines; errors name the source and line number."""
    header: dict[str, Any] | None = None
    events: list[Event] = []
    dice: list[tuple[int, int]] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except json.JSONDecodeError as error:
            raise JournalError(
                Bilingual(
                    f"{source}:{number}: not a JSON line ({error.msg})",
                    f"{source}:{number}: JSON の行ではありません（{error.msg}）",
                )
            ) from None
        if not isinstance(data, dict):
            raise JournalError(
                Bilingual(
                    f"{source}:{number}: expected an object",
                    f"{source}:{number}: オブジェクトが必要です",
                )
            )
        if header is None:
            if "header" not in data or not isinstance(data["header"], dict):
                raise JournalError(
                    Bilingual(
                        f"{source}:{number}: the first line must be the header",
                        f"{source}:{number}: 最初の行はヘッダーでなければなりません",
                    )
                )
            header = data["header"]
        elif "dice" in data and "type" not in data:
            try:
                dice.extend((int(sides), int(value)) for sides, value in data["dice"])
            except (TypeError, ValueError):
                raise JournalError(
                    Bilingual(
                        f"{source}:{number}: dice must be [sides, value] pairs",
                        f"{source}:{number}: ダイスは [面数, 出目] の組で書きます",
                    )
                ) from None
        else:
            try:
                event = from_plain(data)
            except EventError as error:
                said = error.args[0] if error.args else str(error)
                raise JournalError(
                    Bilingual(
                        f"{source}:{number}: {said}", f"{source}:{number}: {in_lang(said, 'ja')}"
                    )
                ) from None
            if not isinstance(event, Event):
                raise JournalError(
                    Bilingual(
                        f"{source}:{number}: an event line needs its type (or a dice line its"
                        ' "dice")',
                        f"{source}:{number}: イベントの行には type が必要です"
                        "（ダイスの行には dice）",
                    )
                )
            events.append(event)
    if header is None:
        raise JournalError(
            Bilingual(
                f"{source}: empty journal (no header line)",
                f"{source}: 空のジャーナルです（ヘッダー行がありません）",
            )
        )
    return Journal(header, tuple(events), tuple(dice))


@dataclass(frozen=True, slots=True)
class Divergence:
    """Where a replay first differs from its journal: the event index and both versions."""

    index: int
    expected: Event | None
    actual: Event | None

    def describe(self) -> str:
        """One line for a user."""
        expected = to_plain(self.expected) if self.expected is not None else "nothing"
        actual = to_plain(self.actual) if self.actual is not None else "nothing"
        return f"event {self.index + 1}: the journal has {expected}, the replay has {actual}"


def replay(
    journal: Journal, build: Callable[[ScriptedDice], Battle[Any]]
) -> tuple[Battle[Any], Divergence | None]:
    """Rebuild the battle with the journal's dice and decisions; report the first divergence.

    `build` makes the fresh battle from the header (it receives the dice to use).
    """
    battle = build(ScriptedDice(journal.dice))
    return battle, follow(journal, battle)


def follow(
    journal: Journal, battle: Battle[Any], asked: Mapping[str, Controller] | None = None
) -> Divergence | None:
    """Make the journal's decisions in `battle`, a fresh battle of its scenario, and report
    the first event where the two differ (None: the battle is now where the journal ends).

    The battle draws its own dice: a journal's (`replay`), or its seed's again, to go on
    playing where the journal stopped (`senjo resume`). The controllers `asked` (by actor)
    are put each of their actor's decisions too, their answers dropped, so that one that
    keeps state from one decision to the next (a random one's generator) stands where it
    would have, had it made the journal's decisions itself."""
    decisions = [item for item in journal.events if isinstance(item, Decided)]
    try:
        for made in decisions:
            pending = battle.pending
            if pending is None or pending.kind != made.kind or pending.actor != made.actor:
                break
            if not 0 <= made.index < len(pending.options):
                break
            if pending.options[made.index].key != made.key:
                break
            controller = asked.get(made.actor) if asked is not None else None
            if controller is not None:
                controller.choose(battle, pending)
            battle.decide(pending.options[made.index])
    except (BattleError, DiceError):
        pass  # the journal's dice or decisions no longer fit: the comparison below says where
    for index, (expected, actual) in enumerate(zip(journal.events, battle.log, strict=False)):
        if expected != actual:
            return Divergence(index, expected, actual)
    if len(journal.events) != len(battle.log):
        index = min(len(journal.events), len(battle.log))
        expected_event = journal.events[index] if index < len(journal.events) else None
        actual_event = battle.log[index] if index < len(battle.log) else None
        return Divergence(index, expected_event, actual_event)
    return None
