"""Loading scenario files: YAML in, a checked `Scenario` out, or one clear error.

A scenario names its rule system, optional rules, a seed, and combatants with
their controllers. Loading validates everything once, so the battle itself
never validates anything.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from senjo.engine.battle import RuleSystem
from senjo.engine.bilingual import in_lang
from senjo.scenario.errors import TEXT_EXPECTED, Bilingual, ScenarioError
from senjo.scenario.fields import no_such_side
from senjo.scenario.hexmap import build_hexmap, check_placements
from senjo.systems import find_rule_system

__all__ = ["SYSTEM_LOADERS", "Scenario", "load_scenario", "parse_scenario"]

_TOP_LEVEL = {
    "system",
    "title",
    "description",
    "seed",
    "options",
    "combatants",
    "map",
    "sides",
    "setup",
}


@dataclass(frozen=True)
class Scenario:
    """A checked scenario: what a rule system needs to set a battle up.

    `data` is the file's content as loaded (kept for journals, so a replay
    can rebuild the same battle).
    """

    source: str
    system: str
    title_en: str
    title_ja: str
    seed: int | None
    options: dict[str, str]
    fighters: tuple[Any, ...]
    positions: dict[str, Any]
    controllers: dict[str, str]
    data: dict[str, Any] = field(repr=False)
    #: The battle map (a `HexMap` for GURPS tactical combat), or None.
    ground: Any = None
    #: Display names of the sides: key -> (English, Japanese); the key when not given.
    side_names: dict[str, tuple[str, str]] = field(default_factory=dict)
    #: The `setup:` block as the system's `SYSTEM_SETUPS` entry built it, or None.
    setup: Any = None

    def side_name(self, side: str, lang: str) -> str:
        """A side's name in a language."""
        en, ja = self.side_names.get(side, (side, side))
        return ja if lang == "ja" else en


#: Builds one combatant's sheet from its data: (sheet, controller, position).
#: A sheet has at least `key`, `name`, `name_ja` and `side`.
Builder = Callable[[dict[str, Any], str, int], tuple[Any, str, Any]]


# Each system's loader is imported when a scenario asks for it: a GURPS scenario's start
# then never loads CoC, nor a CoC scenario's GURPS (about 0.1 s of `senjo sim`'s start).


def _gurps_fighter(data: dict[str, Any], source: str, index: int) -> tuple[Any, str, Any]:
    from senjo.scenario.gurps import build_fighter

    return build_fighter(data, source, index)


def _coc_combatant(data: dict[str, Any], source: str, index: int) -> tuple[Any, str, Any]:
    from senjo.scenario.coc import build_combatant

    return build_combatant(data, source, index)


def _tomogami_character(data: dict[str, Any], source: str, index: int) -> tuple[Any, str, Any]:
    from senjo.scenario.tomogami import build_character

    return build_character(data, source, index)


def _tvalue_fighter(data: dict[str, Any], source: str, index: int) -> tuple[Any, str, Any]:
    from senjo.scenario.tvalue import build_fighter

    return build_fighter(data, source, index)


def _tvalue_setup(data: Any, source: str, fighters: tuple[Any, ...]) -> Any:
    from senjo.scenario.tvalue import build_setup

    return build_setup(data, source, fighters)


#: rule system name -> how to build one of its combatants.
SYSTEM_LOADERS: dict[str, Builder] = {
    "gurps": _gurps_fighter,
    "coc": _coc_combatant,
    "tomogami": _tomogami_character,
    "tvalue": _tvalue_fighter,
}

#: Builds a system's `setup:` block from its data, the source and the built sheets.
SetupBuilder = Callable[[Any, str, tuple[Any, ...]], Any]

#: rule system name -> how to build its `setup:` block; a system not listed takes none.
SYSTEM_SETUPS: dict[str, SetupBuilder] = {"tvalue": _tvalue_setup}


def _title(value: Any, source: str, path: str = "title") -> tuple[str, str]:
    if value is None:
        stem = Path(source).stem
        return stem, stem
    if isinstance(value, str):
        return value, value
    if isinstance(value, dict) and set(value) <= {"en", "ja"} and value:
        en = value.get("en", value.get("ja"))
        ja = value.get("ja", en)
        if isinstance(en, str) and isinstance(ja, str):
            return en, ja
    raise ScenarioError(source, path, TEXT_EXPECTED)


def parse_scenario(data: Any, source: str = "<scenario>") -> Scenario:
    """Check loaded scenario data and build the combatants."""
    if not isinstance(data, dict):
        raise ScenarioError(
            source,
            "",
            Bilingual(
                "a scenario file is a mapping with system: and combatants:",
                "シナリオファイルは system: と combatants: を持つマッピングです",
            ),
        )
    unknown = sorted(set(data) - _TOP_LEVEL)
    if unknown:
        allowed = ", ".join(sorted(_TOP_LEVEL))
        raise ScenarioError(
            source,
            unknown[0],
            Bilingual(
                f"unknown field; allowed: {allowed}", f"不明な項目です（使える項目：{allowed}）"
            ),
        )
    system = data.get("system")
    known = ", ".join(sorted(SYSTEM_LOADERS))
    if system is None:
        raise ScenarioError(
            source,
            "system",
            Bilingual(
                f"required field is missing; known: {known}",
                f"必須の項目がありません（ルールシステム：{known}）",
            ),
        )
    if not isinstance(system, str) or system not in SYSTEM_LOADERS:
        raise ScenarioError(
            source,
            "system",
            Bilingual(
                f"{system!r} is not a rule system; known: {known}",
                f"{system!r} はルールシステムではありません（使えるもの：{known}）",
            ),
        )
    if "setup" in data and system not in SYSTEM_SETUPS:
        raise ScenarioError(
            source,
            "setup",
            Bilingual(
                f"{system} battles take no setup: block",
                f"{system} の戦闘には setup: の項目はありません",
            ),
        )
    title_en, title_ja = _title(data.get("title"), source)
    seed = data.get("seed")
    if isinstance(seed, bool) or (seed is not None and (not isinstance(seed, int) or seed < 0)):
        raise ScenarioError(
            source,
            "seed",
            Bilingual(
                f"expected a whole number 0 or more, not {seed!r}",
                f"0以上の整数を指定してください（{seed!r} は不可）",
            ),
        )
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise ScenarioError(
            source,
            "options",
            Bilingual(
                "expected a mapping of option: value",
                "オプション: 値 のマッピングを指定してください",
            ),
        )
    options = {str(k): _option_text(v) for k, v in options.items()}
    _check_options(find_rule_system(system), options, source)
    combatants = data.get("combatants")
    if not isinstance(combatants, list) or len(combatants) < 2:
        raise ScenarioError(
            source,
            "combatants",
            Bilingual(
                "expected a list of at least two combatants",
                "2人以上の戦闘者のリストを指定してください",
            ),
        )
    builder = SYSTEM_LOADERS[system]
    fighters: list[Any] = []
    positions: dict[str, Any] = {}
    controllers: dict[str, str] = {}
    for index, entry in enumerate(combatants):
        if not isinstance(entry, dict):
            raise ScenarioError(
                source,
                f"combatants[{index}]",
                Bilingual("expected a mapping", "マッピングを指定してください"),
            )
        fighter, controller, position = builder(entry, source, index)
        if fighter.key in controllers:
            raise ScenarioError(
                source,
                f"combatants[{index}].key",
                Bilingual(f"{fighter.key!r} is used twice", f"{fighter.key!r} が2回使われています"),
            )
        fighters.append(fighter)
        positions[fighter.key] = position
        controllers[fighter.key] = controller
    if len({f.side for f in fighters}) < 2:
        raise ScenarioError(
            source,
            "combatants",
            Bilingual("a battle needs at least two sides", "戦闘には2つ以上の陣営が必要です"),
        )
    side_names = _side_names(data.get("sides", {}), {f.side for f in fighters}, source)
    ground = None
    if "map" in data:
        if system != "gurps":
            raise ScenarioError(
                source,
                "map",
                Bilingual(
                    f"{system} battles have no hex map",
                    f"{system} の戦闘にはヘクスマップがありません",
                ),
            )
        ground = build_hexmap(data["map"], source)
        check_placements(ground, positions, source)
    else:
        for index, where in enumerate(positions.values()):
            if getattr(where, "hex", None) is not None:
                raise ScenarioError(
                    source,
                    f"combatants[{index}].hex",
                    Bilingual(
                        "a hex needs a map: block; without a map write position: [x, y]",
                        "ヘクスには map: が必要です（マップなしでは position: [x, y] と書きます）",
                    ),
                )
    setup = _setup(data, system, tuple(fighters), source)
    return Scenario(
        source=source,
        system=system,
        title_en=title_en,
        title_ja=title_ja,
        seed=seed,
        options=options,
        fighters=tuple(fighters),
        positions=positions,
        controllers=controllers,
        data=data,
        ground=ground,
        side_names=side_names,
        setup=setup,
    )


def _setup(data: dict[str, Any], system: str, fighters: tuple[Any, ...], source: str) -> Any:
    """The system's `setup:` block, built by its `SYSTEM_SETUPS` entry (even when absent,
    so its defaults apply); None for a system that takes none."""
    builder = SYSTEM_SETUPS.get(system)
    if builder is None:
        return None
    return builder(data.get("setup"), source, fighters)


def _check_options(system: type[RuleSystem[Any]], options: dict[str, str], source: str) -> None:
    known = {option.name: option for option in system.options}
    for name, value in options.items():
        option = known.get(name)
        if option is None:
            listed = ", ".join(sorted(known)) or "none"
            raise ScenarioError(
                source,
                f"options.{name}",
                Bilingual(
                    f"unknown option for {system.name}; known options: {listed}",
                    f"{system.name} にないオプションです（使えるもの：{listed}）",
                ),
            )
        if not option.accepts(value):
            raise ScenarioError(
                source,
                f"options.{name}",
                Bilingual(
                    f"takes {option.allowed}, not {value!r}",
                    f"{in_lang(option.allowed, 'ja')} を指定してください（{value!r} は不可）",
                ),
            )


def _side_names(value: Any, sides: set[str], source: str) -> dict[str, tuple[str, str]]:
    """`sides: {knights: {en: Knights, ja: 騎士団}}` (or plain text) for the narration."""
    if not isinstance(value, dict):
        raise ScenarioError(
            source,
            "sides",
            Bilingual(
                "expected a mapping of side: name", "陣営: 名前 のマッピングを指定してください"
            ),
        )
    names: dict[str, tuple[str, str]] = {}
    for side, name in value.items():
        if side not in sides:
            raise no_such_side(source, f"sides.{side}", sides)
        if name is None:
            raise ScenarioError(source, f"sides.{side}", TEXT_EXPECTED)
        names[str(side)] = _title(name, source, f"sides.{side}")
    return names


def _option_text(value: Any) -> str:
    # YAML reads on/off/yes/no as booleans; options are text.
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def load_scenario(path: str | Path) -> Scenario:
    """Read and check a scenario file; any problem is a `ScenarioError`."""
    source = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ScenarioError(source, "", Bilingual("no such file", "ファイルがありません")) from None
    except OSError as error:
        raise ScenarioError(
            source,
            "",
            Bilingual(f"cannot be read ({error.strerror})", f"読み込めません（{error.strerror}）"),
        ) from None
    except UnicodeDecodeError:
        raise ScenarioError(
            source, "", Bilingual("is not UTF-8 text", "UTF-8 のテキストではありません")
        ) from None
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f"line {mark.line + 1}" if mark is not None else ""
        problem = str(getattr(error, "problem", None) or "not valid YAML")
        raise ScenarioError(
            source, where, Bilingual(problem, f"YAML として読めません（{problem}）")
        ) from None
    return parse_scenario(data, source)
