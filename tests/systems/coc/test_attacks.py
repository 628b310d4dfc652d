"""Attacks: impale, 武道, 狙う, firearms, range, knock-out, criticals, DEX order."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from senjo.engine.battle import Battle
from senjo.systems.coc.actions import action_options, attack_options, can_attack
from senjo.systems.coc.events import (
    CocCheck,
    CocConditionChanged,
    CocDamageRolled,
    CocInjured,
    CocItemChanged,
    CocOrderSet,
    CocResistance,
)
from senjo.systems.coc.state import CocState
from senjo.systems.coc.system import dex_order

from .helpers import Spec, battle, choose, combatant, events, pending, prepared

STRONG = {"str": 16, "siz": 14, "dex": 17}  # STR+SIZ 30: db +1D4


def _target(**fields: Any) -> Spec:
    return combatant("ann", "inv", 0, traits={"dex": 10}, **fields)


def test_impale_rolls_the_weapon_dice_twice_not_the_db() -> None:
    """Base rules: a special success with an impaling weapon rolls its damage twice, db once."""
    bob = combatant("bob", "cult", 1, traits=STRONG, skills={"knife": 50}, weapons=["knife"])
    game = battle(_target(armour=20), bob, dice=[8, 1, 2, 3])
    choose(game, "attack:ann:knife", "bob")
    choose(game, "none", "ann")
    rolled = events(game, CocDamageRolled)[0]
    assert (rolled.expression, rolled.doubled, rolled.total) == ("1D4+2+1D4+2+1D4", "impale", 10)


def test_plain_success_rolls_the_weapon_dice_once() -> None:
    """Base rules: a success above a fifth of the skill is no impale: weapon dice once, plus db."""
    bob = combatant("bob", "cult", 1, traits=STRONG, skills={"knife": 50}, weapons=["knife"])
    game = battle(_target(armour=20), bob, dice=[11, 1, 2])
    choose(game, "attack:ann:knife", "bob")
    choose(game, "none", "ann")
    rolled = events(game, CocDamageRolled)[0]
    assert (rolled.expression, rolled.doubled) == ("1D4+2+1D4", "")


def test_martial_arts_doubles_unarmed_weapon_dice_not_db() -> None:
    """Base rules: a success at both the attack and 武道 doubles a fist's dice (1D3+1D3+db)."""
    skills = {"fist": 60, "martial_arts": 50}
    bob = combatant("bob", "cult", 1, traits=STRONG, skills=skills)
    game = battle(_target(armour=20), bob, dice=[20, 30, 1, 2, 3])
    choose(game, "attack:ann:fist", "bob")
    choose(game, "none", "ann")
    assert [c.kind for c in events(game, CocCheck)] == ["attack", "martial_arts"]
    rolled = events(game, CocDamageRolled)[0]
    assert (rolled.expression, rolled.doubled) == ("1D3+1D3+1D4", "martial_arts")


def test_martial_arts_failure_leaves_the_damage_single() -> None:
    """Base rules: the attack hits but 武道 fails: 1D3+db."""
    bob = combatant("bob", "cult", 1, traits=STRONG, skills={"fist": 60, "martial_arts": 50})
    game = battle(_target(armour=20), bob, dice=[20, 80, 1, 2])
    choose(game, "attack:ann:fist", "bob")
    choose(game, "none", "ann")
    assert events(game, CocDamageRolled)[0].expression == "1D3+1D4"


def test_thrown_weapons_add_half_the_db() -> None:
    """Base rules: thrown weapons add half the db (1D4+1D4/2, halved toward zero)."""
    bob = combatant("bob", "cult", 5, traits=STRONG, skills={"throw": 50}, weapons=["rock"])
    game = battle(_target(armour=20), bob, dice=[20, 3, 3])
    choose(game, "attack:ann:rock", "bob")
    choose(game, "none", "ann")
    rolled = events(game, CocDamageRolled)[0]
    assert (rolled.expression, rolled.total) == ("1D4+1D4/2", 4)


def _aimer(
    skill: int, dice: list[int], setup: Callable[[CocState], None] | None = None, **fields: Any
) -> Battle[CocState]:
    gun = combatant(
        "gun", "cult", 10, traits={"dex": 17}, skills={"handgun": skill}, weapons=["revolver_38"]
    )
    return prepared(setup, _target(**fields), gun, dice=dice)


def test_aim_adds_thirty_percent_to_the_next_attack() -> None:
    """Seed 004 狙う: 1ラウンドの行動を行わないことにより、次の攻撃の命中率を+30%."""
    game = _aimer(40, [95], armour=20)
    choose(game, "aim", "gun")
    choose(game, "do_nothing", "ann")
    choose(game, "attack:ann:revolver_38", "gun")
    score = events(game, CocCheck)[0].score
    assert (score.value, score.modifiers.amount("aim")) == (70, 30)


def test_aim_never_passes_99() -> None:
    """Seed 004 狙う: 補正後の命中率が99%を超えることはありません (80 + 30 → 99)."""
    game = _aimer(80, [95, 5], armour=20)
    choose(game, "aim", "gun")
    choose(game, "do_nothing", "ann")
    choose(game, "attack:ann:revolver_38", "gun")
    score = events(game, CocCheck)[0].score
    assert (score.value, score.cap) == (99, 99)


def test_aim_does_not_apply_to_martial_arts() -> None:
    """Seed 004 狙う: この補正は武道には適用されず — the 武道 roll keeps its own value."""
    bob = combatant("bob", "cult", 1, traits={"dex": 17}, skills={"fist": 50, "martial_arts": 40})
    game = battle(_target(armour=20), bob, dice=[20, 30, 1, 1])
    choose(game, "aim", "bob")
    choose(game, "do_nothing", "ann")
    choose(game, "attack:ann:fist", "bob")
    attack, budo = events(game, CocCheck)
    assert (attack.score.value, budo.score.value) == (80, 40)


def test_aim_is_broken_when_the_aimer_is_hit() -> None:
    """Seed 004 狙う: 狙うを実行中に攻撃が命中した場合、狙う状態が解除."""
    gun = combatant(
        "gun",
        "cult",
        1,
        traits={"dex": 10},
        skills={"handgun": 40},
        weapons=["revolver_38"],
        armour=20,
    )
    ann = combatant("ann", "inv", 0, traits={"dex": 17}, skills={"fist": 60})
    game = battle(ann, gun, dice=[20, 1])
    choose(game, "do_nothing", "ann")
    choose(game, "aim", "gun")
    choose(game, "attack:gun:fist", "ann")
    choose(game, "none", "gun")
    assert events(game, CocConditionChanged)[-1] == CocConditionChanged(
        "gun", "aiming", False, "hit"
    )
    assert not game.state.status["gun"].aiming


def test_aim_survives_a_miss() -> None:
    """Seed 004 狙う: 相手の命中判定に失敗した場合は適用されません — a miss leaves the aim."""
    gun = combatant(
        "gun", "cult", 1, traits={"dex": 10}, skills={"handgun": 40}, weapons=["revolver_38"]
    )
    ann = combatant("ann", "inv", 0, traits={"dex": 17}, skills={"fist": 60})
    game = battle(ann, gun, dice=[90])
    choose(game, "do_nothing", "ann")
    choose(game, "aim", "gun")
    choose(game, "attack:gun:fist", "ann")
    assert game.state.status["gun"].aiming


def test_firearm_fires_up_to_its_rate_of_fire_each_shot_rolled() -> None:
    """Base rules: firearms with rate of fire and shots — a .38 fires 1 or 2 shots, each rolled."""
    game = _aimer(40, [95, 95], armour=20)
    keys = pending(game)[2]
    assert "attack:ann:revolver_38" in keys and "attack:ann:revolver_38x2" in keys
    assert "attack:ann:revolver_38x3" not in keys
    choose(game, "attack:ann:revolver_38x2", "gun")
    assert len(events(game, CocCheck)) == 2
    assert game.state.status["gun"].shots["revolver_38"] == 4


def test_empty_gun_reloads_in_a_turn() -> None:
    """Base rules: shots run out; a reload refills the magazine."""

    def empty(state: CocState) -> None:
        state.status["gun"].shots["revolver_38"] = 0

    game = _aimer(40, [], empty, armour=20)
    keys = pending(game)[2]
    assert not [k for k in keys if k.startswith("attack:ann:revolver")]
    choose(game, "reload:revolver_38", "gun")
    assert game.state.status["gun"].shots["revolver_38"] == 6
    assert events(game, CocItemChanged)[-1].state == "reloaded"


def test_malfunction_jams_the_gun() -> None:
    """Base rules: a roll at the malfunction number (100 for the .38) jams the weapon."""
    game = _aimer(40, [100], armour=20)
    choose(game, "attack:ann:revolver_38", "gun")
    check = events(game, CocCheck)[0]
    assert check.malfunction and check.malfunction_number == 100
    assert "revolver_38" in game.state.status["gun"].jammed
    choose(game, "do_nothing", "ann")
    assert not [k for k in pending(game)[2] if "revolver" in k]


def test_beyond_base_range_halves_and_twice_it_is_out_of_reach() -> None:
    """Interpretation: beyond the base range a shot is at half chance; past twice it, no shot."""
    gun = combatant(
        "gun", "cult", 20, traits={"dex": 17}, skills={"handgun": 50}, weapons=["revolver_38"]
    )
    game = battle(_target(armour=20), gun, dice=[95])
    choose(game, "attack:ann:revolver_38", "gun")
    score = events(game, CocCheck)[0].score
    assert (score.value, score.modifiers.amount("long_range")) == (25, -25)
    far = combatant(
        "gun", "cult", 31, traits={"dex": 17}, skills={"handgun": 50}, weapons=["revolver_38"]
    )
    game = battle(_target(), far, dice=[])
    assert not [k for k in pending(game)[2] if k.startswith("attack")]


def test_knock_out_attack_success_takes_a_third_and_knocks_out() -> None:
    """Base rules: knock-out attack — damage against HP; a win does a third and knocks out."""
    bob = combatant("bob", "cult", 1, traits=STRONG, skills={"club": 60}, weapons=["club"])
    game = battle(_target(), bob, dice=[20, 8, 4, 10])
    choose(game, "attack/knockout:ann:club", "bob")
    choose(game, "none", "ann")
    resisted = events(game, CocResistance)[0]
    assert (resisted.kind, resisted.active, resisted.passive, resisted.target) == (
        "knockout",
        12,
        12,
        50,
    )
    assert events(game, CocInjured)[0].loss == 4
    assert not game.state.status["ann"].conscious


def test_knock_out_attack_failure_does_full_damage() -> None:
    """Interpretation: a knock-out attack that loses the resistance roll does its full damage."""
    bob = combatant("bob", "cult", 1, traits=STRONG, skills={"club": 60}, weapons=["club"])
    game = battle(_target(armour=10), bob, dice=[20, 8, 4, 90])
    choose(game, "attack/knockout:ann:club", "bob")
    choose(game, "none", "ann")
    assert events(game, CocInjured)[0].damage == 12
    assert game.state.status["ann"].conscious


def test_critical_rule_ccb_or_cc() -> None:
    """Base rules: criticals by CCB (01-05) by default, by CC (01 only) as an option."""
    for rule, critical in (("ccb", True), ("cc", False)):
        game = battle(
            _target(armour=20),
            combatant(
                "gun",
                "cult",
                10,
                traits={"dex": 17},
                skills={"handgun": 40},
                weapons=["revolver_38"],
            ),
            dice=[4, 1, 1],
            critical_rule=rule,
        )
        choose(game, "attack:ann:revolver_38", "gun")
        check = events(game, CocCheck)[0]
        assert (check.critical, check.ccb) == (critical, rule == "ccb")


def test_dex_order_highest_first_ties_by_lowest_d100() -> None:
    """Base rules: DEX order, highest first; equal DEX broken by 1D100, lowest first."""
    a = combatant("a", "x", 0, traits={"dex": 12})
    b = combatant("b", "y", 5, traits={"dex": 15})
    c = combatant("c", "y", 6, traits={"dex": 12})
    game = battle(a, b, c, dice=[70, 20])
    assert events(game, CocOrderSet)[0] == CocOrderSet(("b", "c", "a"), (("a", 70), ("c", 20)))


def test_dex_tie_fixed_option_keeps_the_scenario_order() -> None:
    """Option dex_tie=fixed: equal DEX act in the scenario's order, with no roll."""
    a = combatant("a", "x", 0, traits={"dex": 12})
    c = combatant("c", "y", 6, traits={"dex": 12})
    game = battle(a, c, dice=[], dex_tie="fixed")
    assert game.state.order == ("a", "c")


def test_firearms_first_option() -> None:
    """Option firearms_first=on: a combatant with a loaded gun acts before faster ones."""
    fast = combatant("fast", "x", 0, traits={"dex": 18})
    gun = combatant("gun", "y", 9, traits={"dex": 8}, weapons=["revolver_38"])
    game = battle(fast, gun, dice=[], firearms_first="on")
    assert pending(game)[0] == "gun"
    sheets = [fast[0], gun[0]]
    assert dex_order(sheets, {}) == ("fast", "gun")


def test_one_attack_a_round() -> None:
    """Seed 004: 攻撃は原則として1回のみ — after its attack a combatant has none left this round."""
    bob = combatant("bob", "cult", 1, traits={"dex": 17}, skills={"knife": 50}, weapons=["knife"])
    game = battle(_target(armour=20), bob, dice=[95])
    assert attack_options(game.state, "bob") and can_attack(game.state, "bob")
    choose(game, "attack:ann:knife", "bob")
    assert not can_attack(game.state, "bob")
    assert not [o for o in action_options(game.state, "bob") if o.action == "attack"]
