"""senjo.engine."""
