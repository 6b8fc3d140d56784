"""The desk's check-in (R-REG-3): opening it, the list with one tap per player (no JavaScript:
a small form per row), the search ignoring accents, late entries, players running late, the
seating hint, those who did not come dropped, the pairing form saying who is missing; a
player's check-in by their QR code; the page in Czech."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from kolo.store import api as store
from kolo.store import models
from tests.pagewords import CZECH, ENGLISH, foreign_words, names_in_store, visible_text
from tests.web.conftest import ACTOR

pytestmark = [pytest.mark.db, pytest.mark.django_db]

NAMES = [f"Hráč {c}" for c in "ABCDEFGHIJKLM"]  # 13 registered


@pytest.fixture
def owner():
    return get_user_model().objects.create_user("olga", password="secret-olga-1")


@pytest.fixture
def season(owner):
    """Tables of 4; 13 registered (one running late), 3 on the waiting list, one cancelled."""
    event = store.create_event(ACTOR, "Carcassonne Brno", "carcassonne-cz", owner=owner)
    rows = [(n, "registered") for n in ["Jiří Černý", *NAMES[1:]]]
    rows += [("Olga Malá", "waiting"), ("Pavel Veselý", "waiting"), ("Rita Nová", "waiting")]
    rows += [("Adam Zrušil", "cancelled")]
    for number, (name, status) in enumerate(rows, 1):
        models.Registration.objects.create(
            event=event,
            number=number,
            queue=number,
            name=name,
            club="Brno" if number == 1 else "",
            token=f"tok{number:02d}",
            status=status,
        )
    late = models.Registration.objects.get(event=event, number=13)
    late.running_late_until = timezone.now() + timedelta(minutes=20)
    late.save()
    return event


def page(client, url, **get):
    response = client.get(url, get)
    assert response.status_code == 200
    return response.content.decode()


def post(client, url, **data):
    response = client.post(url, data)
    assert response.status_code == 302, response.content.decode()[:2000]
    return client.get(response["Location"]).content.decode()


def test_the_desk_opens_check_in_and_taps_players_in(desk, season):
    url = f"/desk/{season.key}/checkin/"
    html = page(desk, url)
    assert "Open check-in" in html
    assert "13 players registered." in html
    html = post(desk, url, action="open")
    assert "Check-in is open." in html
    assert "Checked in: 0 of 13" in html
    # one small form per row, no JavaScript needed
    assert html.count('name="action" value="checkin"') == 13
    assert html.count('value="seat"') == 3  # the waiting list
    assert "Adam Zrušil" not in html
    assert desk.post(url, {"action": "checkin", "code": "p2", "q": "hráč"})["Location"] == (
        f"{url}?q=hr%C3%A1%C4%8D#p2"
    )
    store.check_in(ACTOR, season, ["p2"], undo=True)
    html = post(desk, url, action="checkin", code="p1", name="Jiří Černý")
    assert "Jiří Černý checked in" in html
    assert "Checked in: 1 of 13" in html
    assert models.Entrant.objects.get(event=season, code="p1").checked_in_at is not None
    html = post(desk, url, action="undo", code="p1", name="Jiří Černý")
    assert "Checked in: 0 of 13" in html
    assert season.audit.filter(action="entrant.checkin").count() == 4


def test_the_search_ignores_accents_as_find_my_table_does(desk, season):
    store.open_checkin(ACTOR, season)
    html = page(desk, f"/desk/{season.key}/checkin/", q="jiri cerny")
    listed = html.split('class="checkin-list"')[1]
    assert "Jiří Černý" in listed
    assert "Hráč B" not in listed
    html = page(desk, f"/desk/{season.key}/checkin/", q="olga")
    assert "Olga Malá" in html  # a waiting player is found too
    html = page(desk, f"/desk/{season.key}/checkin/", q="nikdo")
    assert "Nobody of that name." in html


def test_late_players_waiting_players_and_the_seating_hint(desk, season):
    store.open_checkin(ACTOR, season)
    store.check_in(ACTOR, season, [f"p{i}" for i in range(1, 13)])  # 12 here, p13 running late
    html = page(desk, f"/desk/{season.key}/checkin/")
    assert "Running late:" in html
    assert "Hráč M (expected at" in html
    # 12 at 3 full tables; seat the late one and the 3 waiting for 4 full tables
    assert "Round 1 now: 12 players; full tables: 3, smaller: 0." in html
    assert "Seat Hráč M, Olga Malá, Pavel Veselý, Rita Nová: full tables: 4, smaller: 0." in html
    html = post(desk, f"/desk/{season.key}/checkin/", action="seat", number="14")
    assert "Olga Malá checked in" in html
    registration = models.Registration.objects.get(event=season, number=14)
    assert registration.status == "registered"
    assert registration.entrant.checked_in_at is not None
    assert "Checked in: 13 of 14" in html
    assert "Round 1 now: 13 players; full tables: 1, smaller: 3." in html
    assert "Seat Hráč M, Pavel Veselý, Rita Nová: full tables: 4, smaller: 0." in html


def test_a_late_entry_and_those_who_did_not_come(desk, season):
    store.open_checkin(ACTOR, season)
    store.check_in(ACTOR, season, [f"p{i}" for i in range(1, 11)])
    html = post(desk, f"/desk/{season.key}/checkin/", action="late", name="Karel <b>", club="Zlín")
    assert "Karel &lt;b&gt; entered and checked in" in html
    assert "Karel <b>" not in html  # escaped everywhere
    desk_home = page(desk, f"/desk/{season.key}/")
    assert "registered and not here: Hráč K, Hráč L, Hráč M." in desk_home
    assert "Drop the 3 who did not come" in desk_home
    html = post(desk, f"/desk/{season.key}/checkin/", action="drop")
    assert "Those who did not come are dropped" in html
    assert "did not come" in html
    assert "registered and not here" not in page(desk, f"/desk/{season.key}/")
    desk.post(f"/desk/{season.key}/pair/")
    seated = set(
        models.Seat.objects.filter(round__event=season).values_list("entrant__name", flat=True)
    )
    assert seated == {"Jiří Černý", *NAMES[1:10], "Karel <b>"}
    html = page(desk, f"/desk/{season.key}/checkin/")
    assert "Round 1 is paired: check-in is over." in html
    assert 'value="checkin"' not in html


def test_a_refused_tap_says_why(desk, season):
    html = post(desk, f"/desk/{season.key}/checkin/", action="checkin", code="p1", name="X")
    assert "no entrant &#x27;p1&#x27;" in html or "check-in has not started" in html
    store.open_checkin(ACTOR, season)
    store.check_in(ACTOR, season, ["p1"])
    html = post(desk, f"/desk/{season.key}/checkin/", action="checkin", code="p1", name="X")
    assert "has checked in already" in html
    assert desk.post(f"/desk/{season.key}/checkin/", {"action": "bogus"}).status_code == 400


def test_the_players_qr_code_opens_their_check_in_on_the_organisers_phone(desk, season):
    store.open_checkin(ACTOR, season)
    svg = Client().get("/r/tok01/checkin.svg")
    assert svg.status_code == 200
    assert svg["Content-Type"] == "image/svg+xml"
    assert svg.content.startswith(b"<svg")
    assert Client().get("/r/tok17/checkin.svg").status_code == 404  # cancelled
    assert Client().get("/r/nope/checkin.svg").status_code == 404
    url = f"/desk/{season.key}/checkin/tok01/"
    assert Client().get(url).status_code == 302  # a stranger is sent to log in
    html = page(desk, url)
    assert "Jiří Černý" in html
    assert '<button type="submit" class="big">Check in</button>' in html
    response = desk.post(url)
    assert response.status_code == 302
    assert models.Entrant.objects.get(event=season, code="p1").checked_in_at is not None
    assert "checked in" in page(desk, url)
    assert desk.get(f"/desk/{season.key}/checkin/nope/").status_code == 404


def test_the_snippet_for_the_private_page_shows_the_code():
    from django.template.loader import render_to_string

    html = render_to_string("kolo/_checkin_qr.html", {"token": "tok01"})
    assert 'src="/r/tok01/checkin.svg"' in html


def test_the_check_in_page_in_czech(desk, season):
    store.open_checkin(ACTOR, season)
    store.check_in(ACTOR, season, ["p1", "p2"])
    desk.cookies["django_language"] = "cs"
    html = page(desk, f"/desk/{season.key}/checkin/")
    text = visible_text(html)
    assert "Prezentováno: 2 z 13" in text
    assert "Přijdou později:" in text
    names = names_in_store() | {r.name for r in models.Registration.objects.all()}
    assert foreign_words(text, names, ENGLISH) == set()
    desk.cookies["django_language"] = "en"
    text = visible_text(page(desk, f"/desk/{season.key}/checkin/"))
    assert foreign_words(text, names, CZECH) == set()
    desk.cookies["django_language"] = "cs"
    assert "Prezentovat" in page(desk, f"/desk/{season.key}/checkin/tok05/")


def test_pairing_round_1_on_the_desk_says_who_is_missing_in_the_desks_words(desk, season):
    store.open_checkin(ACTOR, season)
    store.check_in(ACTOR, season, [f"p{i}" for i in range(1, 13)])
    response = desk.post(f"/desk/{season.key}/pair/", follow=True)
    html = response.content.decode()
    assert (
        "check-in has started and 1 have not checked in: Hráč M; check them in or drop them "
        "on the Check-in page"
    ) in html
    assert "kolo entrant" not in html
    assert not models.Round.objects.filter(event=season).exists()


def test_the_hint_is_shown_only_where_seating_makes_a_round(desk, season):
    store.open_checkin(ACTOR, season)
    models.Registration.objects.filter(event=season, status="waiting").update(status="removed")
    store.check_in(ACTOR, season, ["p1"])  # one here, one late: a round of 2 cannot be seated
    html = page(desk, f"/desk/{season.key}/checkin/")
    assert "Round 1 now" not in html
    models.Registration.objects.filter(event=season, status="removed").update(status="waiting")
    store.check_in(ACTOR, season, ["p2", "p3", "p4", "p5"])  # 5: tables of 4 and 3 cannot
    html = page(desk, f"/desk/{season.key}/checkin/")
    assert "Round 1 now: 5 players cannot be seated at this game's tables." in html
    assert "Seat Hráč M, Olga Malá, Pavel Veselý: full tables: 2, smaller: 0." in html


def test_a_player_registered_after_check_in_opened_is_listed_and_checked_in(desk, season):
    store.open_checkin(ACTOR, season)
    models.Registration.objects.create(
        event=season, number=30, queue=30, name="Nová Registrace", token="tok30"
    )
    html = page(desk, f"/desk/{season.key}/checkin/", q="nova registrace")
    assert "Nová Registrace" in html.split('class="checkin-list"')[1]
    html = post(desk, f"/desk/{season.key}/checkin/", action="seat", number="30")
    assert "Nová Registrace checked in" in html
    entrant = models.Registration.objects.get(number=30, event=season).entrant
    assert entrant.checked_in_at is not None


def test_the_qr_code_encodes_the_players_desk_check_in_address(season):
    import io

    import segno

    buffer = io.BytesIO()  # a standalone SVG file, with its namespace (an <img> needs it)
    segno.make(f"http://testserver/desk/{season.key}/checkin/tok01/", error="m").save(
        buffer, kind="svg", scale=4, border=2, xmldecl=False
    )
    assert Client().get("/r/tok01/checkin.svg").content == buffer.getvalue()
