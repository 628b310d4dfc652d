"""Seed 002 C. コンボ 「奥儀」 (secret arts): techniques combined as one combo.

「武技あるいは異能技を組み合わせたコンボ。2撃目以降の消費FAPが3点、6点、9点・・・と下がっていく
(この修正は消費FAPの合計をまず計算して引く。最低0)」; its requirement and number are
「様々」, the scenario's data (`Art`). Declared as one action (`ougi:ART`): the parts'
technique costs added, less 3 + 6 + … for the second part on (at least 0). Resolved as
every combo is (「行動解決直前までにT値が条件を満たさなくなった場合コンボは自動的に最初の
行動で終わる」, 「最初の行動解決直前かつコンボの必要T値の時に2D6を振り規定値以上ならば、
組み合わされた以降の行動を連続して行える」): the requirement checked just before the first
part (a relative one against the first part's target), then 2D6 against the art's
number; each later part is a technique in its own right (its own requirement, hit
modifier, T drop; an action for the order), at a target chosen when it comes (decision
`combo_strike`). A part whose weapon was lost meanwhile is skipped. Ability techniques
(異能技) are not built: the parts are 武技 (interpretation 44).
"""

from __future__ import annotations

from senjo.engine.battle import Battle, Steps
from senjo.systems.tvalue.chances import two_dice_at_least
from senjo.systems.tvalue.choices import ART, Act
from senjo.systems.tvalue.combos import combo_roll, next_target
from senjo.systems.tvalue.model import Art
from senjo.systems.tvalue.resolve import resolve_technique
from senjo.systems.tvalue.state import TvState
from senjo.systems.tvalue.techniques import technique_costs

__all__ = ["ART", "art_chance", "art_cost", "art_requirement", "resolve_art"]

#: 「3点、6点、9点・・・」: the FAP off the n-th part is 3 × (n − 1).
_STEP = 3


def art_cost(state: TvState, key: str, art: Art) -> tuple[int, int]:
    """(FAP, MAP) of `key`'s secret art: the parts' total FAP less 3 + 6 + … (at least
    0), and their MAP."""
    used = [technique_costs(state, key, part) for part, _ in art.parts]
    fap = sum(part[0] for part in used)
    map_ = sum(part[1] for part in used)
    off = sum(_STEP * part for part in range(1, len(art.parts)))
    return max(0, fap - off), map_


def art_requirement(state: TvState, key: str, art: Art, target: str) -> int:
    """The T the art's requirement reads now: `key`'s own, or relative to `target`."""
    return state.relative(key, target) if art.basis == "relative" else state.status[key].t


def art_chance(art: Art) -> float:
    """The exact chance the combo roll (2D6 at or above the art's number) lets the rest
    follow.

    >>> art_chance(Art("a", "", "", (), number=7))
    0.5833333333333334
    """
    return float(two_dice_at_least(art.number))


def resolve_art(battle: Battle[TvState], key: str, art_key: str, first: str) -> Steps:
    """Resolve `key`'s secret art, its first part at `first`."""
    state = battle.state
    art = state.sheets[key].art(art_key)
    had = art_requirement(state, key, art, first)
    go_on = combo_roll(battle, key, f"{ART}:{art_key}", art.basis, art.needed, had, art.number)
    target = first
    for index, (technique, weapon) in enumerate(art.parts):
        if index:
            target = (yield from next_target(battle, key, technique, weapon)) if go_on else ""
            if not target:
                return
        if not state.status[target].active or weapon in state.status[key].dropped:
            continue
        yield from resolve_technique(battle, key, Act(technique, weapon, target))
