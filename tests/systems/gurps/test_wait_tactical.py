"""Wait in tactical combat (seed 001: 待機（Wait）, 待機による戦法) on a hex map.

A move goes hex by hex: each hex entered may meet a waiting foe's trigger; the
waiter may Step and attack, and the mover goes on if still standing.
"""

from __future__ import annotations

from typing import Any

from senjo.dice.roller import ScriptedDice
from senjo.engine.battle import Battle
from senjo.space.hexgrid import Facing, Hex
from senjo.space.hexmap import HexMap
from senjo.systems.gurps.events import AttackRolled, Moved
from senjo.systems.gurps.hexfield import HexField
from senjo.systems.gurps.state import GurpsState
from senjo.systems.gurps.system import Gurps

from .helpers import choose, events, fighter

SAFE = [3] * 40
SPEAR = {"st": 10, "dx": 12, "ht": 12, "skills": {"Spear": 14}, "weapons": ["spear"]}
AXE = {"skills": {"Axe/Mace": 12}, "weapons": ["axe"]}
WAIT_SPEAR = "wait/attack:spear/thrust_two_handed"


def _board(dice: list[int], **b: Any) -> Battle[GurpsState]:
    """a (spear) at (4, 2) facing south; b (axe, Move 5) at (4, 9) facing north."""
    specs = [fighter("a", "x", 0, **SPEAR), fighter("b", "y", 1, **{**AXE, **b})]
    state = Gurps.new_state([f for f, _ in specs], {f.key: p for f, p in specs})
    state.ground = HexField(HexMap.rectangle(12, 12))
    for key, place, facing in (("a", Hex(4, 2), Facing.S), ("b", Hex(4, 9), Facing.N)):
        state.status[key].hex, state.status[key].facing = place, facing
    return Battle(Gurps(), state, ScriptedDice(dice))


def test_a_wait_interrupts_the_move_in_the_hex_where_it_triggers() -> None:
    """seed 001 (待機による戦法): the waiter attacks while the other is moving; the mover,
    still standing, goes on afterwards. The trigger comes in the hex where the spear
    reaches after the waiter's Step (3 hexes off); the waiter steps in and thrusts."""
    game = _board([6, 5, 5, *SAFE])  # a's thrust: 16, a miss
    choose(game, WAIT_SPEAR)
    choose(game, "move")
    choose(game, "4,4/N")
    assert game.pending is not None and game.pending.kind == "wait_trigger"
    assert game.state.status["b"].hex == Hex(4, 5)  # stopped 3 hexes from a
    choose(game, "act")
    choose(game, "torso")
    moves = [(m.actor, m.yards) for m in events(game, Moved)]
    assert moves == [("b", 4.0), ("a", 1.0), ("b", 1.0)]
    assert events(game, AttackRolled)[0].attacker == "a"
    assert game.state.status["a"].hex == Hex(4, 3)
    assert game.state.status["b"].hex == Hex(4, 4) and game.state.status["b"].moved == 5.0


def test_holding_lets_the_trigger_come_again_in_the_next_hex() -> None:
    """seed 001: the trigger is met in every hex entered while it holds, so a waiter
    that holds at the edge of its Step can strike from where it stands a hex later."""
    game = _board([6, 5, 5, *SAFE])
    choose(game, WAIT_SPEAR)
    choose(game, "move")
    choose(game, "4,4/N")
    choose(game, "hold")
    assert game.pending is not None and game.pending.kind == "wait_trigger"
    assert game.state.status["b"].hex == Hex(4, 4)
    choose(game, "act")
    choose(game, "torso")
    assert game.state.status["a"].hex == Hex(4, 2)  # no Step needed at 2 hexes
    assert [m.yards for m in events(game, Moved)] == [4.0, 1.0]


def test_a_mover_knocked_down_on_the_way_stops_there() -> None:
    """seed 001 (待機による戦法): the mover goes on only if still standing. A major wound
    and a failed knockdown roll leave b lying in the hex where it was struck."""
    game = _board(
        # a hits (12); b's dodge fails (16); 1d+3 imp (6 +2 stop thrust for 4 hexes moved):
        # 11 x2 = 22 injury, a major wound; b's HT 10 knockdown roll fails (17).
        [4, 4, 4, 6, 6, 4, 6, 6, 6, 5, *SAFE],
    )
    choose(game, WAIT_SPEAR)
    choose(game, "move")
    choose(game, "4,4/N")
    choose(game, "act")
    choose(game, "torso")
    choose(game, "dodge")
    status = game.state.status["b"]
    assert status.posture != "standing"
    assert status.hex == Hex(4, 5)
    assert [m.yards for m in events(game, Moved) if m.actor == "b"] == [4.0]
