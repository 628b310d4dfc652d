"""senjo.scenario: scenario files (YAML) checked once and turned into battles."""

from senjo.scenario.errors import ScenarioError
from senjo.scenario.loader import Scenario, load_scenario, parse_scenario

__all__ = ["Scenario", "ScenarioError", "load_scenario", "parse_scenario"]
