"""Maneuver processing (seed 003 ●４ 機動処理): moving between bands by maneuver checks,
and the maneuvers in place of a move (cover, charge, sniping).

A character names a target and a band (or escapes the engagement area, or takes cover
behind an obstacle, 障害物, by its tactics against every foe). The target
and every foe who opposes form the target group; the mover contests each of them
(機動判定, its maneuver value at −1 per band crossed, plus its environment modifier),
and only if it beats all of them is it at that band from the whole group and near
from everyone else (the near presumption, `senjo.space.bands`). Nobody opposing, or
the initiative's first maneuvers, need no roll.
"""

from __future__ import annotations

from senjo.engine.battle import Battle, Steps
from senjo.engine.decision import Choice, Decision
from senjo.space.bands import Band, units
from senjo.systems.tomogami.checks import contest
from senjo.systems.tomogami.choices import BAND_NAMES, LET, OPPOSE, PURSUE, Maneuver
from senjo.systems.tomogami.damage import lose_cover
from senjo.systems.tomogami.events import (
    TomoCovered,
    TomoEscaped,
    TomoManeuverCancelled,
    TomoManeuverFailed,
    TomoMoved,
    TomoSniped,
)
from senjo.systems.tomogami.mishaps import after_rolls
from senjo.systems.tomogami.scores import maneuver_score, tactics_score
from senjo.systems.tomogami.special import charge
from senjo.systems.tomogami.state import TomoState

__all__ = [
    "COVER",
    "ESCAPE",
    "LET",
    "OPPOSE",
    "PURSUE",
    "STAY",
    "maneuver_options",
    "process_maneuver",
]

STAY = Maneuver("stay")
COVER = Maneuver("cover")
ESCAPE = Maneuver("escape")
#: The most bands one maneuver crosses (seed 003 「最大で２」; leaving the area 3).
MOST_UNITS = 2
_MOVE_BANDS = (Band.ZERO, Band.NEAR, Band.FAR)


def maneuver_options(state: TomoState, key: str) -> tuple[Maneuver, ...]:
    """Staying, taking cover (on land, out of any zone, with a foe to hide from), a
    charge at a foe near it, every move of one or two bands from another character
    still fighting (seed 003 「最小で１、最大で２」), and escaping the area."""
    options = [STAY]
    if state.rules.cover_allowed and state.foes(key) and not state.bands.zero_partners(key):
        options.append(COVER)
    # 【突進】 「近距離でのみ可能」: at a foe near it.
    near = [foe for foe in state.foes(key) if state.bands.distance(key, foe) is Band.NEAR]
    options.extend(Maneuver("charge", foe) for foe in near)
    # 【機動狙撃】 「近距離でのみ可能」.
    options.extend(Maneuver("snipe", foe) for foe in near)
    for other, status in state.status.items():
        if other == key or not status.active:
            continue
        now = state.bands.distance(key, other)
        for band in _MOVE_BANDS:
            if band is not now and units(now, band) <= MOST_UNITS:
                options.append(Maneuver("move", other, band.name.lower()))
    options.append(ESCAPE)
    return tuple(options)


def process_maneuver(battle: Battle[TomoState], key: str, automatic: bool = False) -> Steps:
    """Carry out `key`'s declared maneuver. `automatic`: it succeeds without a roll (the
    initiative's winners, their first maneuver)."""
    state = battle.state
    plan = state.status[key].maneuver
    if state.status[key].fallen:  # 「次に行うはずだった機動処理を行うことが出来なくなる」
        battle.emit(TomoManeuverCancelled(key, "fallen"))
        return
    if state.status[key].blocked:  # 【突撃破砕射撃】 「機動処理は実行不可能となる」
        battle.emit(TomoManeuverCancelled(key, "breaking_fire"))
        return
    if plan is None or plan.kind == "stay":
        return
    if plan.kind == "cover":
        _take_cover(battle, key, automatic)
        return
    lose_cover(battle, key, "moved")  # leaving its obstacle (interpretation 10)
    if plan.kind == "charge":
        if state.status[plan.target].active:
            yield from charge(battle, key, plan, automatic)
        else:
            battle.emit(TomoManeuverFailed(key, plan.target, "charge", ()))
        return
    if plan.kind == "snipe":
        _snipe(battle, key, plan, automatic)
        return
    if plan.kind == "escape":
        yield from _escape(battle, key, automatic)
        return
    band = BAND_NAMES[plan.band]
    if not state.status[plan.target].active:
        battle.emit(TomoManeuverFailed(key, plan.target, plan.band, ()))
        return
    group: list[str] = []
    foes = state.foes(key)
    # A zero move names one target (「目標は１キャラクターしか指定できない」): only it may oppose.
    candidates = [plan.target] if band is Band.ZERO else [plan.target, *foes]
    for other in dict.fromkeys(candidates):
        if other not in foes:
            continue
        answer: Choice = yield Decision(other, "oppose", (OPPOSE, LET), (key, plan))
        if answer == OPPOSE:
            group.append(other)
    lost = [] if automatic else _contests(battle, key, band, group, "maneuver")
    if lost:
        battle.emit(TomoManeuverFailed(key, plan.target, plan.band, tuple(lost)))
        return
    members = [other for other in group if other != plan.target]
    state.bands.move(key, plan.target, band, members)
    battle.emit(TomoMoved(key, plan.target, plan.band, tuple(group), automatic))
    if band is Band.ZERO:  # 「零距離領域が形成された場合、その障害物はその瞬間に破壊される」
        lose_cover(battle, plan.target, "zone")


def _take_cover(battle: Battle[TomoState], key: str, automatic: bool) -> None:
    """Seed 003 障害物: tactics (知性) contests against every foe; winning all, `key` hides
    behind an obstacle of the best success level it rolled (shots at it −level; the
    obstacle's life). The initiative's automatic first maneuver still rolls, for the level
    (at least 1), but cannot fail (interpretation 10)."""
    state = battle.state
    lost: list[str] = []
    best = 0
    for foe in state.foes(key):
        result = contest(
            state.rules,
            battle.dice,
            "cover",
            key,
            tactics_score(state, key),
            foe,
            tactics_score(state, foe),
        )
        battle.emit(result)
        after_rolls(battle, result.first, result.second)
        best = max(best, result.first.level)
        if result.winner != key:
            lost.append(foe)
    if lost and not automatic:
        battle.emit(TomoManeuverFailed(key, "", "cover", tuple(lost)))
        return
    status = state.status[key]
    status.cover = status.cover_life = max(1, best)
    battle.emit(TomoCovered(key, status.cover))


def _snipe(battle: Battle[TomoState], key: str, plan: Maneuver, automatic: bool) -> None:
    """Seed 003 【機動狙撃】 「目標との機動判定に勝った場合、その回の戦闘処理で成功レベル分、
    大打撃値を低下させることができる」: a contest with the target (which cannot decline); a
    win with a success keeps its level for the turn."""
    state = battle.state
    if not state.status[plan.target].active:
        battle.emit(TomoManeuverFailed(key, plan.target, "snipe", ()))
        return
    result = contest(
        state.rules,
        battle.dice,
        "snipe",
        key,
        maneuver_score(state, key),
        plan.target,
        maneuver_score(state, plan.target),
    )
    battle.emit(result)
    after_rolls(battle, result.first, result.second)
    won = result.winner == key and result.first.success
    if not (won or automatic):
        battle.emit(TomoManeuverFailed(key, plan.target, "snipe", (plan.target,)))
        return
    status = state.status[key]
    status.snipe_target, status.snipe_level = plan.target, max(1, result.first.level)
    battle.emit(TomoSniped(key, plan.target, status.snipe_level))


def _escape(battle: Battle[TomoState], key: str, automatic: bool) -> Steps:
    """Leave the engagement area: beat every foe who pursues (「追撃する全キャラクター」)."""
    state = battle.state
    pursuers: list[str] = []
    for other in state.foes(key):
        answer: Choice = yield Decision(other, "oppose", (PURSUE, LET), (key, ESCAPE))
        if answer == PURSUE:
            pursuers.append(other)
    lost = [] if automatic else _contests(battle, key, Band.OUT, pursuers, "escape")
    if lost:
        battle.emit(TomoManeuverFailed(key, "", "out", tuple(lost)))
        return
    state.bands.leave(key)
    state.status[key].fled = True
    battle.emit(TomoEscaped(key, tuple(pursuers)))


def _contests(
    battle: Battle[TomoState], key: str, band: Band, group: list[str], purpose: str
) -> list[str]:
    """One contest against each member of the group, the mover at −1 per band it crosses
    from that member; returns those it did not beat. A dragon maneuver (龍機動, 武魂
    active) is one contest, against the member with the best maneuver value, with the
    キズナ level and no penalty for the bands crossed."""
    state = battle.state
    if state.sheets[key].bukon:
        return _dragon(battle, key, group, purpose)
    lost: list[str] = []
    for other in group:
        crossed = units(state.bands.distance(key, other), band)
        result = contest(
            state.rules,
            battle.dice,
            purpose,
            key,
            maneuver_score(state, key, crossed),
            other,
            maneuver_score(state, other),
        )
        battle.emit(result)
        after_rolls(battle, result.first, result.second)
        if result.winner != key:
            lost.append(other)
    return lost


def _dragon(battle: Battle[TomoState], key: str, group: list[str], purpose: str) -> list[str]:
    """Seed 003 【龍機動】 「龍機動判定は、目標群のうち最も機動判定値の高いキャラクター１柱のみに
    対して行う。距離単位の移動にともなう判定は行わない」; returns [that member] if not beaten."""
    if not group:
        return []
    state = battle.state
    best = max(group, key=lambda other: maneuver_score(state, other).value)
    result = contest(
        state.rules,
        battle.dice,
        purpose,
        key,
        maneuver_score(state, key, dragon=True),
        best,
        maneuver_score(state, best),
    )
    battle.emit(result)
    after_rolls(battle, result.first, result.second)
    return [] if result.winner == key else [best]
