"""T値 system fighters and setup in a scenario file: the schema and what it builds.

A fighter gives the numbers seed 002 reads, each directly (its Chapter 1 derives them):
`combat_level` (戦闘レベル), `reaction`, `dexterity`, `intelligence` (the action order),
`vitality`, `strength`, `hp`, `mp`, the budgets `fap` and `map`, `evasion` (回避点),
`protection` by depth, and weapons: `accuracy` (命中), `skill` (the combat skill's level),
`damage` (`2D6+2`), `cap` (ダメージ上限), `depth`, and what a direct attack costs (`fap`,
`map`: Chapter 1's numbers, which senjo does not have; 6 and 1 unless given); a
projectile weapon (`delivery: projectile`) has its shooting power (`shooting`) and the
fixed value its target's evasion roll must reach (`fixed_hit`), and an area weapon its
radius (`area`), and any weapon its `reach` (射程, whole metres). A fighter's `size_m`
and `position` (metres) feed the shooting roll, なぎ払い and every range; `move_m` is
how far one 移動 takes it. Its `techniques` are the seed's four by key or its
scenario's own (the seed table's columns, `reach` among them, and for an ability
technique `mp`, `hp` and `clauses`); its `arts` (奥儀) join two techniques or more.

The `setup:` block: `gm_sides` (they declare first), `surprise: {by: SIDE, kind:
complete}` or `{by: SIDE, kind: partial, amount: 1..4}`, `joiners: [{key: KEY, round:
2.., surprise: 0..4, unintended: 0..4}]` (fighters who join later), and `move: {fap,
map}` (what one 移動 costs).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from senjo.scenario.errors import TWO_WEAPONS, Bilingual, ScenarioError, from_validation
from senjo.scenario.fields import (
    BAD_DAMAGE,
    Finite,
    Int,
    Key,
    Names,
    both_names,
    no_such_side,
    parse_damage,
)
from senjo.space.plane import Point
from senjo.systems.tvalue.clauses import COSTS
from senjo.systems.tvalue.model import (
    DEPTHS,
    Art,
    Clause,
    Fighter,
    Joiner,
    Setup,
    Technique,
    Weapon,
)

__all__ = [
    "ComboSpec",
    "JoinerSpec",
    "MoveSpec",
    "SetupSpec",
    "SurpriseSpec",
    "TvFighter",
    "WeaponSpec",
    "build_fighter",
    "build_setup",
]

Value = Annotated[Int, Field(ge=-50, le=200)]
SeedTechnique = Literal["leg_sweep", "iai", "oni_claw", "two_swords"]
Points = Annotated[Int, Field(ge=0, le=1000)]
DepthName = Literal["physical", "ethereal", "spirit", "principle", "divine"]
Metres = Annotated[Int, Field(ge=0, le=1_000_000)]
#: 射程: the nearest and farthest range in whole metres, or the farthest alone (from 0).
Reach = tuple[Metres, Metres] | Metres


#: A seed technique written as data: its data are the seed's.
SEED_TECHNIQUE = Bilingual(
    "one of the seed's techniques: write its key alone (its data are the seed's)",
    "シードの武技です：キーだけを書いてください（データはシードのもの）",
)
TWO_TECHNIQUES = Bilingual("two techniques share a key", "同じキーの武技が2つあります")
TWO_ARTS = Bilingual("two secret arts share a key", "同じキーの奥儀が2つあります")
#: A cost is read when the action is declared, before it has a target.
COST_BASIS = Bilingual(
    "a cost clause reads the fighter's own T (absolute): it is paid when declared, "
    "before there is a target",
    "消費の変動は宣言時に読むので絶対値だけです（目標はまだ決まっていません）",
)
DIE_FACE = Bilingual("a die's face: 1 to 6", "ダイスの目は1〜6です")
#: 「組み合わせたコンボ」: a secret art combines two techniques or more.
ART_TOO_SHORT = Bilingual(
    "a secret art (奥儀) combines two parts or more",
    "奥儀は2つ以上の武技を組み合わせます",
)
#: 「範囲」 is given only to projectile weapons (interpretation 43).
NEAREST_FIRST = Bilingual(
    "a reach is [nearest, farthest] in whole metres: the nearest first",
    "射程は [最短, 最長]（メートル単位の整数）で、短い方を先に書きます",
)
AREA_NEEDS_PROJECTILE = Bilingual(
    "an area (範囲) is for projectile weapons only: add delivery: projectile",
    "範囲は射出攻撃の武器だけに指定できます（delivery: projectile を指定してください）",
)


class WeaponSpec(BaseModel):
    """A weapon as written in a scenario file."""

    model_config = ConfigDict(extra="forbid")

    key: Key
    name: Names | None = None
    accuracy: Value = 0
    skill: Annotated[Int, Field(ge=0, le=50)] = 0
    damage: Annotated[Int, Field(ge=0, le=999)] | str
    cap: Points = 0
    depth: DepthName = "physical"
    fap: Annotated[Int, Field(ge=0, le=100)] = 6
    map: Annotated[Int, Field(ge=0, le=100)] = 1
    hands: Literal[1, 2] = 1
    sheathed: bool = False
    pole: bool = False
    delivery: Literal["direct", "projectile"] = "direct"
    after_protection: Annotated[Int, Field(ge=1, le=10)] = 1
    shooting: Value = 0
    fixed_hit: Value = 0
    area: Annotated[Finite, Field(ge=0, le=10_000)] = 0.0
    reach: Reach | None = None


class ComboSpec(BaseModel):
    """A chain combo (○連コンボ) the fighter knows: its weapon and how many strikes."""

    model_config = ConfigDict(extra="forbid")

    weapon: Key
    strikes: Annotated[Int, Field(ge=2, le=10)]


class ClauseSpec(BaseModel):
    """A T-scaled clause of an ability technique (異能技のデータ変動): its kind (those
    `clauses.py` reads; `docs/scenarios.md` says what each does), its T (`basis`), step
    or threshold (`at`), `amount`, and for `hit_if`/`damage_if` the pool and whether
    `at` is a ceiling or a floor."""

    model_config = ConfigDict(extra="forbid")

    kind: Literal[
        "hit_per",
        "dice_at",
        "damage_per",
        "depth_up",
        "damage_times",
        "fap_at",
        "map_at",
        "mp_per",
        "mp_less_t",
        "evasion_at",
        "replacements",
        "hit_if",
        "damage_if",
        "reach_per",
    ]
    basis: Literal["absolute", "relative"] = "absolute"
    at: Annotated[Int, Field(ge=1, le=10000)] = 1
    amount: Annotated[Int, Field(ge=-100, le=100)] = 1
    pool: Literal["hp", "mp"] = "hp"
    when: Literal["at_most", "at_least"] = "at_most"


class TechniqueSpec(BaseModel):
    """A technique of the scenario's own (武技), in the columns of the seed's table: 必要T値
    (absolute), 下降T値, 消費FAP, 消費MAP, 命中修正, ダメージ修正, 深度 (the weapon's if
    left out)."""

    model_config = ConfigDict(extra="forbid")

    key: Key
    name: Names | None = None
    needed: Value = 0
    drop: Annotated[Int, Field(ge=0, le=100)] = 0
    fap: Annotated[Int, Field(ge=0, le=100)]
    map: Annotated[Int, Field(ge=0, le=100)]
    hit: Value = 0
    damage: Annotated[Int, Field(ge=-100, le=100)] = 0
    depth: DepthName | None = None
    mp: Annotated[Int, Field(ge=0, le=10000)] = 0
    hp: Annotated[Int, Field(ge=0, le=10000)] = 0
    clauses: list[ClauseSpec] = []
    reach: Reach | None = None


class ArtPartSpec(BaseModel):
    """One part of a secret art: a technique the fighter knows, with one of its weapons."""

    model_config = ConfigDict(extra="forbid")

    technique: Key
    weapon: Key


class RequirementSpec(BaseModel):
    """A requirement (必要T値): absolute or relative T at least `at_least`."""

    model_config = ConfigDict(extra="forbid")

    basis: Literal["absolute", "relative"] = "absolute"
    at_least: Value = 0


class ArtSpec(BaseModel):
    """A secret art (奥儀): two or more techniques as one combo, its requirement and the
    number its 2D6 combo roll must reach."""

    model_config = ConfigDict(extra="forbid")

    key: Key
    name: Names | None = None
    parts: list[ArtPartSpec]
    requirement: RequirementSpec = RequirementSpec()
    number: Annotated[Int, Field(ge=2, le=13)] = 7


class TvFighter(BaseModel):
    """One T値 system fighter as written in a scenario file."""

    model_config = ConfigDict(extra="forbid")

    key: Key
    name: Names
    side: Key
    controller: Literal["ai", "human", "random"] = "ai"
    combat_level: Annotated[Int, Field(ge=0, le=100)] = 1
    reaction: Value = 10
    dexterity: Value = 10
    intelligence: Value = 10
    vitality: Value = 10
    strength: Value = 10
    hp: Annotated[Int, Field(ge=1, le=10000)] = 20
    mp: Annotated[Int, Field(ge=0, le=10000)] = 10
    fap: Annotated[Int, Field(ge=0, le=100)] = 12
    map: Annotated[Int, Field(ge=0, le=100)] = 4
    evasion: Value = 10
    protection: dict[DepthName, Points] = {}
    weapons: list[WeaponSpec] = []
    techniques: list[SeedTechnique | TechniqueSpec] = []
    size_m: Annotated[Finite, Field(gt=0, le=1_000_000)] = 1.7
    combos: list[ComboSpec] = []
    guard_cancels: list[Key] = []
    close_accuracy: Value = 0
    speed_mps: Annotated[Finite, Field(ge=0, le=1000)] = 5.0
    punch: Annotated[Int, Field(ge=0, le=999)] | str = "1D6-2"
    position: tuple[Finite, Finite] = (0.0, 0.0)
    arts: list[ArtSpec] = []
    move_m: Annotated[Finite, Field(ge=0, le=100_000)] = 5.0


class SurpriseSpec(BaseModel):
    """A surprise at the start (不意打ち): the side that sprang it, complete or partial,
    and what a partial one costs the others (1 to 4)."""

    model_config = ConfigDict(extra="forbid")

    by: Key
    kind: Literal["complete", "partial"]
    amount: Annotated[Int, Field(ge=1, le=4)] | None = None


class JoinerSpec(BaseModel):
    """A fighter who joins at the start of a later round (途中参加): what its surprise
    appearance costs every foe then fighting, and what an unintended joining costs it."""

    model_config = ConfigDict(extra="forbid")

    key: Key
    round: Annotated[Int, Field(ge=2, le=10000)]
    surprise: Annotated[Int, Field(ge=0, le=4)] = 0
    unintended: Annotated[Int, Field(ge=0, le=4)] = 0


class MoveSpec(BaseModel):
    """What one 移動 costs (Chapter 1's numbers: placeholders unless given)."""

    model_config = ConfigDict(extra="forbid")

    fap: Annotated[Int, Field(ge=0, le=100)] = 3
    map: Annotated[Int, Field(ge=0, le=100)] = 1


class SetupSpec(BaseModel):
    """The scenario's `setup:` block for a T値 battle."""

    model_config = ConfigDict(extra="forbid")

    gm_sides: list[Key] = []
    surprise: SurpriseSpec | None = None
    joiners: list[JoinerSpec] = []
    move: MoveSpec = MoveSpec()


def _weapon(spec: WeaponSpec, source: str, path: str) -> Weapon:
    damage = parse_damage(spec.damage)
    if damage is None:
        raise ScenarioError(source, f"{path}.damage", BAD_DAMAGE)
    name, name_ja = both_names(spec.name, source, f"{path}.name") if spec.name else (spec.key,) * 2
    if spec.area and spec.delivery != "projectile":
        raise ScenarioError(source, f"{path}.area", AREA_NEEDS_PROJECTILE)
    return Weapon(
        key=spec.key,
        name=name,
        name_ja=name_ja,
        accuracy=spec.accuracy,
        skill=spec.skill,
        dice=damage[0],
        flat=damage[1],
        cap=spec.cap,
        depth=DEPTHS[spec.depth],
        fap=spec.fap,
        map=spec.map,
        hands=spec.hands,
        sheathed=spec.sheathed,
        pole=spec.pole,
        delivery=spec.delivery,
        shooting=spec.shooting,
        fixed_hit=spec.fixed_hit,
        after_protection=spec.after_protection,
        area=float(spec.area),
        reach=_reach(spec.reach, source, f"{path}.reach"),
    )


def _reach(spec: tuple[int, int] | int | None, source: str, path: str) -> tuple[int, int] | None:
    """A range pair, nearest first (a single number: from 0)."""
    if spec is None:
        return None
    nearest, farthest = (0, spec) if isinstance(spec, int) else spec
    if nearest > farthest:
        raise ScenarioError(source, path, NEAREST_FIRST)
    return nearest, farthest


def build_fighter(data: dict[str, object], source: str, index: int) -> tuple[Fighter, str, Point]:
    """Validate one fighter and build its sheet; returns (sheet, controller, position in
    metres): a T値 battle measures ranges and moves on positions, not on a hex map."""
    prefix = f"combatants[{index}]"
    try:
        spec = TvFighter.model_validate(data)
    except ValidationError as error:
        raise from_validation(source, error, prefix) from None
    name, name_ja = both_names(spec.name, source, f"{prefix}.name")
    weapons = tuple(
        _weapon(entry, source, f"{prefix}.weapons[{number}]")
        for number, entry in enumerate(spec.weapons)
    )
    if len({w.key for w in weapons}) != len(weapons):
        raise ScenarioError(source, f"{prefix}.weapons", TWO_WEAPONS)
    punch = parse_damage(spec.punch)
    if punch is None:
        raise ScenarioError(source, f"{prefix}.punch", BAD_DAMAGE)
    direct = [w.key for w in weapons if w.delivery == "direct"]
    for number, weapon_key in enumerate(spec.guard_cancels):
        if weapon_key not in direct:
            raise _not_its(source, f"{prefix}.guard_cancels[{number}]", DIRECT_WEAPON, direct)
    for number, combo in enumerate(spec.combos):
        if combo.weapon not in direct:
            raise _not_its(source, f"{prefix}.combos[{number}].weapon", DIRECT_WEAPON, direct)
    own = tuple(
        _technique(entry, source, f"{prefix}.techniques[{number}]")
        for number, entry in enumerate(spec.techniques)
        if isinstance(entry, TechniqueSpec)
    )
    if len({t.key for t in own}) != len(own):
        raise ScenarioError(source, f"{prefix}.techniques", TWO_TECHNIQUES)
    arts = tuple(
        _art(art, spec, source, f"{prefix}.arts[{number}]") for number, art in enumerate(spec.arts)
    )
    if len({art.key for art in arts}) != len(arts):
        raise ScenarioError(source, f"{prefix}.arts", TWO_ARTS)
    sheet = Fighter(
        key=spec.key,
        name=name,
        name_ja=name_ja,
        side=spec.side,
        combat_level=spec.combat_level,
        reaction=spec.reaction,
        dexterity=spec.dexterity,
        intelligence=spec.intelligence,
        vitality=spec.vitality,
        strength=spec.strength,
        hp=spec.hp,
        mp=spec.mp,
        fap=spec.fap,
        map=spec.map,
        evasion=spec.evasion,
        protection=tuple((DEPTHS[depth], points) for depth, points in spec.protection.items()),
        weapons=weapons,
        techniques=tuple(dict.fromkeys(_technique_key(entry) for entry in spec.techniques)),
        own_techniques=own,
        size_m=spec.size_m,
        combos=tuple(dict.fromkeys((c.weapon, c.strikes) for c in spec.combos)),
        guard_cancels=tuple(dict.fromkeys(spec.guard_cancels)),
        close_accuracy=spec.close_accuracy,
        speed_mps=spec.speed_mps,
        punch=punch,
        arts=arts,
        move_m=spec.move_m,
    )
    return sheet, spec.controller, Point(*spec.position)


#: What a name must be one of, in English and Japanese (`_not_its`).
DIRECT_WEAPON = ("direct-attack weapons", "直接攻撃の武器")
WEAPON = ("weapons", "武器")
TECHNIQUE = ("techniques", "武技")


def _not_its(source: str, path: str, what: tuple[str, str], known: list[str]) -> ScenarioError:
    """The error for a name that is not one of the fighter's weapons or techniques."""
    listed = ", ".join(known) or "none"
    return ScenarioError(
        source,
        path,
        Bilingual(
            f"not one of its {what[0]}: {listed}",
            f"この戦闘者の{what[1]}ではありません（{what[1]}：{listed}）",
        ),
    )


def _technique_key(entry: str | TechniqueSpec) -> str:
    return entry if isinstance(entry, str) else entry.key


def _technique(spec: TechniqueSpec, source: str, path: str) -> Technique:
    """A technique of the scenario's own; a seed technique's key is refused (its data
    are the seed's: write the key alone)."""
    if spec.key in get_args(SeedTechnique):
        raise ScenarioError(source, f"{path}.key", SEED_TECHNIQUE)
    for number, clause in enumerate(spec.clauses):
        if clause.kind in COSTS and clause.basis == "relative":
            raise ScenarioError(source, f"{path}.clauses[{number}].basis", COST_BASIS)
        if clause.kind == "dice_at" and not 1 <= clause.amount <= 6:
            raise ScenarioError(source, f"{path}.clauses[{number}].amount", DIE_FACE)
    name, name_ja = both_names(spec.name, source, f"{path}.name") if spec.name else (spec.key,) * 2
    return Technique(
        key=spec.key,
        needed=spec.needed,
        drop=spec.drop,
        fap=spec.fap,
        map=spec.map,
        hit=spec.hit,
        damage=spec.damage,
        depth=None if spec.depth is None else DEPTHS[spec.depth],
        name=name,
        name_ja=name_ja,
        mp=spec.mp,
        hp=spec.hp,
        clauses=tuple(
            Clause(c.kind, c.at, c.amount, c.basis, c.pool, c.when) for c in spec.clauses
        ),
        reach=_reach(spec.reach, source, f"{path}.reach"),
    )


def _art(spec: ArtSpec, fighter: TvFighter, source: str, path: str) -> Art:
    """A secret art whose parts are techniques the fighter knows with its weapons."""
    if len(spec.parts) < 2:
        raise ScenarioError(source, f"{path}.parts", ART_TOO_SHORT)
    weapons = [weapon.key for weapon in fighter.weapons]
    techniques = [_technique_key(entry) for entry in fighter.techniques]
    for number, part in enumerate(spec.parts):
        if part.technique not in techniques:
            raise _not_its(source, f"{path}.parts[{number}].technique", TECHNIQUE, techniques)
        if part.weapon not in weapons:
            raise _not_its(source, f"{path}.parts[{number}].weapon", WEAPON, weapons)
    name, name_ja = both_names(spec.name, source, f"{path}.name") if spec.name else (spec.key,) * 2
    return Art(
        key=spec.key,
        name=name,
        name_ja=name_ja,
        parts=tuple((part.technique, part.weapon) for part in spec.parts),
        basis=spec.requirement.basis,
        needed=spec.requirement.at_least,
        number=spec.number,
    )


def build_setup(data: Any, source: str, fighters: tuple[Any, ...]) -> Setup:
    """Validate the `setup:` block (absent: no GM side, no surprise)."""
    try:
        spec = SetupSpec.model_validate(data if data is not None else {})
    except ValidationError as error:
        raise from_validation(source, error, "setup") from None
    sides = {fighter.side for fighter in fighters}
    for number, side in enumerate(spec.gm_sides):
        if side not in sides:
            raise no_such_side(source, f"setup.gm_sides[{number}]", sides)
    joiners = _joiners(spec.joiners, source, fighters)
    surprise = spec.surprise
    fap, map_ = spec.move.fap, spec.move.map
    if surprise is None:
        return Setup(tuple(spec.gm_sides), joiners=joiners, move_fap=fap, move_map=map_)
    if surprise.by not in sides:
        raise no_such_side(source, "setup.surprise.by", sides)
    complete = surprise.kind == "complete"
    if complete == (surprise.amount is not None):
        raise ScenarioError(
            source,
            "setup.surprise.amount",
            Bilingual(
                "a partial surprise takes an amount from 1 to 4; a complete one none (it is 4)",
                "不完全な不意打ちには amount（1〜4）を、完全な不意打ちには指定しません（4点）",
            ),
        )
    return Setup(
        gm_sides=tuple(spec.gm_sides),
        surprise_by=surprise.by,
        surprise_complete=complete,
        surprise_amount=4 if complete else int(surprise.amount or 0),
        joiners=joiners,
        move_fap=fap,
        move_map=map_,
    )


def _joiners(specs: list[JoinerSpec], source: str, fighters: tuple[Any, ...]) -> tuple[Joiner, ...]:
    """Each joiner a fighter of the file, once; someone must be there from the start."""
    keys = [fighter.key for fighter in fighters]
    seen: set[str] = set()
    for number, spec in enumerate(specs):
        path = f"setup.joiners[{number}].key"
        if spec.key not in keys:
            known = ", ".join(keys)
            raise ScenarioError(
                source,
                path,
                Bilingual(
                    f"{spec.key!r} is not a combatant; combatants: {known}",
                    f"{spec.key!r} という戦闘者はいません（戦闘者：{known}）",
                ),
            )
        if spec.key in seen:
            raise ScenarioError(
                source,
                path,
                Bilingual(f"{spec.key!r} joins twice", f"{spec.key!r} が2回参加しています"),
            )
        seen.add(spec.key)
    present = {fighter.side for fighter in fighters if fighter.key not in seen}
    if len(present) < 2:
        raise ScenarioError(
            source,
            "setup.joiners",
            Bilingual(
                "at least two sides must be there from the start",
                "開始時に2つ以上の陣営がいなければなりません",
            ),
        )
    return tuple(Joiner(s.key, s.round, s.surprise, s.unintended) for s in specs)
