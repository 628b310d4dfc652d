"""`senjo sim`: play a scenario N times and report win rates, battle length and damage."""

from __future__ import annotations

import copy
import json
import sys
import time
from collections.abc import Sequence
from contextlib import nullcontext
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from senjo.cli.options import check_folder, parse_lang, parse_options, parse_whole
from senjo.cli.output import fail, say
from senjo.dice.formatting import Lang
from senjo.scenario import Scenario, ScenarioError, load_scenario, parse_scenario
from senjo.scenario.battle import effective_seed
from senjo.sim.aggregate import SimAggregate
from senjo.sim.declines import in_lang
from senjo.sim.fastpath import ENGINE, PathError, PathRequest, choose_path, exact_outcome
from senjo.sim.plot import plot_format
from senjo.sim.runner import SimJob
from senjo.sim.terms import term
from senjo.sim.workers import BackendError, auto_workers, make_backend, simulate

__all__ = [
    "SIM_ERRORS",
    "BackendOption",
    "error_text",
    "load_with_options",
    "run_jobs",
    "sim_command",
]

LangOption = Annotated[str | None, typer.Option("--lang", help="ja or en.")]
OptionList = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", help="Override an optional rule: NAME=VALUE (repeatable)."),
]
#: Whole numbers taken as text: senjo says what is wrong, in the chosen language
#: (`check_counts`, `parse_whole`), rather than the command-line library in English.
BattlesOption = Annotated[
    str, typer.Option("-n", "--battles", metavar="N", help="Battles to play.")
]
SeedOption = Annotated[
    str | None,
    typer.Option("--seed", metavar="S", help="Seed S: battle i uses derive_seed(S, i)."),
]
WorkersOption = Annotated[
    str,
    typer.Option(
        "--workers", "-w", help="Local worker processes: a number, or auto (one per core)."
    ),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print one JSON object.")]
PlotOption = Annotated[
    Path | None, typer.Option("--plot", help="Also draw the results (FILE.png or FILE.svg).")
]
BackendOption = Annotated[
    str, typer.Option("--backend", help="local (worker processes) or dask (a Dask cluster).")
]
SchedulerOption = Annotated[
    str | None, typer.Option("--scheduler", help="The Dask scheduler's address (tcp://…).")
]


#: The command line's errors for `senjo sim` and `senjo sweep`: key -> (Japanese, English).
SIM_ERRORS: dict[str, tuple[str, str]] = {
    "battles": (
        "-n には1以上の戦闘数を指定してください（{value} は不可）",
        "-n takes a number of battles of 1 or more, not {value}",
    ),
    "workers": (
        "--workers には1以上の数か auto を指定してください（{value} は不可）",
        "--workers takes 1 or more, or auto, not {value}",
    ),
    "plot_suffix": (
        "--plot {path}：ファイル名は .png か .svg で終わる必要があります",
        "--plot {path}: the file name must end in .png or .svg",
    ),
    "plot_write": (
        "--plot {path}：書き込めません（{why}）",
        "--plot {path}: cannot be written ({why})",
    ),
    "path": (
        "--path には auto、engine、fast のいずれかを指定してください（{value!r} は不可）",
        "--path takes auto, engine or fast, not {value!r}",
    ),
    "no_vary": (
        "sweep には --vary PATH=VALUES が1つ以上必要です",
        "sweep needs at least one --vary PATH=VALUES",
    ),
    "grid": (
        "格子点が{size:,}通りあります（上限は{most:,}通り）",
        "the grid has {size:,} points; the most is {most:,}",
    ),
    "side": (
        "--side {side!r} はシナリオの陣営ではありません（陣営：{sides}）",
        "--side {side!r} is not a side of the scenario; sides: {sides}",
    ),
}


def error_text(key: str, lang: str, **values: object) -> str:
    """A `senjo sim` or `senjo sweep` error in `lang`, filled in.

    >>> error_text("workers", "ja", value=0)
    '--workers には1以上の数か auto を指定してください（0 は不可）'
    >>> error_text("workers", "en", value=0)
    '--workers takes 1 or more, or auto, not 0'
    """
    return say(SIM_ERRORS, key, lang, **values)


def load_with_options(path: Path, options: dict[str, str], lang: Lang = "en") -> Scenario:
    """The scenario with `--option` overrides written into its data and checked again."""
    try:
        scenario = load_scenario(path)
    except ScenarioError as error:
        fail(error.text(lang))
    if not options:
        return scenario
    data = copy.deepcopy(scenario.data)
    data["options"] = {**(data.get("options") or {}), **options}
    try:
        return parse_scenario(data, scenario.source)
    except ScenarioError as error:
        fail(f"--option: {error.text(lang)}")


def check_counts(battles: str, workers: str, lang: Lang) -> tuple[int, int | None]:
    """`-n` is a whole number, 1 or more, and `--workers` 1 or more or `auto` (else one
    line and exit 2); returns the battles and the workers asked for, None for auto
    (`senjo.sim.workers.auto_workers`).

    >>> check_counts("200", "auto", "en"), check_counts("5", "2", "en")
    ((200, None), (5, 2))
    """
    try:
        count = int(battles.strip())
    except ValueError:
        count = 0
    if count < 1:
        fail(error_text("battles", lang, value=battles))
    return count, _workers(workers, lang)


def _workers(workers: str, lang: Lang) -> int | None:
    if workers.strip().lower() == "auto":
        return None
    try:
        count = int(workers)
    except ValueError:
        count = 0
    if count < 1:
        fail(error_text("workers", lang, value=workers))
    return count


def check_plot(path: Path | None, lang: Lang) -> None:
    """A plot file must be .png or .svg (checked before any battle is played)."""
    if path is None:
        return
    if plot_format(path) is None:
        fail(error_text("plot_suffix", lang, path=path))
    check_folder("--plot", path, lang)


def run_jobs(
    jobs: Sequence[SimJob],
    *,
    workers: int | None,
    backend: str,
    scheduler: str | None,
    show_progress: bool,
    lang: Lang,
) -> tuple[list[SimAggregate], float]:
    """Play the jobs on the chosen backend with a progress bar; aggregates and seconds
    taken. `workers` None: as many as pay (`auto_workers`)."""
    if workers is None:
        workers = auto_workers(jobs)
    try:
        chosen = make_backend(workers, backend, scheduler)
    except BackendError as error:
        fail(in_lang(error.args[0], lang))
    total = sum(job.n for job in jobs)
    console = Console(stderr=True)
    visible = show_progress and console.is_terminal
    bar = (
        Progress(
            TextColumn(term("progress", lang)),
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=console,
            transient=True,
            auto_refresh=False,  # no refresh thread: worker processes are forked
        )
        if visible
        else None
    )
    start = time.perf_counter()
    with bar if bar is not None else nullcontext():
        task = bar.add_task("sim", total=total) if bar is not None else None
        if bar is not None:
            bar.refresh()

        def advance(count: int) -> None:
            if bar is not None and task is not None:
                bar.advance(task, count)
                bar.refresh()

        try:
            results = simulate(jobs, chosen, workers=workers, progress=advance)
        except BackendError as error:
            fail(in_lang(error.args[0], lang))
    return results, time.perf_counter() - start


def report_console() -> Console:
    """Standard output for reports: the terminal's width, or 120 columns into a pipe or file."""
    console = Console(file=sys.stdout)
    return console if console.is_terminal else Console(file=sys.stdout, width=120)


def sim_command(
    scenario_path: Annotated[Path, typer.Argument(metavar="SCENARIO", help="A scenario file.")],
    battles_text: BattlesOption = "1000",
    seed_text: SeedOption = None,
    workers: WorkersOption = "auto",
    path: Annotated[
        str, typer.Option("--path", help="auto, engine or fast: how battles are played.")
    ] = "auto",
    json_output: JsonOption = False,
    plot: PlotOption = None,
    lang: LangOption = None,
    option: OptionList = None,
    backend: BackendOption = "local",
    scheduler: SchedulerOption = None,
) -> None:
    """Play a scenario many times (Monte Carlo) and report win rates with 95% intervals."""
    from senjo.sim.summary import summarize

    chosen_lang = parse_lang(lang)
    battles, asked = check_counts(battles_text, workers, chosen_lang)
    seed = parse_whole(seed_text, "--seed", chosen_lang)
    check_plot(plot, chosen_lang)
    if path not in ("auto", "engine", "fast"):
        fail(error_text("path", chosen_lang, value=path))
    scenario = load_with_options(scenario_path, parse_options(option, chosen_lang), chosen_lang)
    request: PathRequest = "fast" if path == "fast" else "engine" if path == "engine" else "auto"
    try:
        chosen_path = choose_path(scenario, request)
    except PathError as error:
        fail(error.message(chosen_lang))
    declined: PathError | None = None  # why `auto` fell back to the engine
    if request == "auto" and chosen_path == ENGINE:
        try:
            choose_path(scenario, "fast")
        except PathError as error:
            declined = error
    used_seed = effective_seed(scenario, seed)
    job = SimJob.of(scenario, used_seed, battles, chosen_path)
    (aggregate,), seconds = run_jobs(
        [job],
        workers=asked,
        backend=backend,
        scheduler=scheduler,
        show_progress=not json_output,
        lang=chosen_lang,
    )
    summary = summarize(aggregate, scenario)
    title = scenario.title_ja if chosen_lang == "ja" else scenario.title_en
    exact = exact_outcome(scenario)
    if json_output:
        header: dict[str, Any] = {
            "scenario": scenario.source,
            "title": {"en": scenario.title_en, "ja": scenario.title_ja},
            "system": scenario.system,
            "n": aggregate.n,
            "seed": used_seed,
            "path": chosen_path,
            "options": dict(sorted(scenario.options.items())),
            "seconds": round(seconds, 3),
        }
        if chosen_path != ENGINE:
            header["replayed"] = aggregate.replayed  # battles the fast path handed over
            header["replayed_by"] = dict(sorted(aggregate.replayed_by.items()))
        if declined is not None:
            header["fast_declined"] = [
                {"path": name, "reason": in_lang(reason, "en")} for name, reason in declined.reasons
            ]
        known = {} if exact is None else {"exact": exact.to_json()}
        typer.echo(json.dumps({**header, **summary.to_json(), **known}, ensure_ascii=False))
    else:
        from senjo.sim.report import sim_report

        out = report_console()
        for block in sim_report(
            summary,
            title=title,
            seed=used_seed,
            path=chosen_path,
            seconds=seconds,
            lang=chosen_lang,
            exact=exact,
            declined=None if declined is None else declined.message(chosen_lang),
            replayed=None if chosen_path == ENGINE else aggregate.replayed,
            replayed_by=aggregate.replayed_by,
        ):
            out.print(block)
    # Drawn after the report: a plot that cannot be written loses no result.
    if plot is not None:
        from senjo.sim.plot import save, sim_figure

        try:
            save(sim_figure(summary, title=title, lang=chosen_lang), plot)
        except OSError as error:
            fail(error_text("plot_write", chosen_lang, path=plot, why=error.strerror))
