"""The GURPS fast path follows a crippled weapon arm (seed 000 負傷の影響; B420 by public
summaries; interpretation 77 of docs/rules/gurps.md): what the hand held falls and the
hand does nothing more. The model's weapon state MAIMED (the main weapon on the ground,
its arm of no use for good); its tables come from the engine's own functions on a state
where the fighter's main arm is crippled so (`constructed._set_weapon`)."""

from __future__ import annotations

import copy
from typing import Any

import numpy as np
import pytest

from senjo.scenario import Scenario, load_scenario, parse_scenario
from senjo.sim.fast_gurps import batch, tables
from senjo.sim.fast_gurps.layout import (
    DROPPED,
    LAME_ARM,
    LOC,
    M_AOD,
    MAIMED,
    MAIN_ARM,
    NO_ATTACK,
    OFF_ARM,
    OFF_LAME,
    PICK_CRIPPLED,
    PICK_NONE,
    PICK_WEAPON,
    READY,
    W_CRIPPLED,
)
from senjo.sim.fast_gurps.tables import build_tables
from senjo.systems.gurps.events import ConditionChanged

from .gurps_duels import (
    DUEL,
    KNIGHT_SLOTS,
    PLAYERS,
    followed_in_200,
    random_locations,
    refuse_ai_tables,
)


def fumbling() -> Scenario:
    """The example duel with a knight of Broadsword 7 and 16 HP: its sword falls often
    (a critical miss on 17 or more, B348), it parries the axe bare-handed, and a failed
    parry turned to its arm (B376) cripples that arm every few battles."""
    data: dict[str, Any] = copy.deepcopy(load_scenario(DUEL).data)
    knight = data["combatants"][0]
    knight["skills"]["Broadsword"] = 7
    knight["hp"] = 16
    return parse_scenario(data, "fumbling.yaml")


def test_the_maimed_tables_come_from_the_engine() -> None:
    """In the example duel, its sword arm crippled: the knight (shield still ready) has no
    blow, blocks all-out when hurt, dodges or blocks (its right hand parries nothing) and
    takes nothing up - its shield dropped, it would pick the sword up into the shield
    hand, which the model leaves to the engine. The arm and the hand are the main arm's
    parts, the left arm the off arm's; an eye's crippling is not followed."""
    duel = build_tables(load_scenario(DUEL))
    knight = duel.fighters[0]
    assert knight.key == "knight"
    assert set(knight.cache_mode[MAIMED, READY].ravel().tolist()) == {NO_ATTACK}
    assert set(knight.pickup[MAIMED, READY, :].tolist()) == {PICK_NONE}
    assert set(knight.pickup[MAIMED, DROPPED, :].tolist()) == {PICK_CRIPPLED}
    assert knight.aod[MAIMED, READY] == M_AOD["increased_block"]
    assert [(s.kind, s.weapon) for s in knight.slots] == KNIGHT_SLOTS
    assert knight.offered[MAIMED, READY].tolist() == [1, 0, 0, 1]
    assert knight.offered[DROPPED, READY].tolist() == [1, 0, 1, 1]  # the hand sound
    assert knight.lame_part[LOC["right_arm"]] == knight.lame_part[LOC["hand"]] == MAIN_ARM
    assert knight.lame_part[LOC["left_arm"]] == OFF_ARM
    assert knight.lame_part[LOC["eye"]] == LAME_ARM


def test_the_tables_of_a_crippled_off_arm_come_from_the_engine() -> None:
    """Its shield arm crippled (the shield fallen for good, the hand state OFF_LAME), the
    knight strikes with its sword and parries with it, never blocks, and with the sword
    dropped picks it up again; both arms crippled, it dodges all-out when hurt. The
    raider (axe, an empty left hand) loses its bare-handed parry."""
    knight, raider = build_tables(load_scenario(DUEL)).fighters
    sword = next(i for i, m in enumerate(knight.modes) if m.weapon == "broadsword")
    assert sword in knight.choose[READY, OFF_LAME, 1, 0].tolist()
    assert knight.offered[READY, OFF_LAME].tolist() == [1, 1, 0, 0]
    assert knight.offered[MAIMED, OFF_LAME].tolist() == [1, 0, 0, 0]
    assert set(knight.pickup[DROPPED, OFF_LAME, :].tolist()) == {PICK_WEAPON}
    assert knight.aod[MAIMED, OFF_LAME] == M_AOD["increased_dodge"]
    assert [s.weapon for s in raider.slots] == ["", "axe", "punch"]
    assert raider.offered[DROPPED, READY].tolist() == [1, 0, 1]
    assert raider.offered[DROPPED, OFF_LAME].tolist() == [1, 0, 1]  # the right hand
    assert raider.offered[READY, OFF_LAME].tolist() == [1, 1, 0]


def _off_arm_crippled(event: Any) -> bool:
    """Whether the event cripples the off arm."""
    return (
        isinstance(event, ConditionChanged)
        and event.active
        and event.condition == "crippled_left_arm"
    )


@pytest.mark.parametrize("player", PLAYERS)
def test_battles_with_a_crippled_off_arm_are_the_engines(player: Any) -> None:
    """With random hit locations (B552) the raider's left arm is crippled every few
    battles: the model follows them to the end, each the engine's with the same dice."""
    assert followed_in_200(random_locations(), player, "random", _off_arm_crippled) >= 5


def _arm_crippled(event: Any) -> bool:
    """Whether the event cripples the main arm or hand."""
    return (
        isinstance(event, ConditionChanged)
        and event.active
        and event.condition in ("crippled_right_arm", "crippled_hand")
    )


@pytest.mark.parametrize("player", PLAYERS)
def test_battles_with_a_crippled_weapon_arm_are_the_engines(player: Any) -> None:
    """In `fumbling` the knight's sword arm is crippled every few battles: the model
    follows those battles to the end (the knight behind its shield), and each is the
    engine's battle with the same dice."""
    assert followed_in_200(fumbling(), player, "fumbling", _arm_crippled) >= 5


def test_a_maimed_state_the_model_cannot_follow_leaves_the_arm_to_the_engine(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Where the AI's choices with the arm crippled are ones the tables cannot hold, the
    duel is still modelled without the states LAME, MAIMED and OFF_LAME: a crippled arm
    then hands the battle to the engine (`W_CRIPPLED`)."""
    refuse_ai_tables(monkeypatch, "lames")
    scenario = fumbling()
    duel = tables._build(scenario)
    knight = duel.fighters[0]
    parts = ("right_arm", "hand", "left_arm")
    assert [knight.lame_part[LOC[part]] for part in parts] == [LAME_ARM] * 3
    result = batch.play_blocks(duel, 200, [np.random.Generator(np.random.PCG64(7))])
    assert (result.why[result.escaped] == W_CRIPPLED).sum() >= 5
