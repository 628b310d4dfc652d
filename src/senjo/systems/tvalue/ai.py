"""The default T値 policy: declare as many attacks as the budgets pay for, with the
weapon worth most; at each turn strike the foe where the attack is worth most, the foe
already struck this round when close (T rewards attacks on a foe others have struck).

Values are exact: the chance the hit roll succeeds (`attack.hit_chance`) times the mean
HP the damage takes through the target's protection, at most the HP left.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from senjo.engine.battle import Battle
from senjo.engine.decision import Decision
from senjo.systems.tvalue.attack import hit_chance, hit_score
from senjo.systems.tvalue.choices import Act, Declare
from senjo.systems.tvalue.damage import protection_against
from senjo.systems.tvalue.model import Weapon
from senjo.systems.tvalue.state import TvState

__all__ = ["TvAI", "expected_loss"]

#: What one more direct attack the target took this round is worth, in HP: the T it adds.
_FOCUS = 0.5


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
def expected_loss(dice: int, flat: int, most: int, protection: int, hp: int) -> float:
    """The mean HP a hit takes: dice and bonus (at most `most`) less protection, at least
    0, at most `hp`.

    >>> expected_loss(1, 0, 6, 0, 99), expected_loss(1, 0, 6, 4, 99), expected_loss(2, 0, 12, 0, 3)
    (3.5, 0.5, 2.9722222222222223)
    """
    return sum(
        chance * min(max(hp, 0), max(0, min(total + flat, most) - protection))
        for total, chance in enumerate(_sums(dice))
    )


def attack_value(state: TvState, key: str, weapon: Weapon, target: str) -> float:
    """The HP one attack of `key` with `weapon` can expect to take from `target`."""
    sheet, status = state.sheets[target], state.status[target]
    score = hit_score(state, key, weapon.key).value
    chance = hit_chance(score, sheet.evasion, state.rules.contest)
    protection = protection_against(sheet, weapon.depth, exact=state.rules.exact_depth)
    return chance * expected_loss(weapon.dice, weapon.flat, weapon.most, protection, status.hp)


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
        return decision.options[0]

    def _declare(self, state: TvState, decision: Decision) -> Any:
        """The affordable attack worth most against the weakest foe; `done` when none."""
        key = decision.actor
        options = [option for option in decision.options if isinstance(option, Declare)]
        foes = state.foes(key)
        if not options or not foes:
            return decision.find("done")
        foe = min(foes, key=lambda other: state.status[other].hp)
        sheet = state.sheets[key]
        return max(options, key=lambda o: attack_value(state, key, sheet.weapon(o.weapon), foe))

    def _act(self, state: TvState, decision: Decision) -> Any:
        """The declared attack worth most (focus on foes already struck); never a snap
        action, never a cancel while an attack is open."""
        key = decision.actor
        acts = [option for option in decision.options if isinstance(option, Act)]
        if not acts:
            return decision.find("cancel")
        sheet = state.sheets[key]
        return max(
            acts,
            key=lambda a: (
                attack_value(state, key, sheet.weapon(a.weapon), a.target)
                + _FOCUS * state.status[a.target].received
            ),
        )
