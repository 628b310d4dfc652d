"""The GURPS fast path follows a strained shoulder (B556, critical miss 15; interpretation
77 of docs/rules/gurps.md): the weapon arm can neither attack nor defend, its weapon
stays in the hand, unready, and cannot be readied there. The model's weapon state LAME;
its tables come from the engine's own functions on a state where the fighter's main arm
is strained so (`constructed._set_hands`). The defenses open in each state of the hands
are the engine's too (`defense_tables.open_slots`): a bare-handed parry needs an empty
hand (B376)."""

from __future__ import annotations

import copy
from typing import Any

import numpy as np
import pytest

from senjo.scenario import Scenario, load_scenario, parse_scenario
from senjo.sim.declines import Reason
from senjo.sim.fast_gurps import batch, tables
from senjo.sim.fast_gurps.ai_tables import ai_tables
from senjo.sim.fast_gurps.group import build_group_tables
from senjo.sim.fast_gurps.layout import (
    CM_LAME,
    CM_STRAIN,
    DROPPED,
    LAME,
    M_AOD,
    MAIN_ARM,
    NO_LEGS,
    PICK_NONE,
    READY,
    W_CRIPPLED,
    Unsupported,
)
from senjo.sim.fast_gurps.tables import build_tables
from senjo.systems.gurps.events import ConditionChanged

from .gurps_duels import DUEL, KNIGHT_SLOTS, PLAYERS, followed_in_200, refuse_ai_tables


def clumsy() -> Scenario:
    """The example duel between fighters of skill 6: a critical miss on 16 or more (B348),
    so a strained shoulder (15 on B556's table) every few battles."""
    data: dict[str, Any] = copy.deepcopy(load_scenario(DUEL).data)
    knight, raider = data["combatants"]
    knight["skills"]["Broadsword"] = 6
    raider["skills"]["Axe/Mace"] = 6
    data["options"] = {"max_rounds": 60}
    return parse_scenario(data, "clumsy.yaml")


def test_the_lame_tables_come_from_the_engine() -> None:
    """In the example duel, its main arm strained: the knight (broadsword and shield) has
    no blow, blocks all-out when hurt, dodges or blocks (no hand is empty to parry with)
    and takes nothing up; the raider (axe, left hand empty) punches from a yard and
    parries with that hand. A weapon's critical miss leaves the state LAME (CM_STRAIN)."""
    duel = build_tables(load_scenario(DUEL))
    knight, raider = duel.fighters
    assert (knight.key, raider.key) == ("knight", "raider")
    assert knight.aod[LAME, READY] == M_AOD["increased_block"]
    assert set(knight.pickup[LAME, READY, :].tolist()) == {PICK_NONE}
    assert [(s.kind, s.weapon) for s in knight.slots] == KNIGHT_SLOTS
    assert knight.offered[LAME, READY].tolist() == [1, 0, 0, 1]
    assert knight.offered[READY, READY].tolist() == [1, 1, 0, 1]  # both hands full
    assert knight.offered[DROPPED, READY].tolist() == [1, 0, 1, 1]  # the sword dropped
    punch = next(i for i, m in enumerate(raider.modes) if m.weapon == "punch")
    close = raider.choose[LAME, READY, 1, 0]  # within a yard, no shock, any defense
    assert set(close.tolist()) <= {punch, -1} and punch in close
    assert raider.offered[LAME, READY].tolist() == [1, 0, 1]  # dodge, (axe), punch
    assert raider.aod[LAME, READY] == M_AOD["increased_parry"]
    strains = {int(code) for code in np.unique(knight.miss["code"])}
    assert CM_STRAIN in strains


def _strains(event: Any) -> bool:
    """Whether the event strains a shoulder."""
    return isinstance(event, ConditionChanged) and event.condition == "strained_shoulder"


@pytest.mark.parametrize("player", PLAYERS)
def test_battles_with_a_strained_shoulder_are_the_engines(player: Any) -> None:
    """In `clumsy` a shoulder is strained every few battles: the model follows those
    battles to the end (the weapon held but lame, the fighter on its fists or its shield),
    and each is the engine's battle with the same dice."""
    assert followed_in_200(clumsy(), player, "clumsy", _strains) >= 5


def test_a_lame_state_the_model_cannot_follow_leaves_the_strain_to_the_engine(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Where the AI's choices with the arm strained are ones the tables cannot hold, the
    duel is still modelled, without the state LAME: a strained shoulder then hands the
    battle to the engine (`W_CRIPPLED`), as any crippled arm does."""
    refuse_ai_tables(monkeypatch, "lames")
    scenario = clumsy()
    duel = tables._build(scenario)
    for fighter in duel.fighters:
        codes = set(np.unique(fighter.miss["code"]).tolist())
        assert CM_STRAIN not in codes and CM_LAME in codes
    result = batch.play_blocks(duel, 200, [np.random.Generator(np.random.PCG64(7))])
    assert (result.why[result.escaped] == W_CRIPPLED).sum() >= 5


def test_a_group_follows_a_strain_only_where_each_row_holds_the_state_lame(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """In a group a fighter has a row of tables against each foe; where one of its rows is
    built without the state LAME (here refused against one raider), a strained shoulder
    is the engine's to play whichever foe it strikes at - else the model would read that
    row at a state it does not hold. Crippled legs and weapon arms are the engine's in
    a group always."""
    data: dict[str, Any] = copy.deepcopy(clumsy().data)
    second = copy.deepcopy(data["combatants"][1])
    second.update(key="reaver", position=[5, 2])
    second["skills"]["Axe/Mace"] = 7
    data["combatants"].append(second)
    scenario = parse_scenario(data, "clumsy_group.yaml")

    def refusing(*args: Any, **kwargs: Any) -> Any:
        order, index = args[1], args[2]
        if kwargs.get("lames") and order[index] == "knight" and "reaver" in order:
            raise Unsupported(Reason("the AI strikes otherwise", "AIが別の行動をとる"))
        return ai_tables(*args, **kwargs)

    monkeypatch.setattr(tables, "ai_tables", refusing)
    group = build_group_tables(scenario)
    rows = group.tables.fighters
    slot = {key: i for i, key in enumerate(group.keys)}
    knight = [rows[r] for r in group.rows[slot["knight"]] if r >= 0]
    raiders = [rows[group.rows[slot[key], slot["knight"]]] for key in ("raider", "reaver")]
    assert len(knight) == 2 and not all(row.lames for row in knight)
    for row in knight:
        assert CM_STRAIN not in set(np.unique(row.miss["code"]).tolist())
    for row in raiders:
        assert row.lames and CM_STRAIN in set(np.unique(row.miss["code"]).tolist())
    for row in (*knight, *raiders):
        assert row.leg_shift == NO_LEGS and MAIN_ARM not in row.lame_part
