"""The `senjo` entry point builds only the command it runs (lazy command modules)."""

from __future__ import annotations

from senjo.cli.main import app, build_app
from tests.fresh import fresh_python

_PROBE = """
import sys
sys.argv = {argv!r}
from senjo.cli.main import main
try:
    main()
except SystemExit:
    pass
ours = [m for m in sys.modules if m.startswith("senjo.cli.") or m == "senjo.sim.runner"]
print("LOADED", sorted(ours))
"""


def _loaded(argv: list[str]) -> str:
    return fresh_python(_PROBE.format(argv=argv)).split("LOADED", 1)[1]


def test_odds_imports_neither_the_simulator_nor_the_battle_commands() -> None:
    loaded = _loaded(["senjo", "odds", "gurps", "--skill", "12", "--lang", "en"])
    assert "senjo.cli.odds_gurps" in loaded
    for module in ("senjo.cli.sim", "senjo.cli.battle", "senjo.cli.play", "senjo.sim.runner"):
        assert module not in loaded


def test_help_and_unknown_commands_build_the_whole_app() -> None:
    loaded = _loaded(["senjo", "--help"])
    for module in ("senjo.cli.sim", "senjo.cli.battle", "senjo.cli.odds", "senjo.cli.moves"):
        assert module in loaded


def test_a_single_command_app_has_that_command_only() -> None:
    names = {info.name for info in build_app("roll").registered_commands}
    assert names == {"roll"}
    assert not build_app("roll").registered_groups
    groups = {info.name for info in build_app("gurps").registered_groups}
    assert groups == {"gurps"}


def test_the_module_app_has_every_command() -> None:
    commands = {info.name for info in app.registered_commands}
    groups = {info.name for info in app.registered_groups}
    assert commands == {"roll", "run", "replay", "play", "resume", "map", "sim", "sweep"}
    assert groups == {"gurps", "odds"}
    gurps = next(info.typer_instance for info in app.registered_groups if info.name == "gurps")
    assert gurps is not None
    assert "moves" in {info.name for info in gurps.registered_commands}


def test_lang_before_the_command_is_every_commands_language() -> None:
    """`senjo --lang ja COMMAND …` as well as `senjo COMMAND … --lang ja`: the language
    given before the command is its default (a `--lang` after it still wins), for the
    next invocation no longer (the top-level help lists the option too)."""
    from typer.testing import CliRunner

    from tests.cli.helpers import C_LOCALE

    runner = CliRunner()
    english = {**C_LOCALE, "LANG": "en_US.UTF-8"}
    ja = runner.invoke(app, ["--lang", "ja", "gurps", "st", "12"], env=english)
    assert ja.exit_code == 0, ja.stderr
    assert "突き" in ja.stdout
    en = runner.invoke(app, ["--lang", "ja", "gurps", "st", "12", "--lang", "en"], env=english)
    assert "thrust" in en.stdout and "突き" not in en.stdout
    after = runner.invoke(app, ["gurps", "st", "12"], env=english)
    assert "thrust" in after.stdout
    wrong = runner.invoke(app, ["--lang", "fr", "gurps", "st", "12"], env=english)
    assert wrong.exit_code == 2 and "--lang takes ja or en, not 'fr'" in wrong.stderr
    helped = runner.invoke(app, ["--lang", "ja", "--help"], env=english)
    assert helped.exit_code == 0 and "--lang" in helped.stdout
