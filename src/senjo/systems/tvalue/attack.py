"""Seed 002 攻撃: a direct attack's hit roll, its damage or its replacement's effect, and
the T it earns.

「命中」+2D6 must exceed the target number to hit (「上回っていれば」: a tie misses); the
target number is the target's evasion score (回避点), or, with `hit_model=contest`, the
target's own 2D6 + evasion score − 7 (interpretation 3). After the hit roll the
attacker's T rises by 1 + the direct attacks the target already took this round — right
after the damage roll on a hit, at once on a miss (「ダメージ判定をした直後に(攻撃が
外れた場合は直ちに)」).

A replacement (直接攻撃の置き換え, `choices.REPLACEMENTS`) changes only the effect
(「効果のみの入れ替えで、他のあらゆる直接攻撃の効果を生む」); its requirement is checked
just before resolution, and unmet it is a plain direct attack (T15).
"""

from __future__ import annotations

from functools import lru_cache

from senjo.engine.battle import Battle
from senjo.engine.modifiers import Modifiers, Score
from senjo.systems.tvalue.advantage import change
from senjo.systems.tvalue.chances import ALL_OUT_PENALTY as ALL_OUT_PENALTY
from senjo.systems.tvalue.chances import CONTEST_OFFSET as CONTEST_OFFSET
from senjo.systems.tvalue.chances import hit_odds
from senjo.systems.tvalue.choices import REPLACEMENTS
from senjo.systems.tvalue.clauses import NONE
from senjo.systems.tvalue.damage import check_consciousness, injure, roll_damage
from senjo.systems.tvalue.events import TvHitRoll, TvRequirementUnmet
from senjo.systems.tvalue.locations import LOCATIONS, called_shot
from senjo.systems.tvalue.state import TvState
from senjo.systems.tvalue.techniques import (
    clause_effects,
    struck_with,
    sweep_check,
    technique_of,
)

__all__ = [
    "ALL_OUT_PENALTY",
    "CONTEST_OFFSET",
    "count_attack",
    "direct_attack",
    "evasion_score",
    "hit_chance",
    "hit_score",
    "requirement_gap",
    "roll_to_hit",
]


def requirement_gap(
    state: TvState, key: str, target: str, replacement: str
) -> tuple[str, int, int]:
    """(basis, needed, had) of a replacement's requirement for `key` against `target`;
    it holds when had >= needed (("", 0, 0) for none)."""
    required = REPLACEMENTS.get(replacement)
    if required is None:
        return "", 0, 0
    basis, needed = required
    had = state.relative(key, target) if basis == "relative" else state.status[key].t
    return basis, needed, had


def hit_score(
    state: TvState,
    key: str,
    weapon_key: str,
    replacement: str = "",
    technique: str = "",
    swept: int = 0,
    target: str = "",
) -> Score:
    """The hit roll's value: the weapon's accuracy (命中; the close-combat accuracy for
    `weapon_key` ""), −4 for an all-out strike, a technique's hit modifier (命中修正), −1
    while held (組みつき 「自動的に攻撃・回避にマイナス1」), −1 for each of a sweep's
    `swept` targets (なぎ払い 「目標数と同じ数値命中判定にペナルティ」), an ability's
    T-scaled bonus (`t_clause`) against `target`."""
    sheet = state.sheets[key]
    accuracy = sheet.weapon(weapon_key).accuracy if weapon_key else sheet.close_accuracy
    modifiers: list[tuple[str, int]] = []
    if state.status[key].held_by:
        modifiers.append(("held", -1))
    if replacement == "all_out":
        modifiers.append(("all_out", ALL_OUT_PENALTY))
    if replacement in LOCATIONS:  # 部位狙い 「命中に修正を課して各部位を狙える」
        modifiers.append((replacement, LOCATIONS[replacement]))
    used = technique_of(state.sheets[key], technique) if technique else None
    if used is not None and used.hit:
        modifiers.append((technique, used.hit))
    if used is not None and used.clauses:  # 「絶対(相対)値○(毎)に命中に○」
        bonus = clause_effects(state, key, target, used).hit
        if bonus:
            modifiers.append(("t_clause", bonus))
    if swept:
        modifiers.append(("sweeping", -swept))
    return Score(accuracy, Modifiers.of(*modifiers))


def evasion_score(state: TvState, key: str, target: str) -> Score:
    """The target's evasion score against `key`: less the T difference when `key` feinted
    it (「相手とのT値の差を回避点に与える」, never raising it: interpretation 19).

    >>> from senjo.systems.tvalue.model import Fighter
    >>> state = TvState.start({k: Fighter(k, k, k, k, evasion=11) for k in "ab"})
    >>> state.status["a"].t, state.status["a"].feints = 3, {"b": 1}
    >>> evasion_score(state, "a", "b").value, evasion_score(state, "b", "a").value
    (8, 11)
    """
    evasion = state.sheets[target].evasion
    modifiers: list[tuple[str, int]] = []
    if target in state.status[key].feints:
        modifiers.append(("feint", -max(0, state.relative(key, target))))
    if state.status[target].held_by:
        modifiers.append(("held", -1))
    if state.evasion_bonus(target):  # an ability's 「回避に○」
        modifiers.append(("t_clause", state.evasion_bonus(target)))
    return Score(evasion, Modifiers.of(*modifiers))


def direct_attack(
    battle: Battle[TvState],
    key: str,
    weapon_key: str,
    target: str,
    replacement: str = "",
    technique: str = "",
    iai: str = "",
    auto_hit: bool = False,
    swept: int = 0,
) -> int:
    """Resolve one direct attack of `key` with a weapon on `target`, with a replacement;
    or one strike of a technique (its requirement already checked, `techniques.py`):
    its hit modifier, 居合い's choice `iai`, 鬼の爪's protection, 足払い's effect. An
    `auto_hit` strike (a combo's at a target it already hit) rolls no hit dice. Returns
    the T the attack earned: applied here, except for one strike of a sweep at `swept`
    targets, whose caller applies the largest (`sweeping.sweep`)."""
    state = battle.state
    if replacement:
        basis, needed, had = requirement_gap(state, key, target, replacement)
        if had < needed:
            battle.emit(TvRequirementUnmet(key, replacement, basis, needed, had))
            replacement = ""
    weapon = state.sheets[key].weapon(weapon_key)
    if weapon.sheathed:
        state.status[key].drawn.add(weapon_key)  # 居合い only from a sheathed weapon
    score = hit_score(state, key, weapon_key, replacement, technique, swept, target)
    now = NONE
    if technique:  # its damage modifier (ダメージ修正), depth (深度) and clauses
        used = technique_of(state.sheets[key], technique)
        now = clause_effects(state, key, target, used)
        weapon = struck_with(weapon, used, now)
    hit = roll_to_hit(
        battle, key, target, weapon_key, score, replacement, iai, auto_hit, read_as=now.dice
    )
    direct = not technique or state.rules.technique_gain  # interpretation 25
    gain = count_attack(state, target, hit) if direct else 0
    aimed = (0, 0)
    if hit and technique == "leg_sweep":  # no damage: the target may fall
        sweep_check(battle, key, target, weapon)
    elif replacement == "feint":
        if hit or not state.rules.feint_needs_hit:
            state.status[key].feints[target] = state.round
    elif hit and replacement == "combination":
        # 「ダメージを与える代わりにT値を「使用戦闘技能」−「目標の戦闘レベル」(最低1)減少」
        drop = max(1, weapon.skill - state.sheets[target].combat_level)
        change(battle, target, -drop, "combination")
    elif hit and replacement == "aim_weapon":  # the weapon, not the body, is struck
        _, rolled = roll_damage(battle, weapon)
        aimed = (rolled, 0)
    elif hit:
        faces, rolled = roll_damage(battle, weapon, replacement, 3 if iai == "damage" else 0)
        claw = 2 * weapon.skill if technique == "oni_claw" else 0  # 「使用戦闘技能」×2
        taken_hp = injure(battle, key, target, weapon, faces, rolled, replacement, claw)
        aimed = (rolled, taken_hp)
    if not swept:
        change(battle, key, gain, "direct_attack")
    if hit and replacement in LOCATIONS:
        called_shot(battle, target, replacement, *aimed)
    check_consciousness(battle, target)
    return gain


def roll_to_hit(
    battle: Battle[TvState],
    key: str,
    target: str,
    label: str,
    score: Score,
    replacement: str = "",
    iai: str = "",
    auto_hit: bool = False,
    against: Score | None = None,
    read_as: int = 0,
) -> bool:
    """A hit roll (命中判定) of `key` at `target`, logged (`label` the weapon or the close
    action): `score` + 2D6 must exceed the target's evasion score, or its contested roll
    (`hit_model=contest`), or `against` when given (an interception's); 居合い's `iai`
    reads the lower die as 6; an `auto_hit` rolls nothing. Every such roll is the
    fighter's next direct attack, which spends its feints."""
    state = battle.state
    evasion = against if against is not None else evasion_score(state, key, target)
    state.status[key].feints.clear()  # 「次回直接攻撃後…無効になる」: whatever its target
    dice: tuple[int, ...] = ()
    if read_as and not auto_hit:  # 「命中判定時のダイスの目がすべて○扱い」: none drawn
        dice = (read_as, read_as)
    elif not auto_hit:
        dice = battle.dice.roll(6), battle.dice.roll(6)
    if iai == "hit":  # 「命中判定のダイスの目の低い方を6扱い」
        dice = (6, dice[1]) if dice[0] <= dice[1] else (dice[0], 6)
    total = score.value + sum(dice)
    against_dice: tuple[int, ...] = ()
    number = evasion.value
    if state.rules.contest and not auto_hit and against is None:
        against_dice = battle.dice.roll(6), battle.dice.roll(6)
        number = evasion.value - CONTEST_OFFSET + sum(against_dice)
    hit = auto_hit or total > number
    battle.emit(
        TvHitRoll(
            key, target, label, score, dice, total, evasion, against_dice, number, hit, replacement
        )
    )
    return hit


def count_attack(state: TvState, target: str, hit: bool) -> int:
    """Count a direct attack on `target` this round (all, or hits only: option
    `count_received`) and return the attacker's T gain, 1 + the ones it took before
    (「1＋「それまでに目標が同じラウンド内に受けた直接攻撃回数」」)."""
    taken = state.status[target]
    gain = 1 + taken.received
    if hit or not state.rules.count_hits_only:
        taken.received += 1
    return gain


@lru_cache(maxsize=1024)
def hit_chance(value: int, evasion: int, contest: bool = False) -> float:
    """The exact chance that value + 2D6 exceeds the evasion score (or, contested, the
    target's 2D6 + evasion − 7), as a float (`chances.hit_odds`).

    >>> round(hit_chance(3, 11), 4), round(hit_chance(4, 11, contest=True), 4)
    (0.2778, 0.4437)
    """
    return float(hit_odds(value, evasion, contest))
