"""What changes during a CoC battle: each combatant's condition, who is in melee reach, the round.

`CocState` is the typed per-system field of `Battle.state`. Conditions are
plain slotted objects the rules mutate; the log is the durable record.
Space is abstract (DESIGN.md): figures stand at points in metres, and who is
in melee reach of whom is kept as explicit pairs, since seed 004's
withdrawal breaks reach without a measured distance.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from senjo.space.plane import Point
from senjo.systems.coc.model import MELEE_REACH, Combatant
from senjo.systems.coc.rules import Rules

__all__ = ["CocState", "CombatantState"]


@dataclass(slots=True)
class CombatantState:
    """One combatant's changing condition."""

    key: str
    hp: int
    position: Point
    wall_behind: float | None = None
    floor: str = "soft"
    cover: bool = False
    conscious: bool = True
    dead: bool = False
    #: The round in which HP fell to 0 or below (0: not dying).
    dying_round: int = 0
    prone: bool = False
    # This round: attack made, defenses rolled, dodge focus, protection given, own turn done.
    attacked: bool = False
    dodges: int = 0
    parries: int = 0
    gave_up_attack: bool = False
    dodge_focus: bool = False
    protected_someone: bool = False
    turn_done: bool = False
    taunted: bool = False
    # For 隠れる: the last rounds in which the combatant attacked and was targeted.
    last_attack_round: int = 0
    last_targeted_round: int = 0
    # 狙う: the +30% waits for the next attack.
    aiming: bool = False
    # 隠れる: hidden, and revealed at the round's end after a failed Sneak.
    hidden: bool = False
    reveal_at_end: bool = False
    # 挑発: whose taunt fixes this combatant's attacks, for how many more of its turns.
    fixed_on: str = ""
    fixed_turns: int = 0
    # Grapples: whom this combatant holds (and how), and who holds it.
    holding: str = ""
    hold_kind: str = ""
    held_by: str = ""
    disarmed: bool = False
    shots: dict[str, int] = field(default_factory=dict)
    jammed: set[str] = field(default_factory=set)
    #: Gone from the battle by fleeing (senjo's morale rule, `flee_at`).
    fled: bool = False

    @property
    def active(self) -> bool:
        """True while the combatant is still in the fight (conscious, alive, not dying, not
        fled)."""
        return self.conscious and not self.dead and self.dying_round == 0 and not self.fled


@dataclass(slots=True)
class CocState:
    """The state of a CoC battle: sheets, conditions, melee reach, DEX order, round, rules."""

    sheets: dict[str, Combatant]
    status: dict[str, CombatantState]
    engaged: set[frozenset[str]] = field(default_factory=set)
    order: tuple[str, ...] = ()
    round: int = 0
    rules: Rules = field(default_factory=Rules)

    @classmethod
    def start(cls, sheets: dict[str, Combatant], positions: dict[str, Point]) -> CocState:
        """Everyone unhurt where the scenario puts them; foes within 2 m start in melee reach."""
        status = {}
        for key, sheet in sheets.items():
            place = sheet.surroundings
            status[key] = CombatantState(
                key,
                sheet.hp,
                positions.get(key, Point(0, 0)),
                wall_behind=place.wall_behind,
                floor=place.floor,
                cover=place.cover,
                shots={w.key: w.shots for w in sheet.weapons if w.is_firearm},
            )
        state = cls(sheets, status)
        keys = list(sheets)
        for index, a in enumerate(keys):
            for b in keys[index + 1 :]:
                near = status[a].position.distance(status[b].position) <= MELEE_REACH
                if near and sheets[a].side != sheets[b].side:
                    state.engaged.add(frozenset((a, b)))
        return state

    @property
    def fighters(self) -> dict[str, Combatant]:
        """The sheets by key (the name front ends share with the GURPS state)."""
        return self.sheets

    def side(self, key: str) -> str:
        """A combatant's side."""
        return self.sheets[key].side

    def foes(self, key: str) -> list[str]:
        """Combatants of other sides still in the fight, in DEX order."""
        side = self.sheets[key].side
        keys = self.order or tuple(self.sheets)
        return [k for k in keys if self.sheets[k].side != side and self.status[k].active]

    def allies(self, key: str) -> list[str]:
        """Other combatants of the same side still in the fight, in DEX order."""
        side = self.sheets[key].side
        keys = self.order or tuple(self.sheets)
        return [
            k for k in keys if k != key and self.sheets[k].side == side and self.status[k].active
        ]

    def is_engaged(self, a: str, b: str) -> bool:
        """True if the two are in melee reach of each other."""
        return frozenset((a, b)) in self.engaged

    def engaged_foes(self, key: str) -> list[str]:
        """Active foes in melee reach of `key`."""
        return [f for f in self.foes(key) if frozenset((key, f)) in self.engaged]

    def distance(self, a: str, b: str) -> float:
        """Distance in metres between two combatants."""
        return self.status[a].position.distance(self.status[b].position)

    def sides_standing(self) -> set[str]:
        """The sides that still have a combatant in the fight."""
        return {self.sheets[k].side for k, s in self.status.items() if s.active}
