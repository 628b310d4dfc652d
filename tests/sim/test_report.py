"""The terminal report: every block renders in both languages with the expected words."""

from __future__ import annotations

import dataclasses
import io
from pathlib import Path

import pytest
from rich.console import Console

from senjo.scenario import load_scenario
from senjo.sim.report import bar, collapse_empty, interval, percent, sim_report
from senjo.sim.runner import play_battles
from senjo.sim.summary import summarize

DUEL = Path(__file__).parents[2] / "examples" / "gurps" / "duel.yaml"


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        (
            "en",
            [
                "# T",
                "12 battles · seed 2 · engine path · 1.5 s",
                "win rate",
                "95% interval",
                "rounds: mean",
                "hit rate",
            ],
        ),
        (
            "ja",
            [
                "# T",
                "12戦・シード 2・エンジン・1.5秒",
                "勝率",
                "95%信頼区間",
                "ラウンド数：平均",
                "命中率",
            ],
        ),
    ],
)
def test_report_words(lang: str, words: list[str]) -> None:
    """The report shows its header, outcome table, rounds line and combatant table."""
    scenario = load_scenario(DUEL)
    summary = summarize(play_battles(scenario, 2, 0, 12), scenario)
    out = io.StringIO()
    console = Console(file=out, width=140)
    for block in sim_report(summary, title="T", seed=2, path="engine", seconds=1.5, lang=lang):
        console.print(block)
    text = out.getvalue()
    for word in words:
        assert word in text


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_combatant_table_names_each_side_in_the_language(lang: str) -> None:
    """A combatant's side is shown by the side's name in the report's language, as in the
    table of sides, not by its key."""
    scenario = load_scenario(DUEL)
    summary = summarize(play_battles(scenario, 2, 0, 4), scenario)
    out = io.StringIO()
    Console(file=out, width=160).print(
        sim_report(summary, title="T", seed=2, path="engine", seconds=1.0, lang=lang)[-1]
    )
    lines = out.getvalue().splitlines()
    names = {side.side: side.name(lang) for side in summary.sides}
    for combatant in summary.combatants:
        (row,) = [line for line in lines if line.startswith(combatant.name(lang))]
        assert names[combatant.side] in row and combatant.side not in row


def test_small_formatters() -> None:
    """Percentages, intervals, bars and collapsed empty histogram rows."""
    assert percent(0.5) == "50.0%" and interval((0.0, 1.0)) == "0.0–100.0%"
    assert bar(0, 0) == "" and bar(10, 10, width=3) == "███"
    assert collapse_empty([(1, 1, 0), (2, 2, 0), (3, 3, 0)]) == [(1, 3, 0)]


@pytest.mark.parametrize(
    ("lang", "label"),
    [
        ("en", "draw (round limit reached: 12)"),
        ("ja", "引き分け（ラウンド上限：12）"),
    ],
)
def test_draws_are_counted_by_reason(lang: str, label: str) -> None:
    """The draw row names each reason with its count after a colon, so the count does not
    read as the limit itself (a one-round limit: all 12 battles end as draws)."""
    loaded = load_scenario(DUEL)
    scenario = dataclasses.replace(loaded, options={**loaded.options, "max_rounds": "1"})
    summary = summarize(play_battles(scenario, 2, 0, 12), scenario)
    out = io.StringIO()
    console = Console(file=out, width=160)
    for block in sim_report(summary, title="T", seed=2, path="engine", seconds=1.0, lang=lang):
        console.print(block)
    assert label in out.getvalue()
