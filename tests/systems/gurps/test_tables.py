"""Tests for senjo.systems.gurps.tables: the YAML rule tables and their accessors."""

from __future__ import annotations

import pytest

from senjo.systems.gurps import tables
from senjo.systems.gurps.effects import Condition, EffectKind

# Fact sheet "Basic damage by ST" (B16), one row per ST band, plus the published
# rows above ST 30 that the progression must reproduce.
ST_ROWS = [
    (1, "1d-6", "1d-5"),
    (2, "1d-6", "1d-5"),
    (4, "1d-5", "1d-4"),
    (6, "1d-4", "1d-3"),
    (8, "1d-3", "1d-2"),
    (9, "1d-2", "1d-1"),
    (10, "1d-2", "1d"),
    (11, "1d-1", "1d+1"),
    (12, "1d-1", "1d+2"),
    (13, "1d", "2d-1"),
    (14, "1d", "2d"),
    (15, "1d+1", "2d+1"),
    (16, "1d+1", "2d+2"),
    (17, "1d+2", "3d-1"),
    (18, "1d+2", "3d"),
    (19, "2d-1", "3d+1"),
    (20, "2d-1", "3d+2"),
    (21, "2d", "4d-1"),
    (22, "2d", "4d"),
    (23, "2d+1", "4d+1"),
    (24, "2d+1", "4d+2"),
    (25, "2d+2", "5d-1"),
    (26, "2d+2", "5d"),
    (27, "3d-1", "5d+1"),
    (28, "3d-1", "5d+1"),
    (29, "3d", "5d+2"),
    (30, "3d", "5d+2"),
    (31, "3d+1", "6d-1"),
    (40, "4d+1", "7d-1"),
    (45, "5d", "7d+1"),
    (50, "5d+2", "8d-1"),
    (60, "7d-1", "9d"),
    (80, "9d", "11d"),
    (100, "11d", "13d"),
    (110, "12d", "14d"),
    (250, "26d", "28d"),
]


@pytest.mark.parametrize(("st", "thrust", "swing"), ST_ROWS)
def test_damage_by_st(st: int, thrust: str, swing: str) -> None:
    """Thrust and swing by ST follow the B16 table (ST 18: 1d+2 / 3d) and its progression."""
    assert str(tables.thrust_damage(st)) == thrust
    assert str(tables.swing_damage(st)) == swing


def test_damage_by_st_never_drops() -> None:
    """More ST never means less thrust or swing damage (B16 progression, ST 1-400)."""
    for strike in (tables.thrust_damage, tables.swing_damage):
        maxima = [strike(st).maximum + strike(st).minimum for st in range(1, 401)]
        assert maxima == sorted(maxima)


@pytest.mark.parametrize("st", [0, -3])
def test_damage_by_st_needs_positive_st(st: int) -> None:
    """ST below 1 has no damage entry (B16)."""
    with pytest.raises(ValueError, match="ST must be 1 or more"):
        tables.thrust_damage(st)


@pytest.mark.parametrize(
    ("yards", "modifier"),
    [
        (0, 0),
        (1, 0),
        (2, 0),
        (2.5, -1),
        (3, -1),
        (4, -2),
        (5, -2),
        (7, -3),
        (10, -4),
        (15, -5),
        (20, -6),
        (21, -7),
        (30, -7),
        (31, -8),
        (50, -8),
        (70, -9),
        (100, -10),
        (150, -11),
        (200, -12),
        (300, -13),
        (500, -14),
        (700, -15),
        (1000, -16),
        (1001, -17),
        (10**18, -106),
    ],
)
def test_range_modifier(yards: float, modifier: int) -> None:
    """Speed/range uses the next higher row; 2 yards or less is 0 (B550; 30 yards → −7)."""
    assert tables.range_modifier(yards) == modifier


@pytest.mark.parametrize(
    ("yards", "modifier"),
    [
        (2, 0),
        (1.8, 0),
        (1.5, -1),
        (1, -2),
        (24 / 36, -3),
        (0.5, -4),
        (12 / 36, -5),
        (8 / 36, -6),
        (3 / 36, -8),
        (0.2 / 36, -15),
        (0.1 / 36, -17),
        (3, 1),
        (4, 2),
        (5, 2),
        (7, 3),
        (10, 4),
        (100, 10),
    ],
)
def test_size_modifier(yards: float, modifier: int) -> None:
    """Size modifier by longest dimension; between rows use the next higher size (B550)."""
    assert tables.size_modifier(yards) == modifier


def test_size_modifier_needs_a_size() -> None:
    """A target must have a positive size to look up (B550)."""
    with pytest.raises(ValueError, match="positive"):
        tables.size_modifier(0)


@pytest.mark.parametrize(
    ("roll", "key", "penalty"),
    [
        (3, "skull", -7),
        (4, "skull", -7),
        (5, "face", -5),
        (6, "right_leg", -2),
        (7, "right_leg", -2),
        (8, "right_arm", -2),
        (9, "torso", 0),
        (10, "torso", 0),
        (11, "groin", -3),
        (12, "left_arm", -2),
        (13, "left_leg", -2),
        (14, "left_leg", -2),
        (15, "hand", -4),
        (16, "foot", -4),
        (17, "neck", -5),
        (18, "neck", -5),
    ],
)
def test_random_hit_location(roll: int, key: str, penalty: int) -> None:
    """A 3d6 random-location roll lands where the humanoid table says (B552)."""
    location = tables.hit_location(roll)
    assert (location.key, location.penalty) == (key, penalty)


@pytest.mark.parametrize("roll", [2, 19, 0])
def test_random_hit_location_needs_3d6(roll: int) -> None:
    """Only 3-18 are 3d6 results (B552)."""
    with pytest.raises(ValueError, match="3-18"):
        tables.hit_location(roll)


@pytest.mark.parametrize(
    ("key", "options", "penalty"),
    [
        ("skull", {}, -7),
        ("skull", {"from_behind": True}, -5),
        ("face", {"from_behind": True}, -7),
        ("eye", {}, -9),
        ("vitals", {}, -3),
        ("left_arm", {"shield_arm": True}, -4),
        ("torso", {"from_behind": True}, 0),
    ],
)
def test_location_penalty(key: str, options: dict[str, bool], penalty: int) -> None:
    """Aimed-location penalties, with the skull/face from-behind and shield-arm cases (B552)."""
    assert tables.location_penalty(key, **options) == penalty


def test_location_unknown() -> None:
    """An unknown location name is refused, listing the known ones."""
    with pytest.raises(ValueError, match="known: skull, face"):
        tables.location("tail")


@pytest.mark.parametrize(
    ("key", "melee", "defense", "ranged", "retreat"),
    [
        ("standing", 0, 0, 0, True),
        ("crouching", -2, 0, -2, True),
        ("kneeling", -2, -2, -2, False),
        ("sitting", -2, -2, -2, False),
        ("crawling", -4, -3, -2, True),
        ("lying", -4, -3, -2, True),
    ],
)
def test_posture_modifiers(key: str, melee: int, defense: int, ranged: int, retreat: bool) -> None:
    """Posture modifiers to attack, defense and being shot, and retreat (B551, fact sheet §4)."""
    posture = tables.posture(key)
    assert (posture.melee_attack, posture.defense, posture.ranged_to_be_hit) == (
        melee,
        defense,
        ranged,
    )
    assert posture.can_retreat is retreat


@pytest.mark.parametrize(
    ("key", "extra_mp", "hexes"),
    [("standing", 0, 1), ("crouching", 0.5, 1), ("kneeling", 2, 1), ("crawling", 2, 2)],
)
def test_posture_movement_costs(key: str, extra_mp: float, hexes: int) -> None:
    """Movement points per hex and hexes covered by posture (seed 001: 姿勢, ヘクス)."""
    posture = tables.posture(key)
    assert posture.extra_mp_per_hex == extra_mp
    assert posture.hexes == hexes


def test_posture_lying_moves_one_hex() -> None:
    """Lying down moves only 1 hex a turn and covers 2 hexes (seed 001: 伏せ)."""
    lying = tables.posture("lying")
    assert (lying.move_yards_per_turn, lying.move_factor, lying.hexes) == (1, None, 2)
    assert lying.ranged_to_be_hit_cover_table == -4


@pytest.mark.parametrize(
    ("table", "roll", "key"),
    [
        ("critical_hit", 3, "triple_damage"),
        ("critical_hit", 18, "triple_damage"),
        ("critical_hit", 17, "dr_halved"),
        ("critical_hit", 5, "double_damage"),
        ("critical_hit", 15, "max_damage"),
        ("critical_hit", 13, "major_wound"),
        ("critical_hit", 8, "nerve_strike"),
        ("critical_hit", 10, "normal_damage"),
        ("critical_hit", 12, "drops_held_items"),
        ("critical_head_blow", 3, "max_damage_ignores_dr"),
        ("critical_head_blow", 5, "dr_halved_major_wound"),
        ("critical_head_blow", 7, "eye_hit"),
        ("critical_head_blow", 8, "dazed"),
        ("critical_head_blow", 13, "deafened_or_scarred"),
        ("critical_head_blow", 14, "drops_weapon"),
        ("critical_head_blow", 17, "dr_halved"),
        ("critical_miss", 4, "weapon_breaks"),
        ("critical_miss", 5, "hit_self"),
        ("critical_miss", 6, "hit_self_half"),
        ("critical_miss", 13, "lose_balance"),
        ("critical_miss", 12, "weapon_turns"),
        ("critical_miss", 11, "drop_weapon"),
        ("critical_miss", 14, "weapon_flies"),
        ("critical_miss", 15, "strained_shoulder"),
        ("critical_miss", 16, "fall_down"),
        ("unarmed_critical_miss", 18, "knocked_out"),
        ("unarmed_critical_miss", 17, "strained_limb_or_flee"),
        ("unarmed_critical_miss", 16, "hit_solid_object"),
        ("unarmed_critical_miss", 14, "stumble"),
        ("unarmed_critical_miss", 12, "trip"),
        ("unarmed_critical_miss", 13, "guard_down"),
        ("unarmed_critical_miss", 15, "torn_muscle"),
    ],
)
def test_critical_table_rows(table: str, roll: int, key: str) -> None:
    """Each critical table maps its 3d6 roll to the right result (B556-557, fact sheet §9)."""
    lookup = {
        "critical_hit": tables.critical_hit,
        "critical_head_blow": tables.critical_head_blow,
        "critical_miss": tables.critical_miss,
        "unarmed_critical_miss": tables.unarmed_critical_miss,
    }[table]
    assert lookup(roll).key == key


@pytest.mark.parametrize(
    ("lookup", "roll", "kind", "field", "value"),
    [
        (tables.critical_hit, 3, EffectKind.DAMAGE_MULTIPLIER, "value", 3),
        (tables.critical_hit, 16, EffectKind.DAMAGE_MULTIPLIER, "value", 2),
        (tables.critical_hit, 4, EffectKind.DR_HALVED, "rounding", "down"),
        (tables.critical_head_blow, 4, EffectKind.DR_HALVED, "rounding", "up"),
        (tables.critical_hit, 8, EffectKind.DOUBLE_SHOCK, "cap", -8),
        (tables.critical_head_blow, 6, EffectKind.REDIRECT_TO_EYE, "fallback_roll", 4),
        (tables.critical_head_blow, 8, EffectKind.LOSE_NEXT_TURN, "may_defend", True),
        (tables.critical_miss, 8, EffectKind.WEAPON_TURNS_IN_HAND, "extra_ready", 1),
        (tables.critical_miss, 6, EffectKind.HIT_SELF, "fraction", 0.5),
        (tables.critical_miss, 7, EffectKind.LOSE_BALANCE, "defense_penalty", -2),
        (tables.unarmed_critical_miss, 12, EffectKind.ROLL_OR_FALL, "modifier", 0),
    ],
)
def test_critical_effects_are_structured(
    lookup: object, roll: int, kind: EffectKind, field: str, value: object
) -> None:
    """Results carry structured effects the engine can apply (B556-557)."""
    assert callable(lookup)
    effects = [e for e in lookup(roll).effects if e.effect is kind]
    assert effects, f"no {kind} effect for roll {roll}"
    assert getattr(effects[0], field) == value


@pytest.mark.parametrize("roll", range(3, 19))
def test_critical_hits_forbid_defense(roll: int) -> None:
    """Every critical hit and head blow allows no active defense (B556)."""
    for entry in (tables.critical_hit(roll), tables.critical_head_blow(roll)):
        assert entry.effects[0].effect is EffectKind.DEFENSE_IMPOSSIBLE
    assert all(
        e.effect is not EffectKind.DEFENSE_IMPOSSIBLE for e in tables.critical_miss(roll).effects
    )


def test_critical_miss_conditions() -> None:
    """A swung weapon flies on 14, anything else is just dropped (B556 result 14)."""
    effects = tables.critical_miss(14).effects
    assert [(e.effect, e.when) for e in effects] == [
        (EffectKind.WEAPON_FLIES, (Condition.SWINGING_MELEE,)),
        (EffectKind.DROP_WEAPON, (Condition.NOT_SWINGING_MELEE,)),
    ]


@pytest.mark.parametrize(
    "name", ["critical_hit", "critical_head_blow", "critical_miss", "unarmed_critical_miss"]
)
def test_critical_tables_are_bilingual(name: str) -> None:
    """Every critical result has a stable key and short ja and en descriptions."""
    table = tables.critical_table(name)
    for entry in table.entries:
        assert entry.key and entry.en.strip() and entry.ja.strip()
        assert entry.en != entry.ja


def test_unarmed_notes() -> None:
    """Fighters who can't fall take 1d-3 instead; fliers get an awkward position (B557)."""
    notes = {note.key: note for note in tables.critical_table("unarmed_critical_miss").notes}
    assert str(notes["cannot_fall"].effects[0].dice) == "1d-3"
    awkward = notes["flier_or_swimmer"].effects[0]
    assert (awkward.attack_penalty, awkward.defense_penalty) == (-4, -3)


def test_every_location_is_bilingual() -> None:
    """Every hit location and posture has a key and ja and en names."""
    names = [(loc.key, loc.en, loc.ja) for loc in tables.HIT_LOCATIONS]
    names += [(p.key, p.en, p.ja) for p in tables.POSTURES]
    assert all(key and en and ja for key, en, ja in names)


def test_encumbrance_table() -> None:
    """Encumbrance levels 0-4 at 1, 2, 3, 6, 10 × Basic Lift, Dodge −0 … −4 (B17)."""
    rows = [(lv.max_lift_multiple, lv.dodge) for lv in tables.ENCUMBRANCE]
    assert rows == [(1, 0), (2, -1), (3, -2), (6, -3), (10, -4)]
