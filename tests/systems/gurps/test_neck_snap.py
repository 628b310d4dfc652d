"""首折り・四肢をねじる Neck Snap or Wrench Limb (seed 000 組みついた後の行動; the Japanese
Basic Set's 2B63P/B383 by public summaries: a two-handed grip on the neck or a limb; if the
victim fails to break free on its turn, on the grappler's next turn a Quick Contest of its
ST-4 against the higher of the victim's ST and HT; a win does swing crushing damage to that
part, the neck's wounding applying; rigid DR protects, flexible armour does not; repeatable
on later turns), with scripted dice, without a map."""

from __future__ import annotations

from senjo.systems.gurps.events import Check, ConditionChanged, DamageRolled, Injured

from .helpers import choose, events, gripped

SAFE = [3] * 40
HIT = [3, 3, 4]
#: The grappler's ST 13 - 4 + 2 (Wrestling) = 11 against the victim's ST 12: 9 (margin 2) beats 17.
WINS = [3, 3, 3, 6, 6, 5]


def test_a_neck_snap_needs_both_hands_on_the_neck() -> None:
    """2B63P: 「敵の首や、標的となる四肢に両手で組みつかなければなりません」: a one-handed
    neck grip or a two-handed torso grip offers no neck snap or wrench; a two-handed neck
    grip offers the neck snap, a two-handed arm grip the wrench."""
    for plan, offered in (
        ("neck", None),
        ("torso+both", None),
        ("neck+both", "attack/neck_snap:b"),
        ("left_arm+both", "attack/wrench_limb:b"),
    ):
        keys = gripped(plan, [*HIT, *SAFE]).pending.keys  # type: ignore[union-attr]
        twists = [k for k in keys if k.startswith(("attack/neck_snap", "attack/wrench_limb"))]
        assert twists == ([offered] if offered else []), plan


def test_a_neck_snap_is_st_minus_4_against_the_better_of_st_and_ht() -> None:
    """A Quick Contest: the grappler's ST 13 - 4 (+ 2 for its Wrestling at DX+2, B228) = 11
    against the victim's ST 12 (better than its HT 11); a win does swing crushing damage
    (ST 13: 2d-1, rolled 4+4-1 = 7) to the neck, x1.5 for crushing there: 10 injury."""
    game = gripped("neck+both", [*HIT, *WINS, 4, 4, *SAFE])
    choose(game, "attack/neck_snap:b")
    snap, resist = events(game, Check)[:2]
    assert (snap.kind, snap.score.value, snap.score.modifiers.amount("neck_snap")) == (
        "neck_snap",
        11,
        -4,
    )
    assert (resist.kind, resist.score.value) == ("resist_neck_snap", 12)
    damage = events(game, DamageRolled)[0]
    assert (damage.dice, damage.basic, damage.damage_type) == ("2d-1", 7, "cr")
    wound = events(game, Injured)[0]
    assert (wound.location, wound.injury) == ("neck", 10)


def test_a_lost_contest_does_no_harm_and_may_be_tried_again() -> None:
    """2B63P: 「以降のターンも、この試みを繰り返すことができます」: a lost contest does no
    damage; next turn the snap is offered again."""
    game = gripped("neck+both", [*HIT, 6, 6, 5, 3, 3, 3, *SAFE])
    choose(game, "attack/neck_snap:b")
    assert not events(game, DamageRolled)
    choose(game, "do_nothing")  # b
    assert game.pending is not None and "attack/neck_snap:b" in game.pending.keys


def test_flexible_armour_does_not_protect_against_a_wrench() -> None:
    """2B63P: 「柔軟でない防具のDRは通常通り有効です。柔軟な防具は効果がありません」: the
    victim's DR 3 of flexible armour (`flexible_armor: true`) stops nothing of the wrench
    on its arm; rigid armour's DR 3 stops 3 of the 7."""
    for flexible, dr in ((True, 0), (False, 3)):
        game = gripped(
            "right_arm+both", [*HIT, *WINS, 4, 4, *SAFE], dr={"all": 3}, flexible_armor=flexible
        )
        choose(game, "attack/wrench_limb:b")
        wound = events(game, Injured)[0]
        assert (wound.location, wound.dr, wound.penetrating) == ("right_arm", dr, 7 - dr)


def test_a_wrenched_arm_may_be_crippled() -> None:
    """A wrench is swing crushing damage to the arm: more than half the victim's HP (12)
    cripples it (B420): 2d-1 rolled 6+6-1 = 11."""
    game = gripped("right_arm+both", [*HIT, *WINS, 6, 6, *SAFE])
    choose(game, "attack/wrench_limb:b")
    crippled = [e for e in events(game, ConditionChanged) if e.condition == "crippled_right_arm"]
    assert crippled and crippled[0].active
