"""Attacks (B369-375): effective skill, the attack roll, the defense, and the hit.

`resolve_attack` is a generator: it yields the defender's decision and
resumes with the chosen defense, so an attack can be suspended at that step
like any other.
"""

from __future__ import annotations

from dataclasses import dataclass

from senjo.dice.systems.gurps import success_roll
from senjo.engine.battle import Battle, Steps
from senjo.engine.decision import Choice, Decision
from senjo.engine.frozen import direct_init
from senjo.engine.modifiers import Modifiers, Score
from senjo.space.arcs import Arc, arc_of
from senjo.systems.gurps import lookups, tables
from senjo.systems.gurps.choices import AttackPlan, DefenseChoice, Watch
from senjo.systems.gurps.close_combat import (
    STRIKING_INTO,
    bystanders,
    in_close_combat,
    shield_penalty,
)
from senjo.systems.gurps.criticals import (
    attack_critical_miss,
    roll_critical_hit,
)
from senjo.systems.gurps.defense import (
    CLOSE,
    NO_DEFENSE,
    IncomingAttack,
    defense_options,
)
from senjo.systems.gurps.defense_roll import roll_defense
from senjo.systems.gurps.events import AttackRolled, ItemChanged
from senjo.systems.gurps.extra_effort import flurry_bonus
from senjo.systems.gurps.field import BACK, field_of
from senjo.systems.gurps.grips import held_penalty
from senjo.systems.gurps.hands import OFF, hand_of, let_go
from senjo.systems.gurps.hexfield import HexField
from senjo.systems.gurps.injury import Injury
from senjo.systems.gurps.item_sets import with_item
from senjo.systems.gurps.memo import MEMO
from senjo.systems.gurps.model import AttackMode
from senjo.systems.gurps.overpenetration import flies_on
from senjo.systems.gurps.parrying_unarmed import bare_arm, bare_parry_failed, redirect
from senjo.systems.gurps.ranged import (
    POP_UP_ATTACK,
    SHOOTING_BLIND,
    SHOOTING_BLIND_SKILL_CAP,
    hits_from_recoil,
    opportunity_fire_items,
    rapid_fire_bonus,
    speed_range_modifier,
    watch_aim_key,
    wrong_target_skill,
)
from senjo.systems.gurps.rolls import roll_3d6
from senjo.systems.gurps.sight import (
    ONE_EYE,
    ONE_EYE_UNAIMED,
    blind_penalty,
    blinded,
    heard_defenses,
    one_eyed,
    sightless,
    unheard,
)
from senjo.systems.gurps.state import GurpsState
from senjo.systems.gurps.techniques import UNCAPPED, acrobatic_technique
from senjo.systems.gurps.wild_swing import (
    AWKWARD_ANGLE,
    WILD_SWING,
    WILD_SWING_CAP,
    awkward_angle,
    darkness,
    is_blind_shot,
    is_wild_swing,
    random_location_only,
)
from senjo.systems.gurps.wounds import Hit, deal_damage

__all__ = ["AttackContext", "attack_score", "resolve_attack"]


@dataclass(frozen=True, slots=True)
class AttackContext:
    """The maneuver an attack is made under, and what it adds.

    `maneuver` is attack, all_out_attack, move_and_attack or wait; `variant`
    the All-Out Attack option; `rapid_index` 1 or 2 for the halves of a Rapid
    Strike; `stop_thrust_yards` the yards the target moved (stop thrust); `dual`
    one of the two attacks of a Dual-Weapon Attack; `watch` the watched hexes of
    an opportunity fire (seed 001), `discriminate` whether it told friend from foe
    first. A pop-up attack is the Attack variant `pop_up`.
    """

    maneuver: str = "attack"
    variant: str = ""
    rapid: bool = False
    feint: int = 0
    stop_thrust_yards: float = 0.0
    dual: bool = False
    watch: Watch | None = None
    discriminate: bool = False

    def __init__(  # compiled: `senjo.engine.frozen`
        self,
        maneuver: str = "attack",
        variant: str = "",
        rapid: bool = False,
        feint: int = 0,
        stop_thrust_yards: float = 0.0,
        dual: bool = False,
        watch: Watch | None = None,
        discriminate: bool = False,
    ) -> None:
        object.__setattr__(self, "maneuver", maneuver)
        object.__setattr__(self, "variant", variant)
        object.__setattr__(self, "rapid", rapid)
        object.__setattr__(self, "feint", feint)
        object.__setattr__(self, "stop_thrust_yards", stop_thrust_yards)
        object.__setattr__(self, "dual", dual)
        object.__setattr__(self, "watch", watch)
        object.__setattr__(self, "discriminate", discriminate)


def attack_score(
    state: GurpsState,
    attacker: str,
    target: str,
    weapon: str,
    mode: AttackMode,
    plan: AttackPlan,
    context: AttackContext,
) -> Score:
    """Effective skill for one attack, every modifier named (B369-373, seed 000)."""
    fighter = state.fighters[attacker]
    status = state.status[attacker]
    victim = state.fighters[target]
    items: list[tuple[str, int]] = []
    if status.shock:
        items.append(("shock", status.shock))
    wild = is_wild_swing(state, attacker, target, weapon, mode)
    blind = is_blind_shot(state, attacker, target, mode)
    eyeless = blinded(status)  # both eyes crippled (interpretation 78)
    unaimed = sightless(state, attacker)  # ... or total darkness: no aimed blow
    if plan.location not in ("torso", "random") and not (wild or blind or unaimed):
        shield_arm = (
            victim.shield is not None
            and victim.shield.key in state.status[target].ready
            and plan.location == "left_arm"
        )
        items.append(
            (
                f"location_{plan.location}",
                lookups.location_penalty(plan.location, shield_arm=shield_arm),
            )
        )
    if victim.size_modifier:
        items.append(("size_modifier", victim.size_modifier))
    if state.ground is not None:
        items.extend(
            field_of(state).line_modifiers(state, attacker, target, mode.ranged is not None)
        )
    if bystanders(state, attacker, target):
        items.append(("striking_into_close_combat", STRIKING_INTO))  # seed 001
    shield = shield_penalty(state, attacker, attacking=True)
    if shield:
        items.append(("shield_in_close_combat", shield))  # seed 001 近接戦闘での盾
    cap: int | None = None
    if hand_of(status, weapon) == OFF and not fighter.has("ambidexterity"):
        items.append(("off_hand", -4))  # B417: the off hand is at -4 without Ambidexterity
    if context.dual:
        items.append(("dual_weapon_attack", -4))  # B417: each attack of a Dual-Weapon Attack
    # Blindness (B124): -10 for one not used to it (-6 if it is), no darkness penalty beyond.
    dark = blind_penalty(fighter) if eyeless else darkness(state)
    if wild:
        # seed 001 大振り: the worst of -5, an effective skill of 9 and the darkness penalty.
        if -dark < WILD_SWING:
            items.append(("wild_swing_blinded" if eyeless else "wild_swing_darkness", -dark))
        else:
            items.append(("wild_swing", WILD_SWING))
        cap = WILD_SWING_CAP
    elif dark and not blind:
        # lighting (B394), on every attack roll; or the blinded fighter's -10
        items.append(("blinded" if eyeless else "darkness", -dark))
    elif awkward_angle(state, attacker, target, weapon, mode):
        items.append(("awkward_angle", AWKWARD_ANGLE))  # seed 001 全周視覚
    items.extend(held_penalty(state, attacker))  # B370: held, -4 to DX-based skills
    one_eye = one_eyed(status)
    if one_eye:
        items.append(("one_eye", ONE_EYE))  # B421 crippled eye as One Eye (B147): -1 DX
    if mode.is_melee:
        posture = lookups.posture(status.posture).melee_attack
        if posture:
            items.append((f"posture_{status.posture}", posture))
        if plan.deceptive:
            items.append(("deceptive_attack", -2 * plan.deceptive))
        if context.rapid:
            trained = fighter.has("weapon_master") or fighter.has("trained_by_a_master")
            rapid = -3 if trained else -6
            items.append(("rapid_strike", rapid))
            if plan.flurry:
                items.append(("flurry_of_blows", flurry_bonus(rapid)))  # B357: extra effort
        if status.evaluate_target == target and status.evaluate_bonus:
            items.append(("evaluate", status.evaluate_bonus))
        if context.maneuver == "all_out_attack" and context.variant == "determined" and not wild:
            items.append(("all_out_attack_determined", 4))  # seed 001: not for a Wild Swing
        if context.maneuver == "move_and_attack":
            # seed 000: melee Move and Attack is -4 (a Flying Attack -5) and at most 9;
            # an Acrobatic Attack is a further -2. Seed 001: with a Wild Swing the harsher
            # of the two applies - the Wild Swing's -5.
            technique = acrobatic_technique(fighter) if context.variant == "acrobatic" else None
            # seed 000: a slam is one of the attacks that lift the cap of 9.
            cap = None if context.variant == "slam" else 9
            if technique is not None and not wild:
                # seed 000: a technique based on Acrobatic Attack replaces both penalties
                # with its own level (default -6; -7 for one that ignores the cap of 9).
                name, level = technique
                items.append((f"technique_{name}", level))
                cap = None if name == UNCAPPED else 9
            else:
                if not wild:
                    items.append(("move_and_attack", -5 if context.variant == "flying" else -4))
                if context.variant == "acrobatic":
                    items.append(("acrobatic_attack", -2))
    else:
        assert mode.ranged is not None
        distance = state.distance(attacker, target)
        if distance < CLOSE:
            # seed 001: in close combat a ranged weapon takes its Bulk instead of range.
            items.append(("bulk_in_close_combat", mode.ranged.bulk))
        else:
            modifier = tables.range_modifier(max(distance, 1.0))
            if modifier:
                items.append(("range", modifier))
            # B550 (seed 000 目標の距離と速度): the target's speed, in yards a second (what it
            # moved on its last turn), adds to the distance before the lookup; on a hex map
            # only (interpretation 63). Shown as the part it adds beyond the range's.
            speed = state.status[target].moved
            if speed > 0 and isinstance(state.ground, HexField):
                extra = speed_range_modifier(max(distance, 1.0), speed) - modifier
                if extra:
                    items.append(("moving_target", extra))
        aimed = status.aim_target == target and status.aim_weapon == weapon
        if context.watch is not None:
            # seed 001 機会射撃: by the hexes watched (a line -2); no Aim but one hex's.
            items.extend(opportunity_fire_items(context.watch, context.discriminate))
            aimed = context.watch.aimed and status.aim_target == watch_aim_key(context.watch)
            aimed = aimed and status.aim_weapon == weapon
        if context.variant == "pop_up":
            items.append(("pop_up_attack", POP_UP_ATTACK))  # seed 001 飛び出し攻撃: no Aim
            aimed = False
        if blind:
            # seed 001 視界外射撃: as a Wild Swing, at -10 and at most 9, and no Aim.
            items.append(("shooting_blind", SHOOTING_BLIND))
            cap = SHOOTING_BLIND_SKILL_CAP
        took_aim = status.aim_turns and aimed and context.maneuver != "move_and_attack"
        if one_eye and not took_aim:
            items.append(("one_eye_unaimed", ONE_EYE_UNAIMED))  # One Eye (B147): not Aimed
        if took_aim and not blind:
            # B364: Acc after one turn of Aim, +1 after two, +2 after three or more.
            items.append(("aim", mode.ranged.acc + min(2, status.aim_turns - 1)))
            if status.aim_braced:
                items.append(("braced", 1))  # B364: a braced weapon gets +1 more
        lying = lookups.posture(state.status[target].posture)
        target_posture = lying.ranged_to_be_hit
        if state.rules.get("prone_ranged_penalty") == "cover":
            target_posture = lying.ranged_to_be_hit_cover_table or target_posture
        if target_posture:
            items.append((f"target_{state.status[target].posture}", target_posture))
        if context.maneuver == "all_out_attack" and context.variant == "determined":
            items.append(("all_out_attack_determined", 1))
        shots = shots_fired(status.shots.get(weapon, mode.ranged.shots), mode)
        if shots > 1 and rapid_fire_bonus(shots):
            items.append(("rapid_fire", rapid_fire_bonus(shots)))
        if context.maneuver == "move_and_attack":
            # seed 000: ranged Move and Attack takes -2 or the weapon's Bulk, the worse.
            items.append(("move_and_attack", min(-2, mode.ranged.bulk)))
    return Score(fighter.skill(mode.skill), Modifiers(tuple(items)), cap)


def shots_fired(loaded: int, mode: AttackMode) -> int:
    """Shots one attack fires: the weapon's RoF, or what is left in it (B373)."""
    assert mode.ranged is not None
    return max(1, min(mode.ranged.rof, loaded))


def _wrong_target(
    battle: Battle[GurpsState],
    attacker: str,
    weapon: str,
    mode: AttackMode,
    score: Score,
    groups: list[list[str]],
    crowd: frozenset[str] = frozenset(),
    through: tuple[int, int] = (0, 0),
) -> Steps:
    """seed 001 (誤射, 流れ弾): a missed or dodged shot may hit a figure on its line - each
    group in turn, at 9 (or the original skill if lower); the first one hit defends as
    usual, and a parry or block stops the shot. Those in `crowd` are in a close combat
    struck into from outside (近接戦闘中のキャラクターを攻撃する): they defend as in
    close combat. `through` is a shot that went through a figure (2B66P): its basic
    damage and the cover DR it carries (`overpenetration.py`)."""
    state = battle.state
    skill = Score(wrong_target_skill(score.value))
    for group in groups:
        if len(group) == 2 and battle.dice.roll(2) == 2:
            group = group[::-1]  # between two hexes: which is tried first is random
        for bystander in group:
            roll = roll_3d6(battle.dice)
            judged = success_roll(roll, skill.value)
            hit = judged.success
            battle.emit(
                AttackRolled(
                    attacker,
                    bystander,
                    weapon,
                    mode.name,
                    skill,
                    roll,
                    judged.margin,
                    "hit" if hit else "miss",
                    "torso",
                )
            )
            if not hit:
                continue
            incoming = IncomingAttack(
                attacker,
                weapon,
                mode,
                close_combat=bystander in crowd,
                arc=field_of(state).arc(state, bystander, attacker),
            )
            options = defense_options(state, bystander, incoming)
            if len(options) > 1:
                options = heard_defenses(battle, bystander, options)  # interpretation 78
            choice: DefenseChoice = NO_DEFENSE
            if len(options) > 1:
                choice = yield Decision(bystander, "defense", options, incoming)
            if choice.kind != "none" and roll_defense(battle, bystander, choice, incoming):
                return
            basic, cover = through
            struck = Hit(attacker, bystander, weapon, mode, "torso", fixed=basic, cover_dr=cover)
            deal_damage(battle, struck)
            return


def _runaround(state: GurpsState, defender: str, attacker: str, arc: str) -> str:
    """seed 001 (回り込み攻撃): an attacker that started its turn in the defender's front
    or side and ran round to its back is seen coming: a side attack, not a back one."""
    status = state.status[attacker]
    start, place = status.turn_start_hex, state.status[defender].hex
    if arc != BACK or start is None or place is None or start == place or not status.moved:
        return arc
    seen = arc_of(place, state.status[defender].facing, start) is not Arc.BACK
    return "right" if seen else arc


def _in_random_order(battle: Battle[GurpsState], keys: list[str]) -> list[str]:
    """The keys in an order drawn with the battle's dice (seed 001: サイコロを振って)."""
    left, order = list(keys), []
    while len(left) > 1:
        order.append(left.pop(battle.dice.roll(len(left)) - 1))
    return order + left


def resolve_attack(
    battle: Battle[GurpsState],
    attacker: str,
    target: str,
    weapon: str,
    mode: AttackMode,
    plan: AttackPlan,
    context: AttackContext,
) -> Steps:
    """One attack from roll to injury: yields the defender's decision when there is one."""
    state = battle.state
    status = state.status[attacker]
    score = attack_score(state, attacker, target, weapon, mode, plan, context)
    roll = roll_3d6(battle.dice)
    judged = success_roll(roll, score.value)
    location = plan.location
    if location == "random" or random_location_only(state, attacker, target, weapon, mode):
        # seed 001 大振り, 視界外射撃: a Wild Swing or a blind shot lands at random.
        location = lookups.hit_location(roll_3d6(battle.dice)).key
    if judged.critical:
        result = "critical_hit"
    elif judged.critical_failure:
        result = "critical_miss"
    else:
        result = "hit" if judged.success else "miss"
    shots = hits = 1
    if mode.ranged is not None:
        loaded = status.shots.get(weapon, mode.ranged.shots)
        shots = shots_fired(loaded, mode)
        status.shots[weapon] = loaded - shots
        if shots > 1:
            # B373: one roll for the burst; 1 hit plus 1 per full Recoil of margin.
            hits = hits_from_recoil(max(judged.margin, 0), mode.ranged.recoil, shots)
    if result in ("miss", "critical_miss"):
        hits = 0
    battle.emit(
        AttackRolled(
            attacker,
            target,
            weapon,
            mode.name,
            score,
            roll,
            judged.margin,
            result,
            location,
            shots,
            hits,
        )
    )
    status.attacked_with = with_item(status.attacked_with, weapon)
    if mode.is_melee:
        # seed 000 (realistic Move and Attack): kicks, bites and butts use no arm.
        status.attacked_limb = "leg" if weapon in ("kick", "bite", "butt") else "arm"
    status.aim_turns = 0
    if mode.ranged is not None and mode.ranged.thrown:
        # B373: a thrown weapon leaves the hand; it lands by the target, out of reach.
        let_go(status, weapon)
        status.thrown.add(weapon)
        battle.emit(ItemChanged(attacker, weapon, "thrown"))
    if result == "critical_miss":
        attack_critical_miss(battle, attacker, weapon, mode, target=target)
        return
    # seed 001: a blow into a close combat from outside may land on anyone else there.
    crowd = _in_random_order(battle, bystanders(state, attacker, target))
    if result == "miss":
        way: list[list[str]] = []
        if mode.ranged is not None and isinstance(state.ground, HexField):
            way = state.ground.in_the_way(state, attacker, target)
        way += [[k] for k in crowd]
        if way:
            yield from _wrong_target(battle, attacker, weapon, mode, score, way, frozenset(crowd))
        return
    critical = None
    parried_with = ""  # the arm of a failed bare-handed parry of this weapon (B376)
    if result == "critical_hit":
        critical = roll_critical_hit(battle, attacker, location)
        hits_left = hits
    else:
        incoming = IncomingAttack(
            attacker,
            weapon,
            mode,
            deceptive=plan.deceptive,
            feint=context.feint,
            close_combat=state.distance(attacker, target) < CLOSE or in_close_combat(state, target),
            arc=_runaround(state, target, attacker, field_of(state).arc(state, target, attacker)),
        )
        # The options (and the AI's choice among them) from the turn memo in a state and
        # against an attack met before.
        options = MEMO.issue(
            state, target, incoming, lambda: defense_options(state, target, incoming)
        )
        choice: DefenseChoice = NO_DEFENSE
        hits_left = hits
        beyond: list[list[str]] = []
        if mode.ranged is not None and isinstance(state.ground, HexField):
            # seed 001 流れ弾: a dodged shot flies on past where the target stood.
            beyond = state.ground.beyond(state, attacker, target, mode.ranged.max_range)
        heard = options
        if len(options) > 1:
            # An unseen attack (interpretation 78): a parry or block only if it is heard.
            heard = heard_defenses(battle, target, options)
        not_heard = heard is not options
        options = heard
        if len(options) > 1:
            choice = yield Decision(target, "defense", options, incoming)
        if choice.kind != "none":
            stopped = roll_defense(battle, target, choice, incoming, hits)
            hits_left -= stopped
            if not stopped and bare_parry_failed(state, target, choice, mode):
                parried_with = bare_arm(state, target)  # B376: the attacker may strike it
            if choice.kind == "dodge" and (beyond or crowd):
                flown = [[k] for k in crowd] + beyond
                for _ in range(stopped):
                    yield from _wrong_target(
                        battle, attacker, weapon, mode, score, flown, frozenset(crowd)
                    )
            if hits_left <= 0:
                return
            defender = state.status[target]
            if defender.maneuver == "all_out_defense" and defender.variant == "double":
                # B366: Double Defense - a second, different defense against the same attack.
                options = defense_options(state, target, incoming)
                if not_heard:
                    options = unheard(options)
                second = tuple(o for o in options if o.kind != choice.kind)
                if len(second) > 1:
                    again = yield Decision(target, "defense", second, incoming)
                    if again.kind != "none":
                        stopped = roll_defense(battle, target, again, incoming, hits_left)
                        hits_left -= stopped
                        if not stopped and bare_parry_failed(state, target, again, mode):
                            parried_with = bare_arm(state, target)
                        if again.kind == "dodge" and beyond:
                            for _ in range(stopped):
                                yield from _wrong_target(
                                    battle, attacker, weapon, mode, score, beyond
                                )
                        if hits_left <= 0:
                            return
    # B365 All-Out Attack (Strong); B357 Mighty Blows: the same bonus, for 1 FP.
    strong = plan.mighty or (context.maneuver == "all_out_attack" and context.variant == "strong")
    velocity = status.moved if context.maneuver == "move_and_attack" else 0.0
    hit = Hit(attacker, target, weapon, mode, location, strong, context.stop_thrust_yards, velocity)
    if parried_with and parried_with != location:
        answer: Choice = yield redirect(battle, hit, parried_with)
        if answer.name == "hit_arm":
            hit = Hit(
                attacker,
                target,
                weapon,
                mode,
                answer.detail,
                strong,
                hit.stop_thrust_yards,
                velocity,
            )
    for _ in range(hits_left):
        # B375: each hit of a burst rolls its own damage; a critical's result applies to all.
        wound = deal_damage(battle, hit, critical)
        if mode.ranged is not None and isinstance(state.ground, HexField):
            yield from _overpenetrate(battle, hit, wound, score)
        if state.status[target].dead:
            return


def _overpenetrate(battle: Battle[GurpsState], hit: Hit, wound: Injury, score: Score) -> Steps:
    """2B66P (完全貫通): a shot through its target flies on along its line as a stray shot
    (誤射), carrying the target's cover DR (`overpenetration.py`; option
    `overpenetration`)."""
    state = battle.state
    if state.rules.get("overpenetration", "on") != "on":
        return
    cover = flies_on(state.fighters[hit.target], wound)
    mode = hit.mode
    if not cover or mode.ranged is None or not isinstance(state.ground, HexField):
        return
    beyond = state.ground.beyond(state, hit.attacker, hit.target, mode.ranged.max_range)
    if beyond:
        through = (wound.basic, cover)
        yield from _wrong_target(
            battle, hit.attacker, hit.weapon, mode, score, beyond, through=through
        )


# Made in every battle: a direct __init__ (senjo.engine.frozen).
direct_init(AttackContext)
