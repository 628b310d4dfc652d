"""Effects of injury in a battle (B380-381, B419-420), with scripted dice."""

from __future__ import annotations

from senjo.engine.battle import Battle
from senjo.systems.gurps.events import (
    AttackRolled,
    Check,
    ConditionChanged,
    DefenseRolled,
    Injured,
    ManeuverTaken,
    TurnStarted,
)
from senjo.systems.gurps.state import GurpsState

from .helpers import battle, choose, events, fighter

SAFE = [3] * 40
SWORD = {"st": 12, "dx": 12, "ht": 12, "skills": {"Broadsword": 14}, "weapons": ["broadsword"]}
AXE = {"skills": {"Axe/Mace": 12}, "weapons": ["axe"]}


def _hit(dice: list[int], **victim: object) -> Battle[GurpsState]:
    game = battle(
        fighter("a", "x", 0, **SWORD),
        fighter("b", "y", 1, **{**AXE, **victim}),
        dice=dice,
    )
    choose(game, "attack:b:broadsword/swing")
    choose(game, "torso")
    choose(game, "none")
    return game


def test_shock_applies_on_the_next_turn_only() -> None:
    """B381: injury gives -1 per HP to DX-based rolls on the victim's next turn only, max -4."""
    # 1d+3 with a 1: 4 cut -> 6 injury (not a major wound for HP 13).
    game = _hit([3, 3, 3, 1, *SAFE], st=13)
    turn = events(game, TurnStarted)[-1]
    assert (turn.actor, turn.shock) == ("b", -4)
    choose(game, "attack:a:axe/swing")
    choose(game, "torso")
    assert dict(events(game, AttackRolled)[-1].skill.modifiers.items) == {"shock": -4}


def test_high_pain_threshold_ignores_shock() -> None:
    """B59/B381: High Pain Threshold means no shock penalties."""
    game = _hit([3, 3, 3, 1, *SAFE], st=13, advantages=["high_pain_threshold"])
    assert events(game, TurnStarted)[-1].shock == 0


def test_major_wound_failed_ht_stuns_and_knocks_down() -> None:
    """B420: a major wound calls for HT; failing (by less than 5) stuns and knocks down."""
    # 1d+3 with a 3: 6 cut -> 9 injury > 10/2: major wound; HT roll 12 vs 10 fails by 2.
    game = _hit([3, 3, 3, 3, 4, 4, 4, 6, 6, 6])
    conditions = [(c.condition, c.active) for c in events(game, ConditionChanged)]
    assert ("stunned", True) in conditions
    assert game.state.status["b"].posture == "lying"
    # On its turn the stunned fighter must Do Nothing, then rolls HT to recover (fails: 18).
    assert events(game, ManeuverTaken)[-1].variant == "stunned"
    assert events(game, Check)[-1].kind == "stun_recovery"
    assert game.state.status["b"].stunned


def test_major_wound_failed_by_five_knocks_out() -> None:
    """B420: failing the knockdown roll by 5 or more means unconsciousness."""
    game = _hit([3, 3, 3, 3, 5, 5, 5])
    assert game.state.status["b"].conscious is False
    outcome = game.outcome()
    assert outcome is not None and outcome.winner_side == "x"


def test_stunned_defends_at_minus_four() -> None:
    """B420: a stunned fighter's active defenses are at -4."""
    game = _hit([3, 3, 3, 3, 4, 4, 4, 6, 6, 6, 3, 3, 3, 3, 3, 3, *SAFE])
    # a attacks again while b is still stunned.
    choose(game, "attack:b:broadsword/swing")
    choose(game, "torso")
    choose(game, "dodge")
    assert events(game, DefenseRolled)[-1].score.modifiers.amount("stunned") == -4


def test_zero_hp_rolls_to_stay_conscious_each_turn() -> None:
    """B419: at 0 HP or less a fighter rolls HT at the start of each turn or falls unconscious."""
    # 1d+3 with a 4: 7 cut -> 10 injury, HP 10 -> 0; knockdown HT 9 passes; turn: HT 15 fails.
    game = _hit([3, 3, 3, 4, 3, 3, 3, 5, 5, 5])
    check = events(game, Check)[-1]
    assert (check.kind, check.success) == ("consciousness", False)
    assert game.state.status["b"].conscious is False


def test_minus_hp_calls_for_a_death_check() -> None:
    """B419: at -1 x HP the victim rolls HT or dies (failing by 3+)."""
    big = dict(SWORD, st=20, skills={"Broadsword": 16})
    game = battle(
        fighter("a", "x", 0, **big),
        fighter("b", "y", 1, **AXE),
        dice=[3, 3, 3, 6, 6, 6, 3, 3, 3, 6, 6, 6],
    )
    choose(game, "attack:b:broadsword/swing")
    choose(game, "torso")
    choose(game, "none")
    # sw 3d+2 +1 = 3d+3 with 6,6,6: 21 cut -> 31 injury: HP 10 -> -21 (past -1 and -2 x HP).
    assert events(game, Injured)[0].hp == -21
    kinds = [c.kind for c in events(game, Check)]
    assert kinds[:2] == ["knockdown", "death_check_1"]
    assert game.state.status["b"].dead


def test_reeling_halves_dodge() -> None:
    """B419: below 1/3 of HP, Move and Dodge are halved (rounding up)."""
    game = _hit([3, 3, 3, 5, 3, 3, 3, 3, 3, 3, *SAFE], st=12)
    # HP 12: 1d+3 with a 5 is 8 cut -> 12 injury, HP 0: below 1/3, so Dodge 8 becomes 4.
    choose(game, "all_out_defense/increased_dodge")
    choose(game, "attack:b:broadsword/swing")
    choose(game, "torso")
    choose(game, "dodge")
    score = events(game, DefenseRolled)[-1].score
    assert score.modifiers.amount("reeling") == -4


def test_blunt_trauma_through_flexible_armor() -> None:
    """B379: a crushing blow stopped by flexible armor still does 1 HP per full 5 of damage."""
    mace = dict(SWORD, skills={"Axe/Mace": 14}, weapons=["mace"])
    game = battle(
        fighter("a", "x", 0, **mace),
        fighter("b", "y", 1, dr={"all": 12}, flexible_armor=True, **AXE),
        dice=[3, 3, 3, 6, *SAFE],
    )
    choose(game, "attack:b:mace/swing")
    choose(game, "torso")
    choose(game, "none")
    # mace 1d+5 with a 6: 11 crushing, stopped by DR 12; blunt trauma 11 // 5 = 2.
    wound = events(game, Injured)[0]
    assert (wound.penetrating, wound.injury) == (0, 2)


def test_rigid_armor_has_no_blunt_trauma() -> None:
    """B379: blunt trauma applies only to flexible armor."""
    mace = dict(SWORD, skills={"Axe/Mace": 14}, weapons=["mace"])
    game = battle(
        fighter("a", "x", 0, **mace),
        fighter("b", "y", 1, dr={"all": 12}, **AXE),
        dice=[3, 3, 3, 6, *SAFE],
    )
    choose(game, "attack:b:mace/swing")
    choose(game, "torso")
    choose(game, "none")
    assert events(game, Injured)[0].injury == 0


def test_doing_nothing_at_zero_hp_skips_the_consciousness_roll() -> None:
    """B419: a fighter at 0 HP or less who did nothing and did not defend need not roll."""
    game = _hit([3, 3, 3, 4, 3, 3, 3, 3, 3, 3, *SAFE])
    # b survived its first roll at 0 HP; now it does nothing and a leaves it alone.
    choose(game, "do_nothing")
    choose(game, "do_nothing")
    assert [c.kind for c in events(game, Check)].count("consciousness") == 1
    assert events(game, TurnStarted)[-1].actor == "b"


def test_crushing_knockback_moves_the_target_and_may_fell_it() -> None:
    """B378: crushing damage of ST-2 or more knocks the target back; a failed DX roll fells it."""
    giant = dict(SWORD, st=20, skills={"Axe/Mace": 14}, weapons=["mace"])
    game = battle(
        fighter("a", "x", 0, **giant),
        fighter("b", "y", 1, dr={"all": 30}, **AXE),
        dice=[3, 3, 3, 6, 6, 6, 6, 6, 6, *SAFE],
    )
    choose(game, "attack:b:mace/swing")
    choose(game, "torso")
    choose(game, "none")
    # mace sw+3 with ST 20 (3d+2): 3d+5, all sixes: 23 crushing -> 23 // (10 - 2) = 2 yards.
    assert game.state.distance("a", "b") == 3.0
    knockback = next(c for c in events(game, Check) if c.kind == "knockback")
    assert (knockback.score.value, knockback.success) == (9, False)
    assert game.state.status["b"].posture == "lying"


BLADE = {"st": 12, "dx": 12, "ht": 12, "skills": {"Shortsword": 18}, "weapons": ["shortsword"]}


def _blade(mode: str, location: str, dice: list[int], **victim: object) -> Battle[GurpsState]:
    game = battle(fighter("a", "x", 0, **BLADE), fighter("b", "y", 1, **victim), dice=dice)
    choose(game, f"attack:b:shortsword/{mode}")
    choose(game, location)
    choose(game, "none")
    return game


def _injured(game: Battle[GurpsState]) -> tuple[str, float, int]:
    hurt = events(game, Injured)[-1]
    return hurt.location, hurt.multiplier, hurt.injury


def test_no_vitals_takes_a_vitals_hit_as_a_torso_hit() -> None:
    """B60 No Vitals: vitals (and groin) hits are torso hits. Thr 1d-1 imp with a 6: 5 imp,
    x3 at the vitals (15), x2 at the torso (10)."""
    dice = [3, 3, 3, 6, *SAFE]
    assert _injured(_blade("thrust", "vitals", dice)) == ("vitals", 3.0, 15)
    lacking = _blade("thrust", "vitals", dice, advantages=["no_vitals"])
    assert _injured(lacking) == ("torso", 2.0, 10)


def test_no_brain_takes_a_skull_hit_as_a_face_hit() -> None:
    """B60 No Brain: a skull blow is a face blow. Sw 1d+2 cut with a 4: 6 cut. At the skull,
    DR 2 and x4 (16), and knockdown at -10: HT 10 rolls 9 against 0, out cold. At the face,
    x1.5 (9) and knockdown at -5: 9 against 5, stunned (interpretation 48: no skull DR)."""
    dice = [3, 3, 3, 4, *SAFE]
    skull = _blade("swing", "skull", dice)
    assert _injured(skull) == ("skull", 4.0, 16)
    assert not skull.state.status["b"].conscious
    face = _blade("swing", "skull", dice, advantages=["no_brain"])
    assert _injured(face) == ("face", 1.5, 9)
    changed = [(c.condition, c.active) for c in events(face, ConditionChanged)]
    assert ("stunned", True) in changed and ("unconscious", True) not in changed


def test_no_brain_eye_hit_still_cripples_the_eye() -> None:
    """B60 No Brain: an eye hit wounds as a face hit, but can still cripple the eye (more
    than HP/10). Thr 1d-1 imp with a 3: 2 imp, x4 at the eye (8), x2 at the face (4)."""
    dice = [3, 3, 3, 3, *SAFE]
    assert _injured(_blade("thrust", "eye", dice)) == ("eye", 4.0, 8)
    game = _blade("thrust", "eye", dice, advantages=["no_brain"])
    assert _injured(game) == ("face", 2.0, 4)
    crippled = [c.condition for c in events(game, ConditionChanged) if c.active]
    assert "crippled_eye" in crippled
    assert "eye" in game.state.status["b"].crippled


def _self_hit(**attacker: object) -> Battle[GurpsState]:
    # Attack 18: critical miss; table 5: hits yourself; sw+1 (1d+3) cut with a 1: 4 cut.
    game = battle(
        fighter("a", "x", 0, **{**SWORD, **attacker}),
        fighter("b", "y", 1, **AXE),
        dice=[6, 6, 6, 1, 1, 3, 1, *SAFE],
    )
    choose(game, "attack:b:broadsword/swing")
    choose(game, "torso")
    return game


def test_hitting_yourself_respects_injury_tolerance() -> None:
    """B556 (critical miss 5: your own arm or leg, full damage) wounds like any blow, so
    Injury Tolerance counts (B380): 4 cut at the leg is 6 HP, for a Diffuse body at most 2."""
    plain = [w for w in events(_self_hit(), Injured) if w.target == "a"]
    assert [(w.location, w.injury) for w in plain] == [("right_leg", 6)]
    diffuse = _self_hit(advantages=["injury_tolerance_diffuse"])
    assert [w.injury for w in events(diffuse, Injured) if w.target == "a"] == [2]


def _punched_wall(**attacker: object) -> Battle[GurpsState]:
    # Punch roll 18: critical miss; unarmed table 5: hits a solid object, thr 1d-1 cr with
    # a 6: 5 crushing to one's own hand.
    game = battle(
        fighter("a", "x", 0, **{**SWORD, **attacker}),
        fighter("b", "y", 1, **AXE),
        dice=[6, 6, 6, 1, 1, 3, 6, *SAFE],
    )
    choose(game, "attack:b:punch/punch")
    choose(game, "torso")
    return game


def test_every_way_of_hurting_yourself_respects_injury_tolerance() -> None:
    """B557's unarmed table (hitting a solid object) is a blow to one's own hand like any
    other: a Diffuse body takes at most 2 HP from it (B380)."""
    plain = [w.injury for w in events(_punched_wall(), Injured) if w.target == "a"]
    assert len(plain) == 1 and plain[0] > 2
    diffuse = _punched_wall(advantages=["injury_tolerance_diffuse"])
    assert [w.injury for w in events(diffuse, Injured) if w.target == "a"] == [2]
