"""Simulation reports for the terminal (rich tables), in Japanese or English.

>>> percent(0.8435), interval((0.4902, 0.9433))
('84.4%', '49.0–94.3%')
>>> bar(5, 10, width=8)
'████'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from senjo.sim.exact import ExactOutcome
from senjo.sim.summary import SimSummary
from senjo.sim.terms import battles, paren, reason, replayed_line, term

__all__ = [
    "bar",
    "collapse_empty",
    "combatant_table",
    "header_line",
    "interval",
    "outcome_table",
    "percent",
    "rounds_block",
    "sim_report",
]

_BAR = 30


def percent(rate: float, decimals: int = 1) -> str:
    """A rate as a percentage with one decimal (or `decimals`)."""
    return f"{rate * 100:.{decimals}f}%"


def interval(bounds: tuple[float, float]) -> str:
    """An interval of rates, e.g. 49.0–94.3%."""
    return f"{bounds[0] * 100:.1f}–{bounds[1] * 100:.1f}%"


def bar(count: int, most: int, width: int = _BAR) -> str:
    """A horizontal bar of `count` against the largest count `most`."""
    if most <= 0:
        return ""
    return "█" * round(width * count / most)


def collapse_empty(bins: Sequence[tuple[int, int, int]]) -> list[tuple[int, int, int]]:
    """Histogram bins with each run of two or more empty bins merged into one row.

    >>> collapse_empty([(1, 5, 3), (6, 10, 0), (11, 15, 0), (16, 20, 1), (21, 25, 0)])
    [(1, 5, 3), (6, 15, 0), (16, 20, 1), (21, 25, 0)]
    """
    rows: list[tuple[int, int, int]] = []
    for first, last, count in bins:
        if count == 0 and rows and rows[-1][2] == 0:
            rows[-1] = (rows[-1][0], last, 0)
        else:
            rows.append((first, last, count))
    return rows


def _number(value: float) -> str:
    return f"{value:.1f}" if value != int(value) else f"{int(value)}"


def header_line(n: int, seed: int, path: str, seconds: float, lang: str) -> str:
    """ "2,000 battles · seed 7 · engine · 6.1 s" in `lang`."""
    path_name = term(path, lang) if path in ("engine", "fast") else path
    if lang == "ja":
        return f"{battles(n, lang)}・シード {seed}・{path_name}・{seconds:.1f}秒"
    if not path_name.endswith(" path"):
        path_name += " path"  # "engine path"; the fast path's term says "path" already
    return f"{battles(n, lang)} · seed {seed} · {path_name} · {seconds:.1f} s"


def outcome_table(summary: SimSummary, lang: str, exact: ExactOutcome | None = None) -> Table:
    """Wins and draws per side, with rates, intervals and survivors; and the exact chances
    beside the rates when they are known."""
    table = Table(show_edge=False, pad_edge=False)
    table.add_column(term("side", lang))
    table.add_column(term("wins", lang), justify="right")
    table.add_column(term("win_rate", lang), justify="right")
    table.add_column(term("ci95", lang), justify="right")
    if exact is not None:
        table.add_column(term("exact", lang), justify="right")
    table.add_column(term("survivors", lang), justify="right")
    for side in summary.sides:
        known = [] if exact is None else [percent(exact.wins.get(side.side, 0.0), 2)]
        routs = paren(f"{term('by_flight', lang)} {side.routs:,}", lang) if side.routs else ""
        table.add_row(
            side.name(lang),
            f"{side.wins:,}{routs}",
            percent(side.rate),
            interval(side.ci95),
            *known,
            f"{side.survivors_mean:.2f} / {side.size}",
        )
    draws = summary.draws
    colon = "：" if lang == "ja" else ": "  # the count after a colon: not the limit itself
    why = ", ".join(f"{reason(k, lang)}{colon}{v:,}" for k, v in sorted(draws.reasons.items()))
    label = term("draw", lang) + (paren(why, lang) if why else "")
    known = [] if exact is None else [percent(exact.draw, 2)]
    table.add_row(label, f"{draws.count:,}", percent(draws.rate), interval(draws.ci95), *known, "")
    return table


def rounds_block(summary: SimSummary, lang: str, exact: ExactOutcome | None = None) -> Group:
    """The battle-length line (with the exact mean when known) and its text histogram."""
    r = summary.rounds
    sep = "・" if lang == "ja" else " · "
    colon = "：" if lang == "ja" else ": "
    known = ""
    if exact is not None:
        known = paren(f"{term('exact_mean', lang)} {exact.rounds_mean:.2f}", lang)
    parts = [
        f"{term('mean', lang)} {r.mean:.1f}{known}",
        f"{term('median', lang)} {_number(r.median)}",
        f"{term('p10', lang)} {_number(r.p10)}",
        f"{term('p90', lang)} {_number(r.p90)}",
        f"{term('range', lang)} {r.min}–{r.max}",
    ]
    lines: list[RenderableType] = [Text(term("rounds", lang) + colon + sep.join(parts))]
    most = max((count for _, _, count in r.histogram), default=0)
    histogram = Table.grid(padding=(0, 1))
    histogram.add_column(justify="right")
    histogram.add_column()
    histogram.add_column(justify="right")
    for first, last, count in collapse_empty(r.histogram):
        label = str(first) if first == last else f"{first}–{last}"
        histogram.add_row(label, bar(count, most), f"{count:,}")
    lines.append(histogram)
    return Group(*lines)


def combatant_table(summary: SimSummary, lang: str) -> Table:
    """Per combatant: hit and defense rates, injury dealt and taken, HP left, still standing."""
    table = Table(show_edge=False, pad_edge=False)
    table.add_column(term("combatant", lang))
    table.add_column(term("side", lang))
    table.add_column(term("hit_rate", lang), justify="right")
    table.add_column(term("defense_rate", lang), justify="right")
    table.add_column(term("dealt_short", lang), justify="right")
    table.add_column(term("taken_short", lang), justify="right")
    table.add_column(term("hp_left", lang), justify="right")
    table.add_column(term("standing", lang), justify="right")
    fleeing = any(c.fled_rate for c in summary.combatants)
    if fleeing:
        table.add_column(term("fled", lang), justify="right")
    for c in summary.combatants:
        start = "?" if c.hp_start is None else str(c.hp_start)
        fled = [percent(c.fled_rate)] if fleeing else []
        table.add_row(
            c.name(lang),
            summary.side(c.side).name(lang),  # as in the table of sides
            percent(c.hit_rate) if c.attacks else "–",
            percent(c.defense_rate) if c.defenses else "–",
            f"{c.dealt_mean:.1f} / {_number(c.dealt_median)} / {_number(c.dealt_p90)}",
            f"{c.taken_mean:.1f}",
            f"{c.hp_left_mean:.1f} / {start}",
            percent(c.standing_rate),
            *fled,
        )
    return table


def sim_report(
    summary: SimSummary,
    *,
    title: str,
    seed: int,
    path: str,
    seconds: float,
    lang: str,
    exact: ExactOutcome | None = None,
    declined: str | None = None,
    replayed: int | None = None,
    replayed_by: Mapping[str, int] | None = None,
) -> Sequence[RenderableType]:
    """The whole `senjo sim` report, block by block (with the exact chances when known, and
    under the header `declined`, why no fast path played, or on the fast path how many
    battles it `replayed` on the engine, and why: `replayed_by`)."""
    why = [] if declined is None else [Text(declined, style="dim")]
    if replayed is not None:
        why.append(Text(replayed_line(replayed, summary.n, lang, replayed_by), style="dim"))
    return [
        Text(f"# {title}", style="bold"),
        Text(header_line(summary.n, seed, path, seconds, lang)),
        *why,
        Text(""),
        outcome_table(summary, lang, exact),
        Text(""),
        rounds_block(summary, lang, exact),
        Text(""),
        combatant_table(summary, lang),
    ]
