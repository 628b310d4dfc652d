"""The GURPS rule system: turn sequence (B362-363), initiative, and the battle loop.

`Gurps.play` is the battle as a generator: rounds of turns in a fixed order,
each turn a maneuver decision resolved by `senjo.systems.gurps.maneuvers`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

from senjo.engine.battle import (
    MOST_ROUNDS,
    Battle,
    Flow,
    Outcome,
    RuleOption,
    RuleSystem,
    Steps,
    last_side_outcome,
)
from senjo.engine.decision import Decision
from senjo.engine.modifiers import Modifiers, Score
from senjo.space.hexmap import HexMap
from senjo.space.plane import Point
from senjo.systems.gurps.ai import GurpsAI
from senjo.systems.gurps.arm_lock import lock_turn
from senjo.systems.gurps.choices import ManeuverChoice
from senjo.systems.gurps.crippling import recover
from senjo.systems.gurps.events import (
    ConditionChanged,
    ManeuverTaken,
    RoundStarted,
    TurnSkipped,
    TurnStarted,
)
from senjo.systems.gurps.field import Placement
from senjo.systems.gurps.free_actions import free_action_options, take_free_action
from senjo.systems.gurps.grips import check_grips
from senjo.systems.gurps.hands import free_hand, take
from senjo.systems.gurps.hexfield import HexField
from senjo.systems.gurps.hp_thresholds import consciousness_roll_modifier
from senjo.systems.gurps.item_sets import NOTHING, shared
from senjo.systems.gurps.maneuvers import maneuver_options, resolve_maneuver
from senjo.systems.gurps.memo import MEMO
from senjo.systems.gurps.model import Fighter
from senjo.systems.gurps.rolls import check
from senjo.systems.gurps.ruleset import rules_for
from senjo.systems.gurps.state import FighterState, GurpsState
from senjo.systems.gurps.wounds import knock_out, lose_fp

__all__ = ["Gurps", "initiative_order"]


def initiative_order(fighters: Iterable[Fighter], tie_rolls: Mapping[str, int]) -> tuple[str, ...]:
    """Turn order (B363): higher Basic Speed first, then higher DX, then the tie roll.

    >>> from senjo.systems.gurps.model import Fighter
    >>> def f(key, speed, dx):
    ...     return Fighter(key, key, "s", 10, dx, 10, 10, 10, 10, 10, 10, speed, 5, 8)
    >>> initiative_order([f("a", 5.0, 10), f("b", 6.0, 10), f("c", 5.0, 12)], {})
    ('b', 'c', 'a')
    """
    ranked = sorted(
        fighters, key=lambda f: (-f.basic_speed, -f.dx, -tie_rolls.get(f.key, 0), f.key)
    )
    return tuple(f.key for f in ranked)


#: Where a fighter with no position given starts.
_ORIGIN: Final = Point(0, 0)


class Gurps(RuleSystem[GurpsState]):
    """GURPS 4th edition combat without a map (B362-392): chapter 11 of the Basic Set."""

    name = "gurps"
    options = (
        RuleOption(
            "max_rounds",
            (),
            "100",
            "Rounds after which the battle ends in a draw.",
            "この戦闘ラウンド数で引き分けとする。",
            most=MOST_ROUNDS,
        ),
        RuleOption(
            "free_actions",
            ("off", "on"),
            "off",
            "B363: each turn opens with a free action (crouch or rise, drop an item).",
            "B363：ターンの最初に自由行動（屈む・立ち上がる、持ち物を落とす）を選ぶ。",
        ),
        RuleOption(
            "random_hit_locations",
            ("off", "on"),
            "off",
            "B400: attackers may also strike at a random hit location (3d6 on the table).",
            "B400：命中部位表（3D6）による無作為の命中部位も選べる。",
        ),
        RuleOption(
            "deceptive_floor",
            ("on", "off"),
            "on",
            "Deceptive Attack may not take effective skill below 10.",
            "トリック攻撃で修正後技能を10未満にできない。",
        ),
        RuleOption(
            "heavy_parry_break",
            ("on", "off"),
            "on",
            "B376: parrying a weapon 3x heavier may break yours (1d: 1-2).",
            "B376：3倍以上重い武器を受けると武器が壊れうる（1D：1-2）。",
        ),
        RuleOption(
            "parry_strikes_limb",
            ("on", "off"),
            "on",
            "B376: a weapon that parries a bare-handed blow may strike the limb (weapon skill).",
            "B376：素手の攻撃を武器で受けると、その手足を打てる（武器の技能で判定）。",
        ),
        RuleOption(
            "move_and_attack_defenses",
            ("basic", "realistic"),
            "basic",
            "seed 000: after Move and Attack, dodge or block only (basic), or Martial Arts' "
            "realistic limits (the attacking limb cannot parry, block or - for a kick - dodge).",
            "seed 000：移動攻撃後は、よけと止めのみ（basic）か、MAの現実的な制限（realistic）。",
        ),
        RuleOption(
            "move_and_attack_other_rolls",
            ("off", "on"),
            "off",
            "seed 000: -2 to other success rolls during Move and Attack (Fast-Draw, knockback …).",
            "seed 000：移動攻撃中のその他の成功判定（早抜き、突き飛ばし…）に-2。",
        ),
        RuleOption(
            "darkness",
            tuple(str(n) for n in range(11)),
            "0",
            "Lighting: -0 (daylight) to -10 to attack rolls; a Wild Swing takes the worst of -5, "
            "skill 9 and this (seed 001); at 10 (total darkness) every shot is blind.",
            "明るさ：命中判定に-0（昼間）から-10。大振りは-5・最大9・この修正の最低（seed 001）。"
            "10（完全な暗闇）では射撃はすべて視界外射撃。",
        ),
        RuleOption(
            "total_darkness",
            ("blind", "penalty"),
            "blind",
            "Total darkness (darkness 10): every fighter fights blind - attackers unseen (-4 to "
            "defend, a parry or block only if heard), no aimed blows (blind); or only the -10 "
            "to attack rolls (penalty).",
            "完全な暗闇（darkness 10）：全員が目の見えない状態で戦う―攻撃者が見えない（防御-4、"
            "聞こえたときのみ受け・止め）、部位を狙えない（blind）。または命中判定の-10のみ（penalty）。",
        ),
        RuleOption(
            "grab_half_penalty",
            ("smaller", "larger"),
            "smaller",
            "B370: a grab at a part is at half its penalty to hit, the fraction dropped "
            "(neck -2) or kept as a whole point (neck -3).",
            "B370：部位をつかむときの命中修正は半分。端数を切り捨てる（首-2）か、1点に数える（首-3）。",
        ),
        RuleOption(
            "grip_penalty",
            ("part", "whole"),
            "part",
            "B370: a held fighter is -4 to DX-based rolls while its torso is held (part), or "
            "whatever part is held (whole, as Martial Arts' Choke Hold has it).",
            "B370：組みつかれた者の敏捷力基準の判定-4は、胴体をつかまれているとき（part）か、"
            "どこをつかまれていても（whole）。",
        ),
        RuleOption(
            "prone_ranged_penalty",
            ("posture", "cover"),
            "posture",
            "To hit a lying target at range: -2 (posture table) or -4 (cover table).",
            "伏せている目標への長射程攻撃：-2（姿勢表）か-4（遮蔽表）。",
        ),
        RuleOption(
            "extra_effort",
            ("off", "on"),
            "off",
            "B357: spend 1 FP for Feverish Defense (+2 to a defense), Mighty Blows (an "
            "Attack's blow at All-Out Attack (Strong) damage) or Flurry of Blows (half a "
            "Rapid Strike's penalty).",
            "B357：疲労点1点で、必死の防御（能動防御+2）、強力攻撃（「攻撃」の一撃に全力攻撃"
            "（強打）のダメージ）、高速攻撃（連続攻撃のペナルティ半分）。",
        ),
        RuleOption(
            "overpenetration",
            ("on", "off"),
            "on",
            "B386: on a hex map, a piercing or impaling shot that does more than its target's "
            "cover DR flies on to whoever stands beyond, who meets that DR too.",
            "B386：ヘクスマップ上で、目標の遮蔽DRを越える貫通・刺し攻撃の射撃は突き抜け、"
            "その先にいる者に当たりうる（遮蔽DRも加わる）。",
        ),
    )

    @classmethod
    def default_ai(cls) -> GurpsAI:
        """The default GURPS policy."""
        return GurpsAI()

    @classmethod
    def new_state(
        cls,
        fighters: Sequence[Fighter],
        positions: Mapping[str, Point | Placement],
        ground: Any = None,
        setup: Any = None,
    ) -> GurpsState:
        """The state at the start of a battle: everyone unhurt, standing, weapons as readied.

        With a hex map (`ground` a `HexMap`), each position is a `Placement`.
        """
        sheets = {fighter.key: fighter for fighter in fighters}
        status = {}
        for key, fighter in sheets.items():
            shots = {
                weapon.key: mode.ranged.shots
                for weapon in fighter.weapons
                for mode in weapon.modes
                if mode.ranged is not None
            }
            where = positions.get(key, _ORIGIN)
            fresh = FighterState(
                key,
                fighter.hp,
                fighter.fp,
                where if isinstance(where, Point) else Point(where.hex.q, where.hex.r),
                ready=shared(frozenset([w.key for w in fighter.weapons if w.modes[0].unarmed])),
                shots=shots,
            )
            if isinstance(where, Placement):
                fresh.hex, fresh.facing, fresh.body = where.hex, where.facing, where.body
            if fighter.has("one_eye"):
                fresh.crippled.add("eye")  # One Eye (B147): as a crippled eye (interp. 78)
            if fighter.has("blindness"):
                fresh.crippled.update(("eye", "eyes"))  # Blindness (B124): no seeing eye
            shield = fighter.shield.key if fighter.shield is not None else ""
            for item in fighter.ready:
                if item in fresh.ready:
                    continue
                hand = free_hand(fresh, shield=item == shield)
                if hand is not None:
                    take(fresh, item, hand)
            status[key] = fresh
        state = GurpsState(sheets, status)
        if isinstance(ground, HexMap):
            state.ground = HexField(ground)
        return state

    def play(self, battle: Battle[GurpsState]) -> Flow:
        """Roll initiative ties, then play rounds until one side is left or time runs out."""
        state = battle.state
        state.rules = rules_for(self.settings)
        fighters = list(state.fighters.values())
        speeds = [(f.basic_speed, f.dx) for f in fighters]
        ties = {
            f.key: battle.dice.roll(6) for f in fighters if speeds.count((f.basic_speed, f.dx)) > 1
        }
        state.order = shared(initiative_order(fighters, ties))  # one object per order
        max_rounds = int(self.settings["max_rounds"])
        while True:
            if state.round >= max_rounds:
                return Outcome(None, "round_limit", state.round)
            state.round += 1
            battle.emit(RoundStarted(state.round))
            for key in state.order:
                yield from self._turn(battle, key)
                outcome = _outcome(state)
                if outcome is not None:
                    return outcome

    def _turn(self, battle: Battle[GurpsState], key: str) -> Steps:
        state = battle.state
        status = state.status[key]
        if not status.active:
            return
        previous, defended = status.maneuver, status.defended
        _start_of_turn(status, previous)
        check_grips(state)
        battle.emit(TurnStarted(key, state.round, status.hp, status.shock))
        if status.numbed:
            recover(battle, key)  # B556: a numbed limb's seconds run out
        fighter = state.fighters[key]
        if len(status.held_by) and _suffocating(battle, key):
            return
        if status.hp <= 0:
            # B419: at 0 HP or less, roll HT every turn to stay conscious - unless the
            # fighter did nothing and did not defend since its last turn.
            if previous == "do_nothing" and not defended:
                battle.emit(TurnSkipped(key, "resting_at_zero_hp"))
            else:
                modifier = consciousness_roll_modifier(status.hp, fighter.hp)
                mods = Modifiers((("below_zero_hp", modifier),)) if modifier else Modifiers()
                if not check(battle, key, "consciousness", Score(fighter.ht, mods)).success:
                    knock_out(battle, key, "collapse")
                    return
        if status.stunned or status.do_nothing_next:
            status.maneuver = "do_nothing"
            reason = "stunned" if status.stunned else "loses_turn"
            status.do_nothing_next = False
            battle.emit(ManeuverTaken(key, "do_nothing", reason))
            # B420: roll HT at the end of each stunned turn; success, act normally next turn.
            if status.stunned and check(battle, key, "stun_recovery", Score(fighter.ht)).success:
                status.stunned = False
                battle.emit(ConditionChanged(key, "stunned", False, "recovered"))
            return
        if status.arm_lock:
            yield from lock_turn(battle, key)  # *Martial Arts*: no maneuver spent
        if self.settings["free_actions"] == "on":
            free = free_action_options(state, key)
            if len(free) > 1:
                action = yield Decision(key, "free_action", free)
                take_free_action(battle, key, action)
        options = MEMO.issue(state, key, None, lambda: maneuver_options(state, key))
        choice: ManeuverChoice = yield Decision(key, "maneuver", options)
        status.maneuver, status.variant = choice.maneuver, choice.variant
        battle.emit(
            ManeuverTaken(key, choice.maneuver, choice.variant, choice.target, choice.weapon)
        )
        # B426 (2B84P): on the verge of collapse, any maneuver but Do Nothing takes a Will
        # roll; a failure collapses the fighter (interpretation 68).
        if (
            status.fp <= 0
            and choice.maneuver != "do_nothing"
            and not check(battle, key, "fatigue_will", Score(fighter.will)).success
        ):
            knock_out(battle, key, "exhausted")
            return
        yield from resolve_maneuver(battle, key, choice)


def _suffocating(battle: Battle[GurpsState], key: str) -> bool:
    """B370 (a choke that got through): the fighter loses 1 FP at the start of each of its
    turns while the grip lasts (Suffocation, B436); True when that puts it out."""
    state = battle.state
    status = state.status[key]
    if any(state.status[g].choking for g in status.held_by):
        lose_fp(battle, key, 1, "suffocation")
    return not status.active


def _start_of_turn(status: FighterState, previous: str) -> None:
    """Clear what lasted 'until your next turn' (B363) and bring this turn's shock in (B381).

    An Aim or Evaluate counts only if it was the previous maneuver (B364).
    """
    # seed 001 (狙いをつけて待機): a turn watching one aimed hex counts as a turn of Aim.
    watching_aimed = previous == "wait" and status.watch is not None and status.watch.aimed
    if previous != "aim" and not watching_aimed:
        status.aim_turns = 0
    if previous != "evaluate":
        status.evaluate_target, status.evaluate_bonus = "", 0
    status.shock = status.shock_next
    status.shock_next = 0
    status.lock_open, status.lock_from = status.lock_from, ""
    status.parries.clear()
    status.blocks = 0
    status.defended = False
    status.retreated = False
    status.retreated_from = ""
    status.attacked_with = NOTHING
    status.lost_balance = False
    status.guard_down = False
    status.moved = 0.0
    status.turn_start_hex = status.hex
    status.maneuver = ""
    status.variant = ""
    status.wait_weapon = ""
    status.watch = None
    status.watch_discriminate = False
    status.popping = False
    if status.feint_target and status.feint_penalty == 0:
        status.feint_target = ""


def _outcome(state: GurpsState) -> Outcome | None:
    """The battle's end after a turn, or None while two sides still stand (the common
    case, found without building the sets `last_side_outcome` reads)."""
    first: str | None = None
    for key, status in state.status.items():
        if status.active:
            side = state.fighters[key].side
            if first is None:
                first = side
            elif side != first:
                return None
    fled = {state.fighters[key].side for key, status in state.status.items() if status.fled}
    return last_side_outcome(state.sides_standing(), fled, state.round)
