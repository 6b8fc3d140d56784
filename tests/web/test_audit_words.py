"""The audit trail in the reader's language: every action by its name in words, every
sentence the store writes said again in Czech, names kept; old sentences shown as stored."""

import re
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import translation

from kolo.store import api as store
from kolo.store import models
from kolo.web import auditwords
from tests.pagewords import ENGLISH, foreign_words, names_in_store, visible_text
from tests.web.conftest import ACTOR

pytestmark = [pytest.mark.db, pytest.mark.django_db]

SRC = Path(__file__).resolve().parents[2] / "src" / "kolo"


@pytest.fixture
def busy_event():
    """An event with most kinds of change in its trail."""
    owner = get_user_model().objects.create_user("olga", password="secret-olga-1")
    get_user_model().objects.create_user("adam", password="secret-adam-1")
    event = store.create_event(
        ACTOR, "Plzeň 2026", "dominion-cz", {"self_reporting": True}, owner=owner
    )
    names = ["Jana Nováková", "Petr Svoboda", "Eva Veselá", "Jiří Černý", "Tomáš Kučera"]
    store.add_entrants(ACTOR, event, [(n, None) for n in [*names, "Ondřej Šťastný"]])
    store.change_settings(ACTOR, event, {"rounds": 4})
    store.set_role(ACTOR, event, "adam", "assistant")
    store.rename_entrant(ACTOR, event, "p2", None, "Plzeň")
    store.pair_round(ACTOR, event, seed=1, accepted=False)
    store.accept_round(ACTOR, event, 1)
    store.round_clock(ACTOR, event, 1, "start")
    for table in models.Table.objects.filter(round__event=event, round__number=1):
        seats = [s.entrant.code for s in table.seats.all()]
        store.record_result(
            ACTOR, event, 1, table.number, {p: 30 - 5 * i for i, p in enumerate(seats)}
        )
    table = models.Table.objects.get(round__event=event, round__number=1, number=1)
    seats = [s.entrant.code for s in table.seats.all()]
    store.record_result(
        ACTOR, event, 1, 1, {p: 10 + 5 * i for i, p in enumerate(seats)}, expected_version=1
    )
    store.close_round(ACTOR, event, 1)
    store.reopen_round(ACTOR, event, 1)
    store.close_round(ACTOR, event, 1)
    store.drop_entrant(ACTOR, event, "p6")
    store.pair_round(ACTOR, event, seed=2)
    return event


def test_every_action_the_store_writes_has_words():
    written = set()
    for path in SRC.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        written.update(
            re.findall(
                r'"((?:event|entrant|round|result|report|kingdom|team|pool|series|user|registration|store)\.[a-z_]+)"',
                text,
            )
        )
    written.update(f"clock.{a}" for a in ("start", "limit", "reset"))
    assert written - set(auditwords.ACTIONS) == set()


def test_every_sentence_of_a_busy_event_is_said_in_czech(busy_event):
    entries = list(store.audit_trail(busy_event))
    assert len({e.action for e in entries}) >= 10
    with translation.override("cs"):
        for entry in entries:
            said = auditwords.summary_words(entry.summary)
            assert said != entry.summary, entry.summary  # a pattern knew it
    client = Client()
    client.force_login(get_user_model().objects.get(username="olga"))
    client.cookies["django_language"] = "cs"
    page = visible_text(client.get(f"/desk/{busy_event.key}/audit/").content.decode())
    assert foreign_words(page, names_in_store(), ENGLISH) == set()
    assert "Jana Nováková" in page or "Ondřej Šťastný" in page  # names kept
    assert "kolo 1 uzavřeno" in page


def test_an_unknown_sentence_is_shown_as_stored():
    assert auditwords.summary_words("something an older kolo wrote") == (
        "something an older kolo wrote"
    )
    assert auditwords.action_words("old.action") == "old.action"
