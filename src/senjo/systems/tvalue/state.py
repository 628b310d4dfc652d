"""The state of a T値 battle: sheets, each fighter's status, the round, the rules.

>>> from senjo.systems.tvalue.model import Fighter
>>> state = TvState.start({"a": Fighter("a", "A", "A", "pcs"), "b": Fighter("b", "B", "B", "gm")})
>>> state.status["a"].hp, state.status["a"].t, sorted(state.sides_standing())
(20, 0, ['gm', 'pcs'])
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from senjo.space.plane import Point
from senjo.systems.tvalue.model import Fighter, Setup
from senjo.systems.tvalue.rules import Rules

__all__ = ["Status", "TvState"]


@dataclass(slots=True)
class Status:
    """What changes about one fighter during the battle."""

    hp: int
    mp: int
    #: The T値 (戦闘優位性): any whole number, 0 before the situation rates.
    t: int = 0
    #: The budgets left this round (FAP, MAP).
    fap: int = 0
    map: int = 0
    #: Declared actions not yet resolved, in the order declared (option keys).
    declared: list[str] = field(default_factory=list)
    #: The order value of its next action (反応力, less 5/3/1 per action resolved).
    order: int = 0
    #: Unconscious (HP 0 or below): out of the fight.
    down: bool = False
    fled: bool = False
    #: Direct attacks it took this round (for T gains; `count_received=hits`: hits only).
    received: int = 0
    #: Feints (フェイント) it made: target -> the round it was made, until its next direct
    #: attack on that target or the end of the next round.
    feints: dict[str, int] = field(default_factory=dict)
    #: Not on the field yet: a joiner (途中参加) before its round.
    absent: bool = False
    #: Fallen (転倒): it stays down (standing up is Chapter 1's 態勢立て直し).
    prone: bool = False
    #: Weapons that started sheathed and have been drawn since.
    drawn: set[str] = field(default_factory=set)
    #: Waiting to intercept (攻撃妨害) with this weapon ("" when not).
    waiting: str = ""
    #: An ability's evasion bonus (回避に○) and the last round it holds.
    evasion_bonus: int = 0
    bonus_until: int = 0
    #: Weapons it dropped (部位狙い: arm, weapon); limbs made useless ("arm", "leg");
    #: beheaded (首がはねられる).
    dropped: set[str] = field(default_factory=set)
    useless: set[str] = field(default_factory=set)
    dead: bool = False
    #: A big action in progress (its declared key, "" for none), the FAP and MAP it still
    #: needs, and whether it is paid and resolves this round (last of its actions).
    big: str = ""
    big_fap: int = 0
    big_map: int = 0
    big_ready: bool = False
    #: Held by this fighter (組みつき), "" when free; pinned by it too (押さえこみ).
    held_by: str = ""
    pinned: bool = False
    #: Locked by its holder (締めつけ): "body", "limb" or "neck" ("" for none); the lock
    #: damage taken so far (四肢, 首) and the rounds a choke has lasted.
    locked: str = ""
    lock_damage: int = 0
    choked_rounds: int = 0
    #: Attack blocks (攻撃阻止) declared this round and not used yet.
    blocks: int = 0

    @property
    def active(self) -> bool:
        """Still fighting: conscious, on the field, and arrived."""
        return not self.down and not self.fled and not self.absent


@dataclass(slots=True)
class TvState:
    """The whole battle: sheets by key (in the scenario's order), statuses, setup, rules."""

    sheets: dict[str, Fighter]
    status: dict[str, Status]
    setup: Setup = field(default_factory=Setup)
    rules: Rules = field(default_factory=Rules)
    round: int = 0
    #: Where each fighter stands, in metres (everyone at one spot unless given).
    positions: dict[str, Point] = field(default_factory=dict)

    @classmethod
    def start(
        cls,
        sheets: Mapping[str, Fighter],
        setup: Setup | None = None,
        positions: Mapping[str, Point] | None = None,
    ) -> TvState:
        """Everyone unhurt, T 0, budgets empty until the first round; joiners absent."""
        setup = setup or Setup()
        later = {joiner.key for joiner in setup.joiners}
        return cls(
            dict(sheets),
            {key: Status(sheet.hp, sheet.mp, absent=key in later) for key, sheet in sheets.items()},
            setup,
            positions=dict(positions or {}),
        )

    def distance(self, key: str, other: str) -> float:
        """Metres between two fighters (0 where a position is not given)."""
        here, there = self.positions.get(key), self.positions.get(other)
        return here.distance(there) if here is not None and there is not None else 0.0

    def sides_standing(self) -> set[str]:
        """The sides with a fighter still fighting."""
        return {self.sheets[key].side for key, status in self.status.items() if status.active}

    def foes(self, key: str) -> tuple[str, ...]:
        """The active fighters of other sides, in the scenario's order."""
        side = self.sheets[key].side
        return tuple(
            other
            for other, sheet in self.sheets.items()
            if sheet.side != side and self.status[other].active
        )

    def evasion_bonus(self, key: str) -> int:
        """`key`'s evasion bonus from an ability, while it holds (0 after)."""
        status = self.status[key]
        return status.evasion_bonus if self.round <= status.bonus_until else 0

    def relative(self, key: str, other: str) -> int:
        """Seed 002 「相対T値」: `key`'s T less `other`'s (interpretation 4)."""
        return self.status[key].t - self.status[other].t
