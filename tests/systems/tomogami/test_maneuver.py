"""Maneuver processing (seed 003 ●４ 機動処理), driven step by step with scripted dice."""

from __future__ import annotations

from senjo.engine.battle import Battle
from senjo.engine.decision import Decision
from senjo.space.bands import Band
from senjo.systems.tomogami.choices import Maneuver
from senjo.systems.tomogami.events import (
    TomoContest,
    TomoEscaped,
    TomoManeuverFailed,
    TomoMoved,
)
from senjo.systems.tomogami.maneuver import maneuver_options, process_maneuver
from senjo.systems.tomogami.state import TomoState

from .helpers import CLAW, drive, events, held, sheet


def _plan(state: TomoState, key: str, plan: str) -> None:
    kind, _, rest = plan.partition(":")
    target, _, band = rest.partition(":")
    state.status[key].maneuver = Maneuver(kind, target, band)


def _seed_example(c_rolls: list[int]) -> tuple[Battle[TomoState], list[Decision]]:
    """Seed 003 機動処理の例: A (8), near B (7) and C (6) on grassland, goes far from B; both
    oppose. A rolls [5,4] against B's [2,3], then [3,3] against C's `c_rolls`."""
    a, b, c = (
        sheet("a", "blue", maneuver=8),
        sheet("b", "red", maneuver=7),
        sheet("c", "red", maneuver=6),
    )
    game = held(a, b, c, dice=[5, 4, 2, 3, 3, 3, *c_rolls])
    _plan(game.state, "a", "move:b:far")
    asked = drive(process_maneuver(game, "a"), {"b": "oppose", "c": "oppose"})
    return game, asked


def test_the_seeds_example_beats_each_of_the_target_group() -> None:
    """Seed 003 機動処理の例: on grassland A, near two closing foes, goes far: −1 for the one
    band, a contest against each (8 vs 7 and 6: [5,4] vs [2,3], [3,3] vs [1,2]); beating
    both, A is far from both."""
    game, asked = _seed_example(c_rolls=[1, 2])
    assert [(d.actor, d.kind) for d in asked] == [("b", "oppose"), ("c", "oppose")]
    first, second = events(game, TomoContest)
    assert first.first.score.modifiers.items == (("units", -1),)
    assert (first.first.total, first.second.total, first.winner) == (16, 12, "a")
    assert (second.first.total, second.second.total, second.winner) == (13, 9, "a")
    assert events(game, TomoMoved) == [TomoMoved("a", "b", "far", ("b", "c"))]
    assert game.state.bands.distance("a", "c") is Band.FAR


def test_one_tie_in_the_group_and_nothing_moves() -> None:
    """Seed 003 「目標群に対する機動判定を成功させたら」: the seed's example with C rolling
    [3,3] ties A (level 2 each): A has not beaten the whole group and stays near both."""
    game, _ = _seed_example(c_rolls=[3, 3])
    assert events(game, TomoManeuverFailed) == [TomoManeuverFailed("a", "b", "far", ("c",))]
    assert game.state.bands.distance("a", "b") is Band.NEAR
    assert game.state.bands.distance("a", "c") is Band.NEAR


def test_moves_cross_one_or_two_bands_at_minus_one_each() -> None:
    """Seed 003 「移動する距離単位の数に等しいマイナス修正」「最小で１、最大で２」:
    at zero with B, A may go near or far (−2), not stay at zero as a move; escaping is its
    own option."""
    a, b = sheet("a", "blue", maneuver=7), sheet("b", "red", maneuver=7)
    game = held(a, b, dice=[6, 6, 1, 1], setup=lambda s: s.bands.move("a", "b", Band.ZERO))
    keys = [option.key for option in maneuver_options(game.state, "a")]
    assert keys == ["stay", "move:b:near", "move:b:far", "escape"]
    _plan(game.state, "a", "move:b:far")
    drive(process_maneuver(game, "a"), {"b": "oppose"})
    assert events(game, TomoContest)[0].first.score.modifiers.items == (("units", -2),)
    assert game.state.bands.distance("a", "b") is Band.FAR


def test_no_roll_against_a_foe_who_does_not_oppose_and_the_rest_are_near() -> None:
    """Seed 003 「機動判定で対抗してこないキャラクターに対する機動判定は不要」 and
    近距離推定の原則: in the desert (foes far) A moves to zero with B, who lets it: no dice;
    A is near C, its ally E, and every other."""
    a, e = sheet("a", "blue"), sheet("e", "blue")
    b, c = sheet("b", "red"), sheet("c", "red")

    def desert(state: TomoState) -> None:
        state.bands.open([(x, y) for x in "ae" for y in "bc"], Band.FAR)

    game = held(a, e, b, c, dice=[], setup=desert)
    _plan(game.state, "a", "move:b:zero")
    asked = drive(process_maneuver(game, "a"), {"b": "let"})
    assert [d.actor for d in asked] == ["b"]  # a zero move: only its target may oppose
    bands = game.state.bands
    assert bands.distance("a", "b") is Band.ZERO
    assert bands.distance("a", "c") is Band.NEAR and bands.distance("a", "e") is Band.NEAR
    assert bands.distance("e", "c") is Band.FAR  # pairs a does not belong to are unchanged


def test_several_movers_to_one_target_make_several_zones() -> None:
    """Seed 003 零距離領域: 「同一目標に対して複数の零距離領域が形成される」; A and C both at zero
    with B, near each other; A's claw is offered against B only (melee only at zero)."""
    from senjo.systems.tomogami.combat import attack_options

    a, c = sheet("a", "blue", weapons=[CLAW]), sheet("c", "blue")
    b, d = sheet("b", "red"), sheet("d", "red")
    game = held(a, c, b, d, dice=[])
    for mover in ("a", "c"):
        _plan(game.state, mover, "move:b:zero")
        drive(process_maneuver(game, mover), {"b": "let"})
    assert game.state.bands.zone_of("b") == {"a", "b", "c"}
    assert game.state.bands.distance("a", "c") is Band.NEAR
    assert [option.key for option in attack_options(game.state, "a")] == ["attack:b:claw", "wait"]


def test_the_environment_modifier_is_added_to_the_maneuver() -> None:
    """Seed 003 環境機動修正: A's forest modifier −2 shows in its contest in a forest; in
    grassland it has none."""
    a = sheet("a", "blue", maneuver=7, environment_modifiers={"forest": -2})
    b = sheet("b", "red", maneuver=5)
    for environment, expected in (
        ("forest", (("environment", -2), ("units", -1))),
        ("grassland", (("units", -1),)),
    ):
        game = held(a, b, dice=[4, 4, 1, 1], environment=environment)
        _plan(game.state, "a", "move:b:far")
        drive(process_maneuver(game, "a"), {"b": "oppose"})
        assert events(game, TomoContest)[0].first.score.modifiers.items == expected


def test_escaping_beats_every_pursuer_or_stays() -> None:
    """Seed 003 「追撃する全キャラクターに対して「機動処理」を成功させないと離脱できない」:
    far from B, both 7, A escapes at −1 (one band to out): [5,5] 16 against [1,2] 10 → A has left;
    a foe that lets it go draws no dice."""
    a, b = sheet("a", "blue", maneuver=7), sheet("b", "red", maneuver=7)
    game = held(a, b, dice=[5, 5, 1, 2], setup=lambda s: s.bands.open([("a", "b")], Band.FAR))
    _plan(game.state, "a", "escape")
    drive(process_maneuver(game, "a"), {"b": "pursue"})
    assert events(game, TomoContest)[0].first.score.modifiers.items == (("units", -1),)
    assert events(game, TomoEscaped) == [TomoEscaped("a", ("b",))]
    assert game.state.status["a"].fled and not game.state.bands.inside("a")
    free = held(a, b, dice=[])
    _plan(free.state, "a", "escape")
    drive(process_maneuver(free, "a"), {"b": "let"})
    assert events(free, TomoEscaped) == [TomoEscaped("a", ())]


def test_a_maneuver_at_a_target_that_is_down_lapses() -> None:
    """A move relative to a character out of the fight does nothing (no dice)."""
    a, b = sheet("a", "blue"), sheet("b", "red")
    game = held(a, b, dice=[])
    game.state.status["b"].down = True
    _plan(game.state, "a", "move:b:far")
    assert drive(process_maneuver(game, "a")) == []
    assert events(game, TomoManeuverFailed) == [TomoManeuverFailed("a", "b", "far", ())]
