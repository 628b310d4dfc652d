"""The GURPS fast path's shootouts (`ranged_tables.py`, `kernel/shoot.py`): exact replays of
the engine's battles, agreement with the engine path, the tables' rule numbers, declines."""

from __future__ import annotations

import copy
import random
from typing import Any

import numpy as np
import pytest

from senjo.engine.controllers import run
from senjo.scenario import Scenario, load_scenario, parse_scenario
from senjo.scenario.battle import build_battle, controllers_for
from senjo.sim.declines import in_lang
from senjo.sim.fast_gurps import GURPS_FAST, batch, compiled, ranged_tables
from senjo.sim.fast_gurps.accept import SHOT_DAMAGE_TYPES
from senjo.sim.fast_gurps.layout import (
    AIM_TURNS,
    KNOCK_MARGIN,
    NO_DROP,
    SHOCK_LEVELS,
    SKILL_LO,
    W_BEYOND,
    W_CRIPPLED,
    W_MISS,
    W_READY,
    W_SIDEARM,
    range_yard,
)
from senjo.sim.fast_gurps.replay import StreamDice
from senjo.sim.fast_gurps.tables import _build, build_tables, initiative_tie
from senjo.systems.gurps.events import AttackRolled, CriticalResult, DefenseRolled

from .gurps_duels import (
    DUEL,
    accounted,
    assert_agrees,
    assert_engines_battle,
    check_block,
    check_random_battles,
    check_tied_battles,
)
from .gurps_shootouts import RANGED, SHOOTOUTS, changed

pytestmark = pytest.mark.skipif(
    not compiled.available(), reason="shootouts are played by the compiled duel (Numba)"
)


@pytest.mark.parametrize("name", sorted(SHOOTOUTS))
def test_the_compiled_shootout_plays_exactly_the_engines_battles(name: str) -> None:
    """Each battle the kernel finishes is the engine's with the same dice: Aim and its
    bonus (B364), reloading (B270), the dodge and drop and getting up (B377, B551),
    shock, knockdown, stun and the HP thresholds; 300 battles, most followed to the end."""
    scenario = SHOOTOUTS[name]()
    assert GURPS_FAST.accepts(scenario) is None
    result = check_block(scenario, compiled.play_blocks, 300, name)
    # A shooter goes to its sidearm, which the model follows, but for a rare Ready it
    # does not (its sidearm lost with the foe past its Move).
    assert accounted(result) >= 290
    assert set(result.why[result.escaped]) <= {W_SIDEARM, W_MISS, W_READY, W_BEYOND, W_CRIPPLED}


def test_a_shooter_whose_weapon_breaks_fights_on_with_its_sidearm() -> None:
    """ranged.yaml: a bow or crossbow broken by a critical miss (B556) sends its shooter to
    its sidearm (B382: a Ready to draw it), and it closes in under the other's shots
    and fights in melee; the model follows those battles to the end, each the engine's
    with the same dice; no battle escapes but where a limb is crippled (interpretation 77)."""
    scenario = load_scenario(RANGED)
    tables = build_tables(scenario)
    result = compiled.play_blocks(tables, 2000, [np.random.Generator(np.random.PCG64(5))])
    assert set(result.why[result.escaped]) <= {W_CRIPPLED}  # (interpretation 77)
    broke = []
    for i in np.flatnonzero(~result.escaped).tolist():
        battle = build_battle(scenario, dice=StreamDice(result.row(i), 1))
        run(battle, controllers_for(scenario, 1))
        if any(isinstance(e, CriticalResult) and e.key == "weapon_breaks" for e in battle.log):
            broke.append(i)
            assert_engines_battle(scenario, tables, result, i, "broken")
            if len(broke) == 5:
                break
    assert len(broke) == 5


def javelin_duel(spare: bool) -> Scenario:
    """examples/gurps/duel.yaml with the knight's shield and sword traded for a javelin
    (`test_fast_gurps.JAVELIN`, ready), the sword kept as a spare if `spare`; ten yards
    apart."""
    from .test_fast_gurps_declines import JAVELIN

    data = copy.deepcopy(load_scenario(DUEL).data)
    knight = data["combatants"][0]
    knight.pop("shield")
    knight.update(weapons=[JAVELIN, "broadsword"] if spare else [JAVELIN], ready=["javelin"])
    knight["skills"]["Thrown Weapon (Spear)"] = 13
    data["combatants"][1]["position"] = [10, 0]
    return parse_scenario(data, "javelin.yaml")


@pytest.mark.parametrize("spare", [True, False])
def test_a_javelin_is_thrown_once_then_the_fight_goes_on_without_it(spare: bool) -> None:
    """B373 as the engine plays it (`attack.py`): a thrown weapon leaves the hand and lands
    out of reach - the knight Aims, throws his javelin once, then draws his sword (B382)
    or, without one, fights bare-handed. The kernel holds the javelin BROKEN once thrown
    (whatever a critical miss did to it: the engine lets it go first); every battle is
    the engine's with the same dice, and none escapes but where a limb is crippled
    (interpretation 77)."""
    scenario = javelin_duel(spare)
    assert GURPS_FAST.accepts(scenario) is None
    tables = build_tables(scenario)
    assert tables.fighters[0].key == "knight" and tables.fighters[0].thrown
    result = compiled.play_blocks(tables, 200, [np.random.Generator(np.random.PCG64(4))])
    assert set(result.why[result.escaped]) <= {W_CRIPPLED}  # (interpretation 77)
    after = set()
    for i in np.flatnonzero(~result.escaped)[:40].tolist():
        battle = build_battle(scenario, dice=StreamDice(result.row(i), 1))
        run(battle, controllers_for(scenario, 1))
        blows = [
            e.weapon for e in battle.log if isinstance(e, AttackRolled) and e.attacker == "knight"
        ]
        assert blows.count("javelin") == 1 and blows[0] == "javelin"
        after |= set(blows[1:])
        assert_engines_battle(scenario, tables, result, i, "javelin")
    if spare:
        assert after == {"broadsword"}
    else:
        assert after and after <= {"punch", "kick"}


@pytest.mark.parametrize(
    ("weight", "penalty", "bare"), [(2, 1, False), (1, 2, False), (2, 1, True)]
)
def test_a_javelin_is_parried_as_the_engine_parries_it(
    weight: float, penalty: int, bare: bool
) -> None:
    """B376 (fact sheet: parrying a thrown weapon -1, one of 1 lb or less -2), seed 000
    (「受け」か「止め」の能動防御に成功した場合、手投げ武器や矢は地面に落ちて): the raider,
    his axe at 18 (parry 12 less the penalty) or, `bare`, his fists at Brawling 18 (no -3
    against a thrust, B376), parries the knight's javelin rather than dodge (8) or dodge
    and drop, as the engine's AI chooses; every battle is the engine's with the same
    dice."""
    data = copy.deepcopy(javelin_duel(True).data)
    data["combatants"][0]["weapons"][0]["weight"] = weight
    raider = data["combatants"][1]
    if bare:
        raider.update(weapons=[])
        raider["skills"]["Brawling"] = 18
    else:
        raider["skills"]["Axe/Mace"] = 18
    scenario = parse_scenario(data, "javelin_parried.yaml")
    tables = build_tables(scenario)
    assert [f.shot_parry for f in tables.fighters] == [0, penalty]
    result = compiled.play_blocks(tables, 200, [np.random.Generator(np.random.PCG64(5))])
    assert set(result.why[result.escaped]) <= {W_CRIPPLED}  # (interpretation 77)
    parried = 0
    for i in np.flatnonzero(~result.escaped)[:40].tolist():
        battle = build_battle(scenario, dice=StreamDice(result.row(i), 1))
        run(battle, controllers_for(scenario, 1))
        # The knight throws the javelin first: the first defense against him is against it.
        first = next(
            (e for e in battle.log if isinstance(e, DefenseRolled) and e.attacker == "knight"),
            None,
        )
        if first is not None and first.kind == "parry":
            assert first.score.modifiers.amount("parry_thrown") == -penalty
            parried += 1
        assert_engines_battle(scenario, tables, result, i, "javelin parried")
    assert parried >= 10


def test_random_throwers_play_exactly_the_engines_battles() -> None:
    """Random thrown weapons (`_javelin`: damage, Acc, ranges by ST) in random shootouts,
    against javelins, bows and launchers, sidearms or none: every battle the kernel
    finishes must be the engine's battle with the same dice."""
    rng = random.Random(20261204)
    base = load_scenario(RANGED).data
    kinds = ("javelin", "javelin", "regular_bow", "launcher")
    play = compiled.play_blocks
    compared = check_random_battles(lambda: random_shootout(rng, base, kinds), play, 12, 40)
    assert compared >= 300


def test_a_tied_shootout_is_rolled_and_each_battle_played_exactly() -> None:
    """B363: shooters of equal Basic Speed and DX roll for the lead with each battle's first
    two dice; each battle, played with its leader's tables from the third die on, is the
    engine's with the same dice."""

    def tie(data: dict[str, Any]) -> None:
        archer, crossbowman = data["combatants"]
        crossbowman.update(dx=archer["dx"], ht=archer["ht"])

    scenario = changed(tie, "tie.yaml")
    assert initiative_tie(scenario) and GURPS_FAST.accepts(scenario) is None
    checked = check_tied_battles(scenario, compiled.play_blocks, 160)
    assert min(checked.values()) >= 50


def test_agrees_with_the_engine_path() -> None:
    """The engine and the fast path agree on ranged.yaml (`assert_agrees`: the archer's
    win rate, the mean rounds within 3; the engine's standard error is about 1 round)."""
    assert_agrees(load_scenario(RANGED), 3.0)


def test_the_shooters_tables_hold_the_rules_numbers() -> None:
    """ranged.yaml, 20 yards: range -6 (B550); three turns of Aim give Acc +2 (B364): the
    archer's Bow 15 shoots at 13, the crossbowman's Crossbow 14 (Acc 4) at 14. A kneeling
    or lying target is -2 to hit (B551); dodging and dropping adds 3, not from lying
    (B377); a bow reloads in 2 Readies, a crossbow of the wielder's ST in 4 (B270)."""
    tables = build_tables(load_scenario(RANGED))
    archer, crossbowman = tables.fighters
    assert (archer.key, crossbowman.key) == ("archer", "crossbowman")
    assert archer.modes[archer.ranged].skill == 15 - 6 + 2 + 2
    assert crossbowman.modes[crossbowman.ranged].skill == 14 - 6 + 4 + 2
    assert (archer.reload, crossbowman.reload) == (2, 4)
    for fighter in tables.fighters:
        assert fighter.shot_posture.tolist() == [0, -2, -2]
        assert fighter.drop_bonus.tolist() == [3, 3, NO_DROP]
        # The AI always shoots after its Aim: at every skill its shots can have (unshaken
        # or in shock, at a standing, kneeling or lying foe) against every defense.
        aimed = int(fighter.shot_skill[20, AIM_TURNS])
        for shock in range(SHOCK_LEVELS):
            for modifier in fighter.shot_posture:
                assert (fighter.shot_value[aimed - shock + modifier - SKILL_LO] > 0).all()


def test_a_range_yard_has_one_range_modifier() -> None:
    """B550 (a distance between two rows takes the farther; 2 yards or less is 0): every
    distance shares its modifier with the whole yards of its row (`range_yard`, the row of
    `shot_skill` the kernel reads), the float slack of `range_modifier` included; the
    kernel's copy (`kernel._range_yard`) gives the same rows, 0 in close combat."""
    from senjo.sim.fast_gurps.kernel.rolls import _range_yard
    from senjo.systems.gurps.tables import range_modifier

    kernel_yard = getattr(_range_yard, "py_func", _range_yard)
    edges = [0.0, 0.49, 0.5, 1.0, 2.0, 2.0000000001, 3.0, 3.0000000001, 3.00001, 15 * (5 / 15)]
    steps = [k / 7 for k in range(4, 7 * 120)]
    for distance in edges + steps:
        row = range_yard(distance)
        assert kernel_yard(distance) == row, distance
        if distance < 0.5:
            assert row == 0
        else:
            assert row == int(row) >= 1
            assert range_modifier(max(distance, 1.0)) == range_modifier(row), distance


def test_a_shots_skill_goes_by_its_range_and_aim() -> None:
    """B550: range 2 yards or less 0, 3 yards -1, 5 -2, 7 -3, 10 -4, 15 -5, 20 -6, 28 -7 (a
    distance between two rows takes the farther); in close combat (row 0) the weapon's
    Bulk instead (B548: the bow -7, the crossbow -6); B364: one turn of Aim gives the
    weapon's Acc (the bow 2, the crossbow 4), each further turn +1, up to +2. The rows
    reach `KNOCK_MARGIN` yards past the start (20 yards), for knockback."""
    archer, crossbowman = build_tables(load_scenario(RANGED)).fighters
    range_of = {1: 0, 2: 0, 3: -1, 4: -2, 5: -2, 7: -3, 10: -4, 11: -5, 15: -5, 20: -6, 28: -7}
    for row, modifier in range_of.items():
        assert archer.shot_skill[row].tolist() == [15 + modifier + a for a in (0, 2, 3, 4)]
        assert crossbowman.shot_skill[row].tolist() == [14 + modifier + a for a in (0, 4, 5, 6)]
    assert archer.shot_skill[0].tolist() == [15 - 7 + a for a in (0, 2, 3, 4)]
    assert crossbowman.shot_skill[0].tolist() == [14 - 6 + a for a in (0, 4, 5, 6)]
    assert archer.shot_skill.shape == (20 + KNOCK_MARGIN + 1, AIM_TURNS + 1)


def test_the_numpy_model_refuses_a_shootout() -> None:
    """There is no NumPy model of a shootout: asked to play one, it says so."""
    tables = build_tables(load_scenario(RANGED))
    with pytest.raises(ValueError, match="compiled duel only"):
        batch.play_blocks(tables, 10, [np.random.Generator(np.random.PCG64(1))])


#: Thrown two at a time (RoF 2, B373).
_SHURIKEN = {
    "key": "shuriken",
    "name": "Shuriken",
    "weight": 0.1,
    "modes": [
        {
            "name": "throw",
            "skill": "Throwing",
            "damage": "thr-1 cut",
            "ranged": {
                "acc": 1,
                "half_damage": "x0.5",
                "max_range": "x2",
                "rof": 2,
                "shots": 2,
                "thrown": True,
            },
        }
    ],
}


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (
            lambda d: d["combatants"][0].update(shield="small_shield"),
            "combatant 'archer' shoots with a shield",
        ),
        (
            lambda d: d["combatants"][1].update(position=[200, 0]),
            "combatant 'crossbowman' starts past its weapon's maximum range",
        ),
        (
            lambda d: d["combatants"][0].update(weapons=[_SHURIKEN], skills={"Throwing": 14}),
            "combatant 'archer''s shuriken is thrown more than one at a time",
        ),
    ],
)
def test_declines_what_it_does_not_model(change: Any, reason: str) -> None:
    """A shooter with a shield, a start past a weapon's maximum range (the AI would close
    in without a shot), a thrown weapon of RoF 2: declined, with a Japanese twin of the
    reason."""
    found = GURPS_FAST.accepts(changed(change))
    assert found == reason
    assert in_lang(found, "ja") != found


def test_declines_a_shootout_without_numba(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the NumPy model asked for (or Numba missing), a shootout goes to the engine."""
    monkeypatch.setenv(compiled.KERNEL_VARIABLE, "numpy")
    found = GURPS_FAST.accepts(load_scenario(RANGED))
    assert found is not None and "Numba" in found
    assert GURPS_FAST.accepts(load_scenario(DUEL)) is None


# --- random shootouts -------------------------------------------------------------------------

TRAITS: list[Any] = [
    "combat_reflexes",
    "high_pain_threshold",
    "low_pain_threshold",
    "no_vitals",
    "no_brain",
    "perfect_balance",
    {"hard_to_kill": 2},
    {"enhanced_dodge": 1},
    "injury_tolerance_unliving",
    "injury_tolerance_homogenous",
]
LOCATIONS = ["all", "torso", "skull", "vitals", "neck", "right_arm", "left_leg"]


def _launcher(rng: random.Random) -> dict[str, Any]:
    """A scenario's own missile weapon: random damage, Acc, reload and range."""
    dice = f"{rng.randint(1, 3)}d{rng.choice(['', '+1', '+2', '-1'])}"
    kind = rng.choice(sorted(SHOT_DAMAGE_TYPES))
    mode: dict[str, Any] = {
        "name": "shoot",
        "skill": "Blowpipe",
        "damage": rng.choice([f"{dice} {kind}", f"thr+{rng.randint(0, 4)} {kind}"]),
        "two_handed": True,
        "ranged": {
            "acc": rng.randint(0, 4),
            "half_damage": rng.choice([25, 60, 150]),
            "max_range": 300,
            "reload": rng.randint(1, 4),
        },
    }
    if rng.random() < 0.5:
        mode["st_for_damage"] = rng.randint(8, 14)
    if rng.random() < 0.4:  # a gun: bursts (B373's RoF and Rcl) and several shots a load
        rof = rng.choice([1, 2, 3, 5, 8])
        shots = rng.choice([rof, rof + 1, 2 * rof, 3 * rof + 1])
        mode["ranged"].update(rof=rof, shots=max(shots, 2), recoil=rng.randint(1, 3))
        if rng.random() < 0.3:  # loaded a round at a time (interpretation 60)
            mode["ranged"]["reload"] = f"{mode['ranged']['reload']}i"
    return {"key": "launcher", "name": "Launcher", "modes": [mode]}


def _javelin(rng: random.Random) -> dict[str, Any]:
    """A scenario's own thrown weapon (a javelin, a throwing axe): random damage, Acc and
    ranges in multiples of ST (B269); it leaves the hand with each throw (B373)."""
    kind = rng.choice(["imp", "cut", "cr", "pi"])
    mode: dict[str, Any] = {
        "name": "throw",
        "skill": "Thrown Weapon (Spear)",
        "damage": rng.choice(
            [f"thr+{rng.randint(0, 3)} {kind}", f"sw{rng.choice(['', '+1'])} {kind}"]
        ),
        "ranged": {
            "acc": rng.randint(0, 3),
            "half_damage": rng.choice(["x1", "x1.5"]),
            "max_range": rng.choice(["x2", "x2.5"]),
            "thrown": True,
        },
    }
    # 1 lb or less: parried at -2 (B376); 3 lb or more may break a knife's parry.
    weight = rng.choice([0.5, 1, 2, 3])
    return {"key": "javelin", "name": "Javelin", "weight": weight, "modes": [mode]}


#: The missile weapons `random_shootout` draws from, and the skill of each.
SHOOTING_SKILLS = {
    "regular_bow": "Bow",
    "crossbow": "Crossbow",
    "launcher": "Blowpipe",
    "javelin": "Thrown Weapon (Spear)",
}


def random_shootout(
    rng: random.Random,
    base: dict[str, Any],
    kinds: tuple[str, ...] = ("regular_bow", "crossbow", "launcher"),
) -> Any:
    """A random variant of ranged.yaml, each shooter's weapon one of `kinds`
    (`SHOOTING_SKILLS`), or None if the fast path would decline it."""
    data = copy.deepcopy(base)
    for fighter in data["combatants"]:
        kind = rng.choice(kinds)
        weapon: Any = kind
        if kind in ("launcher", "javelin"):
            weapon = _launcher(rng) if kind == "launcher" else _javelin(rng)
        skill = SHOOTING_SKILLS[kind]
        fighter["weapons"] = [weapon, *rng.sample(["large_knife", "shortsword"], rng.randint(0, 1))]
        fighter["skills"] = {skill: rng.randint(10, 19), "Knife": 11, "Shortsword": 11}
        # B194: a roll at each reload's Ready
        if kind in ("regular_bow", "crossbow") and rng.random() < 0.4:
            fighter["skills"]["Fast-Draw (Arrow)"] = rng.randint(9, 16)
        fighter.update({key: rng.randint(9, 15) for key in ("st", "dx", "ht")})
        fighter["hp"] = rng.randint(6, 16)
        places = rng.sample(LOCATIONS, rng.randint(1, 3))
        fighter["dr"] = {place: rng.randint(0, 4) for place in places}
        fighter["advantages"] = rng.sample(TRAITS, rng.randint(0, 3))
        fighter["size_modifier"] = rng.choice([0, 0, -1, 1])
        if rng.random() < 0.3:
            fighter["flee_at"] = rng.randint(-3, 5)
    data["combatants"][1]["position"] = [rng.choice([1, 2, 3, 4, 6, rng.randint(7, 40)]), 0]
    data["options"] = {
        "max_rounds": rng.choice([20, 60]),
        "random_hit_locations": rng.choice(["on", "off"]),
        "prone_ranged_penalty": rng.choice(["posture", "cover"]),
        "free_actions": rng.choice(["on", "off"]),
        "darkness": rng.choice(["0", "0", "2", "10"]),
        # Total darkness as the -10 alone: read as blindness for all it is declined.
        "total_darkness": "penalty",
    }
    scenario = parse_scenario(data, "random.yaml")
    if GURPS_FAST.accepts(scenario) is not None or initiative_tie(scenario):
        return None
    return scenario


def test_random_shootouts_play_exactly_the_engines_battles() -> None:
    """Random shooters - bows, crossbows and launchers of random damage, Acc, reload and
    half-damage range (guns too: RoF, Shots and Recoil), sidearms, skills (Fast-Draw
    (Arrow) too), ST/DX/HT/HP, DR by location, traits, size, morale, distance (a yard to
    40, within a Move too), options (free actions, total darkness) - and every battle the
    kernel finishes must be the engine's battle with the same dice."""
    rng = random.Random(20261201)
    base = load_scenario(RANGED).data
    play = compiled.play_blocks
    # A shooter with a sidearm that starts within its Move goes to it after its first
    # shot (the engine's to play): close starts leave fewer battles to compare.
    compared = check_random_battles(lambda: random_shootout(rng, base), play, 14, 40)
    assert compared >= 300


def test_a_shooters_choices_by_distance_hold_the_ais() -> None:
    """GurpsAI._maneuver_of, tabulated: with its weapon empty in hand a shooter reloads
    (B270) while the foe is past its basic Move (6 here) and goes to its sidearm within
    it, or, with none, fights on (a blow, else the reload); a dropped weapon is picked up,
    but an empty one with the foe within a Move is left for the sidearm, or left lying;
    broken, it draws the sidearm. With `free_actions=on` and a sidearm it lets an empty
    bow fall as a free action with the foe close."""
    from senjo.sim.fast_gurps.layout import (
        BROKEN,
        DROPPED,
        EMPTY_FIGHT,
        EMPTY_SPARE,
        PICK_NONE,
        PICK_SPARE,
        PICK_WEAPON,
    )

    from .gurps_shootouts import point_blank

    archer, crossbowman = build_tables(load_scenario(RANGED)).fighters
    for fighter in (archer, crossbowman):
        assert fighter.basic_move == 6 and not fighter.free_drop
        assert fighter.empty.tolist() == [EMPTY_FIGHT, EMPTY_SPARE]  # [far, near]
        assert fighter.recover[DROPPED].tolist() == [
            [PICK_WEAPON, PICK_SPARE],  # empty: far, near
            [PICK_WEAPON, PICK_WEAPON],  # loaded
        ]
        assert (fighter.recover[BROKEN] == PICK_SPARE).all()
    bare = build_tables(point_blank()).fighters[0]
    assert bare.empty.tolist() == [EMPTY_FIGHT, EMPTY_FIGHT]
    assert bare.recover[DROPPED].tolist() == [[PICK_WEAPON, PICK_NONE], [PICK_WEAPON] * 2]
    freed = changed(lambda d: d.update(options={"free_actions": "on"}))
    assert all(f.free_drop for f in build_tables(freed).fighters)


def test_a_free_drop_and_the_sidearm_are_followed() -> None:
    """free_actions=on, two yards apart: once its shot is gone the AI lets the empty bow
    fall as a free action (B363) and draws its sidearm (B382) with its Ready; the model
    follows it, each battle the engine's with the same dice, the drop in the engine's
    log; the few that escape do so for a Ready it does not follow."""
    from senjo.systems.gurps.events import ItemChanged

    def change(data: dict[str, Any]) -> None:
        data["combatants"][1]["position"] = [2, 0]
        data["options"] = {"free_actions": "on"}

    scenario = changed(change, "free.yaml")
    assert GURPS_FAST.accepts(scenario) is None
    tables = build_tables(scenario)
    assert all(f.free_drop and f.has_spare for f in tables.fighters)
    result = compiled.play_blocks(tables, 200, [np.random.Generator(np.random.PCG64(3))])
    assert set(result.why[result.escaped]) <= {W_READY, W_MISS, W_CRIPPLED}
    followed = np.flatnonzero(~result.escaped)
    assert accounted(result) >= 190
    dropped = 0
    for i in followed[:60].tolist():
        battle = build_battle(scenario, dice=StreamDice(result.row(i), 1))
        run(battle, controllers_for(scenario, 1))
        causes = [e.cause for e in battle.log if isinstance(e, ItemChanged)]
        dropped += "free_action" in causes
        assert_engines_battle(scenario, tables, result, i, "free")
    assert dropped >= 30


def test_shots_past_half_damage_range_are_halved() -> None:
    """B269: past 1/2D a shot's basic damage is halved (at least the damage type's minimum),
    before a critical hit's multiplier: the darts from 45 yards (1/2D 30) are halved in the
    engine's battles, and the model's battles are the engine's."""
    from senjo.systems.gurps.events import DamageRolled

    from .gurps_shootouts import long

    scenario = long()
    tables = build_tables(scenario)
    assert tables.fighters[0].half_damage == 30.0
    result = compiled.play_blocks(tables, 60, [np.random.Generator(np.random.PCG64(8))])
    halved = 0
    for i in range(20):
        assert not result.escaped[i]
        assert_engines_battle(scenario, tables, result, i, "long")
        battle = build_battle(scenario, dice=StreamDice(result.row(i), 1))
        run(battle, controllers_for(scenario, 1))
        for event in battle.log:
            if isinstance(event, DamageRolled) and event.attacker == "archer":
                items = dict(event.modifiers.modifiers.items)
                halved += "half_damage_range" in items
    assert halved >= 5


@pytest.mark.parametrize("name", ["close", "dark", "long"])
def test_a_shot_table_copied_along_a_row_of_b550_is_the_yard_by_yard_one(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`ranged_tables._shot_skills` asks the engine once per row of B550's range table and
    copies the skill along the row's yards (the distance enters a shot through that row
    alone): the same table as asking at every yard, out to 60 yards (range, lighting,
    Aim, close combat's Bulk at row 0)."""
    scenario = SHOOTOUTS[name]()
    copied = _build(scenario, None, None, 60.0)
    monkeypatch.setattr(ranged_tables, "range_modifier", lambda yards: -yards)
    asked = _build(scenario, None, None, 60.0)
    for ours, theirs in zip(copied.fighters, asked.fighters, strict=True):
        assert ours.shot_skill.shape == theirs.shot_skill.shape
        assert (ours.shot_skill == theirs.shot_skill).all()
    assert any(f.shot_skill.shape[0] > 60 for f in copied.fighters)
