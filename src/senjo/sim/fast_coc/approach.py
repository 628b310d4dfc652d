"""How a CoC duel that starts apart comes to blows: the approach, played once by the engine.

Two duellists out of melee reach spend their first turns closing in (or
waiting), and no die is rolled until they meet. The approach is then the same
in every battle, so the fast path does not model it: the engine plays it once,
with the AI and dice that may not be rolled (`ScriptedDice`, empty but for the
DEX tie rolls that fix the order), up to the first turn on which a duellist
acts in melee reach. `Start` records that moment - its round, its place in the
DEX order, the round's dodge-focus declarations and who has attacked or given
up the attack - and where both stand; the duel's dice begin there. A duel that
starts in reach starts at round 1, the first turn, after the declarations.

An approach that would roll a die (a roll before the duellists meet), or that
ends the battle otherwise than at the round limit (a flight at full HP), is
declined with its reason.
"""

from __future__ import annotations

from dataclasses import dataclass

from senjo.dice.errors import DiceScriptError
from senjo.dice.roller import ScriptedDice
from senjo.scenario import Scenario
from senjo.scenario.battle import build_battle
from senjo.sim.declines import Reason
from senjo.space.plane import Point
from senjo.systems.coc.ai import CocAI
from senjo.systems.coc.state import CocState

__all__ = ["Start", "approach", "tie_script"]

#: Decisions an approach may take before the duellists meet (anything more is too many).
_LIMIT = 10_000


@dataclass(frozen=True, slots=True)
class Start:
    """The first turn a duellist acts in melee reach (indices: the scenario's order)."""

    #: Its round; past the round limit when the duellists never meet in time.
    round: int
    #: Its place in the DEX order (0: the first to act).
    position: int
    focus: tuple[bool, bool]
    gave_up: tuple[bool, bool]
    attacked: tuple[bool, bool]
    #: Where each stands then (by key).
    places: dict[str, Point]


def tie_script(first: int) -> list[tuple[int, int]]:
    """The DEX tie rolls (1D100 each, in the scenario's order, the lower first) that make
    combatant `first` (0 or 1) act first.

    >>> tie_script(0), tie_script(1)
    ([(100, 1), (100, 2)], [(100, 2), (100, 1)])
    """
    return [(100, 1), (100, 2)] if first == 0 else [(100, 2), (100, 1)]


def approach(scenario: Scenario, ties: list[tuple[int, int]]) -> Start | Reason:
    """Play the scenario on the engine, AI against AI, up to the first turn in melee reach.

    `ties` are the DEX tie rolls, when the order needs them (else empty)."""
    rolled = Reason(
        "dice are rolled before the duellists meet", "決闘者が出会う前にダイスが振られる"
    )
    try:
        battle = build_battle(scenario, dice=ScriptedDice(ties))
    except DiceScriptError:  # the DEX tie rolls, when not given
        return rolled
    state: CocState = battle.state
    a, b = (fighter.key for fighter in scenario.fighters)
    ai = CocAI()
    for _ in range(_LIMIT):
        decision = battle.pending
        if decision is None:
            outcome = battle.outcome()
            if outcome is not None and outcome.reason == "round_limit":
                return _start(state, (a, b), state.round + 1, 0)  # they never meet in time
            return Reason(
                "the battle ends before the duellists meet",
                "決闘者が出会う前に戦闘が終わる",
            )
        if decision.kind == "action" and frozenset((a, b)) in state.engaged:
            return _start(state, (a, b), state.round, state.order.index(decision.actor))
        try:
            battle.decide(ai.choose(battle, decision))
        except DiceScriptError:
            return rolled
    return Reason("the duellists never meet", "決闘者が出会わない")


def _start(state: CocState, keys: tuple[str, str], round_: int, position: int) -> Start:
    a, b = (state.status[key] for key in keys)
    return Start(
        round=round_,
        position=position,
        focus=(a.dodge_focus, b.dodge_focus),
        gave_up=(a.gave_up_attack, b.gave_up_attack),
        attacked=(a.attacked, b.attacked),
        places={key: state.status[key].position for key in keys},
    )
