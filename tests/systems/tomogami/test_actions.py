"""Seed 003 ●５ 主動作一覧: changing a magazine (弾倉の交換), switching weapons (武器の持ち替え)
and protecting an ally (同一距離領域にいる味方をかばう), besides attacking and waiting."""

from __future__ import annotations

from typing import Any

import pytest

from senjo.engine.decision import Choice, Decision
from senjo.space.bands import Band
from senjo.systems.tomogami.actions import cover_for, main_options, ready_weapons
from senjo.systems.tomogami.ai import TomoAI
from senjo.systems.tomogami.choices import Attack, MainAction
from senjo.systems.tomogami.combat import attack_options, resolve_attack
from senjo.systems.tomogami.events import (
    TomoDamage,
    TomoEmpty,
    TomoProtected,
    TomoProtecting,
    TomoReloaded,
    TomoSwitched,
)
from senjo.systems.tomogami.model import Sheet
from senjo.systems.tomogami.state import TomoState
from senjo.systems.tomogami.system import combat_plans, combat_processing

from .helpers import CLAW, GUN, drive, events, held, sheet

AI = TomoAI()
RIFLE = {**GUN, "key": "rifle", "magazine": 2, "spares": 1}
SWORD = {**CLAW, "key": "sword", "hand": True}
PISTOL = {**GUN, "key": "pistol", "hand": True}


def _plans(state: TomoState, key: str) -> list[str]:
    return [plan.name for plan in combat_plans(state, key)]


def _declare(game: Any, key: str, plan: str) -> None:
    game.state.status[key].combat = plan


def test_an_attack_spends_a_shot_and_an_empty_weapon_is_not_offered() -> None:
    """Seed 003 「弾倉の交換」 is a main action: a magazine runs dry. A rifle holding 2
    fires one shot an attack, hit or miss (both here miss: [1,1] is an automatic
    failure); empty, it is no longer offered, and the log says so."""
    a = sheet("a", "blue", weapons=[RIFLE])
    game = held(a, sheet("b", "red"), dice=[1, 1, 6, 6, 1, 1, 6, 6])
    for _ in range(2):
        resolve_attack(game, "a", Attack("b", "rifle"))
    assert game.state.status["a"].loaded == {"rifle": 0}
    assert events(game, TomoEmpty) == [TomoEmpty("a", "rifle")]
    assert [option.key for option in attack_options(game.state, "a")] == ["wait"]


def test_changing_the_magazine_fills_it_from_a_spare() -> None:
    """「弾倉の交換」: declared, then done in combat processing: the rifle is full again
    and one spare is gone; with no spare left it is not offered, nor with a full
    magazine."""
    a = sheet("a", "blue", weapons=[RIFLE])
    game = held(a, sheet("b", "red"), dice=[])
    assert "reload" not in _plans(game.state, "a")  # full
    game.state.status["a"].loaded["rifle"] = 0
    assert "reload" in _plans(game.state, "a")
    _declare(game, "a", "reload")
    assert drive(combat_processing(game, "a")) == []  # one weapon: nothing to ask
    assert events(game, TomoReloaded) == [TomoReloaded("a", "rifle", 2, 0)]
    assert game.state.status["a"].loaded == {"rifle": 2}
    game.state.status["a"].loaded["rifle"] = 1
    assert "reload" not in _plans(game.state, "a")  # no spare left


def test_a_weapon_without_a_number_of_spares_reloads_as_often_as_needed() -> None:
    """A magazine with no `spares` given: every change is from a spare (−1 in the log)."""
    a = sheet("a", "blue", weapons=[{**RIFLE, "spares": None}])
    game = held(a, sheet("b", "red"), dice=[])
    for _ in range(3):
        game.state.status["a"].loaded["rifle"] = 0
        _declare(game, "a", "reload")
        drive(combat_processing(game, "a"))
    assert events(game, TomoReloaded)[-1] == TomoReloaded("a", "rifle", 2, -1)


def test_one_hand_weapon_is_held_and_switching_is_a_main_action() -> None:
    """「武器の持ち替え」: of two hand weapons the first listed is held and only it is
    offered; mounted weapons (claws) always are. After a switch the pistol is offered and
    the sword is not."""
    a = sheet("a", "blue", weapons=[SWORD, PISTOL, CLAW])
    game = held(a, sheet("b", "red"), dice=[])
    game.state.bands.open([("a", "b")], Band.ZERO)
    assert [w.key for w in ready_weapons(game.state, "a")] == ["sword", "claw"]
    assert [o.key for o in attack_options(game.state, "a")] == [
        "attack:b:sword",
        "attack:b:claw",
        "wait",
    ]
    assert "switch" in _plans(game.state, "a")
    _declare(game, "a", "switch")
    drive(combat_processing(game, "a"))
    assert events(game, TomoSwitched) == [TomoSwitched("a", "pistol", "sword")]
    assert [w.key for w in ready_weapons(game.state, "a")] == ["pistol", "claw"]
    assert [o.key for o in attack_options(game.state, "a")] == ["attack:b:claw", "wait"]


def test_switching_asks_which_weapon_when_there_are_several() -> None:
    """Three hand weapons: combat processing asks which one to take in hand."""
    a = sheet("a", "blue", weapons=[SWORD, PISTOL, {**PISTOL, "key": "spear"}])
    game = held(a, sheet("b", "red"), dice=[])
    _declare(game, "a", "switch")
    asked = drive(combat_processing(game, "a"), {"a": "switch:spear"})
    assert [d.keys for d in asked] == [("switch:pistol", "switch:spear")]
    assert game.state.status["a"].in_hand == "spear"


def test_a_spent_hand_weapon_is_not_worth_switching_to() -> None:
    """A hand weapon whose magazine is empty with no spare cannot be switched to."""
    a = sheet("a", "blue", weapons=[SWORD, {**PISTOL, "magazine": 1, "spares": 0}])
    game = held(a, sheet("b", "red"), dice=[])
    game.state.status["a"].loaded["pistol"] = 0
    assert "switch" not in _plans(game.state, "a")


def _zone(state: TomoState) -> None:
    """a and c (blue) both at zero with b (red): one zone holding all three."""
    state.bands.move("a", "b", Band.ZERO)
    state.bands.move("c", "b", Band.ZERO)


def _trio(**options: str) -> Any:
    a = sheet("a", "blue", life=12, defense={"armour_piercing": 3})
    b = sheet("b", "red", weapons=[CLAW])
    c = sheet("c", "blue", life=5)
    return held(a, b, c, dice=[6, 6, 1, 2, 3, 4], setup=_zone, **options)


def test_a_protector_takes_the_hit_on_the_ally_it_protects() -> None:
    """「同一距離領域にいる味方をかばう」 (interpretation 19): a protects c, in its zone;
    b's claw hits c ([6,6] against c's [1,2]) and a takes it: 2D6+1 (3,4) = 8 less a's
    defence 3; c is unhurt."""
    game = _trio()
    _declare(game, "a", "protect")
    drive(combat_processing(game, "a"))
    assert events(game, TomoProtecting) == [TomoProtecting("a", "c")]
    resolve_attack(game, "b", Attack("c", "claw"))
    assert events(game, TomoProtected) == [TomoProtected("a", "c", "b")]
    assert events(game, TomoDamage) == [
        TomoDamage("b", "a", "claw", "armour_piercing", (3, 4), 8, 3, 5, 7)
    ]
    assert game.state.status["c"].life == 5


def test_only_an_ally_in_the_zone_can_be_protected_unless_the_option_widens_it() -> None:
    """Interpretation 19: by default only an ally at zero with the protector; option
    `protect=near` lets it protect an ally at near too. A foe is never protected."""
    a, b, c = sheet("a", "blue"), sheet("b", "red"), sheet("c", "blue")
    game = held(a, b, c, dice=[])  # everyone near
    assert main_options(game.state, "a", "protect") == ()
    game = held(a, b, c, dice=[], protect="near")
    assert main_options(game.state, "a", "protect") == (MainAction("protect", "c"),)
    assert "protect" in _plans(game.state, "a")
    assert "protect" not in _plans(game.state, "b")  # no ally


def test_protection_ends_at_the_protectors_next_combat_processing() -> None:
    """The protection lasts until the protector's next combat processing: declaring an
    attack then ends it, and the hit lands on c."""
    game = _trio()
    _declare(game, "a", "protect")
    drive(combat_processing(game, "a"))
    _declare(game, "a", "wait")
    drive(combat_processing(game, "a"))
    assert cover_for(game, "b", "c") == "c"


def test_protection_ends_when_the_ally_leaves_the_zone() -> None:
    """c moves away (near from everyone): a no longer covers it."""
    game = _trio()
    _declare(game, "a", "protect")
    drive(combat_processing(game, "a"))
    game.state.bands.move("c", "b", Band.FAR)
    assert cover_for(game, "b", "c") == "c" and events(game, TomoProtected) == []


def test_a_downed_protector_protects_no_one() -> None:
    """A protector at 0 life is out of the fight: the hit lands on the ally."""
    game = _trio()
    _declare(game, "a", "protect")
    drive(combat_processing(game, "a"))
    game.state.status["a"].down = True
    assert cover_for(game, "b", "c") == "c"


def _empty_gunner(**weapon: Any) -> tuple[Sheet, Sheet]:
    return (
        sheet("a", "blue", weapons=[{**RIFLE, **weapon}, {**CLAW, "skill": 1}]),
        sheet("b", "red"),
    )


def test_the_ai_changes_the_magazine_of_its_best_weapon() -> None:
    """The AI declares 弾倉の交換 when its empty rifle would do more than what it has ready
    (a weak claw that does not reach b at near)."""
    game = held(*_empty_gunner(), dice=[])
    game.state.status["a"].loaded["rifle"] = 0
    plans = combat_plans(game.state, "a")
    assert AI.choose(game, Decision("a", "declare_combat", plans)) == Choice("reload")


def test_the_ai_attacks_with_what_reaches_rather_than_reload() -> None:
    """At zero with b, the ready claw reaches and the rifle would not: the AI attacks."""
    game = held(*_empty_gunner(), dice=[])
    game.state.bands.open([("a", "b")], Band.ZERO)
    game.state.status["a"].loaded["rifle"] = 0
    plans = combat_plans(game.state, "a")
    assert AI.choose(game, Decision("a", "declare_combat", plans)) == Choice("attack")


def test_the_ai_switches_to_the_hand_weapon_that_reaches() -> None:
    """Holding a sword with b at near, the AI declares a switch, then takes the pistol."""
    a = sheet("a", "blue", weapons=[SWORD, PISTOL, {**PISTOL, "key": "knife", "skill": 1}])
    game = held(a, sheet("b", "red"), dice=[])
    plans = combat_plans(game.state, "a")
    assert AI.choose(game, Decision("a", "declare_combat", plans)) == Choice("switch")
    options = main_options(game.state, "a", "switch")
    assert AI.choose(game, Decision("a", "action", options)) == MainAction("switch", "pistol")


def _guard(**fields: Any) -> Any:
    """a (20 life, a gun that does not reach zero) and c (4 life) in b's zone; b claws."""
    a = sheet("a", "blue", **{"life": 20, **fields})
    c = sheet("c", "blue", life=4)
    return held(a, sheet("b", "red", weapons=[CLAW]), c, dice=[], setup=_zone)


def test_the_ai_protects_an_ally_about_to_fall() -> None:
    """The AI declares かばう when b's claw would take, on average, half of c's 4 life or
    more, a has over twice that to spare, and a's own gun cannot reach b at zero."""
    game = _guard(weapons=[GUN])
    plans = combat_plans(game.state, "a")
    assert AI.choose(game, Decision("a", "declare_combat", plans)) == Choice("protect")


@pytest.mark.parametrize(
    ("fields", "why"),
    [({"weapons": [CLAW]}, "its own claw is worth more"), ({"life": 6}, "too little life")],
)
def test_the_ai_does_not_protect_when_it_pays_less(fields: dict[str, Any], why: str) -> None:
    """No かばう when attacking is worth more than the hits it would take, or when the
    protector has no more than twice the danger in life."""
    game = _guard(**{"weapons": [GUN], **fields})
    plans = combat_plans(game.state, "a")
    assert AI.choose(game, Decision("a", "declare_combat", plans)) != Choice("protect"), why


@pytest.mark.parametrize("field", ["magazine", "spares"])
def test_a_bad_magazine_is_one_clear_error(field: str) -> None:
    """A negative magazine or spare count names its field."""
    from senjo.scenario.errors import ScenarioError

    with pytest.raises(ScenarioError) as caught:
        sheet("a", "blue", weapons=[{**GUN, field: -1}])
    assert f"weapons[0].{field}" in str(caught.value)


def test_spares_without_a_magazine_is_one_clear_error() -> None:
    """Spare magazines on a weapon that has none is a mistake the file says."""
    from senjo.scenario.errors import ScenarioError

    with pytest.raises(ScenarioError) as caught:
        sheet("a", "blue", weapons=[{**GUN, "spares": 2}])
    assert "weapons[0].spares" in str(caught.value) and "magazine" in str(caught.value)
