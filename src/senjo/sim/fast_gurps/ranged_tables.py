"""The fast path's tables for a shooting duel: two fighters who shoot at each other from afar.

A duel is a shootout when both fighters' main weapons are missile weapons
(`accept.shooter`). The AI of a shooter, at a distance past 3 yards and past
its Move, never moves (`GurpsAI._maneuver_of`): with its weapon loaded it
Aims three turns and shoots, then Readies until the weapon is loaded again
(B270, B364); it stands up first when it lies or kneels. The target of a
shot can only dodge, or dodge and drop (B377). `shooter_tables` fills a
fighter's `FighterTables` for that loop from the engine's own functions on
constructed states - the shot's skill, the AI's choice to shoot and its
plan for every shock, foe's posture and foe's best defense, the to-hit
modifier of the foe's posture, the dodge-and-drop bonus - and raises
`Unsupported` wherever the engine would do anything else (the AI choosing
another maneuver, a defense other than dodging, half damage by range).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from senjo.engine.battle import Battle
from senjo.engine.decision import Decision
from senjo.sim.declines import Reason
from senjo.sim.fast_gurps.accept import shooter
from senjo.sim.fast_gurps.damage_tables import MISS_FIELDS, miss_table
from senjo.sim.fast_gurps.layout import (
    AIM_TURNS,
    CM_ESCAPE,
    CM_STUMBLE,
    D_MAX,
    D_MIN,
    LOC,
    NO_ATTACK,
    NO_DROP,
    PICK_SPARE,
    PICK_WEAPON,
    POSTURES,
    RANDOM,
    SHOCK_LEVELS,
    WEAPON_STATES,
    FighterTables,
    Mode,
    Unsupported,
)
from senjo.systems.gurps.ai import GurpsAI
from senjo.systems.gurps.attack import AttackContext, attack_score
from senjo.systems.gurps.choices import AttackPlan, DefenseChoice, ManeuverChoice
from senjo.systems.gurps.damage import minimum_basic_damage
from senjo.systems.gurps.defense import IncomingAttack, defense_options, defense_score
from senjo.systems.gurps.injury import can_target
from senjo.systems.gurps.maneuvers import maneuver_options, plan_options
from senjo.systems.gurps.model import Fighter
from senjo.systems.gurps.state import GurpsState
from senjo.systems.gurps.wounds import weapon_dice

__all__ = ["CLOSEST", "drop_tables", "shooter_tables"]

#: Past this distance the AI Aims before it shoots (`GurpsAI._maneuver_of`: "far").
CLOSEST = 3.0


def _unsupported(en: str, ja: str) -> Unsupported:
    return Unsupported(Reason(en, ja))


def shooter_tables(
    state_at: Any,
    battle: Battle[Any],
    key: str,
    foe: str,
    distance: float,
    out: FighterTables,
) -> None:
    """Fill `out` (the fighter `key`'s tables) for a shootout at `distance`: its missile
    mode appended to `out.modes`, and `ranged`, `reload`, `shoot`, `shoot_plan`,
    `shot_posture`, `drop_bonus`. `state_at(distance)` builds a fresh state with the
    fighters `distance` apart (`tables._state`)."""
    fighter: Fighter = battle.state.fighters[key]
    foe_fighter: Fighter = battle.state.fighters[foe]
    mine, theirs = shooter(fighter), shooter(foe_fighter)
    if mine is None or theirs is None:  # `accept.decline_reason` checks it first
        raise _unsupported("only one combatant shoots", "射撃するのは片方の戦闘者のみ")
    weapon, mode = mine
    ranged = mode.ranged
    assert ranged is not None
    if distance <= CLOSEST or distance <= fighter.basic_move:
        raise _unsupported(
            f"combatant {key!r} starts within reach of a move ({distance:g} yards)",
            f"戦闘者 {key!r} が移動で届く距離から始まる（{distance:g}ヤード）",
        )
    if distance > ranged.half_damage:  # `wounds.deal_damage` halves the basic damage
        raise _unsupported(
            f"combatant {key!r} shoots from past half-damage range",
            f"戦闘者 {key!r} の射撃が1/2D距離を超える",
        )

    # The shot, with three turns of Aim, at a standing foe's torso: its skill less the
    # foe's size (the location table adds it back, `damage_tables.victim_tables`).
    def aimed(state: GurpsState, shock: int = 0) -> GurpsState:
        status = state.status[key]
        status.aim_turns, status.aim_target, status.aim_weapon = AIM_TURNS, foe, weapon
        status.shock = -shock
        return state

    plain = aimed(state_at(distance))
    context = AttackContext()
    torso = AttackPlan("torso")
    skill = attack_score(plain, key, foe, weapon, mode, torso, context).value
    dice = weapon_dice(fighter, mode)
    # Its critical misses (B556): the armed table, as for a blow; a stumble past the foe
    # (which would end the shootout) is handed to the engine.
    rows = miss_table(battle, key, weapon, mode, parrying=False)
    for row in rows:
        if row["code"] == CM_STUMBLE:
            row["code"] = CM_ESCAPE
    misses = out.miss["code"].shape[0]
    for name in MISS_FIELDS:
        out.miss[name] = np.vstack([out.miss[name], [[row[name] for row in rows]]])
    out.modes.append(
        Mode(
            weapon,
            mode.name,
            False,
            False,
            dice.dice,
            dice.adds,
            mode.damage.damage_type.value,
            minimum_basic_damage(mode.damage.damage_type),
            skill - foe_fighter.size_modifier,
            misses,
            can_target("eye", mode.damage.damage_type),
            0.0,
            False,
            False,
            float(mode.damage.armor_divisor),
        )
    )
    out.ranged = len(out.modes) - 1
    out.reload = ranged.reload

    # B551: the foe's posture, as the engine adds it to every shot.
    out.shot_posture = np.zeros(len(POSTURES), dtype=np.int64)
    for p, posture in enumerate(POSTURES):
        state = aimed(state_at(distance))
        state.status[foe].posture = posture
        out.shot_posture[p] = (
            attack_score(state, key, foe, weapon, mode, torso, context).value - skill
        )

    ai = GurpsAI()
    shot = ManeuverChoice("attack", "", foe, weapon, mode.name)
    aim = ManeuverChoice("aim", "", foe, weapon, mode.name)
    # Loaded and not yet aimed three turns: it Aims; empty: it reloads, whatever the turn.
    for turns in range(AIM_TURNS):
        state = state_at(distance)
        status = state.status[key]
        status.aim_turns, status.aim_target, status.aim_weapon = turns, foe, weapon
        _expect(ai, state, key, aim, "Aim")
    for progress in range(ranged.reload):
        state = state_at(distance)
        state.status[key].shots[weapon] = 0
        if progress:
            state.status[key].reloading[weapon] = progress
        reload = ManeuverChoice("ready", "reload", weapon=weapon)
        _expect(ai, state, key, reload, "Ready (reload)")

    # Its weapon dropped (a critical miss, B556; a critical hit's "drops its weapon") or
    # turned in its hands: it picks it up or readies it again; broken: it draws its
    # sidearm (for the engine to play).
    from senjo.sim.fast_gurps.tables import _decision_battle, _set_weapon

    out.recover = np.full((len(WEAPON_STATES), 2), PICK_SPARE, dtype=np.int64)
    for where in WEAPON_STATES:
        for loaded in (0, 1):
            state = state_at(distance)
            if not loaded:
                state.status[key].shots[weapon] = 0
            _set_weapon(state, key, weapon, where)
            options = maneuver_options(state, key)
            chosen = ai.choose(_decision_battle(state), Decision(key, "maneuver", options))
            if chosen in (
                ManeuverChoice("ready", "pick_up", weapon=weapon),
                ManeuverChoice("ready", "regrip", weapon=weapon),
            ):
                out.recover[where, loaded] = PICK_WEAPON

    d_count = D_MAX - D_MIN + 1
    out.shoot = np.full((SHOCK_LEVELS, len(POSTURES), d_count), NO_ATTACK, dtype=np.int64)
    out.shoot_plan = np.zeros((SHOCK_LEVELS, len(POSTURES), d_count), dtype=np.int64)
    from senjo.sim.fast_gurps.tables import _plan_ids

    plan_ids = _plan_ids()
    for shock in range(SHOCK_LEVELS):
        for p, posture in enumerate(POSTURES):
            state = aimed(state_at(distance), shock)
            state.status[foe].posture = posture
            attacks = [
                o
                for o in maneuver_options(state, key)
                if o.maneuver == "attack" and o.weapon and o.target == foe
            ]
            if attacks != [shot]:
                raise _unsupported(
                    f"combatant {key!r} has another attack than its shot",
                    f"戦闘者 {key!r} に射撃以外の攻撃がある",
                )
            plans = plan_options(state, key, shot)
            for defense in range(D_MIN, D_MAX + 1):
                cache: dict[tuple[str, bool], int | None] = {(foe, True): defense}
                if ai._attack_value(state, key, shot, cache) <= 0:
                    continue
                out.shoot[shock, p, defense - D_MIN] = out.ranged
                chosen = (
                    plans[0]
                    if len(plans) == 1
                    else ai._best_plan(state, key, shot, plans, {(foe, True): defense})[1]
                )
                if chosen.deceptive or chosen.rapid_strike:
                    raise _unsupported(
                        f"combatant {key!r} would shoot a Deceptive or Rapid shot",
                        f"戦闘者 {key!r} がフェイント的な射撃を選ぶ",
                    )
                if LOC.get(chosen.location, RANDOM) == RANDOM and chosen.location != "random":
                    raise _unsupported(
                        f"combatant {key!r} would aim at {chosen.location}",
                        f"戦闘者 {key!r} が{chosen.location}を狙う",
                    )
                out.shoot_plan[shock, p, defense - D_MIN] = plan_ids[chosen]
    if (out.shoot[0, 0] == NO_ATTACK).all():  # not even its first shot at a standing foe
        raise _unsupported(
            f"the AI of {key!r} would not shoot from {distance:g} yards (it closes in)",
            f"{key!r} のAIは{distance:g}ヤードからは撃たない（接近する）",
        )


def drop_tables(
    state_at: Any,
    battle: Battle[Any],
    key: str,
    foe: str,
    distance: float,
    out: FighterTables,
) -> None:
    """`out.drop_bonus`: for the target of the foe's shots, by its posture. Its options must
    be the dodge, scored as the kernel scores its dodge slot (`out.slots[0]` and the
    posture), and (but when lying) the dodge and drop; anything else is declined."""
    foe_shot = shooter(battle.state.fighters[foe])
    assert foe_shot is not None
    incoming = IncomingAttack(foe, foe_shot[0], foe_shot[1])
    dodge, drop = DefenseChoice("dodge"), DefenseChoice("dodge", drop=True)
    out.drop_bonus = np.full(len(POSTURES), NO_DROP, dtype=np.int64)
    for p, posture in enumerate(POSTURES):
        state = state_at(distance)
        state.status[key].posture = posture
        options = [o for o in defense_options(state, key, incoming) if o.kind != "none"]
        if not options or options[0] != dodge or any(o not in (dodge, drop) for o in options):
            raise _unsupported(
                f"combatant {key!r} has other defenses against a shot than the dodge",
                f"戦闘者 {key!r} が射撃に対して回避以外の防御を持つ",
            )
        score = defense_score(state, key, dodge, incoming).value
        slot = out.slots[0] if out.slots else None
        if slot is None or slot.kind != "dodge" or score != slot.base + out.posture_defense[p]:
            raise _unsupported(
                f"combatant {key!r} dodges a shot otherwise than a blow",
                f"戦闘者 {key!r} の射撃への回避が打撃へのものと異なる",
            )
        if drop in options:
            out.drop_bonus[p] = defense_score(state, key, drop, incoming).value - score


def _expect(ai: GurpsAI, state: GurpsState, key: str, wanted: ManeuverChoice, name: str) -> None:
    """Raise `Unsupported` unless the AI's maneuver in `state` is `wanted`."""
    from senjo.sim.fast_gurps.tables import _decision_battle

    chosen = ai.choose(
        _decision_battle(state), Decision(key, "maneuver", maneuver_options(state, key))
    )
    if chosen != wanted:
        raise _unsupported(
            f"the AI of {key!r} would take {chosen.key} where the fast path has it {name}",
            f"{key!r} のAIが {chosen.key} を選ぶ（高速経路では {name}）",
        )
