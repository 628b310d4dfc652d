"""The CoC duel model: what the fast path accepts, and the engine's choices as lookup tables.

Every number and every choice here comes from the engine's own functions
(`senjo.systems.coc`): the AI (`CocAI`) is asked once for each state a duel
can reach, on a `CocState` built for that state, and its answers are stored
in NumPy arrays the batch simulator indexes with arrays of battle states.

The states a duel can reach, per combatant: HP (3 or more while it fights),
whether it focused on dodging this round (seed 004 回避に集中), whether its
dodge took away its attack (base game), and whether it has attacked this
round. A combatant is attacked at most once a round (only its one foe
attacks, once), so when it defends it has not dodged or parried yet this
round, and when it attacks its foe has not defended yet this round.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from senjo.dice.roller import ScriptedDice
from senjo.dice.systems.coc import special_threshold
from senjo.engine.battle import Battle, RuleOptionError
from senjo.engine.decision import Choice, Decision
from senjo.scenario import Scenario
from senjo.sim.declines import Reason, Unsupported
from senjo.sim.fast_coc import only_coc
from senjo.sim.fast_coc.approach import Start, approach, tie_script
from senjo.space.plane import Point
from senjo.systems.coc import damage_chances
from senjo.systems.coc.actions import action_options, attack_options
from senjo.systems.coc.ai import CocAI
from senjo.systems.coc.attacks import blow_parts
from senjo.systems.coc.choices import ActionChoice, DefenseChoice
from senjo.systems.coc.defense import (
    IncomingAttack,
    defense_options,
    dodge_score,
    parry_score,
)
from senjo.systems.coc.model import Combatant, DamageDice, Weapon
from senjo.systems.coc.rules import Rules
from senjo.systems.coc.special_actions import taunt_targets
from senjo.systems.coc.state import CocState
from senjo.systems.coc.system import Coc

__all__ = [
    "DEFENSE_DODGE",
    "DEFENSE_NONE",
    "DEFENSE_PARRY",
    "FLEE",
    "BoolArray",
    "DuelModel",
    "IntArray",
    "Side",
    "Unsupported",
    "damage_distribution",
    "defense_row",
    "duel_model",
    "model_key",
    "static_reason",
]

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]
FloatArray = npt.NDArray[np.float64]

#: Defense codes in the defense tables.
DEFENSE_NONE, DEFENSE_DODGE, DEFENSE_PARRY = 0, 1, 2
#: The action code of a flight (senjo's morale rule, `flee_at`): the duel ends, the foe wins.
FLEE = -1

#: The lowest HP at which a combatant still fights (1-2 is unconscious, 0 or below dying).
LOWEST_ACTIVE_HP = 3


def static_reason(scenario: Scenario) -> Reason | None:
    """The first feature of the scenario's sheets and set-up the fast path does not model."""
    if scenario.system != "coc":
        return only_coc(scenario.system)
    fighters: tuple[Combatant, ...] = scenario.fighters
    if len(fighters) != 2:
        return Reason(
            f"{len(fighters)} combatants (it models duels of exactly two)",
            f"戦闘者が{len(fighters)}人（扱うのはちょうど2人の決闘）",
        )
    if fighters[0].side == fighters[1].side:
        return Reason("both combatants are on one side", "2人の戦闘者が同じ陣営")
    for key, kind in scenario.controllers.items():
        if kind not in ("ai", "human"):
            return Reason(
                f"{key} has a {kind} controller (it models the AI only)",
                f"{key} を {kind} の操作が動かす（扱うのはAIのみ）",
            )
    try:
        Coc(scenario.options)
    except RuleOptionError as error:
        return Reason(str(error), str(error))
    for sheet in fighters:
        if sheet.hp < LOWEST_ACTIVE_HP:
            return Reason(
                f"{sheet.key} starts with {sheet.hp} HP (below 3 is not modelled)",
                f"{sheet.key} の開始時のHPが{sheet.hp}（3未満は扱わない）",
            )
        for weapon in sheet.weapons:
            if weapon.kind == "grapple":
                continue  # kept while the AI never grapples (`_side` asks it, state by state)
            if weapon.kind != "melee":
                return Reason(
                    f"{sheet.key}'s {weapon.key} is a {weapon.kind} weapon (melee only)",
                    f"{sheet.key} の {weapon.key} は {weapon.kind} の武器（近接武器のみ扱う）",
                )
            if weapon.malfunction:
                return Reason(
                    f"{sheet.key}'s {weapon.key} has a malfunction number",
                    f"{sheet.key} の {weapon.key} に故障ナンバーがある",
                )
    return None


def damage_distribution(weapon: Weapon, db: DamageDice, twice: bool) -> dict[int, Fraction]:
    """The exact distribution of a blow's damage (at least 0), as `attacks._land` rolls it.

    The weapon's dice (twice for an impale) and the db as the weapon adds it
    (`attacks.blow_parts`), each part rolled and halved as `roll_damage` does
    (`damage_chances.damage_distribution`).

    >>> from senjo.systems.coc.library import weapon
    >>> from senjo.systems.coc.model import damage_bonus
    >>> sorted(damage_distribution(weapon("fist"), damage_bonus(20), False).items())
    [(1, Fraction(1, 3)), (2, Fraction(1, 3)), (3, Fraction(1, 3))]
    """
    return damage_chances.damage_distribution(blow_parts(weapon, db, twice)).probabilities()


@dataclass(frozen=True, slots=True)
class Side:
    """One duellist's fixed figures and its slice of the lookup tables.

    Attack options are numbered 1, 2 … in the order `actions.attack_options`
    lists them (0 is "no attack"). Tables:

    - `declare[hp, foe_hp, foe_focus]`: True to focus on dodging (回避に集中);
    - `action[hp, foe_hp, focus, gave_up, foe_focus, foe_attacked]`: the attack
      option chosen on its DEX turn, 0 for waiting, FLEE for a flight;
    - `defense[row, focus, attacked]`: how it meets the foe's attack option
      (DEFENSE_NONE / _DODGE / _PARRY), `defense_value` the check's value and
      `defense_auto` an automatic success (a focused dodge of 100 or more); the
      row is the foe's option, plus half the rows (`defense_row`) when the
      blow carries Martial Arts (武道);
    - per attack option: `skill`, `special` (the highest special roll),
      `impaling`, `martial` (the Martial Arts value rolled after a hit with an
      unarmed blow, 0 for none), `knockout`, and damage tables
      `damage_values`/`damage_cdf` (row 2 × option + doubled, the weapon's
      dice twice for an impale or Martial Arts; the CDF padded with 1.0).
    """

    key: str
    side: str
    hp: int
    con5: int
    armour: int
    options: tuple[tuple[str, str], ...]
    declare: BoolArray
    action: IntArray
    defense: IntArray
    defense_value: IntArray
    defense_auto: BoolArray
    skill: IntArray
    special: IntArray
    impaling: BoolArray
    martial: IntArray
    knockout: BoolArray
    damage_values: IntArray
    damage_cdf: FloatArray


def defense_row(defender: Side, option: IntArray | int, trained: BoolArray | bool) -> Any:
    """The row of `defender`'s defense tables for the foe's attack `option`, carrying
    Martial Arts where `trained`.

    >>> from types import SimpleNamespace
    >>> side = SimpleNamespace(defense=np.zeros((6, 2, 2)))  # the foe has 2 options
    >>> defense_row(side, 2, False), defense_row(side, 2, True)
    (2, 5)
    """
    return option + (defender.defense.shape[0] // 2) * trained


@dataclass(frozen=True, slots=True)
class DuelModel:
    """Everything the batch simulator needs for one accepted scenario."""

    rules: Rules
    sides: tuple[Side, Side]
    #: Who acts first when DEX decides (0 or 1), or -1 when a 1D100 tie roll decides.
    first: int
    #: Where the dice begin, by who acts first (`approach.py`: after the approach of a
    #: duel that starts apart; round 1's first turn for one that starts in reach).
    starts: tuple[Start, Start]


def _fresh(state: CocState, hp: tuple[int, int], keys: tuple[str, str]) -> None:
    """Both combatants at the start of a round with these HP."""
    for key, value in zip(keys, hp, strict=True):
        status = state.status[key]
        status.hp = value
        status.attacked = False
        status.dodges = 0
        status.parries = 0
        status.gave_up_attack = False
        status.dodge_focus = False
        status.turn_done = False


def _start_state(scenario: Scenario, rules: Rules, places: dict[str, Point]) -> CocState:
    fighters: tuple[Combatant, ...] = scenario.fighters
    state = CocState.start({f.key: f for f in fighters}, places)
    state.rules = rules
    state.order = tuple(f.key for f in fighters)
    state.round = 1
    return state


def _ask(ai: CocAI, state: CocState, decision: Decision) -> Any:
    # A battle holding the state without playing it: `CocAI.choose` reads only the state.
    return ai.choose(Battle(Coc(), state, ScriptedDice([]), start=False), decision)


def _distribution_rows(
    tables: list[dict[int, Fraction]],
) -> tuple[IntArray, FloatArray]:
    width = max(len(table) for table in tables)
    values = np.zeros((len(tables), width), dtype=np.int64)
    cdf = np.ones((len(tables), width), dtype=np.float64)
    for row, table in enumerate(tables):
        running = Fraction(0)
        for column, value in enumerate(sorted(table)):
            running += table[value]
            values[row, column] = value
            cdf[row, column] = float(running)
        values[row, len(table) :] = max(table)
        cdf[row, len(table) - 1 :] = 1.0
    return values, cdf


def _side(
    state: CocState, ai: CocAI, me: Combatant, foe: Combatant, foe_options: list[ActionChoice]
) -> Side:
    """Build one duellist's tables by asking the engine in every reachable state."""
    rules = state.rules
    keys = (me.key, foe.key)
    mine, theirs = state.status[me.key], state.status[foe.key]
    _fresh(state, (me.hp, foe.hp), keys)
    options = attack_options(state, me.key)
    codes = {(o.weapon, o.variant): n + 1 for n, o in enumerate(options)}
    if len(codes) != len(options) or any(o.target != foe.key or o.shots for o in options):
        raise Unsupported(
            Reason(
                f"{me.key}'s attack options are not single blows at its foe",
                f"{me.key} の攻撃の選択肢が相手への単発の攻撃ではない",
            )
        )
    hps = range(LOWEST_ACTIVE_HP, me.hp + 1)
    foe_hps = range(LOWEST_ACTIVE_HP, foe.hp + 1)
    focus_values = (False, True) if rules.dodge_focus else (False,)
    gave_up_values = (False,) if rules.defenses else (False, True)
    flags = (False, True)
    declare = np.zeros((me.hp + 1, foe.hp + 1, 2), dtype=np.bool_)
    action = np.zeros((me.hp + 1, foe.hp + 1, 2, 2, 2, 2), dtype=np.int64)
    fight, focus = Choice("fight"), Choice("dodge_focus")
    for hp, foe_hp in itertools.product(hps, foe_hps):
        if rules.dodge_focus:
            for foe_focus in focus_values:
                _fresh(state, (hp, foe_hp), keys)
                theirs.dodge_focus = foe_focus
                chosen = _ask(ai, state, Decision(me.key, "declare", (fight, focus)))
                declare[hp, foe_hp, int(foe_focus)] = chosen.name == "dodge_focus"
        if rules.taunt:
            _fresh(state, (hp, foe_hp), keys)
            mine.turn_done = True
            targets = taunt_targets(state, me.key)
            if targets:
                taunts = (*(Choice("taunt", t) for t in targets), Choice("pass"))
                if _ask(ai, state, Decision(me.key, "taunt", taunts)).name != "pass":
                    raise Unsupported(
                        Reason(
                            f"the AI would have {me.key} taunt (挑発)",
                            f"AIが {me.key} に挑発させる",
                        )
                    )
        for my_focus, gave_up, foe_focus, foe_attacked in itertools.product(
            focus_values, gave_up_values, focus_values, flags
        ):
            _fresh(state, (hp, foe_hp), keys)
            mine.dodge_focus, mine.gave_up_attack = my_focus, gave_up
            mine.dodges = int(gave_up)
            theirs.dodge_focus, theirs.attacked = foe_focus, foe_attacked
            legal = action_options(state, me.key)
            code = 0
            if len(legal) > 1:
                chosen = _ask(ai, state, Decision(me.key, "action", legal))
                if chosen.action == "attack":
                    if me.weapon(chosen.weapon).kind == "grapple":
                        move = chosen.variant or "grapple"
                        raise Unsupported(
                            Reason(
                                f"the AI would have {me.key} grapple ({move}; not modelled)",
                                f"AIが {me.key} に組み付き（{move}）をさせる（扱わない）",
                            )
                        )
                    code = codes.get((chosen.weapon, chosen.variant), -1)
                    if code < 0 or chosen.target != foe.key or chosen.shots:
                        raise Unsupported(
                            Reason(
                                f"the AI would attack with {chosen.key}",
                                f"AIが {chosen.key} で攻撃する",
                            )
                        )
                elif chosen.action == "flee":
                    code = FLEE
                elif chosen.action != "do_nothing":
                    raise Unsupported(
                        Reason(
                            f"the AI would have {me.key} {chosen.action}"
                            " (only attacks are modelled)",
                            f"AIが {me.key} に {chosen.action} をさせる（扱うのは攻撃のみ）",
                        )
                    )
            action[hp, foe_hp, int(my_focus), int(gave_up), int(foe_focus), int(foe_attacked)] = (
                code
            )
    # Defenses against each of the foe's attack options.
    # Rows 0..count for the plain attacks, count + 1 + option for the same attack carrying
    # Martial Arts (武道: its roll succeeded, so no unarmed parry meets it).
    count = len(foe_options)
    defense = np.zeros((2 * (count + 1), 2, 2), dtype=np.int64)
    defense_value = np.zeros((2 * (count + 1), 2, 2), dtype=np.int64)
    defense_auto = np.zeros((2 * (count + 1), 2, 2), dtype=np.bool_)
    for (number, option), trained in itertools.product(enumerate(foe_options, start=1), flags):
        weapon = foe.weapon(option.weapon)
        if trained and not (weapon.unarmed and foe.has_martial_arts()):
            continue  # no Martial Arts roll: the row is never read
        incoming = IncomingAttack(foe.key, me.key, weapon.key, weapon.kind, weapon.unarmed, trained)
        row = number + (count + 1) * int(trained)
        for my_focus, attacked in itertools.product(focus_values, flags):
            _fresh(state, (me.hp, foe.hp), keys)
            mine.dodge_focus, mine.attacked = my_focus, attacked
            defenses = defense_options(state, me.key, incoming)
            kind, value, auto = DEFENSE_NONE, 0, False
            if len(defenses) > 1:
                answer: DefenseChoice = _ask(
                    ai, state, Decision(me.key, "defense", defenses, incoming)
                )
                if answer.kind == "dodge":
                    kind, value = DEFENSE_DODGE, dodge_score(state, me.key).value
                    auto = my_focus and value >= 100  # checks.check(automatic=dodge_focus)
                elif answer.kind == "parry":
                    parry = parry_score(state, me.key, me.weapon(answer.weapon))
                    kind, value = DEFENSE_PARRY, parry.value
            index = (row, int(my_focus), int(attacked))
            defense[index], defense_value[index], defense_auto[index] = kind, value, auto
    if not rules.dodge_focus:
        declare[:, :, 1] = declare[:, :, 0]
        action[:, :, 1] = action[:, :, 0]
        action[:, :, :, :, 1] = action[:, :, :, :, 0]
        defense[:, 1], defense_value[:, 1], defense_auto[:, 1] = (
            defense[:, 0],
            defense_value[:, 0],
            defense_auto[:, 0],
        )
    # The figures of each of its own attack options (index 0 unused).
    weapons = [me.weapon(o.weapon) for o in options]
    skill = np.array([0, *(me.skill(w.skill) for w in weapons)], dtype=np.int64)
    special = np.array([0, *(special_threshold(int(s)) for s in skill[1:])], dtype=np.int64)
    impaling = np.array([False, *(w.impaling for w in weapons)], dtype=np.bool_)
    trained = me.has_martial_arts()
    art = me.skill("martial_arts")
    martial = np.array([0, *(art if trained and w.unarmed else 0 for w in weapons)], dtype=np.int64)
    knockout = np.array([False, *(o.variant == "knockout" for o in options)], dtype=np.bool_)
    rows = [{0: Fraction(1)}, {0: Fraction(1)}]
    for weapon in weapons:
        rows += [damage_distribution(weapon, me.db, twice) for twice in (False, True)]
    values, cdf = _distribution_rows(rows)
    return Side(
        key=me.key,
        side=me.side,
        hp=me.hp,
        con5=me.constitution * 5,
        armour=me.armour,
        options=tuple((o.weapon, o.variant) for o in options),
        declare=declare,
        action=action,
        defense=defense,
        defense_value=defense_value,
        defense_auto=defense_auto,
        skill=skill,
        special=special,
        impaling=impaling,
        martial=martial,
        knockout=knockout,
        damage_values=values,
        damage_cdf=cdf,
    )


def _build(scenario: Scenario) -> DuelModel:
    reason = static_reason(scenario)
    if reason is not None:
        raise Unsupported(reason)
    rules = Rules.from_settings(Coc(scenario.options).settings)
    a, b = scenario.fighters
    if a.dexterity != b.dexterity:
        first = 0 if a.dexterity > b.dexterity else 1
    else:
        first = -1 if rules.dex_tie_d100 else 0
    found = [
        approach(scenario, tie_script(leader) if first == -1 else [])
        for leader in ((0, 1) if first == -1 else (first,))
    ]
    starts: list[Start] = []
    for start in found:
        if isinstance(start, Reason):
            raise Unsupported(start)
        starts.append(start)
    # The tables are asked where the duellists meet (in melee reach); for duellists who
    # never meet in time, anywhere in reach (no turn of theirs is played).
    places = starts[0].places
    if starts[0].round > rules.max_rounds:
        places = {a.key: Point(0.0, 0.0), b.key: Point(1.0, 0.0)}
    state = _start_state(scenario, rules, places)
    ai = CocAI()
    _fresh(state, (a.hp, b.hp), (a.key, b.key))
    options_a = attack_options(state, a.key)
    options_b = attack_options(state, b.key)
    sides = (_side(state, ai, a, b, options_b), _side(state, ai, b, a, options_a))
    return DuelModel(rules, sides, first, (starts[0], starts[-1]))


def model_key(scenario: Scenario) -> str:
    """A text naming the scenario's data completely (the cache key of its model)."""
    return json.dumps(scenario.data, sort_keys=True, default=str)


_MODELS: dict[str, DuelModel | str] = {}


def duel_model(scenario: Scenario) -> DuelModel | str:
    """The scenario's model, or the reason it cannot be modelled (cached by scenario data)."""
    key = model_key(scenario)
    found = _MODELS.get(key)
    if found is None:
        try:
            found = _build(scenario)
        except Unsupported as error:
            found = error.reason
        if len(_MODELS) >= 16:
            _MODELS.pop(next(iter(_MODELS)))
        _MODELS[key] = found
    return found
