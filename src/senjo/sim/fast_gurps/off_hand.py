"""A fighter with a weapon ready in each hand (B417), as the fast path's tables hold it.

The weapon in the off hand (`accept.off_weapon`) strikes and parries (`HELD_OFF`) while
it is ready. Its state - ready, turned in the hand, dropped, broken (`OFF_STATES`) -
takes the place of a shield's on the tables' `hand` axis (the fighter has no shield), so
the AI's choices in each come from the engine as the shield's do: a critical miss with it
turns, drops or breaks it (`harm._critical_miss`), a parry of a heavy weapon may break it
(B376), a critical hit that makes the fighter drop what it holds drops it with the main
weapon, and the AI takes it up again as it would a shield (PICK_SHIELD; a pick-up only
into the off hand, the main weapon in the other: else the engine plays on, PICK_ESCAPE).
Its blows carry the engine's off-hand penalty (`off_hand_modifier`). The AI's
Dual-Weapon Attack (the attack code `DUAL`) strikes the main weapon's blow, then the
off-hand weapon's (`off_blow`), each with the engine's modifier for it, and one plan
(`FighterTables.plan_dual`) - unless the AI's Step back takes its place (the weapon
outreaching the foe's: `tables.py`).
"""

from __future__ import annotations

from collections.abc import Mapping

from senjo.sim.fast_gurps.layout import FighterTables
from senjo.systems.gurps.attack import AttackContext, attack_score
from senjo.systems.gurps.choices import AttackPlan
from senjo.systems.gurps.hands import OFF
from senjo.systems.gurps.legal import off_hand_mode
from senjo.systems.gurps.model import AttackMode
from senjo.systems.gurps.state import GurpsState

__all__ = ["off_blow", "off_hand_modifier"]


def off_hand_modifier(state: GurpsState, key: str, foe: str, weapon: str, mode: AttackMode) -> int:
    """The modifier the engine's attack roll gives a blow for the hand that strikes it
    (B417: -4 in the off hand without Ambidexterity; 0 in the main hand)."""
    score = attack_score(state, key, foe, weapon, mode, AttackPlan(), AttackContext())
    return dict(score.modifiers.items).get("off_hand", 0)


def off_blow(
    out: FighterTables,
    state: GurpsState,
    key: str,
    foe: str,
    main: str | None,
    mode_index: Mapping[tuple[str, str], int],
) -> None:
    """The off-hand weapon's blow in a Dual-Weapon Attack with `main` in the main hand
    (`legal.off_hand_mode`), and the modifier the engine gives each blow of one."""
    fighter, status = state.fighters[key], state.status[key]
    mode = off_hand_mode(fighter, status, main) if main is not None else None
    if mode is None:
        return
    off = status.hands[OFF]
    out.off_mode = mode_index[(off, mode.name)]
    context = AttackContext("attack", "dual", dual=True)
    score = attack_score(state, key, foe, off, mode, AttackPlan(), context)
    out.dual_modifier = dict(score.modifiers.items).get("dual_weapon_attack", 0)
