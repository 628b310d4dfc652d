"""`senjo play`: a person decides for one combatant at the terminal; the AI plays the rest.

Each of the person's decisions lists its options numbered, with the chance of
success of every attack and defense. Typing `q` (or closing the input, or
Ctrl-C) stops the battle, and its journal so far is written: to `--log`, or else to a
new file in the current folder; it is written before each of the person's decisions
too, so a closed terminal loses nothing either. `senjo resume FILE.jsonl` goes on from
there.
"""

from __future__ import annotations

import contextlib
import re
import time
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import typer

from senjo.cli.battle import (
    LangOption,
    OptionList,
    _build,
    _load,
    check_log,
    diverged,
    journal_text,
    read_journal_file,
    store,
    write_journal,
)
from senjo.cli.options import parse_lang, parse_options, parse_whole
from senjo.cli.output import fail, said
from senjo.cli.play_text import asked, describe_coc, standing
from senjo.cli.play_tomogami import describe_tomogami, tomogami_standing
from senjo.cli.play_tvalue import describe_tvalue, tvalue_standing
from senjo.dice.formatting import Lang
from senjo.engine.battle import Battle
from senjo.engine.controllers import Controller
from senjo.engine.decision import Choice, Decision
from senjo.engine.journal import follow
from senjo.narration import Narrator, narrator_for
from senjo.narration.board import BoardTracker
from senjo.narration.gurps_terms import maneuver_variant, term
from senjo.narration.textmap import draw_coordinates
from senjo.narration.tomogami import TomoNarrator
from senjo.narration.tvalue import TvNarrator
from senjo.scenario import Scenario
from senjo.scenario.battle import controllers_for, effective_seed
from senjo.space.hexgrid import Facing, Hex
from senjo.systems.gurps.ai import success_chance
from senjo.systems.gurps.attack import AttackContext, attack_score
from senjo.systems.gurps.choices import (
    AttackPlan,
    DefenseChoice,
    Destination,
    GrabPlan,
    ManeuverChoice,
    WaitResponse,
    Watch,
)
from senjo.systems.gurps.defense import defense_score
from senjo.systems.gurps.grappling import grab_aim, grab_skill
from senjo.systems.gurps.ranged import opportunity_fire_items
from senjo.systems.gurps.state import GurpsState
from senjo.systems.gurps.unarmed import unarmed_score
from senjo.systems.tomogami.state import TomoState
from senjo.systems.tvalue.state import TvState

__all__ = ["describe_option", "play_command", "resume_command"]


class Quit(Exception):
    """The person stopped the battle."""


def describe_option(
    battle: Battle[GurpsState],
    decision: Decision,
    option: Any,
    lang: Lang,
    item: Callable[[str], str] = str,
) -> str:
    """A line for one option, with its chance of success where it has one; `item` names a
    weapon or shield from its key (`Narrator.item`; by default the key)."""
    state = battle.state
    names = {
        k: (f.name_ja or f.name) if lang == "ja" else f.name for k, f in state.fighters.items()
    }
    chance: float | None = None
    if isinstance(option, ManeuverChoice):
        text = term("maneuver", option.maneuver, lang)
        if option.variant:
            text += f" ({maneuver_variant(option.maneuver, option.variant, lang)})"
        if option.target:
            text += f" → {names.get(option.target, option.target)}"
        if option.weapon:
            how = term("mode", option.mode, lang) if option.mode else ""
            joint = "・" if lang == "ja" else ", "
            text += f" [{item(option.weapon)}{joint + how if how else ''}]"
        if option.maneuver in ("attack", "all_out_attack", "move_and_attack") and option.weapon:
            fighter = state.fighters[decision.actor]
            mode = fighter.weapon(option.weapon).mode(option.mode)
            context = AttackContext(option.maneuver, option.variant)
            score = attack_score(
                state, decision.actor, option.target, option.weapon, mode, AttackPlan(), context
            )
            chance = success_chance(score.value)
    elif isinstance(option, AttackPlan):
        choice: ManeuverChoice = decision.context
        fighter = state.fighters[decision.actor]
        mode = fighter.weapon(choice.weapon).mode(choice.mode)
        context = AttackContext(choice.maneuver, choice.variant, option.rapid_strike)
        score = attack_score(
            state, decision.actor, choice.target, choice.weapon, mode, option, context
        )
        text = term("location", option.location, lang)
        comma = "、" if lang == "ja" else ", "
        if option.deceptive:
            text += f"{comma}{term('modifier', 'deceptive_attack', lang)} {option.deceptive}"
        if option.rapid_strike:
            text += f"{comma}{term('modifier', 'rapid_strike', lang)}"
        if option.flurry:  # B357: extra effort, 1 FP a blow
            text += f"{comma}{term('modifier', 'flurry_of_blows', lang)}"
        if option.mighty:
            text += f"{comma}{term('modifier', 'mighty_blows', lang)}"
        chance = success_chance(score.value)
    elif isinstance(option, GrabPlan):
        # B370: the part grabbed at half its penalty, with one hand or both.
        foe = decision.context.target
        aim = grab_aim(state, foe, option.location)
        score = unarmed_score(state, decision.actor, grab_skill(state, decision.actor), aim)
        text = term("location", option.location, lang)
        if option.hands > 1:
            text += "、両手" if lang == "ja" else ", both hands"
        chance = success_chance(score.value)
    elif isinstance(option, DefenseChoice):
        text = term("defense", option.kind, lang)
        if option.weapon:
            text += f" [{item(option.weapon)}]"
        if option.retreat:
            text += " + " + term("modifier", "retreat", lang)
        if option.drop:
            text += " + " + term("modifier", "dodge_and_drop", lang)
        if option.feverish:  # B357: extra effort, 1 FP
            text += " + " + term("modifier", "feverish_defense", lang)
        if option.kind != "none":
            chance = success_chance(
                defense_score(state, decision.actor, option, decision.context).value
            )
    elif isinstance(option, Destination):
        # seed 001 (移動点): the hex, the facing the move ends in, the points it costs.
        cost = f"{option.cost:g}"
        if lang == "ja":
            text = f"{option.hex}・向き{option.facing.name}（移動点 {cost}）"
            text += "・すり抜け" if option.evade else ""
        else:
            text = f"{option.hex} facing {option.facing.name} ({cost} MP)"
            text += ", evading" if option.evade else ""
    elif isinstance(option, Watch):
        # seed 001 (機会射撃): the shape, its centre, the hexes it covers and its penalty.
        penalty = sum(v for _, v in opportunity_fire_items(option, False))
        shape = term("watch", option.shape, lang)
        count = len(option.hexes)
        if lang == "ja":
            text = f"{shape} {option.center}（{count}ヘクス、修正 {penalty:+d}）"
        else:
            hexes = "hex" if count == 1 else "hexes"
            text = f"{shape} {option.center} ({count} {hexes}, {penalty:+d})"
    elif isinstance(option, WaitResponse):
        text = term("answer", "act" if option.act else "hold", lang)
    elif decision.kind in ("free_action", "arm_lock") and isinstance(option, Choice):
        text = term("answer", option.name, lang)
        if option.detail:  # an item dropped, or the foe let go of
            text += f" [{names.get(option.detail) or item(option.detail)}]"
    elif decision.kind == "parrying_arm" and isinstance(option, Choice):
        # B376: where the blow lands after a failed bare-handed parry.
        text = f"{term('answer', option.name, lang)} [{term('location', option.detail, lang)}]"
    elif decision.kind in ("discrimination", "evade", "overrun"):
        text = term("answer", option.key, lang)
    else:
        text = option.key
    if chance is not None:
        text += f"  ({chance:.0%})"
    return text


def hex_answer(options: Sequence[Any], answer: str) -> list[int] | None:
    """The numbers (from 0) of the move options that end in the hex typed as `q,r`, and
    in its facing if one follows (`3,-2 NE`, `3,-2・向きNE`, `3,-2/1`); None if the answer
    names no hex. A move's options may run past a hundred lines; the map shows each
    hex's `q,r`, so a person may type the hex rather than find its number.

    >>> ways = [Destination(Hex(1, 2), f, 0) for f in (Facing.N, Facing.NE)]
    >>> hex_answer(ways, "1, 2"), hex_answer(ways, "1, 2 ne"), hex_answer(ways, "5,5")
    ([0, 1], [1], [])
    >>> hex_answer(ways, "2") is None, hex_answer(ways, "1,2 up") is None
    (True, True)
    """
    text = answer.replace("−", "-")
    split = _FACING_AFTER.fullmatch(text)
    # The whole answer a hex, else a hex and a facing after it.
    for place, named in [(text, None), *([(split[1], split[2])] if split else [])]:
        try:
            where = Hex.parse(place)
            facing = Facing.parse(named) if named else None
        except ValueError:
            continue
        return [
            number
            for number, option in enumerate(options)
            if isinstance(option, Destination)
            and option.hex == where
            and (facing is None or option.facing == facing)
        ]
    return None


#: An answer's hex (read by `Hex.parse`) and the facing after it (a name or 0-5).
_FACING_AFTER = re.compile(r"(.*?)\s*[ ・/]\s*(?:向き)?\s*(\w+)\s*")


#: The question's prompt (English, Japanese); where to move may be answered by hex too.
_ASK = ("Choose a number (q quits)", "番号を選んでください（q で終了）")
_ASK_MOVE = (
    "Choose a number, or the hex as q,r (q quits)",
    "番号か、移動先のヘクス q,r を入力してください（q で終了）",
)


class TerminalController:
    """Asks a person at the terminal, printing new narration first."""

    def __init__(self, narrator: Narrator, lang: Lang, board: BoardTracker | None = None) -> None:
        self.narrator = narrator
        self.lang: Lang = lang
        self.board = board
        self.shown = 0

    def introduce(self) -> None:
        """On a map: the figures' letters, and the map with each hex's `q,r`, the names
        the move options give hexes (seed 001 moves are chosen by hex)."""
        if self.board is None:
            return
        for row in self.board.legend():
            typer.echo(row)
        typer.echo(said(self.lang, "The map, each hex as q,r:", "マップ（各ヘクスの座標 q,r）："))
        for row in draw_coordinates(self.board.board):
            typer.echo(row)
        typer.echo("")

    def show(self, battle: Battle[Any]) -> None:
        """Print the events not yet shown (on a map, the board at each round)."""
        for item in battle.log[self.shown :]:
            if self.board is not None:
                for row in self.board.follow(item):
                    typer.echo(row)
            line = self.narrator.line(item)
            if line is not None:
                typer.echo(line)
        self.shown = len(battle.log)

    def choose(self, battle: Battle[Any], decision: Decision) -> Any:
        """Number the options and read a choice; `q` or end of input stops the battle."""
        self.show(battle)
        if isinstance(battle.state, TomoState):
            if decision.kind == "declare_maneuver":  # the start of the person's turn
                assert isinstance(self.narrator, TomoNarrator)
                typer.echo(tomogami_standing(battle.state, self.narrator, self.lang))
        elif isinstance(battle.state, TvState):
            if decision.kind == "act":  # the start of the person's turn in the order
                assert isinstance(self.narrator, TvNarrator)
                typer.echo(tvalue_standing(battle.state, self.narrator, self.lang))
        elif decision.kind in ("maneuver", "action"):  # the start of the person's turn
            typer.echo(standing(battle.state, self.narrator, self.lang))
        who = self.narrator.who(decision.actor)
        typer.echo(f"\n{who}: {asked(decision.kind, self.lang)}")
        for number, option in enumerate(decision.options, start=1):
            if isinstance(battle.state, GurpsState):
                text = describe_option(battle, decision, option, self.lang, self.narrator.item)
            elif isinstance(battle.state, TomoState):
                assert isinstance(self.narrator, TomoNarrator)
                state, who_key = battle.state, decision.actor
                text = describe_tomogami(option, self.narrator, self.lang, state, who_key)
            elif isinstance(battle.state, TvState):
                assert isinstance(self.narrator, TvNarrator)
                tv_state, who_key = battle.state, decision.actor
                text = describe_tvalue(option, self.narrator, self.lang, tv_state, who_key)
            else:  # Call of Cthulhu
                who_key = decision.actor
                text = describe_coc(option, self.narrator, self.lang, battle.state, who_key)
            typer.echo(f"  {number:>3}. {text}")
        count = len(decision.options)
        # seed 001: a move is chosen by hex, as the map names each hex (q,r)
        moves = any(isinstance(option, Destination) for option in decision.options)
        prompt = said(self.lang, *(_ASK_MOVE if moves else _ASK))
        en, ja = (", a hex as q,r,", "、ヘクス q,r、または") if moves else (",", "か")
        again = said(
            self.lang,
            f"Enter a number from 1 to {count}{en} or q",
            f"1〜{count} の番号{ja} q を入力してください",
        )
        while True:
            try:
                typed = input(f"{prompt}: ")
            except EOFError:
                raise Quit from None
            # Full-width digits and letters (a Japanese input method's) as ASCII.
            answer = unicodedata.normalize("NFKC", typed).strip()
            if answer.lower() in ("q", "quit"):
                raise Quit
            if answer.isascii() and answer.isdecimal() and 1 <= int(answer) <= count:
                return decision.options[int(answer) - 1]
            found = hex_answer(decision.options, answer) if moves else None
            if found is not None and len(found) == 1:
                return decision.options[found[0]]
            if found:
                typer.echo(said(self.lang, "Moves that end there:", "そこで終わる移動："))
                for number in found:
                    line = describe_option(
                        battle, decision, decision.options[number], self.lang, self.narrator.item
                    )
                    typer.echo(f"  {number + 1:>3}. {line}")
                continue
            if found is not None:
                typer.echo(
                    said(
                        self.lang, f"No move ends at {answer}", f"{answer} で終わる移動はありません"
                    )
                )
                continue
            typer.echo(again)


def _check_who(scenario: Scenario, who: str, lang: Lang) -> None:
    if who not in scenario.controllers:
        known = ", ".join(scenario.controllers)
        fail(
            said(
                lang,
                f"--as: no combatant {who!r}; combatants: {known}",
                f"--as: 戦闘者 {who!r} はいません（戦闘者：{known}）",
            )
        )


def play_command(
    scenario_path: Annotated[Path, typer.Argument(metavar="SCENARIO", help="A scenario file.")],
    who: Annotated[str, typer.Option("--as", help="The combatant you play (its key).")],
    seed_text: Annotated[
        str | None, typer.Option("--seed", metavar="S", help="Random seed (a whole number).")
    ] = None,
    lang: LangOption = None,
    log: Annotated[
        Path | None, typer.Option("--log", help="Write the journal (JSON lines), even on quit.")
    ] = None,
    option: OptionList = None,
) -> None:
    """Play one combatant yourself; the others follow their controllers."""
    chosen = parse_lang(lang)
    scenario = _load(scenario_path, chosen)
    _check_who(scenario, who, chosen)
    options = parse_options(option, chosen)
    used_seed = effective_seed(scenario, parse_whole(seed_text, "--seed", chosen))
    check_log(log, chosen)
    battle = _build(scenario, used_seed, options, chosen, record_dice=True)
    kept = Kept(log, scenario_path, used_seed, options)
    _play_on(battle, scenario, who, chosen, kept, _others(scenario, used_seed, who))


@dataclass(frozen=True)
class Kept:
    """Where a battle played by hand is kept, and what its journal's header names."""

    log: Path | None
    source: Path
    seed: int
    options: dict[str, str]
    named: bool = True  # `log` was given with `--log` (not the journal resumed)


def _others(scenario: Scenario, seed: int, who: str) -> dict[str, Controller]:
    """The controllers of everyone but the combatant played by hand (`who`)."""
    return {key: c for key, c in controllers_for(scenario, seed).items() if key != who}


def _play_on(
    battle: Battle[Any],
    scenario: Scenario,
    who: str,
    lang: Lang,
    kept: Kept,
    others: dict[str, Controller],
) -> None:
    """Play the battle from where it stands, `who` decided at the terminal, until it ends or
    the person stops. The journal is written before each of the person's decisions too, so
    a battle whose terminal is closed or whose process is killed is kept as far as the
    question it was waiting on: in `--log`, or else in a new file in the current folder
    (removed again if the battle ends). Stopped, a line says how to go on (`senjo resume`).
    `others` decide for everyone else (after `senjo resume`, the controllers the journal's
    decisions were put to)."""
    board = BoardTracker(scenario, lang) if scenario.ground is not None else None
    person = TerminalController(narrator_for(scenario, lang), lang, board)
    person.introduce()
    controllers: dict[str, Any] = dict(others)
    controllers[who] = person
    log = kept.log if kept.log is not None else _unsaved(kept.source)

    def text() -> str:
        return journal_text(battle, kept.source, scenario, kept.seed, kept.options, who)

    try:
        while battle.pending is not None:
            decision = battle.pending
            if decision.actor == who:
                with contextlib.suppress(OSError):  # if not now, then when the battle stops
                    store(log, text())
            battle.decide(controllers[decision.actor].choose(battle, decision))
        person.show(battle)
    except (Quit, KeyboardInterrupt):
        typer.echo("中断しました" if lang == "ja" else "Stopped.")
    finally:
        # Kept however the battle stopped: by the person, or by an error of senjo's own.
        if battle.pending is None and kept.log is None:
            log.unlink(missing_ok=True)  # it ended, and nobody asked for its journal
        else:
            option = "--log" if kept.log is not None and kept.named else None
            write_journal(
                log,
                battle,
                kept.source,
                scenario,
                kept.seed,
                kept.options,
                lang,
                played_by=who,
                option=option,
            )
        if battle.pending is not None:
            typer.echo(
                said(
                    lang,
                    f"The battle so far is in {log}; go on with: senjo resume {log}",
                    f"ここまでの戦闘は {log} にあります。続きは senjo resume {log}",
                )
            )


def _unsaved(source: Path) -> Path:
    """A new file in the current folder for a battle stopped without `--log`: named after
    its scenario file and the time, never one that is there already."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    stem = f"senjo-{source.stem}-{stamp}"
    path = Path(f"{stem}.jsonl")
    number = 1
    while path.exists():
        number += 1
        path = Path(f"{stem}-{number}.jsonl")
    return path


def resume_command(
    journal_path: Annotated[
        Path, typer.Argument(metavar="FILE.jsonl", help="The journal of a stopped battle.")
    ],
    who_text: Annotated[
        str | None,
        typer.Option("--as", help="The combatant you play (default: the one the journal names)."),
    ] = None,
    lang: LangOption = None,
    log: Annotated[
        Path | None,
        typer.Option("--log", help="Write the journal here (default: FILE.jsonl itself)."),
    ] = None,
) -> None:
    """Go on with a battle stopped in `senjo play`, from its journal, where it stopped."""
    chosen = parse_lang(lang)
    journal, scenario, options = read_journal_file(journal_path, chosen)
    header = journal.header
    seed = header.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        fail(
            f"{journal_path}: "
            + said(chosen, "header seed must be a whole number", "ヘッダーの seed は整数です")
        )
    who = who_text if who_text is not None else header.get("as")
    if not isinstance(who, str):
        known = ", ".join(scenario.controllers)
        fail(
            f"{journal_path}: "
            + said(
                chosen,
                f"the journal does not say who was played by hand; give --as (combatants: {known})",
                "誰を手で操作したかがジャーナルにありません。"
                f"--as で指定してください（戦闘者：{known}）",
            )
        )
    _check_who(scenario, who, chosen)
    target = journal_path if log is None else log
    check_log(target, chosen)
    battle = _build(scenario, seed, options, chosen, record_dice=True)
    others = _others(scenario, seed, who)
    divergence = follow(journal, battle, others)
    if divergence is not None:
        diverged(journal_path, divergence, chosen)
    if battle.recorded_dice != list(journal.dice):
        fail(
            f"{journal_path}: "
            + said(
                chosen,
                f"its dice are not those of seed {seed}",
                f"ダイスがシード {seed} のものと一致しません",
            )
        )
    source = Path(str(header.get("source", journal_path)))
    kept = Kept(target, source, seed, options, named=log is not None)
    _play_on(battle, scenario, who, chosen, kept, others)
