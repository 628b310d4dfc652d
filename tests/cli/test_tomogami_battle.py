"""`senjo run`, `senjo replay` and `senjo sim` with the トモガミ examples."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from senjo.systems.tomogami.system import Tomogami

from .helpers import output, run_senjo

EXAMPLES = Path(__file__).parents[2] / "examples" / "tomogami"
OPTIONS = ", ".join(sorted(option.name for option in Tomogami.options))
OUTCOME = {
    "en": re.compile(r"^(Winner: \S.* \(.+, \d+ turns?\)|Draw: .+ after \d+ turns?)$"),
    "ja": re.compile(r"^(勝者：\S.*（.+、\d+ターン）|引き分け：.+（\d+ターン）)$"),
}


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("environment", ["forest", "ocean"])
@pytest.mark.parametrize("example", ["grassland", "desert"])
def test_run_plays_to_an_outcome(example: str, environment: str, lang: str) -> None:
    """`senjo run --option environment=...` narrates the example to a winner or a draw,
    saying first that the rolls are senjo's stand-in."""
    text = output(
        run_senjo(
            "run",
            str(EXAMPLES / f"{example}.yaml"),
            "--lang",
            lang,
            "--option",
            f"environment={environment}",
        )
    )
    lines = text.splitlines()
    assert ("代用ルール" if lang == "ja" else "stand-in") in lines[1]
    assert OUTCOME[lang].match(lines[-1]), lines[-1]


@pytest.mark.parametrize("example", ["grassland", "desert", "town"])
def test_replay_reproduces_the_journal(tmp_path: Path, example: str) -> None:
    """`senjo run --log` then `senjo replay`: the same narration, and no divergence."""
    journal = tmp_path / "battle.jsonl"
    scenario = str(EXAMPLES / f"{example}.yaml")
    ran = output(run_senjo("run", scenario, "--seed", "5", "--lang", "en", "--log", str(journal)))
    header = json.loads(journal.read_text(encoding="utf-8").splitlines()[0])["header"]
    assert header["scenario"]["system"] == "tomogami"
    assert output(run_senjo("replay", str(journal), "--lang", "en")) == ran


def test_sim_reports_both_sides(tmp_path: Path) -> None:
    """`senjo sim --json` plays the example on the engine (no fast path for トモガミ)."""
    result = run_senjo("sim", str(EXAMPLES / "grassland.yaml"), "-n", "200", "--json")
    data = json.loads(output(result))
    assert data["path"] == "engine" and data["n"] == 200
    assert set(data["sides"]) == {"beasts", "guns"}


def test_unknown_option_lists_the_tomogami_options() -> None:
    """An unknown --option names every トモガミ option, on one line."""
    result = run_senjo(
        "run", str(EXAMPLES / "grassland.yaml"), "--option", "nope=on", "--lang", "en"
    )
    assert result.exit_code == 2
    assert result.stderr == (
        f"senjo: unknown option 'nope' for tomogami; known options: {OPTIONS}\n"
    )
