"""締め Choke or Strangle (seed 000 組みついた後の行動; B370 by public summaries: a grip on the
neck, the hands doing nothing else; a Quick Contest of ST against the better of the foe's
ST and HT, -5 with one hand; a win does crushing damage equal to the margin of victory, DR
as usual, the neck's x1.5; if any of it gets through DR the foe suffocates, losing 1 FP on
each of its turns until it escapes), with scripted dice, without a map."""

from __future__ import annotations

from senjo.systems.gurps.defense import IncomingAttack, defense_options
from senjo.systems.gurps.events import Check, FatigueLost, Injured

from .helpers import choose, events, gripped

SAFE = [3] * 40
HIT = [3, 3, 4]
#: The choker's 9 against ST 13 + 2 (its Wrestling at DX+2, B228: by 6), the victim's 15
#: against 12 (fails by 3): won by 9.
BY_NINE = [3, 3, 3, 5, 5, 5]


def test_a_choke_needs_a_grip_on_the_neck() -> None:
    """B370: 「You must have grappled your foe by the neck」: a neck grip (one hand or both)
    offers the choke; a torso grip does not."""
    for plan, offered in (("neck", True), ("neck+both", True), ("torso+both", False)):
        keys = gripped(plan, [*HIT, *SAFE]).pending.keys  # type: ignore[union-attr]
        assert ("attack/choke:b" in keys) is offered, plan


def test_a_choke_does_crushing_damage_equal_to_the_margin_of_victory() -> None:
    """A Quick Contest of ST (13, + 2 for Wrestling) against the better of ST 12 and HT 11;
    won by 9 (6 against -3): 9 crushing to the neck, x1.5: 13 injury - and b starts to
    suffocate."""
    game = gripped("neck+both", [*HIT, *BY_NINE, *SAFE])
    choose(game, "attack/choke:b")
    choke, resist = events(game, Check)[:2]
    assert (choke.kind, choke.score.value, resist.kind, resist.score.value) == (
        "choke",
        15,
        "resist_choke",
        12,
    )
    wound = events(game, Injured)[0]
    assert (wound.location, wound.basic, wound.injury) == ("neck", 9, 13)
    assert game.state.status["a"].choking


def test_a_one_handed_choke_is_at_minus_five() -> None:
    """B370: 「You are at -5 if you use only one hand」: ST 13 - 5 (+ 2 for Wrestling) = 10."""
    game = gripped("neck", [*HIT, *SAFE])
    choose(game, "attack/choke:b")
    choke = events(game, Check)[0]
    assert (choke.score.value, choke.score.modifiers.amount("one_hand")) == (10, -5)


def test_a_choked_foe_loses_an_fp_each_turn_until_it_breaks_free() -> None:
    """B370: 「On his next turn and every subsequent turn until he escapes, he loses 1 FP」
    (Suffocation): b loses 1 FP at the start of its turn; once it breaks free, no more."""
    # the major wound's knockdown roll (9: kept), then b's 9 against a's 20 to break free
    game = gripped("neck+both", [*HIT, *BY_NINE, 3, 3, 3, 3, 3, 3, 6, 6, 6, *SAFE])
    choose(game, "attack/choke:b")
    b = game.state.status["b"]
    assert game.pending is not None and game.pending.actor == "b"
    assert [(e.actor, e.amount, e.cause) for e in events(game, FatigueLost)] == [
        ("b", 1, "suffocation")
    ]
    assert b.fp == 10
    choose(game, "attack/break_free:a")
    assert not b.held_by
    choose(game, "do_nothing")  # a
    assert b.fp == 10 and len(events(game, FatigueLost)) == 1


def test_no_suffocation_when_dr_stops_it_all() -> None:
    """B370: only 「If any damage ... penetrates the victim's DR」: DR 9 on the neck stops
    the 9; the grip does not suffocate."""
    game = gripped("neck+both", [*HIT, *BY_NINE, *SAFE], dr={"all": 9})
    choose(game, "attack/choke:b")
    assert not game.state.status["a"].choking


def test_gripping_hands_do_not_parry() -> None:
    """B370: the choking hands 「can't do anything else with them (e.g., parry)」 - nor do
    any gripping hands (interpretation 69): a, gripping with both, has no parry left."""
    game = gripped("torso+both", [*HIT, *SAFE])
    punch = game.state.fighters["b"].weapon("punch").mode("punch")
    incoming = IncomingAttack("b", "punch", punch, close_combat=True)
    kinds = {o.kind for o in defense_options(game.state, "a", incoming)}
    assert "parry" not in kinds and "dodge" in kinds
    one = gripped("torso", [*HIT, *SAFE])
    kinds = {o.kind for o in defense_options(one.state, "a", incoming)}
    assert "parry" in kinds
