"""Guns on the GURPS fast path (B373-B375): a burst's Rapid Fire bonus by the shots left,
and bursts followed hit by hit, each battle the engine's with the same dice. The guns'
scenarios are in `gurps_shootouts.py` (`bursts`, `dark_bursts`, `revolvers`, and
examples/gurps/gunfight.yaml), held to the engine with the other shootouts."""

from __future__ import annotations

import numpy as np
import pytest

from senjo.engine.controllers import run
from senjo.scenario.battle import build_battle, controllers_for
from senjo.sim.fast_gurps import compiled
from senjo.sim.fast_gurps.replay import StreamDice
from senjo.sim.fast_gurps.tables import build_tables
from senjo.systems.gurps.events import AttackRolled, DefenseRolled, ItemChanged

from .gurps_duels import check_block
from .gurps_shootouts import bursts

pytestmark = pytest.mark.skipif(
    not compiled.available(), reason="shootouts are played by the compiled duel (Numba)"
)


def test_a_bursts_tables_hold_the_rapid_fire_bonus_of_what_is_left() -> None:
    """B373: a burst fires RoF shots or what is left, +1 to hit for 5-8 shots, nothing for
    4 or fewer. The machine pistol (RoF 8, 20 shots) shoots at 20 yards, Aimed (Acc 2, +2),
    at Guns 14 - 6 + 4 + 1 from a full load; with 4 or fewer left it loses that +1. The
    pistol (RoF 1, 6 shots) has no bonus at any load."""
    gunner, pistol = build_tables(bursts()).fighters
    assert (gunner.shots, gunner.rof, gunner.recoil) == (20, 8, 2)
    assert gunner.modes[gunner.ranged].skill == 14 - 6 + 2 + 2 + 1
    assert gunner.rapid_bonus.tolist() == [0, -1, -1, -1, -1] + [0] * 16
    assert (pistol.shots, pistol.rof) == (6, 1)
    assert pistol.modes[pistol.ranged].skill == 15 - 6 + 2 + 2
    assert pistol.rapid_bonus.tolist() == [0] * 7


def test_bursts_are_followed_hit_by_hit() -> None:
    """The battles of bursts.yaml the kernel finishes (each the engine's with the same
    dice, `check_block`) hold every part of B373-B375: bursts that hit more than once, a
    dodge that stops more than one hit, the last 4 shots of a load fired as one burst, a
    critical hit's several hits, and reloads."""
    scenario = bursts()
    result = check_block(scenario, compiled.play_blocks, 200, "bursts")
    assert int((~result.escaped).sum()) >= 190
    seen: set[str] = set()
    for i in np.nonzero(~result.escaped)[0][:120]:
        battle = build_battle(scenario, dice=StreamDice(result.row(int(i)), 1))
        run(battle, controllers_for(scenario, 1))
        for event in battle.log:
            if isinstance(event, AttackRolled) and event.weapon == "machine_pistol":
                seen.add(f"shots {event.shots}")
                if event.hits > 1:
                    seen.add("critical burst" if event.result == "critical_hit" else "burst")
            elif isinstance(event, DefenseRolled) and event.stopped > 1:
                seen.add("dodged several")
            elif isinstance(event, ItemChanged) and event.state == "reloaded":
                seen.add("reloaded")
    wanted = {"shots 8", "shots 4", "burst", "critical burst", "dodged several", "reloaded"}
    assert wanted <= seen, wanted - seen
