"""Registrations in the store (R-REG-2): each change one transaction with its audit entry, the
waiting list moving up, the organiser's changes, refusals changing nothing, the last place
taken twice at once."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.utils import timezone

from kolo.core.problems import InvalidInput
from kolo.store import api as store
from kolo.store import models
from tests.web.conftest import ACTOR

pytestmark = [pytest.mark.db, pytest.mark.django_db]


def published(capacity: int | None = 2, **fields: object) -> models.Event:
    event = store.create_event(ACTOR, "Brno jaro", "dominion-cz")
    values: dict[str, object] = {"published_at": timezone.now(), "capacity": capacity}
    values.update(fields)
    models.Event.objects.filter(pk=event.pk).update(**values)
    event.refresh_from_db()
    return event


def statuses(event: models.Event) -> dict[str, str]:
    return {r.name: r.status for r in store.registrations(event)}


def audited(event: models.Event, action: str) -> int:
    return models.AuditEntry.objects.filter(event=event, action=action).count()


def test_registrations_take_places_then_wait_and_a_cancellation_moves_the_first_up():
    event = published(capacity=2)
    rows = [store.register(ACTOR, event, n) for n in ("Ann", "Bob", "Cyril", "Dana")]
    assert [r.number for r in rows] == [1, 2, 3, 4]
    assert [r.status for r in rows] == ["registered", "registered", "waiting", "waiting"]
    assert len({r.token for r in rows}) == 4
    assert all(len(r.token) >= 32 for r in rows)
    assert store.waiting_position(rows[3]) == 2
    moved = store.cancel_registration(ACTOR, rows[0])
    assert [r.name for r in moved] == ["Ann", "Cyril"]
    assert statuses(event) == {
        "Ann": "cancelled",
        "Bob": "registered",
        "Cyril": "registered",
        "Dana": "waiting",
    }
    rows[3].refresh_from_db()
    assert store.waiting_position(rows[3]) == 1
    assert audited(event, "registration.register") == 4
    entry = models.AuditEntry.objects.get(event=event, action="registration.cancel")
    assert entry.summary == "registration #1 Ann cancelled; 1 moved up from the waiting list"


def test_the_organisers_changes_are_audited():
    event = published(capacity=1)
    for name in ("Ann", "Bob", "Cyril"):
        store.register(ACTOR, event, name, email=f"{name.lower()}@example.org")
    store.move_registration(ACTOR, event, 2, up=True)
    assert statuses(event) == {"Bob": "registered", "Ann": "waiting", "Cyril": "waiting"}
    store.set_capacity(ACTOR, event, 2)
    assert statuses(event)["Ann"] == "registered"
    store.remove_registration(ACTOR, event, 1)
    assert statuses(event) == {"Bob": "registered", "Ann": "removed", "Cyril": "registered"}
    store.add_registration(ACTOR, event, "Eva", "KDB")
    assert statuses(event)["Eva"] == "waiting"
    store.mark_paid(ACTOR, event, 2)
    assert models.Registration.objects.get(event=event, number=2).paid
    for action in ("move", "capacity", "remove", "add", "paid"):
        assert audited(event, f"registration.{action}") == 1, action
    # e-mail addresses never go into the audit trail
    assert not models.AuditEntry.objects.filter(summary__contains="@").exists()
    assert "@" not in str(list(models.AuditEntry.objects.values_list("after", flat=True)))


def test_approval_first_when_the_organiser_asks_for_it():
    event = published(capacity=1, approve_registrations=True)
    store.register(ACTOR, event, "Ann")
    store.register(ACTOR, event, "Bob")
    assert statuses(event) == {"Ann": "pending", "Bob": "pending"}
    store.approve_registration(ACTOR, event, 2)
    store.approve_registration(ACTOR, event, 1)
    assert statuses(event) == {"Bob": "registered", "Ann": "waiting"}


def test_duplicates_are_taken_and_flagged():
    event = published(capacity=None)
    store.register(ACTOR, event, "Jan Novák")
    store.register(ACTOR, event, "jan novak")
    store.register(ACTOR, event, "Jana Nováková")
    assert store.duplicate_numbers(event) == {1, 2}
    entry = models.AuditEntry.objects.filter(event=event).order_by("-id")[1]
    assert entry.summary.endswith("(the same name is registered already)")


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"published_at": None}, "not published"),
        ({"cancelled_at": timezone.now()}, "cancelled"),
        ({"registration_until": timezone.now() - timedelta(hours=1)}, "registration closed on"),
        ({"date": timezone.localdate() - timedelta(days=1)}, "already started"),
    ],
)
def test_a_closed_event_refuses_and_nothing_changes(fields, message):
    event = published(**fields)
    before = models.AuditEntry.objects.count()
    with pytest.raises(InvalidInput) as error:
        store.register(ACTOR, event, "Ann")
    assert message in str(error.value)
    assert models.Registration.objects.count() == 0
    assert models.AuditEntry.objects.count() == before


def test_a_started_event_refuses_once_a_round_is_seated():
    event = published(capacity=None)
    store.add_entrants(ACTOR, event, [("A", None), ("B", None), ("C", None)])
    store.new_round(ACTOR, event, [["p1", "p2", "p3"]])
    with pytest.raises(InvalidInput, match="already started"):
        store.register(ACTOR, event, "Ann")


def test_fields_are_checked_as_entrant_names_are():
    event = published()
    for kwargs in (
        {"name": ""},
        {"name": "p3"},
        {"name": "A\u202eB"},
        {"name": "x" * 201},
        {"name": "Ann", "email": "not an address"},
        {"name": "Ann", "club": "\x1b[31m"},
    ):
        with pytest.raises(InvalidInput):
            store.register(ACTOR, event, **kwargs)
    assert models.Registration.objects.count() == 0


def test_the_consent_line_must_be_agreed_and_is_stored():
    event = published(consent="I agree that my name is shown in the results.")
    with pytest.raises(InvalidInput, match="consent"):
        store.register(ACTOR, event, "Ann")
    row = store.register(ACTOR, event, "Ann", consent=True)
    assert row.consent == "I agree that my name is shown in the results."


def test_a_team_rule_set_asks_for_a_partner():
    event = store.create_event(ACTOR, "Domino", "domino-pairs")
    models.Event.objects.filter(pk=event.pk).update(published_at=timezone.now())
    event.refresh_from_db()
    with pytest.raises(InvalidInput):
        store.register(ACTOR, event, "Ann")
    assert store.register(ACTOR, event, "Ann", partner="Bob").partner == "Bob"


def test_the_capacity_never_goes_below_the_registered():
    event = published(capacity=2)
    store.register(ACTOR, event, "Ann")
    store.register(ACTOR, event, "Bob")
    with pytest.raises(InvalidInput):
        store.set_capacity(ACTOR, event, 1)
    event.refresh_from_db()
    assert event.capacity == 2


def test_places_say_the_seats_to_the_next_table():
    event = published(capacity=24)
    for i in range(7):
        store.register(ACTOR, event, f"Player {i}")
    places = store.registration_places(event)
    assert (places.taken, places.left, places.table_size) == (7, 17, 3)  # Dominion plays in threes
    assert places.seats_to_next_table == 2


def test_a_player_deletes_their_data_and_the_first_waiting_moves_up():
    event = published(capacity=1)
    ann = store.register(ACTOR, event, "Ann", email="ann@example.org")
    store.register(ACTOR, event, "Bob")
    token = ann.token
    moved = store.forget_registration(ACTOR, ann)
    assert [r.name for r in moved] == ["Bob"]
    ann.refresh_from_db()
    assert (ann.name, ann.email, ann.status) == ("", "", "cancelled")
    assert store.registration_by_token(token) is None
    # the number is never given twice (a payment's variable symbol)
    assert store.register(ACTOR, event, "Cyril").number == 3


def test_emails_are_erased_a_set_time_after_the_event():
    event = published(capacity=None, date=timezone.localdate() + timedelta(days=3))
    store.register(ACTOR, event, "Ann", email="ann@example.org")
    assert store.forget_emails(30) == 0
    later = timezone.now() + timedelta(days=40)
    assert store.forget_emails(30, now=later) == 1
    assert models.Registration.objects.get(event=event).email == ""
    assert audited(event, "registration.forget_emails") == 1


RACER = """
import json, os, sys, time
from kolo.web import bootstrap
bootstrap.setup()
from django.utils import timezone
from kolo.store import api as store
from kolo.store import models
actor = store.Actor(who="racer", via="test")
role, arg = sys.argv[1], sys.argv[2]
if role == "setup":
    event = store.create_event(actor, "Race", "dominion-cz", key="race")
    models.Event.objects.filter(pk=event.pk).update(published_at=timezone.now(), capacity=2)
    store.register(actor, models.Event.objects.get(key="race"), "First")
elif role == "arrive":
    event = models.Event.objects.get(key="race")
    time.sleep(max(0.0, float(sys.argv[3]) - time.time()))
    store.register(actor, event, arg)
else:
    event = models.Event.objects.get(key="race")
    print(json.dumps([[r.number, r.queue, r.status] for r in store.registrations(event)]))
"""


@pytest.mark.slow
def test_the_last_place_taken_at_once_on_a_sqlite_file_gives_one_place(tmp_path):
    """The real race on SQLite as kolo serves it (a file, WAL, one writer at a time): four
    processes register at the same moment for the last place."""
    import json
    import os
    import subprocess
    import sys
    import time

    env = {
        k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "DJANGO_SETTINGS_MODULE")
    }
    env["KOLO_DB"] = str(tmp_path / "race.sqlite3")

    def run(*args: str) -> subprocess.Popen[str]:
        return subprocess.Popen(
            [sys.executable, "-c", RACER, *args],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )

    setup = run("setup", "-")
    assert setup.wait(60) == 0, setup.stderr.read() if setup.stderr else ""
    at = str(time.time() + 4)
    racers = [run("arrive", f"Racer {i}", at) for i in range(4)]
    for racer in racers:
        assert racer.wait(60) == 0, racer.stderr.read() if racer.stderr else ""
    report = run("report", "-")
    out, err = report.communicate(timeout=60)
    assert report.returncode == 0, err
    rows = json.loads(out)
    assert sorted(status for _n, _q, status in rows) == ["registered"] * 2 + ["waiting"] * 3
    assert sorted(number for number, _q, _s in rows) == [1, 2, 3, 4, 5]
    assert len({queue for _n, queue, _s in rows}) == 5


@pytest.mark.django_db(transaction=True)
def test_many_registrations_at_once_on_postgresql_never_overfill():
    """The real race, on PostgreSQL's row lock: six connections for two places."""
    from django.db import connection

    if connection.vendor != "postgresql":
        pytest.skip("SQLite's test store is one in-memory connection; runs on PostgreSQL")
    event = published(capacity=2)
    start = threading.Barrier(6)
    failures: list[BaseException] = []

    def arrive(name: str) -> None:
        try:
            start.wait()
            store.register(ACTOR, event, name)
        except BaseException as error:  # shown by the assertion
            failures.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=arrive, args=(f"Player {i}",)) for i in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    rows = store.registrations(event)
    assert sorted(r.status for r in rows).count("registered") == 2
    assert sorted(r.number for r in rows) == [1, 2, 3, 4, 5, 6]
    waiting = [r for r in rows if r.status == "waiting"]
    assert [r.queue for r in waiting] == sorted(r.queue for r in waiting)


def test_the_web_application_erases_old_emails_when_it_starts(capsys):
    from kolo.cli.serve import forget_old_emails

    event = published(capacity=None, date=timezone.localdate() - timedelta(days=60))
    store.add_registration(ACTOR, event, "Ann", email="ann@example.org")
    forget_old_emails()
    assert models.Registration.objects.get().email == ""
    assert ": 1" in capsys.readouterr().out


def test_the_terms_of_registration_are_checked_and_audited():
    event = published()
    store.set_terms(
        ACTOR,
        event,
        approve=True,
        consent="  My name may be shown. ",
        bank_account="2000145399/0800",
    )
    event.refresh_from_db()
    assert (event.approve_registrations, event.consent, event.bank_account) == (
        True,
        "My name may be shown.",
        "2000145399/0800",
    )
    assert audited(event, "registration.terms") == 1
    for wrong in ({"bank_account": "12345"}, {"consent": "a\x1b[31m"}, {"consent": "x" * 1001}):
        terms = {"approve": False, "consent": "", "bank_account": ""} | wrong
        with pytest.raises(InvalidInput):
            store.set_terms(ACTOR, event, **terms)
    event.refresh_from_db()
    assert event.approve_registrations
    assert audited(event, "registration.terms") == 1


def test_a_partner_at_an_event_not_played_in_teams_is_refused_not_dropped():
    event = published()
    with pytest.raises(InvalidInput, match="not played in teams"):
        store.register(ACTOR, event, "Ann", partner="Bob")
    assert models.Registration.objects.count() == 0
