"""Plots: written as PNG or SVG, every text in the bundled Japanese font, no glyph warnings."""

from __future__ import annotations

import warnings
from pathlib import Path

import matplotlib
import pytest
from matplotlib.patches import Rectangle
from matplotlib.text import Text

from senjo.scenario import load_scenario, parse_scenario
from senjo.sim.plot import SweepLine, font_path, plot_format, save, sim_figure, sweep_figure
from senjo.sim.runner import play_battles
from senjo.sim.summary import SimSummary, summarize

DUEL = Path(__file__).parents[2] / "examples" / "gurps" / "duel.yaml"


@pytest.fixture(scope="module")
def summary() -> SimSummary:
    """Twenty duels."""
    scenario = load_scenario(DUEL)
    return summarize(play_battles(scenario, 1, 0, 20), scenario)


def texts(figure: matplotlib.figure.Figure) -> list[Text]:
    """Every non-empty text in a figure."""
    return [t for t in figure.findobj(Text) if isinstance(t, Text) and t.get_text()]


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("suffix", ["png", "svg"])
def test_sim_figure(summary: SimSummary, lang: str, suffix: str, tmp_path: Path) -> None:
    """The three-panel picture draws and saves without any warning, all in IPAexGothic."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        figure = sim_figure(summary, title="決闘 Duel", lang=lang)
        fonts = {t.get_fontname() for t in texts(figure)}
        save(figure, tmp_path / f"out.{suffix}")
    assert fonts == {"IPAexGothic"}
    written = (tmp_path / f"out.{suffix}").read_bytes()
    assert written.startswith(b"\x89PNG") if suffix == "png" else b"<svg" in written[:400]
    assert len(written) > 10_000


def test_japanese_labels_are_drawn(summary: SimSummary) -> None:
    """The Japanese picture carries the Japanese terms."""
    figure = sim_figure(summary, title="決闘", lang="ja")
    shown = {t.get_text() for t in texts(figure)}
    assert {"勝率と95%信頼区間", "戦闘の長さ", "1戦あたりの与えた負傷", "引き分け"} <= shown
    matplotlib.pyplot.close(figure)


@pytest.mark.parametrize(("lang", "name"), [("ja", "騎士（騎士団）"), ("en", "Knight (Knights)")])
def test_the_injury_legend_names_each_side_in_the_language(
    summary: SimSummary, lang: str, name: str
) -> None:
    """Each combatant's line in the injury panel carries its side's name, not its key."""
    figure = sim_figure(summary, title="t", lang=lang)
    box = figure.axes[2].get_legend()
    assert box is not None
    legend = [t.get_text() for t in box.get_texts()]
    assert any(text.startswith(name) for text in legend), legend
    assert not any("knights" in text for text in legend)
    matplotlib.pyplot.close(figure)


@pytest.mark.parametrize(("lang", "label"), [("ja", "うち敵の逃走"), ("en", "foe fled")])
def test_wins_by_flight_are_shown_in_the_win_bars(lang: str, label: str) -> None:
    """With `flee_at`, the part of each side's wins that came from the foe's flight is a
    hatched bar named in the legend; without flights there is no such bar or legend."""
    scenario = load_scenario(DUEL)
    data = scenario.data | {"combatants": [dict(c) for c in scenario.data["combatants"]]}
    data["combatants"][1]["flee_at"] = 6
    fleeing = parse_scenario(data, "flee.yaml")
    fled = summarize(play_battles(fleeing, 1, 0, 30), fleeing)
    assert fled.sides[0].routs > 0
    figure = sim_figure(fled, title="t", lang=lang)
    assert label in {t.get_text() for t in texts(figure)}
    hatched = [p for p in figure.axes[0].patches if isinstance(p, Rectangle) and p.get_hatch()]
    assert [round(p.get_height(), 6) for p in hatched] == [
        round(side.routs / fled.n, 6) for side in fled.sides
    ]
    matplotlib.pyplot.close(figure)
    plain = sim_figure(summarize(play_battles(scenario, 1, 0, 20), scenario), title="t", lang=lang)
    assert label not in {t.get_text() for t in texts(plain)}
    assert not [p for p in plain.axes[0].patches if p.get_hatch()]
    matplotlib.pyplot.close(plain)


def test_same_figures_same_svg(summary: SimSummary, tmp_path: Path) -> None:
    """An SVG carries no date or random ids: the same summary gives the same bytes."""
    for name in ("a.svg", "b.svg"):
        save(sim_figure(summary, title="t", lang="en"), tmp_path / name)
    assert (tmp_path / "a.svg").read_bytes() == (tmp_path / "b.svg").read_bytes()


@pytest.mark.parametrize("xs", [(10, 11, 12), ("on", "off", "on2")], ids=["numeric", "categorical"])
def test_sweep_figure(xs: tuple[object, ...], tmp_path: Path) -> None:
    """Sweep lines with intervals draw for numeric and categorical parameters without warnings."""
    lines = [
        SweepLine("max_rounds=10", [(x, 0.3 + 0.1 * i, (0.2, 0.6)) for i, x in enumerate(xs)]),
        SweepLine("max_rounds=20", [(x, 0.5, (0.4, 0.6)) for x in xs]),
    ]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        figure = sweep_figure(lines, title="掃引", x_label="Broadsword", y_label="勝率", lang="ja")
        save(figure, tmp_path / "sweep.png")
    assert (tmp_path / "sweep.png").stat().st_size > 10_000


def test_font_and_formats() -> None:
    """The font file ships with matplotlib-fontja; only .png and .svg are plot formats."""
    assert font_path().is_file() and font_path().name == "ipaexg.ttf"
    assert [plot_format(n) for n in ("a.png", "b.SVG", "c.pdf", "d")] == ["png", "svg", None, None]
