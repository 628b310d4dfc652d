"""`senjo play`: a person decides for one combatant; quitting keeps the journal."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from senjo.cli.battle import write_journal
from senjo.cli.main import app
from senjo.cli.play import describe_option
from senjo.cli.play_text import asked, standing
from senjo.dice.formatting import Lang
from senjo.engine.controllers import run
from senjo.engine.decision import Choice, Decision
from senjo.engine.events import Decided
from senjo.engine.journal import read_journal
from senjo.narration import narrator_for
from senjo.scenario import load_scenario
from senjo.scenario.battle import build_battle, controllers_for
from senjo.systems.gurps.choices import GrabPlan, ManeuverChoice, WaitResponse
from senjo.systems.tvalue.choices import REPLACEMENTS
from tests.cli.helpers import C_LOCALE, assert_usage_error

DUEL = Path(__file__).parents[2] / "examples" / "gurps" / "duel.yaml"
COC_DUEL = Path(__file__).parents[2] / "examples" / "coc" / "duel.yaml"


def _invoke(args: list[str], answers: str = "") -> Result:
    """`senjo ARGS` with `answers` as the typed input, in the C locale."""
    return CliRunner().invoke(app, args, input=answers, env=C_LOCALE)


def _played(args: list[str], answers: str) -> tuple[Result, list[str]]:
    """`_invoke`, which must exit 0, and its output's rows without their indentation."""
    result = _invoke(args, answers)
    assert result.exit_code == 0, result.stderr
    return result, [row.strip() for row in result.stdout.splitlines()]


def test_options_are_numbered_with_their_odds(tmp_path: Path) -> None:
    """The person's decision lists numbered options, attacks with their chance to hit, the
    weapon by its name and the attack mode in words."""
    log = tmp_path / "play.jsonl"
    result = _invoke(
        ["play", str(DUEL), "--as", "knight", "--lang", "en", "--log", str(log)], "2\n8\nq\n"
    )
    assert result.exit_code == 0, result.stderr
    assert "  2. Move (toward) → Raider" in result.stdout
    assert "Attack → Raider [Broadsword, swing]  (" in result.stdout
    assert "Stopped." in result.stdout
    journal = read_journal(log.read_text(encoding="utf-8").splitlines())
    assert journal.header["seed"] == 7
    assert any(type(e).__name__ == "Decided" for e in journal.events)


def test_end_of_input_stops_and_keeps_the_journal(tmp_path: Path) -> None:
    """Closing the input stops the battle without a traceback; the journal is written."""
    log = tmp_path / "play.jsonl"
    result = _invoke(["play", str(DUEL), "--as", "raider", "--lang", "ja", "--log", str(log)], "")
    assert result.exit_code == 0
    assert "中断しました" in result.stdout
    assert log.exists()


@pytest.mark.parametrize(
    ("lang", "again"),
    [("en", "Enter a number from 1 to 22, or q"), ("ja", "1〜22 の番号か q を入力してください")],
)
def test_answers_as_typed_on_a_japanese_keyboard(tmp_path: Path, lang: str, again: str) -> None:
    """An answer that is not an option's number asks again, saying what is wanted (it
    printed `1-21?`); full-width digits and a full-width q (as a Japanese input method
    types them) count as their ASCII forms, as does a superscript two (it ended the
    battle with a traceback)."""
    log = tmp_path / "play.jsonl"
    result = _invoke(
        ["play", str(DUEL), "--as", "knight", "--lang", lang, "--log", str(log)],
        "abc\n99\n\uff10\n\uff12\n\u00b2\n\uff31\n",
    )
    assert result.exit_code == 0, result.stderr
    assert result.stdout.count(again) == 3
    journal = read_journal(log.read_text(encoding="utf-8").splitlines())
    mine = [e for e in journal.events if isinstance(e, Decided) and e.actor == "knight"]
    assert [made.index for made in mine] == [1, 1]  # full-width 2, then superscript 2
    assert ("中断しました" if lang == "ja" else "Stopped.") in result.stdout


def test_unknown_combatant_is_one_line() -> None:
    """--as with a key that is not in the scenario exits 2 naming the combatants."""
    result = _invoke(["play", str(DUEL), "--as", "ogre"])
    assert_usage_error(result, "knight, raider")


def test_a_seed_that_is_not_a_whole_number_is_one_line() -> None:
    """--seed x is senjo's one line in the language asked for, as every other mistake."""
    result = _invoke(["play", str(DUEL), "--as", "knight", "--seed", "x", "--lang", "ja"])
    assert_usage_error(result, "--seed は整数です: 'x'")


def test_a_log_into_no_folder_is_refused_before_the_battle(tmp_path: Path) -> None:
    """--log into a folder that does not exist (or a folder itself) is one line, exit 2,
    before the first decision is asked: no battle played by hand for a journal that could
    not be written."""
    missing = tmp_path / "no" / "play.jsonl"
    result = _invoke(
        ["play", str(DUEL), "--as", "knight", "--log", str(missing), "--lang", "en"], "1\n"
    )
    assert_usage_error(result, f"--log {missing}: no such folder")
    result = _invoke(["play", str(DUEL), "--as", "knight", "--log", str(tmp_path), "--lang", "ja"])
    assert_usage_error(result, f"--log {tmp_path}：フォルダです")


def test_a_journal_that_cannot_be_written_is_kept_elsewhere(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """If the journal cannot be written where asked when the battle ends (its folder gone),
    it goes to a new file in the temporary folder, and the one line says where."""
    scenario = load_scenario(DUEL)
    battle = build_battle(scenario, seed=3, record_dice=True)
    run(battle, controllers_for(scenario, 3))
    spare_folder = tmp_path / "tmp"
    spare_folder.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(spare_folder))
    gone = tmp_path / "gone" / "play.jsonl"
    with pytest.raises(SystemExit) as stopped:
        write_journal(gone, battle, DUEL, scenario, 3, {}, "en")
    assert stopped.value.code == 2
    line = capsys.readouterr().err
    assert line.startswith(f"senjo: --log {gone}: cannot be written (")
    (spare,) = spare_folder.iterdir()
    assert line.rstrip().endswith(f"the journal is in {spare}")
    journal = read_journal(spare.read_text(encoding="utf-8").splitlines())
    assert journal.header["seed"] == 3
    assert len(journal.events) == len(battle.log)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_an_unwritable_journal_nobody_named_is_not_called_log(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    """Stopped without `--log` where the journal cannot be written (here: every write
    fails), the line names the file senjo chose, not as `--log`, and says where the
    journal went instead; `senjo resume` of a journal that cannot be written back says
    the same of the journal's own file."""

    def refuse(path: Path, text: str) -> None:
        raise OSError(28, "No space left on device")

    spare_folder = tmp_path / "tmp"
    spare_folder.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(spare_folder))
    monkeypatch.chdir(tmp_path)
    log = tmp_path / "kept.jsonl"
    first = _invoke(
        ["play", str(DUEL), "--as", "knight", "--lang", lang, "--log", str(log)], "2\nq\n"
    )
    assert first.exit_code == 0, first.stderr
    monkeypatch.setattr("senjo.cli.battle.store", refuse)
    monkeypatch.setattr("senjo.cli.play.store", refuse)
    cant = "cannot be written (No space left on device)" if lang == "en" else "書き込めません"
    played = _invoke(["play", str(DUEL), "--as", "knight", "--lang", lang], "q\n")
    resumed = CliRunner().invoke(app, ["resume", str(log), "--lang", lang], input="q\n")
    for result, named in ((played, "senjo-duel-"), (resumed, str(log))):
        assert result.exit_code == 2
        line = result.stderr
        assert line.startswith(f"senjo: {named}") and "--log" not in line, line
        assert cant in line and line.count("\n") == 1
    assert len(list(spare_folder.iterdir())) == 2


def test_a_journal_with_nowhere_to_go_is_still_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """If the temporary folder cannot take the journal either, the line says the file
    cannot be written, with no traceback."""
    scenario = load_scenario(DUEL)
    battle = build_battle(scenario, seed=3, record_dice=True)
    run(battle, controllers_for(scenario, 3))
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "no_tmp"))
    gone = tmp_path / "gone" / "play.jsonl"
    with pytest.raises(SystemExit) as stopped:
        write_journal(gone, battle, DUEL, scenario, 3, {}, "ja")
    assert stopped.value.code == 2
    line = capsys.readouterr().err
    assert line.startswith(f"senjo: --log {gone}：書き込めません（") and line.count("\n") == 1
    assert "保存しました" not in line


@pytest.mark.parametrize(
    ("lang", "lines"),
    [
        (
            "ja",
            ["工藤一郎（探偵）: 宣言（戦うか回避に集中か）", "    1. 戦う", "    2. 回避に集中"],
        ),
        ("en", [": declaration (fight or dodge focus)", "    1. Fight", "    2. Dodge focus"]),
    ],
)
def test_a_coc_question_is_in_words_not_keys(
    lang: str, lines: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Call of Cthulhu combatant's questions name what is decided and each option in the
    chosen language (docs/glossary.md's terms), not the rules' keys (`declare`,
    `dodge_focus`)."""
    monkeypatch.chdir(tmp_path)  # the stopped battle is kept here
    result = _invoke(["play", str(COC_DUEL), "--as", "detective", "--lang", lang], "1\n1\nq\n")
    assert result.exit_code == 0, result.stderr
    shown = result.stdout.splitlines()
    for line in lines:
        assert any(row.endswith(line) or row == line for row in shown), line
    actions = ["攻撃 → ナイフの狂信者 [棍棒]  (60%)", "後退", "何もしない"]
    if lang == "en":
        actions = ["Attack → Cultist with a knife [Club]  (60%)", "Withdraw", "Do nothing"]
    for action in actions:
        assert any(row.endswith(f". {action}") for row in shown), action
    assert "dodge_focus" not in result.stdout and "do_nothing" not in result.stdout


def test_a_gurps_question_names_what_is_decided(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The heading of a GURPS question is in the chosen language: 戦闘行動 / maneuver."""
    monkeypatch.chdir(tmp_path)  # the stopped battle is kept here
    for lang, heading in (("ja", ": 戦闘行動"), ("en", "Knight: maneuver")):
        result = _invoke(["play", str(DUEL), "--as", "knight", "--lang", lang], "q\n")
        assert heading in result.stdout


@pytest.mark.parametrize(
    ("lang", "stay", "unit"),
    [("en", "1,2 facing N (0 MP)", " MP)"), ("ja", "1,2・向きN（移動点 0）", "（移動点 ")],
)
def test_a_move_on_a_map_shows_facing_and_movement_points(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str, stay: str, unit: str
) -> None:
    """Where to move (seed 001, 移動点): each option names its hex, the facing it ends in
    and the movement points it costs (it showed only `1,2/N`). The corridor's archer
    stands at 1,2 facing SE: turning where it stands, at the end of a move that spent
    no more than half its points, costs nothing."""
    monkeypatch.chdir(tmp_path)
    corridor = DUEL.parent / "corridor.yaml"
    result = _invoke(["play", str(corridor), "--as", "archer", "--lang", lang], "2\nq\n")
    assert result.exit_code == 0, result.stderr
    question = result.stdout.split("\n\n")[-1]
    options = [line.split(". ", 1)[1] for line in question.splitlines() if ". " in line]
    assert len(options) > 20
    assert stay in options
    assert all(unit in line for line in options)


@pytest.mark.parametrize(
    ("lang", "listed", "none", "turned"),
    [
        ("en", "Moves that end there:", "No move ends at 9,9", "Archer turns to face NE"),
        ("ja", "そこで終わる移動：", "9,9 で終わる移動はありません", "射手は向きを NE に変えた"),
    ],
)
def test_a_move_may_be_chosen_by_typing_its_hex(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    lang: str,
    listed: str,
    none: str,
    turned: str,
) -> None:
    """Where to move (seed 001) may be answered with the hex's `q,r`, as the map names it,
    rather than its number among some hundred lines: a hex with several moves lists them
    with their numbers, a hex and a facing (full-width, as a Japanese input method types
    it) picks one, a hex no move reaches says so. The corridor's archer at 1,2 turns."""
    monkeypatch.chdir(tmp_path)
    corridor = DUEL.parent / "corridor.yaml"
    log = tmp_path / "move.jsonl"
    result = _invoke(
        ["play", str(corridor), "--as", "archer", "--lang", lang, "--log", str(log)],
        "2\n9,9\n1,2\n１，２　ne\nq\n",
    )
    assert result.exit_code == 0, result.stderr
    assert none in result.stdout
    after = result.stdout.split(listed, 1)[1].split("\n")[1:]
    shown = [line.split(". ", 1) for line in after[:5]]
    assert [number.strip() for number, _ in shown] == ["1", "2", "3", "4", "5"]
    assert all(text.startswith("1,2") for _, text in shown)
    assert ". " not in after[5].split(":", 1)[0]  # the five are all: then the question again
    assert turned in result.stdout
    journal = read_journal(log.read_text(encoding="utf-8").splitlines())
    moves = [e for e in journal.events if isinstance(e, Decided) and e.kind == "destination"]
    assert moves[0].actor == "archer" and moves[0].key == "1,2/NE"


@pytest.mark.parametrize(
    ("lang", "heading", "key"),
    [
        ("en", "The map, each hex as q,r:", "Key: A Archer"),
        ("ja", "マップ（各ヘクスの座標 q,r）：", "凡例：A 射手"),
    ],
)
def test_on_a_map_the_board_is_shown_with_the_hexes_coordinates(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str, heading: str, key: str
) -> None:
    """On a map, `senjo play` first draws the map with each hex's q,r (the names its move
    options use), then the board each round with the figures, as `senjo run --show-map`
    does: a person can find `7,-2` before choosing it."""
    monkeypatch.chdir(tmp_path)
    corridor = DUEL.parent / "corridor.yaml"
    result = _invoke(["play", str(corridor), "--as", "archer", "--lang", lang], "q\n")
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    at = lines.index(heading)
    assert lines[at + 3] == "0,1   2,0   4,-1  6,-2  8,-3  10,-4 12,-5"
    assert key in lines[at - 1]
    assert "   A↘    .     .     .     .     .     ." in lines  # the archer, facing SE
    assert lines.index("   A↘    .     .     .     .     .     .") > at


@pytest.mark.parametrize(
    ("scenario", "who", "answers", "lang", "line"),
    [
        (DUEL, "knight", "q\n", "en", "Where things stand: Knight HP 12/12, Raider HP 13/13"),
        (DUEL, "knight", "q\n", "ja", "現況：騎士 HP 12/12、略奪者 HP 13/13"),
        # round 2: the knight moved in, dodged the axe, struck; the axe hit for 3
        (
            DUEL,
            "knight",
            "2\n1\n8\n1\n1\nq\n",
            "en",
            "Where things stand: Knight HP 9/12, Raider HP 13/13",
        ),
        (
            COC_DUEL,
            "detective",
            "1\nq\n",
            "en",
            "Where things stand: Ichiro Kudo (detective) HP 14/14, Cultist with a knife HP 12/12",
        ),
    ],
    ids=["gurps", "gurps-ja", "gurps-round-2", "coc"],
)
def test_a_turn_starts_with_where_things_stand(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    scenario: Path,
    who: str,
    answers: str,
    lang: str,
    line: str,
) -> None:
    """Before the person chooses a maneuver (or a CoC action), one line gives every
    combatant's HP against its full HP and any condition (posture, stunned, out of the
    fight), as a GM keeps them in view."""
    monkeypatch.chdir(tmp_path)
    result = _invoke(["play", str(scenario), "--as", who, "--lang", lang], answers)
    assert result.exit_code == 0, result.stderr
    assert line in result.stdout.splitlines()


def test_where_things_stand_names_conditions() -> None:
    """A posture, stunned, out of the fight, held (by whom, where, with how many hands,
    by what hold) and pinned (GURPS); prone, dying, hidden (CoC): each shown beside the HP in the
    glossary's words."""
    scenario = load_scenario(DUEL)
    battle = build_battle(scenario, seed=3)
    knight, raider = battle.state.status["knight"], battle.state.status["raider"]
    knight.posture, knight.stunned, knight.hp = "kneeling", True, 4
    raider.conscious, raider.hp = False, -2
    narrator = narrator_for(scenario, "ja")
    assert standing(battle.state, narrator, "ja") == (
        "現況：騎士 HP 4/12（膝立ち、朦朧）、略奪者 HP -2/13（気絶）"
    )
    # B370: who holds whom, by which part, with how many hands; pinned.
    raider.conscious, raider.hp = True, 13
    knight.holding, knight.grip_on, knight.grip_hands = "raider", "neck", 2
    raider.held_by, raider.pinned, raider.posture = {"knight"}, True, "lying"
    assert standing(battle.state, narrator, "ja").endswith(
        "略奪者 HP 13/13（伏せ、組みつかれ（騎士：首、両手）、押さえこまれ）"
    )
    assert standing(battle.state, narrator_for(scenario, "en"), "en").endswith(
        "Raider HP 13/13 (lying down, grappled (by Knight: neck, both hands), pinned)"
    )
    raider.fp = 3  # B426: FP below the full
    assert standing(battle.state, narrator, "ja").endswith("押さえこまれ、疲労点 3/12）")
    raider.dr_lost = {"torso": 1}  # B358: DR eaten by corrosion
    assert standing(battle.state, narrator, "ja").endswith("疲労点 3/12、胴体の防護点 1/2）")
    knight.grip_on, knight.arm_lock = "right_arm", True  # *Martial Arts*' Arm Lock
    assert "組みつかれ（騎士：右腕、両手、腕関節技）" in standing(battle.state, narrator, "ja")
    english = standing(battle.state, narrator_for(scenario, "en"), "en")
    assert "grappled (by Knight: right arm, both hands, arm lock)" in english
    assert standing(battle.state, narrator_for(scenario, "en"), "en").endswith(
        "FP 3/12, torso DR 1/2)"
    )
    # B420-421, B556: crippled parts, and a numbed one (interpretation 77).
    knight.crippled, knight.numbed = {"right_leg", "left_arm", "weapon_arm"}, {"left_arm": 2}
    assert standing(battle.state, narrator, "ja").startswith(
        "現況：騎士 HP 4/12（膝立ち、朦朧、左腕がしびれている、右脚が使えない、"
        "武器を持つ腕が使えない）"
    )
    assert standing(battle.state, narrator_for(scenario, "en"), "en").startswith(
        "Where things stand: Knight HP 4/12 (kneeling, stunned, left arm numbed, "
        "right leg crippled, weapon arm crippled)"
    )
    knight.crippled, knight.numbed = {"eye", "eyes"}, {}  # interpretation 78: blind
    assert "朦朧、両目が使えない）" in standing(battle.state, narrator, "ja")
    coc = load_scenario(COC_DUEL)
    fight = build_battle(coc, seed=3)
    detective = fight.state.status["detective"]
    detective.prone, detective.dying_round, detective.hp = True, 2, 0
    fight.state.status["cultist"].hidden = True
    assert standing(fight.state, narrator_for(coc, "en"), "en") == (
        "Where things stand: Ichiro Kudo (detective) HP 0/14 (prone, dying), "
        "Cultist with a knife HP 12/12 (hidden)"
    )


def test_without_a_map_no_board_is_drawn(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A battle without a map (the duel) shows no board and no coordinates."""
    monkeypatch.chdir(tmp_path)
    result = _invoke(["play", str(DUEL), "--as", "knight", "--lang", "en"], "q\n")
    assert "The map" not in result.stdout and "Key:" not in result.stdout


def test_a_coc_defense_shows_its_value_of_the_moment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seed 004 回避に集中: after declaring dodge focus the detective's dodge is offered at
    its base + 50 (30 + 50 = 80%), the club's parry at its skill (60%); an attack at the
    skill it rolls against (Club 60%, Kick 35%)."""
    monkeypatch.chdir(tmp_path)
    # fight; club; taunt; round 2: dodge focus; stop
    result = _invoke(
        ["play", str(COC_DUEL), "--as", "detective", "--lang", "en"], "1\n1\n1\n2\nq\n"
    )
    assert result.exit_code == 0, result.stderr
    shown = result.stdout.splitlines()
    for line in (
        "    5. Attack → Cultist with a knife [Kick]  (35%)",
        "    1. Dodge  (80%)",
        "    2. Parry [Club]  (60%)",
        "    3. No defense",
    ):
        assert any(row.endswith(line) for row in shown), line


@pytest.mark.parametrize(
    ("kind", "options", "ja", "en"),
    [
        (
            "overrun",
            (Choice("dodge"), Choice("stand")),
            ["よける", "踏みとどまる"],
            ["dodge out of the way", "stand and take it"],
        ),
        (
            "wait_trigger",
            (WaitResponse(True), WaitResponse(False)),
            ["今行動する", "待ち続ける"],
            ["act now", "keep waiting"],
        ),
        (
            "free_action",
            (
                Choice("none"),
                Choice("crouch"),
                Choice("rise"),
                Choice("drop", "broadsword"),
                Choice("release", "raider"),
            ),
            ["何もしない", "屈む", "立ち上がる", "落とす [ブロードソード]", "握りを放す [略奪者]"],
            ["none", "crouch", "rise", "drop [Broadsword]", "let go [Raider]"],
        ),
        (
            "arm_lock",
            (Choice("wrench", "raider"), Choice("hold_lock", "raider")),
            ["腕をねじる [略奪者]", "極めたまま保つ [略奪者]"],
            ["wrench the arm [Raider]", "only hold the lock [Raider]"],
        ),
    ],
)
def test_every_gurps_question_is_in_words(
    kind: str, options: tuple[Any, ...], ja: list[str], en: list[str]
) -> None:
    """An overrun's answers (a large figure entering a smaller one's hex), a waiting
    fighter's trigger, the free actions (B363; letting go names the foe held) and an arm
    lock's wrench (naming the foe locked) read as words in both languages, as the other
    questions do, with a heading of their own (they showed their keys: `dodge`, `act`,
    `drop:broadsword`)."""
    scenario = load_scenario(DUEL)
    battle = build_battle(scenario, seed=3)
    asks: tuple[tuple[Lang, list[str]], ...] = (("ja", ja), ("en", en))
    for lang, expected in asks:
        narrator = narrator_for(scenario, lang)
        decision = Decision("knight", kind, options)
        shown = [describe_option(battle, decision, o, lang, narrator.item) for o in options]
        assert shown == expected
        assert asked(kind, lang) != kind


def test_a_grab_plan_names_the_part_the_hands_and_the_chance() -> None:
    """B370: a grab's plan reads as the part and, for both hands, 両手 / both hands, with
    the roll's chance - the knight's DX 12 (no grappling skill): 74% at the torso, 50% at
    the neck (half its -5: -2)."""
    scenario = load_scenario(DUEL)
    battle = build_battle(scenario, seed=3)
    options = (GrabPlan("torso"), GrabPlan("neck", 2))
    decision = Decision("knight", "grab_plan", options, ManeuverChoice("attack", "grab", "raider"))
    asks: tuple[tuple[Lang, list[str]], ...] = (
        ("ja", ["胴体  (74%)", "首、両手  (50%)"]),
        ("en", ["torso  (74%)", "neck, both hands  (50%)"]),
    )
    for lang, expected in asks:
        shown = [describe_option(battle, decision, o, lang) for o in options]
        assert shown == expected
        assert asked("grab_plan", lang) != "grab_plan"


def test_a_coc_taunt_shows_the_chance_of_its_resistance_roll(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seed 004 挑発: a taunt is Fast Talk / 5 against the target's INT on the resistance
    table; the option shows the percentage that roll needs, as an attack shows its own.
    The judoka (Fast Talk 30: 6) against the revolver cultist (INT 12): 50 + 5 × (6 − 12)
    = 20%."""
    monkeypatch.chdir(tmp_path)
    cultists = COC_DUEL.parent / "cultists.yaml"
    for lang, line in (
        ("en", "1. Taunt → Cultist with a revolver  (20%)"),
        ("ja", "1. 挑発する → リボルバーの狂信者  (20%)"),
    ):
        # fight; no protecting; aim; then the taunt question
        result = _invoke(["play", str(cultists), "--as", "takeshi", "--lang", lang], "1\n2\n1\nq\n")
        assert result.exit_code == 0, result.stderr
        assert any(row.endswith(line) for row in result.stdout.splitlines()), line


@pytest.mark.parametrize(
    ("lang", "line", "area"),
    [
        ("en", "watched hex 13,-4 (1 hex, +0)", "hexes within 2 13,-4 (9 hexes, -4)"),
        (
            "ja",
            "注目する1ヘクス 13,-4（1ヘクス、修正 +0）",
            "周囲2ヘクス 13,-4（9ヘクス、修正 -4）",
        ),
    ],
)
def test_opportunity_fire_options_say_what_their_numbers_are(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str, line: str, area: str
) -> None:
    """Seed 001 (機会射撃): an area to watch names its shape and centre, how many hexes it
    covers and the penalty to the shot (it showed `(9) -4`). The corridor's archer waits
    for opportunity fire (option 16)."""
    monkeypatch.chdir(tmp_path)
    corridor = DUEL.parent / "corridor.yaml"
    result = _invoke(["play", str(corridor), "--as", "archer", "--lang", lang], "16\nq\n")
    assert result.exit_code == 0, result.stderr
    options = [text.split(". ", 1)[-1] for text in result.stdout.splitlines()]
    assert line in options and area in options


def test_an_attack_plan_reads_as_japanese(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The attack plan question (where to strike, and how) joins its parts with 、 in
    Japanese and `, ` in English (胴体、連続攻撃 / Torso, Rapid Strike)."""
    monkeypatch.chdir(tmp_path)
    for lang, joined in (("ja", "胴体、連続攻撃  ("), ("en", "torso, Rapid Strike  (")):
        result = _invoke(["play", str(DUEL), "--as", "knight", "--lang", lang], "2\n1\n8\nq\n")
        assert result.exit_code == 0, result.stderr
        assert joined in result.stdout


def test_a_gurps_option_names_its_weapon_in_japanese(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In Japanese, a weapon and its mode are the scenario's and the glossary's words
    (ブロードソード・振り), a parry's weapon too, never the keys."""
    monkeypatch.chdir(tmp_path)
    result = _invoke(["play", str(DUEL), "--as", "knight", "--lang", "ja"], "2\nq\n")
    assert "攻撃 → 略奪者 [ブロードソード・振り]  (" in result.stdout
    assert "受け [ブロードソード]  (62%)" in result.stdout
    assert "broadsword" not in result.stdout


TOMOGAMI = Path(__file__).parents[2] / "examples" / "tomogami" / "grassland.yaml"


@pytest.mark.parametrize(
    ("lang", "lines"),
    [
        (
            "ja",
            [
                "現況：カグツチ 生命 14/14、イワクラ 生命 12/12",
                "カグツチ: 行動宣言：機動",
                "2. 障害物に隠れる",
                "3. イワクラに突進（体の機動判定値 7）",
                "4. イワクラに機動狙撃",
                "5. イワクラに対して零距離へ機動（機動判定値 6）",
                "7. 交戦領域から離脱",
                "1. 爪 → イワクラ（命中 78%）",
            ],
        ),
        (
            "en",
            [
                "Kagutsuchi: declaration: maneuver",
                "2. take cover",
                "3. charge Iwakura (body maneuver 7)",
                "4. maneuver to snipe at Iwakura",
                "5. move to zero of Iwakura (maneuver 6)",
                "1. claws → Iwakura (hits 78%)",
            ],
        ),
    ],
)
def test_a_tomogami_question_is_in_words_not_keys(
    lang: str, lines: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A トモガミ character's questions: the declarations, each option in words with the
    number that decides it (the maneuver value after the band penalty, the chance to hit),
    and where things stand at the start of its turn."""
    monkeypatch.chdir(tmp_path)
    args = ["play", str(TOMOGAMI), "--as", "kagutsuchi", "--lang", lang]
    result, shown = _played(args, "5\n1\n1\nq\n")
    for line in lines:
        assert line in shown, line
    assert "move:iwakura" not in result.stdout and "attack:iwakura" not in result.stdout


TVALUE = Path(__file__).parents[2] / "examples" / "tvalue" / "duel.yaml"
#: Aoi's declaration options in examples/tvalue/duel.yaml: the katana plain and with each
#: replacement, her 2-chain combo, a ram and a grab, then `done`.
TVALUE_DONE = 1 + len(REPLACEMENTS) + 1 + 2 + 1


@pytest.mark.parametrize(
    ("lang", "lines"),
    [
        (
            "ja",
            [
                "葵: 行動宣言（FAP・MAPの範囲で）",
                "1. 直接攻撃（刀）（FAP 6・MAP 1）",
                "2. 直接攻撃（刀）・強打（FAP 12・MAP 1）",
                "直接攻撃（刀）・部位狙い（頭）（FAP 6・MAP 1）",
                "2連コンボ（刀）（FAP 11・MAP 2）",
                "宣言を終える",
                "現況：葵 HP 24/24 T値 2 FAP 14 MAP 5、山賊の頭 HP 28/28 T値 0 FAP 4 MAP 3",
                "葵: 行動解決（行動と目標）",
                "1. 山賊の頭に直接攻撃（刀）（命中 72%）",
                "2. とっさの行動：直接攻撃（刀）（FAP 12・MAP 2）",
                "残りの行動をキャンセル",
            ],
        ),
        (
            "en",
            [
                "Aoi: declaration (within FAP and MAP)",
                "1. direct attack (katana) (FAP 6, MAP 1)",
                "Aoi: your turn: which action, at whom",
                "1. direct attack (katana) at Bandit chief (hits 72%)",
                "snap action: direct attack (katana), feint (FAP 12, MAP 2)",
                "cancel the actions left",
            ],
        ),
    ],
)
def test_a_tvalue_question_is_in_words_not_keys(
    lang: str, lines: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A T値 fighter's questions: declarations with their cost, its turn's actions with
    the chance to hit and the snap action's double cost, and where things stand (HP, T,
    budgets left) at the start of its turn. Lines without a number match any option."""
    monkeypatch.chdir(tmp_path)
    args = ["play", str(TVALUE), "--as", "aoi", "--lang", lang]
    result, shown = _played(args, f"1\n{TVALUE_DONE}\nq\n")
    options = [row.split(". ", 1)[1] for row in shown if row[:1].isdigit() and ". " in row]
    for line in lines:  # a line may follow the prompt it answers on the same row
        found = any(row == line or row.endswith(f": {line}") for row in shown)
        assert found or line in options, line
    assert "attack:katana" not in result.stdout


TOWN = Path(__file__).parents[2] / "examples" / "tomogami" / "town.yaml"


@pytest.mark.parametrize(
    ("lang", "lines"),
    [
        (
            "en",
            [
                "Where things stand: Hagane life 16/16 [in hand: rifle; rifle 3/3 +1], "
                "Kotetsu life 18/18 [autocannon 2/2 +2], Oni life 11/11 "
                "[in hand: shotgun; shotgun 2/2 +1], Kiba life 9/9",
                "6. switch weapons",
                "7. protect an ally (until your next combat)",
                "Hagane takes the sword in hand (putting away the rifle)",
            ],
        ),
        (
            "ja",
            [
                "6. 武器の持ち替え",
                "7. 味方をかばう（次の戦闘処理まで）",
                "ハガネは小銃から太刀に持ち替えた",
            ],
        ),
    ],
)
def test_a_tomogami_main_action_is_offered_and_shown(
    lang: str, lines: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seed 003 主動作一覧 at the table: where things stand shows the hand weapon held and
    each magazine; the combat declaration offers switching weapons and protecting an
    ally; a declared switch is done in combat processing and narrated."""
    monkeypatch.chdir(tmp_path)
    args = ["play", str(TOWN), "--as", "hagane", "--lang", lang]
    _, shown = _played(args, "1\n6\n2\n2\nq\n")
    for line in lines:
        assert line in shown, line
