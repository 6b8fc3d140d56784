"""The web application with Django's test client: every view, every permission rule."""

import json
import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from kolo.store import api as store
from kolo.store import models
from tests.web.conftest import ACTOR

pytestmark = [pytest.mark.db, pytest.mark.django_db]

HOSTILE = "<script>alert(1)</script>"


@pytest.fixture
def owner():
    return get_user_model().objects.create_user("olga", password="secret-olga-1")


@pytest.fixture
def assistant():
    return get_user_model().objects.create_user("adam", password="secret-adam-1")


@pytest.fixture
def stranger():
    return get_user_model().objects.create_user("sam", password="secret-sam-1")


def logged_in(user):
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def event(owner, assistant):
    created = store.create_event(
        ACTOR, "Brno 2026", "dominion-cz", {"self_reporting": True}, owner=owner
    )
    store.set_role(ACTOR, created, "adam", "assistant")
    store.add_entrants(
        ACTOR,
        created,
        [
            (n, "Brno" if i % 2 else None)
            for i, n in enumerate(["Ana", "Bob", "Cyril", "Dana", "Eva", "Filip", "Gita", HOSTILE])
        ],
    )
    return created


def play_round(event, number):
    for table in models.Table.objects.filter(round__event=event, round__number=number):
        seats = [s.entrant.code for s in table.seats.all()]
        store.record_result(
            ACTOR, event, number, table.number, {p: 40 - 7 * i for i, p in enumerate(seats)}
        )
    store.close_round(ACTOR, event, number)


def test_public_pages_render_and_escape_names(event):
    store.pair_round(ACTOR, event, seed=1)
    client = Client()
    for url in (
        "/",
        "/e/brno-2026/",
        "/e/brno-2026/tables/",
        "/e/brno-2026/standings/",
        "/e/brno-2026/rounds/1/",
        "/e/brno-2026/players/p8/",
        "/e/brno-2026/find/?q=scr",
        "/e/brno-2026/projector/",
        "/e/brno-2026/report/",
    ):
        response = client.get(url)
        assert response.status_code == 200, url
        body = response.content.decode()
        assert HOSTILE not in body, url
    body = client.get("/e/brno-2026/tables/").content.decode()
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in body
    assert json.loads(client.get("/e/brno-2026/version/").content)["version"] > 0


def test_public_pages_are_read_only(event):
    client = Client()
    for url in ("/e/brno-2026/", "/e/brno-2026/tables/", "/e/brno-2026/standings/"):
        assert client.post(url).status_code == 405
    assert client.get("/e/nope/").status_code == 404


def test_find_my_table(event):
    store.pair_round(ACTOR, event, seed=1)
    body = Client().get("/e/brno-2026/find/?q=an").content.decode()
    assert "Ana" in body
    assert "Dana" in body
    assert re.search(r"table \d+, seat \d+", body)


def test_desk_needs_login_and_a_role(event, stranger, owner):
    assert Client().get("/desk/brno-2026/").status_code == 302
    assert logged_in(stranger).get("/desk/brno-2026/").status_code == 403
    assert logged_in(owner).get("/desk/brno-2026/").status_code == 200
    assert "brno-2026" not in logged_in(stranger).get("/desk/").content.decode()


def test_assistants_enter_results_but_cannot_pair_or_change_settings(event, assistant):
    client = logged_in(assistant)
    assert client.get("/desk/brno-2026/").status_code == 200
    assert client.post("/desk/brno-2026/pair/").status_code == 403
    assert client.get("/desk/brno-2026/settings/").status_code == 403
    assert client.get("/desk/brno-2026/entrants/").status_code == 403
    assert client.get("/desk/brno-2026/team/").status_code == 403
    store.pair_round(ACTOR, event, seed=1)
    table = models.Table.objects.get(round__event=event, number=1)
    seats = [s.entrant.code for s in table.seats.all()]
    data = {f"score_{p}": str(30 - i) for i, p in enumerate(seats)} | {"version": "0"}
    response = client.post("/desk/brno-2026/rounds/1/tables/1/result/", data)
    assert response.status_code == 302
    assert models.Game.objects.filter(table=table).count() == 1
    assert models.AuditEntry.objects.filter(action="result.enter").last().who == "adam"
    assert client.post("/desk/brno-2026/rounds/1/close/").status_code == 403


def test_a_whole_round_at_the_desk(event, owner):
    client = logged_in(owner)
    response = client.post("/desk/brno-2026/pair/")
    assert response.status_code == 302
    assert response["Location"].endswith("/desk/brno-2026/rounds/1/")
    round_ = models.Round.objects.get(event=event, number=1)
    assert not round_.accepted
    assert "Ana" not in Client().get("/e/brno-2026/tables/").content.decode()
    assert client.post("/desk/brno-2026/rounds/1/accept/").status_code == 302
    assert "Ana" in Client().get("/e/brno-2026/tables/").content.decode()
    page = client.get("/desk/brno-2026/rounds/1/").content.decode()
    assert "Close the round" in page
    for table in models.Table.objects.filter(round=round_):
        seats = [s.entrant.code for s in table.seats.all()]
        data = {f"score_{p}": str(40 - 5 * i) for i, p in enumerate(seats)} | {"version": "0"}
        preview = client.post(f"/desk/brno-2026/rounds/1/tables/{table.number}/preview/", data)
        assert "Place" in preview.content.decode()
        client.post(f"/desk/brno-2026/rounds/1/tables/{table.number}/result/", data)
    assert client.post("/desk/brno-2026/rounds/1/close/").status_code == 302
    assert models.Round.objects.get(pk=round_.pk).closed
    standings = Client().get("/e/brno-2026/standings/").content.decode()
    assert "After round 1" in standings
    # round 2: proposal with costs and explanations, then a swap preview
    client.post("/desk/brno-2026/pair/")
    page = client.get("/desk/brno-2026/rounds/2/").content.decode()
    assert "Cost" in page
    assert "points" in page
    preview = client.post(
        "/desk/brno-2026/rounds/2/swap/",
        {"first": "p1", "second": "p2"},
        headers={"X-Requested-With": "fetch"},
    )
    assert "after the swap" in preview.content.decode()
    # undo the proposal, pair again
    assert client.post("/desk/brno-2026/rounds/2/undo/").status_code == 302
    assert not models.Round.objects.filter(event=event, number=2).exists()


def test_print_views_and_exports(event, owner):
    store.pair_round(ACTOR, event, seed=1)
    client = logged_in(owner)
    for sheet in ("pairings", "names", "slips"):
        response = client.get(f"/desk/brno-2026/rounds/1/print/{sheet}/")
        assert response.status_code == 200, sheet
    slips = client.get("/desk/brno-2026/rounds/1/print/slips/").content.decode()
    code = models.Table.objects.filter(round__event=event).first().code
    assert code in slips
    assert "<svg" in slips
    assert client.get("/desk/brno-2026/print/standings/").status_code == 200
    exported = client.get("/desk/brno-2026/export.json")
    assert json.loads(exported.content)["format"] == "kolo-event/1"
    assert (
        client.get("/desk/brno-2026/export.csv")
        .content.decode("utf-8-sig")
        .startswith("rank,rank_to,id")
    )


def test_import_at_the_desk(owner, tmp_path):
    from tests.conftest import EXAMPLES

    client = logged_in(owner)
    with open(EXAMPLES / "brno-2026.json", "rb") as stream:
        response = client.post("/desk/import/", {"file": stream})
    assert response.status_code == 302
    event = models.Event.objects.get(name="Dominion Tour – Brno, March 2026")
    assert models.EventRole.objects.get(event=event).user == owner


def test_settings_page_validates(event, owner):
    client = logged_in(owner)
    page = client.get("/desk/brno-2026/settings/").content.decode()
    assert "R-PCT-6" in page
    client.post("/desk/brno-2026/settings/", {"rounds": "6"})
    event.refresh_from_db()
    assert event.settings["rounds"] == 6
    response = client.post("/desk/brno-2026/settings/", {"rounds": "zero"}, follow=True)
    assert "must be a number" in response.content.decode()


def test_entrants_page_adds_drops_and_refuses_duplicates(event, owner):
    client = logged_in(owner)
    client.post("/desk/brno-2026/entrants/", {"names": "Hana,Praha\nIvo"})
    assert event.entrants.filter(name="Hana", club="Praha").exists()
    response = client.post("/desk/brno-2026/entrants/", {"names": "Ana"}, follow=True)
    assert "entered already" in response.content.decode()
    client.post("/desk/brno-2026/entrants/p9/", {"action": "drop"})
    assert event.entrants.get(code="p9").dropped_after_round == 0


def test_two_people_saving_one_table_at_once(event, owner, assistant):
    store.pair_round(ACTOR, event, seed=1)
    table = models.Table.objects.get(round__event=event, number=1)
    seats = [s.entrant.code for s in table.seats.all()]
    first = {f"score_{p}": str(30 - i) for i, p in enumerate(seats)} | {"version": "0"}
    second = {f"score_{p}": str(20 + i) for i, p in enumerate(seats)} | {"version": "0"}
    logged_in(owner).post("/desk/brno-2026/rounds/1/tables/1/result/", first)
    response = logged_in(assistant).post(
        "/desk/brno-2026/rounds/1/tables/1/result/", second, follow=True
    )
    assert "someone else changed this result meanwhile" in response.content.decode()
    scores = {s.entrant.code: s.points for s in models.Score.objects.filter(game__table=table)}
    assert scores == {p: 30 - i for i, p in enumerate(seats)}


def test_self_reporting_with_confirmation_and_acceptance(event, owner):
    store.pair_round(ACTOR, event, seed=1)
    table = models.Table.objects.get(round__event=event, number=1)
    seats = [s.entrant.code for s in table.seats.all()]
    player = Client()
    page = player.get(f"/e/brno-2026/report/?code={table.code.lower()}")
    assert page.status_code == 200
    data = {"code": table.code, "action": "submit", "player": seats[0]}
    data |= {f"score_{p}": str(50 - 10 * i) for i, p in enumerate(seats)}
    player.post("/e/brno-2026/report/", data)
    report = models.SelfReport.objects.get(table=table)
    assert report.status == "pending"
    for other in seats[1:]:  # each on their own phone
        Client().post(
            "/e/brno-2026/report/", {"code": table.code, "action": "confirm", "player": other}
        )
    report.refresh_from_db()
    assert report.status == "confirmed"
    desk = logged_in(owner).get("/desk/brno-2026/rounds/1/").content.decode()
    assert "Self-reported results" in desk
    logged_in(owner).post(f"/desk/brno-2026/rounds/1/reports/{report.pk}/", {"decision": "accept"})
    report.refresh_from_db()
    assert report.status == "accepted"
    assert models.Game.objects.filter(table=table).count() == 1
    assert "self-report" in models.AuditEntry.objects.filter(action="result.enter").last().who


def test_disputes_and_rate_limited_codes(event):
    store.pair_round(ACTOR, event, seed=1)
    table = models.Table.objects.get(round__event=event, number=1)
    seats = [s.entrant.code for s in table.seats.all()]
    player = Client()
    data = {"code": table.code, "action": "submit", "player": seats[0]}
    data |= {f"score_{p}": str(50 - 10 * i) for i, p in enumerate(seats)}
    player.post("/e/brno-2026/report/", data)
    Client().post(
        "/e/brno-2026/report/", {"code": table.code, "action": "dispute", "player": seats[1]}
    )
    assert models.SelfReport.objects.get(table=table).status == "disputed"
    guesser = Client(REMOTE_ADDR="10.0.0.9")
    statuses = [guesser.get("/e/brno-2026/report/?code=WRONG1").status_code for _ in range(12)]
    assert statuses[:10] == [404] * 10
    assert statuses[10:] == [429, 429]
    assert guesser.get(f"/e/brno-2026/report/?code={table.code}").status_code == 429


def test_self_reporting_is_off_unless_the_event_allows_it(owner):
    plain = store.create_event(ACTOR, "Plain", "dominion-cz", owner=owner)
    assert Client().get(f"/e/{plain.key}/report/").status_code == 404


def test_round_clock(event, owner):
    """R-DOM-9: the round clock, the imposed limit and games ended by it."""
    store.pair_round(ACTOR, event, seed=1)
    client = logged_in(owner)
    client.post("/desk/brno-2026/rounds/1/clock/", {"action": "start"})
    client.post("/desk/brno-2026/rounds/1/clock/", {"action": "limit"})
    round_ = models.Round.objects.get(event=event, number=1)
    assert round_.clock_started_at
    assert round_.limit_imposed_at
    assert "data-clock-start" in Client().get("/e/brno-2026/").content.decode()
    assert [e.action for e in store.audit_trail(event)][-2:] == ["clock.start", "clock.limit"]


def test_reopen_shows_the_consequences(event, owner):
    store.pair_round(ACTOR, event, seed=1)
    play_round(event, 1)
    client = logged_in(owner)
    page = client.get("/desk/brno-2026/rounds/1/reopen/").content.decode()
    assert "R-EVT-3" in page
    client.post("/desk/brno-2026/rounds/1/reopen/")
    assert not models.Round.objects.get(event=event, number=1).closed


def test_czech_pages_and_numbers(event):
    store.pair_round(ACTOR, event, seed=1)
    play_round(event, 1)
    client = Client(HTTP_ACCEPT_LANGUAGE="cs")
    body = client.get("/e/brno-2026/standings/").content.decode()
    assert "Pořadí" in body
    assert re.search(r"\d+,\d\d %", body)
    english = Client(HTTP_ACCEPT_LANGUAGE="en").get("/e/brno-2026/standings/").content.decode()
    assert re.search(r"\d+\.\d\d%", english)
    switched = Client()
    response = switched.get("/language/cs/?next=/e/brno-2026/")
    assert response["Location"] == "/e/brno-2026/"
    assert "Turnaje" in switched.get("/").content.decode()
    assert switched.get("/language/cs/?next=https://evil.example/")["Location"] == "/"
    assert switched.get("/language/xx/").status_code == 404


def test_csrf_protects_the_desk(event, owner):
    client = Client(enforce_csrf_checks=True)
    client.force_login(owner)
    assert client.post("/desk/brno-2026/pair/").status_code == 403


def test_audit_and_team_pages(event, owner):
    client = logged_in(owner)
    assert "event.create" in client.get("/desk/brno-2026/audit/").content.decode()
    client.post("/desk/brno-2026/team/", {"username": "adam", "role": ""})
    assert not models.EventRole.objects.filter(event=event, user__username="adam").exists()
    response = client.post("/desk/brno-2026/team/", {"username": "olga", "role": ""}, follow=True)
    assert "the event needs an owner" in response.content.decode()


def test_login_page_and_desk_home(owner):
    assert Client().get("/login/").status_code == 200
    client = logged_in(owner)
    assert client.get("/desk/").status_code == 200
    response = client.post("/desk/", {"name": "Plzeň 2026", "ruleset": "carcassonne-cz"})
    assert response.status_code == 302
    assert models.EventRole.objects.get(event__key="plzen-2026").role == "owner"


def test_a_served_instance_needs_its_secret_from_the_environment(monkeypatch):
    from django.core.exceptions import ImproperlyConfigured

    from kolo.web import settings as web_settings

    monkeypatch.setenv("DATABASE_URL", "postgresql://kolo@localhost/kolo")
    monkeypatch.delenv("KOLO_SECRET_KEY", raising=False)
    with pytest.raises(ImproperlyConfigured):
        web_settings._secret_key()
    monkeypatch.setenv("KOLO_SECRET_KEY", "from-the-environment")
    assert web_settings._secret_key() == "from-the-environment"
