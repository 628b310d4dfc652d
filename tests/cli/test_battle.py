"""`senjo run` and `senjo replay` through typer's CliRunner: narration, journals and errors."""

from __future__ import annotations

import json
import os
import re
import stat
import threading
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from senjo.cli.battle import store
from senjo.cli.lang import bad_lang
from senjo.cli.main import app
from senjo.systems.gurps.system import Gurps

GURPS_OPTIONS = ", ".join(sorted(option.name for option in Gurps.options))

ROOT = Path(__file__).parents[2]
EXAMPLES = ROOT / "examples" / "gurps"
DUEL = EXAMPLES / "duel.yaml"
BAD = ROOT / "tests" / "scenario" / "bad"

#: An environment with no language preference: the C locale and no SENJO_LANG.
C_LOCALE: dict[str, str | None] = {
    "SENJO_LANG": None,
    "LC_ALL": None,
    "LC_MESSAGES": None,
    "LANG": "C.UTF-8",
}

#: The last narrated line of a battle: a winner or a draw.
OUTCOME_LINE = {
    "en": re.compile(r"(Winner: \S.* \(.+, \d+ rounds\)|Draw: .+ after \d+ rounds?)"),
    "ja": re.compile(r"(勝者：\S.*（.+、\d+ラウンド）|引き分け：.+（\d+ラウンド）)"),
}
#: The line that opens a round.
ROUND_HEADER = {"en": "── Round {} ──", "ja": "── 第{}ラウンド ──"}


def invoke(*args: str) -> Result:
    """Run `senjo ARGS` (stdout and stderr kept apart)."""
    return CliRunner().invoke(app, list(args), env=C_LOCALE)


def narration(result: Result) -> list[str]:
    """The lines a successful command printed, checking it printed nothing on stderr."""
    assert result.exit_code == 0, result.stderr
    assert result.stderr == ""
    assert result.stdout.endswith("\n")
    return result.stdout.splitlines()


def assert_one_line_error(result: Result, *fragments: str) -> str:
    """Exit status 2 and one `senjo:` line on stderr (no traceback); returns that line."""
    assert result.exit_code == 2, (result.stdout, result.stderr)
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert result.stderr.startswith("senjo: ")
    assert result.stderr.count("\n") == 1 and result.stderr.endswith("\n")
    assert "Traceback" not in result.stderr + result.stdout
    for fragment in fragments:
        assert fragment in result.stderr
    return result.stderr[:-1]


def logged_run(tmp_path: Path, scenario: Path, *args: str) -> tuple[list[str], Path]:
    """`senjo run SCENARIO --log` into tmp_path; returns the narration and the journal."""
    journal = tmp_path / "battle.jsonl"
    lines = narration(invoke("run", str(scenario), "--log", str(journal), *args))
    return lines, journal


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("seed", ["1", "5", "23"])
@pytest.mark.parametrize("example", ["duel", "three_vs_one", "ranged"])
def test_run_ends_with_an_outcome(example: str, seed: str, lang: str) -> None:
    """`senjo run` plays each example out: a title line, rounds, then a winner or draw line."""
    lines = narration(
        invoke("run", str(EXAMPLES / f"{example}.yaml"), "--seed", seed, "--lang", lang)
    )
    assert lines[0].startswith("# ") and lines[0].endswith(f"  (seed {seed})")
    assert lines[1] == ROUND_HEADER[lang].format(1)
    assert OUTCOME_LINE[lang].fullmatch(lines[-1]), lines[-1]
    assert sum(bool(OUTCOME_LINE[lang].fullmatch(line)) for line in lines) == 1


def test_run_uses_the_scenario_seed_and_is_repeatable() -> None:
    """Without --seed the scenario's seed is used, and the same run prints the same battle."""
    first = narration(invoke("run", str(DUEL), "--lang", "en"))
    assert first[0] == "# Duel: broadsword and shield against axe  (seed 7)"
    assert narration(invoke("run", str(DUEL), "--lang", "en", "--seed", "7")) == first


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize(
    ("example", "seed"), [("duel", "3"), ("three_vs_one", "4"), ("ranged", "5")]
)
def test_replay_prints_the_same_narration(
    tmp_path: Path, example: str, seed: str, lang: str
) -> None:
    """`senjo replay` of a run's journal exits 0 and prints exactly the run's narration."""
    run_lines, journal = logged_run(
        tmp_path, EXAMPLES / f"{example}.yaml", "--seed", seed, "--lang", lang
    )
    assert journal.read_text(encoding="utf-8").endswith("\n")
    replay = invoke("replay", str(journal), "--lang", lang)
    assert narration(replay) == run_lines


def test_replay_in_the_other_language(tmp_path: Path) -> None:
    """A journal written by an English run replays as the Japanese run of the same battle."""
    _, journal = logged_run(tmp_path, DUEL, "--seed", "2", "--lang", "en")
    japanese = narration(invoke("run", str(DUEL), "--seed", "2", "--lang", "ja"))
    assert narration(invoke("replay", str(journal), "--lang", "ja")) == japanese


def test_journal_lines_are_json(tmp_path: Path) -> None:
    """The journal is a header with the scenario, seed and options, then JSON lines."""
    _, journal = logged_run(tmp_path, DUEL, "--seed", "9", "--option", "max_rounds=30")
    lines = journal.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])["header"]
    assert header["seed"] == 9
    assert header["options"] == {"max_rounds": "30"}
    assert header["scenario"]["combatants"][0]["key"] == "knight"
    records = [json.loads(line) for line in lines[1:]]
    assert any("dice" in record for record in records)
    events = [record for record in records if "type" in record]
    assert events[-1]["type"] == "Outcome"
    assert all(set(record) == {"dice"} for record in records if "type" not in record)


def test_replay_keeps_the_run_options(tmp_path: Path) -> None:
    """A journal of a run with --option replays with the same option (same narration)."""
    run_lines, journal = logged_run(tmp_path, DUEL, "--option", "max_rounds=2", "--lang", "en")
    assert ROUND_HEADER["en"].format(3) not in run_lines
    assert narration(invoke("replay", str(journal), "--lang", "en")) == run_lines


def test_an_option_is_read_whatever_its_case(tmp_path: Path) -> None:
    """`--option Max_Rounds=1` and `--option random_hit_locations=ON` are the options
    `max_rounds=1` and `random_hit_locations=on` (every option's name and values are
    lower case; YAML in a scenario file already reads ON as on), and the journal keeps
    them so."""
    run_lines, journal = logged_run(
        tmp_path,
        DUEL,
        "--option",
        "Max_Rounds=1",
        "--option",
        "random_hit_locations=ON",
        "--lang",
        "en",
    )
    assert run_lines[-1] == "Draw: round limit reached after 1 round"
    header = json.loads(journal.read_text(encoding="utf-8").splitlines()[0])["header"]
    assert header["options"] == {"max_rounds": "1", "random_hit_locations": "on"}


def test_tampered_journal_diverges(tmp_path: Path) -> None:
    """Changing one die in a journal's dice line makes replay exit 2 saying it diverges."""
    _, journal = logged_run(tmp_path, DUEL, "--seed", "4", "--lang", "en")
    lines = journal.read_text(encoding="utf-8").splitlines()
    number = next(i for i, line in enumerate(lines) if line.startswith('{"dice"'))
    record = json.loads(lines[number])
    sides, value = record["dice"][0]
    record["dice"][0] = [sides, value % sides + 1]
    lines[number] = json.dumps(record, separators=(",", ":"))
    journal.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = invoke("replay", str(journal), "--lang", "en")
    assert_one_line_error(result, str(journal), "diverges")


@pytest.mark.parametrize(
    ("content", "fragment"),
    [
        ("", "empty journal"),
        ("not json\n", "not a JSON line"),
        ('{"dice": [[6, 1]]}\n', "the first line must be the header"),
    ],
    ids=["empty", "not-json", "no-header"],
)
def test_bad_journal_is_one_line(tmp_path: Path, content: str, fragment: str) -> None:
    """A malformed journal exits 2 with one line naming the file and the problem."""
    journal = tmp_path / "bad.jsonl"
    journal.write_text(content, encoding="utf-8")
    assert_one_line_error(invoke("replay", str(journal), "--lang", "en"), str(journal), fragment)


def test_missing_journal_is_one_line(tmp_path: Path) -> None:
    """A journal path that does not exist exits 2 with one line naming it, in --lang."""
    missing = tmp_path / "nothing.jsonl"
    english = invoke("replay", str(missing), "--lang", "en")
    assert_one_line_error(english, str(missing), "cannot be read")
    japanese = invoke("replay", str(missing), "--lang", "ja")
    assert_one_line_error(japanese, str(missing), "読み込めません")


def test_bad_journal_in_japanese(tmp_path: Path) -> None:
    """With --lang ja a malformed journal's line is Japanese."""
    journal = tmp_path / "bad.jsonl"
    journal.write_text("not json\n", encoding="utf-8")
    result = invoke("replay", str(journal), "--lang", "ja")
    assert_one_line_error(result, f"{journal}:1: JSON の行ではありません")


@pytest.mark.parametrize(
    ("path", "message"),
    [
        (str(BAD / "nowhere.yaml"), "no such file"),
        (str(BAD / "st_zero.yaml"), "combatants[0].st: Input should be greater than or equal to 1"),
        (str(BAD / "invalid_yaml.yaml"), "line 5: expected ',' or '}', but got '{'"),
        (str(BAD / "one_side.yaml"), "combatants: a battle needs at least two sides"),
    ],
    ids=["missing", "st-zero", "invalid-yaml", "one-side"],
)
def test_bad_scenario_is_one_line(path: str, message: str) -> None:
    """A bad scenario exits 2 with just the loader's message on stderr and nothing on stdout."""
    result = invoke("run", path, "--lang", "en")
    assert assert_one_line_error(result) == f"senjo: {path}: {message}"
    assert result.stdout == ""


def test_bad_scenario_option_names_the_file() -> None:
    """An unknown option written in a scenario file is reported with the file and field."""
    path = str(BAD / "unknown_option.yaml")
    line = assert_one_line_error(invoke("run", path, "--lang", "en"))
    assert line.startswith(f"senjo: {path}: options.nope: ")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_max_rounds_one_ends_after_the_first_round(lang: str) -> None:
    """`--option max_rounds=1` stops the duel after round 1, with a draw (or a quick winner)."""
    lines = narration(invoke("run", str(DUEL), "--option", "max_rounds=1", "--lang", lang))
    assert ROUND_HEADER[lang].format(1) in lines
    assert ROUND_HEADER[lang].format(2) not in lines
    assert OUTCOME_LINE[lang].fullmatch(lines[-1]), lines[-1]
    assert re.search(r"\b1 rounds?\)?$" if lang == "en" else "（(.+、)?1ラウンド）$", lines[-1])


def test_one_round_is_singular() -> None:
    """The English outcome line after one round says '1 round', not '1 rounds'."""
    lines = narration(invoke("run", str(DUEL), "--option", "max_rounds=1", "--lang", "en"))
    assert lines[-1] == "Draw: round limit reached after 1 round"


@pytest.mark.parametrize(
    ("option", "message"),
    [
        (
            "nope=1",
            f"senjo: unknown option 'nope' for gurps; known options: {GURPS_OPTIONS}",
        ),
        ("max_rounds=x", "senjo: option max_rounds takes a whole number from 1 to 10,000, not 'x'"),
        ("max_rounds=0", "senjo: option max_rounds takes a whole number from 1 to 10,000, not '0'"),
        ("max_rounds", "senjo: --option takes NAME=VALUE, not 'max_rounds'"),
    ],
    ids=["unknown", "not-a-number", "zero", "no-value"],
)
def test_bad_option_is_one_line(option: str, message: str) -> None:
    """A bad --option exits 2 naming the known options or the allowed values."""
    result = invoke("run", str(DUEL), "--option", option, "--lang", "en")
    assert assert_one_line_error(result) == message
    assert result.stdout == ""


@pytest.mark.parametrize(
    ("option", "message"),
    [
        ("nope=1", f"senjo: gurps にオプション 'nope' はありません（使えるもの：{GURPS_OPTIONS}）"),
        (
            "max_rounds=0",
            "senjo: オプション max_rounds には 1から10,000までの整数 を指定してください"
            "（'0' は不可）",
        ),
    ],
    ids=["unknown", "zero"],
)
def test_bad_option_in_japanese(option: str, message: str) -> None:
    """With --lang ja the same --option errors are one Japanese line."""
    result = invoke("run", str(DUEL), "--option", option, "--lang", "ja")
    assert assert_one_line_error(result) == message


def test_malformed_option_in_japanese() -> None:
    """`--option` without NAME=VALUE, in Japanese."""
    result = invoke("run", str(DUEL), "--option", "max_rounds", "--lang", "ja")
    expected = "senjo: --option には NAME=VALUE を指定してください（'max_rounds' は不可）"
    assert assert_one_line_error(result) == expected


def test_bad_scenario_in_japanese() -> None:
    """With --lang ja a bad scenario file's error names the file and field in Japanese."""
    path = str(BAD / "st_zero.yaml")
    line = assert_one_line_error(invoke("run", path, "--lang", "ja"))
    assert line == f"senjo: {path}: combatants[0].st: 1以上を指定してください（0 は不可）"


@pytest.mark.parametrize("command", ["run", "replay"])
def test_bad_lang_is_one_line(tmp_path: Path, command: str) -> None:
    """`--lang` other than ja or en exits 2 with one line."""
    target = str(DUEL) if command == "run" else str(tmp_path / "x.jsonl")
    result = invoke(command, target, "--lang", "fr")
    assert assert_one_line_error(result) == "senjo: " + bad_lang("fr")
    assert "'fr' ではなく" in result.stderr


def test_run_log_into_no_folder_is_one_line_before_the_battle(tmp_path: Path) -> None:
    """`senjo run --log` into a folder that does not exist: one line, exit 2, and no
    narration (the battle is not played), where it was a traceback after the battle."""
    missing = tmp_path / "no" / "duel.jsonl"
    result = invoke("run", str(DUEL), "--log", str(missing), "--lang", "en")
    assert result.stdout == ""
    assert_one_line_error(result, f"--log {missing}: no such folder")


def test_a_journal_is_stored_whole_or_not_at_all(tmp_path: Path) -> None:
    """`store` writes a new file and renames it over the old one: no part file is left,
    and the old journal stands until the new one is complete. A pipe (or `/dev/stdout`,
    `--log /dev/stdout`) is written to as it is, never replaced by a file."""
    log = tmp_path / "duel.jsonl"
    store(log, "old\n")
    store(log, "new\n")
    assert log.read_text(encoding="utf-8") == "new\n"
    assert [p.name for p in tmp_path.iterdir()] == ["duel.jsonl"]
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    got: list[str] = []
    reader = threading.Thread(
        target=lambda: got.append(pipe.read_text(encoding="utf-8")), daemon=True
    )
    reader.start()
    store(pipe, "through the pipe\n")
    reader.join(timeout=10)
    assert got == ["through the pipe\n"]
    assert stat.S_ISFIFO(pipe.stat().st_mode)
    with pytest.raises(OSError):
        store(tmp_path / "no" / "duel.jsonl", "x")
