"""Where source 004's text of a card differs from the printed card, the printed card applies
(RULES.md §5.2 note): every such card is listed in docs/rules-notes.md and has a test that
names it in tests/games/dominion/test_engine_cards.py."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
SLIPS = ("Merchant", "Sentry", "Bandit", "Vassal")
"""The cards RULES.md §5.2 names."""


def _section_5_2() -> str:
    text = (ROOT / "docs" / "spec" / "RULES.md").read_text(encoding="utf-8")
    start = text.index("### 5.2")
    return text[start : text.index("\n### ", start + 1)]


def _source_004_note() -> str:
    text = (ROOT / "docs" / "rules-notes.md").read_text(encoding="utf-8")
    start = text.index("- **Source 004**")
    end = text.find("\n- ", start + 1)
    return text[start : end if end >= 0 else len(text)]


def test_rules_5_2_names_the_cards_whose_source_text_is_a_slip() -> None:
    section = " ".join(_section_5_2().split())
    assert "the printed card's text applies" in section
    for card in SLIPS:
        assert card in section, card


def test_rules_notes_lists_each_slip_with_what_the_card_says() -> None:
    note = " ".join(_source_004_note().split())
    for card in SLIPS:
        assert f"**{card}**" in note, card
    assert re.search(r"\*\*Bandit\*\*[^*]*\+1 treasure[^*]*Gold", note)
    assert re.search(r"\*\*Vassal\*\*[^*]*\+\$2", note)


def test_each_slip_has_a_test_naming_its_card() -> None:
    tests = (ROOT / "tests" / "games" / "dominion" / "test_engine_cards.py").read_text("utf-8")
    for card in SLIPS:
        assert re.search(rf"def test_{card.lower()}_\w+", tests), card
