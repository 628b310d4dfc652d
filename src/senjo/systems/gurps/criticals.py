"""Critical hits and misses in a battle (B556-557): roll the table, apply the result.

The tables are data (`data/critical_*.yaml`, in our own words); this module
decides which `when` conditions hold and carries out each structured effect.
"""

from __future__ import annotations

from dataclasses import dataclass

from senjo.engine.battle import Battle
from senjo.engine.frozen import direct_init
from senjo.engine.modifiers import Modifiers, Score
from senjo.systems.gurps import lookups, tables
from senjo.systems.gurps.anatomy import injury_tolerance
from senjo.systems.gurps.choices import DefenseChoice
from senjo.systems.gurps.corrosion import dr_now
from senjo.systems.gurps.crippling import take_effect
from senjo.systems.gurps.damage import DamageDice, DamageType
from senjo.systems.gurps.effects import Condition, EffectKind
from senjo.systems.gurps.events import ConditionChanged, CriticalResult, ItemChanged, Moved
from senjo.systems.gurps.field import body_of, facing_name, field_of
from senjo.systems.gurps.hands import drop, let_go
from senjo.systems.gurps.injury import injury
from senjo.systems.gurps.item_sets import without_item
from senjo.systems.gurps.model import AttackMode
from senjo.systems.gurps.rolls import check, roll_3d6
from senjo.systems.gurps.state import GurpsState
from senjo.systems.gurps.table_schema import CriticalEntry, Effect
from senjo.systems.gurps.wounds import (
    CriticalHit,
    apply_injury,
    fall_down,
    knock_out,
    weapon_dice,
)

__all__ = ["attack_critical_miss", "defense_critical_failure", "roll_critical_hit"]


def roll_critical_hit(battle: Battle[GurpsState], attacker: str, location: str) -> CriticalHit:
    """Roll on the critical hit table, or the head-blow table for skull, face and eye (B556)."""
    roll = roll_3d6(battle.dice)
    table = lookups.location(location).critical_table
    entry = (
        tables.critical_head_blow(roll)
        if table == "critical_head_blow"
        else (tables.critical_hit(roll))
    )
    battle.emit(CriticalResult(attacker, table, roll, entry.key))
    return CriticalHit(table, entry.key, entry.effects)


@dataclass(frozen=True, slots=True)
class _Miss:
    """The facts a critical-miss `when` list can ask about."""

    melee: bool
    swinging: bool
    impaling_or_piercing: bool
    parrying: bool
    breakage_resistant: bool
    cheap: bool
    natural: bool
    kicking: bool
    bite_or_butt: bool
    #: The foe attacked ("" when parrying).
    target: str = ""

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        melee: bool,
        swinging: bool,
        impaling_or_piercing: bool,
        parrying: bool,
        breakage_resistant: bool,
        cheap: bool,
        natural: bool,
        kicking: bool,
        bite_or_butt: bool,
        target: str = "",
    ) -> None:
        object.__setattr__(self, "melee", melee)
        object.__setattr__(self, "swinging", swinging)
        object.__setattr__(self, "impaling_or_piercing", impaling_or_piercing)
        object.__setattr__(self, "parrying", parrying)
        object.__setattr__(self, "breakage_resistant", breakage_resistant)
        object.__setattr__(self, "cheap", cheap)
        object.__setattr__(self, "natural", natural)
        object.__setattr__(self, "kicking", kicking)
        object.__setattr__(self, "bite_or_butt", bite_or_butt)
        object.__setattr__(self, "target", target)

    def holds(self, condition: Condition) -> bool:
        facts = {
            Condition.MELEE: self.melee,
            Condition.RANGED: not self.melee,
            Condition.SWINGING_MELEE: self.melee and self.swinging and not self.parrying,
            Condition.NOT_SWINGING_MELEE: not (self.melee and self.swinging) or self.parrying,
            Condition.IMPALING_OR_PIERCING_MELEE: self.melee and self.impaling_or_piercing,
            Condition.BREAKAGE_RESISTANT: self.breakage_resistant,
            Condition.CHEAP_WEAPON: self.cheap,
            Condition.NOT_CHEAP_WEAPON: not self.cheap,
            Condition.ATTACKING: not self.parrying,
            Condition.PARRYING: self.parrying,
            Condition.LIMB_ATTACK: not self.bite_or_butt,
            Condition.BITE_OR_BUTT: self.bite_or_butt,
            Condition.KICKING: self.kicking,
            Condition.NOT_KICKING: not self.kicking,
            Condition.ANIMAL_IQ_3_TO_5: False,
            Condition.NOT_ANIMAL_IQ_3_TO_5: True,
            # No fighter here readies an impaling weapon against unarmed blows.
            Condition.FOE_READY_IMPALING_WEAPON: False,
            Condition.NO_READY_IMPALING_WEAPON: True,
            Condition.NATURAL_WEAPON: self.natural,
            Condition.NOT_NATURAL_WEAPON: not self.natural,
        }
        return facts.get(condition, True)


def _facts(
    battle: Battle[GurpsState],
    key: str,
    weapon: str,
    mode: AttackMode,
    parrying: bool,
    target: str = "",
) -> _Miss:
    item = battle.state.fighters[key].weapon(weapon)
    damage_type = mode.damage.damage_type
    return _Miss(
        melee=mode.is_melee,
        swinging=mode.damage.base == "sw",
        impaling_or_piercing=damage_type == DamageType.IMPALING
        or str(damage_type).startswith("pi"),
        parrying=parrying,
        breakage_resistant=item.breakage_resistant
        or (mode.is_melee and damage_type == DamageType.CRUSHING and not item.cheap),
        cheap=item.cheap,
        natural=mode.unarmed and weapon not in ("punch", "kick"),
        kicking=weapon == "kick",
        bite_or_butt=weapon in ("bite", "butt"),
        target=target,
    )


# Made at every critical miss: the `__init__` written out for mypyc, the direct one in
# pure Python (`senjo.engine.frozen`).
direct_init(_Miss)


def _applies(effect: Effect, facts: _Miss) -> bool:
    return all(facts.holds(condition) for condition in effect.when)


def _lose_item(battle: Battle[GurpsState], key: str, item: str, state: str, cause: str) -> None:
    status = battle.state.status[key]
    let_go(status, item)
    if state == "broken":
        status.broken.add(item)
    else:
        drop(status, item)
    battle.emit(ItemChanged(key, item, state, cause))


def _hurt_self(
    battle: Battle[GurpsState],
    key: str,
    basic: int,
    damage_type: str,
    location: str,
    cause: str,
    *,
    armored: bool = True,
) -> None:
    """A critical miss's injury to oneself: a blow like any other, so the fighter's
    Injury Tolerance counts (B380); `armored` False for strains, which no DR stops."""
    fighter = battle.state.fighters[key]
    wound = injury(
        basic,
        damage_type,
        dr_now(battle.state, key, location) if armored else 0,
        location,
        hp=fighter.hp,
        injury_tolerance=injury_tolerance(fighter),
    )
    apply_injury(battle, key, wound, cause=cause)


def _carry_out(
    battle: Battle[GurpsState],
    key: str,
    weapon: str,
    mode: AttackMode,
    entry: CriticalEntry,
    facts: _Miss,
    table: str,
) -> None:
    state = battle.state
    fighter = state.fighters[key]
    status = state.status[key]
    for effect in entry.effects:
        if not _applies(effect, facts):
            continue
        kind = effect.effect
        if (
            kind in (EffectKind.WEAPON_BREAKS, EffectKind.HIT_SELF)
            and effect.reroll_if
            and any(facts.holds(c) for c in effect.reroll_if)
        ):
            # B556: a resistant weapon (or a self-hit with an impaling/ranged attack)
            # re-rolls; only the same result a second time stands.
            again = roll_3d6(battle.dice)
            second = _table(table, again)
            battle.emit(CriticalResult(key, table, again, second.key))
            if second.key != entry.key:
                if effect.if_reroll_differs == "use_new_result":
                    _carry_out(battle, key, weapon, mode, second, facts, table)
                elif effect.if_reroll_differs == "drop_weapon":
                    _lose_item(battle, key, weapon, "dropped", entry.key)
                continue
        if kind == EffectKind.WEAPON_BREAKS and not mode.unarmed:
            _lose_item(battle, key, weapon, "broken", entry.key)
        elif kind in (EffectKind.DROP_WEAPON, EffectKind.WEAPON_FLIES) and not mode.unarmed:
            _lose_item(battle, key, weapon, "dropped", entry.key)
        elif kind == EffectKind.HIT_SELF:
            dice = weapon_dice(fighter, mode)  # the weapon's normal damage (a bow's own ST)
            if effect.fraction is not None and effect.fraction < 1:
                basic = max(dice.roll(battle.dice) // 2, 0)
                damage_type = str(mode.damage.damage_type)
                _hurt_self(battle, key, basic, damage_type, "right_leg", "critical_miss")
            else:
                basic = dice.roll(battle.dice)
                damage_type = str(mode.damage.damage_type)
                _hurt_self(battle, key, basic, damage_type, "right_leg", "critical_miss")
        elif kind == EffectKind.LOSE_BALANCE:
            status.lost_balance = True
            battle.emit(ConditionChanged(key, "lost_balance", True, entry.key))
        elif kind == EffectKind.WEAPON_TURNS_IN_HAND and not mode.unarmed:
            status.ready = without_item(status.ready, weapon)
            battle.emit(ItemChanged(key, weapon, "unready", entry.key))
        elif kind == EffectKind.STRAINED_SHOULDER:
            # The weapon arm can neither attack nor defend (B556, 15; `hands.lame`); its
            # weapon stays in the hand, unready.
            status.crippled.add("weapon_arm")
            if not mode.unarmed:
                status.ready = without_item(status.ready, weapon)
            battle.emit(ConditionChanged(key, "strained_shoulder", True, entry.key))
        elif kind == EffectKind.FALL_DOWN:
            fall_down(battle, key, entry.key)
        elif kind == EffectKind.KNOCKED_OUT:
            knock_out(battle, key, entry.key)
        elif kind == EffectKind.STRAINED_LIMB:
            # The limb struck with: a kick's leg (useless, so the fighter falls: B420-421),
            # else the weapon arm (interpretation 77).
            leg = facts.kicking
            _hurt_self(
                battle,
                key,
                effect.injury or 1,
                "spec",
                "right_leg" if leg else "right_arm",
                entry.key,
                armored=False,
            )
            status.crippled.add("right_leg" if leg else "weapon_arm")
            battle.emit(ConditionChanged(key, "strained_limb", True, entry.key))
            if leg:
                take_effect(battle, key, "right_leg")
        elif kind == EffectKind.HIT_SOLID_OBJECT:
            dice = fighter.thrust
            if effect.fraction is not None and effect.fraction < 1:
                dice = DamageDice(dice.dice, dice.adds)
            basic = dice.roll(battle.dice)
            if effect.fraction is not None and effect.fraction < 1:
                basic //= 2
            location = "foot" if facts.kicking else "hand"
            _hurt_self(battle, key, basic, "cr", location, entry.key)
        elif kind == EffectKind.STUMBLE_PAST:
            ground = field_of(state)
            yards = ground.stumble_past(state, key, facts.target, float(effect.yards or 1))
            if yards:
                x, y = ground.coordinates(state, key)
                facing, body = facing_name(state, key), body_of(state, key)
                battle.emit(Moved(key, yards, facts.target, "stumble", x, y, facing, body))
        elif kind == EffectKind.ROLL_OR_FALL:
            items = (("trip", effect.modifier),) if effect.modifier else ()
            if not check(battle, key, "trip", Score(fighter.dx, Modifiers(items))).success:
                fall_down(battle, key, entry.key)
        elif kind == EffectKind.GUARD_DOWN:
            status.guard_down = True
            battle.emit(ConditionChanged(key, "guard_down", True, entry.key))
        elif kind in (EffectKind.TORN_MUSCLE, EffectKind.INJURY_ROLL):
            dice = effect.dice or DamageDice(1, -3)
            basic = dice.roll(battle.dice)
            _hurt_self(battle, key, basic, "spec", "right_arm", entry.key, armored=False)
        elif kind in (
            EffectKind.MODERATE_PAIN,
            EffectKind.NATURAL_WEAPON_DAMAGED,
            EffectKind.FLEE_OR_SUBMIT,
            EffectKind.AWKWARD_POSITION,
            EffectKind.IMPALED_ON_WEAPON,
        ):
            battle.emit(ConditionChanged(key, str(kind), True, entry.key))


def _table(table: str, roll: int) -> CriticalEntry:
    if table == "unarmed_critical_miss":
        return tables.unarmed_critical_miss(roll)
    return tables.critical_miss(roll)


def attack_critical_miss(
    battle: Battle[GurpsState],
    attacker: str,
    weapon: str,
    mode: AttackMode,
    *,
    parrying: bool = False,
    target: str = "",
) -> None:
    """Roll on the critical miss table (armed or unarmed) and carry out the result (B556-557);
    `target` is the foe attacked (a stumble ends past it)."""
    table = "unarmed_critical_miss" if mode.unarmed else "critical_miss"
    roll = roll_3d6(battle.dice)
    entry = _table(table, roll)
    battle.emit(CriticalResult(attacker, table, roll, entry.key))
    facts = _facts(battle, attacker, weapon, mode, parrying, target)
    _carry_out(battle, attacker, weapon, mode, entry, facts, table)


def defense_critical_failure(
    battle: Battle[GurpsState], defender: str, choice: DefenseChoice
) -> None:
    """A critically failed defense (B556): a parry rolls on the critical miss table,
    a block leaves the shield unready, a dodge ends on the ground."""
    if choice.kind == "parry":
        fighter = battle.state.fighters[defender]
        weapon = fighter.weapon(choice.weapon)
        mode = next(m for m in weapon.modes if m.is_melee)
        attack_critical_miss(battle, defender, choice.weapon, mode, parrying=True)
    elif choice.kind == "block":
        status = battle.state.status[defender]
        status.ready = without_item(status.ready, choice.weapon)
        battle.emit(ItemChanged(defender, choice.weapon, "unready", "critical_failure"))
    elif choice.kind == "dodge":
        fall_down(battle, defender, "critical_failure")
