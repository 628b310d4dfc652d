"""The CoC fast path: agreement with the engine, its building blocks, what it declines, splits.

Agreement (house rules on and off, fixed seeds): the engine path plays
ENGINE_BATTLES duels of examples/coc/duel.yaml and the fast path
FAST_BATTLES. For each side's win rate, the draw rate and each combatant's
share of battles still standing, the two 95% Wilson intervals must overlap
(the criterion the issue allows besides "inside the other's interval");
per-roll hit and defense rates must overlap at 99.9% (rolls within one
battle are not independent, hence the wider intervals); mean rounds and
mean injury dealt must lie within 4 standard errors of the difference.
"""

from __future__ import annotations

import copy
import itertools
import math
from collections import Counter
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from senjo.dice.roller import ScriptedDice
from senjo.dice.systems.coc import percentile_check, special_threshold
from senjo.engine.battle import Battle
from senjo.engine.decision import Decision
from senjo.scenario import Scenario, load_scenario, parse_scenario
from senjo.scenario.battle import build_battle
from senjo.sim.aggregate import CombatantTally, SimAggregate
from senjo.sim.declines import Reason, in_lang
from senjo.sim.fast_coc import CocFastPath
from senjo.sim.fast_coc import battles as fast_battles
from senjo.sim.fast_coc.approach import approach
from senjo.sim.fast_coc.battles import BLOCK, d100, percentile_success, sample_damage
from senjo.sim.fast_coc.tables import (
    DEFENSE_DODGE,
    DEFENSE_NONE,
    DEFENSE_PARRY,
    DuelModel,
    damage_distribution,
    duel_model,
)
from senjo.sim.fastpath import choose_path
from senjo.sim.runner import SimJob, play_battles, play_chunk
from senjo.sim.stats import Z95, wilson_interval
from senjo.systems.coc.ai import CocAI
from senjo.systems.coc.checks import roll_damage
from senjo.systems.coc.choices import ActionChoice, DefenseChoice
from senjo.systems.coc.defense import IncomingAttack, dodge_score, parry_score
from senjo.systems.coc.library import weapon
from senjo.systems.coc.model import DamageDice, damage_bonus
from senjo.systems.coc.state import CocState
from senjo.systems.coc.system import Coc

ROOT = Path(__file__).parents[2]
DUEL = ROOT / "examples" / "coc" / "duel.yaml"
ENGINE_BATTLES = 2_000
FAST_BATTLES = 40_000
Z999 = 3.290526731491926


def _duel(**options: str) -> Scenario:
    scenario = load_scenario(DUEL)
    data = copy.deepcopy(scenario.data)
    data.setdefault("options", {}).update(options)
    return parse_scenario(data, scenario.source)


def _changed(change: Any) -> Scenario:
    """The duel with its data changed by `change(data)`."""
    scenario = load_scenario(DUEL)
    data = copy.deepcopy(scenario.data)
    change(data)
    return parse_scenario(data, scenario.source)


def _model(scenario: Scenario) -> DuelModel:
    model = duel_model(scenario)
    assert not isinstance(model, str), model
    return model


def _mean(counts: Counter[int]) -> tuple[float, float]:
    """Mean and variance of a value -> count table."""
    n = sum(counts.values())
    mean = sum(v * k for v, k in counts.items()) / n
    variance = sum(k * (v - mean) ** 2 for v, k in counts.items()) / max(1, n - 1)
    return mean, variance


def _close_means(a: Counter[int], b: Counter[int], what: str) -> None:
    (mean_a, var_a), (mean_b, var_b) = _mean(a), _mean(b)
    error = math.sqrt(var_a / sum(a.values()) + var_b / sum(b.values()))
    assert abs(mean_a - mean_b) <= 4 * error, (what, mean_a, mean_b, error)


def _overlap(a: tuple[int, int], b: tuple[int, int], z: float, what: str) -> None:
    """The Wilson intervals of a successes / trials and b successes / trials overlap."""
    low_a, high_a = wilson_interval(*a, z)
    low_b, high_b = wilson_interval(*b, z)
    assert low_a <= high_b and low_b <= high_a, (what, a[0] / a[1], b[0] / b[1])


# -- agreement with the engine --------------------------------------------------------------


@pytest.mark.parametrize(("house", "engine_seed", "fast_seed"), [("on", 41, 42), ("off", 43, 44)])
def test_fast_path_agrees_with_the_engine(house: str, engine_seed: int, fast_seed: int) -> None:
    """Win and draw rates, hit and defense rates, rounds and injury agree (criteria above)."""
    scenario = _duel(house=house)
    engine = play_battles(scenario, engine_seed, 0, ENGINE_BATTLES)
    fast = CocFastPath().run(scenario, fast_seed, 0, FAST_BATTLES)
    assert fast.n == FAST_BATTLES and engine.n == ENGINE_BATTLES
    for side in ("investigators", "cult"):
        _overlap((engine.wins[side], engine.n), (fast.wins[side], fast.n), Z95, side)
    draws = (sum(engine.draws.values()), engine.n), (sum(fast.draws.values()), fast.n)
    _overlap(*draws, Z95, "draws")
    assert set(fast.draws) <= {"round_limit"} and set(engine.draws) <= {"round_limit"}
    _close_means(engine.rounds, fast.rounds, "rounds")
    for key in ("detective", "cultist"):
        mine, theirs = fast.combatants[key], engine.combatants[key]
        _overlap((theirs.hits, theirs.attacks), (mine.hits, mine.attacks), Z999, f"{key} hits")
        _overlap(
            (theirs.defended, theirs.defenses), (mine.defended, mine.defenses), Z999, f"{key} def"
        )
        _close_means(theirs.dealt, mine.dealt, f"{key} dealt")
        standing = (theirs.standing, engine.n), (mine.standing, fast.n)
        _overlap(*standing, Z95, f"{key} stands")


def test_flights_agree_with_the_engine() -> None:
    """With `flee_at` on both (senjo's morale rule), each side's wins by the foe's flight and
    each combatant's flights agree with the engine's, and every flight is the foe's win."""
    scenario = _changed(
        lambda data: [
            data["combatants"][0].update(flee_at=5),
            data["combatants"][1].update(flee_at=8),
        ]
    )
    engine = play_battles(scenario, 45, 0, ENGINE_BATTLES)
    fast = CocFastPath().run(scenario, 46, 0, FAST_BATTLES)
    for side, fled in (("investigators", "cultist"), ("cult", "detective")):
        assert engine.routs[side] == engine.combatants[fled].fled
        assert fast.routs[side] == fast.combatants[fled].fled > 0
        _overlap((engine.routs[side], engine.n), (fast.routs[side], fast.n), Z95, side)
        _overlap((engine.wins[side], engine.n), (fast.wins[side], fast.n), Z95, side)
    for key in ("detective", "cultist"):
        standing = (
            (engine.combatants[key].standing, engine.n),
            (fast.combatants[key].standing, fast.n),
        )
        _overlap(*standing, Z95, f"{key} stands")


def test_equal_dex_tie_roll_agrees_with_the_engine() -> None:
    """With equal DEX the 1D100 tie roll decides who acts first; the win rates still agree."""

    def same_dex(data: dict[str, Any]) -> None:
        data["combatants"][0]["characteristics"]["DEX"] = 14
        data.setdefault("options", {})["house"] = "off"

    scenario = _changed(same_dex)
    assert _model(scenario).first == -1
    engine = play_battles(scenario, 45, 0, 1_500)
    fast = CocFastPath().run(scenario, 46, 0, FAST_BATTLES)
    for side in ("investigators", "cult"):
        _overlap((engine.wins[side], engine.n), (fast.wins[side], fast.n), Z95, side)
    _close_means(engine.rounds, fast.rounds, "rounds")


# -- the approach ---------------------------------------------------------------------------


_DETECTIVE = {
    "STR": 14,
    "CON": 13,
    "SIZ": 14,
    "DEX": 11,
    "INT": 13,
    "POW": 11,
    "APP": 10,
    "EDU": 13,
}


def _cultist_at(metres: float, **detective: Any) -> Scenario:
    def change(data: dict[str, Any]) -> None:
        data["combatants"][1]["position"] = [metres, 0]
        data["combatants"][0].update(detective)

    return _changed(change)


def test_the_approach_ends_at_the_first_turn_in_reach() -> None:
    """In reach: round 1, the first turn, after the declarations. Apart, the engine's AI
    closes in (8 m a turn, MOV 8) and the dice begin at the first turn in melee reach:
    9 m apart the cultist (DEX 14, first) closes, and the detective acts first in reach
    (round 1, second turn); 25 m apart both close in round 1, the cultist arrives in round 2
    and the detective acts (round 2, second turn), where they then stand."""
    near = approach(load_scenario(DUEL), [])
    assert not isinstance(near, Reason)
    assert (near.round, near.position, near.attacked) == (1, 0, (False, False))
    one = approach(_cultist_at(9), [])
    assert not isinstance(one, Reason)
    assert (one.round, one.position) == (1, 1)
    two = approach(_cultist_at(25), [])
    assert not isinstance(two, Reason)
    assert (two.round, two.position) == (2, 1)
    assert two.places["detective"].distance(two.places["cultist"]) <= 2
    assert _model(_cultist_at(25)).starts == (two, two)


def test_a_tie_roll_decides_the_approach() -> None:
    """Equal DEX: the 1D100 tie rolls come first, so each order has its own approach; without
    them the engine would roll before the duellists meet."""
    scenario = _cultist_at(9, characteristics={**_DETECTIVE, "DEX": 14})
    model = _model(scenario)
    assert model.first == -1
    detective_first, cultist_first = model.starts
    assert (detective_first.round, detective_first.position) == (1, 1)
    assert (cultist_first.round, cultist_first.position) == (1, 1)
    assert detective_first.places != cultist_first.places  # who closed differs
    rolled = approach(scenario, [])
    assert isinstance(rolled, Reason) and "dice are rolled before the duellists meet" in rolled


def test_duellists_who_never_meet_draw_at_the_round_limit() -> None:
    """300 m apart with a limit of 5 rounds: no die is ever rolled, every battle a draw."""
    scenario = _cultist_at(300)
    data = copy.deepcopy(scenario.data)
    data["options"] = {"max_rounds": "5"}
    limited = parse_scenario(data, "far.yaml")
    assert _model(limited).starts[0].round == 6
    result = CocFastPath().run(limited, 3, 0, 500)
    assert result.n == 500 and result.draws == Counter({"round_limit": 500})
    assert Counter(result.rounds) == Counter({5: 500})
    engine = play_battles(limited, 3, 0, 20)
    assert engine.draws == Counter({"round_limit": 20})


# -- building blocks -----------------------------------------------------------------------


def test_percentile_judgement_is_the_engines_for_every_roll() -> None:
    """The vectorised success and special judgement equal `percentile_check` for rolls 1-100."""
    rolls = np.arange(1, 101, dtype=np.int64)
    for value in (0, 1, 4, 5, 30, 55, 60, 99, 100, 140):
        expected = [percentile_check(int(r), value, True) for r in rolls]
        assert percentile_success(rolls, value).tolist() == [e.success for e in expected]
        special = (rolls <= special_threshold(value)) & percentile_success(rolls, value)
        assert special.tolist() == [e.special for e in expected]


def test_d100_rolls_follow_the_exact_distribution() -> None:
    """At a fixed seed every face of 1D100 comes up 1% of the time (within 5 standard errors),
    and a check against 55 succeeds 55% of the time (within 4)."""
    rng = np.random.Generator(np.random.PCG64(2024))
    size = 400_000
    rolls = d100(rng, size)
    assert rolls.min() == 1 and rolls.max() == 100
    faces = np.bincount(rolls, minlength=101)[1:] / size
    assert np.all(np.abs(faces - 0.01) <= 5 * math.sqrt(0.01 * 0.99 / size))
    success = percentile_success(rolls, 55).mean()
    assert abs(success - 0.55) <= 4 * math.sqrt(0.55 * 0.45 / size)


def _enumerated(parts: list[tuple[DamageDice, bool]]) -> dict[int, Fraction]:
    """The distribution of `roll_damage` over every sequence of faces, one by one."""
    sides = [s for dice, _ in parts for count, s in dice.terms for _ in range(abs(count))]
    found: dict[int, Fraction] = {}
    weight = Fraction(1, math.prod(sides)) if sides else Fraction(1)
    for faces in itertools.product(*(range(1, s + 1) for s in sides)):
        # `roll_damage` needs only dice and a log: a battle that is not played.
        battle: Battle[Any] = Battle(Coc(), None, ScriptedDice(list(faces)), start=False)
        damage = roll_damage(battle, "a", "b", "w", parts)
        found[damage] = found.get(damage, Fraction(0)) + weight
    return found


@pytest.mark.parametrize("key", ["knife", "club", "fist", "kick", "rock", "revolver_38"])
@pytest.mark.parametrize("strength_plus_size", [10, 14, 20, 28, 36, 44])
@pytest.mark.parametrize("twice", [False, True])
def test_damage_tables_match_the_engines_roll(
    key: str, strength_plus_size: int, twice: bool
) -> None:
    """Exact damage distributions equal `checks.roll_damage` enumerated over every face
    (full, half and no db; the weapon dice once or twice)."""
    blow = weapon(key)
    db = damage_bonus(strength_plus_size)
    parts = [(blow.damage, False)] + ([(blow.damage, False)] if twice else [])
    if blow.db != "none":
        parts.append((db, blow.db == "half"))
    assert damage_distribution(blow, db, twice) == _enumerated(parts)


def test_sampled_damage_follows_the_tables() -> None:
    """Inverse-CDF samples of each damage row match its exact distribution (4 standard errors)."""
    side = _model(_duel()).sides[1]  # the cultist: knife (impaling), fist, kick
    rng = np.random.Generator(np.random.PCG64(7))
    size = 100_000
    knife = 1 + [w for w, _ in side.options].index("knife")
    for row in (2 * knife, 2 * knife + 1):
        exact = damage_distribution(weapon("knife"), damage_bonus(23), row % 2 == 1)
        samples = sample_damage(rng, side, np.full(size, row, dtype=np.int64))
        counts = Counter(samples.tolist())
        assert set(counts) <= set(exact)
        for value, chance in exact.items():
            p = float(chance)
            assert abs(counts[value] / size - p) <= 4 * math.sqrt(p * (1 - p) / size) + 1e-12


class _Checking:
    """The AI, checking before each of its choices that the lookup tables predict it."""

    def __init__(self, model: DuelModel, keys: tuple[str, str]) -> None:
        self.model = model
        self.keys = keys
        self.ai = CocAI()
        self.checked: Counter[str] = Counter()

    def choose(self, battle: Battle[Any], decision: Decision) -> Any:
        state: CocState = battle.state
        choice = self.ai.choose(battle, decision)
        c = self.keys.index(decision.actor)
        me, foe = state.status[self.keys[c]], state.status[self.keys[1 - c]]
        side = self.model.sides[c]
        if decision.kind == "declare":
            expected = side.declare[me.hp, foe.hp, int(foe.dodge_focus)]
            assert (choice.name == "dodge_focus") == expected
        elif decision.kind == "action":
            assert foe.dodges == foe.parries == 0 and not me.attacked
            code = side.action[
                me.hp,
                foe.hp,
                int(me.dodge_focus),
                int(me.gave_up_attack),
                int(foe.dodge_focus),
                int(foe.attacked),
            ]
            chosen: ActionChoice = choice
            if code == 0:
                assert chosen.action == "do_nothing"
            else:
                assert (chosen.weapon, chosen.variant) == side.options[code - 1]
        elif decision.kind == "defense":
            assert me.dodges == me.parries == 0
            incoming: IncomingAttack = decision.context
            attacker = self.model.sides[1 - c]
            option = 1 + [w for w, _ in attacker.options].index(incoming.weapon)
            where = (option, int(me.dodge_focus), int(me.attacked))
            answer: DefenseChoice = choice
            sheet = state.sheets[self.keys[c]]
            if answer.kind == "dodge":
                assert side.defense[where] == DEFENSE_DODGE
                assert side.defense_value[where] == dodge_score(state, sheet.key).value
            elif answer.kind == "parry":
                assert side.defense[where] == DEFENSE_PARRY
                parry = parry_score(state, sheet.key, sheet.weapon(answer.weapon))
                assert side.defense_value[where] == parry.value
            else:
                assert side.defense[where] == DEFENSE_NONE
        self.checked[decision.kind] += 1
        return choice


@pytest.mark.parametrize("house", ["on", "off"])
def test_ai_tables_give_the_ais_choices_in_engine_battles(house: str) -> None:
    """In 150 engine battles every declaration, action and defense the AI makes is the one the
    lookup tables hold for that state (and the states are the ones the tables cover)."""
    scenario = _duel(house=house)
    model = _model(scenario)
    keys = (model.sides[0].key, model.sides[1].key)
    checking = _Checking(model, keys)
    for seed in range(150):
        battle = build_battle(scenario, seed=seed)
        while (decision := battle.pending) is not None:
            if decision.kind == "taunt":
                battle.decide(CocAI().choose(battle, decision))
                continue
            battle.decide(checking.choose(battle, decision))
    assert checking.checked["action"] > 500 and checking.checked["defense"] > 200
    assert (checking.checked["declare"] > 500) == (house == "on")


def test_tables_hold_state_dependent_choices() -> None:
    """The tables are not constant: the detective swings knock-out blows at a hale cultist and
    plain ones at a weak one, and the cultist focuses on dodging when hurt (house rules)."""
    model = _model(_duel())
    detective, cultist = model.sides
    hale, weak = detective.action[14, 12, 0, 0, 0, 0], detective.action[14, 4, 0, 0, 0, 0]
    assert detective.options[hale - 1] == ("club", "knockout")
    assert detective.options[weak - 1] == ("club", "")
    assert detective.action[14, 12, 1, 0, 0, 0] == 0  # focused on dodging: no attack
    assert not cultist.declare[12, 14, 0] and cultist.declare[3, 14, 0]


# -- what it accepts and declines ----------------------------------------------------------


def test_accepts_the_duel_and_declines_the_other_examples() -> None:
    """The duel is accepted (auto picks the fast path); the crowded examples are declined."""
    path = CocFastPath()
    assert path.accepts(load_scenario(DUEL)) is None
    assert choose_path(load_scenario(DUEL), "auto") == "fast"
    cultists = load_scenario(ROOT / "examples" / "coc" / "cultists.yaml")
    deep_one = load_scenario(ROOT / "examples" / "coc" / "deep_one.yaml")
    assert path.accepts(cultists) == "5 combatants (it models duels of exactly two)"
    assert path.accepts(deep_one) == "3 combatants (it models duels of exactly two)"
    assert choose_path(cultists, "auto") == "engine"
    gurps = load_scenario(ROOT / "examples" / "gurps" / "duel.yaml")
    assert path.accepts(gurps) == "CoC duels only, not gurps"


def _first(**fields: Any) -> Any:
    def change(data: dict[str, Any]) -> None:
        data["combatants"][0].update(fields)

    return change


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (
            _first(unarmed=None, weapons=[], skills={"grapple": 90, "fist": 20, "dodge": 30}),
            "the AI would have detective grapple (tackle; not modelled)",
        ),
        (_first(weapons=["revolver_38"]), "detective's revolver_38 is a firearm weapon"),
        (_first(position=[-9, 0], flee_at=20), "the battle ends before the duellists meet"),
        (_first(controller="random"), "detective has a random controller"),
        (_first(hp=2), "detective starts with 2 HP"),
        (_first(weapons=["rock"]), "detective's rock is a thrown weapon"),
    ],
)
def test_declines_unmodelled_features(change: Any, reason: str) -> None:
    """Each unmodelled feature is declined with a reason naming it."""
    scenario = _changed(change)
    declined = CocFastPath().accepts(scenario)
    assert declined is not None and declined.startswith(reason), declined
    assert in_lang(declined, "ja") != declined  # a Japanese twin


# -- determinism and splits ----------------------------------------------------------------


def _fresh_run(scenario: Scenario, seed: int, start: int, stop: int) -> SimAggregate:
    fast_battles._BLOCKS.clear()  # no block shared with an earlier range
    return CocFastPath().run(scenario, seed, start, stop)


def test_results_do_not_depend_on_the_split() -> None:
    """Any split of 0..N (across block edges, one battle alone) adds up to the same counters."""
    scenario = _duel()
    n = BLOCK + 1_500
    whole = _fresh_run(scenario, 9, 0, n)
    merged = SimAggregate.empty()
    for start, stop in [(0, 1), (1, 1_000), (1_000, BLOCK + 7), (BLOCK + 7, n)]:
        merged.merge(_fresh_run(scenario, 9, start, stop))
    assert merged == whole and whole.n == n
    assert CocFastPath.block == BLOCK
    assert _fresh_run(scenario, 10, 0, n) != whole  # another seed, other battles
    assert _fresh_run(scenario, 9, 0, 0) == SimAggregate.empty()


def test_the_aggregate_has_the_engines_shape() -> None:
    """The same sides, combatants, reasons and value kinds as the engine's aggregate, through
    `play_chunk` with the path the CLI would choose."""
    scenario = load_scenario(DUEL)
    job = SimJob(scenario.data, scenario.source, 3, 300, choose_path(scenario, "auto"))
    fast = play_chunk(job, 0, 300)
    engine = play_battles(scenario, 3, 0, 60)
    assert list(fast.combatants) == list(engine.combatants) == ["detective", "cultist"]
    assert list(fast.survivors) == list(engine.survivors)
    assert set(fast.wins) == {"investigators", "cult"}
    for tally in fast.combatants.values():
        assert isinstance(tally, CombatantTally)
        for counts in (tally.dealt, tally.taken, tally.hp):
            assert all(type(value) is int and type(n) is int for value, n in counts.items())
        assert 0 < tally.hits <= tally.attacks and 0 < tally.defended <= tally.defenses
    assert sum(fast.rounds.values()) == fast.n == 300
    detective, cultist = fast.combatants.values()
    assert detective.dealt.total() == cultist.taken.total() == 300
    assert sum(v * k for v, k in detective.dealt.items()) == sum(
        v * k for v, k in cultist.taken.items()
    )
    assert sum(k for v, k in cultist.hp.items()) == 300
    assert all(v <= 12 for v in cultist.hp)
