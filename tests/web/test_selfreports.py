"""Self-reporting never overwrites silently: conflicting reports are both kept, an older
report does not replace a newer result, and each player confirms once, for themselves."""

import threading

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from kolo.core.problems import InvalidInput
from kolo.store import api as store
from kolo.store import models, selfreports
from tests.web.conftest import ACTOR

pytestmark = [pytest.mark.db, pytest.mark.django_db]

REPORT = "/e/brno-2026/report/"


@pytest.fixture
def owner():
    return get_user_model().objects.create_user("olga", password="secret-olga-1")


@pytest.fixture
def desk(owner):
    client = Client()
    client.force_login(owner)
    return client


@pytest.fixture
def table(owner):
    event = store.create_event(
        ACTOR, "Brno 2026", "dominion-cz", {"self_reporting": True}, owner=owner
    )
    store.add_entrants(
        ACTOR, event, [(n, None) for n in ("Ana", "Bob", "Cyril", "Dana", "Eva", "Filip")]
    )
    store.pair_round(ACTOR, event, seed=1)
    return models.Table.objects.get(round__event=event, number=1)


def seats(table):
    return [s.entrant.code for s in table.seats.all()]


def name(table, index):
    return table.seats.all()[index].entrant.name


def submit(client, table, player, scores, follow=False):
    data = {"code": table.code, "action": "submit", "player": player}
    data |= {f"score_{p}": str(v) for p, v in zip(seats(table), scores, strict=True)}
    return client.post(REPORT, data, follow=follow)


def answer(client, table, player, action="confirm", report=None):
    data = {"code": table.code, "action": action, "player": player}
    if report is not None:
        data["report"] = str(report.pk)
    return client.post(REPORT, data, follow=True).content.decode()


def audited(action):
    return models.AuditEntry.objects.filter(action=action).count()


def test_two_players_reporting_at_once_are_both_kept_as_a_conflict(table, desk):
    ana, bob = Client(), Client()
    first, second = seats(table)[:2]
    # both read the page before either sends: neither sees the other's report
    assert "Waiting for the others" not in ana.get(f"{REPORT}?code={table.code}").content.decode()
    assert "Waiting for the others" not in bob.get(f"{REPORT}?code={table.code}").content.decode()
    submit(ana, table, first, [50, 40, 30])
    submit(bob, table, second, [50, 30, 40])
    selfreports = list(models.SelfReport.objects.filter(table=table))
    assert len(selfreports) == 2
    assert all(r.status != models.SelfReport.REJECTED for r in selfreports)
    assert audited("report.submit") == 2
    # Bob's different report disputes Ana's, and says so in the audit trail
    assert selfreports[0].status == models.SelfReport.DISPUTED
    assert audited("report.dispute") == 1
    page = desk.get("/desk/brno-2026/rounds/1/").content.decode()
    assert "Conflicting reports" in page
    assert page.count("Accept this report") == 2
    players = Client().get(f"{REPORT}?code={table.code}").content.decode()
    assert "The reports differ" in players


def test_accepting_one_of_two_conflicting_reports_rejects_the_other_in_the_audit(table, desk):
    first, second = seats(table)[:2]
    submit(Client(), table, first, [50, 40, 30])
    submit(Client(), table, second, [50, 30, 40])
    older, newer = models.SelfReport.objects.filter(table=table)
    desk.post(f"/desk/brno-2026/rounds/1/reports/{newer.pk}/", {"decision": "accept", "version": 0})
    older.refresh_from_db()
    newer.refresh_from_db()
    assert (older.status, newer.status) == ("rejected", "accepted")
    assert audited("report.reject") == 1
    points = {s.entrant.code: s.points for s in models.Score.objects.filter(game__table=table)}
    assert points == dict(zip(seats(table), [50, 30, 40], strict=True))


def test_the_same_result_reported_again_is_a_confirmation(table):
    first, second, _ = seats(table)
    submit(Client(), table, first, [50, 40, 30])
    submit(Client(), table, second, [50, 40, 30])
    report = models.SelfReport.objects.get(table=table)
    assert report.status == models.SelfReport.PENDING
    assert [e.code for e in report.confirmed_by.all()] == [second]
    assert audited("report.confirm") == 1


def test_accepting_an_older_report_never_replaces_a_newer_result_silently(table, desk):
    first = seats(table)[0]
    submit(Client(), table, first, [50, 40, 30])
    report = models.SelfReport.objects.get(table=table)
    # the organiser enters the result from the slip meanwhile
    entered = {f"score_{p}": str(v) for p, v in zip(seats(table), [20, 10, 0], strict=True)}
    desk.post("/desk/brno-2026/rounds/1/tables/1/result/", entered | {"version": "0"})
    # then accepts the report from a page read before the result was in
    response = desk.post(
        f"/desk/brno-2026/rounds/1/reports/{report.pk}/",
        {"decision": "accept", "version": "0"},
        follow=True,
    ).content.decode()
    assert "has a result entered after this report" in response
    report.refresh_from_db()
    assert report.status != models.SelfReport.ACCEPTED
    points = [s.points for s in models.Score.objects.filter(game__table=table)]
    assert sorted(points) == [0, 10, 20]
    # the round page shows both and asks before replacing
    page = desk.get("/desk/brno-2026/rounds/1/").content.decode()
    assert "Result now" in page
    assert "Replace the result with this report" in page
    game = models.Game.objects.get(table=table)
    desk.post(
        f"/desk/brno-2026/rounds/1/reports/{report.pk}/",
        {"decision": "accept", "version": str(game.version)},
    )
    report.refresh_from_db()
    assert report.status == models.SelfReport.ACCEPTED
    assert sorted(s.points for s in models.Score.objects.filter(game__table=table)) == [30, 40, 50]
    assert audited("result.correct") == 1


def test_accepting_without_a_version_is_refused_when_a_result_is_in(table):
    first = seats(table)[0]
    submit(Client(), table, first, [50, 40, 30])
    report = models.SelfReport.objects.get(table=table)
    store.record_result(
        ACTOR, table.round.event, 1, 1, dict(zip(seats(table), [1, 2, 3], strict=True))
    )
    with pytest.raises(InvalidInput, match="entered after this report"):
        selfreports.decide_self_report(ACTOR, table.round.event, report, True)
    report.refresh_from_db()
    assert report.status == models.SelfReport.PENDING


def test_one_phone_confirms_for_one_player_once(table):
    first, second, third = seats(table)
    phone = Client()
    submit(phone, table, first, [50, 40, 30])
    report = models.SelfReport.objects.get(table=table)
    # the reporter's phone shows no buttons to confirm their own report, nor takes it
    assert "Your report: the others" in phone.get(f"{REPORT}?code={table.code}").content.decode()
    assert "you reported this result" in answer(phone, table, first)
    # nor, on the same phone, confirm for the others
    assert f"On this phone you answer as {name(table, 0)}" in answer(phone, table, second)
    assert f"On this phone you answer as {name(table, 0)}" in answer(phone, table, third)
    report.refresh_from_db()
    assert report.status == models.SelfReport.PENDING
    assert not report.confirmed_by.exists()
    bob = Client()
    answer(bob, table, second, report=report)
    again = answer(bob, table, second, report=report)
    assert f"{name(table, 1)} has confirmed this report already" in again
    assert audited("report.confirm") == 1
    answer(Client(), table, third, report=report)
    report.refresh_from_db()
    assert report.status == models.SelfReport.CONFIRMED


@pytest.mark.django_db(transaction=True)
def test_two_reports_arriving_at_once_on_two_connections(owner):
    """The real race: two requests in two threads, each with its own connection."""
    from django.db import connection

    if connection.vendor != "postgresql":
        pytest.skip("SQLite's test store is one in-memory connection; runs on PostgreSQL")
    event = store.create_event(ACTOR, "Race", "dominion-cz", {"self_reporting": True})
    store.add_entrants(ACTOR, event, [(n, None) for n in ("Ana", "Bob", "Cyril")])
    store.new_round(ACTOR, event, [["p1", "p2", "p3"]])
    table = models.Table.objects.get(round__event=event)
    start = threading.Barrier(2)
    failures = []

    def report(player, scores):
        try:
            start.wait()
            selfreports.submit_self_report(ACTOR, event, table, player, scores)
        except Exception as error:  # shown by the assertion below
            failures.append(error)
        finally:
            connection.close()

    threads = [
        threading.Thread(target=report, args=("p1", {"p1": 50, "p2": 40, "p3": 30})),
        threading.Thread(target=report, args=("p2", {"p1": 50, "p2": 30, "p3": 40})),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    statuses = sorted(r.status for r in models.SelfReport.objects.filter(table=table))
    assert statuses == ["disputed", "pending"]
    assert audited("report.submit") == 2
    assert audited("report.dispute") == 1
