"""The default トモガミ policy: close to the band where one hurts a foe most and is
hurt least (there, take cover from foes who can shoot), oppose moves that would leave
one worse off, attack where it pays most; change a magazine or switch to the weapon
worth most when it is not ready, and protect an ally about to fall.

Every value is exact for the stand-in rules: the chance that an attack hits (its check
succeeds and wins the defence's contest, `checks.hit_chance`) times the mean life it
takes through the target's defence, capped at the life left.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from senjo.engine.battle import Battle
from senjo.engine.decision import Choice, Decision
from senjo.space.bands import Band
from senjo.systems.tomogami.actions import main_options, ready, spent
from senjo.systems.tomogami.checks import hit_chance
from senjo.systems.tomogami.choices import BAND_NAMES, Attack, MainAction, Maneuver
from senjo.systems.tomogami.damage import obstacle_defense
from senjo.systems.tomogami.model import Weapon
from senjo.systems.tomogami.scores import attack_score
from senjo.systems.tomogami.state import TomoState

__all__ = ["TomoAI", "expected_loss", "threat"]

_BANDS = (Band.ZERO, Band.NEAR, Band.FAR)


@lru_cache(maxsize=256)
def _sums(dice: int) -> tuple[float, ...]:
    """The chance of each sum of `dice` six-sided dice (index = sum)."""
    chances = [1.0]
    for _ in range(dice):
        step = [0.0] * (len(chances) + 6)
        for total, chance in enumerate(chances):
            for face in range(1, 7):
                step[total + face] += chance / 6
        chances = step
    return tuple(chances)


@lru_cache(maxsize=4096)
def expected_loss(dice: int, flat: int, defense: int, life: int) -> float:
    """The mean life a hit takes: dice and bonus less defence, at least 0, at most `life`.

    >>> expected_loss(1, 0, 0, 99), expected_loss(1, 0, 4, 99), expected_loss(2, 0, 0, 3) * 36
    (3.5, 0.5, 107.0)
    """
    return sum(
        chance * min(life, max(0, total + flat - defense))
        for total, chance in enumerate(_sums(dice))
    )


def _value(state: TomoState, key: str, target: str, weapon: Weapon) -> float:
    sheet, status = state.sheets[target], state.status[target]
    skill = attack_score(state, key, weapon.key, target).value
    chance = hit_chance(state.rules, skill, sheet.defense_skill)
    defense = sheet.defense(weapon.kind) + obstacle_defense(status, weapon.kind, weapon.indirect)
    return chance * expected_loss(weapon.dice, weapon.flat, defense, status.life)


def threat(state: TomoState, key: str, target: str, band: Band) -> float:
    """The most life `key` can expect to take from `target` with one attack at `band`,
    with any weapon that can still fire (a reload or a switch may be needed first)."""
    return max(
        (
            _value(state, key, target, w)
            for w in state.sheets[key].weapons
            if w.reaches(band) and not (w.magazine and spent(state, key, w))
        ),
        default=0.0,
    )


def _worth(state: TomoState, key: str, weapon: Weapon) -> tuple[float, float]:
    """What a weapon is worth to `key`: its best attack on a foe at the bands as they are,
    then at any band (it may be moving)."""
    foes = state.foes(key)
    now = (
        _value(state, key, foe, weapon)
        for foe in foes
        if weapon.reaches(state.bands.distance(key, foe))
    )
    anywhere = (_value(state, key, foe, weapon) for foe in foes)
    return max(now, default=0.0), max(anywhere, default=0.0)


def _edge(state: TomoState, key: str, foe: str, band: Band) -> float:
    """What `key` gains at `band` from `foe`: its threat less the foe's."""
    return threat(state, key, foe, band) - threat(state, foe, key, band)


class TomoAI:
    """The default トモガミ policy. Stateless: the same battle gets the same choices."""

    __slots__ = ()

    def choose(self, battle: Battle[Any], decision: Decision) -> Any:
        """Choose an option for any トモガミ decision."""
        state: TomoState = battle.state
        kind = decision.kind
        if kind == "declare_maneuver":
            return self._maneuver(state, decision)
        if kind == "declare_combat":
            return self._combat(state, decision)
        if kind == "oppose":
            return self._oppose(state, decision)
        if kind == "action":
            return self._action(state, decision)
        return decision.options[0]

    def _maneuver(self, state: TomoState, decision: Decision) -> Maneuver:
        """Toward the band with the best edge over the weakest foe; staying if there."""
        key = decision.actor
        foes = state.foes(key)
        if not foes:
            return decision.find("stay")  # type: ignore[no-any-return]
        foe = min(foes, key=lambda other: state.status[other].life)
        now = state.bands.distance(key, foe)
        best = max(_BANDS, key=lambda band: (_edge(state, key, foe, band), band is now))
        if best is now:
            return self._stay(state, decision)
        return decision.find(Maneuver("move", foe, best.name.lower()).key)  # type: ignore[no-any-return]

    def _combat(self, state: TomoState, decision: Decision) -> Choice:
        """Protect an ally about to fall (`_shields`); ready the weapon worth most
        (`_readying`); else attack with what it has, on the move when that costs it
        nothing (the skill or fire control) and it shoots, for the −2 on shots at it."""
        sheet = state.sheets[decision.actor]
        if "protect" in decision.keys and _shields(state, decision.actor):
            return decision.find("protect")  # type: ignore[no-any-return]
        if not sheet.weapons:
            return decision.find("wait")  # type: ignore[no-any-return]
        readying = _readying(state, decision.actor)
        if readying in decision.keys:
            return decision.find(readying)  # type: ignore[no-any-return]
        shoots = any(w.reaches(Band.NEAR) or w.reaches(Band.FAR) for w in sheet.weapons)
        if sheet.moving_fire_skill and shoots and "moving_fire" in decision.keys:
            return decision.find("moving_fire")  # type: ignore[no-any-return]
        return decision.find("attack")  # type: ignore[no-any-return]

    def _stay(self, state: TomoState, decision: Decision) -> Maneuver:
        """Staying: behind an obstacle when one can be had and a foe can shoot at it
        (none yet, or the one it had is gone)."""
        key = decision.actor
        shot_at = any(
            threat(state, foe, key, state.bands.distance(key, foe)) > 0
            and state.bands.distance(key, foe) is not Band.ZERO
            for foe in state.foes(key)
        )
        if shot_at and not state.status[key].cover and "cover" in decision.keys:
            return decision.find("cover")  # type: ignore[no-any-return]
        return decision.find("stay")  # type: ignore[no-any-return]

    def _oppose(self, state: TomoState, decision: Decision) -> Choice:
        """Always pursue a foe who escapes. The target opposes a move that leaves it worse
        off; another foe opposes when staying put (or, losing, the mover's band) is better
        on average than the near band letting it go would give."""
        mover, plan = decision.context
        me = decision.actor
        if plan.kind == "escape":
            return decision.find("pursue")  # type: ignore[no-any-return]
        if plan.kind == "charge":  # opposing costs nothing and may stop the blow
            return decision.find("oppose")  # type: ignore[no-any-return]
        band = BAND_NAMES[plan.band]
        now = state.bands.distance(me, mover)
        if me == plan.target:
            better = _edge(state, me, mover, now) > _edge(state, me, mover, band)
        else:
            gamble = (_edge(state, me, mover, now) + _edge(state, me, mover, band)) / 2
            better = gamble > _edge(state, me, mover, Band.NEAR)
        return decision.find("oppose" if better else "let")  # type: ignore[no-any-return]

    def _action(self, state: TomoState, decision: Decision) -> Attack | MainAction | Choice:
        """The attack worth most; waiting only when nothing can be attacked. Of other main
        actions: the weapon worth most to reload or take in hand, the ally in most danger
        to protect."""
        key = decision.actor
        others = [option for option in decision.options if isinstance(option, MainAction)]
        if others:
            if others[0].kind == "protect":
                return max(others, key=lambda a: _danger(state, key, a.target))
            sheet = state.sheets[key]
            return max(others, key=lambda a: _worth(state, key, sheet.weapon(a.target)))
        attacks = [option for option in decision.options if isinstance(option, Attack)]
        if not attacks:
            return decision.options[-1]  # type: ignore[no-any-return]
        return max(
            attacks,
            key=lambda a: _value(state, key, a.target, state.sheets[key].weapon(a.weapon)),
        )


def _readying(state: TomoState, key: str) -> str:
    """The declaration that readies the weapon worth most (`_worth`) when it is not ready
    and worth more than every ready one: "switch" to it if it is a hand weapon not held,
    else "reload" its magazine; "" otherwise."""
    sheet = state.sheets[key]
    waiting = [w for w in sheet.weapons if not ready(state, key, w) and not spent(state, key, w)]
    if not waiting:
        return ""
    best_ready = max(
        (_worth(state, key, w) for w in sheet.weapons if ready(state, key, w)),
        default=(0.0, 0.0),
    )
    best = max(waiting, key=lambda w: _worth(state, key, w))
    if _worth(state, key, best) <= best_ready:
        return ""
    return "switch" if best.hand and state.status[key].in_hand != best.key else "reload"


def _danger(state: TomoState, key: str, ally: str) -> float:
    """The life `key`'s foes can expect to take from `ally` this turn, each attacking it
    once at the band it is at now."""
    return sum(threat(state, foe, ally, state.bands.distance(foe, ally)) for foe in state.foes(key))


def _shields(state: TomoState, key: str) -> bool:
    """Whether to protect (かばう): the foes' attacks this turn would, on average, take half
    the life left of an ally within reach now, `key` has more than twice that life (and
    more than the ally), and its own best attack now is worth less than what it would
    save."""
    own = max(
        (_worth(state, key, w)[0] for w in state.sheets[key].weapons if ready(state, key, w)),
        default=0.0,
    )
    life = state.status[key].life
    for action in main_options(state, key, "protect"):
        left = state.status[action.target].life
        danger = _danger(state, key, action.target)
        if 2 * danger >= left and life > max(2 * danger, left) and own < danger:
            return True
    return False
