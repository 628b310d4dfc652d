"""The arrays of one block of GURPS duels, its dice, and the small state helpers.

`BlockState` holds every battle's state by fighter (initiative position) and
battle, each battle's stream of six-sided dice (`streams.py`; rolled in the
engine's order, so an escaped battle replays from them), success rolls
against the tables, and
the helpers the rest of the model shares: escaping a battle, knocking out,
killing, stepping along the line. `BlockResult` is what a block reports.
The rules of a turn build on it (`exchange.py`, `batch.py`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from senjo.sim.fast_gurps import streams
from senjo.sim.fast_gurps.layout import (
    CLOSE,
    LYING,
    NUDGE,
    DuelTables,
    judge_table,
    skill_index,
)

__all__ = ["BlockResult", "BlockState", "BoolArray", "IntArray"]

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]


class BlockResult:
    """Per-battle results of a block (arrays over the block's battles; [2, n] per fighter)."""

    def __init__(self, n: int) -> None:
        self.winner = np.full(n, -1, dtype=np.int64)
        self.reason = np.zeros(n, dtype=np.int64)
        self.rounds = np.zeros(n, dtype=np.int64)
        self.attacks = np.zeros((2, n), dtype=np.int64)
        self.hits = np.zeros((2, n), dtype=np.int64)
        self.defenses = np.zeros((2, n), dtype=np.int64)
        self.defended = np.zeros((2, n), dtype=np.int64)
        self.dealt = np.zeros((2, n), dtype=np.int64)
        self.taken = np.zeros((2, n), dtype=np.int64)
        self.hp = np.zeros((2, n), dtype=np.int64)
        self.standing = np.zeros((2, n), dtype=np.bool_)
        self.escaped = np.zeros(n, dtype=np.bool_)
        #: Why each escaped battle left the model (`layout.W_*`; W_NONE for the others).
        self.why = np.zeros(n, dtype=np.int64)
        #: Where each battle's stream of dice starts (`streams.py`), and how many dice it
        #: rolled (an escaped battle: before it escaped).
        self.seeds: npt.NDArray[np.uint64] = np.zeros(n, dtype=np.uint64)
        self.used = np.zeros(n, dtype=np.int64)

    @classmethod
    def wrap(
        cls, out: IntArray, res: IntArray, used: IntArray, seeds: npt.NDArray[np.uint64]
    ) -> BlockResult:
        """The results the compiled duel wrote, without copying them: out[0 winner,
        1 reason, 2 rounds, 3 why it escaped (0: it did not), 4/5 HP, 6/7 standing;
        battle], res[attacks, hits, defenses, defended, dealt, taken; fighter, battle]."""
        result = cls.__new__(cls)
        result.winner, result.reason, result.rounds = out[0], out[1], out[2]
        result.escaped = out[3] != 0
        result.why = out[3]
        result.hp = out[4:6]
        result.standing = out[6:8] == 1
        result.attacks, result.hits, result.defenses = res[0], res[1], res[2]
        result.defended, result.dealt, result.taken = res[3], res[4], res[5]
        result.seeds = seeds
        result.used = used
        return result

    def row(self, battle: int) -> npt.NDArray[np.uint8]:
        """The dice battle `battle` rolled, in order (what the engine replays it from)."""
        return streams.row(self.seeds[battle], int(self.used[battle]))


class BlockState:
    """The state of every battle of one block, by fighter (initiative position) and battle."""

    def __init__(self, tables: DuelTables, size: int, rngs: Sequence[np.random.Generator]) -> None:
        self.t = tables
        n = self.n = size * len(rngs)
        self.seeds = streams.row_seeds(rngs, size)
        self.state = self.seeds.copy()
        self.ptr = np.zeros(n, dtype=np.int64)
        f0, f1 = tables.fighters
        self.max_hp = np.array([f0.hp, f1.hp], dtype=np.int64)
        self.hp = np.repeat(self.max_hp[:, None], n, axis=1)
        self.posture = np.zeros((2, n), dtype=np.int64)
        #: The bits (`layout.LEG_BITS`) of the legs and foot crippled (B420-421).
        self.legs = np.zeros((2, n), dtype=np.int64)
        self.shock = np.zeros((2, n), dtype=np.int64)
        self.shock_next = np.zeros((2, n), dtype=np.int64)
        self.stunned = np.zeros((2, n), dtype=np.bool_)
        self.conscious = np.ones((2, n), dtype=np.bool_)
        self.dead = np.zeros((2, n), dtype=np.bool_)
        #: Gone by fleeing (senjo's morale rule, `FighterTables.flee_at`).
        self.fled = np.zeros((2, n), dtype=np.bool_)
        self.man = np.zeros((2, n), dtype=np.int64)
        self.defended_now = np.zeros((2, n), dtype=np.bool_)
        self.retreated = np.zeros((2, n), dtype=np.bool_)
        slots = max(len(f0.slots), len(f1.slots))
        self.parries = np.zeros((2, slots, n), dtype=np.int64)
        self.blocks = np.zeros((2, n), dtype=np.int64)
        self.attacked = np.zeros((2, n), dtype=np.bool_)
        self.balance = np.zeros((2, n), dtype=np.bool_)
        self.skip_next = np.zeros((2, n), dtype=np.bool_)
        self.weapon = np.zeros((2, n), dtype=np.int64)
        self.shield = np.array([[f0.shield], [f1.shield]], dtype=np.bool_).repeat(n, axis=1)
        #: The shield: held ready (or none), held unready, dropped (see layout.HANDS).
        self.hand = np.zeros((2, n), dtype=np.int64)
        self.guard = np.zeros((2, n), dtype=np.bool_)
        #: x of each fighter on the plane (both stand on one line of constant y).
        self.x = np.array([[tables.x[0]], [tables.x[1]]], dtype=np.float64).repeat(n, axis=1)
        self.distance = np.abs(self.x[0] - self.x[1])
        self.done = np.zeros(n, dtype=np.bool_)
        self.out = BlockResult(n)
        self.success, self.outcome = judge_table()

    # --- dice ---------------------------------------------------------------------------------

    def roll(self, idx: IntArray, count: int) -> IntArray:
        """`count` d6 for each battle in `idx`, the next ones of its stream (shape (len, count))."""
        if idx.size == 0:
            return np.zeros((0, count), dtype=np.int64)
        self.ptr[idx] += count
        return streams.draw(self.state, idx, count)

    def roll3(self, idx: IntArray) -> IntArray:
        """A 3d6 roll for each battle in `idx`."""
        total: IntArray = self.roll(idx, 3).sum(axis=1)
        return total

    def check(self, idx: IntArray, skill: IntArray) -> tuple[IntArray, IntArray]:
        """A success roll against `skill`: (outcome 0-3 as in `judge_table`, margin)."""
        roll = self.roll3(idx)
        outcome: IntArray = self.outcome[skill_index(skill), roll]
        margin: IntArray = skill - roll
        return outcome, margin

    def success_of(self, outcome: IntArray) -> BoolArray:
        result: BoolArray = (outcome == 1) | (outcome == 2)
        return result

    # --- helpers ------------------------------------------------------------------------------

    def escape(self, idx: IntArray, why: int) -> None:
        """These battles leave the model: the engine replays them from their dice.

        The replay reads the dice drawn so far (the same whatever blocks were played
        beside this one), then dice from a generator seeded for the battle.
        """
        idx = idx[~self.done[idx]]
        self.out.escaped[idx] = True
        self.out.why[idx] = why
        self.out.used[idx] = self.ptr[idx]
        self.done[idx] = True

    def active(self, f: int, idx: IntArray) -> BoolArray:
        result: BoolArray = self.conscious[f, idx] & ~self.dead[f, idx] & ~self.fled[f, idx]
        return result

    def knock_out(self, v: int, idx: IntArray) -> None:
        idx = idx[self.conscious[v, idx] & ~self.dead[v, idx]]
        self.conscious[v, idx] = False
        self.stunned[v, idx] = False
        self.posture[v, idx] = LYING

    def die(self, v: int, idx: IntArray) -> None:
        self.dead[v, idx] = True
        self.conscious[v, idx] = False

    def step_toward(self, f: int, idx: IntArray, budget: Any, stop_at: Any) -> None:
        """`plane.step_toward` for fighter f toward its foe (same float arithmetic, the
        nudge of a move the stop cuts short included)."""
        start, goal = self.x[f, idx], self.x[1 - f, idx]
        distance = np.abs(goal - start)
        travel = np.minimum(budget, distance - stop_at)
        moving = (travel > 0) & (distance != 0)
        safe = np.where(distance == 0, 1.0, distance)
        ratio = np.where(moving, travel / safe, 0.0)
        end = start + (goal - start) * ratio
        beyond = moving & (stop_at > 0) & (travel < budget) & (np.abs(goal - end) > stop_at)
        nudged = start + (goal - start) * ((travel + NUDGE) / safe)
        self.x[f, idx] = np.where(beyond, nudged, np.where(moving, end, start))
        self.distance[idx] = np.abs(self.x[0, idx] - self.x[1, idx])

    def step_away(self, f: int, idx: IntArray, budget: Any, within: float = 0.0) -> None:
        """`plane.step_away` for fighter f from its foe (knockback; the Step out of a close
        combat, `within` a yard)."""
        start, threat = self.x[f, idx], self.x[1 - f, idx]
        distance = np.abs(start - threat)
        safe = np.where(distance == 0, 1.0, distance)
        end = np.where(distance == 0, start + budget, start + (start - threat) * (budget / safe))
        if within > 0:
            shorter = budget - NUDGE
            near = np.where(
                distance == 0, start + shorter, start + (start - threat) * (shorter / safe)
            )
            end = np.where(np.abs(end - threat) > within, near, end)
        self.x[f, idx] = end
        self.distance[idx] = np.abs(self.x[0, idx] - self.x[1, idx])

    def ai_shock(self, f: int, idx: IntArray) -> IntArray:
        """The shock levels f's AI tables are read at: its shock's, and kneeling on a lame
        leg `leg_shift` more (the posture's attack penalty)."""
        shift = self.t.fighters[f].leg_shift
        shock: IntArray = np.where(self.legs[f, idx] != 0, shift, 0) - self.shock[f, idx]
        return shock

    def distance_class(self, idx: IntArray) -> IntArray:
        """Index into `layout.distances`: 0 in close combat, k within k yards, at most the
        last class ("farther", `DuelTables.distance_top`)."""
        d = self.distance[idx]
        within = np.minimum(np.ceil(d), self.t.distance_top).astype(np.int64)
        result: IntArray = np.where(d < CLOSE, 0, within)
        return result
