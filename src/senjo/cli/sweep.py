"""`senjo sweep`: simulate a scenario over a grid of changed parameters."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table
from rich.text import Text

from senjo.cli.options import parse_lang, parse_options, parse_whole
from senjo.cli.output import fail
from senjo.cli.sim import (
    BackendOption,
    BattlesOption,
    JsonOption,
    LangOption,
    OptionList,
    PlotOption,
    SchedulerOption,
    SeedOption,
    WorkersOption,
    check_counts,
    check_plot,
    error_text,
    load_with_options,
    report_console,
    run_jobs,
)
from senjo.scenario import Scenario, ScenarioError, parse_scenario
from senjo.scenario.battle import effective_seed
from senjo.sim.declines import in_lang
from senjo.sim.exact import ExactOutcome
from senjo.sim.fastpath import PathError, choose_path, exact_outcome
from senjo.sim.runner import SimJob
from senjo.sim.summary import SimSummary, summarize
from senjo.sim.sweep import MAX_POINTS, SweepError, Vary, apply_point, grid, grid_size, parse_vary
from senjo.sim.terms import battles, paren, points, term

__all__ = ["sweep_command"]


def _label(path: str) -> str:
    """A varied path as a column heading (combatants are named by key alone)."""
    return path.removeprefix("combatants.")


def _point_text(point: dict[str, Any]) -> str:
    return ", ".join(f"{path}={value}" for path, value in point.items())


def _build_points(
    base: Scenario, varies: list[Vary], lang: str
) -> list[tuple[dict[str, Any], Scenario]]:
    """Every grid point with its checked scenario; the first bad point exits 2."""
    points = []
    for point in grid(varies):
        try:
            data = apply_point(base.data, point)
            points.append((point, parse_scenario(data, base.source)))
        except SweepError as error:
            fail(in_lang(error.args[0], lang))
        except ScenarioError as error:
            fail(f"--vary {_point_text(point)}: {error.text(lang)}")
    return points


def sweep_header(count: int, n: int, seed: int, seconds: float, lang: str) -> str:
    """ "10 points × 100 battles · seed 7 · 2.3 s" in `lang`."""
    if lang == "ja":
        return f"{points(count, lang)} × 各{battles(n, lang)}・シード {seed}・{seconds:.1f}秒"
    return f"{points(count, lang)} × {battles(n, lang)} · seed {seed} · {seconds:.1f} s"


def _sweep_table(
    varies: list[Vary],
    points: list[tuple[dict[str, Any], SimSummary]],
    sides: list[str],
    lang: str,
    exact: list[ExactOutcome | None],
) -> Table:
    """One row per grid point; with each side's exact chance beside its rate when every
    point has them (CoC duels)."""
    from senjo.sim.report import interval, percent

    known = all(found is not None for found in exact)
    table = Table(show_edge=False, pad_edge=False)
    for vary in varies:
        table.add_column(_label(vary.path), justify="right", overflow="fold")
    for side in sides:
        name = points[0][1].side(side).name(lang) if points else side  # as `senjo sim` has it
        table.add_column(f"{name} {term('win_rate', lang)} [{term('ci95', lang)}]", justify="right")
        if known:
            table.add_column(f"{name} {term('exact', lang)}", justify="right")
    table.add_column(term("draw", lang), justify="right")
    table.add_column(term("rounds", lang) + paren(term("mean", lang), lang), justify="right")
    for (point, summary), found in zip(points, exact, strict=True):
        cells = [str(point[vary.path]) for vary in varies]
        for side in sides:
            record = summary.side(side)
            cells.append(f"{percent(record.rate)} [{interval(record.ci95)}]")
            if known and found is not None:
                cells.append(percent(found.wins.get(side, 0.0), 2))
        cells.append(percent(summary.draws.rate))
        cells.append(f"{summary.rounds.mean:.1f}")
        table.add_row(*cells)
    return table


def sweep_command(
    scenario_path: Annotated[Path, typer.Argument(metavar="SCENARIO", help="A scenario file.")],
    vary: Annotated[
        list[str] | None,
        typer.Option(
            "--vary",
            help="PATH=a..b or PATH=v1,v2 (repeatable), "
            "e.g. combatants.knight.skills.Broadsword=10..18 or options.max_rounds=10,20.",
        ),
    ] = None,
    battles_text: BattlesOption = "1000",
    seed_text: SeedOption = None,
    workers: WorkersOption = "auto",
    json_output: JsonOption = False,
    plot: PlotOption = None,
    side: Annotated[
        str | None, typer.Option("--side", help="The side whose win rate is plotted.")
    ] = None,
    lang: LangOption = None,
    option: OptionList = None,
    backend: BackendOption = "local",
    scheduler: SchedulerOption = None,
) -> None:
    """Simulate a scenario at every point of a parameter grid (the same seeds at every point)."""
    chosen_lang = parse_lang(lang)
    battles_per_point, asked = check_counts(battles_text, workers, chosen_lang)
    seed = parse_whole(seed_text, "--seed", chosen_lang)
    check_plot(plot, chosen_lang)
    try:
        varies = [parse_vary(spec) for spec in vary or []]
    except SweepError as error:
        fail(in_lang(error.args[0], chosen_lang))
    if not varies:
        fail(error_text("no_vary", chosen_lang))
    if grid_size(varies) > MAX_POINTS:
        fail(error_text("grid", chosen_lang, size=grid_size(varies), most=MAX_POINTS))
    base = load_with_options(scenario_path, parse_options(option, chosen_lang), chosen_lang)
    sides = list(dict.fromkeys(fighter.side for fighter in base.fighters))
    plotted = side if side is not None else sides[0]
    if plotted not in sides:
        fail(error_text("side", chosen_lang, side=plotted, sides=", ".join(sides)))
    points = _build_points(base, varies, chosen_lang)
    used_seed = effective_seed(base, seed)
    jobs = []
    for _, scenario in points:
        try:
            path = choose_path(scenario, "auto")
        except PathError as error:  # pragma: no cover - auto never refuses
            fail(str(error))
        jobs.append(SimJob.of(scenario, used_seed, battles_per_point, path))
    aggregates, seconds = run_jobs(
        jobs,
        workers=asked,
        backend=backend,
        scheduler=scheduler,
        show_progress=not json_output,
        lang=chosen_lang,
    )
    summaries = [
        (point, summarize(aggregate, scenario))
        for (point, scenario), aggregate in zip(points, aggregates, strict=True)
    ]
    exact = [exact_outcome(scenario) for _, scenario in points]
    title = base.title_ja if chosen_lang == "ja" else base.title_en
    if json_output:
        document = {
            "scenario": base.source,
            "system": base.system,
            "n": battles_per_point,
            "seed": used_seed,
            "seconds": round(seconds, 3),
            "vary": [{"path": v.path, "values": list(v.values)} for v in varies],
            "points": [
                {
                    "values": point,
                    "path": job.path,
                    **summary.to_json(),
                    **({} if found is None else {"exact": found.to_json()}),
                }
                for (point, summary), job, found in zip(summaries, jobs, exact, strict=True)
            ],
        }
        typer.echo(json.dumps(document, ensure_ascii=False))
    else:
        out = report_console()
        colon = "：" if chosen_lang == "ja" else ": "
        out.print(Text(f"# {title}{colon}{term('sweep', chosen_lang)}", style="bold"))
        header = sweep_header(len(points), battles_per_point, used_seed, seconds, chosen_lang)
        out.print(Text(header))
        out.print(_sweep_table(varies, summaries, sides, chosen_lang, exact))
    # Drawn after the report: a plot that cannot be written loses no result.
    if plot is not None:
        _plot(plot, varies, summaries, plotted, title, battles_per_point, chosen_lang)


def _plot(
    path: Path,
    varies: list[Vary],
    summaries: list[tuple[dict[str, Any], SimSummary]],
    side: str,
    title: str,
    n: int,
    lang: str,
) -> None:
    from senjo.sim.plot import SweepLine, save, sweep_figure

    first = varies[0].path
    groups: dict[str, list[tuple[Any, float, tuple[float, float]]]] = {}
    for point, summary in summaries:
        rest = ", ".join(f"{_label(p)}={v}" for p, v in point.items() if p != first)
        record = summary.side(side)
        groups.setdefault(rest, []).append((point[first], record.rate, record.ci95))
    lines = [SweepLine(label, points) for label, points in groups.items()]
    figure = sweep_figure(
        lines,
        title=title + paren(f"{term('per_point', lang)}{battles(n, lang)}", lang),
        x_label=_label(first),
        y_label=f"{summaries[0][1].side(side).name(lang)} {term('win_rate', lang)}",
        lang=lang,
    )
    try:
        save(figure, path)
    except OSError as error:
        fail(error_text("plot_write", lang, path=path, why=error.strerror))
