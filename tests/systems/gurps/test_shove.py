"""Shoves (seed 000 押し (Shove), B372 by the Japanese Basic Set's text and the fact
sheet's §11): push a foe with one hand or both — DX or Sumo to hit, the foe may dodge,
parry or block; thrust crushing damage for the shover's ST (−1 a die with one hand),
doubled, for knockback only, never injury. With scripted dice, without a map."""

from __future__ import annotations

from typing import Any

from senjo.engine.battle import Battle
from senjo.systems.gurps.events import (
    AttackRolled,
    Check,
    DamageRolled,
    Injured,
    Moved,
    PostureChanged,
)
from senjo.systems.gurps.state import GurpsState

from .helpers import SAFE, battle, choose, events, fighter

#: ST 13: thrust 1d. Sumo 13 beats DX 12.
SHOVER = {"st": 13, "dx": 12, "ht": 12, "skills": {"Sumo": 13}}
HIT = [3, 3, 4]


def _shove(dice: list[int], **shover: Any) -> Battle[GurpsState]:
    """a (the shover, a yard from b) shoves b; b chooses its defense next."""
    fields = {**SHOVER, **shover}
    game = battle(fighter("a", "x", 0, **fields), fighter("b", "y", 1), dice=dice)
    choose(game, "attack/shove:b")
    return game


def test_a_shove_is_an_attack_at_the_best_of_dx_and_sumo() -> None:
    """押し: 「命中したかどうかは敏捷力か<相撲>技能で判定」: Sumo 13 over DX 12; a Step
    closes the yard (reach C)."""
    game = _shove([*HIT, *SAFE])
    roll = events(game, AttackRolled)[0]
    assert (roll.weapon, roll.mode, roll.skill.value) == ("shove", "shove", 13)
    assert game.state.distance("a", "b") == 0.0


def test_the_foe_may_dodge_parry_or_block_a_shove() -> None:
    """「敵は止め、よけ、受けができます」: b is offered its dodge (and a parry with bare
    hands); a dodge that succeeds leaves b where it was."""
    game = _shove([*HIT, 2, 2, 2, *SAFE])  # b's dodge 8: 6 succeeds
    assert game.pending is not None and game.pending.kind == "defense"
    assert {"none", "dodge"} <= {key.split("/")[0] for key in game.pending.keys}
    choose(game, "dodge")
    assert not events(game, DamageRolled)
    assert not [m for m in events(game, Moved) if m.direction == "knockback"]


def test_a_shove_knocks_back_with_doubled_thrust_and_never_injures() -> None:
    """「「突き/叩き」のダメージを計算して…倍にします。これは「突き飛ばし」の効果だけに
    適用し、実際の肉体的損傷は与えません」: thrust 1d, [6] doubled = 12 against b's ST 10:
    one yard back (B378: a yard per full ST − 2); b keeps its HP, then rolls DX to stay up
    ([3,3,3] succeeds)."""
    game = _shove([*HIT, 6, 3, 3, 3, *SAFE])
    choose(game, "none")
    rolled = events(game, DamageRolled)[0]
    assert (rolled.dice, rolled.faces, rolled.basic, rolled.damage_type) == ("1d", (6,), 12, "cr")
    assert not events(game, Injured) and game.state.status["b"].hp == 10
    pushed = events(game, Moved)[-1]
    assert (pushed.actor, pushed.direction, pushed.yards) == ("b", "knockback", 1.0)
    assert [c.kind for c in events(game, Check)] == ["knockback"]
    assert not events(game, PostureChanged)


def test_a_shove_with_one_hand_is_minus_one_a_die() -> None:
    """「片手しか用いていない時にはサイコロ1個につき-1」: with a sword in one hand, 1d−1:
    [6] − 1 = 5, doubled 10 — under ST 10 − 2 twice: one yard."""
    game = _shove(
        [*HIT, 6, 3, 3, 3, *SAFE], skills={"Sumo": 13, "Broadsword": 12}, weapons=["broadsword"]
    )
    choose(game, "none")
    rolled = events(game, DamageRolled)[0]
    assert (rolled.dice, rolled.basic) == ("1d-1", 10)


def test_a_weak_shove_does_not_move_the_foe() -> None:
    """Doubled thrust under the foe's ST − 2: [1] doubled = 2, no knockback and no roll."""
    game = _shove([*HIT, 1, *SAFE])
    choose(game, "none")
    assert events(game, DamageRolled)[0].basic == 2
    assert not [m for m in events(game, Moved) if m.direction == "knockback"]
    assert not events(game, Check)


def test_no_shove_without_a_free_hand_nor_while_grappling() -> None:
    """Shoving takes a hand: not with both hands full (a sword and a shield); not while
    holding a foe or held (the grip's own actions apply then)."""
    knight = {"skills": {"Broadsword": 12, "Shield": 12}, "weapons": ["broadsword"]}
    game = battle(
        fighter("a", "x", 0, shield="medium_shield", **knight),
        fighter("b", "y", 1),
        dice=[*SAFE],
    )
    assert game.pending is not None
    assert "attack/shove:b" not in game.pending.keys
    game = battle(fighter("a", "x", 0, **SHOVER), fighter("b", "y", 0), dice=[*HIT, *SAFE])
    choose(game, "attack/grab:b")
    choose(game, "torso")
    choose(game, "none")
    assert game.pending is not None and game.pending.actor == "b"
    assert "attack/shove:a" not in game.pending.keys
