"""The turn memo: a fighter's legal maneuvers (an attack's plans, a target's defenses),
and the AI's choice among them, worked out once per battle state rather than on every turn.

They are functions of the battle's state alone: the sheets (`GurpsState.fighters`)
and every changing field (`GurpsState.snapshot`), with the decision's context (the
attack choice a plan is for, the attack a defense is against), which the key holds
too. Battles of one scenario reach the same states again and again (in a simulation
of a duel, nine turns in ten start from a state some earlier turn started from), so
the memo keeps, per state, the tuple of options the rules built (`maneuver_options`,
`plan_options`, `defense_options`), and per tuple of options and policy
class, the option the policy chose. A repeated state then gets the very same
options tuple and the same answer, with no rule code run; the event log is the
same as without the memo (tests/systems/gurps/test_memo.py plays the examples both
ways).

Not used on a hex map: its `ground` has changing state of its own that the
snapshot does not hold. At `SIZE` states the memo makes room (`_make_room`): it keeps
the states found again since it last made room and drops the rest, or, when those
are more than half of it, starts again from empty. It
keeps a trial per set of sheets: when fewer than half (`WORTH`) of a window of
`WINDOW` lookups find their state (three fighters against one: about one in
six), it steps aside for those sheets, since the snapshots would cost more than
the hits save (a duel finds about nine in ten).

>>> from senjo.systems.gurps.memo import TurnMemo
>>> memo = TurnMemo(size=2)
>>> memo.size, memo.states
(2, 0)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, TypeVar, cast

from senjo.systems.gurps.model import Fighter
from senjo.systems.gurps.state import GurpsState

__all__ = ["MEMO", "SIZE", "TurnMemo"]

#: States kept before making room: some 1.5 KB each for a duel's (two fighters' snapshots
#: and a tuple of about fifteen options), so about 50 MB when full. A duel keeps meeting
#: states it has not met before for tens of thousands of battles (measured: some 34,000
#: after 40,000 duels of the example), and a state dropped and met again costs its
#: rules and AI work again (docs/performance.md, forty-fourth session).
SIZE: Final = 32768

#: Lookups per trial window, and the share of them that must find their state for a
#: scenario's battles to keep using the memo: below it (a brawl of many fighters, whose
#: states rarely come again) the snapshots cost more than the hits save, and the memo
#: steps aside for those sheets.
WINDOW: Final = 2000
WORTH: Final = 0.5

_T = TypeVar("_T")


class _Trial:
    """The trial of one set of sheets: lookups and hits in the current window (lookups
    -1: the memo stepped aside for them), the tuple of the sheets' ids every key of
    theirs holds (one object, so keys compare it by identity), and the sheets
    themselves, kept alive so that no later sheets can take their ids and inherit
    the trial."""

    __slots__ = ("hits", "ids", "lookups", "sheets")

    def __init__(self, ids: tuple[int, ...], sheets: tuple[Fighter, ...]) -> None:
        self.ids = ids
        self.sheets = sheets
        self.lookups = 0
        self.hits = 0


class _Entry:
    """A state's entry: its sheets (kept alive, so no other object takes their ids), the
    options issued, each policy class's choice among them, and whether the state was
    found again since the memo last made room."""

    __slots__ = ("answers", "hit", "options", "sheets")

    def __init__(
        self, sheets: tuple[Fighter, ...], options: tuple[object, ...], answers: dict[type, object]
    ) -> None:
        self.sheets = sheets
        self.options = options
        self.answers = answers
        self.hit = False


class TurnMemo:
    """Maneuver options per battle state, and each policy's choice among them."""

    def __init__(self, size: int = SIZE) -> None:
        self.size = size
        self.enabled = True
        # `GurpsState.memo_key`: (actor, the context - None, the attack choice for plans,
        # the incoming attack for defenses -, the frame: this memo's number for the sheets,
        # the turn order and the rules - then each fighter's snapshot) -> its entry (the
        # sheets, the options, the choices, found again)
        self._options: dict[tuple[object, ...], _Entry] = {}
        # id of an options tuple issued above -> that tuple (kept alive, so ids stay unique)
        # and each policy class's choice among its options
        self._issued: dict[int, tuple[tuple[object, ...], dict[type, object]]] = {}
        # The options the last lookup issued and their choices: the decision that follows
        # asks about them (no lookup by id then).
        self._last: tuple[object, ...] | None = None
        self._last_answers: dict[type, object] = {}
        # ids of the sheets -> their trial (which keeps the sheets alive, so their ids
        # stay theirs)
        self._trials: dict[tuple[int, ...], _Trial] = {}
        # The state of the last lookup and its sheets' trial: a battle asks about one
        # state object turn after turn (kept alive, so its identity is its own).
        self._state: GurpsState | None = None
        self._trial = _Trial((), ())
        # (ids of the sheets, turn order, rules key) -> its frame number, and the frame of
        # the last state with the order and rules it had then (a battle's do not change,
        # but a state's fields may be replaced: checked by identity at each lookup).
        self._frames: dict[tuple[tuple[int, ...], tuple[str, ...], int], int] = {}
        self._order: tuple[str, ...] = ()
        self._rules: object = None
        self._frame = -1

    @property
    def states(self) -> int:
        """How many states the memo holds."""
        return len(self._options)

    def clear(self) -> None:
        """Forget every state and answer, and every trial."""
        self._forget()
        self._trials.clear()
        self._state = None

    def _forget(self) -> None:
        """Forget every state and answer."""
        self._options.clear()
        self._issued.clear()
        self._last = None
        self._last_answers = {}

    def _make_room(self) -> None:
        """The memo is full: keep the states found again since it last made room (a
        duel's common states, met battle after battle) and drop the others; when those
        kept would fill more than half of it, start again from empty,
        so that room is not made again after a few states."""
        kept = {key: entry for key, entry in self._options.items() if entry.hit}
        if 2 * len(kept) > self.size:
            self._forget()
            return
        issued: dict[int, tuple[tuple[object, ...], dict[type, object]]] = {}
        for entry in kept.values():
            entry.hit = False
            issued[id(entry.options)] = (entry.options, entry.answers)
        self._options = kept
        self._issued = issued
        self._last = None
        self._last_answers = {}

    def _frame_of(self, ids: tuple[int, ...], order: tuple[str, ...], rules: int) -> int:
        """The number standing for these sheets (by their ids), turn order and rules in
        every key: one small int hashes and compares at once, where the three values were
        hashed at every lookup. Sheets with the same ids get the same number; no entry
        of earlier sheets can hold it, since an entry keeps its sheets alive. Past `size`
        numbers they start again, and so does every entry (none may hold an old one)."""
        frame_key = (ids, order, rules)
        frame = self._frames.get(frame_key)
        if frame is None:
            if len(self._frames) >= self.size:
                self._frames.clear()
                self._forget()
            frame = self._frames[frame_key] = len(self._frames)
        return frame

    def stepped_aside(self, state: GurpsState) -> bool:
        """True once the memo has stopped serving these sheets (too few states came again)."""
        ids = tuple([id(sheet) for sheet in state.fighters.values()])
        trial = self._trials.get(ids)
        return trial is not None and trial.lookups < 0

    def issue(
        self, state: GurpsState, key: str, context: object, build: Callable[[], tuple[_T, ...]]
    ) -> tuple[_T, ...]:
        """The options `build()` gives for `key`'s decision about `context` (None for
        the maneuver, the attack choice for its plan, the `IncomingAttack` for a
        defense: a hashable value) in this state: the same tuple whenever the state
        and context come again."""
        if not self.enabled or state.ground is not None:
            return build()
        if (
            state is not self._state
            or state.order is not self._order
            or state.rules is not self._rules
        ):
            if state is not self._state:
                sheets = tuple(state.fighters.values())
                ids = tuple([id(sheet) for sheet in sheets])
                found = self._trials.get(ids)
                if found is None:
                    if len(self._trials) >= self.size:
                        self._trials.clear()
                    found = self._trials[ids] = _Trial(ids, sheets)
                # A trial found holds these very sheets: its own are alive, so no others
                # have their ids.
                self._state, self._trial = state, found
            self._order, self._rules = state.order, state.rules
            self._frame = self._frame_of(self._trial.ids, state.order, state.rules.key)
        trial = self._trial
        if trial.lookups < 0:
            return build()
        trial.lookups += 1
        if trial.lookups >= WINDOW:
            if trial.hits < WORTH * trial.lookups:
                trial.lookups = -1  # step aside for these sheets, and drop what they filled in
                self._forget()
                return build()
            trial.lookups = trial.hits = 0
        memo_key = state.memo_key(key, context, self._frame)
        entry = self._options.get(memo_key)
        if entry is not None:
            trial.hits += 1
            entry.hit = True
            self._last, self._last_answers = entry.options, entry.answers
            return cast("tuple[_T, ...]", entry.options)
        # A tuple of its own: `build` may share its tuples between states.
        options = tuple(list(build()))
        if len(self._options) >= self.size:
            self._make_room()  # full: keep what came again (a long tail, a sweep's next scenario)
        # The entry keeps its sheets alive, so no other object can take their ids (its
        # trial may be dropped before it is).
        answers: dict[type, object] = {}
        self._options[memo_key] = _Entry(trial.sheets, options, answers)
        self._issued[id(options)] = (options, answers)
        self._last, self._last_answers = options, answers
        return options

    def _answers_for(self, options: tuple[object, ...]) -> dict[type, object] | None:
        """The choices kept for these options (None if this memo did not issue them)."""
        if options is self._last:
            return self._last_answers
        found = self._issued.get(id(options))
        if found is None or found[0] is not options:
            return None
        return found[1]

    def answer(self, options: tuple[object, ...], policy: type) -> object | None:
        """The option `policy` chose among these options before (None if not known).

        Answers are kept per policy class, so a policy must choose by the state alone,
        as `GurpsAI` does (it has no settings of its own)."""
        answers = self._answers_for(options)
        return None if answers is None else answers.get(policy)

    def remember(self, options: tuple[object, ...], policy: type, choice: object) -> None:
        """Keep `policy`'s choice among options this memo issued (others are not kept)."""
        answers = self._answers_for(options)
        if answers is not None:
            answers[policy] = choice


#: The process's memo (each worker process has its own).
MEMO: Final = TurnMemo()
