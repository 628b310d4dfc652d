"""Exact odds of a GURPS burst (B373-B375): hits by hand, injury against the engine by
enumeration, and `senjo odds gurps --rof`."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from senjo.dice.distribution import Distribution
from senjo.dice.systems.gurps import success_roll
from senjo.sim.odds import gurps_exchange
from senjo.sim.odds_rapid import burst_hits, gurps_burst
from tests.cli.helpers import assert_usage_error, json_output, output, run_senjo
from tests.sim.test_odds import WAYS, _engine_injury


def test_hand_worked_hits_of_a_two_shot_burst() -> None:
    """B373/B375 by hand: skill 10, RoF 2, Rcl 1 against a defense of 10. A roll of 3-4
    is critical: two hits, no defense (4 ways of 216); 5-9 hits twice (77 ways), which a
    defense of margin 0 (27 ways) cuts to one and of 1 or more (81 ways) stops; a 10
    hits once (27 ways), stopped by any success (108 ways)."""
    hits = burst_hits(10, 10, 2, 1)
    # A defense of 10 fails on 108 of 216 rolls.
    two = Fraction(4, 216) + Fraction(77, 216) * Fraction(108, 216)
    one = Fraction(77, 216) * Fraction(27, 216) + Fraction(27, 216) * Fraction(108, 216)
    assert hits.probability(2) == two == Fraction(85, 432)
    assert hits.probability(1) == one == Fraction(185, 1728)
    assert hits.probability(0) == 1 - two - one


def test_the_rapid_fire_bonus_is_added_to_the_skill() -> None:
    """B373: 5-8 shots +1, 9-12 +2, 4 or fewer nothing."""
    assert [gurps_burst(12, None, rof, 1, "1d", "pi").skill for rof in (4, 5, 8, 9, 12)] == [
        12,
        13,
        13,
        14,
        14,
    ]


def test_one_shot_is_the_plain_exchange() -> None:
    """RoF 1: one hit at most, and the injury per attack is `gurps_exchange`'s."""
    burst = gurps_burst(13, 10, 1, 2, "2d", "pi", dr=1, location="vitals")
    plain = gurps_exchange(13, 10, "2d", "pi", 1, "vitals")
    assert burst.injury_per_attack == plain.injury_per_attack
    assert burst.success == plain.success and burst.hits.max == 1


def test_without_the_table_the_mean_is_hits_times_one_hit() -> None:
    """Each hit rolls its own damage (B375): without the critical table, the mean injury
    of a burst is the mean hits landed times one hit's mean injury, exactly."""
    burst = gurps_burst(14, 11, 8, 2, "1d+2", "pi", dr=2, critical_table=False)
    assert burst.injury_per_attack.mean == burst.hits.mean * burst.exchange.normal_injury.mean


def test_a_burst_matches_the_engine_by_enumeration() -> None:
    """Every attack roll, defense roll, critical-table roll and damage die of a burst of
    3 (Rcl 1) at skill 11 against a defense of 9, 1d cut to the torso through DR 1: hits
    are 1 + margin // Rcl at most 3 (B373), a defense stops 1 + its margin (all on a
    critical success, B375), a critical hit is not defended and its one table roll holds
    for every hit; each hit's injury from the engine's `deal_damage`."""
    damage, location, dr = "1d cut", "torso", 1
    normal = [_engine_injury(damage, location, dr, None, (f,)) for f in range(1, 7)]
    critical = {
        roll: [_engine_injury(damage, location, dr, roll, (f,)) for f in range(1, 7)]
        for roll in WAYS
    }
    counts: Counter[int] = Counter()
    scale = 216 * 216  # every outcome weighed over 216 attack x 216 defense x 216 table rolls

    def add(per_hit: list[int], hits: int, ways: int) -> None:
        for faces in product(range(6), repeat=hits):
            counts[sum(per_hit[f] for f in faces)] += ways * 6 ** (3 - hits)

    for attack, attack_ways in WAYS.items():
        swing = success_roll(attack, 11)
        hits = min(3, 1 + max(swing.margin, 0)) if swing.success else 0
        if hits == 0:
            counts[0] += attack_ways * scale * 216
        elif swing.critical:
            for roll, roll_ways in WAYS.items():
                add(critical[roll], hits, attack_ways * roll_ways * 216)
        else:
            for guard, guard_ways in WAYS.items():
                parry = success_roll(guard, 9)
                stopped = 0
                if parry.success:
                    stopped = hits if parry.critical else min(hits, 1 + parry.margin)
                add(normal, hits - stopped, attack_ways * guard_ways * 216)
    burst = gurps_burst(11, 9, 3, 1, "1d", "cut", dr, location)
    assert burst.bonus == 0
    assert burst.injury_per_attack == Distribution(dict(counts))


def test_rejects_a_rof_out_of_range() -> None:
    with pytest.raises(ValueError, match="RoF must be 1 to 20, not 21"):
        gurps_burst(12, None, 21, 1)
    with pytest.raises(ValueError, match="Recoil"):
        gurps_burst(12, None, 3, 0)


# --- senjo odds gurps --rof -------------------------------------------------------------------


def test_the_cli_shows_the_burst_in_both_languages() -> None:
    """`--rof 8 --recoil 2`: the skill with its +1, the RoF line, the chance that at least
    one hit lands, the hits table; with --damage the injury of one hit and of the burst."""
    args = ("gurps", "--skill", "12", "--defense", "9", "--rof", "8", "--recoil", "2")
    burst = gurps_burst(12, 9, 8, 2, "2d", "pi", dr=2)
    en = output(run_senjo("odds", *args, "--damage", "2d pi", "--dr", "2", "--lang", "en"))
    lines = en.splitlines()
    assert lines[0] == "GURPS attack at skill 13 against defense 9"
    assert "rapid fire: RoF 8, Rcl 2, +1 to hit (in the skill above)" in lines
    assert f"at least one hit lands: {float(burst.success) * 100:.2f}% ({burst.success})" in lines
    assert lines[lines.index("hits  per attack") + 1].split() == [
        "0",
        f"{float(burst.hits.probability(0)) * 100:.2f}%",
    ]
    assert lines[-1].startswith(
        f"injury per attack: mean {float(burst.injury_per_attack.mean):.2f}"
    )
    ja = output(run_senjo("odds", *args, "--lang", "ja")).splitlines()
    assert "速射：連射8、反動2、命中+1（上の技能に含む）" in ja
    assert ja[-1].split() == ["平均", f"{float(burst.hits.mean):.2f}"]


def test_the_cli_json_has_the_burst() -> None:
    """`--json`: RoF, Rcl, the bonus, the hits and the burst's injury per attack."""
    args = ("gurps", "--skill", "12", "--rof", "5", "--damage", "1d+1 pi", "--json")
    found = json_output(run_senjo("odds", *args))
    burst = gurps_burst(12, None, 5, 1, "1d+1", "pi")
    assert (found["skill"], found["rof"], found["recoil"], found["rapid_fire_bonus"]) == (
        13,
        5,
        1,
        1,
    )
    assert found["success"] == float(burst.success)
    assert found["hits"] == {str(k): float(p) for k, p in burst.hits.probabilities().items()}
    assert found["damage"]["mean_injury_per_attack"] == float(burst.injury_per_attack.mean)


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (("--recoil", "2", "--lang", "en"), "--recoil needs --rof"),
        (("--rof", "0", "--lang", "en"), "--rof takes a whole number of 1 or more, not '0'"),
        (("--rof", "21", "--lang", "en"), "--rof takes at most 20"),
        (("--rof", "3", "--recoil", "0", "--lang", "ja"), "--recoil は1以上の整数です"),
    ],
)
def test_the_cli_rejects(args: tuple[str, ...], fragment: str) -> None:
    """A bad --rof or --recoil exits 2 with one line."""
    assert_usage_error(run_senjo("odds", "gurps", "--skill", "12", *args), fragment)
