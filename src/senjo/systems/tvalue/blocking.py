"""Seed 002 C. 攻撃阻止 (attack block): in a hold, either side may stop the other's
direct or projectile attack by spending FAP.

「組みつき中の双方が行動可能…FAPを消費する事で攻撃を無効に出来る。目標は｛「消費FAP」+
「相対T値」｝で妨害者の消費FAPを相殺できればこの妨害を無効に出来る」: a block is declared
as a minor action paying its least FAP, 1; when the fighter it is locked in a hold with
attacks, it may use one declared block, adding FAP from what it has left (decision
`block`); the attacker may answer with FAP of its own (decision `override`): its FAP plus
its T less the blocker's, reaching the block's FAP, lets the attack go on; otherwise the
attack is void. One block per attack (「同じ“攻撃”中に再び試みる事は出来ない」).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any, Final

from senjo.engine.battle import Battle
from senjo.engine.decision import Choice, Decision
from senjo.systems.tvalue.budget import spend
from senjo.systems.tvalue.choices import ORDER_PENALTY
from senjo.systems.tvalue.closecombat import CLOSE_ACTIONS
from senjo.systems.tvalue.events import TvBlock
from senjo.systems.tvalue.state import TvState

__all__ = ["MOST_OPTIONS", "blocks", "partners"]

#: At most this many amounts are offered in a `block` or `override` decision.
MOST_OPTIONS: Final = 10


def partners(state: TvState, attacker: str) -> list[str]:
    """The fighters in a hold with `attacker` (holding it or held by it)."""
    held_by = state.status[attacker].held_by
    partners = [key for key, s in state.status.items() if s.held_by == attacker and s.active]
    if held_by and state.status[held_by].active:
        partners.append(held_by)
    return partners


def _amounts(most: int) -> tuple[Choice, ...]:
    return tuple(Choice(str(amount)) for amount in range(min(most, MOST_OPTIONS) + 1))


def blocks(battle: Battle[TvState], attacker: str, target: str) -> Generator[Decision, Any, bool]:
    """Before `attacker`'s attack on `target`: a partner in its hold with a declared block
    may use it; True when the attack is void."""
    state = battle.state
    for blocker in partners(state, attacker):
        status = state.status[blocker]
        if not status.blocks:
            continue
        options = (Choice("no"), *_amounts(max(0, status.fap)))
        more: Choice = yield Decision(blocker, "block", options, (attacker, target))
        if more.name == "no":
            continue
        added = int(more.name)
        status.blocks -= 1
        status.order -= ORDER_PENALTY["minor"]  # the minor action resolved
        if added:
            spend(battle, blocker, added, 0, "block")
        spent = CLOSE_ACTIONS["block"][0] + added  # paid when declared, and now
        theirs = state.status[attacker]
        offered = _amounts(max(0, theirs.fap))
        answer: Choice = yield Decision(attacker, "override", offered, (blocker, spent))
        paid = int(answer.name)
        if paid:
            spend(battle, attacker, paid, 0, "override")
        relative = state.relative(attacker, blocker)
        stopped = paid + relative < spent
        battle.emit(TvBlock(blocker, attacker, spent, paid, relative, stopped))
        return stopped
    return False
