"""The fast path's tables for a shooter: a fighter whose main weapon shoots (a bow, a
crossbow, a scenario's launcher; `accept.shooter`), against another shooter or against
a melee fighter.

The AI of a shooter (`GurpsAI._maneuver_of`), standing, with its weapon loaded
in hand, weighs its shot against its blows (a punch or kick with the bow in
hand) and takes the better, Aiming first while the foe is past 3 yards
(B364), or moves toward the foe when neither is worth it; empty, it strikes a
blow worth striking, else Readies until the weapon is loaded again (B270) -
or, with the foe within its Move, it swaps in its sidearm; broken, it draws
the sidearm - as it does once a thrown weapon (a javelin) has left its hand,
which never comes back (B373); hurt and close, it takes All-Out Defense. `shooter_tables` fills
a fighter's `FighterTables` for that from the engine's own functions on
constructed states - the shot's skill by range yard and Aim and its
critical-miss table, its half-damage range, the to-hit modifier of the foe's
posture, what the AI does with its weapon empty, dropped, turned or broken,
its free action, its value of a shot and its plan for every skill and foe's
best defense - and `drop_tables` the dodge-and-drop bonus of the target of
a shot and what its parries lose against a thrown one (and checks its block and
parries); both raise `Unsupported` wherever the engine
would do anything else. The blows, the All-Out Defense, the sidearm and the
defenses in melee are the melee tables' (`tables.py`).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from senjo.engine.battle import Battle
from senjo.engine.decision import Decision
from senjo.engine.modifiers import Score
from senjo.sim.declines import Reason
from senjo.sim.fast_gurps.accept import shooter
from senjo.sim.fast_gurps.ai_tables import plan_ids
from senjo.sim.fast_gurps.constructed import _decision_battle, _set_weapon
from senjo.sim.fast_gurps.damage_tables import MISS_FIELDS, miss_table
from senjo.sim.fast_gurps.layout import (
    AIM_TURNS,
    D_MAX,
    D_MIN,
    EMPTY_FIGHT,
    EMPTY_SPARE,
    LOC,
    MAIN_STATES,
    NO_CAP,
    NO_DROP,
    PICK_ESCAPE,
    PICK_NONE,
    PICK_SPARE,
    PICK_WEAPON,
    POSTURES,
    RANDOM,
    READY,
    SHOCK_LEVELS,
    SKILL_HI,
    SKILL_LO,
    FighterTables,
    Mode,
    Unsupported,
)
from senjo.systems.gurps.ai import GurpsAI
from senjo.systems.gurps.attack import AttackContext, attack_score
from senjo.systems.gurps.choices import AttackPlan, DefenseChoice, ManeuverChoice
from senjo.systems.gurps.damage import minimum_basic_damage
from senjo.systems.gurps.defense import (
    IncomingAttack,
    defense_options,
    defense_score,
    thrown_parry_penalty,
)
from senjo.systems.gurps.free_actions import free_action_options
from senjo.systems.gurps.injury import can_target
from senjo.systems.gurps.maneuvers import maneuver_options
from senjo.systems.gurps.model import AttackMode, Fighter
from senjo.systems.gurps.plans import plans_for_skill
from senjo.systems.gurps.skills import FAST_DRAW
from senjo.systems.gurps.state import GurpsState
from senjo.systems.gurps.tables import range_modifier
from senjo.systems.gurps.wounds import weapon_dice

__all__ = ["drop_tables", "shooter_tables"]

#: Past this distance the AI Aims before it shoots (`GurpsAI._maneuver_of`: "far").
FAR = 3.0


def _unsupported(en: str, ja: str) -> Unsupported:
    return Unsupported(Reason(en, ja))


#: What builds a fresh state with the two fighters a given distance apart (`constructed._state`).
StateAt = Callable[[float], GurpsState]


def shooter_tables(
    state_at: StateAt,
    battle: Battle[Any],
    key: str,
    foe: str,
    distance: float,
    top: int,
    out: FighterTables,
) -> None:
    """Fill `out` (the fighter `key`'s tables) for a duel starting at `distance`, its
    shots covered up to `top` yards (less past its maximum range): its missile mode and
    critical-miss table appended to `out.modes` and `out.miss`, and `ranged`, `reload`,
    `fast_draw`, `half_damage`, `shot_posture`, `shot_skill`, `shot_value`, `shot_plan`,
    `recover`, `empty`, `basic_move` and `free_drop`."""
    fighter: Fighter = battle.state.fighters[key]
    mine = shooter(fighter)
    assert mine is not None  # `tables.py` asks only of a shooter
    weapon, mode = mine
    ranged = mode.ranged
    assert ranged is not None
    if distance > ranged.max_range:  # no shot offered: the AI closes in
        raise _unsupported(
            f"combatant {key!r} starts past its weapon's maximum range",
            f"戦闘者 {key!r} が武器の最大射程の外から始まる",
        )
    shot = _Shot(state_at, battle, key, foe, weapon, mode, distance)
    _add_mode(shot, out)
    out.reload = ranged.reload
    out.thrown = ranged.thrown
    out.shots, out.rof, out.recoil = ranged.shots, ranged.rof, ranged.recoil
    out.individually = ranged.individually
    out.half_damage = float(ranged.half_damage)
    out.max_range = float(ranged.max_range)
    out.basic_move = fighter.basic_move
    fast = FAST_DRAW.get(mode.skill, "")
    if ranged.reload > 1 and fast in fighter.skills:
        out.fast_draw = fighter.skills[fast]
    _check_aim(shot)
    _rapid_bonus(shot, out)
    if not ranged.thrown:  # a thrown weapon is never empty in the hand: gone once thrown
        _empty(shot, out)
        _free_drop(shot, out)
    _recover(shot, out)
    # Out to its Max (B269), the yard it falls in too (22.5 yd: the row of 23 holds
    # 22-22.5); past it the kernel offers no shot, as `reach.py`.
    _shot_skills(shot, min(top, math.ceil(ranged.max_range)), out)
    _shoot(shot, out)


@dataclass(frozen=True, slots=True)
class _Shot:
    """What the tables of one shooter are asked about."""

    state_at: StateAt
    battle: Battle[Any]
    key: str
    foe: str
    weapon: str
    mode: AttackMode
    distance: float

    def at(self, distance: float, turns: int = 0) -> GurpsState:
        """A state `distance` apart with the shooter aimed `turns` turns at the foe."""
        state = self.state_at(distance)
        if turns:
            status = state.status[self.key]
            status.aim_turns, status.aim_target, status.aim_weapon = turns, self.foe, self.weapon
        return state

    def aimed(self, shock: int = 0, posture: str = "standing") -> GurpsState:
        """A state with the shooter aimed `AIM_TURNS` turns at the foe in that posture."""
        state = self.at(self.distance, AIM_TURNS)
        state.status[self.key].shock = -shock
        state.status[self.foe].posture = posture
        return state

    def skill(self, state: GurpsState) -> int:
        """The engine's score of a shot at the foe's torso in `state`, before its cap (the
        kernel caps a shot once every modifier is in: `shot_cap`)."""
        torso = AttackPlan("torso")
        score = attack_score(state, self.key, self.foe, self.weapon, self.mode, torso, _PLAIN)
        return score.base + score.modifiers.total

    def choice(self, state: GurpsState) -> ManeuverChoice:
        """The AI's maneuver in `state`."""
        options = maneuver_options(state, self.key)
        chosen: ManeuverChoice = _AI.choose(
            _decision_battle(state), Decision(self.key, "maneuver", options)
        )
        return chosen


_AI = GurpsAI()
_PLAIN = AttackContext()


def _add_mode(shot: _Shot, out: FighterTables) -> None:
    """The missile mode, its skill with three turns of Aim at a standing foe's torso less
    the foe's size (the location table adds it back, `damage_tables.victim_tables`), and
    the to-hit modifier of the foe's posture (B551) as the engine adds it to every shot."""
    fighter: Fighter = shot.battle.state.fighters[shot.key]
    mode = shot.mode
    skill = shot.skill(shot.aimed())
    # Its critical misses (B556): the armed table, as for a blow (a stumble past the foe
    # brings the shooter a yard beyond it).
    rows = miss_table(shot.battle, shot.key, shot.weapon, mode, parrying=False)
    misses = out.miss["code"].shape[0]
    for name in MISS_FIELDS:
        out.miss[name] = np.vstack([out.miss[name], [[row[name] for row in rows]]])
    dice = weapon_dice(fighter, mode)
    size = shot.battle.state.fighters[shot.foe].size_modifier
    out.modes.append(
        Mode(
            shot.weapon,
            mode.name,
            mode.unarmed,
            mode.thrusting,  # a parry bare-handed is -3 against it unless a thrust (B376)
            dice.dice,
            dice.adds,
            mode.damage.damage_type.value,
            minimum_basic_damage(mode.damage.damage_type),
            skill - size,
            misses,
            can_target("eye", mode.damage.damage_type),
            0.0,
            False,
            False,
            float(mode.damage.armor_divisor),
        )
    )
    out.ranged = len(out.modes) - 1
    out.shot_posture = np.array(
        [shot.skill(shot.aimed(posture=posture)) - skill for posture in POSTURES],
        dtype=np.int64,
    )


def _rapid_bonus(shot: _Shot, out: FighterTables) -> None:
    """`out.rapid_bonus`: by the shots left in the weapon, what a burst fired with that many
    loaded (B373: RoF, at most what is left; its Rapid Fire bonus) adds to the skill of a
    shot from a full weapon - from the engine's score with each load."""
    assert shot.mode.ranged is not None
    full = shot.skill(shot.aimed())
    out.rapid_bonus = np.zeros(shot.mode.ranged.shots + 1, dtype=np.int64)
    for left in range(1, shot.mode.ranged.shots):
        state = shot.aimed()
        state.status[shot.key].shots[shot.weapon] = left
        out.rapid_bonus[left] = shot.skill(state) - full


def _check_aim(shot: _Shot) -> None:
    """Loaded and not yet aimed three turns, the AI Aims past 3 yards (the kernel's rule,
    `GurpsAI._maneuver_of`), and it has no Ready to reload; checked at 4 yards and at the
    start."""
    aim = ManeuverChoice("aim", "", shot.foe, shot.weapon, shot.mode.name)
    for distance in sorted({FAR + 1, max(shot.distance, FAR + 1)}):
        for turns in range(AIM_TURNS):
            _expect(shot, shot.at(distance, turns), aim, "Aim")
    state = shot.state_at(1.0)
    if any(o.variant == "reload" for o in maneuver_options(state, shot.key)):
        raise _unsupported(
            f"combatant {shot.key!r} may reload a loaded weapon",
            f"戦闘者 {shot.key!r} が装填済みの武器を装填できる",
        )


def _near_far(shot: _Shot) -> tuple[float, float]:
    """A distance within the shooter's basic Move, and one past it."""
    fighter: Fighter = shot.battle.state.fighters[shot.key]
    return float(max(fighter.basic_move, 1)), float(max(fighter.basic_move, 1) + 1)


def _empty(shot: _Shot, out: FighterTables) -> None:
    """`out.empty`: its weapon empty in hand, at every step of its reload, the AI reloads
    (B270) or strikes a blow (EMPTY_FIGHT), or readies its sidearm (EMPTY_SPARE), with the
    foe within its basic Move and past it; anything else is declined."""
    assert shot.mode.ranged is not None
    out.empty = np.zeros(2, dtype=np.int64)
    for near, distance in zip((1, 0), _near_far(shot), strict=True):
        answers = set()
        for progress in range(shot.mode.ranged.reload):
            state = shot.state_at(distance)
            state.status[shot.key].shots[shot.weapon] = 0
            if progress:
                state.status[shot.key].reloading[shot.weapon] = progress
            chosen = shot.choice(state)
            if (chosen.maneuver == "ready" and chosen.variant == "reload") or (
                chosen.maneuver == "attack" and chosen.weapon != shot.weapon
            ):
                answers.add(EMPTY_FIGHT)
            elif chosen.maneuver == "ready" and chosen.variant in ("swap", "draw"):
                answers.add(EMPTY_SPARE)
            else:
                raise _unsupported(
                    f"the AI of {shot.key!r} would take {chosen.key} with its weapon empty",
                    f"{shot.key!r} のAIは武器が空のとき {chosen.key} を選ぶ",
                )
        if len(answers) != 1:
            raise _unsupported(
                f"the AI of {shot.key!r} changes its mind as it reloads",
                f"{shot.key!r} のAIが装填の途中で選択を変える",
            )
        out.empty[near] = answers.pop()


def _recover(shot: _Shot, out: FighterTables) -> None:
    """`out.recover`: its weapon dropped (a critical miss, B556; a critical hit's "drops
    its weapon") or turned in its hands, it picks it up or readies it again - but for an
    empty one with the foe within its Move, which it leaves for its sidearm or, without
    one, where it is (PICK_NONE: it strikes a blow, closes in or defends, as the melee
    tables say); broken, it draws its sidearm."""
    back = (
        ManeuverChoice("ready", "pick_up", weapon=shot.weapon),
        ManeuverChoice("ready", "regrip", weapon=shot.weapon),
    )
    assert shot.mode.ranged is not None
    shots = shot.mode.ranged.shots
    # Loaded (1) is a full weapon and, with two shots or more, one with some fired: the
    # kernel holds "loaded" as a count and reads this table at 0 or 1, so the AI must take
    # a part-loaded weapon up as it takes a full one (checked).
    loads = ((0, 0), (1, shots), *(((1, 1),) if shots > 1 else ()))
    out.recover = np.full((len(MAIN_STATES), 2, 2), PICK_NONE, dtype=np.int64)
    for where, (loaded, left), (near, distance) in itertools.product(
        MAIN_STATES, loads, zip((1, 0), _near_far(shot), strict=True)
    ):
        if where == READY:
            continue
        state = shot.state_at(distance)
        state.status[shot.key].shots[shot.weapon] = left
        _set_weapon(state, shot.key, shot.weapon, where)
        chosen = shot.choice(state)
        if chosen in back:
            pick = PICK_WEAPON
        elif chosen.maneuver == "ready" and chosen.variant in ("swap", "draw"):
            pick = PICK_SPARE
        elif chosen.maneuver in ("attack", "move", "all_out_defense"):
            pick = PICK_NONE  # it fights on without
        else:
            pick = PICK_ESCAPE
        if 0 < left < shots and pick != out.recover[where, loaded, near]:
            raise _unsupported(
                f"the AI of {shot.key!r} takes its weapon up differently when part-loaded",
                f"{shot.key!r} のAIが一部装填の武器を満装填と違うように拾う",
            )
        out.recover[where, loaded, near] = pick


def _free_drop(shot: _Shot, out: FighterTables) -> None:
    """`out.free_drop`: with the option `free_actions`, whether the AI drops its empty
    missile weapon as a free action with the foe a yard away (`GurpsAI._free_action`)."""
    state = shot.state_at(1.0)
    if state.rules.get("free_actions", "off") != "on":
        return
    state.status[shot.key].shots[shot.weapon] = 0
    options = free_action_options(state, shot.key)
    chosen = _AI.choose(_decision_battle(state), Decision(shot.key, "free_action", options))
    out.free_drop = chosen.name == "drop" and chosen.detail == shot.weapon


def _shot_skills(shot: _Shot, top: int, out: FighterTables) -> None:
    """`out.shot_skill`: the skill of a shot at a standing foe's torso with 0 to
    `AIM_TURNS` turns of Aim, by range yard (`range_yard`) up to `top`, less the foe's
    size, as `_add_mode` takes it; row 0 is close combat (the weapon's Bulk, B548)."""
    size = shot.battle.state.fighters[shot.foe].size_modifier
    out.shot_skill = np.full((top + 1, AIM_TURNS + 1), SKILL_LO, dtype=np.int64)
    for row in range(top + 1):
        if row > 1 and range_modifier(row) == range_modifier(row - 1):
            # The distance enters a shot through B550's row alone (`attack.py`): a yard
            # on the same row as the last is the last's skill (and a long table costs a
            # few engine calls a row of B550, not a few a yard).
            out.shot_skill[row] = out.shot_skill[row - 1]
            continue
        for turns in range(AIM_TURNS + 1):
            out.shot_skill[row, turns] = shot.skill(shot.at(float(row), turns)) - size


def _shoot(shot: _Shot, out: FighterTables) -> None:
    """`out.shot_value` and `out.shot_plan`: for every effective skill a shot can have
    (any range yard of `shot_skill` and turns of Aim, at each shock and foe's posture;
    less the foe's size, as `shot_skill`; clipped to the success-roll table) and every
    best defense of the foe, the AI's value of the shot (`GurpsAI._attack_value`:
    `_best_plan` on the plans for that skill) and its plan. The value depends on the
    state only through the skill: it is worked out on one state, with the skill given."""
    key, foe = shot.key, shot.foe
    attack = ManeuverChoice("attack", "", foe, shot.weapon, shot.mode.name)
    fighter: Fighter = shot.battle.state.fighters[key]
    for shock in range(SHOCK_LEVELS):
        for posture in POSTURES:
            state = shot.aimed(shock, posture)
            shots = [
                o
                for o in maneuver_options(state, key)
                if o.maneuver == "attack"
                and o.weapon
                and o.target == foe
                and fighter.weapon(o.weapon).mode(o.mode).ranged is not None
            ]
            if shots != [attack]:
                raise _unsupported(
                    f"combatant {key!r} has another shot than its missile weapon's",
                    f"戦闘者 {key!r} に主の射撃武器以外の射撃がある",
                )
    reference = shot.aimed()
    size = shot.battle.state.fighters[foe].size_modifier  # `shot_skill` is less the foe's size
    cap = attack_score(reference, key, foe, shot.weapon, shot.mode, AttackPlan("torso"), _PLAIN).cap
    out.shot_cap = NO_CAP if cap is None else cap
    reachable = sorted(
        {
            min(max(int(skill) - shock + int(modifier) + int(bonus), SKILL_LO), SKILL_HI)
            for skill in np.unique(out.shot_skill)
            for shock in range(SHOCK_LEVELS)
            for modifier in out.shot_posture
            for bonus in np.unique(out.rapid_bonus)
        }
    )
    d_count = D_MAX - D_MIN + 1
    out.shot_value = np.full((SKILL_HI - SKILL_LO + 1, d_count), -1.0, dtype=np.float64)
    out.shot_plan = np.zeros((SKILL_HI - SKILL_LO + 1, d_count), dtype=np.int64)
    ids = plan_ids()
    for skill in reachable:
        base = Score(skill + size, cap=cap)  # the engine's skill: the foe's size in it
        plans = plans_for_skill(reference, key, attack, shot.mode, base.value)
        for defense in range(D_MIN, D_MAX + 1):
            at = (skill - SKILL_LO, defense - D_MIN)
            if not plans:  # B344: not even the torso can be tried
                out.shot_value[at] = 0.0
                continue
            cache: dict[tuple[str, bool], int | None] = {(foe, True): defense}
            value, chosen = _AI._best_plan(reference, key, attack, plans, cache, base)
            out.shot_value[at] = value
            if value <= 0:
                continue
            if chosen.deceptive or chosen.rapid_strike:
                raise _unsupported(
                    f"combatant {key!r} would shoot with a Deceptive Attack or Rapid Strike",
                    f"戦闘者 {key!r} がトリック攻撃か連続攻撃で撃つ",
                )
            if LOC.get(chosen.location, RANDOM) == RANDOM and chosen.location != "random":
                raise _unsupported(
                    f"combatant {key!r} would aim at {chosen.location}",
                    f"戦闘者 {key!r} が{chosen.location}を狙う",
                )
            out.shot_plan[at] = ids[chosen]


def drop_tables(
    state_at: StateAt,
    battle: Battle[Any],
    key: str,
    foe: str,
    distance: float,
    out: FighterTables,
) -> None:
    """`out.drop_bonus` and `out.shot_parry`: for the target of the foe's shots, by its
    posture. Its options must be the dodge, scored as the kernel scores its dodge slot
    (`out.slots[0]` and the posture), (but when lying) the dodge and drop, against a thrown
    weapon the parries a blow meets, each scored as its slot less `shot_parry` (B376), and,
    with a shield ready, the block, scored as its block slot (B375); anything else is
    declined."""
    foe_shot = shooter(battle.state.fighters[foe])
    assert foe_shot is not None
    incoming = IncomingAttack(foe, foe_shot[0], foe_shot[1])
    out.shot_parry = -thrown_parry_penalty(battle.state, incoming)  # B376
    dodge, drop = DefenseChoice("dodge"), DefenseChoice("dodge", drop=True)
    blocks = [slot for slot in out.slots if slot.kind == "block"]
    block = DefenseChoice("block", blocks[0].weapon) if blocks else None
    out.drop_bonus = np.full(len(POSTURES), NO_DROP, dtype=np.int64)
    for p, posture in enumerate(POSTURES):
        state = state_at(distance)
        state.status[key].posture = posture
        options = [o for o in defense_options(state, key, incoming) if o.kind != "none"]
        _check_parries(state, key, incoming, options, out, p)
        options = [o for o in options if o.kind != "parry"]
        known = (dodge, drop, block)
        if not options or options[0] != dodge or any(o not in known for o in options):
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
        if block is not None and (
            block not in options
            or defense_score(state, key, block, incoming).value
            != blocks[0].base + out.posture_defense[p]
        ):
            raise _unsupported(
                f"combatant {key!r} blocks a shot otherwise than a blow",
                f"戦闘者 {key!r} の射撃への止めが打撃へのものと異なる",
            )


def _check_parries(
    state: GurpsState,
    key: str,
    incoming: IncomingAttack,
    options: list[DefenseChoice],
    out: FighterTables,
    p: int,
) -> None:
    """Raise `Unsupported` unless the parries among `options` (against a shot) are the
    ones a blow from the same foe meets (`out.slots` follow those, weapon state by weapon
    state), each scored as its slot in posture `p` less `out.shot_parry`."""
    parries = [o for o in options if o.kind == "parry"]
    foe = state.fighters[incoming.attacker]
    melee = next((m for w in foe.weapons for m in w.modes if m.is_melee), None)
    if melee is None:
        raise _unsupported(
            f"combatant {incoming.attacker!r} has no blow to weigh parries by",
            f"戦闘者 {incoming.attacker!r} に受けを比べる打撃がない",
        )
    blow = IncomingAttack(incoming.attacker, "", melee)
    against_blow = [
        o.weapon for o in defense_options(state, key, blow) if o.kind == "parry" and not o.retreat
    ]
    wanted = against_blow if out.shot_parry else []
    slots = {slot.weapon: slot for slot in out.slots if slot.kind == "parry"}
    if [o.weapon for o in parries] != wanted or any(o.weapon not in slots for o in parries):
        raise _unsupported(
            f"combatant {key!r} parries a shot otherwise than a blow",
            f"戦闘者 {key!r} の射撃への受けが打撃へのものと異なる",
        )
    armed = not (incoming.mode.unarmed or incoming.mode.thrusting)
    for option in parries:
        slot = slots[option.weapon]
        expected = slot.base + out.posture_defense[p] - out.shot_parry
        expected -= 3 if slot.unarmed and armed else 0  # B376, as the kernel's `_slot_score`
        if defense_score(state, key, option, incoming).value != expected:
            raise _unsupported(
                f"combatant {key!r} parries a thrown weapon otherwise than the fast path",
                f"戦闘者 {key!r} の投擲武器への受けが高速経路と異なる",
            )


def _expect(shot: _Shot, state: GurpsState, wanted: ManeuverChoice, name: str) -> None:
    """Raise `Unsupported` unless the AI's maneuver in `state` is `wanted`."""
    chosen = shot.choice(state)
    if chosen != wanted:
        raise _unsupported(
            f"the AI of {shot.key!r} would take {chosen.key} where the fast path has it {name}",
            f"{shot.key!r} のAIが {chosen.key} を選ぶ（高速経路では {name}）",
        )
