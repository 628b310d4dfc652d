"""`senjo run` and `senjo replay` with the CoC examples, house rules on and off."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from senjo.systems.coc.system import Coc

from .helpers import output, run_senjo

EXAMPLES = Path(__file__).parents[2] / "examples" / "coc"
COC_OPTIONS = ", ".join(sorted(option.name for option in Coc.options))
OUTCOME = {
    "en": re.compile(r"^(Winner: \S.* \(.+, \d+ rounds?\)|Draw: .+ after \d+ rounds?)$"),
    "ja": re.compile(r"^(勝者：\S.*（.+、\d+ラウンド）|引き分け：.+（\d+ラウンド）)$"),
}
BCDICE = {"en": re.compile(r"\(1D100<=\d+\) > "), "ja": re.compile(r"\(1D100<=\d+\) ＞ ")}


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("house", ["on", "off"])
@pytest.mark.parametrize("seed", ["1", "8", "23"])
@pytest.mark.parametrize("example", ["cultists", "deep_one", "duel"])
def test_run_plays_to_an_outcome(example: str, seed: str, house: str, lang: str) -> None:
    """`senjo run --option house=on|off` narrates the example to a winner or a draw."""
    text = output(
        run_senjo(
            "run",
            str(EXAMPLES / f"{example}.yaml"),
            "--seed",
            seed,
            "--lang",
            lang,
            "--option",
            f"house={house}",
        )
    )
    lines = text.splitlines()
    assert lines[0].startswith("# ") and lines[0].endswith(f"  (seed {seed})")
    assert lines[1].startswith("DEX順：" if lang == "ja" else "DEX order: ")
    assert OUTCOME[lang].match(lines[-1]), lines[-1]
    assert any(BCDICE[lang].search(line) for line in lines)


def test_house_off_has_no_house_rules_in_the_narration() -> None:
    """With house=off nobody focuses on dodging, protects, taunts or hides."""
    for seed in range(5):
        text = output(
            run_senjo(
                "run",
                str(EXAMPLES / "cultists.yaml"),
                "--seed",
                str(seed),
                "--lang",
                "ja",
                "--option",
                "house=off",
            )
        )
        for word in ("回避に集中", "庇う", "挑発", "隠れる"):
            assert word not in text


@pytest.mark.parametrize("house", ["on", "off"])
@pytest.mark.parametrize("example", ["cultists", "deep_one", "duel"])
def test_replay_reproduces_the_journal(tmp_path: Path, example: str, house: str) -> None:
    """`senjo run --log` then `senjo replay`: the same narration, and no divergence."""
    journal = tmp_path / "battle.jsonl"
    scenario = str(EXAMPLES / f"{example}.yaml")
    ran = output(
        run_senjo(
            "run",
            scenario,
            "--seed",
            "5",
            "--lang",
            "en",
            "--log",
            str(journal),
            "--option",
            f"house={house}",
        )
    )
    header = json.loads(journal.read_text(encoding="utf-8").splitlines()[0])["header"]
    assert header["options"] == {"house": house} and header["scenario"]["system"] == "coc"
    replayed = output(run_senjo("replay", str(journal), "--lang", "en"))
    assert replayed == ran


def test_replay_reports_a_tampered_die(tmp_path: Path) -> None:
    """A journal whose dice were changed no longer replays the same battle."""
    journal = tmp_path / "battle.jsonl"
    output(run_senjo("run", str(EXAMPLES / "deep_one.yaml"), "--seed", "2", "--log", str(journal)))
    lines = journal.read_text(encoding="utf-8").splitlines()
    for index, line in enumerate(lines):
        data = json.loads(line)
        if "dice" in data and "type" not in data and data["dice"][0][0] == 100:
            data["dice"][0][1] = 101 - data["dice"][0][1]
            lines[index] = json.dumps(data)
            break
    journal.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = run_senjo("replay", str(journal), "--lang", "en")
    assert result.exit_code == 2
    assert "the replay diverges at event" in result.stderr
    japanese = run_senjo("replay", str(journal), "--lang", "ja")
    assert japanese.exit_code == 2 and "で食い違いました" in japanese.stderr


def test_unknown_option_lists_the_coc_options() -> None:
    """An unknown --option for a CoC scenario names every CoC option, on one line."""
    result = run_senjo(
        "run", str(EXAMPLES / "cultists.yaml"), "--option", "nope=on", "--lang", "en"
    )
    assert result.exit_code == 2
    assert result.stderr == f"senjo: unknown option 'nope' for coc; known options: {COC_OPTIONS}\n"
