"""No English on a page rendered in Czech, and no Czech on a page rendered in English, apart
from names (events, entrants, clubs, people) and card names.

Every page an organiser or a player sees is rendered through Django's test client with the
language cookie set; the visible text (text nodes, and the labels a browser shows: button
values, placeholders, titles) is split into words, the entered names are taken out, and what is
left must not contain words of the other language."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client

from kolo.eventfile import reader
from kolo.store import api as store
from kolo.store import models
from tests.conftest import EXAMPLES
from tests.pagewords import CZECH, ENGLISH, foreign_words, names_in_store, visible_text
from tests.web.conftest import ACTOR

pytestmark = [pytest.mark.db, pytest.mark.django_db]


def imported(tmp_path: Path, name: str, **overrides: object) -> models.Event:
    document = json.loads((EXAMPLES / name).read_text(encoding="utf-8"))
    document["settings"] = {**document.get("settings", {}), **overrides}
    path = tmp_path / name
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    owner = get_user_model().objects.get_or_create(username="olga")[0]
    return store.import_event(ACTOR, reader.load(path), owner=owner)


Page = str | tuple[str, dict[str, str]]
"""A page's address, or an address and the form posted to it (a confirmation page)."""


def event_pages(event: models.Event) -> list[Page]:
    public = f"/e/{event.key}"
    desk = f"/desk/{event.key}"
    entrant = models.Entrant.objects.filter(event=event).order_by("id").first()
    assert entrant is not None
    pages: list[Page] = [
        f"{public}/",
        f"{public}/tables/",
        f"{public}/standings/",
        f"{public}/players/{entrant.code}/",
        f"{public}/find/?q=a",
        f"{public}/find/?q=zzzz",
        f"{public}/projector/",
        f"{desk}/",
        f"{desk}/settings/",
        f"{desk}/entrants/",
        f"{desk}/audit/",
        f"{desk}/team/",
        f"{desk}/print/standings/",
    ]
    for played in event.rounds.all():
        pages += [f"{public}/rounds/{played.number}/", f"{desk}/rounds/{played.number}/"]
        pages += [
            f"{desk}/rounds/{played.number}/print/{sheet}/"
            for sheet in ("pairings", "names", "slips")
        ]
    closed = event.rounds.filter(closed=True).order_by("number").last()
    if closed is not None and event.rounds.filter(number__gt=closed.number).exists():
        pages += [
            f"{desk}/rounds/{closed.number}/reopen/",
        ]
        table = models.Table.objects.get(round=closed, number=1)
        seated = [seat.entrant.code for seat in table.seats.order_by("position")]
        scores = {f"score_{code}": str(10 + 5 * i) for i, code in enumerate(seated)}
        pages.append((f"{desk}/rounds/{closed.number}/tables/1/correct/", scores))
    if event.is_knockout:
        pages += [f"{public}/bracket/", f"{desk}/print/bracket/"]
    if event.self_reporting:
        pages.append(f"{public}/report/")
    if event.game.proposes_setups:  # the fair kingdoms: the form, and a short run of proposals
        pages += [f"{desk}/kingdoms/propose/", f"{desk}/kingdoms/propose/?candidates=2&games=10"]
    return pages


@pytest.fixture
def day(tmp_path: Path) -> list[Page]:
    """A day's events: a Dominion event with a round played and closed and the next paired,
    and an NBGL event with its groups and bracket."""
    dominion = imported(tmp_path, "brno-2026.json", self_reporting=True, rounds=6)
    store.pair_round(ACTOR, dominion, seed=1)  # round 6 in play, round 5 closed before it
    nbgl = imported(tmp_path, "nbgl-praha-2026.json")
    get_user_model().objects.filter(username="olga").update(is_superuser=True, is_staff=True)
    where = {"date": "2099-03-13", "city": "Brno", "venue": "Klub", "capacity": "24"}
    store.announce(ACTOR, dominion, where, publish=True)  # on the calendar
    return [
        "/",
        "/calendar/",
        f"/desk/{dominion.key}/announcement/",
        f"/desk/{nbgl.key}/announcement/",
        "/desk/",
        "/desk/tokens/",
        "/desk/pools/",
        "/desk/series/",
        *event_pages(dominion),
        *event_pages(nbgl),
    ]


def pages_in(language: str, paths: list[Page]) -> dict[str, str]:
    client = Client()
    client.force_login(get_user_model().objects.get(username="olga"))
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    shown = {}
    for page in paths:
        path, form = (page, None) if isinstance(page, str) else page
        response = client.get(path) if form is None else client.post(path, form)
        assert response.status_code == 200, path
        if "text/html" in response["Content-Type"]:
            shown[path] = visible_text(response.content.decode("utf-8"))
    login = Client()
    login.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    shown["/login/"] = visible_text(login.get("/login/").content.decode("utf-8"))
    return shown


def test_a_page_in_czech_shows_no_english(day):
    names = names_in_store()
    english = {
        path: sorted(found)
        for path, text in pages_in("cs", day).items()
        if (found := foreign_words(text, names, ENGLISH))
    }
    assert english == {}, "\n".join(f"{p}: {w}" for p, w in english.items())


def test_a_page_in_english_shows_no_czech(day):
    names = names_in_store()
    czech = {
        path: sorted(found)
        for path, text in pages_in("en", day).items()
        if (found := foreign_words(text, names, CZECH))
    }
    assert czech == {}, "\n".join(f"{p}: {w}" for p, w in czech.items())


def test_the_check_finds_english_in_a_czech_page():
    """The check itself: an untranslated phrase is found, a name is not."""
    text = visible_text(
        "<p>Pořadí</p><button title='Close the round'>Zavřít</button><script>var round;</script>"
        "<p>Round Table Club</p>"
    )
    assert foreign_words(text, set(), ENGLISH) == {
        "Close",
        "the",
        "round",
        "Round",
        "Table",
        "Club",
    }
    assert foreign_words(text, {"Round Table Club"}, ENGLISH) == {"Close", "the", "round"}
