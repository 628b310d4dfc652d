"""senjo.cli."""
