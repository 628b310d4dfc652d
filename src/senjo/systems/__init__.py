"""senjo.systems."""
