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
from senjo.scenario.coc import build_combatant
from senjo.scenario.errors import ScenarioError
from senjo.scenario.gurps import build_fighter
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

    def side_name(self, side: str, lang: str) -> str:
        """A side's name in a language."""
        en, ja = self.side_names.get(side, (side, side))
        return ja if lang == "ja" else en


#: Builds one combatant's sheet from its data: (sheet, controller, position).
#: A sheet has at least `key`, `name`, `name_ja` and `side`.
Builder = Callable[[dict[str, Any], str, int], tuple[Any, str, Any]]

#: rule system name -> how to build one of its combatants.
SYSTEM_LOADERS: dict[str, Builder] = {"gurps": build_fighter, "coc": build_combatant}


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
    raise ScenarioError(source, path, "expected text, or {en: ..., ja: ...}")


def parse_scenario(data: Any, source: str = "<scenario>") -> Scenario:
    """Check loaded scenario data and build the combatants."""
    if not isinstance(data, dict):
        raise ScenarioError(source, "", "a scenario file is a mapping with system: and combatants:")
    unknown = sorted(set(data) - _TOP_LEVEL)
    if unknown:
        raise ScenarioError(
            source, unknown[0], f"unknown field; allowed: {', '.join(sorted(_TOP_LEVEL))}"
        )
    system = data.get("system")
    known = ", ".join(sorted(SYSTEM_LOADERS))
    if system is None:
        raise ScenarioError(source, "system", f"required field is missing; known: {known}")
    if system not in SYSTEM_LOADERS:
        raise ScenarioError(source, "system", f"{system!r} is not a rule system; known: {known}")
    title_en, title_ja = _title(data.get("title"), source)
    seed = data.get("seed")
    if isinstance(seed, bool) or (seed is not None and (not isinstance(seed, int) or seed < 0)):
        raise ScenarioError(source, "seed", f"expected a whole number 0 or more, not {seed!r}")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise ScenarioError(source, "options", "expected a mapping of option: value")
    options = {str(k): _option_text(v) for k, v in options.items()}
    _check_options(find_rule_system(system), options, source)
    combatants = data.get("combatants")
    if not isinstance(combatants, list) or len(combatants) < 2:
        raise ScenarioError(source, "combatants", "expected a list of at least two combatants")
    builder = SYSTEM_LOADERS[system]
    fighters: list[Any] = []
    positions: dict[str, Any] = {}
    controllers: dict[str, str] = {}
    for index, entry in enumerate(combatants):
        if not isinstance(entry, dict):
            raise ScenarioError(source, f"combatants[{index}]", "expected a mapping")
        fighter, controller, position = builder(entry, source, index)
        if fighter.key in controllers:
            raise ScenarioError(
                source, f"combatants[{index}].key", f"{fighter.key!r} is used twice"
            )
        fighters.append(fighter)
        positions[fighter.key] = position
        controllers[fighter.key] = controller
    if len({f.side for f in fighters}) < 2:
        raise ScenarioError(source, "combatants", "a battle needs at least two sides")
    side_names = _side_names(data.get("sides", {}), {f.side for f in fighters}, source)
    ground = None
    if "map" in data:
        if system != "gurps":
            raise ScenarioError(source, "map", f"{system} battles have no hex map")
        ground = build_hexmap(data["map"], source)
        check_placements(ground, positions, source)
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
    )


def _check_options(system: type[RuleSystem[Any]], options: dict[str, str], source: str) -> None:
    known = {option.name: option for option in system.options}
    for name, value in options.items():
        option = known.get(name)
        if option is None:
            listed = ", ".join(sorted(known)) or "none"
            raise ScenarioError(
                source,
                f"options.{name}",
                f"unknown option for {system.name}; known options: {listed}",
            )
        if not option.accepts(value):
            raise ScenarioError(source, f"options.{name}", f"takes {option.allowed}, not {value!r}")


def _side_names(value: Any, sides: set[str], source: str) -> dict[str, tuple[str, str]]:
    """`sides: {knights: {en: Knights, ja: 騎士団}}` (or plain text) for the narration."""
    if not isinstance(value, dict):
        raise ScenarioError(source, "sides", "expected a mapping of side: name")
    names: dict[str, tuple[str, str]] = {}
    for side, name in value.items():
        if side not in sides:
            known = ", ".join(sorted(sides))
            raise ScenarioError(source, f"sides.{side}", f"no combatant is on it; sides: {known}")
        if name is None:
            raise ScenarioError(source, f"sides.{side}", "expected text, or {en: ..., ja: ...}")
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
        raise ScenarioError(source, "", "no such file") from None
    except OSError as error:
        raise ScenarioError(source, "", f"cannot be read ({error.strerror})") from None
    except UnicodeDecodeError:
        raise ScenarioError(source, "", "is not UTF-8 text") from None
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f"line {mark.line + 1}" if mark is not None else ""
        problem = getattr(error, "problem", None) or "not valid YAML"
        raise ScenarioError(source, where, str(problem)) from None
    return parse_scenario(data, source)
