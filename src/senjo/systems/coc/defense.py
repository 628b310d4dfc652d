"""Dodge and parry: which defenses are legal against an attack, their values, and the roll.

Base game (`../shared/rules/coc6-facts.md`): one parry a round with the
weapon's skill; dodging (DEX × 2 %) gives up the round's attack; grapple is
parried by grapple. Seed 004 (共通戦闘ルール) replaces this when its options
are on:

- any number of parries and dodges, and dodging costs no attack
  (`house_defenses`);
- each further dodge in the round halves the value again: 1/2, 1/4 …
  (`house_dodge_halving`), each further parry is −10, −20 … (`house_parry_penalty`),
  success or not; these penalties never take a value to 10 or below
  (`penalty_floor`, see `penalised`);
- dodge focus adds +50 to the dodge base for the round (`house_dodge_focus`);
- fist, kick and grapple parry only unarmed attacks without 武道
  (`house_unarmed_parry`);
- a prone combatant cannot parry (`house_prone`).

>>> penalised(140, 70, 11), penalised(30, 7, 11), penalised(8, 4, 11), penalised(30, 7, 10)
(70, 11, 8, 10)
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from typing import Any

from senjo.engine.battle import Battle
from senjo.engine.decision import Decision
from senjo.engine.frozen import direct_init
from senjo.engine.modifiers import Modifiers, Score
from senjo.systems.coc.checks import check
from senjo.systems.coc.choices import DefenseChoice
from senjo.systems.coc.model import Weapon
from senjo.systems.coc.state import CocState

__all__ = [
    "IncomingAttack",
    "defend",
    "defense_options",
    "dodge_score",
    "parry_score",
    "penalised",
    "weapon_parries",
]


@dataclass(frozen=True, slots=True)
class IncomingAttack:
    """The attack a defense meets (the context of a `defense` decision).

    `martial_arts` is true when the attack carries 武道 (its Martial Arts roll
    succeeded); `protecting` when the defender is a protector stepping in
    (seed 004 庇う: it may only parry).
    """

    attacker: str
    defender: str
    weapon: str
    kind: str
    unarmed: bool
    martial_arts: bool = False
    protecting: bool = False

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        attacker: str,
        defender: str,
        weapon: str,
        kind: str,
        unarmed: bool,
        martial_arts: bool = False,
        protecting: bool = False,
    ) -> None:
        object.__setattr__(self, "attacker", attacker)
        object.__setattr__(self, "defender", defender)
        object.__setattr__(self, "weapon", weapon)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "unarmed", unarmed)
        object.__setattr__(self, "martial_arts", martial_arts)
        object.__setattr__(self, "protecting", protecting)


def penalised(start: int, value: int, floor: int) -> int:
    """Seed 004: a repeat penalty never takes a value to 10 or below.

    `start` is the value before the penalty and `value` after it; with
    `floor` 11 the result stays above 10, with 10 at 10 or more. A start
    already at or under the floor is never lowered by the penalty (the value
    stays where it started).
    """
    return max(value, min(start, floor))


def dodge_score(state: CocState, key: str) -> Score:
    """The value of `key`'s next dodge this round, with every modifier named."""
    sheet = state.sheets[key]
    status = state.status[key]
    rules = state.rules
    items: list[tuple[str, int]] = []
    start = sheet.dodge
    if status.dodge_focus:
        items.append(("dodge_focus", 50))  # seed 004: 回避の基準値を+50
        start += 50
    if status.dodges and rules.dodge_halving:
        halved = start >> status.dodges  # seed 004: 2回目は1/2、3回目は1/4
        items.append(("repeated_dodge", halved - start))
        kept = penalised(start, halved, rules.penalty_floor)
        if kept != halved:
            items.append(("penalty_floor", kept - halved))
    return Score(sheet.dodge, Modifiers(tuple(items)))


def parry_score(state: CocState, key: str, weapon: Weapon) -> Score:
    """The value of `key`'s next parry with `weapon` this round, with every modifier named."""
    sheet = state.sheets[key]
    status = state.status[key]
    rules = state.rules
    base = sheet.skill(weapon.skill)
    items: list[tuple[str, int]] = []
    if status.parries and rules.parry_penalty:
        penalty = -10 * status.parries  # seed 004: 2回目は-10、3回目は-20
        items.append(("repeated_parry", penalty))
        kept = penalised(base, base + penalty, rules.penalty_floor)
        if kept != base + penalty:
            items.append(("penalty_floor", kept - base - penalty))
    return Score(base, Modifiers(tuple(items)))


def weapon_parries(state: CocState, key: str, weapon: Weapon, incoming: IncomingAttack) -> bool:
    """True if `weapon` may parry this attack."""
    if not weapon.parry or not weapon.is_melee:
        return False
    if incoming.kind not in ("melee", "grapple"):
        return False
    if state.status[key].disarmed and not weapon.unarmed:
        return False
    if weapon.unarmed:
        if state.rules.unarmed_parry:
            # seed 004: 武道をともなわない素手の攻撃に限り、こぶし、キック、組み付きで受け流し
            return incoming.unarmed and not incoming.martial_arts
        return weapon.kind == "grapple" and incoming.kind == "grapple"
    return True


def defense_options(
    state: CocState, key: str, incoming: IncomingAttack
) -> tuple[DefenseChoice, ...]:
    """The legal defenses of `key` against `incoming`, ending with declining to defend."""
    status = state.status[key]
    rules = state.rules
    options: list[DefenseChoice] = []
    if status.held_by:
        return (DefenseChoice("none"),)  # held immobile: no dodge, no parry
    gunshot = incoming.kind == "firearm"
    may_dodge = rules.defenses or (status.dodges == 0 and not status.attacked)
    if may_dodge and not incoming.protecting and (not gunshot or rules.dodge_firearms):
        options.append(DefenseChoice("dodge"))
    hands_free = not status.holding
    if (
        hands_free
        and not (rules.prone and status.prone)
        and (rules.defenses or status.parries == 0)
    ):
        sheet = state.sheets[key]
        options.extend(
            DefenseChoice("parry", weapon.key)
            for weapon in sheet.weapons
            if weapon_parries(state, key, weapon, incoming)
        )
    options.append(DefenseChoice("none"))
    return tuple(options)


def defend(
    battle: Battle[CocState], key: str, incoming: IncomingAttack
) -> Generator[Decision, Any, bool]:
    """Ask `key` how it defends, roll the defense, and return whether it stopped the attack."""
    state = battle.state
    options = defense_options(state, key, incoming)
    if len(options) == 1:
        return False
    choice: DefenseChoice = yield Decision(key, "defense", options, incoming)
    status = state.status[key]
    if choice.kind == "dodge":
        score = dodge_score(state, key)
        status.dodges += 1
        if not state.rules.defenses:
            status.gave_up_attack = True  # base game: a dodge takes the round's attack
        result = check(
            battle,
            key,
            "dodge",
            score,
            target=incoming.attacker,
            automatic=status.dodge_focus,
        )
        return result.success
    if choice.kind == "parry":
        weapon = state.sheets[key].weapon(choice.weapon)
        score = parry_score(state, key, weapon)
        status.parries += 1
        result = check(battle, key, "parry", score, target=incoming.attacker, weapon=weapon.key)
        return result.success
    return False


# Made in every battle: a direct __init__ (senjo.engine.frozen).
direct_init(IncomingAttack)
