"""senjo.space."""
