"""A sensible GURPS fighter: the default AI policy (controller) for GURPS battles.

It plays as a competent fighter would: closes to reach and attacks, picks the
attack plan (hit location, Deceptive Attack, Rapid Strike) with the best
expected injury for its odds (`ai_values`; a Dual-Weapon Attack counts both
its blows), Aims with ranged weapons and reloads, stands up, picks up dropped
weapons and readies one turned in its hand before it draws a spare (dropping a
bow or gun to draw into the main hand; not a two-handed one its shield would keep
from striking), does not throw the only weapon it could
strike with, takes its best defense (retreating when that helps), and goes to
All-Out Defense when badly hurt (below a third of its HP) with a foe in reach, unless
its target is as badly hurt.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, TypeVar, cast

from senjo.engine.battle import Battle
from senjo.engine.decision import Decision
from senjo.engine.modifiers import Score
from senjo.space.arcs import Arc, arc_of
from senjo.space.gaps import hex_gap
from senjo.space.hexgrid import Hex
from senjo.systems.gurps.ai_values import (
    Blow,
    best_defense,
    best_plan,
    damage_dice,
    strikes_the_arm,
    success_chance,
)
from senjo.systems.gurps.attack import AttackContext, attack_score
from senjo.systems.gurps.choices import (
    AttackPlan,
    DefenseChoice,
    Destination,
    ManeuverChoice,
    WaitResponse,
)
from senjo.systems.gurps.defense import IncomingAttack, defense_value
from senjo.systems.gurps.extra_effort import spare
from senjo.systems.gurps.grip_parts import grip_threats
from senjo.systems.gurps.hands import MAIN, OFF, free_hand, hand_of
from senjo.systems.gurps.hp_thresholds import reeling
from senjo.systems.gurps.legal import off_hand_mode
from senjo.systems.gurps.memo import MEMO
from senjo.systems.gurps.model import Fighter
from senjo.systems.gurps.plans import plans_for_skill
from senjo.systems.gurps.reach import STEP, effective_mode, reaches
from senjo.systems.gurps.state import FighterState, GurpsState
from senjo.systems.gurps.walking import approach_route
from senjo.systems.gurps.wild_swing import is_wild_swing

__all__ = ["GurpsAI", "best_defense", "success_chance"]


#: The plain attack (torso, no Deceptive Attack, no Rapid Strike) the AI scores first.
_PLAIN: Final = AttackPlan()
#: The Attack variants valued alike: the plain one and the one with a Step back after it.
_STEPPED: Final = ("", "step_back")
#: What the AI takes off a dodge and drop's chance when it stands: ending prone costs the
#: next turn (the fast path's shootouts read it from here, `fast_gurps/packed.py`).
DROP_COST: Final = 0.15
#: An answer the turn memo keeps (a maneuver or an attack plan).
_A = TypeVar("_A")
#: One context per (maneuver, variant): frozen values the AI would otherwise build
#: thousands of times a battle (docs/performance.md, the compiled engine).
_CONTEXTS: Final[dict[tuple[str, str], AttackContext]] = {}


def _context(maneuver: str, variant: str) -> AttackContext:
    """The plain attack context of this maneuver and variant (one object for each); a
    Dual-Weapon Attack's blows are each at -4 (B417)."""
    found = _CONTEXTS.get((maneuver, variant))
    if found is None:
        dual = maneuver == "attack" and variant == "dual"
        found = _CONTEXTS[(maneuver, variant)] = AttackContext(maneuver, variant, dual=dual)
    return found


class _Landing:
    """On a hex map, whether an option's Step brings the foe into reach, worked out once
    per (target, weapon, mode) of one decision (the Attack's variants share the Step's
    route). True unless the option is a melee Attack whose Step cannot: `legal` offers an
    Attack by distance alone (a Step and the reach), but walls, figures and facing may
    leave no hex to strike from."""

    def __init__(self, state: GurpsState, key: str) -> None:
        self.state = state
        self.key = key
        self.known: dict[tuple[str, str, str], bool] = {}

    def __call__(self, option: ManeuverChoice) -> bool:
        if option.maneuver != "attack" or option.variant in ("step_back", "pop_up"):
            return True  # no Step before the blow
        slot = (option.target, option.weapon, option.mode)
        found = self.known.get(slot)
        if found is None:
            found = self.known[slot] = self._lands(option)
        return found

    def _lands(self, option: ManeuverChoice) -> bool:
        state, key = self.state, self.key
        fighter = state.fighters[key]
        status = state.status[key]
        weapon = fighter.weapon(option.weapon)
        mode = effective_mode(status, option.weapon, weapon.mode(option.mode))
        if mode is None or mode.ranged is not None:
            return True
        if reaches(state, key, option.target, mode, 0.0):
            return True
        route, _ = approach_route(state, key, option.target, mode, STEP)
        if not route.places:
            return False
        start = (status.hex, status.facing, status.body)
        status.hex, status.facing = route.places[-1]
        try:
            return reaches(state, key, option.target, mode, 0.0)
        finally:
            status.hex, status.facing, status.body = start


def _off_hand_blow(state: GurpsState, key: str, choice: ManeuverChoice) -> Blow | None:
    """A Dual-Weapon Attack's second blow (B417), with the off hand's weapon: its plain
    skill (-4, and the off hand's -4 without Ambidexterity) and its damage dice; None
    when no weapon is ready there (`maneuvers` then strikes once)."""
    if choice.maneuver != "attack":
        return None
    fighter, status = state.fighters[key], state.status[key]
    mode = off_hand_mode(fighter, status, choice.weapon)
    if mode is None:
        return None
    context = _context(choice.maneuver, choice.variant)
    score = attack_score(state, key, choice.target, status.hands[OFF], mode, _PLAIN, context)
    # str() of a StrEnum is its value, without the enum's Python-level `value` lookup.
    return score.value, score.cap, damage_dice(fighter, mode), str(mode.damage.damage_type)


def _last_blade(fighter: Fighter, status: FighterState, option: ManeuverChoice) -> bool:
    """True if the option throws a weapon the fighter could also strike with while no other
    ready weapon (not a natural one) has a melee mode: senjo's AI keeps it (a spearman does
    not throw its only spear and fight on bare-handed)."""
    weapon = fighter.weapon(option.weapon)
    ranged = weapon.mode(option.mode).ranged
    if ranged is None or not ranged.thrown or not any(m.is_melee for m in weapon.modes):
        return False
    return not any(
        other.key != weapon.key
        and other.key in status.ready
        and not other.modes[0].unarmed
        and any(m.is_melee for m in other.modes)
        for other in fighter.weapons
    )


def _wieldable(fighter: Fighter, status: FighterState, option: ManeuverChoice) -> bool:
    """Whether a weapon once readied by `option` could strike in melee: not one whose every
    melee mode is two-handed while the other hand holds something (a shield: B270, a
    two-handed grip needs both hands; `legal.usable_modes`). Anything else - a shield, a
    bow, a one-handed weapon - passes."""
    weapon = next((w for w in fighter.weapons if w.key == option.weapon), None)
    melee = [m for m in weapon.modes if m.is_melee] if weapon is not None else []
    if not melee or not all(m.two_handed for m in melee):
        return True
    if option.variant == "swap":
        hand: int | None = MAIN  # the main hand's bow or gun is dropped for it
    else:
        hand = hand_of(status, option.weapon) if option.variant == "regrip" else free_hand(status)
    if hand is None:
        return True  # no hand to take it: the Ready itself is the engine's to refuse
    other = status.hands[1 - hand]
    return not other or other == option.weapon


def _empty_launcher(fighter: Fighter, status: FighterState, key: str | None) -> bool:
    """Whether `key` is a weapon with missile modes only, none of them loaded."""
    weapon = next((w for w in fighter.weapons if w.key == key), None)
    return weapon is not None and all(
        m.ranged is not None and status.shots.get(weapon.key, m.ranged.shots) <= 0
        for m in weapon.modes
    )


class GurpsAI:
    """The default GURPS policy. Stateless: the same battle gets the same choices."""

    __slots__ = ()

    def choose(self, battle: Battle[Any], decision: Decision) -> Any:
        """Choose an option for any GURPS decision."""
        state: GurpsState = battle.state
        if decision.kind == "maneuver":
            return self._maneuver(state, decision)
        if decision.kind == "attack_plan":
            return self._plan(state, decision)
        if decision.kind == "defense":
            return self._defense(state, decision)
        if decision.kind == "wait_trigger":
            return WaitResponse(True)
        if decision.kind == "free_action":
            return self._free_action(state, decision)
        if decision.kind == "destination":
            return self._destination(state, decision)
        if decision.kind == "parrying_arm":  # B376: a failed bare-handed parry's arm
            arm = decision.options[1]
            return (
                arm if strikes_the_arm(state, decision.context, arm.detail) else decision.options[0]
            )
        return decision.options[0]

    # --- maneuvers --------------------------------------------------------------------------

    def _recalled(
        self, state: GurpsState, decision: Decision, work: Callable[[GurpsState, Decision], _A]
    ) -> _A:
        """`work(state, decision)`, or its answer from the turn memo when the decision's
        options were issued for a state met before."""
        policy = type(self)
        known = MEMO.answer(decision.options, policy)
        if known is not None:
            return cast(_A, known)
        answer = work(state, decision)
        MEMO.remember(decision.options, policy, answer)
        return answer

    def _maneuver(self, state: GurpsState, decision: Decision) -> ManeuverChoice:
        """The maneuver, from the turn memo when this state was met before (asked before
        `_recalled` is given the work: a bound method made at each decision costs more
        than the answer's lookup)."""
        known = MEMO.answer(decision.options, type(self))
        if known is not None:
            return cast(ManeuverChoice, known)
        return self._recalled(state, decision, self._maneuver_of)

    def _maneuver_of(self, state: GurpsState, decision: Decision) -> ManeuverChoice:
        key = decision.actor
        fighter = state.fighters[key]
        status = state.status[key]
        options: tuple[ManeuverChoice, ...] = decision.options
        if options[-1].maneuver == "flee":
            return options[-1]  # broken (senjo's morale rule): the AI always flees
        by_kind: dict[str, list[ManeuverChoice]] = {}
        for option in options:
            same = by_kind.get(option.maneuver)
            if same is None:
                by_kind[option.maneuver] = [option]
            else:
                same.append(option)
        foes = state.foes(key)
        if not foes:
            return options[0]
        target = min(foes, key=lambda f: (state.distance(key, f), state.status[f].hp))
        if status.posture != "standing":
            wanted = "kneeling" if status.posture == "lying" else "standing"
            for option in by_kind.get("change_posture", []):
                if option.variant == wanted:
                    return option
        adjacent = any(state.distance(key, f) <= 1 + STEP for f in foes)
        # Badly hurt next to a foe: All-Out Defense - unless the target (the nearest foe) is
        # as badly hurt, when two that both waited would wait to the round limit.
        sound = not reeling(state.status[target].hp, state.fighters[target].hp)
        if reeling(status.hp, fighter.hp) and adjacent and sound and by_kind.get("all_out_defense"):
            best = max(by_kind["all_out_defense"], key=lambda o: self._aod_value(state, key, o))
            return best
        readies = by_kind.get("ready", [])
        # Armed: an attack with a weapon that is not a natural one is open, or such a weapon
        # with a melee mode is ready in hand (a foe out of reach is no reason to draw a spare).
        striking = any(
            o.weapon and not fighter.weapon(o.weapon).modes[0].unarmed
            for o in by_kind.get("attack", ())
        )
        held = striking or any(
            w.key in status.ready and not w.modes[0].unarmed and any(m.is_melee for m in w.modes)
            for w in fighter.weapons
        )
        reloads = [o for o in readies if o.variant == "reload"]
        # An empty missile weapon and a foe out of a move's reach: reload it, rather than
        # draw a melee weapon (its hand would then keep a two-handed bow from shooting).
        reloading = bool(reloads) and state.distance(key, target) > fighter.basic_move
        if not held and not reloading:
            # A weapon turned in the hand (B556) is readied again before a spare is drawn:
            # the items are listed weapons first, in the fighter's order. A spare is drawn
            # into the main hand, dropping the bow or gun there (Ready (swap)), when it can.
            # A two-handed weapon that the other hand's shield would keep from striking
            # stays where it is (B270).
            # An empty missile weapon is not taken up again with the foe within a Move: it
            # could not shoot before the foe strikes (and the free action let it fall for
            # a melee weapon).
            swaps = {o.weapon: o for o in readies if o.variant == "swap"}
            near = state.distance(key, target) <= fighter.basic_move
            for option in readies:
                if option.variant in ("regrip", "pick_up", "draw", "swap"):
                    chosen = swaps.get(option.weapon, option)
                    if near and _empty_launcher(fighter, status, chosen.weapon):
                        continue
                    if _wieldable(fighter, status, chosen):
                        return chosen
        elif not striking and not reloading and fighter.shield is not None:
            # Armed but with no blow to strike: time to pick up a dropped shield, or ready
            # one left unready (a critically failed block, B556).
            for option in readies:
                if option.variant in ("regrip", "pick_up") and option.weapon == fighter.shield.key:
                    return option
        # Not grappling moves, nor a Giant Step (it costs FP), nor throwing away the last
        # weapon to strike with.
        weapons = [
            o
            for o in by_kind.get("attack", [])
            if o.weapon and o.variant != "giant_step" and not _last_blade(fighter, status, o)
        ]
        if state.ground is None:
            attacks = [o for o in weapons if o.target == target] or weapons
        else:  # nor, on a map, an Attack whose Step falls short
            landing = _Landing(state, key)
            attacks = [o for o in weapons if o.target == target and landing(o)] or [
                o for o in weapons if landing(o)
            ]
        breaks = [o for o in by_kind.get("attack", []) if o.variant == "break_free"]
        if breaks and (status.pinned or not attacks):
            return breaks[0]
        threats = grip_threats(state, key) if breaks else []
        if threats:  # its neck held, or a limb in both hands: out before it is choked or
            # snapped (B370, 2B63P)
            return next((o for o in breaks if o.target == threats[0]), breaks[0])
        if status.lock_open:  # its parry opened an arm lock (*Martial Arts*): take it
            lock = next((o for o in by_kind.get("attack", ()) if o.variant == "arm_lock"), None)
            if lock is not None:
                return lock
        if attacks:
            cache: dict[tuple[str, bool], int | None] = {}
            # An Attack with the Step back after it is valued as the plain Attack (the same
            # score and plans: the Step comes after the blow), so once for both.
            plain: dict[tuple[str, str, str], float] = {}
            values: dict[ManeuverChoice, float] = {}
            for o in attacks:
                if o.variant in _STEPPED and o.maneuver == "attack":
                    slot = (o.target, o.weapon, o.mode)
                    value = plain.get(slot)
                    if value is None:
                        value = plain[slot] = self._attack_value(state, key, o, cache)
                else:
                    value = self._attack_value(state, key, o, cache)
                values[o] = value
            best = max(attacks, key=values.__getitem__)
            mode = fighter.weapon(best.weapon).mode(best.mode)
            if mode.ranged is not None:
                aims = [
                    o
                    for o in by_kind.get("aim", [])
                    if o.target == best.target and o.weapon == best.weapon
                ]
                far = state.distance(key, best.target) > 3
                if aims and far and status.aim_turns < 3:
                    return aims[0]
            if values[best] > 0:
                return self._with_step_back(state, key, best, options)
        if reloads:
            return reloads[0]
        for option in by_kind.get("move", []):
            if option.variant == "toward" and option.target == target:
                return option
        for option in by_kind.get("move", []):
            if option.variant in ("toward", ""):
                return option  # on a hex map the destination is chosen next
        return max(
            by_kind.get("all_out_defense", [options[0]]),
            key=lambda o: self._aod_value(state, key, o),
        )

    def _with_step_back(
        self,
        state: GurpsState,
        key: str,
        best: ManeuverChoice,
        options: tuple[ManeuverChoice, ...],
    ) -> ManeuverChoice:
        """With the longer weapon, strike and step back out of the foe's reach (seed 001),
        when the blow can be struck facing the foe from where the fighter stands."""
        fighter = state.fighters[key]
        mode = fighter.weapon(best.weapon).mode(best.mode)
        mine = max(mode.reach or (0,))
        foe = state.fighters[best.target]
        theirs = max(
            (max(m.reach) for w in foe.weapons for m in w.modes if m.is_melee and m.reach),
            default=0,
        )
        if mine <= theirs:
            return best
        if is_wild_swing(state, key, best.target, best.weapon, mode):
            # From here the blow would be a Wild Swing (-5, seed 001 大振り); the plain
            # Attack's Step turns to face the foe first. Better that than the Step back.
            return best
        for option in options:
            if option.variant == "step_back" and (option.target, option.weapon, option.mode) == (
                best.target,
                best.weapon,
                best.mode,
            ):
                return option
        return best

    def _attack_value(
        self,
        state: GurpsState,
        key: str,
        option: ManeuverChoice,
        cache: dict[tuple[str, bool], int | None],
    ) -> float:
        mode = state.fighters[key].weapon(option.weapon).mode(option.mode)
        context = _context(option.maneuver, option.variant)
        base = attack_score(state, key, option.target, option.weapon, mode, _PLAIN, context)
        # `plan_options`, from the score just worked out (it is the plans' base skill too)
        plans = plans_for_skill(state, key, option, mode, base.value)
        if not plans:
            return 0.0  # B344: not even the torso can be tried
        return self._best_plan(state, key, option, plans, cache, base)[0]

    def _aod_value(self, state: GurpsState, key: str, option: ManeuverChoice) -> float:
        fighter = state.fighters[key]
        if option.variant == "increased_dodge":
            return fighter.dodge + 2
        if option.variant == "increased_block" and fighter.shield is not None:
            return 3 + fighter.skill(fighter.shield.skill) // 2 + fighter.shield.db + 2
        if option.variant == "increased_parry":
            best = 0
            for weapon in fighter.weapons:
                for mode in weapon.modes:
                    if mode.is_melee and mode.parry.allowed and not mode.unarmed:
                        best = max(best, 3 + fighter.skill(mode.skill) // 2 + mode.parry.modifier)
            return best + 2
        return 0.0

    # --- attack plans -----------------------------------------------------------------------

    def _plan(self, state: GurpsState, decision: Decision) -> AttackPlan:
        """The attack plan, from the turn memo when this state was met before (as `_maneuver`)."""
        known = MEMO.answer(decision.options, type(self))
        if known is not None:
            return cast(AttackPlan, known)
        return self._recalled(state, decision, self._plan_of)

    def _plan_of(self, state: GurpsState, decision: Decision) -> AttackPlan:
        choice: ManeuverChoice = decision.context
        plans: tuple[AttackPlan, ...] = decision.options
        return self._best_plan(state, decision.actor, choice, plans, {})[1]

    def _best_plan(
        self,
        state: GurpsState,
        key: str,
        choice: ManeuverChoice,
        plans: tuple[AttackPlan, ...],
        cache: dict[tuple[str, bool], int | None],
        base: Score | None = None,
    ) -> tuple[float, AttackPlan]:
        """Score every plan for this attack choice and return the best (value, plan).

        `cache` keeps the target's best defense per (target, ranged) for one decision;
        `base` is the choice's plain attack score when the caller has it already.
        """
        fighter = state.fighters[key]
        mode = fighter.weapon(choice.weapon).mode(choice.mode)
        if state.rules.extra_effort:
            # The AI spends no FP on its blows (B357: Mighty Blows, Flurry of Blows).
            plans = tuple(p for p in plans if not (p.mighty or p.flurry))
        if base is None:
            context = _context(choice.maneuver, choice.variant)
            base = attack_score(state, key, choice.target, choice.weapon, mode, _PLAIN, context)
        slot = (choice.target, mode.ranged is not None)
        if slot in cache:
            defense = cache[slot]
        else:
            incoming = IncomingAttack(key, choice.weapon, mode)
            defense = cache[slot] = best_defense(state, choice.target, incoming)
        damage = damage_dice(fighter, mode)
        trained = fighter.has("weapon_master") or fighter.has("trained_by_a_master")
        second = _off_hand_blow(state, key, choice) if choice.variant == "dual" else None
        return best_plan(
            plans,
            base.value,
            base.cap,
            defense,
            damage,
            str(mode.damage.damage_type),  # its value (`value` itself is looked up in Python)
            state.fighters[choice.target],
            3 if trained else 6,
            second,
        )

    def _destination(self, state: GurpsState, decision: Decision) -> Destination:
        """End a move next to the nearest foe (or the maneuver's target), facing it, with
        no other foe at one's side or back, at the target's side or back if possible, as
        cheaply as possible."""
        key = decision.actor
        targets = state.foes(key)
        context = decision.context
        if isinstance(context, ManeuverChoice) and context.maneuver == "all_out_defense":
            stay: Destination = decision.options[0]
            return stay  # defending all out: hold the ground
        if isinstance(decision.context, ManeuverChoice) and decision.context.target:
            targets = [decision.context.target]  # the end of a Move and Attack's move
        foes = [state.status[f].hex for f in targets]
        bodies = {place for f in targets for place in state.status[f].body}
        ends: tuple[Destination, ...] = decision.options
        if not foes:
            return ends[0]

        fighter, status = state.fighters[key], state.status[key]
        # seed 001 (近接戦闘): only a fighter whose weapons strike at reach C alone closes in.
        closer = all(
            max(m.reach, default=0) == 0
            for w in fighter.weapons
            if w.key in status.ready
            for m in w.modes
            if m.is_melee
        )

        everyone: list[Hex] = [h for f in state.foes(key) if (h := state.status[f].hex) is not None]
        owner = {state.status[f].hex: f for f in targets}

        side = fighter.side
        friends = {
            other.hex
            for k, other in state.status.items()
            if k != key and other.active and state.fighters[k].side == side
        }

        places = [*foes, *bodies]
        goals: dict[Hex, Hex | None] = {}

        def goal_of(place: Hex) -> Hex | None:
            # seed 001 (大きなフィギュア): a large foe's body is struck at its nearest hex
            if place not in goals:
                goals[place] = min(places, key=lambda h: hex_gap(place, h) if h is not None else 99)
            return goals[place]

        def lead(place: Hex) -> int:
            """The first term of `value`, which depends on the end's hex alone."""
            goal = goal_of(place)
            if goal is None:
                return 99
            if place == goal:
                return 0 if closer else 99
            return max(0, hex_gap(place, goal) - (0 if closer else 1))

        def value(end: Destination) -> tuple[int, int, int, int, bool, float]:
            goal = goal_of(end.hex)
            if goal is None:
                return (99, 1, 0, 1, end.evade, end.cost)
            # seed 001 (側面・背面): keep other foes out of one's side and back hexes ...
            exposed = sum(
                1
                for h in everyone
                if h not in (end.hex, goal)
                and hex_gap(end.hex, h) <= 2
                and arc_of(end.hex, end.facing, h) is not Arc.FRONT
            )
            if end.hex == goal:
                return (0 if closer else 99, 0, exposed, 1, end.evade, end.cost)
            gap = max(0, hex_gap(end.hex, goal) - (0 if closer else 1))
            faced = end.hex != goal and arc_of(end.hex, end.facing, goal) is Arc.FRONT
            # ... and come at the target from its side or back, where it defends worse.
            foe = owner.get(goal)
            flank = 1
            if foe is not None and gap == 0:
                flank = 0 if arc_of(goal, state.status[foe].facing, end.hex) is not Arc.FRONT else 1
            exposed += 1 if end.hex in friends else 0  # no huddling with friends in a fight
            return (gap, 0 if faced else 1, exposed, flank, end.evade, end.cost)

        # Only the ends with the best first term can win: score those in full.
        leads = {place: lead(place) for place in {end.hex for end in ends}}
        best = min(leads.values())
        return min((end for end in ends if leads[end.hex] == best), key=value)

    def _free_action(self, state: GurpsState, decision: Decision) -> Any:
        """Drop an empty ranged weapon when a foe is close and a melee weapon waits to be drawn."""
        key = decision.actor
        fighter = state.fighters[key]
        status = state.status[key]
        close = any(state.distance(key, foe) <= 2 for foe in state.foes(key))
        sidearm = any(
            w.key not in status.ready
            and w.key not in status.dropped
            and w.key not in status.broken
            and any(m.is_melee for m in w.modes)
            and not w.modes[0].unarmed
            for w in fighter.weapons
        )
        if close and sidearm:
            for option in decision.options:
                if option.name != "drop":
                    continue
                # Only an empty one: a loaded bow is kept for its shot (dropped, the next
                # Ready would pick it up again, turn after turn, and it would never shoot).
                if _empty_launcher(fighter, status, option.detail):
                    return option
        return decision.options[0]

    # --- defenses ---------------------------------------------------------------------------

    def _defense(self, state: GurpsState, decision: Decision) -> DefenseChoice:
        """The defense, from the turn memo when this state and attack were met before (as
        `_maneuver`)."""
        known = MEMO.answer(decision.options, type(self))
        if known is not None:
            return cast(DefenseChoice, known)
        return self._recalled(state, decision, self._defense_of)

    def _defense_of(self, state: GurpsState, decision: Decision) -> DefenseChoice:
        incoming: IncomingAttack = decision.context
        key = decision.actor
        status = state.status[key]

        def value(option: DefenseChoice) -> float:
            if option.kind == "none":
                return -1.0
            if option.feverish and not spare(state, key):
                return -2.0  # B357: FP for Feverish Defense only while it stays fresh
            chance = success_chance(defense_value(state, key, option, incoming))
            if option.drop and status.posture == "standing":
                chance -= DROP_COST
            if option.retreat:
                chance += 0.001  # prefer retreating when it does not hurt the odds
            return chance

        options: tuple[DefenseChoice, ...] = decision.options
        return max(options, key=value)
