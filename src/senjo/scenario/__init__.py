"""senjo.scenario."""
