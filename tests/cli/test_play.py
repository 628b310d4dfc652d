"""`senjo play`: a person decides for one combatant; quitting keeps the journal."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from senjo.cli.main import app
from senjo.engine.journal import read_journal
from tests.cli.helpers import C_LOCALE, assert_usage_error

DUEL = Path(__file__).parents[2] / "examples" / "gurps" / "duel.yaml"


def test_options_are_numbered_with_their_odds(tmp_path: Path) -> None:
    """The person's decision lists numbered options, attacks with their chance to hit."""
    log = tmp_path / "play.jsonl"
    result = CliRunner().invoke(
        app,
        ["play", str(DUEL), "--as", "knight", "--lang", "en", "--log", str(log)],
        input="2\n8\nq\n",
        env=C_LOCALE,
    )
    assert result.exit_code == 0, result.stderr
    assert "  2. Move (toward) → Raider" in result.stdout
    assert "Attack → Raider [broadsword/swing]  (" in result.stdout
    assert "Stopped." in result.stdout
    journal = read_journal(log.read_text(encoding="utf-8").splitlines())
    assert journal.header["seed"] == 7
    assert any(type(e).__name__ == "Decided" for e in journal.events)


def test_end_of_input_stops_and_keeps_the_journal(tmp_path: Path) -> None:
    """Closing the input stops the battle without a traceback; the journal is written."""
    log = tmp_path / "play.jsonl"
    result = CliRunner().invoke(
        app,
        ["play", str(DUEL), "--as", "raider", "--lang", "ja", "--log", str(log)],
        input="",
        env=C_LOCALE,
    )
    assert result.exit_code == 0
    assert "中断しました" in result.stdout
    assert log.exists()


def test_unknown_combatant_is_one_line() -> None:
    """--as with a key that is not in the scenario exits 2 naming the combatants."""
    result = CliRunner().invoke(app, ["play", str(DUEL), "--as", "ogre"], env=C_LOCALE)
    assert_usage_error(result, "knight, raider")


def test_a_seed_that_is_not_a_whole_number_is_one_line() -> None:
    """--seed x is senjo's one line in the language asked for, as every other mistake."""
    result = CliRunner().invoke(
        app, ["play", str(DUEL), "--as", "knight", "--seed", "x", "--lang", "ja"], env=C_LOCALE
    )
    assert_usage_error(result, "--seed は整数です: 'x'")
