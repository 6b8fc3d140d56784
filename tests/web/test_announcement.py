"""An event's announcement (issue 38, R-REG-1): publishing with its date, city and venue,
changing the details later and cancelling, each audited with what changed, refusals that
change nothing; the command line and the desk's form (errors by the fields, Czech and
English); the public page, the calendar with its filters and places left, the iCalendar
feeds; the Tour's "published" from the store (R-TOUR-1); the API's document."""

import datetime
import json

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from kolo.cli import main
from kolo.core.problems import InvalidInput
from kolo.store import api as store
from kolo.store import models
from tests.report.test_icalendar import unescape, unfold
from tests.web.conftest import ACTOR

pytestmark = [pytest.mark.db, pytest.mark.django_db]

NEXT_YEAR = datetime.date.today().year + 1
DAY = f"{NEXT_YEAR}-03-13"
WHERE = {"date": DAY, "city": "Brno", "venue": "Klub Hrací kostka"}


def row(event):
    return models.Event.objects.filter(pk=event.pk).values().get()


@pytest.fixture
def owner():
    return get_user_model().objects.create_user("olga", password="secret-olga-1")


@pytest.fixture
def draft(owner):
    return store.create_event(ACTOR, "Brno open", "dominion-cz", owner=owner)


def test_publishing_needs_date_city_and_venue_and_is_audited(draft):
    before, entries = row(draft), models.AuditEntry.objects.count()
    with pytest.raises(InvalidInput) as refused:
        store.announce(ACTOR, draft, {"city": "Brno"}, publish=True)
    assert {p.path for p in refused.value.problems} == {"--date", "--venue"}
    assert row(draft) == before
    assert models.AuditEntry.objects.count() == entries
    event = store.announce(
        ACTOR,
        draft,
        {**WHERE, "capacity": "24", "registration_until": f"{DAY}T08:00"},
        publish=True,
    )
    assert event.published_at is not None
    entry = models.AuditEntry.objects.filter(event=event).last()
    assert entry.action == "event.publish"
    assert entry.before["published_at"] is None
    assert entry.after["published_at"]
    assert entry.after["city"] == "Brno"
    assert entry.after["capacity"] == "24"
    # a change later says what changed, before and after
    store.announce(ACTOR, event, {"venue": "Sokolovna", "capacity": "30"})
    entry = models.AuditEntry.objects.filter(event=event).last()
    assert entry.action == "event.details"
    assert entry.before == {"venue": "Klub Hrací kostka", "capacity": "24"}
    assert entry.after == {"venue": "Sokolovna", "capacity": "30"}
    assert entry.summary == "changed the event's details: venue, capacity"
    # a published event keeps its venue; a deadline after the day is refused
    for given, path in (
        ({"venue": ""}, "--venue"),
        ({"registration_until": f"{NEXT_YEAR}-03-14T10:00"}, "--registration-until"),
        ({"date": "13.3."}, "--date"),
        ({"start_time": "25:00"}, "--start"),
        ({"capacity": "0"}, "--capacity"),
        ({"city": "Br\x1bno"}, "--city"),
    ):
        before = row(event)
        with pytest.raises(InvalidInput) as refused:
            store.announce(ACTOR, event, given)
        assert refused.value.problems[0].path == path
        assert row(event) == before
    store.cancel_event(ACTOR, event, "the venue burnt down")
    event.refresh_from_db()
    assert event.cancelled_at is not None
    entry = models.AuditEntry.objects.filter(event=event).last()
    assert (entry.action, entry.reason) == ("event.cancel", "the venue burnt down")
    with pytest.raises(InvalidInput):
        store.cancel_event(ACTOR, event)
    with pytest.raises(InvalidInput):
        store.announce(ACTOR, event, {"fee": "100 Kč"})


def test_a_draft_is_not_cancelled(draft):
    with pytest.raises(InvalidInput):
        store.cancel_event(ACTOR, draft)


def run(capsys, *args):
    code = main(["--user", "desk", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_command_line_publishes_changes_and_cancels(capsys, draft):
    code, out, err = run(capsys, "event", "publish", draft.key, "--city", "Brno")
    assert code == 2
    assert "--date" in err
    assert "Traceback" not in err
    assert row(draft)["published_at"] is None
    code, out, err = run(
        capsys, "event", "publish", draft.key, "--date", DAY, "--city", "Brno",
        "--venue", "Klub", "--start", "10:00", "--capacity", "24",
        "--registration-until", f"{NEXT_YEAR}-03-12T20:00", "--fee", "150 Kč",
    )  # fmt: skip
    assert code == 0, err
    assert f"published {draft.key}" in out
    assert "150 Kč" in out
    draft.refresh_from_db()
    assert (draft.start_time, draft.capacity) == (datetime.time(10, 0), 24)
    code, out, err = run(capsys, "event", "publish", draft.key)
    assert code == 2
    assert "published already" in err
    code, out, err = run(capsys, "event", "details", draft.key, "--capacity", "lots")
    assert code == 2
    assert len(err.strip().splitlines()) == 1
    code, out, err = run(capsys, "event", "details", draft.key, "--capacity", "30")
    assert code == 0
    assert "changed the details" in out
    code, out, err = run(capsys, "event", "cancel", draft.key, "--yes")
    assert code == 0
    code, out, err = run(capsys, "event", "details", draft.key)
    assert code == 0
    assert "cancelled" in out
    actions = [e.action for e in models.AuditEntry.objects.filter(event=draft)]
    assert actions[-3:] == ["event.publish", "event.details", "event.cancel"]


@pytest.fixture
def desk(owner):
    client = Client()
    client.force_login(owner)
    return client


def test_the_desk_form_shows_errors_by_the_fields_and_publishes(desk, draft):
    url = f"/desk/{draft.key}/announcement/"
    page = desk.get(url).content.decode()
    assert "Draft" in page
    assert 'name="venue"' in page
    fields = {"date": "", "city": "Brno", "venue": "", "capacity": "x", "action": "publish"}
    page = desk.post(url, fields).content.decode()
    assert page.count('class="error-text"') >= 2
    assert 'id="field-capacity"' in page
    assert "has-error" in page
    assert 'value="Brno"' in page  # what was typed stays
    assert row(draft)["published_at"] is None
    desk.cookies["django_language"] = "cs"
    page = desk.post(url, fields).content.decode()
    assert "Nic se neuložilo" in page
    desk.cookies["django_language"] = "en"
    response = desk.post(url, {**WHERE, "address": "<b>Úvoz 9</b>", "action": "publish"})
    assert response.status_code == 302
    draft.refresh_from_db()
    assert draft.published_at is not None
    assert draft.address == "<b>Úvoz 9</b>"
    public = Client().get(f"/e/{draft.key}/").content.decode()
    assert "Published on" in public
    assert "Klub Hrací kostka" in public
    assert "&lt;b&gt;Úvoz 9&lt;/b&gt;" in public
    assert "<b>Úvoz" not in public
    desk.post(url, {"action": "cancel", "reason": "snow"})
    public = Client().get(f"/e/{draft.key}/").content.decode()
    assert "This event is cancelled" in public


def test_the_desk_form_never_overwrites_a_change_made_meanwhile(desk, draft):
    store.announce(ACTOR, draft, {**WHERE, "capacity": "24"}, publish=True)
    url = f"/desk/{draft.key}/announcement/"
    page = desk.get(url).content.decode()
    assert 'name="shown_venue" value="Klub Hrací kostka"' in page
    form = {"action": "save", **{f"shown_{k}": v for k, v in WHERE.items()}, **WHERE}
    form.update(shown_capacity="24", capacity="24")
    store.announce(ACTOR, draft, {"venue": "Sokolovna"})  # another organiser, meanwhile
    # changing the venue too is refused by the field, naming what it is now
    page = desk.post(url, {**form, "venue": "Radnice"}).content.decode()
    assert "changed meanwhile" in page
    assert "Sokolovna" in page
    assert row(draft)["venue"] == "Sokolovna"
    # changing only the capacity keeps the other's venue
    response = desk.post(url, {**form, "capacity": "30"})
    assert response.status_code == 302
    assert (row(draft)["venue"], row(draft)["capacity"]) == ("Sokolovna", 30)
    assert models.AuditEntry.objects.filter(event=draft).last().after == {"capacity": "30"}
    # the desk's overview says where the announcement stands
    overview = desk.get(f"/desk/{draft.key}/").content.decode()
    assert "Published" in overview
    assert url in overview


def published(owner, name, ruleset="dominion-cz", **details):
    event = store.create_event(ACTOR, name, ruleset, owner=owner)
    return store.announce(ACTOR, event, {**WHERE, **details}, publish=True)


def test_the_calendar_lists_filters_and_counts_places(owner):
    soon = published(owner, "Brno open", capacity="4", start_time="10:00")
    for i, status in enumerate(["registered", "registered", "waiting", "cancelled"]):
        models.Registration.objects.create(
            event=soon, number=i + 1, queue=i + 1, name=f"P{i}", token=f"t{i}", status=status
        )
    praha = published(owner, "Praha cup", city="Praha", ruleset="carcassonne-cz")
    past = published(owner, "Old one", date="2020-01-11")
    store.create_event(ACTOR, "Secret draft", "dominion-cz", owner=owner)
    page = Client().get("/calendar/").content.decode()
    assert "Brno open" in page
    assert "Praha cup" in page
    assert "Secret draft" not in page
    assert "2 places left" in page
    assert f'href="/e/{past.key}/standings/"' in page
    assert 'href="/calendar.ics"' in page
    assert 'href="/calendar/"' in Client().get("/").content.decode()
    page = Client().get("/calendar/?city=Praha").content.decode()
    assert "Praha cup" in page
    assert "Brno open" not in page
    page = Client().get("/calendar/?game=carcassonne").content.decode()
    assert "Praha cup" in page
    assert "Brno open" not in page
    series = store.save_series(ACTOR, "Tour", owner=owner)
    store.put_series_event(ACTOR, series, soon.key, city="Brno", date=DAY)
    page = Client().get(f"/calendar/?series={series.key}").content.decode()
    assert "Brno open" in page
    assert "Praha cup" not in page
    assert f"/s/{series.key}/calendar.ics" in page
    c = Client()
    c.cookies["django_language"] = "cs"
    assert "Kalendář" in c.get("/calendar/").content.decode()
    # the feed: every published event with its stable id; a cancelled one says so
    feed = Client().get("/calendar.ics")
    assert feed["Content-Type"].startswith("text/calendar")
    lines = unfold(feed.content.decode("utf-8"))
    events = [i for i, line in enumerate(lines) if line == ("BEGIN", "VEVENT")]
    assert len(events) == 3
    uids = {v for k, v in lines if k == "UID"}
    store.cancel_event(ACTOR, soon)
    lines = unfold(Client().get("/calendar.ics").content.decode("utf-8"))
    assert {v for k, v in lines if k == "UID"} == uids
    vevent = lines[lines.index(("UID", f"{soon.key}.{soon.pk}@testserver")) :]
    fields = dict(vevent[: vevent.index(("END", "VEVENT"))])
    assert fields["STATUS"] == "CANCELLED"
    assert fields["DTSTART;TZID=Europe/Prague"] == f"{NEXT_YEAR}0313T100000"
    assert unescape(fields["LOCATION"]) == "Klub Hrací kostka, Brno"
    assert int(fields["SEQUENCE"]) == 1
    mine = unfold(Client().get(f"/s/{series.key}/calendar.ics").content.decode("utf-8"))
    assert [v for k, v in mine if k == "UID"] == [f"{soon.key}.{soon.pk}@testserver"]
    assert "Cancelled" in Client().get("/calendar/").content.decode()
    # an organiser's page (their name in its header) is never served to others from the cache
    organiser = Client()
    organiser.force_login(owner)
    assert "olga" in organiser.get("/calendar/").content.decode()
    assert "olga" not in Client().get("/calendar/").content.decode()
    store.announce(ACTOR, praha, {"venue": "Nová scéna"})  # a change shows at once
    assert "Nová scéna" in Client().get("/calendar/").content.decode()


def test_the_tour_takes_published_from_the_store(owner):
    """R-TOUR-1 for a series in the store: the event's own publication decides."""
    from tests.web.test_series_pages import small_event

    players = [(f"Player {i}", f"p-{i}") for i in range(6)]
    event = store.import_event(
        ACTOR, small_event("A", players, [60, 50, 40, 30, 20, 10]), owner=owner
    )
    series = store.save_series(ACTOR, "Tour", owner=owner)
    store.put_series_event(ACTOR, series, event.key, city="Brno", date="2026-01-01")
    [item] = store.series_value(series).events
    assert item.published is False  # a draft in the store
    page = Client().get(f"/s/{series.key}/").content.decode()
    assert "not published" in page
    assert "scored places" not in page
    store.announce(ACTOR, event, {**WHERE, "date": "2026-01-01"}, publish=True)
    [item] = store.series_value(series).events
    assert item.published is True
    page = Client().get(f"/s/{series.key}/").content.decode()
    assert "scored places" in page
    assert "not published" not in page
    event.refresh_from_db()
    assert event.published_at.strftime("%Y") in page
    desk = Client()
    desk.force_login(owner)
    assert 'name="published"' not in desk.get(f"/desk/series/{series.key}/").content.decode()
    store.cancel_event(ACTOR, event)
    [item] = store.series_value(series).events
    assert item.published is False


def test_the_migration_keeps_what_a_series_marked_published(owner):
    import importlib
    import pkgutil

    from django.apps import apps

    from kolo.store import migrations

    found = [
        importlib.import_module(f"kolo.store.migrations.{m.name}")
        for m in pkgutil.iter_modules(migrations.__path__)
    ]  # found by what it does: its number may change when branches meet
    [migration] = [m for m in found if hasattr(m, "publish_what_series_marked")]
    marked = store.create_event(ACTOR, "Marked", "dominion-cz")
    unmarked = store.create_event(ACTOR, "Unmarked", "dominion-cz")
    series = store.save_series(ACTOR, "Tour", owner=owner)
    for event, flag in ((marked, True), (unmarked, False)):
        models.SeriesEvent.objects.create(
            series=series, event=event, city="Zlín", date="2025-05-05", published=flag
        )
    migration.publish_what_series_marked(apps, None)
    marked.refresh_from_db()
    unmarked.refresh_from_db()
    assert marked.published_at == marked.created_at
    assert marked.city == "Zlín"
    assert unmarked.published_at is None


def test_the_api_document_has_the_announcement(owner):
    event = published(owner, "Brno open", capacity="4")
    document = json.loads(Client().get(f"/api/v1/events/{event.key}").content)
    details = document["announcement"]
    assert details["published"] is True
    assert details["city"] == "Brno"
    assert details["date"] == DAY
    assert details["capacity"] == 4
    assert details["places_taken"] == 0
    spec = json.loads(Client().get("/api/v1/openapi.json").content)
    schema = spec["paths"]["/api/v1/events/{key}"]["get"]["responses"]["200"]
    assert "announcement" in json.dumps(schema)
