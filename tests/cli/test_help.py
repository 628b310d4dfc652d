"""The commands' help in Japanese and English (`senjo.cli.help_text`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import typer.main

from senjo.cli.help_text import HELP_JA
from senjo.cli.main import build_app
from tests.cli.helpers import C_LOCALE, run_senjo

ENGLISH = dict(C_LOCALE, SENJO_LANG="en")


def _texts(command: Any) -> Iterator[str]:
    """Every help text of a click command and the commands under it."""
    if command.help:
        yield command.help
    for param in command.params:
        if getattr(param, "help", None):
            yield param.help
    for sub in getattr(command, "commands", {}).values():
        yield from _texts(sub)


def test_every_help_text_has_its_japanese_and_no_japanese_is_left_over() -> None:
    """Each command's, option's and argument's help is in the catalog, and the catalog
    holds nothing that no command says (a help reworded in English must be translated
    again: this test names it)."""
    written = set(_texts(typer.main.get_command(build_app())))
    assert sorted(written - set(HELP_JA)) == []
    assert sorted(set(HELP_JA) - written - {"Show this message and exit."}) == []


def test_sim_help_in_japanese_then_english_in_the_same_process() -> None:
    """--lang ja gives the Japanese help (the usage line, options, the help option, the
    panels); the next help asked in English is English again: nothing of the Japanese
    stays behind."""
    japanese = run_senjo("sim", "--help", "--lang", "ja")
    assert japanese.exit_code == 0
    for text in (
        "使い方: senjo sim [OPTIONS]",
        "プレイする戦闘の数。",
        "このヘルプを表示して終了する。",
        "オプション",
        "[既定: 1000]",
    ):
        assert text in japanese.stdout
    assert "Battles to play." not in japanese.stdout
    assert "Usage:" not in japanese.stdout
    english = run_senjo("sim", "--help", "--lang", "en")
    assert english.exit_code == 0
    for text in (
        "Usage: senjo sim [OPTIONS]",
        "Battles to play.",
        "Show this message and exit.",
        "Options",
        "[default: 1000]",
    ):
        assert text in english.stdout
    assert "プレイする" not in english.stdout and "使い方" not in english.stdout


@pytest.mark.parametrize(
    ("line", "shown", "hidden"),
    [
        (("--lang", "en", "sim", "--lang", "ja"), "使い方: senjo sim", "Usage:"),
        (("--lang", "ja", "sim", "--lang", "en"), "Usage: senjo sim", "使い方"),
    ],
)
def test_the_commands_own_lang_wins_over_the_one_before_it(
    line: tuple[str, ...], shown: str, hidden: str
) -> None:
    """`senjo --lang en sim --lang ja --help`: the help is in the command's language, as
    the root's --lang help says (a command's own --lang wins)."""
    result = run_senjo(*line, "--help")
    assert result.exit_code == 0
    assert shown in result.stdout and hidden not in result.stdout


@pytest.mark.parametrize(
    ("env", "shown", "hidden"),
    [
        (C_LOCALE, "シナリオを何度も戦わせ", "Play a scenario many times"),
        (ENGLISH, "Play a scenario many times", "シナリオを何度も戦わせ"),
    ],
    ids=["c-locale-japanese", "senjo-lang-en"],
)
def test_without_lang_the_help_follows_the_locale(
    env: dict[str, str | None], shown: str, hidden: str
) -> None:
    """`senjo --help` with no --lang: the language of every other message (a C locale
    gives Japanese, SENJO_LANG=en English)."""
    result = run_senjo("--help", env=env)
    assert result.exit_code == 0
    assert shown in result.stdout and hidden not in result.stdout


def test_a_group_and_a_quick_command_are_translated_too() -> None:
    """`senjo gurps --help` lists its commands in Japanese; `senjo roll --help` (a command
    that runs without Typer unless asked for help) has its options in Japanese."""
    group = run_senjo("gurps", "--help")  # a group takes no --lang: the locale's (C: ja)
    assert "体力から突き・振りのダメージを求める。" in group.stdout
    assert "コマンド" in group.stdout
    roll = run_senjo("roll", "--help", "--lang", "ja")
    assert "ランダムなダイスのシード。" in roll.stdout
