"""The default CoC policy: sensible choices, seed 004's tactics, and better than random play."""

from __future__ import annotations

from typing import Any

import pytest

from senjo.dice.roller import RandomDice
from senjo.engine.battle import Battle
from senjo.engine.controllers import RandomController, run
from senjo.systems.coc.ai import CocAI, tumble_harm
from senjo.systems.coc.damage_chances import mean_wound
from senjo.systems.coc.model import DamageDice
from senjo.systems.coc.state import CocState
from senjo.systems.coc.system import Coc

from .helpers import Spec, battle, choose, combatant, pending, prepared

AI = CocAI()


def _ai_key(game: Battle[CocState]) -> str:
    decision = game.pending
    assert decision is not None
    key: str = AI.choose(game, decision).key
    return key


def _ai_weapon(game: Battle[CocState]) -> str:
    decision = game.pending
    assert decision is not None and decision.kind == "action"
    weapon: str = AI.choose(game, decision).weapon
    return weapon


def _weak(key: str, hp: int) -> Any:
    def hurt(state: CocState) -> None:
        state.status[key].hp = hp

    return hurt


KNIFER: dict[str, Any] = {"skills": {"knife": 80}, "weapons": ["knife"]}
BRAWLER: dict[str, Any] = {"skills": {"fist": 80, "dodge": 40}}


def _brawler(key: str, side: str, x: float, y: float = 0.0, dex: int = 12) -> Spec:
    """A strong fist fighter (STR 16, Fist 80, Dodge 40)."""
    return combatant(key, side, x, y, traits={"dex": dex, "str": 16}, **BRAWLER)


def test_weak_fighter_backed_by_an_ally_focuses_on_dodging() -> None:
    """Seed 004 tactics: weak, in reach of a dangerous foe, with a sturdy ally: 回避に集中."""
    ann = combatant("ann", "inv", 0, traits={"dex": 15}, skills={"fist": 40, "dodge": 50})
    kenji = _brawler("kenji", "inv", 0, 3)
    bob = combatant("bob", "cult", 1, traits={"dex": 10}, **KNIFER)
    game = prepared(_weak("ann", 4), ann, kenji, bob, dice=[], house_dodge_focus="on")
    assert pending(game)[:2] == ("ann", "declare")
    assert _ai_key(game) == "dodge_focus"


def test_healthy_fighter_fights() -> None:
    """A fighter in good health with a good attack does not give it up."""
    ann = _brawler("ann", "inv", 0, dex=15)
    bob = combatant("bob", "cult", 1, traits={"dex": 10}, **KNIFER)
    game = battle(ann, bob, dice=[], house_dodge_focus="on")
    assert _ai_key(game) == "fight"
    choose(game, "fight", "ann")
    choose(game, "fight", "bob")
    assert _ai_key(game).startswith("attack")


def test_a_weak_fighter_fights_a_foe_that_focuses_on_dodging() -> None:
    """Seed 004 回避に集中 gives up the round's attack: two weak duellists, the quicker has
    focused on dodging, so the slower one has nothing to dodge this round and attacks (on the
    old AI both focused every round until the round limit)."""

    def hurt(state: CocState) -> None:
        state.status["ann"].hp = state.status["bob"].hp = 3

    ann = combatant("ann", "inv", 0, traits={"dex": 15}, skills={"fist": 50, "dodge": 30})
    bob = combatant("bob", "cult", 1, traits={"dex": 10}, **KNIFER)
    game = prepared(hurt, ann, bob, dice=[], house_dodge_focus="on")
    assert pending(game)[:2] == ("ann", "declare")
    assert _ai_key(game) == "dodge_focus"
    choose(game, "dodge_focus", "ann")
    assert pending(game)[:2] == ("bob", "declare")
    assert _ai_key(game) == "fight"


def test_sturdy_ally_protects_the_fragile_one() -> None:
    """Seed 004 tactics: 庇う — a sturdy ally next to a non-combatant steps in."""
    yumi = combatant("yumi", "inv", 0, 0, traits={"dex": 14}, skills={"dodge": 30})
    kenji = _brawler("kenji", "inv", 0, 1.5)
    bob = combatant("bob", "cult", 1, traits={"dex": 17}, **KNIFER)
    game = battle(yumi, kenji, bob, dice=[])
    choose(game, "attack:yumi:knife", "bob")
    assert pending(game)[:2] == ("kenji", "protect")
    assert _ai_key(game) == "protect:yumi"


def test_fragile_one_hides_while_allies_fight() -> None:
    """Seed 004 tactics: 隠れる when outmatched, with cover and allies still fighting."""
    yumi = combatant("yumi", "inv", 0, 0, traits={"dex": 14}, surroundings={"cover": True})
    kenji = _brawler("kenji", "inv", 5)
    bob = combatant("bob", "cult", 6, traits={"dex": 10}, **KNIFER)
    game = battle(yumi, kenji, bob, dice=[])
    assert _ai_key(game) == "hide"


def test_gunman_aims_when_nobody_is_on_him() -> None:
    """Seed 004 tactics: 狙う pays (nobody in reach, a chance under 30%: 40 halved by range)."""
    gun = combatant(
        "gun", "cult", 0, traits={"dex": 17}, skills={"handgun": 40}, weapons=["revolver_38"]
    )
    ann = _brawler("ann", "inv", 20, dex=10)
    game = battle(gun, ann, dice=[])
    assert _ai_key(game) == "aim"
    choose(game, "aim", "gun")
    choose(game, "close:gun", "ann")
    assert _ai_key(game).startswith("attack:ann:revolver_38")


def test_takes_the_automatic_dodge() -> None:
    """A focused dodge of 100 or more is taken over a parry."""
    ann = combatant(
        "ann", "inv", 0, traits={"dex": 15}, skills={"dodge": 60, "knife": 70}, weapons=["knife"]
    )
    bob = combatant("bob", "cult", 1, traits={"dex": 17}, **KNIFER)
    game = battle(ann, bob, dice=[20], house_dodge_focus="on")
    choose(game, "fight", "bob")
    choose(game, "dodge_focus", "ann")
    choose(game, "attack:ann:knife", "bob")
    assert _ai_key(game) == "dodge"


def test_parries_when_the_parry_is_better() -> None:
    """Without focus, the better of dodge (30) and parry (70) is chosen."""
    ann = combatant(
        "ann", "inv", 0, traits={"dex": 15}, skills={"dodge": 30, "knife": 70}, weapons=["knife"]
    )
    bob = combatant("bob", "cult", 1, traits={"dex": 17}, **KNIFER)
    game = battle(ann, bob, dice=[20])
    choose(game, "attack:ann:knife", "bob")
    assert _ai_key(game) == "parry:knife"


def test_grappler_throws() -> None:
    """Seed 004 tactics: a landed grapple becomes a throw (damage and a knock-out chance)."""
    tak = combatant("tak", "inv", 0, traits={"dex": 17}, skills={"grapple": 70})
    bob = combatant("bob", "cult", 1, traits={"dex": 10})
    game = battle(tak, bob, dice=[20])
    choose(game, "attack:bob:grapple", "tak")
    choose(game, "none", "bob")
    assert _ai_key(game) == "throw:bob"


def test_sturdy_talker_taunts_to_shield_a_fragile_ally() -> None:
    """Seed 004 tactics: 挑発 the foe when a fragile ally is around and the odds are fair."""
    kenji = combatant(
        "kenji", "inv", 0, traits={"dex": 17, "str": 16}, skills={"fast_talk": 70, "fist": 80}
    )
    yumi = combatant("yumi", "inv", 0, 2, traits={"dex": 14})
    bob = combatant("bob", "cult", 1, traits={"dex": 10, "int": 10}, **KNIFER)
    game = battle(kenji, yumi, bob, dice=[95], house_taunt="on")
    choose(game, "attack:bob:fist", "kenji")
    assert pending(game)[:2] == ("kenji", "taunt")
    assert _ai_key(game) == "taunt:bob"


def test_ai_beats_random_play() -> None:
    """Mirrored duels of equal brawlers: the AI wins most of them against random choices."""
    wins = 0
    duels = 60
    for seed in range(duels):
        a, b = _brawler("a", "x", 0, dex=13), _brawler("b", "y", 1)
        state = Coc.new_state([a[0], b[0]], {"a": a[1], "b": b[1]})
        game = Battle(Coc({}), state, RandomDice(seed))
        ai_key, random_key = ("a", "b") if seed % 2 == 0 else ("b", "a")
        outcome = run(game, {ai_key: AI, random_key: RandomController(seed)})
        wins += outcome.winner_side == state.sheets[ai_key].side
    assert wins / duels >= 0.7


def _armoured_bob(armour: int) -> Spec:
    return combatant("bob", "cult", 1, traits={"dex": 10}, armour=armour)


def _armed_ann(*weapons: tuple[str, str, int, bool]) -> Spec:
    """Ann (DEX 15, db 0) with inline weapons (key, damage, skill, impaling) and no unarmed ones."""
    return combatant(
        "ann",
        "inv",
        0,
        traits={"dex": 15},
        weapons=[
            {"key": key, "skill": key, "damage": damage, "impaling": impaling}
            for key, damage, _, impaling in weapons
        ],
        skills={key: skill for key, _, skill, _ in weapons},
        unarmed=[],
    )


def test_a_weapon_is_valued_over_its_damage_rolls() -> None:
    """Armour subtracts from each roll (CoC 6th edition): against armour 5 a steady 6 gets 1
    through, a 1D10 gets 1.5 on average (its 6 to 10); at equal skill the AI takes the 1D10,
    though its average roll (5.5) is below the steady 6."""
    ann = _armed_ann(("bludgeon", "6", 60, False), ("maul", "1D10", 60, False))
    game = battle(ann, _armoured_bob(5), dice=[])
    assert _ai_key(game) == "attack:bob:maul"


def test_an_impaling_weapon_counts_its_special_success() -> None:
    """An impaling weapon rolls its dice twice on a special success (a fifth of the skill):
    a knife (1D4+2) at 50 is worth 0.5 x (0.8 x 4.5 + 0.2 x 9) = 2.7 a turn, more than a
    steady 5 at 50 (2.5), though its average roll is less."""
    ann = _armed_ann(("knife", "1D4+2", 50, True), ("cudgel", "5", 50, False))
    game = battle(ann, _armoured_bob(0), dice=[])
    assert _ai_key(game) == "attack:bob:knife"


def test_mean_wound_through_armour() -> None:
    """The mean of what each roll leaves after armour, exactly: 1D3 against armour 2 is 1/3
    (only a 3 wounds), 1D4+2 against 4 is (1 + 2) / 4, a steady 6 against 5 is 1."""
    one_d3, knife, six = (DamageDice.parse(text) for text in ("1D3", "1D4+2", "6"))
    assert mean_wound(((one_d3, False),), 2) == pytest.approx(1 / 3)
    assert mean_wound(((knife, False),), 4) == pytest.approx(0.75)
    assert mean_wound(((six, False),), 5) == 1.0
    assert mean_wound(((knife, False),), 6) == 0.0


def test_a_martial_artists_blow_counts_its_doubled_dice() -> None:
    """武道 doubles an unarmed blow's dice when its roll succeeds: with Martial Arts 99 a
    head-butt (1D4) lands for 0.01 x 2.5 + 0.99 x 5 = 4.975 on average, more than a club
    (1D8: 4.5) at the same skill, so the AI strikes with the head-butt (both are blunt: it
    takes the knock-out variant); without 武道 it takes the club."""
    bob = combatant("bob", "cult", 1, traits={"dex": 10}, skills={"dodge": 0}, unarmed=[])
    for martial_arts, weapon in ((99, "head_butt"), (0, "club")):
        skills = {"club": 50, "head_butt": 50, "martial_arts": martial_arts}
        ann = combatant(
            "ann",
            "inv",
            0,
            traits={"dex": 15},
            weapons=["club"],
            unarmed=["head_butt"],
            skills=skills,
        )
        assert _ai_weapon(battle(ann, bob, dice=[])) == weapon


def _grappler_ann(skills: dict[str, int], weapons: list[Any], unarmed: list[str]) -> Spec:
    """Ann (DEX 15, db 0) with `weapons` and the `unarmed` attacks."""
    return combatant(
        "ann", "inv", 0, traits={"dex": 15}, weapons=weapons, unarmed=unarmed, skills=skills
    )


def _bare_bob(con: int, grapple: int, armour: int = 0) -> Spec:
    """Bob (DEX 10) with no weapons, no dodge, CON `con` and Grapple `grapple` (his break-fall)."""
    skills = {"dodge": 0, "grapple": grapple}
    traits = {"dex": 10, "con": con}
    return combatant("bob", "cult", 1, traits=traits, skills=skills, unarmed=[], armour=armour)


def test_a_throw_is_valued_through_armour() -> None:
    """Seed 004 投げ and 体当たり: 1D3+db wounds through armour (base game: armour subtracts
    from damage). Against armour 3 and CON 18 (twice 1D3 never wins a knock-out roll against
    it) a throw or a tackle harms nothing, so at equal skill the AI kicks (1D6: 1 through on
    average). It once valued them at the average roll, 2, ignoring armour, and grappled."""
    ann = _grappler_ann({"kick": 50, "grapple": 50}, [], ["kick", "grapple"])
    assert _ai_weapon(battle(ann, _bare_bob(18, 0, armour=3), dice=[])) == "kick"


def test_a_tackle_counts_its_knock_out_roll_by_roll() -> None:
    """Seed 004 体当たり: 1D3+db, then twice the damage against CON, a knock-out if it wins.
    Bob (CON 6, HP 9) is knocked out by a roll of 1, 2 or 3 as often as 2, 4 or 6 wins the
    resistance against 6: 30, 40, 50%; each time worth his 9 HP, else the roll wounds:
    (3.4 + 4.8 + 6.0) / 3 = 4.73 a landed tackle, more than a steady 4 at the same skill,
    so the AI tackles. A throw would be worth less: Bob breaks its fall half the time
    (Grapple 50). It once valued a tackle as the average roll plus half the knock-out chance
    at that roll times the HP (2 + 0.4 x 9 / 2 = 3.8) and struck with the 4."""
    bob = _bare_bob(6, 50)
    steady = {"key": "cosh", "skill": "cosh", "damage": "4"}
    ann = _grappler_ann({"cosh": 50, "grapple": 50}, [steady], ["grapple"])
    assert bob[0].hp == 9
    assert _ai_key(battle(ann, bob, dice=[])) == "attack/tackle:bob:grapple"


def test_tumble_harm() -> None:
    """`tumble_harm` by hand: 1D3 on CON 6, HP 9, armour 0, Bob breaking his fall half the
    time: unbroken as in the tackle test (4.733...), broken 1, 2, 3 halve to 0, 1, 1 (2/3);
    through armour 1 the broken rolls leave nothing and the unbroken wound one less."""
    one = ((DamageDice(((1, 3),)), False),)
    assert tumble_harm(one, 0, 9, 6, 0.0) == pytest.approx((3.4 + 4.8 + 6.0) / 3)
    assert tumble_harm(one, 0, 9, 6, 0.5) == pytest.approx(((3.4 + 4.8 + 6.0) / 3 + 2 / 3) / 2)
    through_one = (0.3 * 9 + 0.4 * 9 + 0.6 * 1 + 0.5 * 9 + 0.5 * 2) / 3
    assert tumble_harm(one, 1, 9, 6, 0.0) == pytest.approx(through_one)
    assert tumble_harm(one, 1, 9, 6, 1.0) == 0.0
