"""senjo.narration."""
