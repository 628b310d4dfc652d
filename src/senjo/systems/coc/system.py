"""The Call of Cthulhu rule system: DEX order, rounds, turns, and the battle loop.

`Coc.play` is the battle as a generator. Each round: seed 004's dodge-focus
declarations (回避に集中, at the start of the round, in DEX order), then each
combatant's DEX turn; before each turn, and after the last, those whose turn
has passed may taunt (挑発). At the end of the round failed Sneaks reveal
their hiders and the dying die.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from senjo.engine.battle import Battle, Flow, Outcome, RuleSystem, Steps, last_side_outcome
from senjo.engine.decision import Choice, Decision
from senjo.space.plane import Point
from senjo.systems.coc.actions import action_options, resolve_action
from senjo.systems.coc.ai import CocAI
from senjo.systems.coc.choices import ActionChoice
from senjo.systems.coc.conditions import reveal
from senjo.systems.coc.events import (
    CocActionTaken,
    CocConditionChanged,
    CocDeclared,
    CocOrderSet,
    CocRoundStarted,
    CocTurnSkipped,
    CocTurnStarted,
)
from senjo.systems.coc.grapple import hold_check
from senjo.systems.coc.injury import die
from senjo.systems.coc.model import Combatant
from senjo.systems.coc.rules import OPTIONS, Rules
from senjo.systems.coc.special_actions import taunt_window
from senjo.systems.coc.state import CocState

__all__ = ["Coc", "dex_order"]

_FOCUS: Final = (Choice("fight"), Choice("dodge_focus"))


def dex_order(
    sheets: Sequence[Combatant],
    tie_rolls: Mapping[str, int],
    guns_first: frozenset[str] = frozenset(),
) -> tuple[str, ...]:
    """DEX order: highest DEX first; equal DEX by the lower 1D100 roll, then the scenario's order.

    Keys in `guns_first` (option `firearms_first`) act before everyone else.

    >>> from senjo.systems.coc.model import Combatant
    >>> def c(key, dex):
    ...     return Combatant(key, key, key, "s", 10, 10, 10, dex, 10, 10, 10, 10, 10, {}, ())
    >>> dex_order([c("a", 12), c("b", 15), c("c", 12)], {"a": 70, "c": 20})
    ('b', 'c', 'a')
    """
    ranked = sorted(
        enumerate(sheets),
        key=lambda item: (
            item[1].key not in guns_first,
            -item[1].dexterity,
            tie_rolls.get(item[1].key, 0),
            item[0],
        ),
    )
    return tuple(sheet.key for _, sheet in ranked)


class Coc(RuleSystem[CocState]):
    """Call of Cthulhu 6th edition combat, with seed 004's house rules as options."""

    name = "coc"
    options = OPTIONS

    @classmethod
    def default_ai(cls) -> CocAI:
        """The default CoC policy."""
        return CocAI()

    @classmethod
    def new_state(
        cls,
        sheets: Sequence[Combatant],
        positions: Mapping[str, Point],
        ground: Any = None,
        setup: Any = None,
    ) -> CocState:
        """The state at the start of a battle: everyone unhurt where the scenario puts them.

        CoC has no map (`ground`): walls, floors and cover are each combatant's surroundings.
        """
        return CocState.start({sheet.key: sheet for sheet in sheets}, dict(positions))

    def play(self, battle: Battle[CocState]) -> Flow:
        """Set the DEX order, then play rounds until one side is left or time runs out."""
        state = battle.state
        rules = state.rules = Rules.from_settings(self.settings)
        sheets = list(state.sheets.values())
        ties: dict[str, int] = {}
        if rules.dex_tie_d100:
            dexterities = [sheet.dexterity for sheet in sheets]
            for sheet in sheets:
                if dexterities.count(sheet.dexterity) > 1:
                    ties[sheet.key] = battle.dice.roll(100)
        state.order = dex_order(sheets, ties)
        battle.emit(CocOrderSet(state.order, tuple(ties.items())))
        while True:
            if state.round >= rules.max_rounds:
                return Outcome(None, "round_limit", state.round)
            state.round += 1
            if rules.firearms_first:
                state.order = dex_order(sheets, ties, _loaded(state))
            battle.emit(CocRoundStarted(state.round))
            _start_round(state)
            if rules.dodge_focus:
                yield from _declarations(battle)
            for key in state.order:
                if rules.taunt:
                    yield from taunt_window(battle)
                yield from _turn(battle, key)
                outcome = _outcome(state)
                if outcome is not None:
                    return outcome
            if rules.taunt:
                yield from taunt_window(battle)
            _end_round(battle)
            outcome = _outcome(state)
            if outcome is not None:
                return outcome


def _loaded(state: CocState) -> frozenset[str]:
    """Who holds a loaded, working firearm (option `firearms_first`)."""
    return frozenset(
        key
        for key, sheet in state.sheets.items()
        if any(
            w.is_firearm
            and state.status[key].shots.get(w.key, 0) > 0
            and w.key not in state.status[key].jammed
            for w in sheet.weapons
        )
    )


def _start_round(state: CocState) -> None:
    for status in state.status.values():
        status.attacked = False
        status.dodges = 0
        status.parries = 0
        status.gave_up_attack = False
        status.dodge_focus = False
        status.protected_someone = False
        status.turn_done = False
        status.taunted = False


def _declarations(battle: Battle[CocState]) -> Steps:
    """Seed 004: at the start of the round, anyone may give up the attack to focus on dodging."""
    state = battle.state
    for key in state.order:
        status = state.status[key]
        if not status.active or status.held_by:
            continue
        choice: Choice = yield Decision(key, "declare", _FOCUS)
        if choice.name == "dodge_focus":
            status.dodge_focus = True
            battle.emit(CocDeclared(key, "dodge_focus"))


def _turn(battle: Battle[CocState], key: str) -> Steps:
    state = battle.state
    status = state.status[key]
    if not status.active:
        return
    battle.emit(CocTurnStarted(key, state.round, status.hp))
    if status.held_by and state.rules.grapple_hold:
        hold_check(battle, key)
    options = action_options(state, key)
    if len(options) == 1:
        battle.emit(CocTurnSkipped(key, "held" if status.held_by else "no_action"))
    else:
        choice: ActionChoice = yield Decision(key, "action", options)
        battle.emit(
            CocActionTaken(
                key, choice.action, choice.target, choice.weapon, choice.variant, choice.shots
            )
        )
        yield from resolve_action(battle, key, choice)
    status.turn_done = True
    if status.fixed_on:
        status.fixed_turns -= 1
        if status.fixed_turns <= 0:
            status.fixed_on, status.fixed_turns = "", 0
            battle.emit(CocConditionChanged(key, "fixed", False, "expired"))


def _end_round(battle: Battle[CocState]) -> None:
    state = battle.state
    for key in state.order:
        status = state.status[key]
        if status.reveal_at_end:
            reveal(battle, key, "sneak_failed")
        # Dying: dead at the end of the round after the one in which HP fell to 0.
        if status.dying_round and not status.dead and status.dying_round < state.round:
            die(battle, key, "dying")


def _outcome(state: CocState) -> Outcome | None:
    fled = {state.sheets[key].side for key, status in state.status.items() if status.fled}
    return last_side_outcome(state.sides_standing(), fled, state.round)
