"""The トモガミ rule system: opening, initiative, and turns of declarations, maneuvers
and combat (seed 003 「戦闘の流れ」).

`Tomogami.play` is the battle as a generator: the GM's opening distance (●１) and the
initiative (●２) once, then turns (●３–●６) until one side is left or the round limit:
everyone declares a maneuver and a combat action, the losers of the initiative first
(the winners hear them, 「敵陣営の行動宣言を聞いてから」); then character by character,
the winners first, each one's maneuver processing and straight after its combat
processing (「機動処理が終わったキャラクターは、続けて戦闘処理を行う」); then the turn ends.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from senjo.engine.battle import Battle, Flow, Outcome, RuleSystem, Steps, last_side_outcome
from senjo.engine.decision import Choice, Decision
from senjo.space.bands import Band
from senjo.systems.tomogami.actions import (
    MAIN_ACTIONS,
    allies,
    main_options,
    ready_weapons,
    take,
)
from senjo.systems.tomogami.ai import TomoAI
from senjo.systems.tomogami.checks import roll_check
from senjo.systems.tomogami.choices import Attack, MainAction, Maneuver
from senjo.systems.tomogami.combat import WAIT, attack_options, resolve_attack
from senjo.systems.tomogami.events import (
    Roll,
    TomoDeclared,
    TomoInitiative,
    TomoOpened,
    TomoTurnEnded,
    TomoTurnStarted,
)
from senjo.systems.tomogami.maneuver import maneuver_options, process_maneuver
from senjo.systems.tomogami.model import Sheet
from senjo.systems.tomogami.rules import OPTIONS, Rules
from senjo.systems.tomogami.scores import maneuver_score
from senjo.systems.tomogami.special import charge_blow, stand_up
from senjo.systems.tomogami.state import TomoState

__all__ = ["COMBAT_PLANS", "Tomogami", "combat_plans", "combat_processing"]

#: The combat declarations: attack (which foe and weapon is chosen in combat processing,
#: at the bands the maneuvers left), wait, full speed (全力機動: no combat processing),
#: firing on the move (行進間射撃: attacks at near and far only) or assault-breaking fire
#: (突撃破砕射撃: at far, no damage, the target's maneuver stopped); or another main action
#: (主動作一覧: change a magazine, switch weapons, protect an ally; `actions.py`).
COMBAT_PLANS: Final = (
    Choice("attack"),
    WAIT,
    Choice("full_speed"),
    Choice("moving_fire"),
    Choice("breaking_fire"),
    *(Choice(kind) for kind in MAIN_ACTIONS),
)
#: The stances a combat declaration sets for the turn.
STANCES: Final = frozenset({"full_speed", "moving_fire"})
#: Initiative ties are rolled again; past this many the scenario's order stands.
_MOST_INITIATIVE_ROLLS: Final = 100


class Tomogami(RuleSystem[TomoState]):
    """Seed 003's range-band combat, its base game's rolls stood in for (interpretation 1)."""

    name = "tomogami"
    options = OPTIONS

    @classmethod
    def default_ai(cls) -> TomoAI:
        """The default トモガミ policy."""
        return TomoAI()

    @classmethod
    def new_state(
        cls,
        sheets: Sequence[Sheet],
        positions: Mapping[str, Any],
        ground: Any = None,
        setup: Any = None,
    ) -> TomoState:
        """Everyone unhurt; a トモガミ battle has no positions or map, only bands."""
        return TomoState.start({sheet.key: sheet for sheet in sheets})

    def play(self, battle: Battle[TomoState]) -> Flow:
        """Open, roll initiative, then play turns until one side is left or time runs out."""
        state = battle.state
        state.rules = Rules.from_settings(self.settings)
        _open(battle)
        _initiative(battle)
        while True:
            if state.round >= state.rules.max_rounds:
                return Outcome(None, "round_limit", state.round)
            state.round += 1
            battle.emit(TomoTurnStarted(state.round))
            for status in state.status.values():
                status.maneuver, status.combat = None, ""
            yield from _declarations(battle)
            for key in state.acting_order():
                if not state.status[key].active:
                    continue
                first = state.round == 1 and state.sheets[key].side == state.sides[0]
                yield from process_maneuver(battle, key, automatic=first)
                outcome = _outcome(state)
                if outcome is not None:
                    return outcome
                if state.status[key].active:
                    yield from combat_processing(battle, key)
                outcome = _outcome(state)
                if outcome is not None:
                    return outcome
            _end_turn(battle)


def _open(battle: Battle[TomoState]) -> None:
    """Seed 003 ●１: foes at the environment's band, allies near."""
    state = battle.state
    keys = list(state.sheets)
    pairs = [
        (a, b)
        for index, a in enumerate(keys)
        for b in keys[index + 1 :]
        if state.sheets[a].side != state.sheets[b].side
    ]
    band = state.rules.opening_band
    state.bands.open(pairs, band)
    battle.emit(TomoOpened(state.rules.environment, band.name.lower()))


def _initiative(battle: Battle[TomoState]) -> None:
    """Seed 003 ●２: each side rolls with its best maneuver value (interpretation 5);
    the highest level acts first, ties at the top roll again."""
    state = battle.state
    sides = tuple(dict.fromkeys(sheet.side for sheet in state.sheets.values()))
    best = {
        side: max(
            (key for key, sheet in state.sheets.items() if sheet.side == side),
            key=lambda key: maneuver_score(state, key).value,
        )
        for side in sides
    }
    contending = sides
    ranks: dict[str, int] = {}
    ranked = list(sides)
    for _ in range(_MOST_INITIATIVE_ROLLS):
        rolls = tuple(
            roll_check(state.rules, battle.dice, best[side], maneuver_score(state, best[side]))
            for side in contending
        )
        ranks.update((side, _rank(roll)) for side, roll in zip(contending, rolls, strict=True))
        top = max(ranks[side] for side in contending)
        leaders = tuple(side for side in contending if ranks[side] == top)
        if len(leaders) == 1:
            # The winner first, then the others by their last roll (the scenario's order
            # between equals).
            ranked = sorted(sides, key=lambda side: (side != leaders[0], -ranks[side]))
            battle.emit(TomoInitiative(contending, rolls, tuple(ranked)))
            break
        battle.emit(TomoInitiative(contending, rolls))
        contending = leaders
    state.sides = tuple(ranked)


def _rank(roll: Roll) -> int:
    """A roll's place in a comparison: automatic failures below everything."""
    return -1000 if roll.automatic_failure else roll.level


def _declarations(battle: Battle[TomoState]) -> Steps:
    """Seed 003 ●３: everyone declares a maneuver and a combat action, the initiative's
    losers first; each decision's context holds the declarations made so far."""
    state = battle.state
    made: list[TomoDeclared] = []
    for side in reversed(state.sides):
        for key, sheet in state.sheets.items():
            status = state.status[key]
            if sheet.side != side or not status.active:
                continue
            seen = tuple(made)
            moves = maneuver_options(state, key)
            plan: Maneuver = yield Decision(key, "declare_maneuver", moves, seen)
            if plan.kind == "charge":  # 「そのターンは戦闘処理中に他の行動は行えない」
                combat = "charge"
            else:
                plans = combat_plans(state, key)
                chosen: Choice = yield Decision(key, "declare_combat", plans, seen)
                combat = chosen.name
            status.maneuver, status.combat = plan, combat
            status.stance = combat if combat in STANCES else ""
            declared = TomoDeclared(key, plan.key, combat)
            battle.emit(declared)
            made.append(declared)


def combat_plans(state: TomoState, key: str) -> tuple[Choice, ...]:
    """The combat declarations open to `key`: firing on the move only out of a zone
    (「近距離・遠距離でのみ可能」), assault-breaking fire only with a ready weapon that reaches
    far; changing a magazine or switching weapons when there is one to change or switch to;
    protecting when it has an ally still fighting (the ally must be within reach when the
    action is due)."""
    attack, wait, full_speed, moving_fire, breaking_fire, reload, switch, protect = COMBAT_PLANS
    plans = [attack, wait, full_speed]
    if not state.bands.zero_partners(key):
        plans.append(moving_fire)
    if any(weapon.reaches(Band.FAR) for weapon in ready_weapons(state, key)):
        plans.append(breaking_fire)
    if main_options(state, key, "reload"):
        plans.append(reload)
    if main_options(state, key, "switch"):
        plans.append(switch)
    if allies(state, key):
        plans.append(protect)
    return tuple(plans)


def combat_processing(battle: Battle[TomoState], key: str) -> Steps:
    """Seed 003 ●５: the declared main action (an attack at whatever the bands now allow,
    firing on the move at near and far, a charge's blow, changing a magazine, switching
    weapons, protecting an ally, or nothing); the turn's actions are then done (行動済み).
    A protection given last turn ends here."""
    state = battle.state
    status = state.status[key]
    status.protecting = ""
    combat = status.combat
    if combat in MAIN_ACTIONS:
        actions = main_options(state, key, combat)
        if not actions:
            return
        action: MainAction = (
            actions[0] if len(actions) == 1 else (yield Decision(key, "action", actions))
        )
        take(battle, key, action)
        return
    if combat == "charge":
        charge_blow(battle, key)
        return
    if combat not in ("attack", "moving_fire", "breaking_fire"):
        return
    options = attack_options(state, key)
    if len(options) == 1:
        return
    choice: Attack | Choice = yield Decision(key, "action", options)
    if isinstance(choice, Attack):
        resolve_attack(battle, key, choice)


def _end_turn(battle: Battle[TomoState]) -> None:
    """Seed 003 ●６: the turn ends; the fallen right themselves, stances end (poisons,
    drugs and 天華法 are not modelled)."""
    stand_up(battle)
    for status in battle.state.status.values():
        status.stance, status.charge_level, status.blocked = "", 0, False
        status.snipe_target, status.snipe_level = "", 0
    battle.emit(TomoTurnEnded(battle.state.round))


def _outcome(state: TomoState) -> Outcome | None:
    fled = {state.sheets[key].side for key, status in state.status.items() if status.fled}
    return last_side_outcome(state.sides_standing(), fled, state.round)
