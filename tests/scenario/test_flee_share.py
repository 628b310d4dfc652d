"""`flee_at` as a share of full HP ("50%"), senjo's morale rule (docs/rules/gurps.md,
interpretation 50; docs/rules/coc.md, "Fleeing"): the share becomes the whole number of HP
at or below which the combatant may flee, so the rules and both fast paths see one number."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
import yaml

from senjo.scenario import ScenarioError, parse_scenario

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _load(system: str, name: str) -> dict[str, Any]:
    data = yaml.safe_load((EXAMPLES / system / name).read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return copy.deepcopy(data)


def _gurps(**fields: Any) -> dict[str, Any]:
    data = _load("gurps", "duel.yaml")
    data["combatants"][0].update(fields)
    return data


def _coc(**fields: Any) -> dict[str, Any]:
    data = _load("coc", "duel.yaml")
    data["combatants"][0].update(fields)
    return data


@pytest.mark.parametrize(
    ("hp", "share", "threshold"),
    [(12, "50%", 6), (11, "50%", 5), (11, "100%", 11), (10, "0%", 0), (15, "33%", 4)],
)
def test_a_gurps_share_is_the_hp_at_or_below_it(hp: int, share: str, threshold: int) -> None:
    """HP at or below p% of full HP: for whole HP, at or below floor(HP x p / 100)."""
    scenario = parse_scenario(_gurps(hp=hp, flee_at=share), "test.yaml")
    assert scenario.fighters[0].flee_at == threshold
    assert scenario.fighters[1].flee_at is None


def test_a_coc_share_is_taken_of_its_hit_points() -> None:
    """A CoC combatant's share is of its hit points, given or worked out from CON and SIZ."""
    given = parse_scenario(_coc(hp=13, flee_at="50%"), "test.yaml").fighters[0]
    assert (given.hp, given.flee_at) == (13, 6)
    derived = parse_scenario(_coc(flee_at="40%"), "test.yaml").fighters[0]
    assert derived.flee_at == derived.hp * 40 // 100


def test_a_number_of_hp_is_kept_as_it_is() -> None:
    """The whole-number form is unchanged, negative numbers included."""
    assert parse_scenario(_gurps(flee_at=-3), "test.yaml").fighters[0].flee_at == -3
    assert parse_scenario(_coc(flee_at=4), "test.yaml").fighters[0].flee_at == 4


@pytest.mark.parametrize("value", ["half", "150%", "50", "-10%", "5.5%", True, 2.5])
@pytest.mark.parametrize("system", ["gurps", "coc"])
def test_a_bad_flee_at_names_the_field_and_the_forms(system: str, value: Any) -> None:
    """Anything else is one error naming the field and both allowed forms, in either
    language."""
    data = _gurps(flee_at=value) if system == "gurps" else _coc(flee_at=value)
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(data, "test.yaml")
    assert caught.value.text("en") == (
        f"test.yaml: combatants[0].flee_at: {value!r} is not HP as a whole number, "
        "or a share of full HP from 0% to 100% such as 50%"
    )
    assert caught.value.text("ja") == (
        f"test.yaml: combatants[0].flee_at: {value!r} はHPではありません"
        "（整数か、50% のような最大HPの割合（0%〜100%））"
    )


def test_the_share_needs_no_quotes_in_yaml() -> None:
    """`flee_at: 50%` unquoted is text to YAML, so the file can say it plainly."""
    data = _gurps(**yaml.safe_load("flee_at: 50%"))
    assert parse_scenario(data, "test.yaml").fighters[0].flee_at == 6  # first fighter: ST 12, HP 12
