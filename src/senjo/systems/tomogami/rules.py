"""The optional rules of the `tomogami` system, and seed 003's opening distances.

The battlefield's environment (戦場の環境) sets the band the two sides open at; the
stand-in check (`checks.py`) is set by `check_dice`, `difficulty` and `level_step`,
since the base game's own check is not known to senjo.

>>> Rules.from_settings({"environment": "forest"}).opening_band
<Band.ZERO: 0>
>>> rules = Rules.from_settings({"check_dice": "3d6"})
>>> (rules.dice_count, rules.dice_sides, rules.difficulty, rules.level_step)
(3, 6, 10, 2)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from senjo.engine.battle import MOST_ROUNDS, RuleOption
from senjo.space.bands import Band

__all__ = ["CHECK_DICE", "ENVIRONMENTS", "OPENING_BAND", "OPTIONS", "WATER", "Rules"]

#: Seed 003 「環境ごとの開戦距離」: the band the sides open at, by environment. The seed
#: files 市街地 (town) under 草原 (grassland); senjo lets a scenario name it.
OPENING_BAND: Final[Mapping[str, Band]] = {
    "ocean": Band.FAR,  # 海洋
    "river": Band.NEAR,  # 河川
    "forest": Band.ZERO,  # 森林
    "grassland": Band.NEAR,  # 草原
    "town": Band.NEAR,  # 市街地
    "desert": Band.FAR,  # 砂漠
    "mountain": Band.NEAR,  # 山岳
    "polar": Band.FAR,  # 極地
}
ENVIRONMENTS: Final = tuple(OPENING_BAND)
#: The environments on water: no obstacles unless option `water_cover` (the GM's call).
WATER: Final = frozenset({"ocean", "river"})

#: The stand-in check's dice: option value -> (count, sides).
CHECK_DICE: Final[Mapping[str, tuple[int, int]]] = {
    "2d6": (2, 6),
    "3d6": (3, 6),
    "1d10": (1, 10),
    "1d20": (1, 20),
}

OPTIONS: Final[tuple[RuleOption, ...]] = (
    RuleOption(
        "environment",
        ENVIRONMENTS,
        "grassland",
        "Seed 003: the battlefield; it sets the opening band and each sheet's maneuver modifier.",
        "シード003：戦場の環境。開戦距離と各キャラクターの環境機動修正を決める。",
    ),
    RuleOption(
        "check_dice",
        tuple(CHECK_DICE),
        "2d6",
        "senjo's stand-in check (the base game's is not known): the dice added to the value.",
        "senjo の代用判定（基本ルールの判定は未入手）：判定値に足すダイス。",
    ),
    RuleOption(
        "difficulty",
        (),
        "10",
        "Stand-in check: the total that succeeds when a rule names no difficulty.",
        "代用判定：ルールが難易度を定めないときの成功に必要な達成値。",
        most=100,
    ),
    RuleOption(
        "level_step",
        (),
        "2",
        "Stand-in check: points per success or failure level beyond the first.",
        "代用判定：成功・失敗レベルが1上がるごとの点数。",
        most=20,
    ),
    RuleOption(
        "water_cover",
        ("off", "on"),
        "off",
        "Seed 003: obstacles on water too (a floating market, a harbour), as the GM decides.",
        "シード003：水上でも障害物を使える（水上市場や港など、GMが決める）。",
    ),
    RuleOption(
        "mishaps",
        ("on", "off"),
        "on",
        "Seed 003: an automatic failure in battle rolls the GM's 1D on the mishap table.",
        "シード003：戦闘中の自動失敗でGMが1Dを振り、表を適用する。",
    ),
    RuleOption(
        "protect",
        ("zone", "near"),
        "zone",
        "Seed 003 「同一距離領域にいる味方をかばう」: protect an ally at zero with the protector "
        "(zone), or any ally at zero or near (near).",
        "シード003「同一距離領域にいる味方をかばう」：かばえるのは自分と零距離にいる味方（zone）、"
        "または零距離か近距離にいる味方（near）。",
    ),
    RuleOption(
        "max_rounds",
        (),
        "100",
        "Turns before the battle is called a draw.",
        "引き分けとするまでのターン数。",
        most=MOST_ROUNDS,
    ),
)


@dataclass(frozen=True, slots=True)
class Rules:
    """The options of one battle, resolved into typed values."""

    environment: str = "grassland"
    dice_count: int = 2
    dice_sides: int = 6
    difficulty: int = 10
    level_step: int = 2
    water_cover: bool = False
    mishaps: bool = True
    #: Option `protect`: an ally at near may be protected as well as one in the zone.
    protect_near: bool = False
    max_rounds: int = 100

    @classmethod
    def from_settings(cls, settings: Mapping[str, str]) -> Rules:
        """Typed rules from checked option values (missing ones at their defaults)."""
        count, sides = CHECK_DICE[settings.get("check_dice", "2d6")]
        return cls(
            environment=settings.get("environment", "grassland"),
            dice_count=count,
            dice_sides=sides,
            difficulty=int(settings.get("difficulty", "10")),
            level_step=int(settings.get("level_step", "2")),
            water_cover=settings.get("water_cover", "off") == "on",
            mishaps=settings.get("mishaps", "on") == "on",
            protect_near=settings.get("protect", "zone") == "near",
            max_rounds=int(settings.get("max_rounds", "100")),
        )

    @property
    def cover_allowed(self) -> bool:
        """Seed 003 「通常は陸上のみでしか使用できない」: obstacles on land, on water by option."""
        return self.environment not in WATER or self.water_cover

    @property
    def opening_band(self) -> Band:
        """Seed 003 ●１: the band the sides open at in this environment."""
        return OPENING_BAND[self.environment]
