"""トモガミ narration of the main actions (seed 003 主動作一覧), in both languages."""

from __future__ import annotations

import pytest

from senjo.engine.events import Event
from senjo.narration.tomogami import TomoNarrator
from senjo.systems.tomogami.events import (
    TomoEmpty,
    TomoProtected,
    TomoProtecting,
    TomoReloaded,
    TomoSwitched,
)

NAMES = {"aki": ("Aki", "アキ"), "ren": ("Ren", "レン"), "oni": ("Oni", "オニ")}
ITEMS = {"rifle": ("rifle", "小銃"), "sword": ("sword", "太刀")}
LINES = [
    (TomoEmpty("aki", "rifle"), "アキの小銃は弾切れ", "Aki's rifle is empty"),
    (
        TomoReloaded("aki", "rifle", 3, 1),
        "アキは小銃の弾倉を交換（装弾 3、予備の弾倉 残り1）",
        "Aki changes the rifle's magazine (3 shots, 1 spare left)",
    ),
    (
        TomoReloaded("aki", "rifle", 3, -1),
        "アキは小銃の弾倉を交換（装弾 3）",
        "Aki changes the rifle's magazine (3 shots)",
    ),
    (
        TomoSwitched("aki", "sword", "rifle"),
        "アキは小銃から太刀に持ち替えた",
        "Aki takes the sword in hand (putting away the rifle)",
    ),
    (TomoSwitched("aki", "sword", ""), "アキは太刀に持ち替えた", "Aki takes the sword in hand"),
    (
        TomoProtecting("aki", "ren"),
        "アキはレンをかばう（次の戦闘処理まで）",
        "Aki protects Ren (until its next combat processing)",
    ),
    (
        TomoProtected("aki", "ren", "oni"),
        "アキがレンをかばってオニの攻撃を受けた",
        "Aki takes Oni's hit on Ren",
    ),
]


@pytest.mark.parametrize(("item", "ja", "en"), LINES)
def test_a_main_action_reads_in_both_languages(item: Event, ja: str, en: str) -> None:
    """Each main action's event has its line, with names and weapons in the language."""
    assert TomoNarrator(NAMES, "ja", ITEMS).line(item) == ja
    assert TomoNarrator(NAMES, "en", ITEMS).line(item) == en
