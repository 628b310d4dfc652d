"""Pictures of a simulation (PNG or SVG, matplotlib's Agg backend), in Japanese or English.

Labels use IPAexGothic, the Japanese font bundled by the `matplotlib-fontja`
package (it has Latin letters too), registered with matplotlib and set
explicitly for every figure, so Japanese labels never fall back to a font
without their glyphs.

>>> plot_format("out.png"), plot_format("OUT.SVG"), plot_format("out.pdf")
('png', 'svg', None)
"""

from __future__ import annotations

import importlib.resources
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path
from typing import TYPE_CHECKING, Any

from senjo.sim.stats import in_bins, integer_histogram
from senjo.sim.summary import SimSummary
from senjo.sim.terms import battles, paren, term

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["SweepLine", "font_path", "plot_format", "save", "sim_figure", "sweep_figure"]

#: Colours for sides and lines (matplotlib's default cycle, fixed here for stable pictures).
COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2")
DRAW_COLOUR = "#7f7f7f"


def plot_format(path: str | Path) -> str | None:
    """ "png" or "svg" from a file name's suffix, None for anything else."""
    suffix = Path(path).suffix.lower().lstrip(".")
    return suffix if suffix in ("png", "svg") else None


def font_path() -> Path:
    """The bundled IPAexGothic font file (from the matplotlib-fontja package)."""
    return Path(str(importlib.resources.files("matplotlib_fontja") / "fonts" / "ipaexg.ttf"))


def _setup() -> Any:
    """Select the Agg backend, register the font; the rc settings every figure uses (a dict)."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import font_manager

    path = font_path()
    if not any(entry.fname == str(path) for entry in font_manager.fontManager.ttflist):
        font_manager.fontManager.addfont(str(path))
    name = font_manager.FontProperties(fname=str(path)).get_name()
    return {
        "font.family": [name],
        "font.size": 10,
        "axes.unicode_minus": False,
        "svg.fonttype": "path",
        "svg.hashsalt": "senjo",
    }


def sim_figure(summary: SimSummary, *, title: str, lang: str) -> Figure:
    """Three panels: win rate per side with its interval, battle length, injury dealt."""
    rc = _setup()
    import matplotlib.pyplot as plt

    with plt.rc_context(rc):
        figure, (wins, rounds, damage) = plt.subplots(
            1, 3, figsize=(15, 4.8), gridspec_kw={"width_ratios": [1, 1.3, 1.3]}
        )
        figure.suptitle(title + paren(battles(summary.n, lang), lang))
        _win_panel(wins, summary, lang)
        _rounds_panel(rounds, summary, lang)
        _damage_panel(damage, summary, lang)
        figure.tight_layout()
    return figure


def _win_panel(axes: Any, summary: SimSummary, lang: str) -> None:
    labels = [side.name(lang) for side in summary.sides] + [term("draw", lang)]
    rates = [side.rate for side in summary.sides] + [summary.draws.rate]
    bounds = [side.ci95 for side in summary.sides] + [summary.draws.ci95]
    colours = [COLOURS[i % len(COLOURS)] for i in range(len(summary.sides))] + [DRAW_COLOUR]
    positions = list(range(len(labels)))
    errors = [
        [rate - low for rate, (low, _) in zip(rates, bounds, strict=True)],
        [high - rate for rate, (_, high) in zip(rates, bounds, strict=True)],
    ]
    axes.bar(positions, rates, color=colours, yerr=errors, capsize=6, ecolor="black")
    if any(side.routs for side in summary.sides):
        # The part of each side's wins that came from the foe's flight (`flee_at`), hatched.
        routs = [side.routs / summary.n if summary.n else 0.0 for side in summary.sides]
        axes.bar(
            positions[: len(routs)],
            routs,
            color="none",
            edgecolor="0.15",
            linewidth=0,
            hatch="//",
            label=term("by_flight", lang),
        )
        axes.legend(loc="upper right", fontsize=9)
    for x, rate, (_, high) in zip(positions, rates, bounds, strict=True):
        axes.annotate(
            f"{rate * 100:.1f}%",
            (x, high),
            xytext=(0, 5),
            textcoords="offset points",
            ha="center",
            va="bottom",
            fontsize=9,
        )
    axes.set_xticks(positions, labels)
    axes.set_ylim(0, 1.12)
    axes.set_ylabel(term("win_rate", lang))
    axes.set_title(term("plot_win_rate", lang))
    axes.yaxis.set_major_formatter(_percent_formatter())


def _rounds_panel(axes: Any, summary: SimSummary, lang: str) -> None:
    histogram = summary.rounds.histogram
    lefts = [first - 0.5 for first, _, _ in histogram]
    widths = [last - first + 1 for first, last, _ in histogram]
    heights = [count / summary.n if summary.n else 0.0 for _, _, count in histogram]
    axes.bar(lefts, heights, width=widths, align="edge", color=COLOURS[0], edgecolor="white")
    r = summary.rounds
    axes.axvline(r.mean, color="black", linewidth=1, label=f"{term('mean', lang)} {r.mean:.1f}")
    axes.axvline(
        r.median,
        color="black",
        linestyle="--",
        linewidth=1,
        label=f"{term('median', lang)} {r.median:g}",
    )
    axes.legend(fontsize=9, loc="upper right")
    axes.set_xlabel(term("rounds", lang))
    axes.set_ylabel(term("share", lang))
    axes.set_title(term("plot_rounds", lang))
    axes.yaxis.set_major_formatter(_percent_formatter())


def _damage_panel(axes: Any, summary: SimSummary, lang: str) -> None:
    merged: Counter[int] = Counter()
    for combatant in summary.combatants:
        merged.update(combatant.dealt)
    bins = [(first, last) for first, last, _ in integer_histogram(merged, 20, origin=0)]
    edges = [first - 0.5 for first, _ in bins] + [bins[-1][1] + 0.5] if bins else []
    for index, combatant in enumerate(summary.combatants):
        total = sum(combatant.dealt.values())
        if not total or not bins:
            continue
        shares = [count / total for count in in_bins(combatant.dealt, bins)]
        colour = COLOURS[index % len(COLOURS)]
        axes.stairs(shares, edges, color=colour, fill=True, alpha=0.15)
        axes.stairs(
            shares,
            edges,
            color=colour,
            linewidth=1.8,
            label=f"{combatant.name(lang)}{paren(summary.side(combatant.side).name(lang), lang)}"
            f"{'：' if lang == 'ja' else ': '}{term('mean', lang)} {combatant.dealt_mean:.1f}",
        )
    axes.set_xlabel(term("injury_hp", lang))
    axes.set_ylabel(term("share", lang))
    axes.set_title(term("plot_damage", lang))
    axes.yaxis.set_major_formatter(_percent_formatter())
    axes.legend(fontsize=8, loc="upper right")


def _percent_formatter() -> Any:
    from matplotlib.ticker import PercentFormatter

    return PercentFormatter(1.0, decimals=0)


@dataclass(frozen=True, slots=True)
class SweepLine:
    """One line of a sweep plot: its label, and (x, rate, (low, high)) points."""

    label: str
    points: Sequence[tuple[Any, float, tuple[float, float]]]


def sweep_figure(
    lines: Sequence[SweepLine], *, title: str, x_label: str, y_label: str, lang: str
) -> Figure:
    """A side's win rate against the first varied parameter, one line per other setting."""
    rc = _setup()
    import matplotlib.pyplot as plt

    with plt.rc_context(rc):
        figure, axes = plt.subplots(figsize=(8, 5))
        numeric = all(
            isinstance(x, int | float) and not isinstance(x, bool)
            for line in lines
            for x, _, _ in line.points
        )
        categories: list[str] = []
        for line in lines:
            for x, _, _ in line.points:
                if str(x) not in categories:
                    categories.append(str(x))
        step = _spacing([x for line in lines for x, _, _ in line.points]) if numeric else 1.0
        for index, line in enumerate(lines):
            # Lines side by side a little apart, so their intervals do not hide each other.
            dodge = (index - (len(lines) - 1) / 2) * step * 0.04
            if numeric:
                xs: list[Any] = [x + dodge for x, _, _ in line.points]
            else:
                xs = [categories.index(str(x)) + dodge for x, _, _ in line.points]
            rates = [rate for _, rate, _ in line.points]
            errors = [
                [rate - low for _, rate, (low, _) in line.points],
                [high - rate for _, rate, (_, high) in line.points],
            ]
            axes.errorbar(
                xs,
                rates,
                yerr=errors,
                marker="o",
                capsize=4,
                color=COLOURS[index % len(COLOURS)],
                label=line.label or None,
            )
        if not numeric:
            axes.set_xticks(range(len(categories)), categories)
        elif all(isinstance(x, int) for line in lines for x, _, _ in line.points):
            from matplotlib.ticker import MaxNLocator

            axes.xaxis.set_major_locator(MaxNLocator(integer=True))
        axes.set_ylim(0, 1.05)
        axes.set_xlabel(x_label)
        axes.set_ylabel(y_label)
        axes.set_title(title)
        axes.yaxis.set_major_formatter(_percent_formatter())
        axes.grid(alpha=0.3)
        if any(line.label for line in lines):
            axes.legend(fontsize=9)
        figure.tight_layout()
    return figure


def _spacing(values: Sequence[float]) -> float:
    """The smallest gap between distinct x values (1.0 with fewer than two)."""
    distinct = sorted(set(values))
    gaps = [b - a for a, b in pairwise(distinct)]
    return min(gaps) if gaps else 1.0


def save(figure: Figure, path: str | Path) -> None:
    """Write the figure (PNG at 120 dpi, or SVG) and release it."""
    import matplotlib.pyplot as plt

    rc = _setup()
    with plt.rc_context(rc):
        figure.savefig(path, dpi=120, metadata=_metadata(path))
    plt.close(figure)


def _metadata(path: str | Path) -> dict[str, Any]:
    """No creation date in the file, so the same figures give the same bytes."""
    if plot_format(path) == "svg":
        return {"Date": None}
    return {"Software": "senjo"}
