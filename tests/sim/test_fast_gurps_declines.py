"""What the GURPS fast path declines, each with its reason in English and Japanese: the
scenarios, traits and options it does not model (so `senjo sim` plays them on the engine)."""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

import pytest

from senjo.scenario import load_scenario, parse_scenario
from senjo.sim.declines import in_lang
from senjo.sim.fast_gurps import GURPS_FAST
from senjo.sim.fast_gurps.accept import (
    DECLINED_ADVANTAGES,
    MODELLED_ADVANTAGES,
    MODELLED_OPTIONS,
    fighter_reason,
)
from senjo.systems.gurps.model import ADVANTAGES
from senjo.systems.gurps.system import Gurps

from .gurps_duels import (
    DUEL,
    EXAMPLES,
)

# --- what it declines -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("file", "reason", "japanese"),
    [
        (
            "corridor.yaml",
            "the scenario has a map (the GURPS fast path plays without one)",
            "マップのあるシナリオ（GURPSの高速経路はマップなしで戦う）",
        ),
    ],
)
def test_declines_with_its_reason(file: str, reason: str, japanese: str) -> None:
    """A map: declined, the reason in one line, in English and Japanese (a shield against
    shots: test_fast_gurps_mixed.py; groups: test_fast_gurps_group.py)."""
    declined = GURPS_FAST.accepts(load_scenario(EXAMPLES / file))
    assert declined == reason
    assert declined is not None and in_lang(declined, "ja") == japanese


#: A weapon made only to be thrown (a spear, which is also a melee weapon, is kept in hand:
#: test_fast_gurps_random.py's spear duels).
JAVELIN: dict[str, Any] = {
    "key": "javelin",
    "name": {"en": "Javelin", "ja": "投げ槍"},
    "weight": 2,
    "modes": [
        {
            "name": "throw",
            "skill": "Thrown Weapon (Spear)",
            "damage": "thr+1 imp",
            "min_st": 6,
            "ranged": {"acc": 3, "half_damage": "x1.5", "max_range": "x2.5", "thrown": True},
        }
    ],
}


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda d: d["combatants"][0]["weapons"].append(JAVELIN), "ranged weapon (javelin)"),
        (
            lambda d: d["combatants"][1].update(
                weapons=["axe", "club", "large_knife"], ready=["axe", "club", "large_knife"]
            ),
            "more than two weapons ready",
        ),
        (
            lambda d: d["combatants"][1].update(
                weapons=["axe", "club", "large_knife"], ready=["axe", "club"]
            ),
            "a spare besides its two weapons ready",
        ),
        (
            lambda d: d["combatants"][1].update(weapons=["axe", "spear"], ready=["axe", "spear"]),
            "two weapons ready, one of them ranged (spear)",
        ),
        (lambda d: d["combatants"][1].update(controller="random"), "random controller"),
    ],
)
def test_declines_what_it_does_not_model(change: Any, reason: str) -> None:
    """A thrown weapon, a third weapon in hand, a spare beside two, a spear beside another
    weapon (the AI might throw it) or a random player it does not model: declined."""
    data = copy.deepcopy(load_scenario(DUEL).data)
    change(data)
    found = GURPS_FAST.accepts(parse_scenario(data, "changed.yaml"))
    assert found is not None and reason in found
    assert in_lang(found, "ja") != found  # a Japanese twin
    assert GURPS_FAST.accepts(load_scenario(DUEL)) is None


def test_every_known_trait_is_modelled_and_a_new_one_would_be_declined() -> None:
    """Each trait a scenario may give is modelled, but Blindness, declined with its own
    reason (a blind defender's Hearing roll, interpretation 78); one added later without a
    model is declined by name (the guard in `accept.py`)."""
    assert ADVANTAGES - DECLINED_ADVANTAGES <= MODELLED_ADVANTAGES
    assert DECLINED_ADVANTAGES <= ADVANTAGES
    knight = load_scenario(DUEL).fighters[0]
    blind = fighter_reason(dataclasses.replace(knight, advantages=frozenset({"blindness"})))
    assert blind is not None and "blind" in blind and in_lang(blind, "ja") != blind
    newcomer = dataclasses.replace(knight, advantages=knight.advantages | {"luck"})
    reason = fighter_reason(newcomer)
    assert reason is not None and "(luck)" in reason and in_lang(reason, "ja") != reason


def test_every_option_is_modelled_and_a_new_one_would_be_declined() -> None:
    """Each GURPS option, at any value, is modelled (darkness the last to come in); one added
    later without a model is declined by name (the guard in `accept.py`)."""
    assert {option.name for option in Gurps.options} <= MODELLED_OPTIONS
    duel = load_scenario(DUEL)
    newcomer = dataclasses.replace(duel, options={"fog": "on"})
    reason = GURPS_FAST.accepts(newcomer)
    assert reason is not None and "fog=on" in reason and in_lang(reason, "ja") != reason


def test_extra_effort_is_declined_on_and_accepted_off() -> None:
    """Option `extra_effort`: off changes nothing; on, the AI spends FP on Feverish Defense
    (B357), which the fast path does not play."""
    duel = load_scenario(DUEL)
    assert GURPS_FAST.accepts(dataclasses.replace(duel, options={"extra_effort": "off"})) is None
    reason = GURPS_FAST.accepts(dataclasses.replace(duel, options={"extra_effort": "on"}))
    assert reason is not None and "extra_effort=on" in reason


def test_total_darkness_is_declined_read_as_blindness() -> None:
    """Option `total_darkness`: at `darkness` 10 read as everyone blind (`blind`, the
    default) it brings Hearing rolls and unaimed blows the model does not play - declined,
    in both languages; as the -10 alone (`penalty`), or short of total darkness, accepted."""
    duel = load_scenario(DUEL)
    dark = dataclasses.replace(duel, options={"darkness": "10"})
    reason = GURPS_FAST.accepts(dark)
    assert reason is not None and "total_darkness=blind" in reason
    assert "完全な暗闇" in in_lang(reason, "ja")
    lit = {"darkness": "10", "total_darkness": "penalty"}
    assert GURPS_FAST.accepts(dataclasses.replace(duel, options=lit)) is None
    assert GURPS_FAST.accepts(dataclasses.replace(duel, options={"darkness": "9"})) is None
