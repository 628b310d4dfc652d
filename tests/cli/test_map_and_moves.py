"""`senjo map` (SVG of a hex map) and `senjo gurps moves` (where a figure can end its move)."""

from __future__ import annotations

from pathlib import Path

from tests.cli.helpers import assert_usage_error, json_output, output, run_senjo

EXAMPLES = Path(__file__).parents[2] / "examples" / "gurps"
HEX_EXAMPLE = EXAMPLES / "spear_vs_broadsword.yaml"


def test_map_draws_hexes_figures_and_reach(tmp_path: Path) -> None:
    """The SVG has one hex polygon per map hex, a marker per figure, and names in the language."""
    picture = tmp_path / "map.svg"
    result = run_senjo(
        "map", str(HEX_EXAMPLE), "--svg", str(picture), "--who", "spearman", "--lang", "ja"
    )
    assert result.exit_code == 0, result.stderr
    text = picture.read_text(encoding="utf-8")
    assert text.startswith("<svg") and text.rstrip().endswith("</svg>")
    assert text.count("<polygon") == 12 * 9 + 2
    assert "槍兵" in text and "剣士" in text
    # reach C (the punch: its own hex), 1 and 2 (the spear: 3 and 5 front hexes)
    assert text.count('stroke="#c0392b"') == 1 + 3 + 5


def test_map_coords_labels_every_open_hex_with_its_q_r(tmp_path: Path) -> None:
    """`--coords` writes each hex's axial q,r in it (the names scenario files and moves
    use), walls left unlabelled; without it, no label."""
    picture = tmp_path / "map.svg"
    corridor = EXAMPLES / "corridor.yaml"
    assert run_senjo("map", str(corridor), "--svg", str(picture), "--coords").exit_code == 0
    text = picture.read_text(encoding="utf-8")
    labels = [line for line in text.splitlines() if 'class="coords"' in line]
    assert len(labels) == 14 * 3  # the corridor: 14 columns, 3 open rows between two of walls
    assert any(line.endswith(">1,2</text>") for line in labels)  # the archer's hex
    assert any(line.endswith(">13,-5</text>") for line in labels)
    assert run_senjo("map", str(corridor), "--svg", str(picture)).exit_code == 0
    assert 'class="coords"' not in picture.read_text(encoding="utf-8")


def test_map_of_a_scenario_without_a_map_is_one_line(tmp_path: Path) -> None:
    """A scenario without `map:` cannot be drawn: exit 2 and one line."""
    target = str(tmp_path / "x.svg")
    result = run_senjo("map", str(EXAMPLES / "duel.yaml"), "--svg", target, "--lang", "en")
    assert_usage_error(result, "has no map")
    japanese = run_senjo("map", str(EXAMPLES / "duel.yaml"), "--svg", target, "--lang", "ja")
    assert_usage_error(japanese, "シナリオにマップがありません")


def test_moves_on_an_open_map() -> None:
    """seed 001: with Move 1 a standing figure reaches its three front hexes at cost 1 and,
    by the one-hex minimum, the other three neighbours."""
    found = json_output(run_senjo("gurps", "moves", "--move", "1", "--json"))["reachable"]
    assert {tuple(row["hex"]) for row in found} == {
        (0, -1),
        (1, -1),
        (-1, 0),
        (1, 0),
        (0, 1),
        (-1, 1),
    }
    costs = {tuple(row["hex"]): row["cost"] for row in found}
    assert costs[(0, -1)] == 1.0 and costs[(0, 1)] == 2.0


def test_moves_of_a_scenario_figure_leave_out_its_own_hex() -> None:
    """On the scenario's map, every reachable hex is listed once, never the start."""
    found = json_output(
        run_senjo("gurps", "moves", str(HEX_EXAMPLE), "--who", "spearman", "--json")
    )["reachable"]
    hexes = [tuple(row["hex"]) for row in found]
    assert (2, 3) not in hexes and len(hexes) == len(set(hexes)) > 10


def test_moves_text_table() -> None:
    """Without --json the moves print as a table with a header."""
    lines = output(run_senjo("gurps", "moves", "--move", "1", "--lang", "en")).splitlines()
    assert lines[0].split() == ["hex", "cost", "facings"]
    assert len(lines) == 7


def test_moves_bad_maneuver_is_one_line() -> None:
    """An unknown --maneuver exits 2 listing the maneuvers."""
    assert_usage_error(run_senjo("gurps", "moves", "--move", "3", "--maneuver", "fly"), "move")


def test_moves_a_move_that_is_not_a_whole_number_is_one_line() -> None:
    """--move x exits 2 with senjo's one line, in English or Japanese."""
    assert_usage_error(
        run_senjo("gurps", "moves", "--move", "x", "--lang", "en"),
        "--move takes a whole number, not 'x'",
    )
    assert_usage_error(
        run_senjo("gurps", "moves", "--move", "2.5", "--lang", "ja"), "--move は整数です: '2.5'"
    )


def test_run_a_seed_that_is_not_a_whole_number_is_one_line() -> None:
    """`senjo run --seed x` exits 2 with senjo's one line."""
    assert_usage_error(
        run_senjo("run", str(EXAMPLES / "duel.yaml"), "--seed", "x", "--lang", "en"),
        "--seed takes a whole number, not 'x'",
    )


def test_run_show_map_draws_the_board_each_round() -> None:
    """`senjo run --show-map` draws the hex map (figures with facing arrows) every round."""
    corridor = EXAMPLES / "corridor.yaml"
    lines = output(
        run_senjo("run", str(corridor), "--show-map", "--lang", "en", "--option", "max_rounds=2")
    ).splitlines()
    assert lines[1].startswith("Key: A Archer")
    assert any("A↘" in line for line in lines[:12])
    assert sum(1 for line in lines if line.startswith("##    ##")) == 2 * 2


def test_show_map_needs_a_map() -> None:
    """--show-map on a scenario without a map exits 2 with one line."""
    assert_usage_error(run_senjo("run", str(EXAMPLES / "duel.yaml"), "--show-map"), "map")


def test_map_draws_a_multi_hex_figures_body(tmp_path: Path) -> None:
    """`senjo map` draws every hex of a large figure (seed 001: 大きなフィギュア): the wyrm's
    head and the three hexes of its body behind it."""
    picture = tmp_path / "wyrm.svg"
    result = run_senjo("map", str(EXAMPLES / "wyrm.yaml"), "--svg", str(picture))
    assert result.exit_code == 0, result.stderr
    text = picture.read_text(encoding="utf-8")
    assert text.count('stroke-dasharray="2,2"') == 3
