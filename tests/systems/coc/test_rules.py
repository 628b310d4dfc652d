"""Options: every house rule of seed 004 is a named option following the master `house`."""

from __future__ import annotations

import pytest

from senjo.engine.battle import RuleOptionError
from senjo.systems import find_rule_system
from senjo.systems.coc.rules import HOUSE_RULES, Rules
from senjo.systems.coc.system import Coc

HOUSE = [name for name, _, _ in HOUSE_RULES]


def test_coc_is_registered() -> None:
    """`find_rule_system("coc")` is the CoC rule system."""
    assert find_rule_system("coc") is Coc


def test_every_house_rule_is_an_option_with_help_in_both_languages() -> None:
    """Seed 004: each house rule is a named option (on, off, default) with ja/en help."""
    options = {option.name: option for option in Coc.options}
    assert set(HOUSE) <= set(options)
    for name in HOUSE:
        assert options[name].values == ("default", "on", "off")
        assert options[name].help_en and options[name].help_ja
    assert len(HOUSE) == 15


@pytest.mark.parametrize("name", HOUSE)
def test_house_rule_follows_the_master_switch(name: str) -> None:
    """A house_* option at default follows `house`; on or off overrides it."""
    field = name.removeprefix("house_")
    assert getattr(Rules.from_settings({}), field) is True
    assert getattr(Rules.from_settings({"house": "off"}), field) is False
    assert getattr(Rules.from_settings({"house": "off", name: "on"}), field) is True
    assert getattr(Rules.from_settings({name: "off"}), field) is False


def test_base_choices_have_defaults() -> None:
    """The base game's table choices: CCB, shock on current HP, dying a round, D100 ties."""
    rules = Rules.from_settings(Coc.resolve_options({}))
    assert (rules.ccb, rules.shock_max, rules.die_at_once, rules.dex_tie_d100) == (
        True,
        False,
        False,
        True,
    )
    assert (rules.firearms_first, rules.dodge_firearms, rules.max_rounds) == (False, False, 30)


def test_unknown_option_names_the_known_ones() -> None:
    """An unknown option is refused with the list of known ones."""
    with pytest.raises(RuleOptionError, match="known options: critical_rule, "):
        Coc({"nope": "on"})


def test_bad_value_is_refused() -> None:
    """A house option takes default, on or off."""
    with pytest.raises(RuleOptionError, match="house_aim takes default, on, off"):
        Coc({"house_aim": "maybe"})
