"""Building small GURPS battles for rule tests, with scripted dice."""

from __future__ import annotations

from typing import Any

from senjo.dice.roller import ScriptedDice
from senjo.engine.battle import Battle
from senjo.engine.events import Event
from senjo.scenario.gurps import build_fighter
from senjo.space.hexgrid import Facing, Hex
from senjo.space.hexmap import HexMap
from senjo.space.plane import Point
from senjo.systems.gurps.field import Placement
from senjo.systems.gurps.hexfield import HexField
from senjo.systems.gurps.model import Fighter
from senjo.systems.gurps.state import GurpsState
from senjo.systems.gurps.system import Gurps

Spec = tuple[Fighter, Point | Placement]


def fighter(key: str, side: str, x: float = 0.0, **fields: Any) -> Spec:
    """A fighter from scenario-style fields (ST/DX/IQ/HT 10 unless given) at (x, 0)."""
    data: dict[str, Any] = {"key": key, "name": key, "side": side, "position": [x, 0]}
    data.update({"st": 10, "dx": 10, "iq": 10, "ht": 10})
    data.update(fields)
    built, _, point = build_fighter(data, "test", 0)
    return built, point


def battle(*specs: Spec, dice: list[int], **options: str) -> Battle[GurpsState]:
    """A GURPS battle between the fighters, drawing from `dice` in order."""
    fighters = [spec[0] for spec in specs]
    positions = {spec[0].key: spec[1] for spec in specs}
    return Battle(Gurps(options), Gurps.new_state(fighters, positions), ScriptedDice(dice))


def choose(game: Battle[GurpsState], key: str) -> None:
    """Make the pending decision by option key (fails listing the legal keys)."""
    assert game.pending is not None, "the battle is over"
    game.decide(game.pending.find(key))


#: A grappler (ST 13, Wrestling 14) and its victim (ST 12, HT 11) for the grip tests.
WRESTLER: dict[str, Any] = {"st": 13, "dx": 12, "ht": 12, "skills": {"Wrestling": 14}}
VICTIM: dict[str, Any] = {"st": 12, "dx": 10, "ht": 11, "skills": {"Brawling": 12}}


def gripped(plan: str, dice: list[int], **victim: Any) -> Battle[GurpsState]:
    """The wrestler a grabs the victim b (with `victim`'s fields) by `plan` - the dice
    must hit: 3, 3, 4 - b does not defend and does nothing: a's turn again."""
    game = battle(
        fighter("a", "x", 0, **WRESTLER), fighter("b", "y", 0, **{**VICTIM, **victim}), dice=dice
    )
    choose(game, "attack/grab:b")
    choose(game, plan)
    choose(game, "none")
    choose(game, "do_nothing")  # b
    assert game.pending is not None and game.pending.actor == "a"
    return game


def events(game: Battle[GurpsState], kind: type[Event]) -> list[Any]:
    """The logged events of one type, in order."""
    return [item for item in game.log if isinstance(item, kind)]


def count_searches(monkeypatch: Any) -> list[Any]:
    """Patch the hex map's movement search (`field_moves.search`) to note each search's
    start hex in the list returned (the sources only: `tests.sources.needs_sources`)."""
    from senjo.space import movement
    from senjo.systems.gurps import field_moves

    made: list[Any] = []
    real = movement.search

    def counted(hexmap: Any, start: Any, *args: Any, **kwargs: Any) -> Any:
        made.append(start)
        return real(hexmap, start, *args, **kwargs)

    monkeypatch.setattr(field_moves, "search", counted)
    return made


#: Dice to fill the rest of a script: each 3d6 from them is a 9.
SAFE = [3] * 40
SWORD = {"st": 12, "dx": 12, "ht": 12, "skills": {"Broadsword": 14}, "weapons": ["broadsword"]}
AXE = {"skills": {"Axe/Mace": 12}, "weapons": ["axe"]}


def on_map(
    dice: list[int],
    a: tuple[Hex, Facing],
    b: tuple[Hex, Facing],
    attacker: dict[str, object] | None = None,
    defender: dict[str, object] | None = None,
    grips: dict[str, int] | None = None,
) -> Battle[GurpsState]:
    """A battle on a 12x12 map, a and b placed before the first decision is made."""
    specs = [fighter("a", "x", 0, **(attacker or SWORD)), fighter("b", "y", 1, **(defender or AXE))]
    state = Gurps.new_state([f for f, _ in specs], {f.key: p for f, p in specs})
    state.ground = HexField(HexMap.rectangle(12, 12))
    for key, (place, facing) in (("a", a), ("b", b)):
        state.status[key].hex, state.status[key].facing = place, facing
    state.status["a"].grips.update(grips or {})
    return Battle(Gurps(), state, ScriptedDice(dice))
