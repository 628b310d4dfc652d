"""`senjo sim` and `senjo sweep` through typer's CliRunner: reports, JSON, plots and errors."""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner, Result

from senjo.cli.main import app
from senjo.scenario import load_scenario
from senjo.sim.fast_coc.exact import exact_duel
from senjo.sim.fast_coc.tables import duel_model

ROOT = Path(__file__).parents[2]
DUEL = str(ROOT / "examples" / "gurps" / "duel.yaml")
THREE = str(ROOT / "examples" / "gurps" / "three_vs_one.yaml")
#: A scenario no fast path models (a hex map).
CORRIDOR = str(ROOT / "examples" / "gurps" / "corridor.yaml")
COC_DUEL = str(ROOT / "examples" / "coc" / "duel.yaml")

#: An environment with no language preference: the C locale and no SENJO_LANG.
C_LOCALE: dict[str, str | None] = {
    "SENJO_LANG": None,
    "LC_ALL": None,
    "LC_MESSAGES": None,
    "LANG": "C.UTF-8",
}


def invoke(*args: str) -> Result:
    """Run `senjo ARGS` (stdout and stderr kept apart)."""
    return CliRunner().invoke(app, list(args), env=C_LOCALE)


def ok(result: Result) -> str:
    """The standard output of a command that succeeded quietly (no progress bar off a TTY)."""
    assert result.exit_code == 0, (result.stdout, result.stderr)
    assert result.stderr == ""
    return result.stdout


def sim_json(*args: str) -> dict[str, Any]:
    """`senjo sim ... --json` parsed."""
    data = json.loads(ok(invoke("sim", *args, "--json")))
    assert isinstance(data, dict)
    return data


def assert_one_line_error(result: Result, *fragments: str) -> None:
    """Exit status 2 and one `senjo:` line on stderr, no traceback."""
    assert result.exit_code == 2, (result.stdout, result.stderr)
    assert result.stderr.startswith("senjo: ") and result.stderr.count("\n") == 1
    assert "Traceback" not in result.stderr + result.stdout
    for fragment in fragments:
        assert fragment in result.stderr


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "en",
            [
                "# Duel: broadsword and shield against axe",
                "30 battles · seed 7 · fast path",
                "Knights",
                "draw",
                "rounds: mean",
                "Knight",
                "Raider",
            ],
        ),
        (
            "ja",
            [
                "# 決闘：ブロードソードと盾 対 斧",
                "30戦・シード 7・高速経路",
                "勝率",
                "引き分け",
                "ラウンド数：平均",
                "騎士",
                "略奪者",
            ],
        ),
    ],
)
def test_sim_report(lang: str, expected: list[str]) -> None:
    """The report has the title, header, outcome table, rounds and combatants in the language."""
    text = ok(invoke("sim", DUEL, "-n", "30", "--lang", lang))
    for fragment in expected:
        assert fragment in text


def test_sim_json_fields() -> None:
    """--json has the documented keys, consistent counts and intervals around the rates."""
    data = sim_json(DUEL, "-n", "40", "--seed", "3")
    assert (data["n"], data["seed"], data["path"], data["system"]) == (40, 3, "fast", "gurps")
    assert isinstance(data["seconds"], float)
    sides = data["sides"]
    assert list(sides) == ["knights", "raiders"]
    assert sum(s["wins"] for s in sides.values()) + data["draws"]["count"] == 40
    for side in sides.values():
        low, high = side["ci95"]
        assert 0 <= low <= side["win_rate"] <= high <= 1
        assert side["win_rate"] == round(side["wins"] / 40, 6)
    rounds = data["rounds"]
    assert {"mean", "median", "p90", "max"} <= set(rounds)
    assert rounds["min"] <= rounds["median"] <= rounds["p90"] <= rounds["max"]
    assert sum(b["count"] for b in rounds["histogram"]) == 40
    knight = data["combatants"]["knight"]
    assert knight["name"] == {"en": "Knight", "ja": "騎士"} and knight["side"] == "knights"
    assert 0 <= knight["hit_rate"] <= 1 and 0 <= knight["defense_rate"] <= 1


@pytest.mark.parametrize(
    ("lang", "column", "won"), [("en", "fled", "foe fled"), ("ja", "逃走率", "うち敵の逃走")]
)
def test_sim_reports_flights(tmp_path: Path, lang: str, column: str, won: str) -> None:
    """A raider who flees at 6 HP or less (`flee_at`), on the fast path and on the engine:
    the report shows the fled rate and the wins by flight, the JSON counts them, and every
    flight is a knights' win."""
    data = load_scenario(Path(DUEL)).data
    data["combatants"][1]["flee_at"] = 6
    path = tmp_path / "fleeing.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    for way in ("fast", "engine"):
        found = sim_json(str(path), "-n", "30", "--seed", "3", "--path", way)
        assert found["path"] == way
        routs = found["sides"]["knights"]["wins_by_flight"]
        fled = found["combatants"]["raider"]["fled_rate"]
        assert 0 < routs <= found["sides"]["knights"]["wins"]
        assert fled == round(routs / 30, 6) and found["combatants"]["knight"]["fled_rate"] == 0
        text = ok(
            invoke("sim", str(path), "-n", "30", "--seed", "3", "--path", way, "--lang", lang)
        )
        assert column in text and f"{won} {routs}" in text


def test_workers_auto_is_the_default_and_changes_no_number() -> None:
    """`--workers auto` (the default) plays on the usable cores: the same JSON as one
    worker but the seconds (battles use their own seeds, whatever the chunks)."""
    one = sim_json(THREE, "-n", "300", "--seed", "5", "--workers", "1", "--path", "engine")
    auto = sim_json(THREE, "-n", "300", "--seed", "5", "--workers", "auto", "--path", "engine")
    default = sim_json(THREE, "-n", "300", "--seed", "5", "--path", "engine")
    for result in (one, auto, default):
        del result["seconds"]
    assert one == auto == default


def test_workers_do_not_change_the_numbers() -> None:
    """--workers 2 gives the identical JSON to --workers 1, except the seconds taken (on
    the engine; the fast paths' split: tests/sim)."""
    one = sim_json(THREE, "-n", "24", "--seed", "5", "--workers", "1", "--path", "engine")
    two = sim_json(THREE, "-n", "24", "--seed", "5", "--workers", "2", "--path", "engine")
    assert one.pop("seconds") >= 0 and two.pop("seconds") >= 0
    assert one == two


def test_seed_default_and_change() -> None:
    """The scenario's seed is the default; another seed gives other battles."""
    assert sim_json(DUEL, "-n", "20")["seed"] == 7
    first = sim_json(DUEL, "-n", "20", "--seed", "1")
    again = sim_json(DUEL, "-n", "20", "--seed", "1")
    other = sim_json(DUEL, "-n", "20", "--seed", "2")
    first.pop("seconds"), again.pop("seconds"), other.pop("seconds")
    assert first == again and first != other


def test_option_overrides_reach_the_battles() -> None:
    """--option max_rounds=2 ends every long battle as a round-limit draw after 2 rounds."""
    data = sim_json(DUEL, "-n", "20", "--option", "max_rounds=2")
    assert data["options"] == {"max_rounds": "2"}
    assert data["rounds"]["max"] <= 2
    assert data["draws"]["reasons"].get("round_limit", 0) == data["draws"]["count"] > 0


@pytest.mark.parametrize(("lang", "suffix"), [("en", "png"), ("ja", "svg")])
def test_sim_plot(lang: str, suffix: str, tmp_path: Path) -> None:
    """--plot writes the picture as well as the report, without warnings."""
    target = tmp_path / f"out.{suffix}"
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        ok(invoke("sim", DUEL, "-n", "10", "--plot", str(target), "--lang", lang))
    assert target.stat().st_size > 10_000


@pytest.mark.parametrize(
    ("command", "report"),
    [
        (["sim", DUEL, "-n", "20"], "Knights"),
        (["sim", DUEL, "-n", "20", "--json"], '"sides"'),
        (["sweep", DUEL, "--vary", "options.max_rounds=5,10", "-n", "10"], "max_rounds"),
    ],
    ids=["sim", "sim-json", "sweep"],
)
def test_a_plot_that_cannot_be_written_loses_no_result(
    command: list[str], report: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A plot that cannot be written at the end (a full disk) is one line, exit 2, after
    the report or JSON has been printed: the battles' results are not lost with it."""
    from senjo.sim import plot

    def full(figure: object, path: Path) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(plot, "save", full)
    target = tmp_path / "out.png"
    result = invoke(*command, "--workers", "1", "--plot", str(target), "--lang", "en")
    assert_one_line_error(result, f"--plot {target}: cannot be written (No space left on device)")
    assert report in result.stdout


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (["--path", "quick"], ["--path takes auto, engine or fast"]),
        (["-n", "0"], ["-n takes a number of battles of 1 or more"]),
        (["-n", "lots"], ["-n takes a number of battles of 1 or more", "not lots"]),
        (["--seed", "x"], ["--seed takes a whole number, not 'x'"]),
        (["--workers", "0"], ["--workers takes 1 or more", "or auto"]),
        (["--workers", "many"], ["--workers takes 1 or more", "or auto", "not many"]),
        (["--plot", "out.pdf"], ["--plot out.pdf", ".png or .svg"]),
        (["--plot", "no/such/dir/out.png"], ["no such folder 'no/such/dir'"]),
        (["--option", "max_rounds=zero"], ["--option", "options.max_rounds", "whole number"]),
        (["--option", "nonesuch=1"], ["options.nonesuch", "known options"]),
        (["--lang", "fr"], ["--lang takes ja or en"]),
        (["--backend", "dask"], ["needs --scheduler"]),
        (["--backend", "ray"], ["--backend takes local or dask"]),
    ],
)
def test_sim_errors(args: list[str], fragments: list[str]) -> None:
    """Bad arguments are one line on stderr and exit status 2, before any battle."""
    lang = [] if "--lang" in args else ["--lang", "en"]
    assert_one_line_error(invoke("sim", DUEL, *args, *lang), *fragments)


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (["--path", "quick"], ["--path には auto、engine、fast のいずれか", "'quick' は不可"]),
        (["-n", "0"], ["-n には1以上の戦闘数"]),
        (["-n", "lots"], ["-n には1以上の戦闘数", "lots は不可"]),
        (["--seed", "x"], ["--seed は整数です: 'x'"]),
        (["--workers", "0"], ["--workers には1以上", "auto"]),
        (["--workers", "many"], ["--workers には1以上", "many は不可"]),
        (["--plot", "out.pdf"], ["--plot out.pdf：", ".png か .svg"]),
        (["--plot", "no/such/dir/out.png"], ["フォルダ 'no/such/dir' がありません"]),
        (["--backend", "dask"], ["--scheduler ADDRESS（例：tcp://host:8786）が必要"]),
        (["--backend", "ray"], ["--backend には local か dask", "'ray' は不可"]),
    ],
)
def test_sim_errors_in_japanese(args: list[str], fragments: list[str]) -> None:
    """With --lang ja the same errors are one Japanese line."""
    assert_one_line_error(invoke("sim", DUEL, *args, "--lang", "ja"), *fragments)


def test_sim_fast_path_declined_or_taken() -> None:
    """--path fast on a scenario no fast path models exits 2 with the reason; the duel
    is played on the fast path under --path fast and auto, on the engine if asked."""
    assert_one_line_error(
        invoke("sim", CORRIDOR, "--path", "fast", "--lang", "en"),
        "no fast path for this scenario yet (",
        "fast: the scenario has a map (the GURPS fast path plays without one)",
    )
    assert_one_line_error(
        invoke("sim", CORRIDOR, "--path", "fast", "--lang", "ja"),
        "このシナリオを扱える高速経路はまだない（",
        "fast: マップのあるシナリオ（GURPSの高速経路はマップなしで戦う）",
    )
    for lang, other in (("en", "CoC duels only"), ("ja", "CoCの決闘のみ")):
        result = invoke("sim", CORRIDOR, "--path", "fast", "--lang", lang)
        assert other not in result.output  # the CoC path's reason is no news to a GURPS table
    for path in ("fast", "auto"):
        assert sim_json(DUEL, "-n", "20", "--path", path)["path"] == "fast"
    assert sim_json(DUEL, "-n", "20", "--path", "engine")["path"] == "engine"


def test_sim_says_how_many_battles_the_fast_path_replayed(tmp_path: Path) -> None:
    """On the fast path the report and the JSON say how many battles the model handed to
    the engine (played there in full with the same dice): here `spent`, whose spares break
    in turn, so many do - as many as the blocks it played marked escaped; the same count
    with two workers. The engine path replays nothing and says nothing of it."""
    from senjo.sim.fast_gurps import play_range
    from tests.sim.gurps_duels import spent

    scenario = spent()
    path = tmp_path / "spent.yaml"
    path.write_text(yaml.safe_dump(scenario.data, allow_unicode=True), encoding="utf-8")
    marked = sum(
        int(result.escaped[keep].sum()) for result, keep, _, _ in play_range(scenario, 5, 0, 200)
    )
    assert marked >= 20
    data = sim_json(str(path), "-n", "200", "--seed", "5", "--path", "fast")
    assert data["path"] == "fast" and data["replayed"] == marked
    assert sum(data["replayed_by"].values()) == marked  # by why: the second spare drawn, ...
    # ... a crippled limb (docs/rules/gurps.md interpretation 77), or a weapon's parry of a
    # bare-handed blow (interpretation 80).
    assert set(data["replayed_by"]) <= {"ready", "critical_miss", "crippled", "parry_strike"}
    two = sim_json(str(path), "-n", "200", "--seed", "5", "--path", "fast", "--workers", "2")
    assert two["replayed"] == marked and two["sides"] == data["sides"]
    assert "replayed" not in sim_json(str(path), "-n", "5", "--seed", "5", "--path", "engine")
    share = f"{100 * marked / 200:.0f}%"  # 10% or more: a whole percent
    english = ok(invoke("sim", str(path), "-n", "200", "--seed", "5", "--lang", "en"))
    assert f"replayed on the engine: {marked} of 200 battles ({share})" in english
    if "crippled" in data["replayed_by"]:
        assert "crippled limb or eye not modelled" in english
    japanese = ok(invoke("sim", str(path), "-n", "200", "--seed", "5", "--lang", "ja"))
    assert f"エンジンで再生：200戦中{marked}戦（{share}）" in japanese
    if "crippled" in data["replayed_by"]:
        assert "追わない手足や目の負傷の影響" in japanese


def test_sim_says_why_auto_played_on_the_engine() -> None:
    """--path auto on a scenario no fast path models plays on the engine and says why, in
    the report's language and in the JSON (English); nothing is said when a fast path
    played, or when the engine was asked for."""
    english = ok(invoke("sim", CORRIDOR, "-n", "3", "--lang", "en"))
    assert "no fast path for this scenario yet (fast: the scenario has a map" in english
    japanese = ok(invoke("sim", CORRIDOR, "-n", "3", "--lang", "ja"))
    assert "このシナリオを扱える高速経路はまだない（fast: マップのあるシナリオ" in japanese
    data = sim_json(CORRIDOR, "-n", "3")
    assert data["path"] == "engine"
    assert data["fast_declined"] == [
        {"path": "fast", "reason": "the scenario has a map (the GURPS fast path plays without one)"}
    ]
    assert "fast_declined" not in sim_json(CORRIDOR, "-n", "3", "--path", "engine")
    assert "fast_declined" not in sim_json(DUEL, "-n", "20")
    assert "no fast path" not in ok(invoke("sim", DUEL, "-n", "20", "--lang", "en"))


@pytest.mark.parametrize(
    ("lang", "message"),
    [("en", "nowhere.yaml: no such file"), ("ja", "nowhere.yaml: ファイルがありません")],
)
def test_sim_missing_scenario(lang: str, message: str) -> None:
    """A missing scenario file is one clear line, in the --lang language."""
    assert_one_line_error(invoke("sim", "nowhere.yaml", "--lang", lang), message)


def test_sim_on_a_dask_cluster() -> None:
    """--backend dask on a local cluster started here gives the local numbers."""
    distributed = pytest.importorskip("distributed", reason="the 'dask' extra is not installed")
    local = sim_json(DUEL, "-n", "16", "--seed", "4")
    with (
        warnings.catch_warnings(),
        distributed.LocalCluster(
            n_workers=1,
            threads_per_worker=2,
            processes=False,
            dashboard_address=None,
            protocol="tcp",
        ) as cluster,
    ):
        warnings.simplefilter("ignore", ResourceWarning)
        remote = sim_json(
            DUEL,
            "-n",
            "16",
            "--seed",
            "4",
            "--backend",
            "dask",
            "--scheduler",
            cluster.scheduler_address,
        )
    local.pop("seconds"), remote.pop("seconds")
    assert remote == local


VARY_SKILL = "combatants.knight.skills.Broadsword=10..12"


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "en",
            ["parameter sweep", "6 points × 8 battles · seed 7", "Knights win rate", "10", "12"],
        ),
        ("ja", ["パラメータ掃引", "6通り × 各8戦・シード 7", "騎士団 勝率"]),
    ],
)
def test_sweep_table(lang: str, expected: list[str]) -> None:
    """The sweep table has one row per grid point, in the language, its columns headed by
    the sides' names in that language (as `senjo sim` names them), not their keys."""
    text = ok(
        invoke(
            "sweep",
            DUEL,
            "--vary",
            VARY_SKILL,
            "--vary",
            "options.max_rounds=5,20",
            "-n",
            "8",
            "--lang",
            lang,
        )
    )
    for fragment in expected:
        assert fragment in text


def test_sweep_json_and_plot(tmp_path: Path) -> None:
    """--json lists each point's values and figures; the same seeds at every point; a plot."""
    target = tmp_path / "sweep.png"
    out = ok(
        invoke(
            "sweep",
            DUEL,
            "--vary",
            VARY_SKILL,
            "--vary",
            "options.max_rounds=5,20",
            "-n",
            "8",
            "--json",
            "--plot",
            str(target),
            "--side",
            "raiders",
        )
    )
    data = json.loads(out)
    assert data["vary"] == [
        {"path": "combatants.knight.skills.Broadsword", "values": [10, 11, 12]},
        {"path": "options.max_rounds", "values": [5, 20]},
    ]
    assert [p["values"] for p in data["points"]][:2] == [
        {"combatants.knight.skills.Broadsword": 10, "options.max_rounds": 5},
        {"combatants.knight.skills.Broadsword": 10, "options.max_rounds": 20},
    ]
    assert all(
        p["path"] == "fast"
        and sum(s["wins"] for s in p["sides"].values()) + p["draws"]["count"] == 8
        for p in data["points"]
    )
    assert target.stat().st_size > 10_000


def test_sweep_point_matches_sim() -> None:
    """A sweep point plays exactly the battles `senjo sim` plays for that setting."""
    swept = json.loads(
        ok(invoke("sweep", DUEL, "--vary", "options.max_rounds=3,50", "-n", "10", "--json"))
    )
    alone = sim_json(DUEL, "-n", "10", "--option", "max_rounds=3")
    point = swept["points"][0]
    assert point["values"] == {"options.max_rounds": 3}
    for key in ("sides", "draws", "rounds", "combatants"):
        assert point[key] == alone[key]


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (
            ["--vary", "combatants.nobody.st=10"],
            ["--vary combatants.nobody.st", "no entry with key 'nobody'", "knight, raider"],
        ),
        (
            ["--vary", "combatants.knight.skills.Broadsword=x,y"],
            ["Broadsword=x", "combatants[0].skills.Broadsword"],
        ),
        (
            ["--vary", "options.max_rounds=0"],
            ["options.max_rounds=0", "whole number from 1 to 10,000"],
        ),
        (["--vary", "skills"], ["--vary takes PATH=VALUES"]),
        (["--vary", "options.max_rounds=9..1"], ["a <= b"]),
        (["--vary", "options.max_rounds=5", "--seed", "1.5"], ["--seed takes a whole number"]),
        (
            ["--vary", "options.max_rounds=5", "--side", "elves"],
            ["--side 'elves'", "knights, raiders"],
        ),
        (
            ["--vary", "options.max_rounds=1..200", "--vary", "combatants.knight.st=1..100"],
            ["the grid has 20,000 points"],
        ),
    ],
)
def test_sweep_errors(args: list[str], fragments: list[str]) -> None:
    """A bad --vary or --side is one line naming the path, before any battle."""
    assert_one_line_error(invoke("sweep", DUEL, *args, "-n", "5", "--lang", "en"), *fragments)


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (
            ["--vary", "combatants.nobody.st=10"],
            ["--vary combatants.nobody.st", "キー 'nobody' の項目がありません", "knight, raider"],
        ),
        (["--vary", "skills"], ["--vary には PATH=VALUES"]),
        (["--vary", "options.max_rounds=9..1"], ["a <= b が必要"]),
        (["--vary", "options.max_rounds=1,,2"], ["リストに空の値"]),
        (
            ["--vary", "options.max_rounds=5", "--side", "elves"],
            ["--side 'elves' はシナリオの陣営ではありません", "knights, raiders"],
        ),
        (
            ["--vary", "options.max_rounds=1..200", "--vary", "combatants.knight.st=1..100"],
            ["格子点が20,000通り", "上限は"],
        ),
    ],
)
def test_sweep_errors_in_japanese(args: list[str], fragments: list[str]) -> None:
    """With --lang ja a bad --vary or --side is one Japanese line."""
    assert_one_line_error(invoke("sweep", DUEL, *args, "-n", "5", "--lang", "ja"), *fragments)


@pytest.mark.parametrize(
    ("lang", "fragment"), [("en", "at least one --vary"), ("ja", "--vary PATH=VALUES が1つ以上")]
)
def test_sweep_needs_a_vary(lang: str, fragment: str) -> None:
    """sweep without --vary is one clear line."""
    assert_one_line_error(invoke("sweep", DUEL, "-n", "5", "--lang", lang), fragment)


def test_sim_shows_the_exact_chances_of_a_coc_duel() -> None:
    """A CoC duel's exact chances (senjo.sim.fast_coc.exact) come with the sampled rates:
    in the JSON, and as a column and the exact mean length in the report, in both
    languages; a scenario without them has neither."""
    model = duel_model(load_scenario(Path(COC_DUEL)))
    assert not isinstance(model, str)
    exact = exact_duel(model)
    data = sim_json(COC_DUEL, "-n", "200")
    assert data["exact"] == {
        "wins": {"investigators": round(exact.wins[0], 6), "cult": round(exact.wins[1], 6)},
        "draw": round(exact.draw, 6),
        "rounds_mean": round(exact.mean_rounds, 6),
    }
    english = ok(invoke("sim", COC_DUEL, "-n", "200", "--lang", "en"))
    assert "exact chance" in english and f"{exact.wins[0] * 100:.2f}%" in english
    assert f"(exact mean {exact.mean_rounds:.2f})" in english
    japanese = ok(invoke("sim", COC_DUEL, "-n", "200", "--lang", "ja"))
    assert "正確な確率" in japanese and f"（正確な平均 {exact.mean_rounds:.2f}）" in japanese
    assert "exact" not in sim_json(DUEL, "-n", "20")
    assert "exact chance" not in ok(invoke("sim", DUEL, "-n", "20", "--lang", "en"))


def test_sweep_shows_the_exact_chances_at_each_coc_point() -> None:
    """Sweeping a CoC duel: each point's JSON has its exact chances, and the table a column
    of them per side; a GURPS sweep has neither."""
    sweep = ("sweep", COC_DUEL, "--vary", "combatants.detective.skills.club=40,80", "-n", "50")
    data = json.loads(ok(invoke(*sweep, "--json")))
    found = [point["exact"]["wins"]["investigators"] for point in data["points"]]
    assert len(found) == 2 and found[0] < found[1]  # a better club wins more often
    for point in data["points"]:
        exact = point["exact"]
        assert sum(exact["wins"].values()) + exact["draw"] == pytest.approx(1, abs=1e-5)
    table = ok(invoke(*sweep, "--lang", "ja"))
    assert "正確な確率" in table and f"{found[1] * 100:.2f}%" in table
    gurps = json.loads(
        ok(invoke("sweep", DUEL, "--vary", "options.max_rounds=5", "-n", "20", "--json"))
    )
    assert all("exact" not in point for point in gurps["points"])
