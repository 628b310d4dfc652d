"""Mistakes in the command line itself (`senjo.cli.usage`): an unknown option or command, a
missing argument, an option without its value or a flag with one, an argument too many.
Each is senjo's one line on stderr, in the language the line asks for, with exit 2, as
every other mistake is; help and a bare `senjo` are as before."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from senjo.cli import battle as battle_cli
from senjo.cli.usage import lang_of, usage_message
from tests.cli.helpers import C_LOCALE, assert_usage_error, run_senjo

DUEL = str(Path(__file__).parents[2] / "examples" / "gurps" / "duel.yaml")


@pytest.mark.parametrize(
    ("args", "english", "japanese"),
    [
        (
            ["sim", DUEL, "--sed", "3"],
            "no such option: --sed (did you mean --scheduler, --seed?)",
            "オプション --sed はありません（--scheduler, --seed のことですか？）",
        ),
        (
            ["roll", "3d6", "--nonesuch"],
            "no such option: --nonesuch; see senjo roll --help",
            "オプション --nonesuch はありません（senjo roll --help を参照）",
        ),
        (
            ["sim"],
            "SCENARIO is missing; see senjo sim --help",
            "SCENARIO がありません（senjo sim --help を参照）",
        ),
        (
            ["play", DUEL],
            "--as is missing; see senjo play --help",
            "--as がありません（senjo play --help を参照）",
        ),
        (
            ["sim", DUEL, "--lang", "{lang}", "--seed"],
            "--seed needs a value",
            "--seed には値が必要です",
        ),
        (["sim", DUEL, "--json=yes"], "--json takes no value", "--json は値を取りません"),
        (
            ["simm", DUEL],
            "no such command 'simm'; commands: roll, run, replay, play, resume, map, sim, sweep, "
            "gurps",
            "コマンド 'simm' はありません（コマンド：roll, run, replay, play, resume, map, sim, "
            "sweep",
        ),
        (
            ["gurps", "nope"],
            "no such command 'nope'; commands: st, range, damage, moves",
            "コマンド 'nope' はありません（コマンド：st, range, damage, moves）",
        ),
        (
            ["sim", DUEL, "extra"],
            "unexpected argument: extra; see senjo sim --help",
            "余計な引数があります：extra（senjo sim --help を参照）",
        ),
    ],
)
def test_a_usage_mistake_is_one_line_in_either_language(
    args: list[str], english: str, japanese: str
) -> None:
    """The library's usage errors become senjo's one line: English with --lang en, Japanese
    with --lang ja (read from the line even though the line did not parse; at its end, or
    where `{lang}` stands: an option without its value would take `--lang` as it)."""
    for lang, expected in (("en", english), ("ja", japanese)):
        line = [lang if arg == "{lang}" else arg for arg in args]
        if "{lang}" not in args:
            line += ["--lang", lang]
        assert_usage_error(run_senjo(*line), expected)


def test_without_lang_the_locale_chooses() -> None:
    """With no --lang the language comes from the environment, as for every message."""
    english = dict(C_LOCALE, SENJO_LANG="en")
    assert_usage_error(run_senjo("sim", DUEL, "--sed", "1", env=english), "no such option")
    japanese = dict(C_LOCALE, LANG="ja_JP.UTF-8")
    assert_usage_error(run_senjo("sim", DUEL, "--sed", "1", env=japanese), "オプション --sed")


def test_help_and_a_bare_senjo_are_as_before() -> None:
    """--help prints the help and exits 0; `senjo` alone prints the help, exit 2 (in the
    C locale's language, Japanese; in English with SENJO_LANG=en)."""
    helped = run_senjo("sim", "--help")
    assert helped.exit_code == 0 and "--battles" in helped.stdout
    bare = run_senjo()
    assert bare.exit_code == 2 and "使い方: senjo" in bare.stdout + bare.stderr
    english = run_senjo(env=dict(C_LOCALE, SENJO_LANG="en"))
    assert english.exit_code == 2 and "Usage: senjo" in english.stdout + english.stderr


def test_a_good_line_runs_and_exits_0() -> None:
    """A command that runs to its end exits 0 through the group."""
    result = run_senjo("gurps", "st", "12", "--lang", "en")
    assert result.exit_code == 0, result.stderr


def test_a_mistake_without_words_is_left_to_the_library() -> None:
    """An error of a kind `usage_message` does not know gets None (the library shows it)."""
    odd = type("UsageError", (Exception,), {})()
    odd.message = "something else"
    odd.ctx = None
    assert usage_message(odd, "en") is None
    other = SimpleNamespace(message="x")
    assert usage_message(other, "ja") is None


def test_lang_of_reads_the_line() -> None:
    """`--lang ja`, `--lang=en`; a value that is neither falls back to the environment."""
    assert lang_of(["sim", "--lang", "ja"]) == "ja"
    assert lang_of(["--lang=en", "sim"]) == "en"
    assert lang_of(["sim", "--lang", "fr"]) in ("ja", "en")


def test_lang_of_takes_the_commands_own_lang() -> None:
    """`senjo --lang en sim --lang ja`: the command's own --lang wins (the root option's
    help says so), for help and usage errors as for everything the command prints."""
    assert lang_of(["--lang", "en", "sim", "--lang", "ja"]) == "ja"
    assert lang_of(["--lang=ja", "sim", "--lang=en"]) == "en"
    assert lang_of(["--lang", "ja", "sim", "--lang", "fr"]) == "ja"


@pytest.mark.parametrize(
    ("lang", "line"), [("en", "stopped (Ctrl-C)"), ("ja", "中断しました（Ctrl-C）")]
)
def test_ctrl_c_is_one_line_and_status_130(
    monkeypatch: pytest.MonkeyPatch, lang: str, line: str
) -> None:
    """A command stopped by Ctrl-C (a long `senjo sim`, say) says so in one line in the
    line's language and exits 130, as a shell expects of an interrupted program."""

    def interrupted(path: Path) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(battle_cli, "load_scenario", interrupted)
    result = run_senjo("run", str(DUEL), "--lang", lang)
    assert result.exit_code == 130
    assert result.stdout == ""
    assert result.stderr == f"senjo: {line}\n"
