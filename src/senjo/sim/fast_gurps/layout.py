"""The layout of the GURPS fast path's tables: the codes that index them and what holds them.

The integer codes of the arrays of battle states (postures, weapon and shield
states, distance classes, maneuvers, what the AI picks up, critical-miss
outcomes, DR treatments, hit locations), the dataclasses the tables fill
(`Mode`, `Slot`, `FighterTables`, `DuelTables`), `Unsupported` (from
`senjo.sim.declines`), and the two
run-time lookups the battle loop shares with the builder: success rolls
(`judge_table`, `skill_index`) and knockback roll modifiers.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from senjo.dice.systems.gurps import success_roll
from senjo.sim.declines import Unsupported
from senjo.systems.gurps.choices import AttackPlan
from senjo.systems.gurps.injury import knockback_roll_modifier
from senjo.systems.gurps.plans import AIMABLE

__all__ = [
    "ALL_DOWN",
    "CLOSE",
    "DOWN",
    "D_MAX",
    "D_MIN",
    "EYE",
    "FACE",
    "FLED",
    "FLED_OUT",
    "H_DEALT",
    "H_HP",
    "H_ROUNDS",
    "H_SERIES",
    "H_TAKEN",
    "LAME_ARM",
    "LAST_SIDE",
    "LEG_BITS",
    "LOCATIONS",
    "MAIMED",
    "MAIN_ARM",
    "NEVER_FLEES",
    "NMAX",
    "NO_LEGS",
    "NO_SCORE",
    "OFF_ARM",
    "OFF_LAME",
    "POSTURES",
    "REASONS",
    "ROUND_LIMIT",
    "SHOCK_LEVELS",
    "SKILL_HI",
    "SKILL_LO",
    "SKULL",
    "T_ATTACKS",
    "T_DEFENDED",
    "T_DEFENSES",
    "T_DRAWS",
    "T_HITS",
    "T_KEPT",
    "T_ROUTS",
    "T_SIZE",
    "T_STANDING",
    "T_WINS",
    "UP",
    "DuelTables",
    "FighterTables",
    "Mode",
    "Slot",
    "Unsupported",
    "judge_table",
    "knockback_modifier",
    "skill_index",
    "wounding_key",
]

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]
FloatArray = npt.NDArray[np.float64]

#: Postures a duel can reach: standing, kneeling (getting up), lying (fallen).
POSTURES = ("standing", "kneeling", "lying")
STANDING, KNEELING, LYING = 0, 1, 2
#: Shock levels: index s is a shock of -s (doubled shock reaches -8).
SHOCK_LEVELS = 9
#: Defense scores past these ends give the AI the same odds (3d6: 2 or less, 16 or more
#: after up to -4 of Deceptive Attack), so the attack tables are indexed by the clamped value.
D_MIN, D_MAX = 2, 20
#: Hit locations (the AI's aimable ones), in the engine's order.
LOCATIONS = AIMABLE
LOC = {name: index for index, name in enumerate(LOCATIONS)}
#: The locations a head blow's "hits the eye" moves a face or skull hit to and from.
EYE, FACE, SKULL, TORSO = LOC["eye"], LOC["face"], LOC["skull"], LOC["torso"]
#: The location code of a plan that rolls its location (option random_hit_locations).
RANDOM = -1
#: Under this distance two fighters are in close combat (`defense.CLOSE`).
CLOSE = 0.5
#: How much farther a Step cut short by its reach goes where rounding would leave it beyond
#: (`plane.NUDGE`: the kernel's files import nothing outside the fast path, for its cache).
NUDGE = 2.0**-30
#: A defense score no option reaches: "none available", or "not scored yet".
NO_SCORE = -(10**6)
#: A shot's skill without a cap (`FighterTables.shot_cap`).
NO_CAP = 10**6
#: Why a battle ends, as codes, and their names in the engine's outcomes.
LAST_SIDE, ROUND_LIMIT, ALL_DOWN, FLED = 0, 1, 2, 3
REASONS = ("last_side_standing", "round_limit", "all_down", "fled")

#: The sums `tally` returns: kept battles, then by fighter (0, 1) wins, routs (wins
#: because the foe fled), attacks, hits, defenses, defended, standing; then draws by
#: reason code (`layout.REASONS`).
T_KEPT = 0
T_WINS, T_ROUTS, T_ATTACKS, T_HITS, T_DEFENSES, T_DEFENDED, T_STANDING = range(1, 15, 2)
T_DRAWS = 15
T_SIZE = T_DRAWS + len(REASONS)
#: The histograms `tally` returns, in order: rounds, then dealt, taken and HP of each fighter.
H_ROUNDS, H_DEALT, H_TAKEN, H_HP = 0, 1, 3, 5
H_SERIES = 7
#: `FighterTables.flee_at` of a fighter without `flee_at`: no HP is that low.
NEVER_FLEES = -(10**9)

# Weapon (and shield) states: ready in hand, dropped, held but unready, broken; and, for
# a fighter's weapons, with the main weapon broken: its spare (the first sheathed weapon)
# drawn and ready in the main hand (SPARE), dropped, held unready, or broken in turn (it
# fights on with what it has left; a second spare drawn hands the battle to the engine).
READY, DROPPED, UNREADY, BROKEN, SPARE, SPARE_DROPPED, SPARE_UNREADY, SPARE_BROKEN = range(8)
MAIN_STATES = (READY, DROPPED, UNREADY, BROKEN)
SPARE_STATES = (SPARE, SPARE_DROPPED, SPARE_UNREADY, SPARE_BROKEN)
#: The main weapon held unready in a strained arm (B556, 15: critical miss `CM_STRAIN`).
LAME = 8
#: The main weapon on the ground, fallen from a crippled main arm or hand (B420), whose
#: hand does nothing more (`crippling.take_effect`; `lame_part` MAIN_ARM).
MAIMED = 9
WEAPON_STATES = (*MAIN_STATES, *SPARE_STATES, LAME, MAIMED)
#: Shield states: held ready (or no shield), held but unready, dropped.
HANDS = (READY, DROPPED, UNREADY)
#: For a fighter with two weapons ready, the states of the one in its off hand, on the
#: shield's axis of the tables (`off_hand.py`): those, and broken.
OFF_STATES = (READY, DROPPED, UNREADY, BROKEN)
#: For a fighter with a shield or an empty off hand, on that axis: the off arm crippled
#: (B420), the shield fallen from it for good, the hand of no use (`lame_part` OFF_ARM).
OFF_LAME = BROKEN
#: The length of the tables' shield (or off-hand weapon) axis.
HAND_AXIS = len(OFF_STATES)


def distances(reach: int) -> tuple[float, ...]:
    """The distances that decide the AI's options in a duel whose longest reach is `reach`
    yards: close combat (under 0.5 yd), within 1 yd, within 2 yd ..., within reach + 1 yd
    (a Step short of the longest reach; at least 3), farther; a representative distance
    of each. Every class but the last is one from which a blow may land (`striking`).

    >>> distances(2), distances(4)[-2:]
    ((0.0, 1.0, 2.0, 3.0, 4.0), (5.0, 6.0))
    """
    return tuple(float(k) for k in range(max(reach, 2) + 3))


#: The classes of a duel of reach 2 or less (the example duels').
DISTANCES = distances(2)
#: `tables.range_modifier` shaves this off a distance before it looks up its row (B550).
RANGE_SLACK = 1 - 1e-9


def range_yard(distance: float) -> int:
    """The row of a shot's range (B550): 0 in close combat (under 0.5 yd, where Bulk
    applies), else the whole yards `range_modifier` rounds the distance up to, so every
    distance with one row has one modifier: range_modifier(d) == range_modifier(row).

    >>> [range_yard(d) for d in (0.0, 0.5, 1.0, 2.0, 3.0, 3.0000000001, 3.00001, 20.0)]
    [0, 1, 1, 2, 3, 3, 4, 20]
    """
    if distance < CLOSE:
        return 0
    return math.ceil(max(distance, 1.0) * RANGE_SLACK)


# Maneuver codes (what a fighter did on its last turn; it governs its defenses).
M_NONE, M_NOTHING, M_ATTACK, M_MOVE, M_POSTURE, M_READY = 0, 1, 2, 3, 4, 5
M_AOD = {"increased_dodge": 6, "increased_parry": 7, "increased_block": 8, "double": 9}
#: Aim (B364): only a shooter takes it, and only an Aim last turn keeps the count going.
M_AIM = 10
#: `FighterTables.drop_bonus` of a posture from which one cannot dodge and drop (lying).
NO_DROP = -1
#: Turns of Aim the AI takes before it shoots from afar (`GurpsAI._maneuver_of`).
AIM_TURNS = 3
AOD_KIND = {6: "dodge", 7: "parry", 8: "block"}
# What the AI readies: nothing, its weapon, its shield, its spare (the state SPARE); or
# something the model does not follow (the battle escapes to the engine, which plays it).
PICK_NONE, PICK_WEAPON, PICK_SHIELD, PICK_SPARE, PICK_ESCAPE = 0, 1, 2, 3, 4
#: ... or, with an arm crippled (MAIMED, OFF_LAME), what falls picked up into the other
#: hand: the engine plays on, the battle escaping as crippled (`W_CRIPPLED`).
PICK_CRIPPLED = 5
# Why a battle escapes to the engine (`BlockResult.why`; 0: it did not): a critical miss
# the model does not follow (a stumble past the foe, a re-roll settled otherwise), a Ready
# it does not follow (a second spare, ...), a shooter going to its sidearm (its missile
# weapon broken, or empty with the foe within a Move), a shooter knocked back past the
# yards its tables cover; in a group, a fighter with no blow open on its nearest foe while
# another stands within reach (the AI then weighs its blows at the others).
W_NONE, W_MISS, W_READY, W_SIDEARM, W_BEYOND, W_TARGET = 0, 1, 2, 3, 4, 5
#: ... and a limb crippled or numbed (a crippled arm's item falls, a crippled leg fells the
#: fighter for good: `crippling.py`) or an eye crippled (`sight.py`), which the model does
#: not follow.
W_CRIPPLED = 6
#: `FighterTables.lame_part` of an eye (crippling it escapes), the bits of the legs and the
#: foot (`S_LEGS`, the numpy state's `legs`, hold those crippled), of the main arm and hand
#: (crippled with the main weapon held or dropped: the state MAIMED) and of the off arm
#: (the hand state OFF_LAME); each arm's is LAME_ARM where its state is not tabulated.
LAME_ARM = 1
LEG_BITS = {"right_leg": 2, "left_leg": 4, "foot": 8}
MAIN_ARM = 16
OFF_ARM = 32
#: `FighterTables.leg_shift` of a fighter whose lame legs the model does not follow.
NO_LEGS = -1
#: ... and a weapon's parry that stops a bare-handed blow (it may strike the limb that
#: struck: B376, `parrying_unarmed.py`), which the model does not follow.
W_PARRYING = 7
#: The most fighters a battle's state holds (the compiled kernel's slots; a duel uses two).
NMAX = 32
#: How a group battle's fighter ends it (`group.GroupResult.up`): down, still in the
#: fight, or fled.
DOWN, UP, FLED_OUT = 0, 1, 2
#: The reasons' names (`SimAggregate.replayed_by`, `senjo sim --json`'s "replayed_by").
ESCAPE_NAMES = {
    W_MISS: "critical_miss",
    W_READY: "ready",
    W_SIDEARM: "sidearm",
    W_BEYOND: "beyond",
    W_TARGET: "target",
    W_CRIPPLED: "crippled",
    W_PARRYING: "parry_strike",
}
#: What a parry with a slot against a foe's mode leaves (`FighterTables.parry_after`, bits):
#: it may break (B376: 1d, broken on 1-2, if it stops the blow), the battle escapes if it
#: stops the blow (`W_PARRYING`), or failing it may turn the blow to the parrying arm
#: (`FighterTables.redirect`).
PA_BREAKS, PA_STRIKE, PA_REDIRECT = 1, 2, 4
#: Yards past the farther of a shootout's start and the melee classes that a shooter's
#: tables still cover: room for knockback (a punch's, a kick's) before a battle escapes.
KNOCK_MARGIN = 8
#: What a shooter does with its missile weapon empty (`FighterTables.empty`): fight
#: (strike in melee if the AI values a blow above 0, else reload, B270), or go to its
#: sidearm (Ready swap or draw: the engine plays on).
EMPTY_FIGHT, EMPTY_SPARE = 0, 1
#: `FighterTables.choose_value` where no blow is open.
NO_BLOW = -1e18
#: Which weapon an attack mode or a parry uses: none held (a punch, a dodge), the main
#: weapon (usable in the state READY), the spare (in the state SPARE), the weapon in the
#: off hand of a fighter with two ready (usable while its state, on the shield's axis
#: `OFF_STATES`, is READY: `off_hand.py`).
HELD_NONE, HELD_MAIN, HELD_SPARE, HELD_OFF = 0, 1, 2, 3
# Attack-table codes besides a mode index; BACK + a mode index: strike with that mode,
# then Step back out of the foe's reach (the longer weapon's tactic, seed 001).
NO_ATTACK = -1
#: `FighterTables.cache_mode` where attacks on the target are offered but none of its
#: blows has a plan (B344: effective skill under 3; or only a shot is offered): the AI
#: weighs those and strikes at no other foe (`GurpsAI._maneuver_of`).
UNPLANNED = -2
BACK = 1000
#: DUAL + a mode index: a Dual-Weapon Attack (B417), that mode's blow and the off-hand
#: weapon's (`FighterTables.off_mode`), each at -4, with one plan (`plan_dual`).
DUAL = 2000
# Critical-miss outcomes (armed and unarmed tables).
(
    CM_NOTHING,
    CM_ESCAPE,
    CM_SELF,
    CM_BALANCE,
    CM_UNREADY,
    CM_DROP,
    CM_FALL,
    CM_BROKEN,
    CM_KNOCKOUT,
    CM_STUMBLE,
    CM_TRIP,
    CM_GUARD,
    # B556's re-rolls: a resistant weapon's "breaks" stands only if the re-roll breaks it
    # again (else it is dropped); an impaling, piercing or ranged attack's hit on oneself
    # only if the re-roll hits oneself again (else the new result is carried out).
    CM_REROLL_BREAK,
    CM_REROLL_SELF,
    # A strained limb, or a shoulder strained by a blow bare-handed (B556: a limb of no
    # use, `crippling.py`): not modelled, the battle escapes as crippled (`W_CRIPPLED`).
    CM_LAME,
    # A shoulder strained by a weapon's blow or parry: its weapon stays in the hand, of no
    # use (the state LAME, where the fighter's tables hold it; else escaped as crippled).
    CM_STRAIN,
) = range(16)
#: Damage types of injuries to oneself (critical misses).
SELF_TYPES = ("cut", "cr", "imp", "spec", "pi-", "pi", "pi+", "pi++")
# DR treatments: normal, halved rounding down, halved rounding up, ignored.
DR_NORMAL, DR_HALF_DOWN, DR_HALF_UP, DR_IGNORED = range(4)

#: Skills covered by the success-roll table; outside it the outcomes no longer change.
SKILL_LO, SKILL_HI = -30, 50


@functools.cache
def judge_table() -> tuple[IntArray, IntArray]:
    """(success, outcome) by [skill - SKILL_LO, roll]: outcome 0 failure, 1 success,
    2 critical success, 3 critical failure; from `success_roll` itself."""
    skills = SKILL_HI - SKILL_LO + 1
    success = np.zeros((skills, 19), dtype=np.int64)
    outcome = np.zeros((skills, 19), dtype=np.int64)
    for index in range(skills):
        for roll in range(3, 19):
            judged = success_roll(roll, index + SKILL_LO)
            success[index, roll] = judged.success
            outcome[index, roll] = (
                2 if judged.critical else 3 if judged.critical_failure else int(judged.success)
            )
    return success, outcome


def skill_index(skill: IntArray) -> IntArray:
    """Row of the success-roll table for these effective skills."""
    index: IntArray = np.minimum(np.maximum(skill, SKILL_LO), SKILL_HI) - SKILL_LO
    return index


@dataclass(slots=True)
class Mode:
    """One attack mode of a fighter's weapon, as the vectorised model needs it."""

    weapon: str
    name: str
    unarmed: bool
    thrusting: bool
    dice: int
    adds: int
    damage_type: str
    minimum: int
    #: Its skill with what every attack roll takes, whatever the turn: the lighting (B394).
    skill: int
    #: Index of its critical-miss table (attacking) in `FighterTables.miss`.
    miss: int
    #: Whether a head blow's "hits the eye" can redirect this damage type to the eye.
    eye: bool
    #: Its longest reach, and whether it strikes in close combat (reach C).
    reach: float
    close: bool
    #: Whether it is the fighter's weapon (not a punch).
    main: bool
    #: Its armor divisor (1: none), and the key of the victim's injury tables for it.
    divisor: float = 1.0
    #: Whether, in close combat, its Attack steps out to a yard off to strike (reach 1,
    #: not C: seed 001 敵のいるヘクスから離脱する, `reach.steps_out`).
    step_out: bool = False
    #: Whether it is the fighter's spare weapon (struck with in the state SPARE).
    spare: bool = False
    #: Whether it is the weapon in the off hand of a fighter with two ready.
    off: bool = False
    #: For a shooter's blow: whether the engine lists its Attack before the shot's (the
    #: AI takes the first of equal values).
    before_shot: bool = False

    @property
    def held(self) -> int:
        """HELD_MAIN, HELD_SPARE, HELD_OFF or HELD_NONE: the weapon this mode strikes with."""
        return _held(self.main, self.spare, self.off)

    @property
    def wounding(self) -> str:
        """The key of the injury tables its hits use: the damage type, and the divisor."""
        return wounding_key(self.damage_type, self.divisor)


def wounding_key(damage_type: str, divisor: float) -> str:
    """`cut`, or `cut(2)` with an armor divisor: one set of injury tables each.

    >>> wounding_key("cut", 1.0), wounding_key("imp", 2.0), wounding_key("pi", 0.5)
    ('cut', 'imp(2)', 'pi(0.5)')
    """
    return damage_type if divisor == 1 else f"{damage_type}({divisor:g})"


@dataclass(slots=True)
class Slot:
    """One active defense a fighter can choose (dodge, a parry with one weapon, or block)."""

    kind: str
    weapon: str
    base: int
    retreat_bonus: int
    parry_step: int
    unarmed: bool
    unbalanced: bool
    main: bool
    aod: int
    #: Index of the critical-miss table a fumbled parry rolls on (-1: none).
    fumble: int
    #: Whether it parries in close combat (an unarmed parry or a reach-C weapon).
    close: bool
    #: Whether it is a parry with the spare weapon (open in the state SPARE only).
    spare: bool = False
    #: Whether it is a parry with the weapon in the off hand of a fighter with two ready.
    off: bool = False

    @property
    def held(self) -> int:
        """HELD_MAIN, HELD_SPARE, HELD_OFF or HELD_NONE: the weapon this defense parries
        with."""
        return _held(self.main, self.spare, self.off)


def _held(main: bool, spare: bool, off: bool) -> int:
    return HELD_MAIN if main else HELD_SPARE if spare else HELD_OFF if off else HELD_NONE


@dataclass(slots=True)
class FighterTables:
    """One fighter's tables, as attacker and as defender (by initiative position)."""

    key: str
    side: str
    hp: int
    ht: int
    high_pain_threshold: bool
    #: Low Pain Threshold doubles shock, to at most -8 (B381, `injury.shock_penalty`).
    low_pain_threshold: bool
    #: Hard to Kill's level, added to HT rolls to survive (B58, `wounds._death_check`).
    hard_to_kill: int
    knockback_skill: int
    move: tuple[float, float]
    dodge_reeling: int
    shield: bool
    shield_db: int
    modes: list[Mode]
    slots: list[Slot]
    #: [weapon state, hand state, slot] -> 1 where the engine offers the slot's defense
    #: (`defense_tables.open_slots`): a parry needs its weapon ready, a bare hand empty.
    offered: IntArray
    #: Critical-miss tables by [table, roll]: outcome (CM_*) and, for injuring oneself,
    #: the dice, adds, halving, damage type (SELF_TYPES), location, whether DR counts;
    #: for a trip, the DX modifier.
    miss: dict[str, IntArray]
    #: [self type, location, DR counts, basic] -> injury to oneself, and penetration.
    self_injury: IntArray
    self_penetrated: BoolArray
    dx: int
    posture_attack: IntArray
    posture_defense: IntArray
    can_retreat: BoolArray
    #: [weapon state, shield state, distance class, shock] -> the mode whose defense the AI
    #: scores first; UNPLANNED if attacks on the foe are offered but none is scored,
    #: NO_ATTACK if none is offered.
    cache_mode: IntArray
    #: [weapon, shield, distance class, shock, defense - D_MIN] -> mode, BACK + mode or
    #: NO_ATTACK.
    choose: IntArray
    #: [mode, shock, defense - D_MIN] -> plan index.
    plan: IntArray
    #: [weapon state, shield state] -> All-Out Defense maneuver code.
    aod: IntArray
    #: [weapon state, shield state, distance class] -> what the AI readies (PICK_*), if
    #: it has no weapon ready to strike with.
    pickup: IntArray
    #: [weapon state, shield state, distance class] -> 1 if it has a blow open with a
    #: weapon that is not a natural one (`GurpsAI._maneuver_of`'s `striking`; a group's
    #: fighter weighs it over all its foes).
    striking: IntArray
    rapid_penalty: int
    #: [slot, foe's mode] -> what a parry with the slot's weapon against that mode leaves
    #: (`PA_*` bits): stopping it, it risks breaking (B376: the attacking weapon three or
    #: more times as heavy; option `heavy_parry_break`: 1d, broken on 1-2), or it is a
    #: weapon's parry of a bare-handed blow (`PA_STRIKE`: option `parry_strikes_limb`);
    #: failing, a bare hand's parry of a weapon's blow (`PA_REDIRECT`).
    parry_after: IntArray
    #: [weapon state, hand state, foe's mode, location] -> where the foe's blow lands after
    #: such a failed parry: 0 where it aimed, else the code + 1 of the parrying arm the
    #: foe's AI strikes instead (`defense_tables.redirects`).
    redirect: IntArray
    #: senjo's morale rule: at this HP or less the fighter flees on its turn, after the
    #: consciousness and stun rolls (NEVER_FLEES without `flee_at`).
    flee_at: int = NEVER_FLEES
    #: Will: a shooter injured while it aims rolls it to keep the Aim (fact sheet §2, B364).
    will: int = 10
    # As a victim:
    #: damage type -> [location, DR treatment, basic] injury and whether it penetrated.
    injury: dict[str, IntArray] = field(default_factory=dict)
    penetrated: dict[str, BoolArray] = field(default_factory=dict)
    knockback: dict[str, IntArray] = field(default_factory=dict)
    cripple: BoolArray = field(default_factory=lambda: np.zeros(0, dtype=np.bool_))
    #: [location] -> what crippling it (or numbing it, B556) does that the model may not
    #: follow, for the parts this fighter's body lets be crippled: 0 nothing (a torso),
    #: `LAME_ARM` (an eye; an arm whose state is not tabulated: the battle escapes),
    #: `MAIN_ARM` (the main weapon falls for good: the state MAIMED), `OFF_ARM` (the
    #: shield falls for good: the hand state OFF_LAME), or a leg's or foot's bit of
    #: `LEG_BITS` (followed where `leg_shift` is not NO_LEGS: the fighter falls and
    #: kneels for good). Numbed, each escapes.
    lame_part: IntArray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    #: Crippled in a leg or foot (B420-421), the fighter kneels where it fights (B551):
    #: its AI's choices are then those of its tables with this many more shock levels
    #: (the kneeling posture's attack penalty), checked by `tables.py` against the AI
    #: itself; NO_LEGS: they are not, and a crippled leg hands the battle to the engine.
    leg_shift: int = NO_LEGS
    #: Whether the tables hold the states LAME and MAIMED (a strained shoulder, a crippled
    #: weapon arm: `tables._fighter_tables`) and, but for a fighter with two weapons, the
    #: hand state OFF_LAME; if not, the miss tables hold no `CM_STRAIN` and `lame_part` no
    #: `MAIN_ARM` nor `OFF_ARM`.
    lames: bool = False
    knockdown_due: BoolArray = field(default_factory=lambda: np.zeros(0, dtype=np.bool_))
    knockdown_target: IntArray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    #: [location, shield ready] -> to-hit modifier for aiming there (the shield arm is -4),
    #: with the fighter's size modifier (B19) added.
    location_penalty: IntArray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    # A shooter's (`ranged_tables.py`; all empty for a fighter who fights in melee):
    #: Index in `modes` of its missile weapon's mode (-1: it fights in melee). That mode's
    #: `skill` is a shot's from the duel's distance after `AIM_TURNS` turns of Aim; the
    #: kernel reads a shot's skill from `shot_skill`, by range and Aim.
    ranged: int = -1
    #: Ready maneuvers to reload one shot (B270).
    reload: int = 0
    #: Its missile weapon's Shots (what a reload puts in it; 1 for a melee fighter), RoF
    #: (B373: shots one attack fires, at most what is left) and Recoil (a hit more for
    #: each full Rcl of the attack's margin, B373).
    shots: int = 1
    rof: int = 1
    recoil: int = 1
    #: Whether its reload loads one round, not all its Shots (interpretation 60: the "i").
    individually: bool = False
    #: [shots left in the weapon] -> what the Rapid Fire bonus of the burst fired with that
    #: many loaded (B373) adds to `shot_skill`, which holds the bonus of a full weapon.
    rapid_bonus: IntArray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    #: Whether its missile weapon is thrown (a javelin): it leaves the hand with each throw
    #: and is gone for good (B373, `attack.py`); the kernel then holds it BROKEN, which
    #: the AI treats alike (neither can be readied again).
    thrown: bool = False
    #: Past this distance its shots do half damage (B269's 1/2D: the basic damage halved,
    #: at least the damage type's minimum, before a critical hit's multiplier).
    half_damage: float = math.inf
    #: Its weapon's Max (B269): past it no shot is offered (`reach.py`), and the AI weighs
    #: its blows or closes in.
    max_range: float = math.inf
    #: Its Fast-Draw (ammunition) skill, rolled at each Ready of a reload of two or more:
    #: a success saves a Ready (B194, `readying.ready`); -1 without it.
    fast_draw: int = -1
    #: [range yard, turns of Aim 0-AIM_TURNS] -> the skill of a shot at a standing foe's
    #: torso, less the foe's size (the location table adds it back), the lighting in it:
    #: `attack_score` on a state that far apart (B550's range by `range_yard`, B364's Aim).
    shot_skill: IntArray = field(default_factory=lambda: np.zeros((0, 0), dtype=np.int64))
    #: The most a shot's skill can be once every modifier is in (shooting blind: 9), or
    #: NO_CAP; `shot_skill` and `shot_posture` are before it.
    shot_cap: int = NO_CAP
    #: Whether it holds a weapon ready in each hand (`off_hand.py`); the index in `modes` of
    #: the off-hand weapon's blow in a Dual-Weapon Attack (-1: none), and the modifier each
    #: blow of one takes (B417: -4).
    dual: bool = False
    off_mode: int = -1
    dual_modifier: int = 0
    #: [mode, shock, defense - D_MIN] -> the plan of a Dual-Weapon Attack with that mode in
    #: the main hand (as `plan`: filled wherever the AI's choice has one).
    plan_dual: IntArray = field(default_factory=lambda: np.zeros((0, 0, 0), dtype=np.int64))
    #: [effective skill - SKILL_LO, foe's best defense - D_MIN] -> the AI's value of the
    #: shot (`GurpsAI._best_plan`; it shoots when above 0), and the plan it takes. The value
    #: depends on the state only through the shot's skill (distance, Aim, shock and the
    #: foe's posture all enter there); skills no battle can reach hold -1 and plan 0.
    shot_value: FloatArray = field(default_factory=lambda: np.zeros((0, 0), dtype=np.float64))
    shot_plan: IntArray = field(default_factory=lambda: np.zeros((0, 0), dtype=np.int64))
    #: [foe's posture] -> to-hit modifier for shooting at it (B551, `prone_ranged_penalty`).
    shot_posture: IntArray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    #: [main weapon state, loaded, foe within its basic Move] -> PICK_WEAPON (it picks its
    #: dropped weapon up, or readies it again), PICK_SPARE (it draws its sidearm) or
    #: PICK_ESCAPE (anything else); the engine plays on but for PICK_WEAPON.
    recover: IntArray = field(default_factory=lambda: np.zeros((0, 0, 0), dtype=np.int64))
    #: [foe within its basic Move] -> EMPTY_FIGHT or EMPTY_SPARE, with its weapon empty in
    #: hand (at any step of a reload: checked).
    empty: IntArray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    #: Its basic Move: an empty missile weapon is reloaded only with the foe farther.
    basic_move: int = 0
    #: Whether the sidearm it goes to is modelled (`constructed._spare`: the state SPARE); if
    #: not, the battle escapes there.
    has_spare: bool = False
    #: Whether, with the option `free_actions`, it drops its empty missile weapon as a free
    #: action when a foe is within 2 yards (`GurpsAI._free_action`: it has a sidearm).
    free_drop: bool = False
    #: [weapon state, shield state, distance class, shock, defense - D_MIN] -> the AI's
    #: value of the blow `choose` names, or of the best blow when none is worth striking
    #: (NO_BLOW: none is open); a shooter weighs its shot against it.
    choose_value: FloatArray = field(
        default_factory=lambda: np.zeros((0, 0, 0, 0, 0), dtype=np.float64)
    )
    #: As the target of a shot: [own posture] -> what dodging and dropping adds to the
    #: dodge (B377), or NO_DROP.
    drop_bonus: IntArray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    #: As the target of a thrown weapon: what a parry loses against it (B376: 1, or 2 for
    #: one of 1 lb or less); 0 when the foe's shot is not thrown (no parry, `defense.py`).
    shot_parry: int = 0


@dataclass(slots=True)
class DuelTables:
    """Everything the fast path indexes for one scenario."""

    #: The fighters in initiative order (a group's pack may hold more rows: `packed.py`).
    fighters: tuple[FighterTables, ...]
    #: Where each fighter starts: x on the line both stand on.
    x: tuple[float, float]
    max_rounds: int
    plans: list[AttackPlan]
    #: A plan's location code (RANDOM: rolled on `hit_location` after the attack roll).
    plan_location: IntArray
    plan_deceptive: IntArray
    plan_rapid: BoolArray
    #: [3d6 roll] -> location code (rolls 3-18): the random hit location (B400, B552).
    hit_location: IntArray
    #: Critical hit results: [head table?, roll] -> entry index into the arrays below.
    crit_entry: IntArray
    crit_max: BoolArray
    crit_multiplier: IntArray
    crit_dr: IntArray
    crit_double_shock: BoolArray
    crit_major: BoolArray
    crit_drop: BoolArray
    crit_lose_turn: BoolArray
    crit_redirect: BoolArray
    crit_fallback: IntArray
    #: Whether the entry numbs a limb it penetrates (B556, 8: `crippling.numb`).
    crit_numb: BoolArray
    head_location: BoolArray
    max_basic: int
    max_injury: int
    #: The last distance class, "farther" (`distances`): the classes below it may strike.
    distance_top: int = len(DISTANCES) - 1


@functools.cache
def _knockback_modifiers() -> IntArray:
    return np.array([knockback_roll_modifier(y) for y in range(64)], dtype=np.int64)


def knockback_modifier(yards: IntArray) -> IntArray:
    """`knockback_roll_modifier` for an array of yards (Perfect Balance's +4 is in the
    fighter's `knockback_skill`)."""
    result: IntArray = _knockback_modifiers()[np.minimum(yards, 63)]
    return result
