"""Damage and injury in a battle (B377-381, B418-423): from a hit to the victim's condition.

`deal_damage` rolls a hit's damage, works out the injury with its working
(`senjo.systems.gurps.injury`), and `apply_injury` books what the injury does:
HP, shock, crippling, major wounds with knockdown and stunning, and the HP
thresholds with their consciousness and death checks.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from senjo.engine.battle import Battle
from senjo.engine.frozen import direct_init
from senjo.engine.modifiers import Modifiers, Score
from senjo.systems.gurps import lookups, tables
from senjo.systems.gurps.anatomy import injury_tolerance, wounded_location
from senjo.systems.gurps.corrosion import corrode, dr_now
from senjo.systems.gurps.crippling import numb, numb_seconds, take_effect
from senjo.systems.gurps.damage import (
    DamageDice,
    DamageType,
    minimum_basic_damage,
    strong_attack_bonus,
)
from senjo.systems.gurps.effects import Condition, EffectKind
from senjo.systems.gurps.events import (
    ConditionChanged,
    DamageRolled,
    FatigueLost,
    Injured,
    ItemChanged,
    Moved,
)
from senjo.systems.gurps.falling import fall_down
from senjo.systems.gurps.field import body_of, facing_name, field_of
from senjo.systems.gurps.grips import check_grips
from senjo.systems.gurps.hands import drop, let_go
from senjo.systems.gurps.hp_thresholds import death_check_result, hp_thresholds_crossed
from senjo.systems.gurps.injury import (
    Injury,
    can_target,
    cripples,
    injury,
    is_major_wound,
    knockback_roll_modifier,
    knockback_yards,
    knockdown_modifier,
    knockdown_result,
    knockdown_roll_due,
    shock_penalty,
)
from senjo.systems.gurps.model import AttackMode, Fighter
from senjo.systems.gurps.rolls import check
from senjo.systems.gurps.slam_dice import mean_damage, slam_dice, slam_mode
from senjo.systems.gurps.state import FighterState, GurpsState
from senjo.systems.gurps.table_schema import Effect, InjuryTolerance

__all__ = [
    "CriticalHit",
    "Hit",
    "apply_injury",
    "deal_damage",
    "fall_down",
    "feel_injury",
    "knock_back",
    "knock_out",
    "lose_fp",
    "slam_damage",
    "weapon_dice",
]


@dataclass(frozen=True, slots=True)
class Hit:
    """A hit that got through: who, with what, where, and damage options that apply."""

    attacker: str
    target: str
    weapon: str
    mode: AttackMode
    location: str
    strong: bool = False
    stop_thrust_yards: float = 0.0
    slam_velocity: float = 0.0
    #: False for blows that knock down instead of back (an overrun's slam, seed 001).
    knockback: bool = True
    #: True for harm that flexible armour does not stop (a neck snap, 2B63P).
    rigid_dr_only: bool = False
    #: Basic damage fixed in advance instead of the mode's dice (a choke's margin, B370;
    #: an overpenetrating shot's damage, 2B66P), as it lands: no 1/2D.
    fixed: int = 0
    #: DR met before this fighter's own (the cover DR of a figure a shot went through).
    cover_dr: int = 0

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        attacker: str,
        target: str,
        weapon: str,
        mode: AttackMode,
        location: str,
        strong: bool = False,
        stop_thrust_yards: float = 0.0,
        slam_velocity: float = 0.0,
        knockback: bool = True,
        rigid_dr_only: bool = False,
        fixed: int = 0,
        cover_dr: int = 0,
    ) -> None:
        object.__setattr__(self, "attacker", attacker)
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "weapon", weapon)
        object.__setattr__(self, "mode", mode)
        object.__setattr__(self, "location", location)
        object.__setattr__(self, "strong", strong)
        object.__setattr__(self, "stop_thrust_yards", stop_thrust_yards)
        object.__setattr__(self, "slam_velocity", slam_velocity)
        object.__setattr__(self, "knockback", knockback)
        object.__setattr__(self, "rigid_dr_only", rigid_dr_only)
        object.__setattr__(self, "fixed", fixed)
        object.__setattr__(self, "cover_dr", cover_dr)


@dataclass(frozen=True, slots=True)
class CriticalHit:
    """The critical-hit (or head-blow) table result that goes with a hit."""

    table: str
    key: str
    effects: tuple[Effect, ...]

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        table: str,
        key: str,
        effects: tuple[Effect, ...],
    ) -> None:
        object.__setattr__(self, "table", table)
        object.__setattr__(self, "key", key)
        object.__setattr__(self, "effects", effects)

    def has(self, kind: EffectKind) -> Effect | None:
        """The first effect of this kind, or None."""
        return next((e for e in self.effects if e.effect == kind), None)


def slam_damage(battle: Battle[GurpsState], a: str, b: str, velocity: float) -> tuple[int, int]:
    """Both sides' slam damage (B371: own HP x velocity / 100, crushing, no knockback);
    returns the basic damage each rolled (a's on b, b's on a)."""
    state = battle.state
    rolled = []
    for hitter, victim in ((a, b), (b, a)):
        dice = slam_dice(state.fighters[hitter].hp, velocity)
        hit = Hit(hitter, victim, "", slam_mode(str(dice)), "torso", knockback=False)
        rolled.append(deal_damage(battle, hit).basic)
    return rolled[0], rolled[1]


def knock_out(battle: Battle[GurpsState], key: str, cause: str) -> None:
    """The fighter falls unconscious and drops out of the fight."""
    status = battle.state.status[key]
    if status.conscious and not status.dead:
        status.conscious = False
        status.stunned = False
        battle.emit(ConditionChanged(key, "unconscious", True, cause))
        fall_down(battle, key, cause)


def _die(battle: Battle[GurpsState], key: str, cause: str) -> None:
    status = battle.state.status[key]
    if not status.dead:
        status.dead = True
        status.conscious = False
        battle.emit(ConditionChanged(key, "dead", True, cause))


def _effect_applies(effect: Effect, penetrated: bool, location: str) -> bool:
    for condition in effect.when:
        if condition == Condition.PENETRATES and not penetrated:
            return False
        if condition == Condition.LIMB_OR_EXTREMITY and lookups.location(location).kind not in (
            "limb",
            "extremity",
        ):
            return False
    return True


def _strength_damage(attacker: Fighter, mode: AttackMode) -> tuple[DamageDice, DamageDice]:
    """Thrust and swing for the mode: from the weapon's own ST where it has one (a bow's,
    B270), else from the wielder's."""
    if mode.st_for_damage is not None:
        return tables.thrust_damage(mode.st_for_damage), tables.swing_damage(mode.st_for_damage)
    return attacker.thrust, attacker.swing


def weapon_dice(attacker: Fighter, mode: AttackMode) -> DamageDice:
    """The mode's damage dice in the attacker's hands (thr/sw from `_strength_damage`).

    >>> from senjo.scenario.gurps import build_fighter
    >>> from senjo.systems.gurps.library import weapon
    >>> sheet = {"key": "a", "name": "A", "side": "x", "st": 14, "dx": 10, "iq": 10, "ht": 10}
    >>> strong = build_fighter(sheet, "doc", 0)[0]
    >>> bow, sword = weapon("regular_bow").mode("shoot"), weapon("broadsword").mode("swing")
    >>> str(weapon_dice(strong, bow)), str(weapon_dice(strong, sword))
    ('1d', '2d+1')
    """
    thrust, swing = _strength_damage(attacker, mode)
    return mode.damage.dice(thrust, swing)


def deal_damage(
    battle: Battle[GurpsState], hit: Hit, critical: CriticalHit | None = None
) -> Injury:
    """Roll the damage of a hit that was not defended, and apply the injury."""
    state = battle.state
    attacker = state.fighters[hit.attacker]
    victim = state.fighters[hit.target]
    mode = hit.mode
    damage_type = mode.damage.damage_type
    location = hit.location
    dr_halving = "none"
    if critical is not None:
        redirect = critical.has(EffectKind.REDIRECT_TO_EYE)
        if redirect is not None:
            # Head blow 6-7: a face or skull hit becomes an eye hit; if that is
            # impossible for this damage type, the result counts as a 4.
            if location in ("face", "skull") and can_target("eye", damage_type):
                location = "eye"
            else:
                fallback = tables.critical_head_blow(redirect.fallback_roll or 4)
                critical = CriticalHit(critical.table, fallback.key, fallback.effects)
    thrust, swing = _strength_damage(attacker, mode)
    if hit.slam_velocity and mode.is_melee and mode.damage.base == "thr":
        # seed 000 (Martial Arts): a Move and Attack that thrusts may use slam damage,
        # HP x velocity / 100, when that is better.
        slam = slam_dice(attacker.hp, hit.slam_velocity)
        if mean_damage(slam) > mean_damage(thrust):
            thrust = slam
    dice = mode.damage.dice(thrust, swing) if not hit.fixed else DamageDice(0, hit.fixed)
    items: list[tuple[str, int]] = []
    if hit.strong and mode.is_melee:
        bonus = strong_attack_bonus(dice)
        dice = dice.plus(adds=bonus)
    if hit.stop_thrust_yards >= 2:
        dice = dice.plus(adds=int(hit.stop_thrust_yards // 2))  # B366: stop thrust
    if critical is not None and critical.has(EffectKind.MAX_DAMAGE):
        faces = tuple(6 for _ in range(dice.dice))
    else:
        faces = dice.faces(battle.dice)
    rolled = max(dice.total(faces), minimum_basic_damage(damage_type))
    basic = rolled
    if mode.ranged is not None and not hit.fixed:
        distance = state.distance(hit.attacker, hit.target)
        if distance > mode.ranged.half_damage:
            halved = max(basic // 2, minimum_basic_damage(damage_type))
            items.append(("half_damage_range", halved - basic))
            basic = halved
    if critical is not None:
        multiplier = critical.has(EffectKind.DAMAGE_MULTIPLIER)
        if multiplier is not None and multiplier.value:
            items.append((f"critical_x{multiplier.value}", basic * (multiplier.value - 1)))
            basic *= multiplier.value
        halved_dr = critical.has(EffectKind.DR_HALVED)
        if halved_dr is not None:
            dr_halving = halved_dr.rounding or "down"
    battle.emit(
        DamageRolled(
            hit.attacker,
            hit.target,
            str(dice),
            faces,
            basic,
            str(damage_type),  # a StrEnum: its text, without the Python-level `value`
            Score(rolled, Modifiers(tuple(items))),
        )
    )
    ignore_dr = critical is not None and critical.has(EffectKind.IGNORE_DR) is not None
    ignore_dr = ignore_dr or (hit.rigid_dr_only and victim.flexible_armor)
    armor = 0 if ignore_dr else dr_now(state, hit.target, location) + hit.cover_dr
    if damage_type == DamageType.CORROSION:
        # B358: the DR this blow meets is eaten for the next ones (interpretation 70).
        corrode(battle, hit.target, location, basic, hit.attacker)
    tolerance = injury_tolerance(victim)
    wound = injury(
        basic,
        damage_type,
        armor,
        wounded_location(victim, location),
        armor_divisor=mode.damage.armor_divisor,
        injury_tolerance=tolerance,
        hp=victim.hp,
        location_dr=not ignore_dr,
        dr_halving="none" if ignore_dr else dr_halving,  # type: ignore[arg-type]
    )
    if damage_type == DamageType.FATIGUE:
        # Fatigue damage costs FP, not HP: none of an injury's effects (interpretation 68).
        lose_fp(battle, hit.target, wound.injury, hit.attacker)
        return wound
    penetrated = wound.penetrating > 0
    doubled = False
    force_major = False
    if critical is not None:
        for effect in critical.effects:
            if not _effect_applies(effect, penetrated, location):
                continue
            if effect.effect == EffectKind.DOUBLE_SHOCK:
                doubled = True
            elif effect.effect == EffectKind.MAJOR_WOUND:
                force_major = True
    if not penetrated and wound.blunt_trauma and victim.flexible_armor:
        # B379: flexible armor stops the blow but not all of its force.
        wound = dataclasses.replace(wound, injury=wound.blunt_trauma, cap="blunt trauma")
    apply_injury(
        battle,
        hit.target,
        wound,
        doubled_shock=doubled,
        force_major=force_major,
        cause=hit.attacker,
        struck=location,
    )
    if critical is not None:
        _after_critical(battle, hit, critical, penetrated, location)
    if hit.knockback:
        _knockback(battle, hit, wound)
    return wound


def _after_critical(
    battle: Battle[GurpsState], hit: Hit, critical: CriticalHit, penetrated: bool, location: str
) -> None:
    status = battle.state.status[hit.target]
    for effect in critical.effects:
        if not _effect_applies(effect, penetrated, location):
            continue
        if effect.effect == EffectKind.DROP_HELD_ITEMS:
            for item in sorted(status.ready):
                weapon = next(
                    (w for w in battle.state.fighters[hit.target].weapons if w.key == item), None
                )
                if weapon is not None and weapon.modes[0].unarmed:
                    continue
                let_go(status, item)
                drop(status, item)
                battle.emit(ItemChanged(hit.target, item, "dropped", critical.key))
        elif effect.effect == EffectKind.LOSE_NEXT_TURN:
            status.do_nothing_next = True
            battle.emit(ConditionChanged(hit.target, "loses_next_turn", True, critical.key))
        elif effect.effect == EffectKind.BRIEF_CRIPPLING:
            victim = battle.state.fighters[hit.target]
            if injury_tolerance(victim) != InjuryTolerance.DIFFUSE:  # B380: never crippled
                seconds = numb_seconds(effect.base or 16, effect.minimum or 0, victim.ht)
                numb(battle, hit.target, location, seconds, critical.key)
        elif effect.effect in (EffectKind.DEAFENED, EffectKind.SCARRED):
            battle.emit(ConditionChanged(hit.target, effect.effect.value, True, critical.key))


def _knockback(battle: Battle[GurpsState], hit: Hit, wound: Injury) -> None:
    knock_back(
        battle, hit.target, hit.attacker, wound.basic, wound.damage_type, wound.penetrating > 0
    )


def knock_back(
    battle: Battle[GurpsState],
    key: str,
    attacker: str,
    basic: int,
    damage_type: DamageType | str,
    penetrated: bool = False,
) -> None:
    """Knockback (B378) from `basic` damage by `attacker`: a yard straight away for every
    full ST − 2, then DX, Acrobatics or Judo to stay standing (−1 a yard past the first).
    A shove's doubled thrust comes here too (`shoves.py`)."""
    state = battle.state
    victim = state.fighters[key]
    if not state.status[key].active:
        return
    yards = knockback_yards(basic, damage_type, st=victim.st, penetrated=penetrated)
    if yards < 1:
        return
    ground = field_of(state)
    moved = ground.push(state, key, attacker, float(yards))
    check_grips(state)
    x, y = ground.coordinates(state, key)
    battle.emit(
        Moved(key, moved, attacker, "knockback", x, y, facing_name(state, key), body_of(state, key))
    )
    best = max(victim.dx, victim.skills.get("Acrobatics", 0), victim.skills.get("Judo", 0))
    modifier = knockback_roll_modifier(yards, perfect_balance=victim.has("perfect_balance"))
    score = Score(best, Modifiers((("knockback", modifier),)) if modifier else Modifiers())
    if not check(battle, key, "knockback", score).success:
        fall_down(battle, key, "knockback")


def _cross_thresholds(battle: Battle[GurpsState], key: str, before: int, cause: str) -> None:
    """What a fall in HP from `before` crosses (B419): reeling, collapse, death checks."""
    state = battle.state
    status = state.status[key]
    for threshold in hp_thresholds_crossed(before, status.hp, state.fighters[key].hp):
        if status.dead:
            break
        if threshold.key in ("reeling", "collapse"):
            battle.emit(ConditionChanged(key, threshold.key, True, cause))
        elif threshold.key == "death_check":
            _death_check(battle, key, threshold.multiple)
        else:  # dead at -5 x HP, destroyed at -10 x HP
            _die(battle, key, threshold.key)


def lose_fp(battle: Battle[GurpsState], key: str, amount: int, cause: str = "") -> None:
    """Book a loss of FP (B426, 2B84P): below a third the fighter is very tired; at 0 or
    less on the verge of collapse, each FP lost below 0 costing 1 HP too (with the HP
    thresholds it crosses); at -FP it falls unconscious."""
    state = battle.state
    fighter, status = state.fighters[key], state.status[key]
    if amount <= 0 or status.dead:
        return
    before = status.fp
    status.fp -= amount
    hp_lost = max(0, -status.fp) - max(0, -before)
    battle.emit(FatigueLost(key, amount, status.fp, hp_lost, cause))
    if 3 * before >= fighter.fp > 3 * status.fp:
        battle.emit(ConditionChanged(key, "very_tired", True, cause))
    if before > 0 >= status.fp:
        battle.emit(ConditionChanged(key, "exhausted", True, cause))
    if hp_lost:
        hp_before = status.hp
        status.hp -= hp_lost
        _cross_thresholds(battle, key, hp_before, cause)
    if status.conscious and not status.dead and status.fp <= -fighter.fp:
        knock_out(battle, key, "fatigue")


def apply_injury(
    battle: Battle[GurpsState],
    key: str,
    wound: Injury,
    *,
    doubled_shock: bool = False,
    force_major: bool = False,
    cause: str = "",
    struck: str | None = None,
) -> None:
    """Book one hit's injury: HP, shock, crippling, knockdown and the HP thresholds.

    `struck` is where the blow landed when its wound follows another location's rules
    (`wounded_location`): crippling goes by where it landed (a No Brain eye)."""
    state = battle.state
    fighter = state.fighters[key]
    status = state.status[key]
    before = status.hp
    status.hp -= wound.injury
    battle.emit(
        Injured(
            key,
            wound.location,
            wound.basic,
            str(wound.damage_type),
            wound.effective_dr,
            wound.penetrating,
            wound.ratio,
            wound.injury,
            status.hp,
        )
    )
    if wound.injury <= 0 or status.dead:
        return
    _book_shock(fighter, status, wound.injury, doubled_shock)
    tolerance = injury_tolerance(fighter)
    landed = struck or wound.location
    crippled = cripples(wound.injury, landed, fighter.hp, tolerance)
    # The eye has no side: crippled once already, it is the other eye now (interpretation 78).
    part = "eyes" if landed == "eye" and "eye" in status.crippled else landed
    if crippled and (part not in status.crippled or part in status.numbed):
        status.numbed.pop(part, None)  # a numbed part crippled outright stays crippled
        status.crippled.add(part)
        battle.emit(ConditionChanged(key, f"crippled_{part}", True, cause))
        take_effect(battle, key, part)
    major = (
        is_major_wound(wound.injury, fighter.hp)
        or crippled
        or (force_major and wound.penetrating > 0)
    )
    if status.conscious and (
        major or knockdown_roll_due(wound.injury, fighter.hp, wound.location, tolerance)
    ):
        _knockdown_check(battle, key, wound.location, tolerance)
    _cross_thresholds(battle, key, before, cause)
    # Fact sheet §2 (Aim, B364): injured while aiming, roll Will or lose the Aim (stunned
    # or out, the Aim is lost anyway: docs/rules/gurps.md, interpretation 52).
    up = status.conscious and not status.dead and not status.stunned
    if status.aim_turns and up and not check(battle, key, "keep_aim", Score(fighter.will)).success:
        status.aim_turns = 0


def _book_shock(fighter: Fighter, status: FighterState, injury: int, doubled: bool) -> None:
    """Add the shock of an injury to the next turn's, to at most -4 (-8 when doubled or
    with Low Pain Threshold, B381)."""
    penalty = shock_penalty(
        injury,
        fighter.hp,
        high_pain_threshold=fighter.has("high_pain_threshold"),
        low_pain_threshold=fighter.has("low_pain_threshold"),
        doubled=doubled,
    )
    if penalty:
        cap = -8 if (doubled or fighter.has("low_pain_threshold")) else -4
        status.shock_next = max(cap, status.shock_next + penalty)


def feel_injury(battle: Battle[GurpsState], key: str, amount: int, location: str) -> None:
    """The shock and the knockdown roll an injury of `amount` at `location` would bring,
    without the injury (a win of an arm lock on a crippled arm, *Martial Arts*)."""
    fighter = battle.state.fighters[key]
    status = battle.state.status[key]
    if amount <= 0 or not status.conscious:
        return
    _book_shock(fighter, status, amount, False)
    tolerance = injury_tolerance(fighter)
    if cripples(amount, location, fighter.hp, tolerance) or knockdown_roll_due(
        amount, fighter.hp, location, tolerance
    ):
        _knockdown_check(battle, key, location, tolerance)


def _knockdown_check(
    battle: Battle[GurpsState], key: str, location: str, tolerance: str | None
) -> None:
    fighter = battle.state.fighters[key]
    status = battle.state.status[key]
    items = []
    by_location = knockdown_modifier(location, injury_tolerance=tolerance)
    if by_location:
        items.append((f"location_{location}", by_location))
    if fighter.has("high_pain_threshold"):
        items.append(("high_pain_threshold", 3))
    result = check(battle, key, "knockdown", Score(fighter.ht, Modifiers(tuple(items))))
    outcome = knockdown_result(result.margin, critical_failure=result.critical_failure)
    if outcome == "unconscious":
        knock_out(battle, key, "knockdown")
    elif outcome == "stunned":
        if not status.stunned:
            status.stunned = True
            battle.emit(ConditionChanged(key, "stunned", True, "knockdown"))
        fall_down(battle, key, "knockdown")


def _death_check(battle: Battle[GurpsState], key: str, multiple: int) -> None:
    fighter = battle.state.fighters[key]
    # B58: Hard to Kill adds its level to HT rolls to survive.
    items = [("hard_to_kill", fighter.level("hard_to_kill"))] if fighter.has("hard_to_kill") else []
    result = check(
        battle, key, f"death_check_{multiple}", Score(fighter.ht, Modifiers(tuple(items)))
    )
    outcome = death_check_result(result.margin, critical_failure=result.critical_failure)
    if outcome == "dies":
        _die(battle, key, f"death_check_{multiple}")
    elif outcome == "mortal_wound":
        battle.emit(ConditionChanged(key, "mortal_wound", True, f"death_check_{multiple}"))
        knock_out(battle, key, "mortal_wound")


# Made in every battle: a direct __init__ (senjo.engine.frozen).
direct_init(Hit, CriticalHit)
