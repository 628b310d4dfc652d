"""One block of GURPS duels, played side by side with NumPy arrays of battle states.

Each battle draws its six-sided dice from its own stream (`streams.py`,
started from the block's generator), in exactly the order the engine would
roll them.
So a battle the vectorised model cannot follow (a re-rolled critical miss, a
strike-and-step-back …) "escapes": it is played again on the engine itself
with the dice it drew (`replay.py`), which repeats what the model did up to
that point and carries on with every rule. Rounds loop in Python; each step
works on the index array of the battles it concerns.

This module holds the turn loop and the maneuvers (`_Block`, `play_blocks`);
the block's arrays, dice and state helpers are in `state.py`, and what an
attack sets off (defense, damage, injury) in `exchange.py`.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from senjo.sim.fast_gurps.exchange import Exchange
from senjo.sim.fast_gurps.layout import (
    ALL_DOWN,
    BACK,
    D_MAX,
    D_MIN,
    FLED,
    KNEELING,
    LAST_SIDE,
    LYING,
    M_ATTACK,
    M_MOVE,
    M_NONE,
    M_NOTHING,
    M_POSTURE,
    M_READY,
    NO_SCORE,
    PICK_CRIPPLED,
    PICK_ESCAPE,
    PICK_NONE,
    PICK_SHIELD,
    PICK_SPARE,
    PICK_WEAPON,
    READY,
    REASONS,
    ROUND_LIMIT,
    SHOCK_LEVELS,
    SPARE,
    STANDING,
    W_CRIPPLED,
    W_READY,
    DuelTables,
)
from senjo.sim.fast_gurps.state import BlockResult, IntArray

__all__ = ["REASONS", "BlockResult", "play_blocks"]


class _Block(Exchange):
    """Every battle of one block, played round by round (the turn loop and the maneuvers)."""

    # --- the turn loop ------------------------------------------------------------------------

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
                        won = ended[mask]
                        routed = self.fled[1 - who, won]
                        self.finish(won[routed], who, FLED, turn_round)
                        self.finish(won[~routed], who, LAST_SIDE, turn_round)
                    self.finish(ended[~up0 & ~up1], -1, ALL_DOWN, turn_round)
                    live = live[~self.done[live]]
        out = self.out
        out.hp[:] = self.hp
        out.standing[:] = self.conscious & ~self.dead & ~self.fled
        out.seeds = self.seeds
        out.used[~out.escaped] = self.ptr[~out.escaped]
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
        # senjo's morale rule: at `flee_at` HP or less, the AI flees (GurpsAI._maneuver).
        fleeing = self.hp[f, act] <= me.flee_at
        self.fled[f, act[fleeing]] = True
        self.maneuver(f, act[~fleeing])

    def maneuver(self, f: int, act: IntArray) -> None:
        """The AI's maneuver (GurpsAI._maneuver) and its resolution."""
        me = self.t.fighters[f]
        # Get up first: lying -> kneeling -> standing; on a lame leg (B420-421) only to the
        # knees, where it fights on, its choices its tables' `leg_shift` shock levels on
        # (beyond the tables, the engine's to play).
        posture = self.posture[f, act]
        lame = self.legs[f, act] != 0
        kneeling = lame & (posture == KNEELING)
        rising = act[(posture != STANDING) & ~kneeling]
        self.posture[f, rising] = np.where(self.posture[f, rising] == LYING, KNEELING, STANDING)
        self.man[f, rising] = M_POSTURE
        beyond = kneeling & (me.leg_shift - self.shock[f, act] >= SHOCK_LEVELS)
        self.escape(act[beyond], W_CRIPPLED)
        rest = act[(posture == STANDING) | (kneeling & ~beyond)]
        # Badly hurt and next to the foe: All-Out Defense, unless the foe is as badly hurt.
        near = self.distance[rest] <= 2.0
        hurt = 3 * self.hp[f, rest] < me.hp
        sound = 3 * self.hp[1 - f, rest] >= self.t.fighters[1 - f].hp
        waiting = near & hurt & sound
        aod = rest[waiting]
        self.man[f, aod] = me.aod[self.weapon[f, aod], self.hand[f, aod]]
        rest = rest[~waiting]
        # No weapon to strike with: pick up what was dropped (the weapon first).
        pick = me.pickup[self.weapon[f, rest], self.hand[f, rest], self.distance_class(rest)]
        self.escape(rest[pick == PICK_ESCAPE], W_READY)  # the engine readies it and plays on
        self.escape(rest[pick == PICK_CRIPPLED], W_CRIPPLED)  # into the sound hand
        weapon, shield = rest[pick == PICK_WEAPON], rest[pick == PICK_SHIELD]
        self.weapon[f, weapon] = READY
        self.weapon[f, rest[pick == PICK_SPARE]] = SPARE  # the main weapon broken (B382)
        self.hand[f, shield] = READY
        self.shield[f, shield] = True
        self.man[f, rest[pick != PICK_NONE]] = M_READY
        rest = rest[pick == PICK_NONE]
        # Attack if a weapon reaches (with the Step) and the best plan is worth it.
        far = self.distance_class(rest)
        reach = far < self.t.distance_top
        candidates, far = rest[reach], far[reach]
        shock = self.ai_shock(f, candidates)
        where = self.weapon[f, candidates]
        hand = self.hand[f, candidates]
        first = me.cache_mode[where, hand, far, shock]
        defense = self.best_defense(
            1 - f, candidates, f, np.maximum(first, 0), np.zeros_like(first)
        )
        code = me.choose[
            where, hand, far, shock, np.minimum(np.maximum(defense, D_MIN), D_MAX) - D_MIN
        ]
        attacking = candidates[code >= 0]
        back = code[code >= 0] >= BACK
        modes = code[code >= 0] % BACK
        # The defense the AI scored against its first mode; the plan needs the chosen one's.
        scored = np.where(first == code % BACK, defense, NO_SCORE)[code >= 0]
        idle = np.concatenate([rest[~reach], candidates[code == -1]])
        # Otherwise close in, or defend all-out when already close.
        far = self.distance[idle] > 1.0
        crawling = far & (self.legs[f, idle] != 0)
        self.escape(idle[crawling], W_CRIPPLED)  # a Move on a lame leg: the engine's to play
        moving = idle[far & ~crawling]
        budget = np.where(3 * self.hp[f, moving] < me.hp, me.move[1], me.move[0])
        self.step_toward(f, moving, budget, 1.0)
        self.man[f, moving] = M_MOVE
        holding = idle[~far]
        self.man[f, holding] = me.aod[self.weapon[f, holding], self.hand[f, holding]]
        self.man[f, attacking] = M_ATTACK
        self.attack(f, attacking, modes, scored, back)


def play_blocks(
    tables: DuelTables, size: int, rngs: Sequence[np.random.Generator], start: int = 0
) -> BlockResult:
    """Play blocks of `size` duels side by side, block k's dice from `rngs[k]` (battle j of
    block k is index k * size + j); battles that escape are marked, not yet replayed.
    Each battle's dice are read from position `start` of its stream (the first ones
    settled an initiative tie).

    A block's battles do not depend on the blocks played beside it. A duel with a
    shooter (`ranged_tables.py`) is the compiled duel's alone: this model raises ValueError.
    """
    if any(fighter.ranged >= 0 for fighter in tables.fighters):
        raise ValueError("a duel with a shooter is played by the compiled duel only")
    block = _Block(tables, size, rngs)
    block.roll(np.arange(block.n), start)
    return block.play()
