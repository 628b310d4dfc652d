"""A weapon ready in each hand on the GURPS fast path (`fast_gurps/off_hand.py`).

B417: the off hand strikes at -4 without Ambidexterity, and a Dual-Weapon Attack strikes
once with each hand, each at -4. Each weapon parries and counts its repeated parries
apart (B376); an unbalanced one cannot parry on a turn it struck (B276). The off-hand
weapon's state (ready, turned in the hand, dropped, broken) takes a shield's place on
the tables. Random duels and examples/gurps/three_vs_one.yaml are held to the engine battle
by battle.
"""

from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from senjo.scenario import Scenario, load_scenario, parse_scenario
from senjo.sim.fast_gurps import GURPS_FAST, compiled
from senjo.sim.fast_gurps.layout import DUAL, DuelTables
from senjo.sim.fast_gurps.packed import pack
from senjo.sim.fast_gurps.tables import build_tables

from .gurps_duels import (
    DUEL,
    accounted,
    assert_agrees,
    assert_engines_battle,
    check_crippled_escapes,
)
from .gurps_shootouts import RANGED
from .test_fast_gurps_group import check_group, check_random_groups, mixed_group
from .test_fast_gurps_random import WEAPONS, random_duel, random_spear_duel
from .test_fast_gurps_shootout import random_shootout

pytestmark = pytest.mark.skipif(
    not compiled.available(), reason="two weapons ready: the compiled kernel only"
)

THREE = Path(__file__).parents[2] / "examples" / "gurps" / "three_vs_one.yaml"
#: One-handed weapons a fighter may hold in either hand.
ONE_HANDED = ["broadsword", "shortsword", "axe", "mace", "club", "large_knife"]


def random_dual_duel(rng: random.Random, base: dict[str, Any]) -> Scenario | None:
    """A random duel (`test_fast_gurps_random.random_duel`) with one or both fighters
    holding a weapon ready in each hand, no shield and no spare, some ambidextrous; None
    if declined."""
    return random_duel(rng, base, _two_weapons, "random_dual.yaml")


def _two_weapons(rng: random.Random, fighter: dict[str, Any]) -> None:
    pair = [rng.choice(ONE_HANDED), rng.choice(ONE_HANDED)]
    if pair[0] == pair[1]:
        pair[1] = "large_knife" if pair[0] != "large_knife" else "club"
    fighter["weapons"] = pair
    fighter["ready"] = [*pair, "punch"]
    fighter.pop("shield", None)
    for weapon in pair:
        fighter["skills"][WEAPONS[weapon]] = rng.randint(10, 18)
    if rng.random() < 0.3:
        fighter["advantages"] = [*fighter["advantages"], "ambidexterity"]


def test_random_duels_with_two_weapons_ready_play_exactly_the_engines_battles() -> None:
    """12 random duels with two weapons in hand, 40 battles each: every battle the kernel
    plays to the end is the engine's with the same dice; some of the duels have the AI's
    Dual-Weapon Attack in their tables, and few battles are handed over."""
    rng = random.Random(20261204)
    base = load_scenario(DUEL).data
    made = compared = escaped = dual = 0
    while made < 12:
        scenario = random_dual_duel(rng, base)
        if scenario is None:
            continue
        made += 1
        tables = build_tables(scenario)
        dual += any(bool((f.choose >= DUAL).any()) for f in tables.fighters)
        result = compiled.play_blocks(tables, 40, [np.random.Generator(np.random.PCG64(made))])
        escaped += int(result.escaped.sum())
        for i in np.flatnonzero(~result.escaped).tolist():
            compared += 1
            assert_engines_battle(scenario, tables, result, i, scenario.data)
        lamed = check_crippled_escapes(scenario, result, 1)  # (interpretation 77)
        compared, escaped = compared + lamed, escaped - lamed
    assert compared >= 440 and escaped <= 40
    assert dual >= 2


def _duel(advantages: list[str]) -> tuple[Scenario, DuelTables]:
    """The example duel, its second fighter with an axe (an unbalanced parry, B276) in the
    main hand and a large knife in the off hand."""
    data = copy.deepcopy(load_scenario(DUEL).data)
    fighter = data["combatants"][1]
    fighter.update(weapons=["axe", "large_knife"], ready=["axe", "large_knife", "punch"])
    fighter.pop("shield", None)
    fighter["skills"] = {"Axe/Mace": 14, "Knife": 13, "Brawling": 12}
    fighter["advantages"] = advantages
    scenario = parse_scenario(data, "dual.yaml")
    assert GURPS_FAST.accepts(scenario) is None
    return scenario, build_tables(scenario)


def test_the_off_hand_strikes_at_minus_4_without_ambidexterity() -> None:
    """B417: the knife's blows, in the off hand, at skill - 4; the axe's at its skill; with
    Ambidexterity both at their skill. Each blow of a Dual-Weapon Attack is at -4."""
    for advantages, off_hand in (([], -4), (["ambidexterity"], 0)):
        _, tables = _duel(advantages)
        fighter = next(f for f in tables.fighters if f.key == "raider")
        skills = {(m.weapon, m.name): m.skill for m in fighter.modes}
        assert skills[("axe", "swing")] == 14
        assert skills[("large_knife", "thrust")] == 13 + off_hand
        assert fighter.modes[fighter.off_mode].weapon == "large_knife"
        assert fighter.dual and fighter.dual_modifier == -4


def test_an_unbalanced_weapon_cannot_parry_on_a_turn_it_struck_the_other_can() -> None:
    """B276 per weapon (`defense._parry_weapons`: `attacked_with`): after a blow with the
    knife the axe (0U) still parries; after a blow with the axe it does not, the knife
    does."""
    from senjo.sim.fast_gurps.kernel import exchange, rolls
    from senjo.sim.fast_gurps.layout import HELD_MAIN, HELD_OFF

    _, tables = _duel([])
    v = next(i for i, f in enumerate(tables.fighters) if f.key == "raider")
    slots = {(slot.kind, slot.weapon): j for j, slot in enumerate(tables.fighters[v].slots)}
    axe, knife = slots[("parry", "axe")], slots[("parry", "large_knife")]
    packed = pack(tables)
    P, PF, K = packed.ints, packed.floats, packed.layout.reshape(-1)
    s = np.zeros(compiled._kernel().STATE_SIZE, dtype=np.int64)
    for slot, f in enumerate(tables.fighters):
        s[rolls.S_HP + slot] = f.hp
        s[rolls.S_CONSCIOUS + slot] = 1
    par = np.zeros((2, packed.slots), dtype=np.int64)

    def open_(j: int) -> bool:
        return bool(exchange._slot_score(P, PF, K, s, par, v, v, j, 1 - v, 1 - v, 0, 0, False)[1])

    assert open_(axe) and open_(knife)
    s[rolls.S_ATTACKED + v] = 1 << HELD_OFF  # struck with the knife
    assert open_(axe) and open_(knife)
    s[rolls.S_ATTACKED + v] = 1 << HELD_MAIN  # struck with the axe
    assert not open_(axe) and open_(knife)


def test_three_vs_one_plays_exactly_the_engines_battles() -> None:
    """examples/gurps/three_vs_one.yaml (a spearman, and a brawler with a club and a knife
    ready), 300 battles: each the kernel plays to the end is the engine's."""
    scenario = load_scenario(THREE)
    assert GURPS_FAST.accepts(scenario) is None
    result = check_group(scenario, 300, 3)
    assert accounted(result) >= 290


def test_the_engine_and_the_fast_path_agree_on_three_vs_one() -> None:
    """The adventurers' win rate from the fast path lies in the engine's 95% interval (1,600
    battles), and the mean rounds agree within 1."""
    assert_agrees(load_scenario(THREE), 1.0)


def random_dual_group(rng: random.Random) -> Scenario | None:
    """Three to five fighters drawn from a random duel with two weapons in hand
    (`random_dual_duel`) and a random spear duel (`random_spear_duel`), on alternate
    sides, anywhere within 6 yards of the centre; None if declined."""
    base = load_scenario(DUEL).data
    dual, spear = random_dual_duel(rng, base), random_spear_duel(rng, base)
    if dual is None or spear is None:
        return None
    data = mixed_group(rng, dual, spear, "d", ("knights", "raiders"), 6)
    scenario = parse_scenario(data, "random_dual_group.yaml")
    return scenario if GURPS_FAST.accepts(scenario) is None else None


def test_random_groups_with_two_weapons_and_spears_play_exactly_the_engines_battles() -> None:
    """Random groups of fighters with two weapons in hand and spearmen
    (`random_dual_group`), 40 battles each: every battle the kernel plays to the end is
    the engine's with the same dice."""
    rng = random.Random(20261205)
    assert check_random_groups(lambda: random_dual_group(rng)) >= 300


def test_the_off_hand_blow_lands_where_the_plan_aimed() -> None:
    """Interpretation 18: a Dual-Weapon Attack's two blows share one plan, so the off
    hand's blow lands where the main hand's aimed, even a location its damage type could
    not be aimed at (a crushing blow in the vitals, as a knife's thrust is aimed; found by
    the random groups). The foe's injury tables hold every damage type at every location,
    as the engine's `injury` works it out (here 10 crushing in the vitals)."""
    from senjo.sim.fast_gurps.layout import DR_NORMAL, LOC
    from senjo.systems.gurps.injury import can_target, injury

    _, tables = _duel(["ambidexterity"])
    knight = next(f for f in tables.fighters if f.key == "knight")
    fighter = next(f for f in load_scenario(DUEL).fighters if f.key == "knight")
    assert not can_target("vitals", "cr")
    wound = injury(10, "cr", fighter.dr_at("vitals"), "vitals", hp=fighter.hp)
    assert wound.injury > 0
    assert knight.injury["cr"][LOC["vitals"], DR_NORMAL, 10] == wound.injury


def random_dual_shooting_group(rng: random.Random) -> Scenario | None:
    """Three to five fighters drawn from a random shootout's two shooters
    (`test_fast_gurps_shootout.random_shootout`) and a random duel with two weapons in
    hand (`random_dual_duel`), on alternate sides, anywhere within 10 yards of the centre;
    None if declined."""
    shootout = random_shootout(rng, load_scenario(RANGED).data)
    dual = random_dual_duel(rng, load_scenario(DUEL).data)
    if shootout is None or dual is None:
        return None
    data = mixed_group(rng, shootout, dual, "s", ("archers", "raiders"), 10)
    data["sides"] = {
        "archers": {"en": "Archers", "ja": "弓兵"},
        "raiders": dual.data["sides"]["raiders"],
    }
    scenario = parse_scenario(data, "random_dual_shooting_group.yaml")
    return scenario if GURPS_FAST.accepts(scenario) is None else None


def test_random_groups_with_two_weapons_and_shooters_play_exactly_the_engines_battles() -> None:
    """Random groups of fighters with two weapons in hand and shooters
    (`random_dual_shooting_group`), 40 battles each: every battle the kernel plays to the
    end is the engine's with the same dice. (These found that the AI's Step back, with a
    weapon longer than a foe's - a shooter's fists -, turns a Dual-Weapon Attack it chose
    into the plain Attack with the Step back: `ai._with_step_back`; the tables do as it
    does.)"""
    rng = random.Random(20261206)
    assert check_random_groups(lambda: random_dual_shooting_group(rng)) >= 300


def test_the_step_back_takes_the_place_of_a_dual_weapon_attack() -> None:
    """`GurpsAI._with_step_back`: with a weapon longer than every one of the foe's (an archer
    with only its bow and fists), the AI strikes and Steps back out of reach - even when a
    Dual-Weapon Attack is the blow it values most: it takes the plain Attack's Step back variant
    instead (the random groups with shooters found it). In total darkness read as a penalty only
    (`total_darkness=penalty`: -10) the axe's blow hits on a critical success only, so two blows
    at -4 are worth more than one. The tables do as the AI does: a yard from the archer, the
    axe's blow and the Step back, never both hands."""
    from senjo.engine.decision import Decision
    from senjo.sim.fast_gurps.constructed import _decision_battle, _state
    from senjo.sim.fast_gurps.layout import BACK, READY
    from senjo.systems.gurps.ai import GurpsAI
    from senjo.systems.gurps.maneuvers import maneuver_options
    from senjo.systems.gurps.system import initiative_order

    data = copy.deepcopy(load_scenario(DUEL).data)
    archer, fighter = data["combatants"]
    archer.update(weapons=["regular_bow"], skills={"Bow": 17}, st=9, dx=9, ht=14, hp=11)
    archer.update(size_modifier=1, dr={"torso": 4}, advantages=[{"enhanced_dodge": 1}])
    archer.pop("shield", None)
    fighter.update(weapons=["axe", "large_knife"], ready=["axe", "large_knife", "punch"])
    fighter.update(st=14, dx=14, ht=12, dr={"all": 6}, advantages=[])
    fighter.pop("shield", None)
    fighter["skills"] = {"Axe/Mace": 13, "Knife": 14, "Brawling": 15}
    fighter["position"] = [3, 0]
    data["options"] = {
        "darkness": "10",
        "total_darkness": "penalty",
        "random_hit_locations": "on",
    }
    scenario = parse_scenario(data, "step_back.yaml")
    assert GURPS_FAST.accepts(scenario) is None
    order = initiative_order(scenario.fighters, {})
    state = _state(scenario, order, 1.0)
    ai = GurpsAI()
    options = maneuver_options(state, "raider")
    attacks = [o for o in options if o.maneuver == "attack" and o.weapon]
    values = {o: ai._attack_value(state, "raider", o, {}) for o in attacks}
    assert max(attacks, key=values.__getitem__).variant == "dual"
    chosen = ai.choose(_decision_battle(state), Decision("raider", "maneuver", options))
    assert (chosen.variant, chosen.weapon) == ("step_back", "axe")
    tables = build_tables(scenario)
    raider = next(f for f in tables.fighters if f.key == "raider")
    axe = next(i for i, m in enumerate(raider.modes) if (m.weapon, m.name) == ("axe", "swing"))
    assert set(raider.choose[READY, READY, 1, 0].tolist()) == {BACK + axe}
