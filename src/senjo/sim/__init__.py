"""senjo.sim."""
