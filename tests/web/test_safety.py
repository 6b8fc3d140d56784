"""Hardening of the web application: login throttling, spreadsheet-safe CSV, one validation
of names and clubs, and a clear 4xx (never a 500) for bad input."""

import csv
import io
import json

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.test import Client

from kolo.csvout import safe_cell
from kolo.store import api as store
from kolo.store import models
from kolo.web.accounts import ADDRESS_FAILURES_ALLOWED, FREE_FAILURES
from kolo.web.views import api
from tests.web.conftest import ACTOR, snapshot

pytestmark = [pytest.mark.db, pytest.mark.django_db]

TRIGGERS = ("=", "+", "-", "@", "\t", "\r")
FORMULAS = ['=HYPERLINK("http://x")', "+41 1", "-2+3", "@SUM(A1)", "\tTab", "\rCR"]


@pytest.fixture
def owner():
    return get_user_model().objects.create_user("olga", password="secret-olga-1")


def logged_in(user):
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def event(owner):
    created = store.create_event(
        ACTOR, "Brno 2026", "dominion-cz", {"self_reporting": True}, owner=owner
    )
    store.add_entrants(ACTOR, created, [(n, None) for n in ("Ana", "Bob", "Cyril", "Dana")])
    store.add_entrants(ACTOR, created, [("Eva", "Brno"), ("Filip", None)])
    store.pair_round(ACTOR, created, seed=3)
    return created


def seats(event, table=1):
    row = models.Table.objects.get(round__event=event, round__number=1, number=table)
    return [s.entrant.code for s in row.seats.all()]


# --- login throttling -------------------------------------------------------------------


def login(client, username, password, **headers):
    return client.post("/login/", {"username": username, "password": password}, **headers)


def test_login_is_throttled_by_account_and_address_with_a_clear_message(owner):
    attacker = Client(REMOTE_ADDR="10.0.0.7")
    statuses = [login(attacker, "olga", f"wrong-{i}").status_code for i in range(FREE_FAILURES)]
    assert statuses == [200] * FREE_FAILURES  # the form again: wrong password
    cache.clear()  # the counters live in the database: every server process sees them
    refused = login(Client(REMOTE_ADDR="10.0.0.7"), "olga", "secret-olga-1")
    assert refused.status_code == 429
    assert "Too many failed logins" in refused.content.decode()
    assert "_auth_user_id" not in refused.client.session
    czech = login(
        Client(REMOTE_ADDR="10.0.0.7"), "olga", "secret-olga-1", HTTP_ACCEPT_LANGUAGE="cs"
    )
    assert czech.status_code == 429
    assert "Příliš mnoho neúspěšných přihlášení" in czech.content.decode()
    # olga from another address is not slowed by the attacker's failures
    assert login(Client(REMOTE_ADDR="10.0.0.8"), "olga", "secret-olga-1").status_code == 302
    # another account is not slowed by olga's failures
    get_user_model().objects.create_user("adam", password="secret-adam-1")
    assert login(Client(REMOTE_ADDR="10.0.0.7"), "adam", "secret-adam-1").status_code == 302


def test_login_is_throttled_by_address(owner):
    attacker = Client(REMOTE_ADDR="10.0.0.9")
    for i in range(ADDRESS_FAILURES_ALLOWED):
        assert login(attacker, f"guess-{i}", "wrong").status_code == 200
    assert login(attacker, "olga", "secret-olga-1").status_code == 429
    # olga herself, from elsewhere, still logs in (her account had no failures)
    assert login(Client(REMOTE_ADDR="10.0.0.10"), "olga", "secret-olga-1").status_code == 302


def test_a_good_login_clears_the_accounts_failures(owner):
    client = Client(REMOTE_ADDR="10.0.0.11")
    for _ in range(FREE_FAILURES - 1):
        login(client, "olga", "wrong")
    assert login(client, "olga", "secret-olga-1").status_code == 302
    for _ in range(FREE_FAILURES - 1):
        assert login(Client(REMOTE_ADDR="10.0.0.11"), "olga", "wrong").status_code == 200


# --- CSV: formula injection -------------------------------------------------------------


def test_safe_cell_neutralises_formulas_and_keeps_numbers():
    for text in FORMULAS:
        assert safe_cell(text) == "'" + text
    assert safe_cell("  =1+2") == "'  =1+2"
    assert safe_cell("Ana") == "Ana"
    assert safe_cell(-3) == -3
    assert safe_cell(-2.5) == -2.5
    assert safe_cell("-3") == "-3"  # a plain number is no formula
    assert safe_cell("-2.5") == "-2.5"


def test_export_csv_neutralises_formulas(event, owner):
    for i, text in enumerate(FORMULAS[:4]):
        store.rename_entrant(ACTOR, event, f"p{i + 1}", None, text)
    store.rename_entrant(ACTOR, event, "p5", "=cmd|' /C calc'!A0", None)
    response = logged_in(owner).get("/desk/brno-2026/export.csv")
    rows = list(csv.DictReader(io.StringIO(response.content.decode("utf-8-sig"))))
    clubs = {row["id"]: row["club"] for row in rows}
    assert [clubs[f"p{i + 1}"] for i in range(4)] == ["'" + t for t in FORMULAS[:4]]
    assert {row["id"]: row["name"] for row in rows}["p5"] == "'=cmd|' /C calc'!A0"
    assert [cell for row in rows for cell in row.values() if cell.startswith(TRIGGERS)] == []


def test_tour_csv_neutralises_formulas(owner):
    from tests.web.test_series_pages import golden_in_the_store

    client = logged_in(owner)
    series, keys = golden_in_the_store(owner, client)
    for event in models.Event.objects.filter(key__in=keys.values()):
        # a player's name is as their latest event spells it: rename one in every event
        store.rename_entrant(ACTOR, event, "p1", "@SUM(1+1)*cmd", None)
    text = Client().get(f"/s/{series.key}/tour.csv").content.decode("utf-8-sig")
    rows = list(csv.DictReader(io.StringIO(text)))
    assert "'@SUM(1+1)*cmd" in {row["name"] for row in rows}
    assert [cell for row in rows for cell in row.values() if cell.startswith(TRIGGERS)] == []


# --- names and clubs: one validation ----------------------------------------------------

HOSTILE_CLUBS = ["NUL\x00club", "A\x1b[31mRED", "Brno\u202etxt.exe", "x" * 100_000]


@pytest.mark.parametrize("club", HOSTILE_CLUBS, ids=["nul", "esc", "rtl", "long"])
def test_editing_a_club_applies_the_checks_of_adding(event, owner, club):
    before = snapshot()
    with pytest.raises(store.InvalidInput):
        store.rename_entrant(ACTOR, event, "p1", None, club)
    response = logged_in(owner).post(
        "/desk/brno-2026/entrants/p1/", {"action": "edit", "club": club}, follow=True
    )
    assert response.status_code == 200
    assert snapshot() == before
    assert models.Entrant.objects.get(event=event, code="p1").club is None


def test_event_files_with_a_hostile_club_are_refused(event):
    document = store.export_document(event)
    document["entrants"][0]["club"] = "A\x1b[2J"
    from kolo.eventfile.reader import loads

    with pytest.raises(store.InvalidInput) as refused:
        loads(json.dumps(document))
    assert [p.path for p in refused.value.problems] == ["$.entrants[0].club"]


# --- bad input: 4xx, never 500 ----------------------------------------------------------


def post_result(event, token, body):
    return Client().post(
        "/api/v1/events/brno-2026/rounds/1/tables/1/result",
        body if isinstance(body, (str, bytes)) else json.dumps(body),
        content_type="application/json",
        headers={"Authorization": f"Bearer {token}"},
    )


@pytest.fixture
def token(event, owner):
    return api.new_token(owner, "scoreboard")


@pytest.mark.parametrize(
    "body",
    [
        "[" * 100_000 + "]" * 100_000,
        '{"scores": ' + "{" * 50_000 + "}" * 50_000 + "}",
        '{"scores": {"p1": 1' + "0" * 5000 + "}}",
        b"\xff\xfe",
        "NaN",
    ],
    ids=["deep-list", "deep-object", "5000-digits", "not-utf8", "nan"],
)
def test_the_result_endpoint_refuses_malformed_json_with_400(event, token, body):
    response = post_result(event, token, body)
    assert response.status_code == 400
    assert "error" in response.json()


@pytest.mark.parametrize("flag", ["no", "false", 0, 1, None, [], {}])
def test_the_result_endpoint_takes_only_booleans_as_booleans(event, token, flag):
    scores = {p: 30 - 5 * i for i, p in enumerate(seats(event))}
    before = snapshot()
    response = post_result(event, token, {"scores": scores, "ended_by_time_limit": flag})
    assert response.status_code == 400
    assert "ended_by_time_limit" in json.dumps(response.json())
    assert snapshot() == before
    saved = post_result(event, token, {"scores": scores, "ended_by_time_limit": False})
    assert saved.status_code == 200
    assert not saved.json().get("ended_by_time_limit")


def test_the_language_switch_with_a_name_as_next_goes_home():
    response = Client().get("/language/en/?next=abc")
    assert response.status_code == 302
    assert response["Location"] == "/"
    assert Client().get("/language/cs/?next=/e/x/").headers["Location"] == "/e/x/"


@pytest.mark.parametrize("value", ["²", "٣", "1" * 5000, "-"])
def test_desk_result_with_a_number_int_cannot_read(event, owner, value):
    client = logged_in(owner)
    data = {f"score_{p}": str(30 - 5 * i) for i, p in enumerate(seats(event))}
    for field in ("game", "version"):
        response = client.post(
            "/desk/brno-2026/rounds/1/tables/1/result/", {**data, field: value}, follow=True
        )
        assert response.status_code == 200
        assert "not a whole number" in response.content.decode()
    assert not models.Game.objects.exists()


@pytest.mark.parametrize("value", ["²", "-²", "1" * 5000])
def test_self_report_with_a_number_int_cannot_read(event, value):
    table = models.Table.objects.get(round__event=event, number=1)
    players = seats(event)
    data = {"code": table.code, "action": "submit", "player": players[0]}
    data |= {f"score_{p}": str(30 - 5 * i) for i, p in enumerate(players)}
    for field in (f"score_{players[0]}", f"turns_{players[0]}"):
        response = Client().post("/e/brno-2026/report/", {**data, field: value}, follow=True)
        assert response.status_code == 200
        assert "not a whole number" in response.content.decode()
    assert not models.SelfReport.objects.exists()


def test_revoking_a_token_with_a_bad_id_is_a_400(owner):
    client = logged_in(owner)
    api.new_token(owner, "keep")
    response = client.post("/desk/tokens/", {"revoke": "abc"})
    assert response.status_code == 400
    assert "no such token" in response.content.decode()
    assert models.ApiToken.objects.count() == 1


def test_a_swap_preview_of_a_missing_round_is_a_404(event, owner):
    response = logged_in(owner).post(
        "/desk/brno-2026/rounds/7/swap/",
        {"first": "p1", "second": "p2"},
        headers={"X-Requested-With": "fetch"},
    )
    assert response.status_code == 404


@pytest.mark.parametrize("value", ["1" * 5000, "[" * 5000 + "]" * 5000, "NaN", "-Infinity"])
def test_settings_form_with_absurd_json_is_refused(event, owner, value):
    before = snapshot()
    response = logged_in(owner).post("/desk/brno-2026/settings/", {"rounds": value})
    assert response.status_code == 200  # the form again, with the reason
    assert snapshot() == before


@pytest.mark.parametrize("value", ["1" * 5000, "[" * 100_000 + "]" * 100_000])
def test_series_qualification_with_absurd_json_is_refused(owner, value):
    client = logged_in(owner)
    client.post("/desk/series/", {"name": "Tour 2026", "rules": "tour-de-dominion-2022"})
    series = models.Series.objects.get()
    response = client.post(
        f"/desk/series/{series.key}/",
        {"action": "settings", "name": "Tour 2026", "qualification": value},
        follow=True,
    )
    assert response.status_code == 200
    assert "not a usable JSON document" in response.content.decode()


def test_behind_a_trusted_proxy_the_forwarded_address_is_throttled(owner, settings):
    settings.TRUSTED_PROXIES = ["127.0.0.1"]
    proxy = Client(REMOTE_ADDR="127.0.0.1")
    for i in range(ADDRESS_FAILURES_ALLOWED):
        # a client may prepend its own X-Forwarded-For; only what the proxy appended counts
        spoofed = f"10.9.9.{i}, 10.0.0.66"
        assert login(proxy, f"guess-{i}", "wrong", HTTP_X_FORWARDED_FOR=spoofed).status_code == 200
    refused = login(proxy, "olga", "secret-olga-1", HTTP_X_FORWARDED_FOR="10.0.0.66")
    assert refused.status_code == 429
    # everyone else behind the same proxy still logs in
    fine = login(proxy, "olga", "secret-olga-1", HTTP_X_FORWARDED_FOR="10.0.0.67")
    assert fine.status_code == 302


def test_x_forwarded_for_from_an_untrusted_client_is_ignored(owner):
    attacker = Client(REMOTE_ADDR="10.0.0.70")
    for i in range(ADDRESS_FAILURES_ALLOWED):
        login(attacker, f"guess-{i}", "wrong", HTTP_X_FORWARDED_FOR=f"10.8.8.{i}")
    assert login(attacker, "olga", "secret-olga-1").status_code == 429


def test_the_account_throttle_counts_the_name_as_the_login_reads_it(owner):
    """Spaces, full-width letters and case reach one account: one allowance, not several."""
    spellings = ["olga", "olga ", " olga", "ｏｌｇａ", "Olga"]
    for i in range(FREE_FAILURES):
        name = spellings[i % len(spellings)]
        assert login(Client(REMOTE_ADDR="10.1.0.1"), name, "wrong").status_code == 200
    refused = login(Client(REMOTE_ADDR="10.1.0.1"), " ｏｌｇａ ", "secret-olga-1")
    assert refused.status_code == 429


@pytest.mark.parametrize("value", ["²", "1" * 5000])
def test_answering_a_report_with_a_number_int_cannot_read(event, value):
    table = models.Table.objects.get(round__event=event, number=1)
    players = seats(event)
    data = {"code": table.code, "action": "submit", "player": players[0]}
    data |= {f"score_{p}": str(30 - 5 * i) for i, p in enumerate(players)}
    Client().post("/e/brno-2026/report/", data)
    answer = {"code": table.code, "action": "confirm", "player": players[1], "report": value}
    response = Client().post("/e/brno-2026/report/", answer, follow=True)
    assert response.status_code == 200
    assert models.SelfReport.objects.filter(status=models.SelfReport.CONFIRMED).count() == 0
