"""A crippled leg on the GURPS fast path (B420-421; interpretation 77 of docs/rules/gurps.md).

A fighter crippled in a leg or foot falls, cannot stand again, rises to its knees and
fights there (`crippling.take_effect`, `GurpsAI`): its blows at the kneeling posture's
penalty (B551, `FighterTables.posture_attack`), its defenses at its defense modifier. The
model follows it with the tables it has: kneeling, the AI's choices are read at
`leg_shift` more shock levels, the posture's attack penalty - which holds where every
choice the AI makes kneeling on a lame leg (asked of the AI itself on constructed states,
`ai_tables(..., legs=True)`) is the one it makes standing with that much more shock.
Where one is not (a kick it can no longer throw, a Step back it may not take), the
fighter's `leg_shift` is NO_LEGS and a crippled leg hands the battle to the engine.

>>> import numpy as np
>>> from senjo.sim.fast_gurps.ai_tables import AiTables
>>> def asked(choices):  # one state and defense: the choice at each shock level
...     level = np.array(choices).reshape(1, 1, 1, -1)
...     none = np.zeros((1, 1, 1), dtype=np.int64)
...     plan, choose = level.reshape(1, -1, 1), level[..., None]
...     return AiTables(level, choose, choose * 1.0, plan, plan, none[0], none, none)
>>> standing = asked([0, 0, 1, 1, 2, -1, -1, -1, -1])
>>> leg_shift(standing, asked([1, 1, 2, -1, -1, -1, -1, 5, 5]), 2)
2
>>> leg_shift(standing, asked([0, 1, 2, -1, -1, -1, -1, 5, 5]), 2)
-1
"""

from __future__ import annotations

import numpy as np

from senjo.sim.fast_gurps.ai_tables import AiTables
from senjo.sim.fast_gurps.layout import BACK, DUAL, NO_LEGS, SHOCK_LEVELS

__all__ = ["leg_shift"]


def leg_shift(standing: AiTables, kneeling: AiTables, shift: int) -> int:
    """`shift`, if the AI's choices `kneeling` on a lame leg at each shock level the tables
    hold are its choices `standing` at `shift` levels more (those past the tables' last
    level are never read: the kernel hands such a battle to the engine), and it never
    Steps back after a blow kneeling; else NO_LEGS."""
    if not 0 <= shift < SHOCK_LEVELS:
        return NO_LEGS
    top = SHOCK_LEVELS - shift
    shock_axis = {"cache_mode": 3, "choose": 3, "choose_value": 3, "plan": 1, "plan_dual": 1}
    for name, axis in shock_axis.items():
        mine = np.take(getattr(kneeling, name), range(top), axis=axis)
        theirs = np.take(getattr(standing, name), range(shift, SHOCK_LEVELS), axis=axis)
        if not np.array_equal(mine, theirs):
            return NO_LEGS
    for name in ("aod", "pickup", "striking"):
        if not np.array_equal(getattr(kneeling, name), getattr(standing, name)):
            return NO_LEGS
    steps_back = (kneeling.choose >= BACK) & (kneeling.choose < DUAL)
    return NO_LEGS if steps_back.any() else shift
