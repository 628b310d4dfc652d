"""The default T値 policy: declare the attacks worth most for their FAP while the budgets
last — with the replacement that pays most where the T allows it now (クリティカル,
強打, 全力攻撃, なぎ払い: each swept foe's strike at the sweep's penalty) — and at each
turn strike the foe where the attack is worth most, the foe already struck this round
when close (T rewards attacks on a foe others have struck).

Values are exact: the chance the hit roll succeeds (`attack.hit_chance`) times the mean
HP the damage takes through the target's protection, at most the HP left. Out of reach of
every foe (`field.py`), it first declares the moves that bring the nearest within its
longest weapon's reach, and declares only what will reach a foe after them; at its turn
it moves towards the nearest foe when no declared attack reaches anyone, and cancels
the moves left once a foe is within reach. The AI never declares a combination, a
pulled blow or a feint (they take no HP), nor a snap action, and cancels nothing else.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from senjo.engine.battle import Battle
from senjo.engine.decision import Decision
from senjo.systems.tvalue.area import caught, landing
from senjo.systems.tvalue.arts import ART, art_chance, art_requirement
from senjo.systems.tvalue.attack import (
    evasion_score,
    hit_chance,
    hit_score,
    requirement_gap,
)
from senjo.systems.tvalue.chances import damage_taken
from senjo.systems.tvalue.choices import MOVE, Act, Declare
from senjo.systems.tvalue.closecombat import CLOSE_ACTIONS
from senjo.systems.tvalue.combos import chain_chance, chain_length
from senjo.systems.tvalue.damage import protection_against
from senjo.systems.tvalue.declare import cost
from senjo.systems.tvalue.field import (
    NEXT_HEX,
    keep_off,
    range_of,
    reach_of,
    usable_weapon,
    weapon_reach,
)
from senjo.systems.tvalue.model import Weapon
from senjo.systems.tvalue.shooting import evade_chance, shooting_score, shot_chance
from senjo.systems.tvalue.state import TvState
from senjo.systems.tvalue.sweeping import swept
from senjo.systems.tvalue.techniques import (
    clause_effects,
    partner,
    struck_with,
    technique_of,
)

__all__ = ["TvAI", "action_value", "attack_value", "expected_loss", "shot_value"]

#: What one more direct attack the target took this round is worth, in HP: the T it adds.
_FOCUS = 0.5
#: What breaking free of a hold is worth, in HP.
_FREEDOM = 3.0
#: Replacements that take no HP: the AI leaves them to people.
_NO_DAMAGE = frozenset({"combination", "pulled", "feint", "interception", "aim_weapon"})


@lru_cache(maxsize=4096)
def expected_loss(weapon: Weapon, replacement: str, protection: int, hp: int) -> float:
    """The mean HP a hit takes: the damage through protection (`chances.damage_taken`),
    at most `hp`.

    >>> sword = Weapon("sword", "", "", dice=1, flat=0)
    >>> expected_loss(sword, "", 0, 99), expected_loss(sword, "", 4, 99)
    (3.5, 0.5)
    >>> expected_loss(sword, "heavy_blow", 0, 99), expected_loss(sword, "critical", 0, 5)
    (6.0, 4.333333333333333)
    """
    most = max(hp, 0)
    return float(damage_taken(weapon, replacement, protection).map(lambda v: min(v, most)).mean)


def attack_value(
    state: TvState,
    key: str,
    weapon: Weapon,
    target: str,
    replacement: str = "",
    technique: str = "",
    swept: int = 0,
) -> float:
    """The HP one strike of `key` can expect to take from `target` (a replacement whose
    requirement does not hold now counts as a plain attack; one that takes no HP, 0), as
    a technique's strike (its hit modifier, 鬼の爪's protection) when `technique` is
    given, as one of a sweep's `swept` strikes when given."""
    if replacement in _NO_DAMAGE or technique == "leg_sweep" or target not in state.status:
        return 0.0
    _, needed, had = requirement_gap(state, key, target, replacement)
    if had < needed:
        replacement = ""
    if technique and state.status[key].t < technique_of(state.sheets[key], technique).needed:
        technique = ""
    if technique:  # its damage modifier, depth and clauses
        used = technique_of(state.sheets[key], technique)
        weapon = struck_with(weapon, used, clause_effects(state, key, target, used))
    sheet, status = state.sheets[target], state.status[target]
    score = hit_score(state, key, weapon.key, replacement, technique, swept, target).value
    chance = hit_chance(score, evasion_score(state, key, target).value, state.rules.contest)
    claw = 2 * weapon.skill if technique == "oni_claw" else 0
    protection = protection_against(
        sheet, weapon.depth, exact=state.rules.exact_depth, ignore_physical=claw
    )
    return chance * expected_loss(weapon, replacement, protection, status.hp)


def shot_value(state: TvState, key: str, weapon: Weapon, target: str) -> float:
    """The HP one shot can expect to take: the shooting roll's chance, the target's
    chance not to evade, the mean loss; an area shot's, the mean loss of each foe it
    would catch on target, less each ally's (no evasion; drift not counted)."""
    chance = shot_chance(shooting_score(state, key, weapon.key, target).value)
    if weapon.area:
        centre = landing(state, target, None)
        side = state.sheets[key].side
        return chance * sum(
            _loss(state, weapon, other) * (1 if state.sheets[other].side != side else -1)
            for other in caught(state, key, centre, weapon.area)
        )
    evasion = state.sheets[target].evasion + state.evasion_bonus(target)
    chance *= 1 - evade_chance(evasion, weapon.fixed_hit)
    return chance * _loss(state, weapon, target)


def _loss(state: TvState, weapon: Weapon, target: str) -> float:
    """The mean HP one of the weapon's hits takes from `target`, through its protection."""
    sheet = state.sheets[target]
    protection = protection_against(sheet, weapon.depth, exact=state.rules.exact_depth)
    return expected_loss(weapon, "", protection, state.status[target].hp)


def action_value(
    state: TvState, key: str, action: str, weapon_key: str, target: str, replacement: str = ""
) -> float:
    """An action's worth at `target` (`b&c` for two swords at two foes): an attack's or a
    technique's strikes, less a technique's T drop at half an HP a point."""
    if action == "break_free":  # held: −1 to hit and evade, −5 FAP a round
        return _FREEDOM
    if action in CLOSE_ACTIONS or not weapon_key:  # close combat, letting go: to people
        return 0.0
    sheet = state.sheets[key]
    if action == ART:  # the first part, and the rest when the combo roll lets them follow
        art = sheet.art(weapon_key)
        (first, weapon_first), *rest = art.parts
        value = action_value(state, key, first, weapon_first, target)
        if art_requirement(state, key, art, target) < art.needed:
            return value
        later = sum(action_value(state, key, t, w, target) for t, w in rest)
        return value + art_chance(art) * later
    weapon = sheet.weapon(weapon_key)
    if action == "attack" and replacement == "sweeping":
        _, needed, had = requirement_gap(state, key, target, replacement)
        targets = swept(state, key, target) if had >= needed else (target,)
        return sum(  # each strike at the sweep's penalty (none for a plain attack)
            attack_value(state, key, weapon, foe, "", "", len(targets) if had >= needed else 0)
            for foe in targets
        )
    if action in ("attack", "guard_cancel"):
        return attack_value(state, key, weapon, target, replacement)
    if action == "shoot":
        return shot_value(state, key, weapon, target)
    strikes = chain_length(action)
    if strikes:  # the first strike, and the rest when the roll would let them follow
        one = attack_value(state, key, weapon, target)
        if state.status[key].t < 2 + strikes:
            return one
        return one * (1 + (strikes - 1) * chain_chance(strikes, state.relative(key, target)))
    first, _, second = target.partition("&")
    value = attack_value(state, key, weapon, first, replacement, action)
    other = partner(sheet, weapon)
    if action == "two_swords" and other is not None:
        value += attack_value(state, key, other, second or first, replacement, action)
    return value - 0.5 * technique_of(sheet, action).drop


def _received(state: TvState, target: str) -> int:
    """The direct attacks `target` took this round (0 for an interception's `*`)."""
    status = state.status.get(target)
    return status.received if status is not None else 0


def _short_of_reach(state: TvState, key: str, moves: int = 0) -> bool:
    """Whether `key`, after `moves` more moves, still has no weapon that reaches a foe
    (every foe beyond its reach, or nearer than it reaches; never with option
    `reach=off`)."""
    if not state.rules.reach:
        return False
    sheet = state.sheets[key]
    spans = [
        weapon_reach(state, key, w.key) for w in sheet.weapons if usable_weapon(state, key, w)
    ] or [(0, NEXT_HEX)]
    keep = min(near for near, _ in spans)
    moved = moves * sheet.move_m
    ranges = [_range_after(state, key, foe, moved, keep) for foe in state.foes(key)]
    return not any(near <= at <= far for at in ranges for near, far in spans)


def _range_after(state: TvState, key: str, foe: str, moved: float, keep: int) -> int:
    """The range to `foe` once `key` has moved `moved` metres (a move stops in the next
    hex or at `keep`, the nearest its weapons reach, `field.keep_off`, and backs off from
    a foe nearer than that)."""
    gap, stop = state.distance(key, foe), max(NEXT_HEX, float(keep))
    if range_of(gap) < keep:
        return range_of(min(stop, gap + moved))
    return range_of(max(min(gap, stop), gap - moved))


def _reaches_at(state: TvState, key: str, option: Declare, foe: str, at: int) -> bool:
    """Whether `option` reaches `foe` at range `at`."""
    if not state.rules.reach:
        return True
    nearest, farthest = reach_of(state, key, option.action, option.weapon, foe)
    return nearest <= at <= farthest


class TvAI:
    """The default T値 policy. Stateless: the same battle gets the same choices."""

    __slots__ = ()

    def choose(self, battle: Battle[Any], decision: Decision) -> Any:
        """Choose an option for any T値 decision."""
        state: TvState = battle.state
        if decision.kind == "declare_action":
            return self._declare(state, decision)
        if decision.kind == "act":
            return self._act(state, decision)
        if decision.kind == "iai_option":  # the damage floor when the hit is likely
            return decision.options[1]
        if decision.kind == "intercept":  # always strike first: it costs nothing more
            return decision.options[0]
        if decision.kind == "override":  # the least FAP that overrides, if it has it
            blocker, spent = decision.context
            needed = str(max(0, spent - state.relative(decision.actor, blocker)))
            return decision.find(needed) if needed in decision.keys else decision.find("0")
        if decision.kind in ("counter_throw", "keep_hold", "upkeep", "lock_upkeep", "guard_cancel"):
            return decision.options[0]
        if decision.kind == "combo_strike":  # the weakest foe
            return min(decision.options, key=lambda o: state.status[o.name].hp)
        return decision.options[0]

    def _declare(self, state: TvState, decision: Decision) -> Any:
        """The affordable attack worth most per FAP against the weakest foe; `done` when
        nothing is worth anything."""
        key = decision.actor
        options = [o for o in decision.options if isinstance(o, Declare) and not o.big]
        foes = state.foes(key)
        if not options or not foes:
            return decision.find("done")
        move = next((o for o in options if o.action == MOVE), None)
        moves = state.status[key].declared.count(MOVE)
        if move is not None and _short_of_reach(state, key, moves):
            return move
        weakest = sorted(foes, key=lambda other: state.status[other].hp)
        moved = moves * state.sheets[key].move_m
        keep = keep_off(state, key)
        ranges = {foe: _range_after(state, key, foe, moved, keep) for foe in weakest}
        targets: dict[tuple[str, str], str] = {}  # one look for each action and weapon

        def worth(option: Declare) -> float:
            """Its value per FAP at the weakest foe it will reach."""
            foe = targets.get((option.action, option.weapon))
            if foe is None:
                foe = next(
                    (f for f in weakest if _reaches_at(state, key, option, f, ranges[f])), ""
                )
                targets[option.action, option.weapon] = foe
            if not foe:
                return 0.0
            value = action_value(state, key, option.action, option.weapon, foe, option.replacement)
            return value / max(1, cost(state, key, option)[0])

        value, best = max(((worth(option), option) for option in options), key=lambda p: p[0])
        return best if value > 0 else decision.find("done")

    def _act(self, state: TvState, decision: Decision) -> Any:
        """The declared attack worth most (focus on foes already struck); when none is
        worth anything, a move towards the nearest foe, or a cancel once a foe is within
        reach; never a snap action."""
        key = decision.actor
        acts = [option for option in decision.options if isinstance(option, Act)]
        if not acts:
            return decision.find("cancel")
        values = {
            act.key: action_value(state, key, act.action, act.weapon, act.target, act.replacement)
            for act in acts
        }
        best = max(
            acts,
            key=lambda a: values[a.key] + _FOCUS * _received(state, a.target.partition("&")[0]),
        )
        moves = [act for act in acts if act.action == MOVE]
        if moves and values[best.key] <= 0:  # nothing worth striking: close in, if no foe
            if not _short_of_reach(state, key):  # is in reach already
                return decision.find("cancel")
            return min(moves, key=lambda a: state.distance(key, a.target))
        return best
