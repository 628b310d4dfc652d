"""Weapons and bare hands parrying each other (seed 000 素手による受け, a heading; B376 by
the fact sheet and a public quotation of the rule; interpretation 80 of
docs/rules/gurps.md).

- A weapon's parry that stops a blow struck bare-handed may strike the limb that struck
  (`strike_back`): a roll against the parrying weapon's skill, -4 when the blow was Judo
  or Karate; on a success the weapon's damage lands there with no defense (option
  `parry_strikes_limb`).
- A bare-handed parry of a weapon that fails lets the attacker strike the parrying arm
  instead of where it aimed (`redirect`, decision `parrying_arm`).

The limb of a bare-handed blow: a kick's right leg, a bite's face, a head butt's skull,
else the arm of the hand that struck or parried (`bare_arm`).

>>> LIMBS["kick"], LIMBS["bite"], JUDO_KARATE
('right_leg', 'face', -4)
"""

from __future__ import annotations

from typing import Final

from senjo.engine.battle import Battle
from senjo.engine.decision import Choice, Decision
from senjo.engine.modifiers import Modifiers, Score
from senjo.systems.gurps.choices import DefenseChoice
from senjo.systems.gurps.defense import IncomingAttack, parry_mode
from senjo.systems.gurps.grip_parts import ARM_OF_HAND, hand_to_ready
from senjo.systems.gurps.hands import MAIN
from senjo.systems.gurps.model import AttackMode
from senjo.systems.gurps.rolls import check
from senjo.systems.gurps.state import GurpsState
from senjo.systems.gurps.wounds import Hit, deal_damage

__all__ = [
    "JUDO_KARATE",
    "LIMBS",
    "bare_arm",
    "bare_parry_failed",
    "redirect",
    "strike_back",
    "striking_limb",
]

#: The limb of a bare-handed blow that is not a hand's (a foot is the right leg's, as for
#: a strained kicking leg).
LIMBS: Final = {"kick": "right_leg", "bite": "face", "butt": "skull"}
#: B376: the parrying weapon's roll against a Judo or Karate blow.
JUDO_KARATE: Final = -4
_JUDO_KARATE_SKILLS: Final = frozenset({"Judo", "Karate"})


def bare_arm(state: GurpsState, key: str) -> str:
    """The arm a fighter strikes or parries bare-handed with: that of the hand it would
    take an item into (`grip_parts.hand_to_ready`: empty, of use, the main hand first);
    the main arm if none is."""
    hand = hand_to_ready(state, key)
    return ARM_OF_HAND[MAIN if hand is None else hand]


def striking_limb(state: GurpsState, key: str, weapon: str) -> str:
    """The limb `key` struck with, bare-handed, using `weapon` (its natural weapon's key)."""
    return LIMBS.get(weapon) or bare_arm(state, key)


def _bare_blow(incoming: IncomingAttack) -> bool:
    """Whether the attack is a blow struck bare-handed (not a grapple or a slam: those name
    no weapon)."""
    return bool(incoming.weapon) and incoming.mode.unarmed and incoming.mode.is_melee


def strike_back(
    battle: Battle[GurpsState], defender: str, weapon: str, incoming: IncomingAttack
) -> None:
    """B376: `defender`'s parry with `weapon` stopped `incoming`; if that was a weapon's
    parry of a bare-handed blow, roll the weapon's skill (shock counts; -4 against Judo or
    Karate) and on a success deal the weapon's damage (in the mode it parries in) to the
    limb that struck, undefended."""
    state = battle.state
    if not _bare_blow(incoming):
        return
    mode = parry_mode(state.fighters[defender], weapon)
    if mode.unarmed or state.rules.get("parry_strikes_limb", "on") != "on":
        return
    items: list[tuple[str, int]] = []
    status = state.status[defender]
    if status.shock:
        items.append(("shock", status.shock))
    if incoming.mode.skill in _JUDO_KARATE_SKILLS:
        items.append(("parried_judo_karate", JUDO_KARATE))
    skill = state.fighters[defender].skill(mode.skill)
    if not check(battle, defender, "parry_strike", Score(skill, Modifiers(tuple(items)))).success:
        return
    limb = striking_limb(state, incoming.attacker, incoming.weapon)
    deal_damage(battle, Hit(defender, incoming.attacker, weapon, mode, limb))


def bare_parry_failed(
    state: GurpsState, key: str, choice: DefenseChoice, attack: AttackMode
) -> bool:
    """Whether `choice`, a defense of `key`'s that failed, was a bare-handed parry of a
    weapon's melee blow - one after which the attacker may strike the parrying arm."""
    if choice.kind != "parry" or attack.unarmed or not attack.is_melee:
        return False
    own = state.fighters[key].weapon(choice.weapon)
    return own.modes[0].unarmed


def redirect(battle: Battle[GurpsState], hit: Hit, arm: str) -> Decision:
    """The attacker's choice after a failed bare-handed parry (B376): strike where it aimed
    (`as_aimed`) or the arm that parried (`hit_arm`); its context is the blow as aimed."""
    options = (Choice("as_aimed", hit.location), Choice("hit_arm", arm))
    return Decision(hit.attacker, "parrying_arm", options, hit)
