"""One block of GURPS duels, played side by side with NumPy arrays of battle states.

Each battle draws its six-sided dice from its own row of a matrix generated
from the block's generator, in exactly the order the engine would roll them.
So a battle the vectorised model cannot follow (a re-rolled critical miss, a
strike-and-step-back …) "escapes": it is played again on the engine itself
with the dice it drew (`replay.py`), which repeats what the model did up to
that point and carries on with every rule. Rounds loop in Python; each step
works on the index array of the battles it concerns.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from senjo.sim.fast_gurps.tables import (
    BROKEN,
    CM_BALANCE,
    CM_BROKEN,
    CM_DROP,
    CM_ESCAPE,
    CM_FALL,
    CM_GUARD,
    CM_KNOCKOUT,
    CM_SELF,
    CM_STUMBLE,
    CM_TRIP,
    CM_UNREADY,
    D_MAX,
    D_MIN,
    DR_NORMAL,
    DROPPED,
    ESCAPE,
    KNEELING,
    LOC,
    LYING,
    M_ATTACK,
    M_MOVE,
    M_NONE,
    M_NOTHING,
    M_POSTURE,
    M_READY,
    PICK_NONE,
    PICK_SHIELD,
    PICK_WEAPON,
    READY,
    STANDING,
    UNREADY,
    DuelTables,
    judge_table,
    knockback_modifier,
    skill_index,
)
from senjo.systems.gurps.ai import success_chance

__all__ = ["BlockResult", "play_blocks"]

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]

#: Reasons a battle ends, as codes.
LAST_SIDE, ROUND_LIMIT, ALL_DOWN = 0, 1, 2
REASONS = ("last_side_standing", "round_limit", "all_down")
_COLUMNS = 256
_CLOSE = 0.5  # under this distance two fighters are in close combat (defense.CLOSE)
_EYE, _FACE, _SKULL = LOC["eye"], LOC["face"], LOC["skull"]
#: P(success) by defense score (index score + 20, clipped), the AI's own `success_chance`.
_CHANCE = np.array([success_chance(s) for s in range(-20, 41)], dtype=np.float64)


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
        #: Each battle's row of dice; an escaped battle replays its first `used` ones.
        self.dice: npt.NDArray[np.uint8] = np.zeros((n, 0), dtype=np.uint8)
        self.used = np.zeros(n, dtype=np.int64)


class _Block:
    """The state of every battle of one block, by fighter (initiative position) and battle."""

    def __init__(self, tables: DuelTables, size: int, rngs: Sequence[np.random.Generator]) -> None:
        self.t = tables
        self.size = size
        self.rngs = rngs
        n = self.n = size * len(rngs)
        self.dice = self.more_dice()
        self.flat = self.dice.reshape(-1)
        self.ptr = np.zeros(n, dtype=np.int64)
        self.high = 0
        f0, f1 = tables.fighters
        self.max_hp = np.array([f0.hp, f1.hp], dtype=np.int64)
        self.hp = np.repeat(self.max_hp[:, None], n, axis=1)
        self.posture = np.zeros((2, n), dtype=np.int64)
        self.shock = np.zeros((2, n), dtype=np.int64)
        self.shock_next = np.zeros((2, n), dtype=np.int64)
        self.stunned = np.zeros((2, n), dtype=np.bool_)
        self.conscious = np.ones((2, n), dtype=np.bool_)
        self.dead = np.zeros((2, n), dtype=np.bool_)
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
        #: The shield: held ready (or none), held unready, dropped (see tables.HANDS).
        self.hand = np.zeros((2, n), dtype=np.int64)
        self.guard = np.zeros((2, n), dtype=np.bool_)
        #: x of each fighter on the plane (both stand on one line of constant y).
        self.x = np.array([[tables.x[0]], [tables.x[1]]], dtype=np.float64).repeat(n, axis=1)
        self.distance = np.abs(self.x[0] - self.x[1])
        self.done = np.zeros(n, dtype=np.bool_)
        self.out = BlockResult(n)
        self.success, self.outcome = judge_table()

    # --- dice ---------------------------------------------------------------------------------

    def ensure(self, count: int) -> None:
        """Make every row long enough for `count` more dice (rows grow by doubling)."""
        self.high += count  # an upper bound of the longest row used so far
        width = self.dice.shape[1]
        if self.high <= width:
            return
        self.high = int(self.ptr.max()) + count
        if 4 * self.high <= 3 * width:
            return  # grow a little early rather than check on every roll
        chunks = -(-max(self.high, 2 * width) // _COLUMNS) - width // _COLUMNS
        self.dice = np.concatenate([self.dice, *(self.more_dice() for _ in range(chunks))], axis=1)
        self.flat = self.dice.reshape(-1)

    def roll(self, idx: IntArray, count: int) -> IntArray:
        """`count` d6 for each battle in `idx`, the next ones of its row (shape (len, count))."""
        if idx.size == 0:
            return np.zeros((0, count), dtype=np.int64)
        self.ensure(count)
        at = idx * self.dice.shape[1] + self.ptr[idx]
        faces: IntArray = self.flat[at[:, None] + np.arange(count)].astype(np.int64)
        self.ptr[idx] += count
        return faces

    def more_dice(self) -> npt.NDArray[np.uint8]:
        """The next `_COLUMNS` of every battle's row: each block's from its own generator, so a
        block's rows are the same whatever blocks are played beside it (growing the rows by
        doubling draws the same chunks in the same order)."""
        parts = [
            rng.integers(1, 7, size=(self.size, _COLUMNS), dtype=np.uint8) for rng in self.rngs
        ]
        return np.concatenate(parts, axis=0)

    def roll3(self, idx: IntArray) -> IntArray:
        """A 3d6 roll for each battle in `idx`."""
        if idx.size == 0:
            return np.zeros(0, dtype=np.int64)
        self.ensure(3)
        at = idx * self.dice.shape[1] + self.ptr[idx]
        flat = self.flat
        total: IntArray = (flat[at] + flat[at + 1] + flat[at + 2]).astype(np.int64)
        self.ptr[idx] += 3
        return total

    def check(self, idx: IntArray, skill: IntArray) -> tuple[IntArray, IntArray]:
        """A success roll against `skill`: (outcome 0-3 as in `judge_table`, margin)."""
        roll = self.roll3(idx)
        outcome: IntArray = self.outcome[skill_index(skill), roll]
        margin: IntArray = skill - roll
        return outcome, margin

    # --- helpers ------------------------------------------------------------------------------

    def escape(self, idx: IntArray) -> None:
        """These battles leave the model: the engine replays them from their dice.

        The replay reads the dice drawn so far (the same whatever blocks were played
        beside this one), then dice from a generator seeded for the battle.
        """
        idx = idx[~self.done[idx]]
        self.out.escaped[idx] = True
        self.out.used[idx] = self.ptr[idx]
        self.done[idx] = True

    def active(self, f: int, idx: IntArray) -> BoolArray:
        result: BoolArray = self.conscious[f, idx] & ~self.dead[f, idx]
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
        """`plane.step_toward` for fighter f toward its foe (same float arithmetic)."""
        start, goal = self.x[f, idx], self.x[1 - f, idx]
        distance = np.abs(goal - start)
        travel = np.minimum(budget, distance - stop_at)
        moving = (travel > 0) & (distance != 0)
        ratio = np.where(moving, travel / np.where(distance == 0, 1.0, distance), 0.0)
        self.x[f, idx] = np.where(moving, start + (goal - start) * ratio, start)
        self.distance[idx] = np.abs(self.x[0, idx] - self.x[1, idx])

    def step_away(self, f: int, idx: IntArray, budget: Any) -> None:
        """`plane.step_away` for fighter f from its foe (knockback)."""
        start, threat = self.x[f, idx], self.x[1 - f, idx]
        distance = np.abs(start - threat)
        safe = np.where(distance == 0, 1.0, distance)
        away = start + (start - threat) * (budget / safe)
        self.x[f, idx] = np.where(distance == 0, start + budget, away)
        self.distance[idx] = np.abs(self.x[0, idx] - self.x[1, idx])

    def distance_class(self, idx: IntArray) -> IntArray:
        """Index into tables.DISTANCES: close, within 1, within 2, farther."""
        d = self.distance[idx]
        result: IntArray = np.where(d < _CLOSE, 0, np.where(d <= 1.0, 1, np.where(d <= 2.0, 2, 3)))
        return result

    # --- the battle ---------------------------------------------------------------------------

    def play(self) -> BlockResult:
        live = np.arange(self.n)
        turn_round = 0
        while live.size:
            if turn_round >= self.t.max_rounds:
                self.finish(live, -1, ROUND_LIMIT, turn_round)
                break
            turn_round += 1
            for f in (0, 1):
                self.turn(f, live)
                live = live[~self.done[live]]
                ended = live[~(self.active(0, live) & self.active(1, live))]
                if ended.size:
                    up0 = self.active(0, ended)
                    up1 = self.active(1, ended)
                    for who, mask in ((0, up0 & ~up1), (1, up1 & ~up0)):
                        self.finish(ended[mask], who, LAST_SIDE, turn_round)
                    self.finish(ended[~up0 & ~up1], -1, ALL_DOWN, turn_round)
                    live = live[~self.done[live]]
        out = self.out
        out.hp[:] = self.hp
        out.standing[:] = self.conscious & ~self.dead
        out.dice = self.dice
        return out

    def finish(self, idx: IntArray, winner: int, reason: int, rounds: int) -> None:
        self.out.winner[idx] = winner
        self.out.reason[idx] = reason
        self.out.rounds[idx] = rounds
        self.done[idx] = True

    def turn(self, f: int, idx: IntArray) -> None:
        t = self.t
        me = t.fighters[f]
        act = idx[self.active(f, idx)]
        previous = self.man[f, act]
        rested = ~self.defended_now[f, act] & (previous == M_NOTHING)
        # Start of turn (B363, B381): shock comes in, per-turn counts clear.
        self.shock[f, act] = self.shock_next[f, act]
        self.shock_next[f, act] = 0
        self.parries[f][:, act] = 0
        self.blocks[f, act] = 0
        self.defended_now[f, act] = False
        self.retreated[f, act] = False
        self.attacked[f, act] = False
        self.balance[f, act] = False
        self.guard[f, act] = False
        self.man[f, act] = M_NONE
        # At 0 HP or less: HT each turn to stay conscious, unless resting (B419).
        low = self.hp[f, act] <= 0
        rolling = act[low & ~rested]
        if rolling.size:
            hp = self.hp[f, rolling]
            modifier = np.where(hp < 0, -((-hp) // me.hp), 0)
            outcome, _ = self.check(rolling, me.ht + modifier)
            self.knock_out(f, rolling[~self.success_of(outcome)])
            act = act[self.active(f, act)]
        # Stunned, or a lost turn: Do Nothing; a stunned fighter rolls HT to recover.
        idle = self.stunned[f, act] | self.skip_next[f, act]
        if idle.any():
            waiting = act[idle]
            self.man[f, waiting] = M_NOTHING
            self.skip_next[f, waiting] = False
            stunned = waiting[self.stunned[f, waiting]]
            outcome, _ = self.check(stunned, np.full(stunned.size, me.ht))
            self.stunned[f, stunned[self.success_of(outcome)]] = False
            act = act[~idle]
        self.maneuver(f, act)

    def success_of(self, outcome: IntArray) -> BoolArray:
        result: BoolArray = (outcome == 1) | (outcome == 2)
        return result

    def maneuver(self, f: int, act: IntArray) -> None:
        """The AI's maneuver (GurpsAI._maneuver) and its resolution."""
        me = self.t.fighters[f]
        # Get up first: lying -> kneeling -> standing.
        down = self.posture[f, act] != STANDING
        rising = act[down]
        self.posture[f, rising] = np.where(self.posture[f, rising] == LYING, KNEELING, STANDING)
        self.man[f, rising] = M_POSTURE
        rest = act[~down]
        # Badly hurt and next to the foe: All-Out Defense.
        near = self.distance[rest] <= 2.0
        hurt = 3 * self.hp[f, rest] < me.hp
        aod = rest[near & hurt]
        self.man[f, aod] = me.aod[self.weapon[f, aod], self.hand[f, aod]]
        rest = rest[~(near & hurt)]
        # No weapon to strike with: pick up what was dropped (the weapon first).
        pick = me.pickup[self.weapon[f, rest], self.hand[f, rest], self.distance_class(rest)]
        weapon, shield = rest[pick == PICK_WEAPON], rest[pick == PICK_SHIELD]
        self.weapon[f, weapon] = READY
        self.hand[f, shield] = READY
        self.shield[f, shield] = True
        self.man[f, rest[pick != PICK_NONE]] = M_READY
        rest = rest[pick == PICK_NONE]
        # Attack if a weapon reaches (with the Step) and the best plan is worth it.
        far = self.distance_class(rest)
        reach = far < 3
        candidates, far = rest[reach], far[reach]
        shock = -self.shock[f, candidates]
        where = self.weapon[f, candidates]
        hand = self.hand[f, candidates]
        first = me.cache_mode[where, hand, far, shock]
        defense = self.best_defense(
            1 - f, candidates, f, np.maximum(first, 0), np.zeros_like(first)
        )
        code = me.choose[
            where, hand, far, shock, np.minimum(np.maximum(defense, D_MIN), D_MAX) - D_MIN
        ]
        self.escape(candidates[code == ESCAPE])
        attacking = candidates[code >= 0]
        modes = code[code >= 0]
        # The defense the AI scored against its first mode; the plan needs the chosen one's.
        scored = np.where(first == code, defense, -(10**6))[code >= 0]
        idle = np.concatenate([rest[~reach], candidates[code == -1]])
        # Otherwise close in, or defend all-out when already close.
        far = self.distance[idle] > 1.0
        moving = idle[far]
        budget = np.where(3 * self.hp[f, moving] < me.hp, me.move[1], me.move[0])
        self.step_toward(f, moving, budget, 1.0)
        self.man[f, moving] = M_MOVE
        holding = idle[~far]
        self.man[f, holding] = me.aod[self.weapon[f, holding], self.hand[f, holding]]
        self.man[f, attacking] = M_ATTACK
        self.attack(f, attacking, modes, scored)

    def best_defense(
        self, v: int, idx: IntArray, a: int, modes: IntArray, deceptive: IntArray
    ) -> IntArray:
        """`best_defense`: the defender's best score against the attacker's mode."""
        far = np.zeros(idx.size, dtype=np.bool_)  # the AI's IncomingAttack: not close combat
        scores, available, bonus, _ = self.defense_scores(v, idx, a, modes, deceptive, far)
        retreat = self.t.fighters[v].can_retreat[self.posture[v, idx]] & ~self.retreated[v, idx]
        total = scores + np.where(retreat[:, None], bonus, 0)
        total = np.where(available, total, -(10**6))
        result: IntArray = total.max(axis=1)
        return result

    def defense_scores(
        self,
        v: int,
        idx: IntArray,
        a: int,
        modes: IntArray,
        deceptive: IntArray,
        close: BoolArray,
    ) -> tuple[IntArray, BoolArray, IntArray, IntArray]:
        """Per defense slot: (score without a new retreat, available, retreat bonus, kind code).

        In close combat there is no block and no shield DB, and only bare hands (or
        reach-C weapons) parry.
        """
        me = self.t.fighters[v]
        attacker = self.t.fighters[a]
        armed = np.array([not m.unarmed and not m.thrusting for m in attacker.modes])[modes]
        shield = self.shield[v, idx]
        common = (
            -np.where(shield & ~close, 0, me.shield_db)
            - 4 * self.stunned[v, idx]
            + me.posture_defense[self.posture[v, idx]]
            - 2 * self.balance[v, idx]
            - 2 * self.guard[v, idx]
            - deceptive
        )
        retreated = self.retreated[v, idx]
        count = len(me.slots)
        scores = np.zeros((idx.size, count), dtype=np.int64)
        available = np.ones((idx.size, count), dtype=np.bool_)
        bonus = np.zeros((idx.size, count), dtype=np.int64)
        kinds = np.zeros(count, dtype=np.int64)
        for j, slot in enumerate(me.slots):
            score = slot.base + common + np.where(retreated, slot.retreat_bonus, 0)
            score = score + 2 * (self.man[v, idx] == slot.aod)
            if slot.kind == "dodge":
                reeling = 3 * self.hp[v, idx] < me.hp
                score = score - np.where(reeling, me.dodge_reeling, 0)
            elif slot.kind == "parry":
                score = score - slot.parry_step * self.parries[v, j, idx]
                if slot.unarmed:
                    score = score - 3 * armed
                ok = np.ones(idx.size, dtype=np.bool_)
                if slot.main:
                    ok &= self.weapon[v, idx] == READY
                if slot.unbalanced:
                    ok &= ~self.attacked[v, idx]
                if not slot.close:
                    ok &= ~close
                available[:, j] = ok
                kinds[j] = 1
            else:
                available[:, j] = shield & (self.blocks[v, idx] == 0) & ~close
                kinds[j] = 2
            scores[:, j] = score
            bonus[:, j] = np.where(retreated, 0, slot.retreat_bonus)
        return scores, available, bonus, kinds

    def plan_attack(
        self, f: int, idx: IntArray, modes: IntArray, scored: IntArray
    ) -> tuple[IntArray, IntArray, IntArray]:
        """The Step toward the foe (`_approach`), then, where the mode reaches, the AI's plan
        (`GurpsAI._plan`): (battles that strike, their modes, their plan indices)."""
        me = self.t.fighters[f]
        reach = np.array([m.reach for m in me.modes])[modes]
        self.step_toward(f, idx, 1.0, reach)
        close = self.distance[idx] < _CLOSE
        reaches = np.where(
            close,
            np.array([m.close for m in me.modes])[modes],
            (reach > 0) & (self.distance[idx] <= reach),
        )
        idx, modes, defense = idx[reaches], modes[reaches], scored[reaches]
        # Nothing the defense depends on has changed since the maneuver was chosen (the
        # Step changes only the distance): rescore only where the chosen mode differs.
        other = defense == -(10**6)
        if other.any():
            defense[other] = self.best_defense(
                1 - f, idx[other], f, modes[other], np.zeros(int(other.sum()), dtype=np.int64)
            )
        shock = -self.shock[f, idx]
        plans = me.plan[modes, shock, np.minimum(np.maximum(defense, D_MIN), D_MAX) - D_MIN]
        return idx, modes, plans

    def attack(self, f: int, idx: IntArray, modes: IntArray, scored: IntArray) -> None:
        """An Attack maneuver: Step into reach, choose the plan, strike once or twice."""
        t = self.t
        me = t.fighters[f]
        idx, modes, plans = self.plan_attack(f, idx, modes, scored)
        self.strike(f, idx, modes, plans)
        rapid = t.plan_rapid[plans]
        second = idx[rapid]
        keep = (
            ~self.done[second]
            & ~self.balance[f, second]
            & self.active(f, second)
            & self.active(1 - f, second)
            & (
                (self.weapon[f, second] == READY)
                | ~np.array([m.main for m in me.modes])[modes[rapid]]
            )
        )
        self.strike(f, second[keep], modes[rapid][keep], plans[rapid][keep])

    def strike(self, f: int, idx: IntArray, modes: IntArray, plans: IntArray) -> None:
        """`resolve_attack`: the roll, the defense, the damage."""
        t = self.t
        me = t.fighters[f]
        v = 1 - f
        victim = t.fighters[v]
        location = t.plan_location[plans]
        deceptive = t.plan_deceptive[plans]
        base = np.array([m.skill for m in me.modes])[modes]
        skill = (
            base
            + self.shock[f, idx]
            + me.posture_attack[self.posture[f, idx]]
            + victim.location_penalty[location, self.shield[v, idx].astype(np.int64)]
            - 2 * deceptive
            - me.rapid_penalty * t.plan_rapid[plans]
        )
        outcome, _ = self.check(idx, skill)
        out = self.out
        out.attacks[f, idx] += 1
        out.hits[f, idx] += self.success_of(outcome)
        self.attacked[f, idx[np.array([m.main for m in me.modes])[modes]]] = True
        missed = outcome == 3
        if missed.any():
            tables = np.array([m.miss for m in me.modes])[modes[missed]]
            self.critical_miss(f, idx[missed], tables)
        critical = outcome == 2
        if critical.any():
            self.damage(f, idx[critical], modes[critical], location[critical], True)
        hit = outcome == 1
        if hit.any():
            stopped = self.defend(v, idx[hit], f, modes[hit], deceptive[hit])
            land = ~stopped & ~self.done[idx[hit]]
            self.damage(f, idx[hit][land], modes[hit][land], location[hit][land], False)

    def defense_choice(
        self, v: int, idx: IntArray, a: int, modes: IntArray, deceptive: IntArray
    ) -> tuple[IntArray, BoolArray, IntArray, IntArray]:
        """GurpsAI._defense: (slot, retreating, score, kind code 0 dodge/1 parry/2 block)."""
        me = self.t.fighters[v]
        close = self.distance[idx] < _CLOSE
        scores, available, bonus, kinds = self.defense_scores(v, idx, a, modes, deceptive, close)
        count = len(me.slots)
        retreat = me.can_retreat[self.posture[v, idx]] & ~self.retreated[v, idx]
        # Options in the engine's order: none, then each slot and its retreating variant.
        values = np.full((idx.size, 1 + 2 * count), -np.inf)
        values[:, 0] = -1.0
        for j in range(count):
            plain = _CHANCE[np.clip(scores[:, j], -20, 40) + 20]
            back = _CHANCE[np.clip(scores[:, j] + bonus[:, j], -20, 40) + 20] + 0.001
            values[:, 1 + 2 * j] = np.where(available[:, j], plain, -np.inf)
            values[:, 2 + 2 * j] = np.where(available[:, j] & retreat, back, -np.inf)
        choice = values.argmax(axis=1)
        slot = (choice - 1) // 2
        retreating = (choice - 1) % 2 == 1
        rows = np.arange(idx.size)
        score = scores[rows, slot] + np.where(retreating, bonus[rows, slot], 0)
        return slot, retreating, score, kinds[slot]

    def defend(
        self, v: int, idx: IntArray, a: int, modes: IntArray, deceptive: IntArray
    ) -> BoolArray:
        """The defender's choice (GurpsAI._defense) and roll; True where the attack is stopped."""
        me = self.t.fighters[v]
        slot, retreating, score, kind = self.defense_choice(v, idx, a, modes, deceptive)
        outcome, _ = self.check(idx, score)
        self.out.defenses[v, idx] += 1
        self.defended_now[v, idx] = True
        self.retreated[v, idx[retreating]] = True
        parried = kind == 1
        self.parries[v, slot[parried], idx[parried]] += 1
        self.blocks[v, idx[kind == 2]] += 1
        stopped = self.success_of(outcome)
        self.out.defended[v, idx] += stopped
        fumbled = outcome == 3
        if fumbled.any():
            dodge = fumbled & (kind == 0)
            self.posture[v, idx[dodge]] = LYING
            block = fumbled & (kind == 2)
            self.shield[v, idx[block]] = False
            self.hand[v, idx[block]] = UNREADY
            tables = np.array([item.fumble for item in me.slots])[slot]
            parry = fumbled & parried
            self.critical_miss(v, idx[parry], tables[parry])
        return stopped

    def critical_miss(self, f: int, idx: IntArray, tables: IntArray) -> None:
        """A critical miss table (B556-557), `tables[i]` the fighter's table for battle i."""
        if idx.size == 0:
            return
        me = self.t.fighters[f]
        roll = self.roll3(idx)
        miss = me.miss
        result = miss["code"][tables, roll]
        self.escape(idx[result == CM_ESCAPE])
        self.balance[f, idx[result == CM_BALANCE]] = True
        self.guard[f, idx[result == CM_GUARD]] = True
        self.weapon[f, idx[result == CM_UNREADY]] = UNREADY
        self.weapon[f, idx[result == CM_DROP]] = DROPPED
        self.weapon[f, idx[result == CM_BROKEN]] = BROKEN
        self.posture[f, idx[result == CM_FALL]] = LYING
        self.knock_out(f, idx[result == CM_KNOCKOUT])
        stumbling = idx[result == CM_STUMBLE]
        self.x[f, stumbling] += 1.0
        self.distance[stumbling] = np.abs(self.x[0, stumbling] - self.x[1, stumbling])
        trip = result == CM_TRIP
        if trip.any():
            tripping = idx[trip]
            outcome, _ = self.check(tripping, me.dx + miss["trip"][tables[trip], roll[trip]])
            self.posture[f, tripping[~self.success_of(outcome)]] = LYING
        hurt = result == CM_SELF
        if hurt.any():
            who, table, rolled = idx[hurt], tables[hurt], roll[hurt]
            count = miss["dice"][table, rolled]
            basic = miss["adds"][table, rolled].copy()
            for dice in np.unique(count):
                some = count == dice
                basic[some] += self.roll(who[some], int(dice)).sum(axis=1)
            basic = np.maximum(basic, 0)
            basic = np.where(miss["half"][table, rolled] == 1, basic // 2, basic)
            kind = miss["type"][table, rolled]
            location = miss["location"][table, rolled]
            dr = miss["dr"][table, rolled]
            wound = me.self_injury[kind, location, dr, basic]
            none = np.zeros(who.size, dtype=np.bool_)
            self.injure(f, who, wound, location, none, none, None)

    def damage(
        self, a: int, idx: IntArray, modes: IntArray, location: IntArray, critical: bool
    ) -> None:
        """`deal_damage`: the critical table (if any), damage dice, injury, then knockback."""
        t = self.t
        me = t.fighters[a]
        v = 1 - a
        victim = t.fighters[v]
        count = idx.size
        if count == 0:
            return
        maximum = np.zeros(count, dtype=np.bool_)
        multiplier = np.ones(count, dtype=np.int64)
        treatment = np.zeros(count, dtype=np.int64)
        double_shock = np.zeros(count, dtype=np.bool_)
        force_major = np.zeros(count, dtype=np.bool_)
        drop = np.zeros(count, dtype=np.bool_)
        lose_turn = np.zeros(count, dtype=np.bool_)
        location = location.copy()
        if critical:
            roll = self.roll3(idx)
            entry = t.crit_entry[t.head_location[location].astype(np.int64), roll]
            redirect = t.crit_redirect[entry]
            if redirect.any():
                eye_ok = np.array([m.eye for m in me.modes])[modes]
                to_eye = redirect & np.isin(location, (_FACE, _SKULL)) & eye_ok
                location[to_eye] = _EYE
                fallback = redirect & ~to_eye
                entry[fallback] = t.crit_fallback[entry[fallback]]
                entry[to_eye] = -1
            real = entry >= 0
            safe = np.maximum(entry, 0)
            maximum = t.crit_max[safe] & real
            multiplier = np.where(real, t.crit_multiplier[safe], 1)
            treatment = np.where(real, t.crit_dr[safe], DR_NORMAL)
            double_shock = t.crit_double_shock[safe] & real
            force_major = t.crit_major[safe] & real
            drop = t.crit_drop[safe] & real
            lose_turn = t.crit_lose_turn[safe] & real
        basic = np.zeros(count, dtype=np.int64)
        pierced = np.zeros(count, dtype=np.bool_)
        wound = np.zeros(count, dtype=np.int64)
        for m in np.unique(modes):
            mode = me.modes[int(m)]
            mine = modes == m
            rolled = mine & ~maximum
            faces = self.roll(idx[rolled], mode.dice).sum(axis=1)
            total = np.full(int(mine.sum()), 6 * mode.dice)
            total[rolled[mine]] = faces
            value = np.maximum(np.maximum(total + mode.adds, 0), mode.minimum)
            value = value * multiplier[mine]
            basic[mine] = value
            table = victim.injury[mode.damage_type]
            wound[mine] = table[location[mine], treatment[mine], value]
            pierced[mine] = victim.penetrated[mode.damage_type][
                location[mine], treatment[mine], value
            ]
        self.injure(v, idx, wound, location, double_shock & pierced, force_major & pierced, a)
        # _after_critical: dropped items, a lost turn.
        if critical:
            dropping = idx[drop]
            self.weapon[v, dropping] = np.where(
                self.weapon[v, dropping] == READY, DROPPED, self.weapon[v, dropping]
            )
            held = dropping[self.shield[v, dropping]]
            self.hand[v, held] = DROPPED
            self.shield[v, dropping] = False
            self.skip_next[v, idx[lose_turn]] = True
        # Knockback (B378): crushing, or cutting that failed to penetrate.
        yards = np.zeros(count, dtype=np.int64)
        for m in np.unique(modes):
            mode = me.modes[int(m)]
            mine = modes == m
            yards[mine] = victim.knockback[mode.damage_type][
                basic[mine], pierced[mine].astype(np.int64)
            ]
        pushed = (yards >= 1) & self.active(v, idx) & ~self.done[idx]
        if pushed.any():
            who = idx[pushed]
            self.step_away(v, who, yards[pushed].astype(np.float64))
            target = victim.knockback_skill + knockback_modifier(yards[pushed])
            outcome, _ = self.check(who, target)
            self.posture[v, who[~self.success_of(outcome)]] = LYING

    def injure(
        self,
        v: int,
        idx: IntArray,
        wound: IntArray,
        location: IntArray,
        double_shock: BoolArray,
        force_major: BoolArray,
        dealer: int | None,
    ) -> None:
        """`apply_injury`: HP, shock, major wounds and knockdown, the HP thresholds."""
        me = self.t.fighters[v]
        out = self.out
        before = self.hp[v, idx]
        after = before - wound
        self.hp[v, idx] = after
        out.taken[v, idx] += wound
        if dealer is not None:
            out.dealt[dealer, idx] += wound
        hurt = (wound > 0) & ~self.dead[v, idx]
        idx, wound, location = idx[hurt], wound[hurt], location[hurt]
        before, after = before[hurt], after[hurt]
        double_shock, force_major = double_shock[hurt], force_major[hurt]
        if idx.size == 0:
            return
        if not me.high_pain_threshold:
            unit = me.hp // 10 if me.hp >= 20 else 1
            factor = np.where(double_shock, 2, 1)
            penalty = -np.minimum(4 * factor, wound // unit * factor)
            cap = np.where(double_shock, -8, -4)
            current = self.shock_next[v, idx]
            self.shock_next[v, idx] = np.where(
                penalty != 0, np.maximum(cap, current + penalty), current
            )
        capped = np.minimum(wound, me.cripple.shape[1] - 1)
        major = (2 * wound > me.hp) | me.cripple[location, capped] | force_major
        due = self.conscious[v, idx] & (major | me.knockdown_due[location, capped])
        if due.any():
            rolling = idx[due]
            outcome, margin = self.check(rolling, me.knockdown_target[location[due]])
            out_cold = (outcome == 3) | (margin <= -5)
            self.knock_out(v, rolling[out_cold])
            stunned = rolling[~out_cold & (margin < 0)]
            self.stunned[v, stunned] = True
            self.posture[v, stunned] = LYING
        for multiple in (1, 2, 3, 4):
            line = -multiple * me.hp
            crossing = (before > line) & (after <= line) & ~self.dead[v, idx]
            if not crossing.any():
                continue
            rolling = idx[crossing]
            outcome, margin = self.check(rolling, np.full(rolling.size, me.ht))
            fumble = outcome == 3
            survives = (margin >= 0) & ~fumble
            mortal = ~survives & (margin >= -2) & ~fumble
            self.die(v, rolling[~survives & ~mortal])
            self.knock_out(v, rolling[mortal])
        gone = (after <= -5 * me.hp) & (before > -5 * me.hp) & ~self.dead[v, idx]
        self.die(v, idx[gone])


def play_blocks(tables: DuelTables, size: int, rngs: Sequence[np.random.Generator]) -> BlockResult:
    """Play blocks of `size` duels side by side, block k's dice from `rngs[k]` (battle j of
    block k is index k * size + j); battles that escape are marked, not yet replayed.

    A block's battles do not depend on the blocks played beside it.
    """
    return _Block(tables, size, rngs).play()
