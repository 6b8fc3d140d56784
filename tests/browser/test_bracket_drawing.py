"""The drawn bracket in a real browser: at 360 px the page never scrolls sideways (the drawing
scrolls inside its frame), no two boxes overlap and every row stays inside its box; the same
on the desktop (the README's picture) and on an A4 page."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from kolo.eventfile import reader
from kolo.store import api as store
from tests.conftest import EXAMPLES

pytestmark = [pytest.mark.db, pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ACTOR = store.Actor(who="tester", via="test")
LONG = "Maximilián Alexandr Weissenberger-Nepomucký"

MEASURE = """() => {
  const rect = (e) => { const r = e.getBoundingClientRect();
    return {x: r.left, y: r.top, r: r.right, b: r.bottom}; };
  const frame = document.querySelector('.bracket-frame');
  return {
    page: document.documentElement.scrollWidth, viewport: document.documentElement.clientWidth,
    frame: frame ? frame.scrollWidth : null, frameVisible: frame ? frame.clientWidth : null,
    boxes: [...document.querySelectorAll('.bracket-box, .bracket > .card')].map((b) => ({
      box: rect(b), rows: [...b.children].map(rect)})),
    stages: [...document.querySelectorAll('h2.bracket-stage')].map(rect),
    groups: [...document.querySelectorAll('main table')].filter((t) => !t.closest('.bracket'))
      .map(rect),
  };
}"""


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        a["x"] < b["r"] - 0.5
        and b["x"] < a["r"] - 0.5
        and a["y"] < b["b"] - 0.5
        and b["y"] < a["b"] - 0.5
    )


def check(measured: dict[str, Any]) -> None:
    assert measured["page"] <= measured["viewport"], "the page scrolls sideways"
    boxes = [m["box"] for m in measured["boxes"]]
    assert len(boxes) == 7
    drawn = boxes + measured["stages"]
    for i, a in enumerate(drawn):
        for b in drawn[i + 1 :]:
            assert not overlap(a, b), (a, b)
    for m in measured["boxes"]:
        for row in m["rows"]:  # every row inside its box (nothing spills over the next)
            assert m["box"]["y"] - 0.5 <= row["y"]
            assert row["b"] <= m["box"]["b"] + 0.5
            assert m["box"]["x"] - 0.5 <= row["x"]
            assert row["r"] <= m["box"]["r"] + 0.5
    groups = measured["groups"]
    for i, a in enumerate(groups):
        assert a["r"] <= measured["viewport"] + 0.5
        for b in groups[i + 1 :]:
            assert not overlap(a, b), (a, b)


@pytest.fixture
def event():
    owner = get_user_model().objects.create_user("olga", password="organiser-pass-1")
    document = json.loads((EXAMPLES / "nbgl-praha-2026.json").read_text(encoding="utf-8"))
    for entrant in document["entrants"]:
        if entrant["id"] == "p20":  # in every stage up to the final
            entrant["name"] = LONG
    return store.import_event(ACTOR, reader.loads(json.dumps(document)), owner=owner)


def test_the_bracket_fits_a_phone_a_desktop_and_a4(live_server, browser, screenshots, event):
    url = f"{live_server.url}/e/{event.key}/bracket/"
    phone = browser.new_context(viewport={"width": 360, "height": 740}, locale="cs-CZ")
    page = phone.new_page()
    page.goto(f"{live_server.url}/language/cs/?next=/e/{event.key}/bracket/")
    page.goto(url)
    measured = page.evaluate(MEASURE)
    check(measured)
    assert measured["frame"] > measured["frameVisible"], "the drawing scrolls inside its frame"

    desk = browser.new_context(viewport={"width": 1280, "height": 860}, locale="en-GB")
    wide = desk.new_page()
    wide.goto(url)
    measured = wide.evaluate(MEASURE)
    check(measured)
    assert measured["frame"] <= measured["frameVisible"], "the desktop shows the whole drawing"
    wide.screenshot(path=str(screenshots / "bracket-desktop.png"), full_page=True)

    # A4 portrait at 12 mm margins: 186 mm of 96 dpi pixels
    wide.set_viewport_size({"width": 703, "height": 1000})
    wide.emulate_media(media="print")
    measured = wide.evaluate(MEASURE)
    check(measured)
    assert measured["frame"] <= measured["frameVisible"], "the printed drawing fits the page"
