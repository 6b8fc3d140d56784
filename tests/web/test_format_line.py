"""The desk's line on the format (issue 17): with this field and these rounds, how often the
strongest player wins, and with one round more — from the table kolo ships."""

import pytest

from kolo.science import table
from kolo.store import api as store
from tests.web.conftest import ACTOR

pytestmark = [pytest.mark.db, pytest.mark.django_db]


def _event(owner, players, ruleset="dominion-cz"):
    event = store.create_event(ACTOR, "Brno 2026", ruleset, owner=owner)
    if players:
        store.add_entrants(ACTOR, event, [(f"Player {i}", None) for i in range(1, players + 1)])
    return event


def test_the_event_desk_says_what_its_rounds_give(desk, owner):
    event = _event(owner, 30)
    page = desk.get(f"/desk/{event.key}/").content.decode()
    line = table.desk_line("dominion-cz", 30, 5)
    assert line is not None
    assert line.text() in page
    assert "6 rounds:" in page


def test_changing_the_rounds_changes_the_line(desk, owner):
    event = _event(owner, 30)
    store.change_settings(ACTOR, event, {"rounds": 7})
    page = desk.get(f"/desk/{event.key}/settings/").content.decode()
    assert table.desk_line("dominion-cz", 30, 7).text() in page


def test_no_line_without_a_table_near(desk, owner):
    assert "format-line" not in desk.get(f"/desk/{_event(owner, 0).key}/").content.decode()
    swiss = _event(owner, 32, "swiss-pairs")
    assert "format-line" not in desk.get(f"/desk/{swiss.key}/").content.decode()
