"""Attacks: the attack roll, Martial Arts, defenses, 庇う, and what a hit does.

The order of one attack (seed 004 庇う gives it): the attack is declared;
allies may declare a protection before the roll; the attack roll (and the
Martial Arts roll of an unarmed attack); the target's dodge or parry; if
that fails, the protector's DEX resistance roll and, if it wins, its parry;
then damage to whoever is hit.

Base game: weapon dice plus the db (half for thrown weapons); an impaling
weapon rolls its dice twice on a special success (at or under a fifth of
the skill); a Martial Arts (武道) success with fist, kick, head-butt or
grapple doubles the weapon dice, never the db; a knock-out attack compares
the damage with the target's HP on the resistance table. Firearms fire up to
their rate of fire a round, each shot its own roll, and jam on their
malfunction number.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any, Final

from senjo.engine.battle import Battle, Steps
from senjo.engine.decision import Choice, Decision
from senjo.engine.modifiers import Modifiers, Score
from senjo.systems.coc.checks import DamagePart, check, resist, roll_damage
from senjo.systems.coc.choices import ActionChoice
from senjo.systems.coc.conditions import break_aim, reveal
from senjo.systems.coc.defense import IncomingAttack, defend
from senjo.systems.coc.events import CocItemChanged, CocProtecting, CocSurprise
from senjo.systems.coc.grapple import land_grapple, land_tackle
from senjo.systems.coc.injury import knock_out, wound
from senjo.systems.coc.model import MELEE_REACH, DamageDice, Weapon
from senjo.systems.coc.special_actions import idea_reveal
from senjo.systems.coc.state import CocState

__all__ = [
    "AIM_BONUS",
    "AIM_CAP",
    "attack",
    "attack_score",
    "blow_parts",
    "damage_parts",
    "protectors",
]

#: Seed 004 狙う: +30% to the next attack, never above 99%.
AIM_BONUS: Final = 30
AIM_CAP: Final = 99


def attack_score(state: CocState, key: str, target: str, weapon: Weapon, aimed: bool) -> Score:
    """The attack's chance with its modifiers: range, and the +30% of an aim (capped at 99).

    Beyond its base range a firearm or thrown weapon hits at half the chance
    (it reaches at most twice the base range).
    """
    base = state.sheets[key].skill(weapon.skill)
    items: list[tuple[str, int]] = []
    value = base
    if weapon.base_range and state.distance(key, target) > weapon.base_range:
        items.append(("long_range", value // 2 - value))
        value = value // 2
    cap = None
    if aimed:
        items.append(("aim", AIM_BONUS))  # seed 004 狙う: 命中率+30%
        cap = max(AIM_CAP, value)  # 補正後の命中率が99%を超えることはありません
    return Score(base, Modifiers(tuple(items)), cap)


def blow_parts(weapon: Weapon, db: DamageDice, twice: bool) -> list[DamagePart]:
    """The weapon's dice (twice for an impale or Martial Arts) and the db as the weapon adds it."""
    parts: list[DamagePart] = [(weapon.damage, False)]
    if twice:
        parts.append((weapon.damage, False))
    if weapon.db != "none":
        parts.append((db, weapon.db == "half"))
    return parts


def damage_parts(state: CocState, key: str, weapon: Weapon, twice: bool) -> list[DamagePart]:
    """`blow_parts` with the attacker's db."""
    return blow_parts(weapon, state.sheets[key].db, twice)


def protectors(state: CocState, attacker: str, target: str) -> list[str]:
    """Seed 004 庇う: allies next to `target` who have not attacked this round and can act."""
    if not state.rules.protect:
        return []
    found = []
    for ally in state.allies(target):
        status = state.status[ally]
        if status.attacked or status.hidden or status.holding or status.held_by:
            continue
        if state.rules.prone and status.prone:
            continue
        if state.distance(ally, target) <= MELEE_REACH:
            found.append(ally)
    return found


def _ask_protectors(
    battle: Battle[CocState], attacker: str, target: str
) -> Generator[Decision, Any, str]:
    """After the declaration, before the roll: each eligible ally may step in (first one wins)."""
    state = battle.state
    for ally in protectors(state, attacker, target):
        options = (Choice("protect", target), Choice("pass"))
        choice: Choice = yield Decision(ally, "protect", options, (attacker, target))
        if choice.name == "protect":
            state.status[ally].protected_someone = True
            break_aim(battle, ally, "protected")
            battle.emit(CocProtecting(ally, target, attacker))
            return ally
    return ""


def attack(battle: Battle[CocState], key: str, choice: ActionChoice) -> Steps:
    """Resolve an attack action: every shot or blow of it, then what it reveals."""
    state = battle.state
    status = state.status[key]
    weapon = state.sheets[key].weapon(choice.weapon)
    target = choice.target
    status.attacked = True
    status.last_attack_round = state.round
    state.status[target].last_targeted_round = state.round
    surprise = status.hidden  # seed 004: 隠れている状態からの攻撃は必ず不意打ち
    aimed = status.aiming
    break_aim(battle, key, "used")
    protector = ""
    if surprise:
        battle.emit(CocSurprise(key, target))
    else:
        protector = yield from _ask_protectors(battle, key, target)
    for _ in range(max(1, choice.shots)):
        if not state.status[target].active or not status.active:
            break
        if weapon.is_firearm:
            if status.shots[weapon.key] <= 0 or weapon.key in status.jammed:
                break
            status.shots[weapon.key] -= 1
        yield from _strike(battle, key, target, weapon, choice.variant, aimed, surprise, protector)
    if surprise and status.hidden:
        if weapon.is_melee:
            reveal(battle, key, "melee_attack")
        else:
            idea_reveal(battle, key, target)


def _strike(
    battle: Battle[CocState],
    key: str,
    target: str,
    weapon: Weapon,
    variant: str,
    aimed: bool,
    surprise: bool,
    protector: str,
) -> Steps:
    state = battle.state
    sheet = state.sheets[key]
    score = attack_score(state, key, target, weapon, aimed)
    result = check(
        battle,
        key,
        "attack",
        score,
        target=target,
        weapon=weapon.key,
        malfunction=weapon.malfunction,
    )
    if result.malfunction:
        state.status[key].jammed.add(weapon.key)
        battle.emit(CocItemChanged(key, weapon.key, "jammed"))
    if not result.success:
        return
    martial_arts = False
    if weapon.unarmed and sheet.has_martial_arts():
        # 武道: rolled with the attack; 狙う's bonus does not apply to it.
        ma = Score(sheet.skill("martial_arts"))
        martial_arts = check(battle, key, "martial_arts", ma, target=target).success
    incoming = IncomingAttack(key, target, weapon.key, weapon.kind, weapon.unarmed, martial_arts)
    if not surprise and (yield from defend(battle, target, incoming)):
        return
    victim = target
    if protector and state.status[protector].active and state.status[target].active:
        victim = yield from _protect(battle, protector, target, incoming)
        if not victim:
            return
    yield from _land(battle, key, victim, weapon, variant, result.special, martial_arts)


def _protect(
    battle: Battle[CocState], protector: str, protected: str, incoming: IncomingAttack
) -> Generator[Decision, Any, str]:
    """Seed 004 庇う: DEX resistance, then the protector's parry; who is hit ('' if none)."""
    state = battle.state
    other = incoming.attacker if state.rules.protect_vs_attacker else protected
    dexterity = state.sheets[protector].dexterity
    if not resist(battle, protector, "protect", other, dexterity, state.sheets[other].dexterity):
        return protected  # 失敗した場合は庇う対象に攻撃が向かいます
    stepping_in = IncomingAttack(
        incoming.attacker,
        protector,
        incoming.weapon,
        incoming.kind,
        incoming.unarmed,
        incoming.martial_arts,
        protecting=True,
    )
    if (yield from defend(battle, protector, stepping_in)):
        return ""
    return protector  # 受け流しに失敗した場合は庇うを実行したキャラクターがダメージを受けます


def _land(
    battle: Battle[CocState],
    key: str,
    victim: str,
    weapon: Weapon,
    variant: str,
    special: bool,
    martial_arts: bool,
) -> Steps:
    """The attack hits `victim`: a grapple's effect, a tackle, or damage."""
    state = battle.state
    break_aim(battle, victim, "hit")  # 狙うを実行中に攻撃が命中した場合、狙う状態が解除
    if weapon.kind == "grapple":
        if variant == "tackle":
            yield from land_tackle(battle, key, victim, martial_arts)
        else:
            yield from land_grapple(battle, key, victim, martial_arts)
        return
    impale = special and weapon.impaling
    doubled = "impale" if impale else ("martial_arts" if martial_arts else "")
    parts = damage_parts(state, key, weapon, bool(doubled))
    damage = roll_damage(battle, key, victim, weapon.key, parts, doubled)
    if variant == "knockout":
        hp = state.status[victim].hp
        if resist(battle, key, "knockout", victim, damage, hp):
            wound(battle, victim, damage // 3, "knockout", blunt=weapon.blunt)
            knock_out(battle, victim, "knockout_attack")
            return
    wound(battle, victim, damage, weapon.key, blunt=weapon.blunt)
