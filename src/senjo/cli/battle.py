"""`senjo run`, `senjo replay` and `senjo play`: battles from scenario files."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer

from senjo import __version__
from senjo.cli.dice_errors import dice_error_text
from senjo.cli.options import check_folder, parse_lang, parse_options, parse_whole
from senjo.cli.output import fail, said
from senjo.dice.errors import DiceError
from senjo.dice.formatting import Lang
from senjo.dice.roller import ScriptedDice
from senjo.engine.battle import Battle, RuleOptionError
from senjo.engine.bilingual import in_lang
from senjo.engine.controllers import run
from senjo.engine.journal import (
    Divergence,
    Journal,
    JournalError,
    journal_lines,
    read_journal,
    replay,
)
from senjo.narration import narrator_for
from senjo.narration.board import BoardTracker
from senjo.scenario import Scenario, ScenarioError, load_scenario, parse_scenario
from senjo.scenario.battle import build_battle, controllers_for, effective_seed

__all__ = ["replay_command", "run_command"]

OptionList = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", help="Override an optional rule: NAME=VALUE (repeatable)."),
]
LangOption = Annotated[str | None, typer.Option("--lang", help="ja or en.")]


def _load(path: Path, lang: Lang) -> Scenario:
    try:
        return load_scenario(path)
    except ScenarioError as error:
        fail(error.text(lang))


def _build(
    scenario: Scenario, seed: int, options: dict[str, str], lang: Lang, **kwargs: Any
) -> Battle[Any]:
    try:
        return build_battle(scenario, seed=seed, options=options, **kwargs)
    except RuleOptionError as error:
        fail(in_lang(error.args[0], lang))


def run_command(
    scenario_path: Annotated[Path, typer.Argument(metavar="SCENARIO", help="A scenario file.")],
    seed_text: Annotated[
        str | None, typer.Option("--seed", metavar="S", help="Random seed (a whole number).")
    ] = None,
    lang: LangOption = None,
    log: Annotated[
        Path | None, typer.Option("--log", help="Write the journal (JSON lines).")
    ] = None,
    option: OptionList = None,
    show_map: Annotated[
        bool, typer.Option("--show-map", help="Draw the hex map at the start of every round.")
    ] = False,
) -> None:
    """Play a scenario out with its controllers and narrate every roll with its modifiers."""
    chosen = parse_lang(lang)
    scenario = _load(scenario_path, chosen)
    options = parse_options(option, chosen)
    used_seed = effective_seed(scenario, parse_whole(seed_text, "--seed", chosen))
    check_log(log, chosen)
    battle = _build(scenario, used_seed, options, chosen, record_dice=log is not None)
    run(battle, controllers_for(scenario, used_seed))
    if show_map and scenario.ground is None:
        fail(
            f"{scenario_path}: "
            + said(
                chosen,
                "--show-map needs a scenario with a map",
                "--show-map にはマップのあるシナリオが必要です",
            )
        )
    if log is not None:
        write_journal(log, battle, scenario_path, scenario, used_seed, options, chosen)
    narrate(battle, scenario, chosen, used_seed, show_map=show_map)


def check_log(log: Path | None, lang: Lang) -> None:
    """`--log FILE` must go into a folder that exists and not be a folder itself: checked
    before the battle starts, so no battle is played (or, with `senjo play`, decided by
    hand) for a journal that cannot be written."""
    if log is None:
        return
    if log.is_dir():
        fail(said(lang, f"--log {log}: is a folder", f"--log {log}：フォルダです"))
    check_folder("--log", log, lang)


def journal_text(
    battle: Battle[Any],
    source: Path,
    scenario: Scenario,
    seed: int,
    options: dict[str, str],
    played_by: str | None = None,
) -> str:
    """The battle's journal: a header to rebuild it (and who was `played_by` hand, for
    `senjo resume`), then its events and dice."""
    header = {
        "senjo": __version__,
        "source": str(source),
        "scenario": scenario.data,
        "seed": seed,
        "options": options,
    }
    if played_by is not None:
        header["as"] = played_by
    return "\n".join(journal_lines(battle, header)) + "\n"


def store(path: Path, text: str) -> None:
    """Write `text` to `path` whole or not at all: into a new file beside it, then renamed
    over it, so a process killed while writing leaves the previous journal as it was.
    Something other than a file (`/dev/stdout`, a pipe) is written to as it is. Raises
    OSError."""
    if path.exists() and not path.is_file():
        path.write_text(text, encoding="utf-8")
        return
    partial = path.with_name(f".{path.name}.{os.getpid()}.part")
    try:
        partial.write_text(text, encoding="utf-8")
        os.replace(partial, path)
    except OSError:
        partial.unlink(missing_ok=True)
        raise


def write_journal(
    log: Path,
    battle: Battle[Any],
    source: Path,
    scenario: Scenario,
    seed: int,
    options: dict[str, str],
    lang: Lang = "en",
    *,
    played_by: str | None = None,
    option: str | None = "--log",
) -> None:
    """Write the battle's journal (`journal_text`). If the file cannot be written (the
    folder went away, a full disk, no permission), the journal goes to a new file in the
    system's temporary folder instead and one line says where: a battle played by hand is
    not lost. The line names the file after the `option` that gave it (None: a file the
    person did not name)."""
    text = journal_text(battle, source, scenario, seed, options, played_by)
    try:
        store(log, text)
    except OSError as error:
        why = error.strerror or str(error)
        where = f"{option} {log}" if option else str(log)
        try:
            handle, spare = tempfile.mkstemp(prefix="senjo-journal-", suffix=".jsonl")
            with os.fdopen(handle, "w", encoding="utf-8") as kept:
                kept.write(text)
        except OSError:
            fail(
                said(
                    lang,
                    f"{where}: cannot be written ({why})",
                    f"{where}：書き込めません（{why}）",
                )
            )
        fail(
            said(
                lang,
                f"{where}: cannot be written ({why}); the journal is in {spare}",
                f"{where}：書き込めません（{why}）。ジャーナルは {spare} に保存しました",
            )
        )


def narrate(
    battle: Battle[Any], scenario: Scenario, lang: Lang, seed: object, *, show_map: bool = False
) -> None:
    """Print the title line and one line per narrated event (and the board each round)."""
    narrator = narrator_for(scenario, lang)
    title = scenario.title_ja if lang == "ja" else scenario.title_en
    typer.echo(f"# {title}  (seed {seed})")
    board = BoardTracker(scenario, lang) if show_map else None
    if board is not None:
        for row in board.legend():
            typer.echo(row)
    for item in battle.log:
        if board is not None:
            for row in board.follow(item):
                typer.echo(row)
        line = narrator.line(item)
        if line is not None:
            typer.echo(line)


def read_journal_file(path: Path, lang: Lang) -> tuple[Journal, Scenario, dict[str, Any]]:
    """A journal file, its scenario and its options, read and checked (one line if not)."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
        journal = read_journal(lines, str(path))
    except OSError as error:
        fail(
            f"{path}: "
            + said(
                lang, f"cannot be read ({error.strerror})", f"読み込めません（{error.strerror}）"
            )
        )
    except JournalError as error:
        fail(in_lang(error.args[0], lang))
    header = journal.header
    try:
        scenario = parse_scenario(header.get("scenario"), str(header.get("source", path)))
    except ScenarioError as error:
        invalid = said(
            lang, "the journal's scenario is not valid", "ジャーナルのシナリオが正しくありません"
        )
        fail(f"{path}: {invalid}: {error.text(lang)}")
    options = header.get("options", {})
    if not isinstance(options, dict):
        fail(
            f"{path}: "
            + said(lang, "header options must be a mapping", "ヘッダーの options はマッピングです")
        )
    return journal, scenario, options


def diverged(path: Path, divergence: Divergence, lang: Lang) -> NoReturn:
    """The one line for a journal that its battle no longer follows."""
    where = divergence.describe()
    fail(
        f"{path}: "
        + said(lang, f"the replay diverges at {where}", f"再生が {where} で食い違いました")
    )


def replay_command(
    journal_path: Annotated[Path, typer.Argument(metavar="FILE.jsonl", help="A battle journal.")],
    lang: LangOption = None,
) -> None:
    """Re-run a saved battle from its logged decisions and dice, check it, and narrate it."""
    chosen = parse_lang(lang)
    journal, scenario, options = read_journal_file(journal_path, chosen)

    def build(dice: ScriptedDice) -> Battle[Any]:
        return _build(scenario, 0, options, chosen, dice=dice)

    try:
        battle, divergence = replay(journal, build)
    except DiceError as error:
        fail(f"{journal_path}: {dice_error_text(error, chosen)}")
    narrate(battle, scenario, chosen, journal.header.get("seed"))
    if divergence is not None:
        diverged(journal_path, divergence, chosen)
