"""The words of simulation reports and plots, in Japanese and English.

`docs/simulation.md` lists the same terms with what each number means.

>>> term("win_rate", "ja"), term("win_rate", "en")
('勝率', 'win rate')
>>> reason("round_limit", "ja")
'ラウンド上限'
>>> reason("something_new", "en")
'something_new'
"""

from __future__ import annotations

from collections.abc import Mapping

__all__ = ["TERMS", "battles", "paren", "points", "reason", "term"]

#: key -> (Japanese, English).
TERMS: dict[str, tuple[str, str]] = {
    "battles": ("戦闘数", "battles"),
    "seed": ("シード", "seed"),
    "path": ("計算経路", "path"),
    "engine": ("エンジン", "engine"),
    "exact": ("正確な確率", "exact chance"),
    "exact_mean": ("正確な平均", "exact mean"),
    "fast": ("高速経路", "fast path"),
    "seconds": ("秒", "s"),
    "side": ("陣営", "side"),
    "wins": ("勝利数", "wins"),
    "win_rate": ("勝率", "win rate"),
    "ci95": ("95%信頼区間", "95% interval"),
    "survivors": ("生存者（平均）", "survivors (mean)"),
    "draw": ("引き分け", "draw"),
    "rounds": ("ラウンド数", "rounds"),
    "mean": ("平均", "mean"),
    "median": ("中央値", "median"),
    "p10": ("10パーセンタイル", "10th percentile"),
    "p90": ("90パーセンタイル", "90th percentile"),
    "range": ("範囲", "range"),
    "combatant": ("戦闘者", "combatant"),
    "hit_rate": ("命中率", "hit rate"),
    "defense_rate": ("防御成功率", "defense rate"),
    "dealt": ("与えた負傷", "injury dealt"),
    "taken": ("受けた負傷", "injury taken"),
    "dealt_short": ("与負傷（平均/中央値/90%）", "injury dealt (mean / median / p90)"),
    "taken_short": ("被負傷（平均）", "injury taken (mean)"),
    "hp_left": ("HP（終了時平均/初期）", "HP (mean at end / start)"),
    "standing": ("生存率", "still standing"),
    "by_flight": ("うち敵の逃走", "foe fled"),
    "fled": ("逃走率", "fled"),
    "per_battle": ("1戦あたり", "per battle"),
    "injury_hp": ("負傷（HP）", "injury (HP)"),
    "count": ("戦闘数", "battles"),
    "plot_win_rate": ("勝率と95%信頼区間", "Win rate with 95% interval"),
    "plot_rounds": ("戦闘の長さ", "Battle length"),
    "plot_damage": ("1戦あたりの与えた負傷", "Injury dealt per battle"),
    "share": ("割合", "share of battles"),
    "sweep": ("パラメータ掃引", "parameter sweep"),
    "per_point": ("各", "each "),
    "progress": ("シミュレーション中", "simulating"),
}

_REASONS: dict[str, tuple[str, str]] = {
    "round_limit": ("ラウンド上限", "round limit reached"),
    "all_down": ("全員が倒れた", "everyone is down"),
}


def term(key: str, lang: str) -> str:
    """A report word in `lang` ("ja" or "en")."""
    ja, en = TERMS[key]
    return ja if lang == "ja" else en


def reason(key: str, lang: str) -> str:
    """Why a battle had no winner, in `lang` (an unknown reason is shown as it is)."""
    pair = _REASONS.get(key)
    if pair is None:
        return key
    return pair[0] if lang == "ja" else pair[1]


def battles(count: int, lang: str) -> str:
    """ "2,000 battles" / "2,000戦".

    >>> battles(2000, "en"), battles(1, "en"), battles(2000, "ja")
    ('2,000 battles', '1 battle', '2,000戦')
    """
    if lang == "ja":
        return f"{count:,}戦"
    return f"{count:,} battle" + ("" if count == 1 else "s")


def paren(text: str, lang: str) -> str:
    """Text in brackets as each language writes them, with the space English puts before.

    >>> paren("300戦", "ja"), paren("300 battles", "en")
    ('（300戦）', ' (300 battles)')
    """
    return f"（{text}）" if lang == "ja" else f" ({text})"


#: Why a fast path handed a battle to the engine (`SimAggregate.replayed_by`): name ->
#: (Japanese, English).
_HANDED_OVER: dict[str, tuple[str, str]] = {
    "critical_miss": ("追わない大失敗", "critical miss not modelled"),
    "ready": ("追わない準備", "Ready not modelled"),
    "sidearm": ("追わない予備の武器", "spare weapon not modelled"),
    "beyond": ("表の範囲外の距離", "distance past the tables"),
    "target": ("最寄り以外の敵への攻撃", "blow at a foe other than the nearest"),
    "crippled": ("追わない手足や目の負傷の影響", "crippled limb or eye not modelled"),
    "parry_strike": ("追わない受けた武器の反撃", "strike after a parry not modelled"),
}


def replayed_line(replayed: int, count: int, lang: str, by: Mapping[str, int] | None = None) -> str:
    """How many of a fast-path run's battles the model handed to the engine, which played
    them in full with the same dice (`SimAggregate.replayed`), and why (`by`, most first).

    >>> replayed_line(12, 100000, "en")
    'replayed on the engine: 12 of 100,000 battles (0.012%)'
    >>> replayed_line(12, 100000, "ja")
    'エンジンで再生：100,000戦中12戦（0.012%）'
    >>> [replayed_line(k, 10**7, "en").split("(")[1] for k in (0, 1, 4_150_000, 10**7)]
    ['0%)', '<0.001%)', '42%)', '100%)']
    >>> replayed_line(12, 100000, "en", {"critical_miss": 2, "sidearm": 10}).split(": ")[2]
    'spare weapon not modelled 10, critical miss not modelled 2'
    >>> replayed_line(12, 100000, "ja", {"sidearm": 12})
    'エンジンで再生：100,000戦中12戦（0.012%）：追わない予備の武器 12'
    """
    percent = 100 * replayed / count if count else 0.0
    if 0 < percent < 0.001:
        share = "<0.001%"
    else:
        share = f"{percent:.0f}%" if percent >= 10 else f"{percent:.2g}%"
    column = 0 if lang == "ja" else 1
    why = ", ".join(
        f"{_HANDED_OVER.get(name, (name, name))[column]} {n:,}"
        for name, n in sorted((by or {}).items(), key=lambda item: (-item[1], item[0]))
        if n
    )
    if lang == "ja":
        line = f"エンジンで再生：{battles(count, lang)}中{battles(replayed, lang)}（{share}）"
        return f"{line}：{why}" if why else line
    line = f"replayed on the engine: {replayed:,} of {battles(count, lang)} ({share})"
    return f"{line}: {why}" if why else line


def points(count: int, lang: str) -> str:
    """ "10 points" / "10通り" (the points of a sweep's grid).

    >>> points(10, "en"), points(1, "en"), points(10, "ja")
    ('10 points', '1 point', '10通り')
    """
    if lang == "ja":
        return f"{count:,}通り"
    return f"{count:,} point" + ("" if count == 1 else "s")
