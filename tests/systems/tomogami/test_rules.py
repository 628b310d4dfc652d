"""The トモガミ options and seed 003's opening distances (「環境ごとの開戦距離」)."""

from __future__ import annotations

import pytest

from senjo.space.bands import Band
from senjo.systems.tomogami.rules import ENVIRONMENTS, OPENING_BAND, OPTIONS, Rules


@pytest.mark.parametrize(
    ("environment", "band"),
    [
        ("ocean", Band.FAR),  # 海洋：遠
        ("river", Band.NEAR),  # 河川：近
        ("forest", Band.ZERO),  # 森林：零
        ("grassland", Band.NEAR),  # 草原（市街地含む）：近
        ("town", Band.NEAR),
        ("desert", Band.FAR),  # 砂漠：遠
        ("mountain", Band.NEAR),  # 山岳：近
        ("polar", Band.FAR),  # 極地：遠
    ],
)
def test_the_environment_sets_the_opening_band(environment: str, band: Band) -> None:
    """Seed 003 ●１: 「開戦時の敵味方陣営の距離は、戦場の環境によって自動的に決定される」."""
    assert OPENING_BAND[environment] is band
    assert Rules.from_settings({"environment": environment}).opening_band is band


def test_every_environment_is_an_option_value() -> None:
    """Option environment lists the seed's seven (and 市街地, which the seed files with 草原)."""
    option = next(option for option in OPTIONS if option.name == "environment")
    assert option.values == ENVIRONMENTS and option.default == "grassland"
    assert set(ENVIRONMENTS) == set(OPENING_BAND)


def test_defaults_and_a_bad_value() -> None:
    """Defaults: grassland, 2D6 against 10, a level per 2 points, 100 turns."""
    rules = Rules.from_settings({})
    assert (rules.environment, rules.dice_count, rules.dice_sides) == ("grassland", 2, 6)
    assert (rules.difficulty, rules.level_step, rules.max_rounds) == (10, 2, 100)
    option = {option.name: option for option in OPTIONS}
    assert not option["environment"].accepts("swamp")
    assert not option["check_dice"].accepts("2d10")
    assert not option["level_step"].accepts("0")
