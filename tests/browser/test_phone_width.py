"""Every players' page on a 360 px phone: nothing scrolls sideways (wide tables collapse
columns or scroll inside themselves), and the header keeps to one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model

from kolo.eventfile import reader
from kolo.store import api as store
from kolo.store import models
from tests.conftest import EXAMPLES

pytestmark = [pytest.mark.db, pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ACTOR = store.Actor(who="tester", via="test")
PHONE = {"width": 360, "height": 740}
LONG_NAME = "Kateřina Procházková-Dvořáková"
HEADER_HEIGHT = 100
"""The header in pixels: on a phone the event's name and the event's links on a second row (it
took about 160 before the links scrolled inside it)."""


def imported(tmp_path: Path, name: str, **settings: object) -> models.Event:
    document = json.loads((EXAMPLES / name).read_text(encoding="utf-8"))
    document["entrants"][0]["name"] = LONG_NAME  # a long name, as real fields have
    document["settings"] = {**document.get("settings", {}), **settings}
    path = tmp_path / name
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    owner = get_user_model().objects.get_or_create(username="olga")[0]
    return store.import_event(ACTOR, reader.load(path), owner=owner)


def public_pages(event: models.Event) -> list[str]:
    base = f"/e/{event.key}"
    first = models.Entrant.objects.filter(event=event).order_by("id").first()
    assert first is not None
    pages = [
        f"{base}/",
        f"{base}/tables/",
        f"{base}/standings/",
        f"{base}/players/{first.code}/",
        f"{base}/find/?q=a",
        f"{base}/projector/",
    ]
    pages += [f"{base}/rounds/{r.number}/" for r in event.rounds.all()]
    if event.is_knockout:
        pages.append(f"{base}/bracket/")
    if event.self_reporting:
        pages.append(f"{base}/report/")
        table = models.Table.objects.filter(round__event=event).exclude(code="").last()
        if table is not None:
            pages.append(f"{base}/report/?code={table.code}")
    return pages


def measure(page, url: str) -> tuple[int, int]:
    page.goto(url)
    return page.evaluate(
        "[document.documentElement.scrollWidth, (h => h ? Math.round("
        "h.getBoundingClientRect().height) : 0)(document.querySelector('header.top'))]"
    )


@pytest.mark.parametrize("language", ["en", "cs"])
def test_no_public_page_scrolls_sideways_at_360_px(live_server, browser, tmp_path, language):
    dominion = imported(tmp_path, "brno-2026.json", self_reporting=True, rounds=6)
    store.pair_round(ACTOR, dominion, seed=1)  # a round in play: tables, codes
    nbgl = imported(tmp_path, "nbgl-praha-2026.json")
    assert nbgl.is_knockout
    phone = browser.new_context(viewport=PHONE, locale="cs-CZ" if language == "cs" else "en-GB")
    page = phone.new_page()
    page.goto(f"{live_server.url}/language/{language}/?next=/")
    pages = ["/", "/login/", *public_pages(dominion), *public_pages(nbgl)]
    too_wide = {}
    too_tall = {}
    for path in pages:
        width, header = measure(page, live_server.url + path)
        if width > PHONE["width"]:
            too_wide[path] = width
        if header > HEADER_HEIGHT:
            too_tall[path] = header
    assert too_wide == {}
    assert too_tall == {}


HEADER_BOXES = """() => {
  const header = document.querySelector('header.top');
  if (!header) { return null; }  // the projector: a screen of its own, no header
  const name = header.querySelector('.event-name');
  return {
    links: [...header.querySelectorAll('a, button')].map(a => {
      const box = a.getBoundingClientRect();
      return [a.textContent.trim(), Math.round(box.left), Math.round(box.right)];
    }),
    nameCut: name ? name.scrollWidth > name.clientWidth + 1 : null,
  };
}"""


@pytest.mark.parametrize("language", ["en", "cs"])
def test_every_header_link_is_in_reach_at_360_px(live_server, browser, tmp_path, language):
    """A player who did not scan a QR code finds Tables, Standings and "Report a result" in
    the header of every page of the event, and its name whole, on a 360 px phone."""
    dominion = imported(tmp_path, "brno-2026.json", self_reporting=True, rounds=6)
    store.pair_round(ACTOR, dominion, seed=1)
    nbgl = imported(tmp_path, "nbgl-praha-2026.json", self_reporting=True)
    phone = browser.new_context(viewport=PHONE, locale="cs-CZ" if language == "cs" else "en-GB")
    page = phone.new_page()
    page.goto(f"{live_server.url}/language/{language}/?next=/")
    out_of_reach = {}
    cut = []
    for path in [*public_pages(dominion), *public_pages(nbgl)]:
        page.goto(live_server.url + path)
        found = page.evaluate(HEADER_BOXES)
        if found is None:
            continue
        texts = [text for text, _, _ in found["links"]]
        assert len(texts) >= 5, (path, texts)  # brand, name, tables, standings, report, …
        outside = [link for link in found["links"] if link[1] < 0 or link[2] > PHONE["width"]]
        if outside:
            out_of_reach[path] = outside
        if found["nameCut"]:
            cut.append(path)
    assert out_of_reach == {}
    assert cut == []
