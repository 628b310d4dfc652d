"""Seed 003 戦闘中の自動失敗: an automatic failure in battle rolls the GM's 1D on the mishap
table (land and water battles)."""

from __future__ import annotations

import pytest

from senjo.systems.tomogami.choices import Attack
from senjo.systems.tomogami.combat import resolve_attack
from senjo.systems.tomogami.events import (
    TomoCheck,
    TomoDamage,
    TomoDown,
    TomoMishap,
    TomoPilotDamage,
)

from .helpers import GUN, dice_left, events, held, sheet

PILOT = {"life": 6, "defense": 1}


def _shot(face: int, after: list[int], **fields: object) -> list[object]:
    """a (gun 5) shoots b and rolls [1,1], an automatic failure; b's defence rolls [3,3];
    the GM's die shows `face`; `after` are the mishap's own dice."""
    a = sheet("a", "blue", weapons=[GUN], mobility=6, pilot=PILOT, **fields)
    game = held(a, sheet("b", "red"), dice=[1, 1, 3, 3, face, *after], mishaps="on")
    resolve_attack(game, "a", Attack("b", "gun"))
    assert events(game, TomoMishap)[0] == TomoMishap("a", face)
    assert dice_left(game) == 0
    return [item for item in game.log if not isinstance(item, TomoMishap)]


def test_face_1_a_crash_unless_a_maneuver_check_at_11() -> None:
    """1 操縦を誤り、障害物に突っ込む！ 「難易度１１で機動判定せよ。失敗すると激突、
    自機の「動」に等しい火弾徹甲ダメージ」: 動 6, [1,3] is 10 < 11 → 6 damage less
    火弾徹甲 defence 2."""
    log = _shot(1, [1, 3], defense={"armour_piercing": 2})
    check = next(item for item in log if isinstance(item, TomoCheck))
    assert (check.purpose, check.roll.total, check.roll.level) == ("mishap_crash", 10, -1)
    damage = next(item for item in log if isinstance(item, TomoDamage))
    assert (damage.target, damage.damage, damage.defense, damage.lost) == ("a", 6, 2, 4)


def test_face_1_passed_no_crash() -> None:
    """1: [2,3] is 11, the difficulty: no crash."""
    log = _shot(1, [2, 3])
    assert not any(isinstance(item, TomoDamage) for item in log)


def test_face_2_a_drive_failure_makes_the_next_attack_hit() -> None:
    """2 駆動系の故障！ 「難易度１２で機動判定せよ。失敗すると、次の攻撃を１発、自動的に被弾」:
    [2,3] is 11 < 12; then b's shot at a hits without attack or defence dice."""
    a = sheet("a", "blue", weapons=[GUN], mobility=6)
    b = sheet("b", "red", weapons=[{**GUN, "damage": 3}])
    game = held(a, b, dice=[1, 1, 3, 3, 2, 2, 3], mishaps="on")
    resolve_attack(game, "a", Attack("b", "gun"))
    status = game.state.status["a"]
    exposed = status.exposed
    resolve_attack(game, "b", Attack("a", "gun"))
    assert exposed and not status.exposed
    assert events(game, TomoDamage)[-1].lost == 3
    assert dice_left(game) == 0


def test_face_3_engine_fire_but_not_for_a_living_tomogami() -> None:
    """3 機関過熱、火災発生！ 「生物トモガミには適用しない。自動的に生命−１．装甲は無効」."""
    log = _shot(3, [], living=False, defense={"armour_piercing": 5})
    damage = next(item for item in log if isinstance(item, TomoDamage))
    assert (damage.target, damage.damage, damage.defense, damage.lost) == ("a", 1, 0, 1)
    alive = _shot(3, [], living=True)
    assert not any(isinstance(item, TomoDamage) for item in alive)


@pytest.mark.parametrize(
    ("face", "after", "machine", "pilot"),
    [
        (4, [], None, 2),  # 砲弾の装填不良 … ゲキが対人火弾ダメージ２
        (5, [4, 5], 4, 5),  # 流れ弾を被弾！ 火弾徹甲ダメージ１Ｄ、ゲキが対人火弾ダメージ１Ｄ
        (6, [5], None, 5),  # 敵の支援砲撃を被弾！ トモガミに損傷はない … ゲキが対人火弾ダメージ１Ｄ
    ],
)
def test_faces_4_to_6_hurt_the_pilot(
    face: int, after: list[int], machine: int | None, pilot: int
) -> None:
    """4–6: the pilot (ゲキ) takes 対人火弾 damage less its own defence; 5 hits the machine too."""
    log = _shot(face, after)
    hurt = [item for item in log if isinstance(item, TomoDamage)]
    assert [d.damage for d in hurt] == ([] if machine is None else [machine])
    wound = next(item for item in log if isinstance(item, TomoPilotDamage))
    assert (wound.damage, wound.defense, wound.lost, wound.life) == (
        pilot,
        1,
        pilot - 1,
        6 - (pilot - 1),
    )


def test_a_pilot_at_zero_puts_the_tomogami_out() -> None:
    """Interpretation 12: a tomogami whose pilot is at 0 life is out of the fight."""
    a = sheet("a", "blue", weapons=[GUN], pilot={"life": 2})
    game = held(a, sheet("b", "red"), dice=[1, 1, 3, 3, 4], mishaps="on")
    resolve_attack(game, "a", Attack("b", "gun"))
    assert events(game, TomoDown) == [TomoDown("a")]


def test_no_mishaps_when_the_option_is_off_or_in_the_air() -> None:
    """Option mishaps=off; and the table is 「陸戦、水上戦用」: an aircraft rolls none."""
    a = sheet("a", "blue", weapons=[GUN])
    game = held(a, sheet("b", "red"), dice=[1, 1, 3, 3], mishaps="off")
    resolve_attack(game, "a", Attack("b", "gun"))
    flyer = sheet("a", "blue", weapons=[GUN], locomotion="air_fast")
    air = held(flyer, sheet("b", "red"), dice=[1, 1, 3, 3], mishaps="on")
    resolve_attack(air, "a", Attack("b", "gun"))
    assert events(game, TomoMishap) == [] and events(air, TomoMishap) == []
