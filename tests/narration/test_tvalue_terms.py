"""T値 system narration terms follow docs/glossary.md (STYLE: rule terms follow the
glossary)."""

from __future__ import annotations

from pathlib import Path

import pytest

from senjo.cli.play_tvalue import CHOICES
from senjo.narration.tvalue import TERMS

GLOSSARY = (Path(__file__).parents[2] / "docs" / "glossary.md").read_text(encoding="utf-8")
WORDS = [
    *((f"{kind}.{key}", ja) for kind, table in TERMS.items() for key, (ja, _) in table.items()),
    *((f"choice.{name}", ja) for name, (ja, _) in CHOICES.items()),
]


@pytest.mark.parametrize(("where", "ja"), WORDS, ids=[where for where, _ in WORDS])
def test_every_japanese_term_is_in_the_glossary(where: str, ja: str) -> None:
    """Each Japanese narration and `senjo play` term appears in docs/glossary.md."""
    assert ja in GLOSSARY, f"{where}: {ja} is not in docs/glossary.md"
