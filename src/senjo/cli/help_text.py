"""The commands' help in Japanese: `senjo sim --help --lang ja` (or a Japanese locale).

The help is written in English where each command is declared; `HELP_JA` gives each
text its Japanese. `help_in(lang)` puts the Japanese in while the command line runs
(the commands, their options and the help option, the panel titles), and puts the
English back afterwards, so one process can show both. It works through the help's
renderer (`typer.rich_utils`); without `rich`, the help is English.

>>> HELP_JA["Battles to play."]
'プレイする戦闘の数。'
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

__all__ = ["HELP_JA", "PANELS_JA", "help_in"]

#: English help text -> Japanese, for every command, option and argument of `senjo`.
HELP_JA: dict[str, str] = {
    # senjo, and the help option of every command
    "senjo (戦場): referee and simulate tabletop-RPG combat. Unofficial fan tool.": (
        "senjo（戦場）：TRPG の戦闘を裁定し、シミュレートする。非公式のファンツール。"
    ),
    "Show this message and exit.": "このヘルプを表示して終了する。",
    # senjo roll
    "Roll a dice command and print the result line (BCDice's format in Japanese).": (
        "ダイスコマンドを振り、結果の行を表示する（日本語では BCDice の書式）。"
    ),
    "The dice command, e.g. '3d6<=11' (after -- if it starts with -).": (
        "ダイスコマンド。例：'3d6<=11'（- で始まるときは -- の後に）。"
    ),
    "Dice system: DiceBot/none, GURPS/gurps, Cthulhu/coc.": (
        "ダイスシステム：DiceBot/none、GURPS/gurps、Cthulhu/coc。"
    ),
    "Script the dice instead of rolling: 3,3,4 or 6:3,6:4.": (
        "振らずに出目を指定する：3,3,4 または 6:3,6:4。"
    ),
    "Output language: ja or en.": "出力の言語：ja または en。",
    "Print one JSON object.": "JSON オブジェクトを一つ出力する。",
    "Seed for the random dice.": "ランダムなダイスのシード。",
    # senjo run, replay, play, resume
    "Play a scenario out with its controllers and narrate every roll with its modifiers.": (
        "シナリオを操作者どおりに最後まで戦わせ、すべての判定を修正値とともに語る。"
    ),
    "A scenario file.": "シナリオファイル。",
    "Random seed (a whole number).": "乱数のシード（整数）。",
    "ja or en.": "ja または en。",
    "Write the journal (JSON lines).": "ジャーナル（JSON Lines）を書き出す。",
    "Override an optional rule: NAME=VALUE (repeatable).": (
        "選択ルールを上書きする：NAME=VALUE（繰り返し可）。"
    ),
    "Draw the hex map at the start of every round.": "毎ラウンドの初めにヘックスマップを描く。",
    "Re-run a saved battle from its logged decisions and dice, check it, and narrate it.": (
        "保存した戦闘を記録された決定とダイスで再実行し、照合して語る。"
    ),
    "A battle journal.": "戦闘のジャーナル。",
    "Play one combatant yourself; the others follow their controllers.": (
        "戦闘者の一人を自分で操作する。ほかは操作者に従う。"
    ),
    "The combatant you play (its key).": "自分で操作する戦闘者（そのキー）。",
    "Write the journal (JSON lines), even on quit.": (
        "ジャーナル（JSON Lines）を書き出す（中断したときも）。"
    ),
    "Go on with a battle stopped in `senjo play`, from its journal, where it stopped.": (
        "`senjo play` で中断した戦闘を、そのジャーナルから、止まったところで再開する。"
    ),
    "The journal of a stopped battle.": "中断した戦闘のジャーナル。",
    "The combatant you play (default: the one the journal names).": (
        "自分で操作する戦闘者（既定：ジャーナルにある戦闘者）。"
    ),
    "Write the journal here (default: FILE.jsonl itself).": (
        "ジャーナルの書き出し先（既定：FILE.jsonl そのもの）。"
    ),
    # senjo map
    "Draw the map: walls, obstructions, footing, figures with facing arrows.": (
        "マップを描く：壁、障害物、足場、向きの矢印つきのフィギュア。"
    ),
    "A scenario with a map.": "マップのあるシナリオ。",
    "Where to write the SVG picture.": "SVG 画像の書き出し先。",
    "ja or en for every command (a command's own --lang wins).": (
        "すべてのコマンドの言語、ja か en（コマンドの後の --lang が優先）。"
    ),
    "Shade this figure's arcs and mark its reach.": (
        "このフィギュアの視界区分を塗り、間合いを示す。"
    ),
    "Label each hex with its q,r, as scenarios and moves name it.": (
        "各ヘクスに座標 q,r（シナリオと移動先で使う名前）を書き入れる。"
    ),
    # senjo sim, sweep
    "Play a scenario many times (Monte Carlo) and report win rates with 95% intervals.": (
        "シナリオを何度も戦わせ（モンテカルロ法）、勝率を95%信頼区間とともに報告する。"
    ),
    "Battles to play.": "プレイする戦闘の数。",
    "Seed S: battle i uses derive_seed(S, i).": (
        "シード S：i 番目の戦闘は derive_seed(S, i) を使う。"
    ),
    "Local worker processes: a number, or auto (one per core).": (
        "ローカルのワーカープロセス：数、または auto（コアごとに一つ）。"
    ),
    "auto, engine or fast: how battles are played.": "auto、engine、fast：戦闘の計算経路。",
    "Also draw the results (FILE.png or FILE.svg).": "結果を図にも描く（FILE.png か FILE.svg）。",
    "local (worker processes) or dask (a Dask cluster).": (
        "local（ワーカープロセス）または dask（Dask クラスタ）。"
    ),
    "The Dask scheduler's address (tcp://…).": "Dask スケジューラのアドレス（tcp://…）。",
    "Simulate a scenario at every point of a parameter grid (the same seeds at every point).": (
        "パラメータの格子の各点でシナリオをシミュレートする（どの点でも同じシード）。"
    ),
    "PATH=a..b or PATH=v1,v2 (repeatable), e.g. combatants.knight.skills.Broadsword=10..18 "
    "or options.max_rounds=10,20.": (
        "PATH=a..b または PATH=v1,v2（繰り返し可）。例："
        "combatants.knight.skills.Broadsword=10..18、options.max_rounds=10,20。"
    ),
    "The side whose win rate is plotted.": "勝率を図にする陣営。",
    # senjo gurps
    "GURPS calculators: damage by ST, range modifier, injury. GURPS 計算機。": (
        "GURPS 計算機：体力によるダメージ、距離修正、負傷。"
    ),
    "Thrust and swing damage for a ST score (体力から突き・振りのダメージ).": (
        "体力から突き・振りのダメージを求める。"
    ),
    "Strength (体力), 1 or more.": "体力（1以上）。",
    "The speed/range modifier for a distance in yards (目標の距離と速度, B550).": (
        "ヤードで表した距離に対する距離・速度修正（目標の距離と速度、B550）。"
    ),
    "Distance (plus speed) in yards: 30, 2.5 or 1/2 (距離＋速度).": (
        "距離（＋速度）をヤードで：30、2.5、1/2。"
    ),
    "The injury one hit does, with its working (ダメージから負傷を計算).": (
        "一撃の負傷を、計算の過程とともに求める（ダメージから負傷を計算）。"
    ),
    "Basic damage (基本ダメージ).": "基本ダメージ。",
    "Damage type: cr, cut, imp, pi-, pi, pi+, pi++, burn, … or 切り.": (
        "ダメージの種類：cr、cut、imp、pi-、pi、pi+、pi++、burn … または 切り。"
    ),
    "The armor's DR (防護点).": "防具の防護点（DR）。",
    "Hit location (命中部位): torso, neck, skull, …": "命中部位：torso、neck、skull …",
    "Armor divisor (徹甲除数): 2, 3, 0.5, inf …": "徹甲除数：2、3、0.5、inf …",
    "Injury Tolerance (負傷耐性): unliving, homogenous, diffuse.": (
        "負傷耐性：unliving、homogenous、diffuse。"
    ),
    "The target's max HP (caps limb and extremity).": "目標の最大HP（腕脚・手足の上限に使う）。",
    "List every hex a figure can end its maneuver in, with the cheapest cost and facings.": (
        "フィギュアが戦闘行動を終えられるヘックスを、最小の移動コストと向きとともに列挙する。"
    ),
    "The combatant who moves.": "移動する戦闘者。",
    "Move, on an open map.": "移動力（開けたマップでの）。",
    "move, move_and_attack, all_out_attack or all_out_defense.": (
        "move、move_and_attack、all_out_attack、all_out_defense。"
    ),
    "standing, crouching, kneeling, crawling, lying, sitting.": (
        "standing、crouching、kneeling、crawling、lying、sitting。"
    ),
    # senjo odds
    "Exact probabilities (正確な確率), one subcommand per rule system.": (
        "正確な確率。ルールシステムごとのサブコマンド。"
    ),
    "Exact chances of one GURPS attack, and its injury with --damage (命中確率と負傷の分布).": (
        "GURPS の一回の攻撃の正確な確率と、--damage があれば負傷の分布（命中確率と負傷の分布）。"
    ),
    "The attacker's effective skill (技能).": "攻撃者の有効技能値。",
    "The defender's active defense (能動防御); none if unset.": (
        "防御者の能動防御。指定しなければ防御なし。"
    ),
    "Damage (ダメージ): 2d+1, 1d+2 cut, sw+1 cut (with --st), 3d(2) pi …": (
        "ダメージ：2d+1、1d+2 cut、sw+1 cut（--st とともに）、3d(2) pi …"
    ),
    "Damage type if --damage has none: cut (default), cr, imp …": (
        "--damage に種類がないときのダメージの種類：cut（既定）、cr、imp …"
    ),
    "The attacker's ST (体力), for thr/sw damage.": "攻撃者の体力（thr/sw のダメージ用）。",
    "A critical hit does normal damage (no table roll).": (
        "クリティカルヒットは通常のダメージ（表を振らない）。"
    ),
    "Shots in a burst (連射, B373): its Rapid Fire bonus is added to --skill.": (
        "連射の弾数（B373）：連射ボーナスを --skill に加える。"
    ),
    "The weapon's Recoil (反動, Rcl; 1 if unset).": "武器の反動（Rcl。指定しなければ 1）。",
    "Exact chances of one CoC attack, and its damage with --damage (命中確率とダメージの分布).": (
        "CoC の一回の攻撃の正確な確率と、--damage があればダメージの分布"
        "（命中確率とダメージの分布）。"
    ),
    "The attack skill in percent (技能%).": "攻撃の技能（%）。",
    "The dodge or parry in percent (回避/受け流し%).": "回避または受け流し（%）。",
    "Weapon damage (ダメージ): 1D8, 1D6+1D4, 1D3+db, 1D6+db/2.": (
        "武器のダメージ：1D8、1D6+1D4、1D3+db、1D6+db/2。"
    ),
    "Damage bonus (ダメージボーナス): +1D4, -1D4, +1D6, 0.": (
        "ダメージボーナス：+1D4、-1D4、+1D6、0。"
    ),
    "The target's armour (装甲).": "目標の装甲。",
    "An impaling weapon (貫通): dice twice on a special.": (
        "貫通武器：スペシャルでダメージのダイスを二度振る。"
    ),
    "The 1% rule (CC: critical 01, fumble 100), not CCB.": (
        "1%ルール（CC：クリティカル 01、ファンブル 100）。CCB ではない。"
    ),
    "Martial Arts (武道) in percent, for an unarmed blow: dice twice on its roll.": (
        "武道（%）。素手の打撃で、その判定に成功すればダメージのダイスを二度振る。"
    ),
    "A knock-out attack (気絶攻撃) against a target of HP hit points.": (
        "耐久力 HP の目標への気絶攻撃。"
    ),
    # senjo odds tvalue
    "Exact chances of one T値 direct attack, and its damage with --damage "
    "(命中確率とダメージの分布).": (
        "T値システムの一回の直接攻撃の正確な確率と、--damage があればダメージの分布"
        "（命中確率とダメージの分布）。"
    ),
    "The hit roll's accuracy (命中).": "命中判定の命中。",
    "The target's evasion score (回避点).": "目標の回避点。",
    "Damage (ダメージ): six-sided dice and a bonus, 2D6+1, 1D.": (
        "ダメージ：6面ダイスと修正。2D6+1、1D。"
    ),
    "The damage cap (ダメージ上限).": "ダメージ上限。",
    "The target's protection (防護).": "目標の防護。",
    "Damage multiplied after protection (hollow points' 2).": (
        "防護の後にダメージに掛ける数（ホロウポイント弾なら 2）。"
    ),
    "heavy_blow (強打), critical (クリティカル) or all_out (全力攻撃).": (
        "heavy_blow（強打）、critical（クリティカル）、all_out（全力攻撃）のどれか。"
    ),
    "The target rolls 2D6 + evasion - 7 (option hit_model=contest).": (
        "目標も振る：2D6+回避点−7（オプション hit_model=contest）。"
    ),
}

#: The help renderer's own words (`typer.rich_utils`), in Japanese.
PANELS_JA: dict[str, str] = {
    "ARGUMENTS_PANEL_TITLE": "引数",
    "OPTIONS_PANEL_TITLE": "オプション",
    "COMMANDS_PANEL_TITLE": "コマンド",
    "REQUIRED_LONG_STRING": "[必須]",
    "DEFAULT_STRING": "[既定: {}]",
}

#: The usage line's first word (click's), and the Japanese put in its place.
USAGE_EN = "Usage:"
USAGE_JA = "使い方:"


@contextmanager
def help_in(lang: str) -> Iterator[None]:
    """While the block runs, the help is shown in `lang` (Japanese for "ja"; else as
    written). Every text and setting changed is put back when the block ends."""
    if lang != "ja":
        yield
        return
    try:
        from typer import rich_utils
    except ImportError:  # no rich: the library's plain help, in English
        yield
        return
    original = rich_utils.rich_format_help
    saved = {name: getattr(rich_utils, name) for name in PANELS_JA}
    changed: list[tuple[Any, str, str]] = []

    def japanese(*, obj: Any, ctx: Any, markup_mode: Any) -> None:
        shown = [obj, *obj.get_params(ctx), *getattr(obj, "commands", {}).values()]
        for item in shown:
            for field in ("help", "short_help"):
                text = getattr(item, field, None)
                if isinstance(text, str) and text in HELP_JA:
                    changed.append((item, field, text))
                    setattr(item, field, HELP_JA[text])
        english_usage = type(obj).get_usage

        def usage(context: Any) -> str:
            line: str = english_usage(obj, context)
            return line.replace(USAGE_EN, USAGE_JA, 1)

        obj.get_usage = usage  # this command's instance only; removed below
        try:
            original(obj=obj, ctx=ctx, markup_mode=markup_mode)
        finally:
            del obj.get_usage

    for name, text in PANELS_JA.items():
        setattr(rich_utils, name, text)
    rich_utils.rich_format_help = japanese
    try:
        yield
    finally:
        rich_utils.rich_format_help = original
        for name, value in saved.items():
            setattr(rich_utils, name, value)
        for item, field, text in reversed(changed):
            setattr(item, field, text)
