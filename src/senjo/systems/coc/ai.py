"""A sensible CoC combatant: the default AI policy for Call of Cthulhu battles.

It fights as a careful keeper would play it: attacks with the best expected
damage (knock-out blows, grapples, throws and tackles when they pay), closes
on the foe it can hurt most, aims a gun when there is time, and reloads.
Seed 004's tactics: a weak or fragile combatant focuses on dodging, hides
when outmatched while allies fight on, and withdraws from melee; a sturdy one
protects a fragile ally and taunts the foe threatening it.
"""

from __future__ import annotations

from typing import Any, Final

from senjo.dice.systems.coc import resistance_target, special_threshold
from senjo.engine.battle import Battle
from senjo.engine.decision import Choice, Decision
from senjo.systems.coc.actions import attack_options
from senjo.systems.coc.attacks import AIM_BONUS, attack_score, damage_parts
from senjo.systems.coc.checks import DamagePart
from senjo.systems.coc.choices import ActionChoice, DefenseChoice
from senjo.systems.coc.damage_chances import damage_rolls, mean_wound
from senjo.systems.coc.defense import IncomingAttack, defense_options, dodge_score, parry_score
from senjo.systems.coc.grapple import D3, D6, knock_back_metres
from senjo.systems.coc.model import Combatant, Weapon
from senjo.systems.coc.state import CocState

__all__ = ["CocAI", "chance", "tumble_harm"]


def chance(value: int) -> float:
    """The chance that a percentile check against `value` succeeds (a roll of 100 always fails).

    >>> chance(45), chance(140), chance(-5)
    (0.45, 0.99, 0.0)
    """
    return max(0, min(value, 99)) / 100


def _resist_chance(active: int, passive: int) -> float:
    target = resistance_target(active, passive)
    return 0.0 if target < 5 else 1.0 if target > 95 else target / 100


def _doubling(state: CocState, key: str, weapon: Weapon, score: int) -> float:
    """The chance, once an attack at `score` has hit, that the weapon's dice are rolled twice:
    an impaling weapon's special success (a fifth of the score), an unarmed blow's 武道."""
    impale = 0.0
    if weapon.impaling and score > 0:
        impale = min(special_threshold(score), 99) / min(score, 99)
    sheet = state.sheets[key]
    trained = (
        chance(sheet.skill("martial_arts")) if weapon.unarmed and sheet.has_martial_arts() else 0.0
    )
    return 1.0 - (1.0 - impale) * (1.0 - trained)


def _wound(
    once: tuple[DamagePart, ...], twice: tuple[DamagePart, ...], doubling: float, armour: int
) -> float:
    """The mean wound through `armour` of a blow that lands, its dice twice as often as
    `doubling` says (the mean over every roll: a weak blow's better rolls get through)."""
    value = mean_wound(once, armour)
    if doubling:
        value += doubling * (mean_wound(twice, armour) - value)
    return value


#: `_blow`'s values by the identities of the attacker's sheet and the weapon (both kept with
#: the value, so the identities stay theirs; sheets and weapons are shared by every battle of
#: a scenario), the doubling chance, the armour and the knock-out target's HP (0: a plain
#: blow). Identities, not the dice: hashing a dataclass runs as Python.
_BLOWS: Final[dict[tuple[int, int, float, int, int], tuple[Combatant, Weapon, float]]] = {}


def _blow(
    state: CocState, key: str, weapon: Weapon, doubling: float, armour: int, knockout: int = 0
) -> float:
    """A landed blow's mean wound through `armour`: the weapon's dice and the db as it adds.

    With `knockout` (the target's HP) it is a knock-out blow: each roll knocks the target
    out (worth its HP) as often as the roll wins the resistance against the HP, else it
    wounds in full through armour. Kept once computed (a few values a battle)."""
    sheet = state.sheets[key]
    cache = (id(sheet), id(weapon), doubling, armour, knockout)
    known = _BLOWS.get(cache)
    if known is not None and known[0] is sheet and known[1] is weapon:
        return known[2]
    once = tuple(damage_parts(state, key, weapon, False))
    twice = tuple(damage_parts(state, key, weapon, True)) if doubling else once
    if knockout:
        value = (1.0 - doubling) * _knockout(once, armour, knockout)
        if doubling:
            value += doubling * _knockout(twice, armour, knockout)
    else:
        value = _wound(once, twice, doubling, armour)
    if len(_BLOWS) >= 4096:
        _BLOWS.clear()
    _BLOWS[cache] = (sheet, weapon, value)
    return value


def _knockout(parts: tuple[DamagePart, ...], armour: int, hp: int) -> float:
    value = 0.0
    for rolled, odds in damage_rolls(parts):
        knock = _resist_chance(rolled, hp)
        value += odds * (knock * hp + (1 - knock) * max(0, rolled - armour))
    return value


def tumble_harm(
    parts: tuple[DamagePart, ...], armour: int, hp: int, constitution: int, breakfall: float
) -> float:
    """A throw's or a tackle's mean harm (seed 004 投げ, 体当たり) over every roll of its
    damage (`parts`: 1D3+db): as often as the target breaks its fall (`breakfall`: its
    chance; 0 for a tackle) half the roll wounds through `armour`; otherwise the whole roll
    wounds, and the target is knocked out (worth its `hp`) as often as twice the roll wins the
    resistance against its `constitution`. A tackle's knock-back or push-down, which may
    add to the knock-out roll, is left out.

    >>> from senjo.systems.coc.model import DamageDice
    >>> one = ((DamageDice(((1, 3),)), False),)
    >>> tumble_harm(one, 0, 10, 30, 0.0)  # CON 30 cannot be knocked out: the mean roll
    2.0
    >>> tumble_harm(one, 0, 10, 30, 1.0)  # always broken: 1, 2, 3 halve to 0, 1, 1
    0.666...
    """
    value = 0.0
    for rolled, odds in damage_rolls(parts):
        knock = _resist_chance(2 * rolled, constitution) if rolled > 0 else 0.0
        landed = knock * hp + (1.0 - knock) * max(0, rolled - armour)
        broken = max(0, rolled // 2 - armour)
        value += odds * (breakfall * broken + (1.0 - breakfall) * landed)
    return value


#: `_tumble`'s values by the identities of both sheets (kept with the value, as in `_BLOWS`),
#: the doubling chance, the target's HP and whether it is a throw.
_TUMBLES: Final[dict[tuple[int, int, float, int, bool], tuple[Combatant, Combatant, float]]] = {}


def _tumble(state: CocState, key: str, target: str, doubling: float, thrown: bool) -> float:
    """`tumble_harm` of `key`'s 1D3+db on `target`, the dice twice as often as `doubling`;
    a throw (`thrown`) is broken as often as the target's Grapple succeeds."""
    sheet, victim, hp = state.sheets[key], state.sheets[target], state.status[target].hp
    cache = (id(sheet), id(victim), doubling, hp, thrown)
    known = _TUMBLES.get(cache)
    if known is not None and known[0] is sheet and known[1] is victim:
        return known[2]
    breakfall = chance(victim.skill("grapple")) if thrown else 0.0
    once: tuple[DamagePart, ...] = ((D3, False), (sheet.db, False))
    value = tumble_harm(once, victim.armour, hp, victim.constitution, breakfall)
    if doubling:
        twice: tuple[DamagePart, ...] = ((D3, False), (D3, False), (sheet.db, False))
        harm = tumble_harm(twice, victim.armour, hp, victim.constitution, breakfall)
        value += doubling * (harm - value)
    if len(_TUMBLES) >= 4096:
        _TUMBLES.clear()
    _TUMBLES[cache] = (sheet, victim, value)
    return value


def _weapon_damage(state: CocState, key: str, weapon: Weapon) -> float:
    """A landed blow's mean damage on an unarmoured foe (a grapple counted as 2)."""
    if weapon.kind == "grapple":
        return 2.0
    score = state.sheets[key].skill(weapon.skill)
    return _blow(state, key, weapon, _doubling(state, key, weapon, score), 0)


def _best_defense(state: CocState, target: str, incoming: IncomingAttack) -> float:
    best = 0.0
    for option in defense_options(state, target, incoming):
        if option.kind == "dodge":
            best = max(best, chance(dodge_score(state, target).value))
        elif option.kind == "parry":
            weapon = state.sheets[target].weapon(option.weapon)
            best = max(best, chance(parry_score(state, target, weapon).value))
    return best


#: `_threat` by the sheet's identity (the sheet kept with it, so the identity stays its own);
#: sheets are shared by every battle of a scenario.
_THREATS: Final[dict[int, tuple[Combatant, float]]] = {}


def _threat(state: CocState, key: str) -> float:
    """Expected damage a round from `key`'s best attack on an unarmoured, undefended foe."""
    sheet = state.sheets[key]
    known = _THREATS.get(id(sheet))
    if known is not None and known[0] is sheet:
        return known[1]
    value = max(
        (chance(sheet.skill(w.skill)) * _weapon_damage(state, key, w) for w in sheet.weapons),
        default=0.0,
    )
    if len(_THREATS) >= 4096:
        _THREATS.clear()
    _THREATS[id(sheet)] = (sheet, value)
    return value


def _pick(decision: Decision, key: str) -> Choice:
    """The plain option with this key."""
    option: Choice = decision.find(key)
    return option


def _weak(state: CocState, key: str) -> bool:
    return 2 * state.status[key].hp <= state.sheets[key].hp


def _fragile(state: CocState, key: str) -> bool:
    """Weak, or a poor fighter (a non-combatant investigator)."""
    return _weak(state, key) or _threat(state, key) < 1.5


class CocAI:
    """The default CoC policy. Stateless: the same battle gets the same choices."""

    __slots__ = ()

    def choose(self, battle: Battle[Any], decision: Decision) -> Any:
        """Choose an option for any CoC decision."""
        state: CocState = battle.state
        kind = decision.kind
        if kind == "action":
            return self._action(state, decision)
        if kind == "defense":
            return self._defense(state, decision)
        if kind == "declare":
            return self._declare(state, decision)
        if kind == "protect":
            return self._protect(state, decision)
        if kind == "taunt":
            return self._taunt(state, decision)
        if kind == "grapple_effect":
            return self._grapple_effect(state, decision)
        if kind == "tackle_follow":
            return self._tackle_follow(state, decision)
        return decision.options[0]

    # --- start of round -----------------------------------------------------------------------

    def _declare(self, state: CocState, decision: Decision) -> Choice:
        """Focus on dodging when there is nothing to attack, when the combatant cannot really
        hurt anyone (a non-combatant), or when it is weak, its foes in reach threaten more than
        it can deal, and a sturdier ally fights on. A foe in reach that has already focused on
        dodging this round has given up its attack and threatens nothing."""
        key = decision.actor
        focus, fight = _pick(decision, "dodge_focus"), _pick(decision, "fight")
        status = state.status[key]
        if status.aiming or status.hidden or not self._dodgeable_threat(state, key):
            return fight  # nothing a dodge would help against this round
        plan = self._attack_plan(state, key)
        if plan is None:
            return focus
        danger = sum(
            (
                _threat(state, foe)
                for foe in state.engaged_foes(key)
                if not state.status[foe].dodge_focus
            ),
            0.0,
        )
        if danger == 0:
            return fight
        if _fragile(state, key) and plan[0] < 1.5:
            return focus
        backed = any(not _fragile(state, ally) for ally in state.allies(key))
        if _weak(state, key) and plan[0] < danger and backed:
            return focus
        return fight

    def _dodgeable_threat(self, state: CocState, key: str) -> bool:
        """True if a foe could make an attack on `key` this round that a dodge can meet."""
        if state.engaged_foes(key):
            return True
        for foe in state.foes(key):
            for weapon in state.sheets[foe].weapons:
                dodgeable = weapon.kind == "thrown" or (
                    weapon.is_firearm and state.rules.dodge_firearms
                )
                if dodgeable and state.distance(foe, key) <= 2 * weapon.base_range:
                    return True
        return False

    def _attack_plan(self, state: CocState, key: str) -> tuple[float, ActionChoice] | None:
        """The best attack `key` could make now, by expected damage, if any is worth making."""
        best: tuple[float, ActionChoice] | None = None
        odds: dict[tuple[str, str], tuple[float, float, float, float]] = {}
        for option in attack_options(state, key):
            value = self._attack_value(state, key, option, odds)
            if value > 0 and (best is None or value > best[0]):
                best = (value, option)
        return best

    # --- actions ------------------------------------------------------------------------------

    def _action(self, state: CocState, decision: Decision) -> ActionChoice:
        key = decision.actor
        status = state.status[key]
        options: tuple[ActionChoice, ...] = decision.options
        by_action: dict[str, list[ActionChoice]] = {}
        for option in options:
            by_action.setdefault(option.action, []).append(option)
        if "flee" in by_action:
            return by_action["flee"][0]  # broken (senjo's morale rule): the AI always flees
        if status.holding:
            return (by_action.get("throw") or by_action["hold"])[0]
        if status.held_by:
            return (by_action.get("escape") or options)[0]
        attacks = by_action.get("attack", [])
        odds: dict[tuple[str, str], tuple[float, float, float, float]] = {}
        # Values by position, not keyed by option: hashing an option runs as Python.
        values = [self._attack_value(state, key, o, odds) for o in attacks]
        top = max(range(len(values)), key=values.__getitem__, default=-1)
        best = attacks[top] if top >= 0 else None
        allies = state.allies(key)
        if status.hidden:
            if best is not None and (
                not allies or not state.sheets[key].weapon(best.weapon).is_melee
            ):
                return best  # an attack from hiding is a surprise attack
            if by_action.get("reload"):
                return by_action["reload"][0]
            if allies:
                return by_action["do_nothing"][0]
            closes = by_action.get("close", [])
            if closes:
                return min(closes, key=lambda o: state.status[o.target].hp)
        if status.prone:
            if best is not None and not state.engaged_foes(key):
                return best
            return by_action["stand_up"][0]
        if by_action.get("hide") and _threat(state, key) < 1.5 and allies:
            return by_action["hide"][0]  # a non-combatant gets out of the way
        if by_action.get("withdraw") and _weak(state, key) and self._has_gun(state, key):
            return by_action["withdraw"][0]
        if best is not None:
            weapon = state.sheets[key].weapon(best.weapon)
            aim = by_action.get("aim")
            if (
                aim
                and not weapon.is_melee
                and not status.aiming
                and not state.engaged_foes(key)
                and attack_score(state, key, best.target, weapon, False).value < AIM_BONUS
            ):
                # 狙う pays when two rounds at +30% beat two rounds of attacks: below 30%.
                return aim[0]
            if values[top] > 0:
                return best
        for option in by_action.get("reload", []):
            return option
        closes = by_action.get("close", [])
        backed = any(not _fragile(state, ally) for ally in allies)
        if closes and _threat(state, key) >= 1.5 and not (_weak(state, key) and backed):
            return min(
                closes, key=lambda o: (state.distance(key, o.target), state.status[o.target].hp)
            )
        if by_action.get("aim") and self._has_gun(state, key) and not status.aiming:
            return by_action["aim"][0]
        return by_action["do_nothing"][0]

    def _has_gun(self, state: CocState, key: str) -> bool:
        status = state.status[key]
        return any(w.is_firearm and w.key not in status.jammed for w in state.sheets[key].weapons)

    def _attack_value(
        self,
        state: CocState,
        key: str,
        option: ActionChoice,
        odds: dict[tuple[str, str], tuple[float, float, float, float]],
    ) -> float:
        """Expected harm: P(hit) × P(not defended) × the mean wound through armour over every
        roll of the damage (knock-outs count the target's HP).

        `odds` keeps P(hit), P(not defended), the chance a hit rolls its dice twice and a
        plain hit's mean wound by (target, weapon) for the options of one decision, which
        share them: the variants of one weapon's attack (a knock-out, a tackle, a burst's
        shots) differ only in what a hit does.
        """
        sheet = state.sheets[key]
        target = option.target
        victim = state.sheets[target]
        weapon = sheet.weapon(option.weapon)
        known = odds.get((target, weapon.key))
        if known is None:
            aiming = state.status[key].aiming
            score = attack_score(state, key, target, weapon, aiming).value
            hit = chance(score)
            incoming = IncomingAttack(key, target, weapon.key, weapon.kind, weapon.unarmed)
            through = 1.0 - _best_defense(state, target, incoming)
            doubling = _doubling(state, key, weapon, score)
            damage = 0.0
            if weapon.kind != "grapple":
                damage = _blow(state, key, weapon, doubling, victim.armour)
            odds[target, weapon.key] = (hit, through, doubling, damage)
        else:
            hit, through, doubling, damage = known
        if weapon.kind == "grapple":
            if option.variant == "tackle":
                damage = _tumble(state, key, target, doubling, False)
            elif state.rules.throw:  # the AI throws a landed grapple (`_grapple_effect`)
                damage = _tumble(state, key, target, doubling, True)
            else:  # hurt: 1D6 + db, through armour
                once = ((D6, False), (sheet.db, False))
                twice = ((D6, False), (D6, False), (sheet.db, False))
                damage = _wound(once, twice, doubling, victim.armour)
        elif option.variant == "knockout":
            damage = _blow(state, key, weapon, doubling, victim.armour, state.status[target].hp)
        shots = max(1, option.shots)
        return shots * hit * through * damage

    # --- defenses -----------------------------------------------------------------------------

    def _defense(self, state: CocState, decision: Decision) -> DefenseChoice:
        key = decision.actor
        options: tuple[DefenseChoice, ...] = decision.options

        def value(option: DefenseChoice) -> float:
            if option.kind == "dodge":
                return chance(dodge_score(state, key).value) + (
                    1.0 if dodge_score(state, key).value >= 100 else 0.0
                )
            if option.kind == "parry":
                weapon = state.sheets[key].weapon(option.weapon)
                return chance(parry_score(state, key, weapon).value) + 0.001
            return -1.0

        return max(options, key=value)

    def _protect(self, state: CocState, decision: Decision) -> Choice:
        """Protect a fragile, less hardy ally; before its own turn only when the protector's
        attack (which protecting gives up) is worth little."""
        key = decision.actor
        _, protected = decision.context
        sturdier = state.status[key].hp >= state.status[protected].hp
        status = state.status[key]
        costly = not status.turn_done and self._attack_plan(state, key) is not None
        if costly:
            plan = self._attack_plan(state, key)
            costly = plan is not None and plan[0] >= 1.5
        if _fragile(state, protected) and sturdier and not _weak(state, key) and not costly:
            return _pick(decision, f"protect:{protected}")
        return _pick(decision, "pass")

    def _taunt(self, state: CocState, decision: Decision) -> Choice:
        key = decision.actor
        if _fragile(state, key):
            return _pick(decision, "pass")
        fast_talk = state.sheets[key].skill("fast_talk") // 5
        best: tuple[float, Choice] | None = None
        for option in decision.options:
            if option.name != "taunt":
                continue
            foe = option.detail
            if state.status[foe].fixed_on == key:
                continue
            odds = _resist_chance(fast_talk, state.sheets[foe].intelligence)
            menaced = [a for a in state.allies(key) if _fragile(state, a)]
            if odds >= 0.2 and menaced and (best is None or odds > best[0]):
                best = (odds, option)
        return best[1] if best is not None else _pick(decision, "pass")

    def _grapple_effect(self, state: CocState, decision: Decision) -> Choice:
        names = [option.name for option in decision.options]
        for wanted in ("throw", "hurt", "knock_down", "hold"):
            if wanted in names:
                return _pick(decision, decision.keys[names.index(wanted)])
        return _pick(decision, decision.keys[0])

    def _tackle_follow(self, state: CocState, decision: Decision) -> Choice:
        key = decision.actor
        target: str = decision.context
        free = state.status[target].wall_behind
        metres = knock_back_metres(3, state.sheets[key].size, state.sheets[target].size)
        if free is not None and metres >= free + 1:
            return _pick(decision, f"knock_back:{target}")
        if state.sheets[key].strength >= state.sheets[target].strength:
            return _pick(decision, f"push_down:{target}")
        return _pick(decision, "none")
