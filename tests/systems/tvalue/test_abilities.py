"""Seed 002 D. 異能技のデータ変動 (T-scaled clauses on ability techniques, X1–X3): 「絶対
(相対)値○(毎)に命中に○」, 「絶対(相対)値○(毎)に場合ダメージに○」, 「絶対(相対)値○以上の
場合ダメージ深度1ランクアップ」, 「絶対(相対)値○点以上の場合ダメージ○倍」, and the MP an
ability costs (HP(MP)消費) (interpretation 46)."""

from __future__ import annotations

from typing import Any, get_args

import pytest

from senjo.scenario.errors import ScenarioError
from senjo.scenario.tvalue import ClauseSpec
from senjo.systems.tvalue.attack import evasion_score, hit_score
from senjo.systems.tvalue.clauses import COSTS, KINDS, REPLACEMENTS
from senjo.systems.tvalue.events import TvConditionChanged, TvDamage, TvDeclared, TvHitRoll
from senjo.systems.tvalue.state import TvState

from .helpers import battle, choose, declare, events, fighter, held, pending

# A psychic blast: accuracy 3, 2D6, physical; the ability strikes with it.
FOCUS = {"key": "focus", "accuracy": 3, "skill": 3, "damage": "2D6"}


def _ability(*clauses: dict[str, Any], mp: int = 0) -> dict[str, Any]:
    return {"key": "psi", "fap": 6, "map": 2, "mp": mp, "clauses": list(clauses)}


def _fight(dice: list[int], t: int, *clauses: dict[str, Any], foe_t: int = 0, **fields: Any):  # type: ignore[no-untyped-def]
    def ready(state: TvState) -> None:
        state.status["a"].t, state.status["b"].t = t, foe_t

    data: dict[str, Any] = {"reaction": 12, "weapons": [FOCUS], "techniques": [_ability(*clauses)]}
    data.update(fields)
    target = fighter("b", "gm", evasion=9, hp=60, protection={"physical": 4})
    game = battle(
        fighter("a", "pcs", **data), target, dice=dice, before=ready, level_tie_pair="none"
    )
    declare(game, "a", "psi:focus")
    declare(game, "b")
    choose(game, "psi:focus:b", "a")
    return game


def test_a_hit_bonus_per_step_of_t() -> None:
    """「絶対値○毎に命中に○」: +1 a full 2 points of T; at T 5, +2 (3 + 2 + [2,3] = 10 > 9)."""
    game = _fight([2, 3, 1, 1], 5, {"kind": "hit_per", "at": 2, "amount": 1})
    roll = events(game, TvHitRoll)[0]
    assert (roll.score.value, roll.hit) == (5, True)
    assert ("t_clause", 2) in roll.score.modifiers.items


def test_a_damage_bonus_per_step_of_relative_t() -> None:
    """「相対値○毎にダメージに○」: +2 a point of T over the target's: 4 − 1 = 3 → +6
    ([5,5] hits; [1,2] + 6 = 9 − 4 = 5)."""
    relative = {"kind": "damage_per", "basis": "relative", "at": 1, "amount": 2}
    game = _fight([5, 5, 1, 2], 4, relative, foe_t=1)
    damage = events(game, TvDamage)[0]
    assert (damage.rolled, damage.taken) == (9, 5)


def test_depth_rises_a_rank_at_a_threshold() -> None:
    """「絶対値○以上の場合ダメージ深度1ランクアップ」: at T 3 or more the physical blast is
    ethereal (幽体), which physical protection 4 does not stop."""
    up = {"kind": "depth_up", "at": 3}
    low = _fight([5, 5, 3, 3], 2, up)
    high = _fight([5, 5, 3, 3], 3, up)
    assert [(d.depth, d.taken) for d in events(low, TvDamage)] == [("physical", 2)]
    assert [(d.depth, d.taken) for d in events(high, TvDamage)] == [("ethereal", 6)]


def test_damage_is_multiplied_at_a_threshold() -> None:
    """「絶対値○点以上の場合ダメージ○倍」: at T 4, ×3 before protection ([3,3] → 18 − 4)."""
    game = _fight([5, 5, 3, 3], 4, {"kind": "damage_times", "at": 4, "amount": 3})
    damage = events(game, TvDamage)[0]
    assert (damage.rolled, damage.taken) == (18, 14)


def test_the_mp_an_ability_costs_is_paid_when_it_is_declared() -> None:
    """HP(MP)消費: 3 MP with the FAP and MAP at the declaration; without the MP it is not
    offered."""
    sheet = fighter("a", "pcs", mp=4, weapons=[FOCUS], techniques=[_ability(mp=3)])
    game = battle(sheet, fighter("b", "gm"), dice=[])
    assert "psi:focus" in pending(game)[2]
    choose(game, "psi:focus", "a")
    assert events(game, TvDeclared)[0] == TvDeclared("a", "psi:focus", 6, 2, 6, 2, False, 3)
    assert game.state.status["a"].mp == 1
    assert "psi:focus" not in pending(game)[2]


def test_every_hit_die_reads_as_a_value_at_a_threshold() -> None:
    """「絶対値○の場合命中判定時のダイスの目がすべて○扱い」: at T 3 both hit dice read 5 and
    none is drawn (3 + 10 = 13 > 9); the script holds only the damage dice."""
    game = _fight([1, 1], 3, {"kind": "dice_at", "at": 3, "amount": 5})
    roll = events(game, TvHitRoll)[0]
    assert (roll.dice, roll.total, roll.hit) == ((5, 5), 13, True)
    assert events(game, TvDamage)[0].rolled == 2


def test_an_evasion_bonus_until_the_next_rounds_end() -> None:
    """「絶対値○以上の場合行動解決から次ラウンド終了時まで回避に○」: at T 2, once the ability
    has resolved in round 1, +3 to the user's evasion score through round 2."""
    game = _fight([5, 5, 1, 1], 2, {"kind": "evasion_at", "at": 2, "amount": 3})
    assert TvConditionChanged("a", "evasion:3", True) in events(game, TvConditionChanged)
    state = game.state
    assert evasion_score(state, "b", "a").value == 10 + 3
    state.round = 2
    assert evasion_score(state, "b", "a").value == 13
    state.round = 3
    assert evasion_score(state, "b", "a").value == 10


def test_an_ability_may_take_a_direct_attack_replacement() -> None:
    """「「直接攻撃の置き換え」のどれかの効果を選択できる」: declared with クリティカル, its
    damage is doubled (relative T 5: [5,5] hits, [2,2] → 8 − 4)."""
    sheet = fighter(
        "a",
        "pcs",
        reaction=12,
        weapons=[FOCUS],
        techniques=[_ability({"kind": "replacements"})],
    )
    game = battle(
        sheet,
        fighter("b", "gm", evasion=9, hp=60, protection={"physical": 4}),
        dice=[5, 5, 2, 2],
        before=lambda state: setattr(state.status["a"], "t", 5),
        level_tie_pair="none",
    )
    assert "psi:focus+critical" in pending(game)[2]
    assert "psi:focus+sweeping" not in pending(game)[2]  # one target (interpretation 46)
    declare(game, "a", "psi:focus+critical")
    declare(game, "b")
    choose(game, "psi:focus+critical:b", "a")
    damage = events(game, TvDamage)[0]
    assert (damage.rolled, damage.taken) == (8, 4)


@pytest.mark.parametrize(
    ("clause", "hp", "mp", "bonus"),
    [
        ({"kind": "hit_if", "at": 10}, 10, 5, 2),  # HP 10 or less: +2
        ({"kind": "hit_if", "at": 10}, 11, 5, 0),
        ({"kind": "hit_if", "at": 5, "pool": "mp", "when": "at_least"}, 30, 5, 2),
        ({"kind": "hit_if", "at": 6, "pool": "mp", "when": "at_least"}, 30, 5, 0),
    ],
)
def test_a_hit_bonus_while_hp_or_mp_is_at_a_value(
    clause: dict[str, Any], hp: int, mp: int, bonus: int
) -> None:
    """「HP(MP)が○の場合命中に○」: HP (or MP) at most ○ (or, as the data say, at least ○)
    when the strike resolves: +2 (interpretation 46)."""

    def ready(state: TvState) -> None:
        state.status["a"].hp, state.status["a"].mp = hp, mp

    ability = _ability(clause | {"amount": 2})
    sheet = fighter("a", "pcs", hp=30, mp=10, weapons=[FOCUS], techniques=[ability])
    game = held(sheet, fighter("b", "gm"), dice=[])
    ready(game.state)
    score = hit_score(game.state, "a", "focus", "", "psi", 0, "b")
    assert score.value == 3 + bonus


def test_damage_bonus_while_hp_is_low() -> None:
    """「HP(MP)が○の場合ダメージに○」: HP 8, at most 10: +4 to the damage ([5,5] hits,
    [1,1] + 4 = 6 − 4)."""
    game = _fight([5, 5, 1, 1], 0, {"kind": "damage_if", "at": 10, "amount": 4}, hp=8)
    assert events(game, TvDamage)[0].taken == 2


def test_an_ability_may_cost_hp() -> None:
    """HP(MP)消費 in HP: paid when declared; never the last of it (HP 3 pays 2, not 3)."""
    ability = _ability() | {"hp": 2}
    sheet = fighter("a", "pcs", hp=3, weapons=[FOCUS], techniques=[ability])
    game = battle(sheet, fighter("b", "gm"), dice=[])
    choose(game, "psi:focus", "a")
    assert events(game, TvDeclared)[0].hp == 2 and game.state.status["a"].hp == 1
    assert "psi:focus" not in pending(game)[2]


@pytest.mark.parametrize(
    ("clause", "t", "paid"),
    [
        ({"kind": "fap_at", "at": 3, "amount": 2}, 3, (2, 2, 3)),  # 「消費FAP○」 from T 3
        ({"kind": "fap_at", "at": 3, "amount": 2}, 2, (6, 2, 3)),
        ({"kind": "map_at", "at": 1, "amount": 0}, 1, (6, 0, 3)),  # 「消費MAP○」
        ({"kind": "mp_per", "at": 2, "amount": 1}, 5, (6, 2, 3 + 2)),  # 「○毎にMP消費が○」
        ({"kind": "mp_less_t", "amount": 6}, 4, (6, 2, 2)),  # 「○−「絶対値」MP消費」
        ({"kind": "mp_less_t", "amount": 6}, 9, (6, 2, 0)),  # never below 0
    ],
)
def test_cost_clauses_are_read_when_the_ability_is_declared(
    clause: dict[str, Any], t: int, paid: tuple[int, int, int]
) -> None:
    """「絶対値○以上の場合消費FAP○、消費MAP○」, 「絶対値○(毎)にHP(MP)消費が○」,
    「○−「絶対値」HP(MP)消費」: the fighter's own T when it declares (base FAP 6, MAP 2,
    MP 3)."""

    def ready(state: TvState) -> None:
        state.status["a"].t = t

    ability = _ability(clause, mp=3)
    sheet = fighter("a", "pcs", mp=20, weapons=[FOCUS], techniques=[ability])
    game = battle(sheet, fighter("b", "gm"), dice=[], before=ready, level_tie_pair="none")
    choose(game, "psi:focus", "a")
    declared = events(game, TvDeclared)[0]
    assert (declared.fap, declared.map, declared.mp) == paid


@pytest.mark.parametrize(
    "clause",
    [
        {"kind": "range_per", "at": 1},
        {"kind": "hit_per", "at": 0},
        {"kind": "hit_per", "at": 1, "basis": "own"},
        {"kind": "fap_at", "at": 1, "basis": "relative"},
        {"kind": "dice_at", "at": 1, "amount": 7},
    ],
)
def test_a_clause_is_checked(clause: dict[str, Any]) -> None:
    """Only the clause kinds built; a step of at least 1; basis absolute or relative, and
    absolute for a cost (read before there is a target); a die's face 1 to 6."""
    with pytest.raises(ScenarioError, match=r"techniques\[0\]"):
        fighter("a", "pcs", weapons=[FOCUS], techniques=[_ability(clause)])


def test_a_depth_never_goes_below_physical() -> None:
    """A depth clause with a negative amount stops at 物理 (the shallowest)."""
    game = _fight([5, 5, 3, 3], 3, {"kind": "depth_up", "at": 1, "amount": -2})
    assert events(game, TvDamage)[0].depth == "physical"


def test_the_schema_names_every_clause_kind_the_rules_read() -> None:
    """The scenario schema and `clauses.py` agree on the clause kinds."""
    kinds = get_args(ClauseSpec.model_fields["kind"].annotation)
    assert set(kinds) == {*KINDS, *COSTS, REPLACEMENTS}
