"""Bare-handed parries (seed 000 素手による受け, B376) by the unarmed skill that makes them.

Each unarmed skill parries at 3 + skill/2 on its own terms (the skills' text by
public summaries: Boxing and Brawling B182, Judo B203, Karate B206, Wrestling
B228): Boxing is -2 against a kick; Wrestling parries only with both hands empty,
once a turn; every one but Judo and Karate is -3 against a weapon that is not
thrusting (B376); Boxing, Judo and Karate retreat at +3 rather than +1 (B377).
Without any of them a fighter parries at its Brawling (DX by default). senjo takes,
for each attack, the skill whose parry is best - ties go to Judo, then Wrestling, the
skills an arm lock follows (`arm_lock.py`; interpretation 75).

>>> best_skill({"Brawling": 12, "Judo": 14}, 12, 2, "swing", weapon=True, retreat=False)
('Judo', 14)
>>> best_skill({"Boxing": 14}, 12, 2, "kick", weapon=False, retreat=False)  # 8 against 9
('Brawling', 12)
>>> best_skill({"Boxing": 14}, 12, 2, "kick", weapon=False, retreat=True)  # 11 against 10
('Boxing', 14)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from senjo.systems.gurps.grip_parts import ARM_OF_HAND, open_hands
from senjo.systems.gurps.hands import MAIN, hand_of
from senjo.systems.gurps.model import AttackMode
from senjo.systems.gurps.state import GurpsState

__all__ = [
    "ARM_LOCKING",
    "BOXING_VS_KICK",
    "PARRY_SKILLS",
    "VS_WEAPON",
    "bare_parry",
    "best_skill",
    "note_parry",
    "skill_items",
    "skill_retreat",
]

#: The unarmed skills that parry, in the order a tie prefers.
PARRY_SKILLS: Final = ("Judo", "Wrestling", "Karate", "Boxing", "Brawling")
#: The parries an arm lock may follow (*Martial Arts*' Arm Lock: Judo or Wrestling).
ARM_LOCKING: Final = frozenset({"Judo", "Wrestling"})
#: B376: a bare hand against a weapon that is not thrusting; Judo and Karate are spared.
VS_WEAPON: Final = -3
_WEAPON_READY: Final = frozenset({"Judo", "Karate"})
#: B182: a Boxing parry against a kick.
BOXING_VS_KICK: Final = -2
#: B377: the parries that retreat at +3.
_RETREAT_THREE: Final = frozenset({"Boxing", "Judo", "Karate"})


def skill_items(skill: str, mode: str, *, weapon: bool) -> list[tuple[str, int]]:
    """The named modifiers of a parry by `skill` against an attack in `mode` (its name),
    with a weapon that is not thrusting (`weapon`)."""
    items: list[tuple[str, int]] = []
    if skill == "Boxing" and mode == "kick":
        items.append(("boxing_vs_kick", BOXING_VS_KICK))
    if weapon and skill not in _WEAPON_READY:
        items.append(("unarmed_parry_vs_weapon", VS_WEAPON))
    return items


def skill_retreat(skill: str) -> int:
    """The bonus of a retreat with a parry by `skill` (B377)."""
    return 3 if skill in _RETREAT_THREE else 1


def best_skill(
    skills: Mapping[str, int],
    brawling: int,
    hands: int,
    mode: str,
    *,
    weapon: bool,
    retreat: bool,
    again: bool = False,
) -> tuple[str, int]:
    """The skill whose parry is best against the attack, and its level: `brawling` is the
    fighter's Brawling (DX if unlearned), `hands` its empty hands (Wrestling needs two),
    `again` whether it parried bare-handed already this turn (Wrestling parries once);
    `mode`, `weapon` and `retreat` as for `skill_items`."""
    best, level, value = "Brawling", brawling, -99
    for skill in PARRY_SKILLS:
        known = brawling if skill == "Brawling" else skills.get(skill)
        if known is None or (skill == "Wrestling" and (hands < 2 or again)):
            continue
        total = 3 + known // 2 + sum(v for _, v in skill_items(skill, mode, weapon=weapon))
        if retreat:
            total += skill_retreat(skill)
        if total > value:
            best, level, value = skill, known, total
    return best, level


def bare_parry(
    state: GurpsState,
    key: str,
    own: AttackMode,
    mode: AttackMode,
    retreat: bool,
    again: bool = False,
) -> tuple[str, int]:
    """`best_skill` for the fighter's bare-handed parry (`own`, a punch's or a claw's)
    against an attack in `mode`, `again` if it parried so already this turn."""
    fighter = state.fighters[key]
    return best_skill(
        fighter.skills,
        fighter.skill(own.skill),
        open_hands(state, key),
        mode.name,
        weapon=not mode.unarmed and not mode.thrusting,
        retreat=retreat,
        again=again,
    )


def note_parry(
    state: GurpsState,
    key: str,
    weapon: str,
    attacker: str,
    struck_with: str,
    mode: AttackMode,
    retreat: bool,
) -> None:
    """A parry with `weapon` (`retreat`ing or not) stopped `attacker`'s blow with
    `struck_with` in `mode`: when it was bare-handed, by Judo or Wrestling, both hands
    empty, and the blow a hand's (a punch or a claw, or a weapon held), note the foe and
    that arm (`lock_from`) for an arm lock on the fighter's next turn (`arm_lock.py`)."""
    fighter = state.fighters[key]
    if "Judo" not in fighter.skills and "Wrestling" not in fighter.skills:
        return  # the common case, asked first: every parry that stops a blow comes here
    own = next(m for m in fighter.weapon(weapon).modes if m.is_melee)
    if not own.unarmed or not mode.is_melee or not struck_with or open_hands(state, key) < 2:
        return
    hand = hand_of(state.status[attacker], struck_with)
    if hand is None and mode.name not in ("punch", "claw"):
        return  # a kick, a bite: no arm to lock
    again = state.status[key].parries.get(weapon, 0) > 1  # this parry is counted already
    if bare_parry(state, key, own, mode, retreat, again)[0] in ARM_LOCKING:
        arm = ARM_OF_HAND[MAIN if hand is None or hand >= len(ARM_OF_HAND) else hand]
        state.status[key].lock_from = f"{attacker}:{arm}"
