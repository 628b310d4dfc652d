"""`senjo resume`: a battle stopped in `senjo play` goes on where it stopped.

The mission's promise that a battle in progress is never lost: a stopped battle's journal
(written to `--log`, or to a new file in the current folder) is enough to go on, and the
battle that goes on is the one that would have been played without the stop (the same
seed's dice, the same decisions).
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from senjo.cli.main import app
from senjo.cli.play import TerminalController
from senjo.engine.battle import Battle
from senjo.engine.decision import Decision
from senjo.engine.events import Decided
from senjo.engine.journal import Journal, read_journal
from tests.cli.helpers import C_LOCALE, assert_usage_error

EXAMPLES = Path(__file__).parents[2] / "examples"
DUEL = EXAMPLES / "gurps" / "duel.yaml"
COC_DUEL = EXAMPLES / "coc" / "duel.yaml"


def _senjo(*args: str, answers: str = "") -> Result:
    return CliRunner().invoke(app, list(args), input=answers, env=C_LOCALE)


def _journal(path: Path) -> Journal:
    return read_journal(path.read_text(encoding="utf-8").splitlines())


def _random_raider(folder: Path) -> Path:
    """The GURPS duel with the raider on a `random` controller."""
    text = DUEL.read_text(encoding="utf-8")
    marker = "    advantages: [high_pain_threshold]\n"
    assert marker in text
    path = folder / "random_raider.yaml"
    path.write_text(text.replace(marker, "    controller: random\n" + marker), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("scenario", "who", "answers"),
    [
        (DUEL, "knight", ["2", "6", "1"]),
        (COC_DUEL, "detective", ["1", "1", "1", "2"]),
        (None, "knight", ["2", "8", "1", "1", "1"]),
    ],
    ids=["gurps", "coc", "gurps-random-opponent"],
)
def test_a_stopped_battle_goes_on_as_if_never_stopped(
    tmp_path: Path, scenario: Path | None, who: str, answers: list[str]
) -> None:
    """Played at once (every answer, then stop) and played in two sittings (the first
    answer, stop; resume: the rest, stop) give the same journal: the resumed battle draws
    its seed's dice on from where the journal ends, and the AI decides as it would have.
    A `random` controller (scenario None: the duel's raider) goes on with its own
    generator where it was, not from its start: its choices are those of the whole run."""
    if scenario is None:
        scenario = _random_raider(tmp_path)
    whole, split = tmp_path / "whole.jsonl", tmp_path / "split.jsonl"
    common = ("--as", who, "--lang", "en")
    first_sitting, second_sitting = answers[0] + "\nq\n", "\n".join(answers[1:]) + "\nq\n"
    at_once = _senjo(
        "play", str(scenario), *common, "--log", str(whole), answers="\n".join(answers) + "\nq\n"
    )
    assert at_once.exit_code == 0, at_once.stderr
    first = _senjo("play", str(scenario), *common, "--log", str(split), answers=first_sitting)
    assert first.exit_code == 0, first.stderr
    assert f"go on with: senjo resume {split}" in first.stdout
    before = _journal(split)
    assert before.header["as"] == who
    second = _senjo("resume", str(split), "--lang", "en", answers=second_sitting)
    assert second.exit_code == 0, second.stderr
    after, expected = _journal(split), _journal(whole)
    assert len(after.events) > len(before.events)
    assert after.events[: len(before.events)] == before.events
    assert after.events == expected.events
    assert after.dice == expected.dice
    mine = [e.key for e in after.events if isinstance(e, Decided) and e.actor == who]
    assert len(mine) == len(answers)
    assert _senjo("replay", str(split)).exit_code == 0  # the whole battle replays


def test_resume_shows_the_battle_so_far_first(tmp_path: Path) -> None:
    """On resuming, the narration of the battle so far is printed before the next question."""
    log = tmp_path / "play.jsonl"
    _senjo("play", str(DUEL), "--as", "knight", "--lang", "en", "--log", str(log), answers="2\nq\n")
    result = _senjo("resume", str(log), "--lang", "en", answers="q\n")
    assert result.exit_code == 0, result.stderr
    shown = result.stdout
    assert shown.startswith("── Round 1 ──\n")
    assert shown.index("Knight moves 4.0 yd toward Raider") < shown.index("Choose a number")
    assert "Stopped." in shown


def test_stopped_without_a_log_the_battle_is_kept_in_the_current_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`senjo play` without `--log`, stopped halfway: the journal goes to a new file in the
    current folder, the line names it (in Japanese too), and it resumes."""
    monkeypatch.chdir(tmp_path)
    result = _senjo("play", str(DUEL), "--as", "raider", "--lang", "ja", answers="1\nq\n")
    assert result.exit_code == 0, result.stderr
    (kept,) = tmp_path.glob("senjo-duel-*.jsonl")
    assert (
        f"ここまでの戦闘は {kept.name} にあります。続きは senjo resume {kept.name}" in result.stdout
    )
    assert _journal(kept).header["as"] == "raider"
    again = _senjo("play", str(DUEL), "--as", "raider", "--lang", "en", answers="q\n")
    assert again.exit_code == 0
    assert len(list(tmp_path.glob("senjo-duel-*.jsonl"))) == 2  # never over an earlier one
    assert _senjo("resume", kept.name, "--lang", "en", answers="q\n").exit_code == 0


def test_a_battle_that_ended_is_shown_and_asks_nothing(tmp_path: Path) -> None:
    """A journal of a finished battle (`senjo run --log`) resumes to its end: the narration,
    no question, exit 0."""
    log = tmp_path / "run.jsonl"
    assert _senjo("run", str(DUEL), "--seed", "3", "--log", str(log)).exit_code == 0
    ended = _journal(log)
    result = _senjo("resume", str(log), "--as", "knight", "--lang", "en")
    assert result.exit_code == 0, result.stderr
    assert "Choose a number" not in result.stdout
    assert "go on with" not in result.stdout
    assert result.stdout.splitlines()[-1].startswith("Winner: Knights")
    assert _journal(log).events == ended.events


def test_a_journal_that_names_no_player_needs_as(tmp_path: Path) -> None:
    """`senjo run`'s journal says nobody played by hand: without --as, one line naming the
    combatants; --as with an unknown key, the same line as `senjo play`'s."""
    log = tmp_path / "run.jsonl"
    _senjo("run", str(DUEL), "--log", str(log))
    assert_usage_error(_senjo("resume", str(log), "--lang", "en"), "give --as", "knight, raider")
    assert_usage_error(
        _senjo("resume", str(log), "--as", "ogre", "--lang", "ja"), "戦闘者 'ogre' はいません"
    )


def _rewrite(path: Path, change: dict[str, object]) -> None:
    lines = path.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    header["header"].update(change)
    path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n", encoding="utf-8")


def test_a_journal_its_seed_does_not_play_is_refused(tmp_path: Path) -> None:
    """A journal whose seed is not the one its dice came from (edited, say) is refused with
    the event where the battle goes another way, and the file is left as it was."""
    log = tmp_path / "play.jsonl"
    _senjo("play", str(DUEL), "--as", "knight", "--log", str(log), answers="2\n8\nq\n")
    _rewrite(log, {"seed": 8})
    text = log.read_text(encoding="utf-8")
    result = _senjo("resume", str(log), "--lang", "en")
    assert_usage_error(result, str(log), "the replay diverges at event")
    assert log.read_text(encoding="utf-8") == text
    _rewrite(log, {"seed": "seven"})
    assert_usage_error(_senjo("resume", str(log), "--lang", "ja"), "ヘッダーの seed は整数です")


def test_a_journal_with_dice_its_battle_never_drew_is_refused(tmp_path: Path) -> None:
    """Dice in the journal beyond what its battle draws (a line added by hand): the events
    agree, but the dice are not the seed's, so going on would not be the same battle."""
    log = tmp_path / "play.jsonl"
    _senjo("play", str(DUEL), "--as", "knight", "--log", str(log), answers="2\nq\n")
    with log.open("a", encoding="utf-8") as journal:
        journal.write('{"dice":[[6,3]]}\n')
    result = _senjo("resume", str(log), "--lang", "en")
    assert_usage_error(result, f"{log}: its dice are not those of seed 7")


def test_a_missing_journal_is_one_line(tmp_path: Path) -> None:
    """A journal that is not there: one line, as `senjo replay` says it."""
    missing = tmp_path / "none.jsonl"
    assert_usage_error(_senjo("resume", str(missing), "--lang", "en"), f"{missing}: cannot be read")


def test_a_battle_stopped_by_an_error_is_kept_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Should senjo itself fail in the middle of a battle played by hand, the battle so far
    is still written (here without --log: to the current folder) before the error goes on."""
    monkeypatch.chdir(tmp_path)
    asked = []

    def failing(self: TerminalController, battle: Battle[Any], decision: Decision) -> Any:
        asked.append(decision)
        if len(asked) > 1:
            raise RuntimeError("a bug")
        return decision.options[1]  # Move (toward)

    monkeypatch.setattr(TerminalController, "choose", failing)
    result = _senjo("play", str(DUEL), "--as", "knight", "--lang", "en")
    assert isinstance(result.exception, RuntimeError)
    (kept,) = tmp_path.glob("senjo-duel-*.jsonl")
    assert f"go on with: senjo resume {kept.name}" in result.stdout
    decided = [e for e in _journal(kept).events if isinstance(e, Decided) and e.actor == "knight"]
    assert [e.key for e in decided] == [asked[0].options[1].key]
    monkeypatch.undo()
    monkeypatch.chdir(tmp_path)
    assert _senjo("resume", kept.name, "--lang", "en", answers="q\n").exit_code == 0


def test_a_killed_play_keeps_the_battle_up_to_its_question(tmp_path: Path) -> None:
    """A `senjo play` killed outright (a closed terminal, a crash: no chance to clean up)
    has kept its journal up to the question it was waiting on, written before each of the
    person's decisions; `senjo resume` goes on from it."""
    log = tmp_path / "play.jsonl"
    line = ["play", str(DUEL), "--as", "knight", "--lang", "en", "--log", str(log)]
    started = subprocess.Popen(
        [sys.executable, "-c", "from senjo.cli.main import main; main()", *line],
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert started.stdin is not None
    started.stdin.write("2\n")  # Move (toward); the next question is the knight's defense
    started.stdin.flush()
    waited = time.monotonic() + 30
    mine: list[str] = []
    while not mine and time.monotonic() < waited:
        time.sleep(0.05)
        if log.exists():
            events = _journal(log).events
            mine = [e.key for e in events if isinstance(e, Decided) and e.actor == "knight"]
    started.kill()
    started.wait()
    assert mine == ["move/toward:raider"]
    result = _senjo("resume", str(log), "--lang", "en", answers="q\n")
    assert result.exit_code == 0, result.stderr
    assert "Knight: defense" in result.stdout
    assert len([e for e in _journal(log).events if isinstance(e, Decided)]) >= 2


def test_a_battle_played_to_its_end_without_a_log_leaves_no_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The file kept before each decision is only a safeguard: a battle that ends (here at
    a one-round limit) without --log leaves nothing behind in the current folder."""
    monkeypatch.chdir(tmp_path)
    line = ("play", str(DUEL), "--as", "knight", "--lang", "en", "-o", "max_rounds=1")
    result = _senjo(*line, answers="1\n" * 20)
    assert result.exit_code == 0, result.stderr
    assert "Choose a number" in result.stdout and "Stopped." not in result.stdout
    assert list(tmp_path.iterdir()) == []
