"""`senjo run`, `senjo replay` and `senjo sim` with the T値 system examples."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from senjo.systems.tvalue.system import Tvalue

from .helpers import output, run_senjo

EXAMPLES = Path(__file__).parents[2] / "examples" / "tvalue"
OPTIONS = ", ".join(sorted(option.name for option in Tvalue.options))
OUTCOME = {
    "en": re.compile(r"^(Winner: \S.* \(.+, \d+ rounds?\)|Draw: .+ after \d+ rounds?)$"),
    "ja": re.compile(r"^(勝者：\S.*（.+、\d+ラウンド）|引き分け：.+（\d+ラウンド）)$"),
}


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("hit_model", ["static", "contest"])
@pytest.mark.parametrize("example", ["duel", "ambush"])
def test_run_plays_to_an_outcome(example: str, hit_model: str, lang: str) -> None:
    """`senjo run --option hit_model=...` narrates the example to a winner or a draw."""
    text = output(
        run_senjo(
            "run",
            str(EXAMPLES / f"{example}.yaml"),
            "--lang",
            lang,
            "--option",
            f"hit_model={hit_model}",
        )
    )
    lines = text.splitlines()
    assert OUTCOME[lang].match(lines[-1]), lines[-1]


@pytest.mark.parametrize("example", ["duel", "ambush"])
def test_replay_reproduces_the_journal(tmp_path: Path, example: str) -> None:
    """`senjo run --log` then `senjo replay`: the same narration (the setup block too)."""
    journal = tmp_path / "battle.jsonl"
    scenario = str(EXAMPLES / f"{example}.yaml")
    ran = output(run_senjo("run", scenario, "--seed", "5", "--lang", "en", "--log", str(journal)))
    header = json.loads(journal.read_text(encoding="utf-8").splitlines()[0])["header"]
    assert header["scenario"]["system"] == "tvalue"
    assert output(run_senjo("replay", str(journal), "--lang", "en")) == ran


def test_sim_reports_both_sides() -> None:
    """`senjo sim --json` plays the example on the engine (no fast path for T値)."""
    result = run_senjo("sim", str(EXAMPLES / "ambush.yaml"), "-n", "200", "--json")
    data = json.loads(output(result))
    assert data["path"] == "engine" and data["n"] == 200
    assert set(data["sides"]) == {"party", "bandits"}


def test_unknown_option_lists_the_tvalue_options() -> None:
    """An unknown --option names every T値 option, on one line."""
    result = run_senjo("run", str(EXAMPLES / "duel.yaml"), "--option", "nope=on", "--lang", "en")
    assert result.exit_code == 2
    assert result.stderr == f"senjo: unknown option 'nope' for tvalue; known options: {OPTIONS}\n"
