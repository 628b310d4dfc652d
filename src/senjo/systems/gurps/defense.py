"""Active defenses (B374-377): which are legal, and the score each rolls against.

The defender's choice is a `Decision` of kind "defense"; this module lists its
legal options and works out each option's `Score` with every modifier named.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from senjo.engine.frozen import direct_init
from senjo.engine.modifiers import Modifiers, Score
from senjo.systems.gurps import lookups
from senjo.systems.gurps.bare_hands import bare_parry, skill_items, skill_retreat
from senjo.systems.gurps.choices import DefenseChoice
from senjo.systems.gurps.extra_effort import FEVERISH_DEFENSE, allowed
from senjo.systems.gurps.fatigue import tired_half, very_tired
from senjo.systems.gurps.grip_parts import can_use
from senjo.systems.gurps.hands import MAIN, OFF, hand_of
from senjo.systems.gurps.model import AttackMode, Fighter
from senjo.systems.gurps.sight import UNSEEN_ATTACKER, sightless
from senjo.systems.gurps.state import FighterState, GurpsState

__all__ = [
    "NO_DEFENSE",
    "IncomingAttack",
    "defense_options",
    "defense_score",
    "defense_value",
    "parry_mode",
    "thrown_parry_penalty",
]

NO_DEFENSE: Final = DefenseChoice("none")

#: Distance (yards) under which two figures are in close combat (same spot).
CLOSE: Final = 0.5


@dataclass(frozen=True, slots=True)
class IncomingAttack:
    """What the defender knows about the attack it defends against.

    `arc` is where the attacker stands as the defender sees it: front, right,
    left or back (always front without a map).
    """

    attacker: str
    weapon: str
    mode: AttackMode
    deceptive: int = 0
    feint: int = 0
    close_combat: bool = False
    arc: str = "front"

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        attacker: str,
        weapon: str,
        mode: AttackMode,
        deceptive: int = 0,
        feint: int = 0,
        close_combat: bool = False,
        arc: str = "front",
    ) -> None:
        object.__setattr__(self, "attacker", attacker)
        object.__setattr__(self, "weapon", weapon)
        object.__setattr__(self, "mode", mode)
        object.__setattr__(self, "deceptive", deceptive)
        object.__setattr__(self, "feint", feint)
        object.__setattr__(self, "close_combat", close_combat)
        object.__setattr__(self, "arc", arc)

    # Equality and hash written out, so that they compile: the turn memo keys a defense
    # on the attack (`attack.py`), hashing one and comparing it with the one it kept for
    # each defense. The dataclass's value: every field, the mode by value.
    def __eq__(self, other: object) -> bool:
        if other.__class__ is not IncomingAttack:
            return NotImplemented
        assert isinstance(other, IncomingAttack)
        return (
            self.attacker == other.attacker
            and self.weapon == other.weapon
            and (self.mode is other.mode or self.mode == other.mode)
            and self.deceptive == other.deceptive
            and self.feint == other.feint
            and self.close_combat == other.close_combat
            and self.arc == other.arc
        )

    def __hash__(self) -> int:
        return hash(
            (
                self.attacker,
                self.weapon,
                self.mode,
                self.deceptive,
                self.feint,
                self.close_combat,
                self.arc,
            )
        )

    @property
    def ranged(self) -> bool:
        """True for a ranged attack."""
        return self.mode.ranged is not None

    @property
    def thrown(self) -> bool:
        """True for a thrown weapon (a ranged attack that may be parried, B376)."""
        ranged = self.mode.ranged
        return ranged is not None and ranged.thrown


def _parry_weapons(fighter: Fighter, status: FighterState, attack: IncomingAttack) -> list[str]:
    keys = []
    for weapon in fighter.weapons:
        if weapon.key not in status.ready:
            continue
        mode = next((m for m in weapon.modes if m.is_melee and m.parry.allowed), None)
        if mode is None:
            continue
        # B276: a "U" weapon cannot parry on a turn it attacked.
        if mode.parry.unbalanced and weapon.key in status.attacked_with:
            continue
        # seed 001: in close combat only unarmed parries and reach-C weapons parry.
        if attack.close_combat and not (mode.unarmed or 0 in mode.reach):
            continue
        keys.append(weapon.key)
    return keys


#: Every defense choice made so far, by its fields: a choice is a frozen value, and
#: the AI lists the same few thousands of times a battle (built afresh, each ran the
#: dataclass's interpreted `__init__`, even compiled; docs/performance.md).
_CHOICES: Final[dict[tuple[str, str, bool, bool, bool], DefenseChoice]] = {}


def _choice(
    kind: str, weapon: str, retreat: bool, drop: bool, feverish: bool = False
) -> DefenseChoice:
    """The defense choice with these fields (one object for each)."""
    key = (kind, weapon, retreat, drop, feverish)
    found = _CHOICES.get(key)
    if found is None:
        if len(_CHOICES) >= 4096:
            _CHOICES.clear()
        found = _CHOICES[key] = DefenseChoice(kind, weapon, retreat, drop, feverish)
    return found


def defense_options(
    state: GurpsState, defender: str, attack: IncomingAttack
) -> tuple[DefenseChoice, ...]:
    """The defender's legal active defenses against this attack (none is always legal)."""
    status = state.status[defender]
    fighter = state.fighters[defender]
    if not status.active or status.maneuver == "all_out_attack":
        return (NO_DEFENSE,)  # B365: no active defense after All-Out Attack
    if status.pinned:
        return (NO_DEFENSE,)  # B370: a pinned fighter is helpless
    wide = fighter.has("peripheral_vision") or fighter.has("vision_360")
    if attack.arc == "back" and not wide:
        return (NO_DEFENSE,)  # seed 001: no defense at all against an attack from the back
    flexible = fighter.has("flexibility") or fighter.has("double_jointed")
    posture = lookups.posture(status.posture)
    # B377: retreat is a defense against melee attacks only (against missiles, Dodge and
    # Drop); no retreat while sitting or kneeling, and once per turn;
    # seed 000: no retreat after Move and Attack.
    can_retreat = (
        not attack.ranged
        and posture.can_retreat
        and status.maneuver != "move_and_attack"
        and not status.retreated
        and not status.held_by  # seed 001: no retreat out of a grip
    )
    options: list[DefenseChoice] = [NO_DEFENSE]

    def add(kind: str, weapon: str = "", drop: bool = False) -> None:
        options.append(_choice(kind, weapon, False, drop))
        if can_retreat and not drop:
            options.append(_choice(kind, weapon, True, drop))

    # seed 000 (Martial Arts, realistic): after Move and Attack the limb that attacked is
    # spent - an arm cannot parry (or block, with a shield), a kick or bite forbids a dodge.
    realistic = (
        status.maneuver == "move_and_attack"
        and state.rules.get("move_and_attack_defenses") == "realistic"
    )
    spent = status.attacked_limb if realistic else ""
    if spent != "leg":
        add("dodge")
        if attack.ranged and status.posture not in ("lying", "sitting"):
            add("dodge", drop=True)
    parry_allowed = status.maneuver != "move_and_attack" or realistic
    # B376, seed 000 (a parried thrown weapon falls to the ground): a thrown weapon may be
    # parried; a missile (arrow, bolt, bullet) not, without Parry Missile Weapons.
    if parry_allowed and (not attack.ranged or attack.thrown):
        for key in _parry_weapons(fighter, status, attack):
            if realistic and spent == "arm" and key in status.attacked_with:
                continue
            busy = key == "punch" or len(status.held_by) or status.holding or status.crippled
            if busy and not can_use(state, defender, key, two_handed=_both(fighter, key)):
                continue  # B376: a bare-handed parry needs an empty hand; 2B30P: a held arm
                # cannot be used; B370: nor a gripping hand; B420-421: nor a crippled one
            if flexible or _covers(fighter, status, key, attack.arc, one_handed_only=True):
                add("parry", key)
    shield = fighter.shield
    if (
        shield is not None
        and shield.key in status.ready
        and status.blocks == 0
        and not attack.close_combat
        and (flexible or _covers(fighter, status, shield.key, attack.arc))
        and not (spent == "arm" and shield.key in status.attacked_with)
        and not (
            (len(status.held_by) or len(status.crippled))
            and not can_use(state, defender, shield.key)
        )
    ):
        add("block", shield.key)
    if allowed(state, defender):
        # B357: Feverish Defense, +2 to this defense for 1 FP (extra effort).
        options += [_choice(o.kind, o.weapon, o.retreat, o.drop, True) for o in options[1:]]
    if status.popping:
        # seed 001 (飛び出し攻撃): out of cover for a pop-up attack, only a dodge defends.
        return tuple(o for o in options if o.kind in ("none", "dodge"))
    return tuple(options)


def _both(fighter: Fighter, item: str) -> bool:
    """Whether the weapon parries only two-handed (every melee mode it has is)."""
    return all(m.two_handed for m in fighter.weapon(item).modes if m.is_melee)


def _covers(
    fighter: Fighter, status: FighterState, item: str, arc: str, *, one_handed_only: bool = False
) -> bool:
    """seed 001: a shield blocks, and a one-handed weapon parries, only attacks from the front
    or from the side of the hand that holds it (the main hand is the right)."""
    if arc == "front":
        return True
    if arc == "back":
        return one_handed_only  # seed 001: from the back one may parry (at -2), never block
    if one_handed_only:
        weapon = fighter.weapon(item)
        if weapon.modes[0].unarmed or all(m.two_handed for m in weapon.modes if m.is_melee):
            return True
    hand = hand_of(status, item)
    side = "right" if hand == MAIN else "left" if hand == OFF else ""
    return side == arc


def thrown_parry_penalty(state: GurpsState, attack: IncomingAttack) -> int:
    """What a parry of `attack` loses for its being thrown (B376): 0 for an attack not
    thrown, -1 for a thrown weapon, -2 for a small one (1 lb or less; an unweighed weapon,
    weight 0, counts as not small)."""
    if not attack.thrown:
        return 0
    weight = state.fighters[attack.attacker].weapon(attack.weapon).weight
    return -2 if 0 < weight <= 1 else -1


def parry_mode(fighter: Fighter, weapon: str) -> AttackMode:
    """The mode `weapon` parries in: its first melee mode that may parry."""
    return next(m for m in fighter.weapon(weapon).modes if m.is_melee and m.parry.allowed)


def defense_score(
    state: GurpsState, defender: str, choice: DefenseChoice, attack: IncomingAttack
) -> Score:
    """The effective defense for `choice` against `attack`, every modifier named."""
    if choice.kind not in ("dodge", "parry", "block"):
        return Score(0)
    base, items = _defense_parts(state, defender, choice, attack)
    return Score(base, Modifiers(tuple(items)))


def defense_value(
    state: GurpsState, defender: str, choice: DefenseChoice, attack: IncomingAttack
) -> int:
    """`defense_score(...).value`, without building the score (the AI asks it often)."""
    base, items = _defense_parts(state, defender, choice, attack)
    for _, amount in items:
        base += amount
    return base


#: An arm-locked fighter's defenses against its holder's blows (*Martial Arts*' Arm Lock).
ARM_LOCKED: Final = -4

#: All-Out Defense's variant that raises each defense (B366), named once.
_INCREASED: Final = {kind: f"increased_{kind}" for kind in ("dodge", "parry", "block")}


def _defense_parts(
    state: GurpsState, defender: str, choice: DefenseChoice, attack: IncomingAttack
) -> tuple[int, list[tuple[str, int]]]:
    """The base and the named modifiers of `defense_score` (0 and none for no defense)."""
    fighter = state.fighters[defender]
    status = state.status[defender]
    items: list[tuple[str, int]] = []
    kind = choice.kind
    fencing = False  # a fencing weapon's parry (B376, B377)
    bare = ""  # the unarmed skill of a bare-handed parry (`bare_hands.py`)
    retreating = choice.retreat or (status.retreated and status.retreated_from == attack.attacker)
    if kind == "dodge":
        base = fighter.dodge
        if fighter.encumbrance:
            items.append(("encumbrance", -fighter.encumbrance))
        if 3 * status.hp < fighter.hp:  # B419: below 1/3 HP, Dodge halved (round up)
            items.append(("reeling", -((base - fighter.encumbrance) // 2)))
        if very_tired(status, fighter.fp):  # B426: below 1/3 FP, Dodge halved (round up)
            items.append(("very_tired", tired_half(base + sum(v for _, v in items))))
    elif kind == "parry":
        mode = parry_mode(fighter, choice.weapon)
        fencing = mode.parry.fencing
        base = 3 + fighter.skill(mode.skill) // 2
        if mode.parry.modifier:
            items.append(("weapon_parry", mode.parry.modifier))
        used = status.parries.get(choice.weapon, 0)
        if used:
            # B376: each further parry with the same weapon is -4 (fencing weapons -2).
            step = 2 if fencing else 4
            if fighter.has("weapon_master") or fighter.has("trained_by_a_master"):
                step //= 2
            items.append(("repeated_parry", -step * used))
        if mode.unarmed:
            # seed 000 (素手による受け): the unarmed skill whose parry is best here.
            armed = not attack.mode.unarmed and not attack.mode.thrusting
            bare, level = bare_parry(state, defender, mode, attack.mode, retreating, used > 0)
            better = 3 + level // 2 - base
            if better:
                items.append((f"{bare.lower()}_parry", better))
            items.extend(skill_items(bare, attack.mode.name, weapon=armed))
        thrown = thrown_parry_penalty(state, attack)  # B376: -1, a small weapon -2
        if thrown:
            items.append(("parry_thrown", thrown))
        if fighter.has("enhanced_parry"):
            items.append(("enhanced_parry", fighter.level("enhanced_parry")))
    elif kind == "block":
        assert fighter.shield is not None
        base = 3 + fighter.skill(fighter.shield.skill) // 2
        if fighter.has("enhanced_block"):
            items.append(("enhanced_block", fighter.level("enhanced_block")))
    else:
        return 0, items
    if kind == "dodge" and fighter.has("enhanced_dodge"):
        items.append(("enhanced_dodge", fighter.level("enhanced_dodge")))
    if fighter.has("combat_reflexes"):
        items.append(("combat_reflexes", 1))
    shield = fighter.shield
    if shield is not None and shield.key in status.ready and not attack.close_combat:
        items.append(("shield_db", shield.db))
    if retreating:
        # B377: +3 to Dodge, +1 to Parry and Block (+3 for fencing parries, and for
        # Boxing, Judo and Karate ones).
        bonus = 3 if kind == "dodge" else 1
        if kind == "parry" and fencing:
            bonus = 3
        elif bare:
            bonus = skill_retreat(bare)
        items.append(("retreat", bonus))
    if choice.drop:
        items.append(("dodge_and_drop", 3))
    if choice.feverish:
        items.append(("feverish_defense", FEVERISH_DEFENSE))  # B357: extra effort
    if status.maneuver == "all_out_defense" and status.variant == _INCREASED.get(kind):
        items.append(("all_out_defense", 2))
    if attack.arc in ("right", "left") and not (
        fighter.has("peripheral_vision") or fighter.has("vision_360")
    ):
        items.append(("side_hex", -2))  # seed 001: -2 against attacks from a side hex
    elif attack.arc == "back":
        if not fighter.has("vision_360"):
            items.append(("back_hex", -2))  # seed 001: Peripheral Vision defends at -2
        if kind == "parry" and not (fighter.has("flexibility") or fighter.has("double_jointed")):
            items.append(("back_parry", -2))  # seed 001: a parry to the back a further -2
    if status.stunned:
        items.append(("stunned", -4))
    if sightless(state, defender):
        # Both eyes crippled, or total darkness (interpretation 78): the attacker unseen.
        items.append(("attacker_unseen", UNSEEN_ATTACKER))
    if len(status.held_by) and attack.attacker in status.held_by:
        holder = state.status[attack.attacker]
        if holder.arm_lock and holder.holding == defender:
            items.append(("arm_lock", ARM_LOCKED))
    posture = lookups.posture(status.posture).defense
    if posture:
        items.append((f"posture_{status.posture}", posture))
    if status.lost_balance:
        items.append(("lost_balance", -2))
    if status.guard_down:
        items.append(("guard_down", -2))
    if attack.deceptive:
        items.append(("deceptive_attack", -attack.deceptive))
    if attack.feint:
        items.append(("feint", -attack.feint))
    return base, items


# Made in every battle: a direct __init__ (senjo.engine.frozen).
direct_init(IncomingAttack)
