"""One exchange of blows in a block of GURPS duels: attack, defense, damage, injury.

`Exchange` adds to the block's arrays (`state.py`) what happens once a
fighter attacks: the defender's best defense (which the attacker's choice
weighs) and its scores, the Step and the plan, the attack roll, the
defender's choice and roll, critical misses, then damage with the critical
hit tables, injury, shock, knockdown, the HP thresholds and knockback - the
engine's `resolve_attack`, `deal_damage` and `apply_injury`, over the index
arrays of the battles concerned.
"""

from __future__ import annotations

import numpy as np

from senjo.sim.fast_gurps.layout import (
    BROKEN,
    CLOSE,
    CM_BALANCE,
    CM_BROKEN,
    CM_DROP,
    CM_ESCAPE,
    CM_FALL,
    CM_GUARD,
    CM_KNOCKOUT,
    CM_LAME,
    CM_NOTHING,
    CM_REROLL_BREAK,
    CM_REROLL_SELF,
    CM_SELF,
    CM_STRAIN,
    CM_STUMBLE,
    CM_TRIP,
    CM_UNREADY,
    D_MAX,
    D_MIN,
    DR_NORMAL,
    DROPPED,
    EYE,
    FACE,
    HELD_MAIN,
    HELD_NONE,
    HELD_SPARE,
    LAME,
    LAME_ARM,
    LYING,
    MAIMED,
    MAIN_ARM,
    NO_LEGS,
    NO_SCORE,
    OFF_ARM,
    OFF_LAME,
    PA_BREAKS,
    PA_REDIRECT,
    PA_STRIKE,
    RANDOM,
    READY,
    SKULL,
    SPARE,
    SPARE_BROKEN,
    SPARE_DROPPED,
    SPARE_UNREADY,
    STANDING,
    TORSO,
    UNREADY,
    W_CRIPPLED,
    W_MISS,
    W_PARRYING,
    knockback_modifier,
)
from senjo.sim.fast_gurps.state import BlockState, BoolArray, IntArray
from senjo.systems.gurps.ai import success_chance

__all__ = ["CHANCE", "Exchange"]

#: P(success) by defense score (index score + 20, clipped), the AI's own `success_chance`.
CHANCE = np.array([success_chance(s) for s in range(-20, 41)], dtype=np.float64)


class Exchange(BlockState):
    """The attack and its consequences, on top of the block's state (see the module's text)."""

    # --- attack and defense -----------------------------------------------------------------

    def best_defense(
        self, v: int, idx: IntArray, a: int, modes: IntArray, deceptive: IntArray
    ) -> IntArray:
        """`best_defense`: the defender's best score against the attacker's mode."""
        far = np.zeros(idx.size, dtype=np.bool_)  # the AI's IncomingAttack: not close combat
        scores, available, bonus, _ = self.defense_scores(v, idx, a, modes, deceptive, far)
        retreat = self.t.fighters[v].can_retreat[self.posture[v, idx]] & ~self.retreated[v, idx]
        total = scores + np.where(retreat[:, None], bonus, 0)
        total = np.where(available, total, NO_SCORE)
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
                # Its weapon ready, or a hand empty for a bare-handed parry (`offered`).
                ok = me.offered[self.weapon[v, idx], self.hand[v, idx], j] == 1
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
        self, f: int, idx: IntArray, modes: IntArray, scored: IntArray, back: BoolArray
    ) -> tuple[IntArray, IntArray, IntArray, BoolArray]:
        """The Step toward the foe (`_approach`; out of a close combat for a reach-1 weapon;
        none before a Step back), then, where the
        mode reaches, the AI's plan (`GurpsAI._plan`): (battles that strike, their modes,
        their plan indices, whether each steps back after)."""
        me = self.t.fighters[f]
        reach = np.array([m.reach for m in me.modes])[modes]
        here = self.distance[idx]
        out = ~back & (here < CLOSE) & np.array([m.step_out for m in me.modes])[modes]
        self.step_away(f, idx[out], 1.0 - here[out], 1.0)  # out of the close combat
        toward = ~back & ~out
        self.step_toward(f, idx[toward], 1.0, reach[toward])
        close = self.distance[idx] < CLOSE
        reaches = np.where(
            close,
            np.array([m.close for m in me.modes])[modes],
            (reach > 0) & (self.distance[idx] <= reach),
        )
        idx, modes, defense, back = idx[reaches], modes[reaches], scored[reaches], back[reaches]
        # Nothing the defense depends on has changed since the maneuver was chosen (the
        # Step changes only the distance): rescore only where the chosen mode differs.
        other = defense == NO_SCORE
        if other.any():
            defense[other] = self.best_defense(
                1 - f, idx[other], f, modes[other], np.zeros(int(other.sum()), dtype=np.int64)
            )
        shock = self.ai_shock(f, idx)
        plans = me.plan[modes, shock, np.minimum(np.maximum(defense, D_MIN), D_MAX) - D_MIN]
        return idx, modes, plans, back

    def attack(
        self, f: int, idx: IntArray, modes: IntArray, scored: IntArray, back: BoolArray
    ) -> None:
        """An Attack maneuver: Step into reach, choose the plan, strike once or twice; or
        strike, then Step back (`back`)."""
        t = self.t
        idx, modes, plans, back = self.plan_attack(f, idx, modes, scored, back)
        self.strike(f, idx, modes, plans)
        rapid = t.plan_rapid[plans]
        second = idx[rapid]
        keep = (
            ~self.done[second]
            & ~self.balance[f, second]
            & self.active(f, second)
            & self.active(1 - f, second)
            & self.in_hand(f, second, modes[rapid])
        )
        self.strike(f, second[keep], modes[rapid][keep], plans[rapid][keep])
        # The Step back: not after a Rapid Strike cut short, nor once balance is lost;
        # only by a fighter still up and standing.
        struck = np.ones(idx.size, dtype=np.bool_)
        struck[np.nonzero(rapid)[0][~keep]] = False
        stepping = idx[back & struck]
        stepping = stepping[
            ~self.done[stepping]
            & ~self.balance[f, stepping]
            & self.active(f, stepping)
            & (self.posture[f, stepping] == STANDING)
        ]
        self.step_away(f, stepping, 1.0)

    def in_hand(self, f: int, idx: IntArray, modes: IntArray) -> BoolArray:
        """Whether the weapon of each blow (`modes`) is still in hand: always for a punch,
        the main weapon ready, the spare drawn and ready."""
        held = np.array([m.held for m in self.t.fighters[f].modes])[modes]
        weapon = self.weapon[f, idx]
        result: BoolArray = (
            (held == HELD_NONE)
            | ((held == HELD_MAIN) & (weapon == READY))
            | ((held == HELD_SPARE) & (weapon == SPARE))
        )
        return result

    def strike(self, f: int, idx: IntArray, modes: IntArray, plans: IntArray) -> None:
        """`resolve_attack`: the roll, the defense, the damage."""
        t = self.t
        me = t.fighters[f]
        v = 1 - f
        victim = t.fighters[v]
        location = t.plan_location[plans]
        deceptive = t.plan_deceptive[plans]
        base = np.array([m.skill for m in me.modes])[modes]
        # A rolled location is not aimed: the torso's entry, the foe's size alone.
        rolled = location == RANDOM
        aimed = np.where(rolled, TORSO, location)
        skill = (
            base
            + self.shock[f, idx]
            + me.posture_attack[self.posture[f, idx]]
            + victim.location_penalty[aimed, self.shield[v, idx].astype(np.int64)]
            - 2 * deceptive
            - me.rapid_penalty * t.plan_rapid[plans]
        )
        outcome, _ = self.check(idx, skill)
        if rolled.any():  # B400: the location rolled on 3d6 right after the attack roll
            location = location.copy()
            location[rolled] = t.hit_location[self.roll3(idx[rolled])]
        out = self.out
        out.attacks[f, idx] += 1
        out.hits[f, idx] += self.success_of(outcome)
        held = np.array([m.held for m in me.modes])[modes]
        self.attacked[f, idx[held != HELD_NONE]] = True  # an unbalanced one cannot parry now
        missed = outcome == 3
        if missed.any():
            tables = np.array([m.miss for m in me.modes])[modes[missed]]
            self.critical_miss(f, idx[missed], tables)
        critical = outcome == 2
        if critical.any():
            self.damage(f, idx[critical], modes[critical], location[critical], True)
        hit = outcome == 1
        if hit.any():
            stopped, landing = self.defend(
                v, idx[hit], f, modes[hit], deceptive[hit], location[hit]
            )
            land = ~stopped & ~self.done[idx[hit]]
            self.damage(f, idx[hit][land], modes[hit][land], landing[land], False)

    def defense_choice(
        self, v: int, idx: IntArray, a: int, modes: IntArray, deceptive: IntArray
    ) -> tuple[IntArray, BoolArray, IntArray, IntArray]:
        """GurpsAI._defense: (slot, retreating, score, kind code 0 dodge/1 parry/2 block)."""
        me = self.t.fighters[v]
        close = self.distance[idx] < CLOSE
        scores, available, bonus, kinds = self.defense_scores(v, idx, a, modes, deceptive, close)
        count = len(me.slots)
        retreat = me.can_retreat[self.posture[v, idx]] & ~self.retreated[v, idx]
        # Options in the engine's order: none, then each slot and its retreating variant.
        values = np.full((idx.size, 1 + 2 * count), -np.inf)
        values[:, 0] = -1.0
        for j in range(count):
            plain = CHANCE[np.clip(scores[:, j], -20, 40) + 20]
            back = CHANCE[np.clip(scores[:, j] + bonus[:, j], -20, 40) + 20] + 0.001
            values[:, 1 + 2 * j] = np.where(available[:, j], plain, -np.inf)
            values[:, 2 + 2 * j] = np.where(available[:, j] & retreat, back, -np.inf)
        choice = values.argmax(axis=1)
        slot = (choice - 1) // 2
        retreating = (choice - 1) % 2 == 1
        rows = np.arange(idx.size)
        score = scores[rows, slot] + np.where(retreating, bonus[rows, slot], 0)
        return slot, retreating, score, kinds[slot]

    def defend(
        self,
        v: int,
        idx: IntArray,
        a: int,
        modes: IntArray,
        deceptive: IntArray,
        location: IntArray,
    ) -> tuple[BoolArray, IntArray]:
        """The defender's choice (GurpsAI._defense) and roll against blows at `location`:
        True where the attack is stopped, and where each lands if not (B376: a failed
        bare-handed parry's arm, `parrying_unarmed.redirect`)."""
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
        after = np.where(parried, me.parry_after[slot, modes], 0)
        # B376 (`parrying_unarmed.py`): a weapon's parry stopping a bare-handed blow (it
        # may strike the limb): not modelled.
        strike = stopped & ((after & PA_STRIKE) != 0)
        if strike.any():
            self.escape(idx[strike], W_PARRYING)
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
        # B376: a parry that stops a much heavier weapon may break (1d: 1-2).
        heavy = stopped & ((after & PA_BREAKS) != 0)
        if heavy.any():
            risked = idx[heavy]
            broken = risked[self.roll(risked, 1)[:, 0] <= 2]
            spare = self.weapon[v, broken] == SPARE
            self.weapon[v, broken] = np.where(spare, SPARE_BROKEN, BROKEN)
        # B376: a bare hand's parry failing against a weapon - the attacker's AI may strike
        # the parrying arm instead (the hand as the fumble, if any, left it).
        landing = location
        turned = ~stopped & ((after & PA_REDIRECT) != 0)
        if turned.any():
            arm = me.redirect[self.weapon[v, idx], self.hand[v, idx], modes, location]
            landing = np.where(turned & (arm > 0), arm - 1, location)
        return stopped, landing

    # --- critical misses, damage and injury -------------------------------------------------

    def critical_miss(self, f: int, idx: IntArray, tables: IntArray) -> None:
        """A critical miss table (B556-557), `tables[i]` the fighter's table for battle i."""
        if idx.size == 0:
            return
        me = self.t.fighters[f]
        roll = self.roll3(idx)
        miss = me.miss
        result = miss["code"][tables, roll]
        # B556's re-rolls (`criticals._carry_out`): a hit on oneself stands only if the
        # re-roll is the same entry, else the new result is carried out (it may re-roll)...
        pending = np.flatnonzero(result == CM_REROLL_SELF)
        while pending.size:
            again = self.roll3(idx[pending])
            key = miss["key"][tables[pending], roll[pending]]
            same = miss["key"][tables[pending], again] == key
            result[pending[same]] = CM_SELF  # the first roll's hit on oneself
            moved = pending[~same]
            roll[moved] = again[~same]
            result[moved] = miss["code"][tables[moved], roll[moved]]
            pending = moved[result[moved] == CM_REROLL_SELF]
        # ... and a resistant weapon breaks only if the re-roll breaks it again, else drops.
        breaking = np.flatnonzero(result == CM_REROLL_BREAK)
        if breaking.size:
            again = self.roll3(idx[breaking])
            key = miss["key"][tables[breaking], roll[breaking]]
            same = miss["key"][tables[breaking], again] == key
            result[breaking] = np.where(same, CM_BROKEN, CM_DROP)
        self.escape(idx[result == CM_ESCAPE], W_MISS)
        self.escape(idx[result == CM_LAME], W_CRIPPLED)
        # B556, 15: the main weapon held unready in an arm of no use; the spare's strain
        # is not modelled.
        strain = result == CM_STRAIN
        if strain.any():
            ready = self.weapon[f, idx] == READY
            self.escape(idx[strain & ~ready], W_CRIPPLED)
            self.weapon[f, idx[strain & ready]] = LAME
        # The spare turned in the hand, dropped or broken.
        spare = self.weapon[f, idx] == SPARE
        self.weapon[f, idx[spare & (result == CM_BROKEN)]] = SPARE_BROKEN
        self.weapon[f, idx[spare & (result == CM_UNREADY)]] = SPARE_UNREADY
        self.weapon[f, idx[spare & (result == CM_DROP)]] = SPARE_DROPPED
        lost = (result == CM_UNREADY) | (result == CM_DROP) | (result == CM_BROKEN)
        result[spare & lost] = CM_NOTHING  # not the broken main weapon's state below
        self.balance[f, idx[result == CM_BALANCE]] = True
        self.guard[f, idx[result == CM_GUARD]] = True
        self.weapon[f, idx[result == CM_UNREADY]] = UNREADY
        self.weapon[f, idx[result == CM_DROP]] = DROPPED
        self.weapon[f, idx[result == CM_BROKEN]] = BROKEN
        self.posture[f, idx[result == CM_FALL]] = LYING
        self.knock_out(f, idx[result == CM_KNOCKOUT])
        # A stumble ends a yard past the foe (`PlaneField.stumble_past`, same arithmetic).
        stumbling = idx[result == CM_STUMBLE]
        here, there = self.x[f, stumbling], self.x[1 - f, stumbling]
        gap = np.abs(there - here)
        away = there + (there - here) * (1.0 / np.where(gap > 0, gap, 1.0))
        self.x[f, stumbling] = np.where(gap > 0, away, there + 1.0)
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
                to_eye = redirect & np.isin(location, (FACE, SKULL)) & eye_ok
                location[to_eye] = EYE
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
            numb = t.crit_numb[safe] & real
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
            table = victim.injury[mode.wounding]
            wound[mine] = table[location[mine], treatment[mine], value]
            pierced[mine] = victim.penetrated[mode.wounding][location[mine], treatment[mine], value]
        self.injure(v, idx, wound, location, double_shock & pierced, force_major & pierced, a)
        if critical:
            numbed = numb & pierced & (victim.lame_part[location] != 0)
            if numbed.any():
                self.escape(idx[numbed], W_CRIPPLED)  # B556, 8 (`crippling.numb`)
        # _after_critical: dropped items, a lost turn.
        if critical:
            dropping = idx[drop]
            weapon = self.weapon[v, dropping]
            self.weapon[v, dropping] = np.where(
                weapon == READY, DROPPED, np.where(weapon == SPARE, SPARE_DROPPED, weapon)
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

    def cripple(self, v: int, idx: IntArray, part: IntArray) -> None:
        """`crippling.take_effect` of each crippled `part` (its `lame_part` code): an eye's
        (or an untabulated arm's, LAME_ARM) the model does not follow; the main arm's lets
        the main weapon fall, held or dropped already, for good (MAIMED; else it escapes);
        the off arm's its shield (OFF_LAME); a leg or foot not crippled before fells the
        fighter, who kneels from then on (`leg_shift`), or escapes where that is not
        followed."""
        main = part == MAIN_ARM
        weapon = self.weapon[v, idx]
        maimed = main & (weapon <= UNREADY)  # READY, DROPPED, UNREADY: held, or on the ground
        self.weapon[v, idx[maimed]] = MAIMED
        off = idx[part == OFF_ARM]  # the shield (if any) falls for good
        self.hand[v, off] = OFF_LAME
        self.shield[v, off] = False
        followed = self.t.fighters[v].leg_shift != NO_LEGS
        legs = ~main & (part > LAME_ARM) & (part != OFF_ARM)
        arm = (part == LAME_ARM) | (legs & (not followed)) | (main & ~maimed & (weapon != MAIMED))
        self.escape(idx[arm], W_CRIPPLED)
        falls = legs & followed & ((self.legs[v, idx] & part) == 0)
        falling = idx[falls]
        self.legs[v, falling] |= part[falls]
        self.posture[v, falling] = LYING  # `falling.fall_down`

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
            doubled = double_shock | me.low_pain_threshold
            factor = np.where(doubled, 2, 1)
            penalty = -np.minimum(4 * factor, wound // unit * factor)
            cap = np.where(doubled, -8, -4)
            current = self.shock_next[v, idx]
            self.shock_next[v, idx] = np.where(
                penalty != 0, np.maximum(cap, current + penalty), current
            )
        capped = np.minimum(wound, me.cripple.shape[1] - 1)
        crippled = me.cripple[location, capped]
        major = (2 * wound > me.hp) | crippled | force_major
        if crippled.any():
            self.cripple(v, idx[crippled], me.lame_part[location[crippled]])
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
            outcome, margin = self.check(rolling, np.full(rolling.size, me.ht + me.hard_to_kill))
            fumble = outcome == 3
            survives = (margin >= 0) & ~fumble
            mortal = ~survives & (margin >= -2) & ~fumble
            self.die(v, rolling[~survives & ~mortal])
            self.knock_out(v, rolling[mortal])
        gone = (after <= -5 * me.hp) & (before > -5 * me.hp) & ~self.dead[v, idx]
        self.die(v, idx[gone])
