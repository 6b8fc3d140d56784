"""The bracket page draws a bracket: the knockout rounds as columns of table boxes, who went
through marked, a line from each of them to their next table, the groups as compact tables."""

from __future__ import annotations

import itertools
import json
import re
from html.parser import HTMLParser

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from kolo.eventfile import reader
from kolo.store import api as store
from tests.conftest import EXAMPLES
from tests.web.conftest import ACTOR

pytestmark = [pytest.mark.db, pytest.mark.django_db]

HOSTILE = '<b onmouseover="x()">Eve</b> & Co'
ESCAPED = "&lt;b onmouseover=&quot;x()&quot;&gt;Eve&lt;/b&gt; &amp; Co"


class Page(HTMLParser):
    """The bracket's elements by class, with their attributes and text."""

    def __init__(self) -> None:
        super().__init__()
        self.stages: list[dict[str, str]] = []
        self.boxes: list[dict[str, object]] = []
        self.paths: list[str] = []
        self.captions: list[str] = []
        self.seeds = 0
        self._open: list[tuple[str, dict[str, str]]] = []
        self._text: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        classes = a.get("class", "").split()
        if tag == "path":
            self.paths.append(a["d"])
            return
        if "bracket-box" in classes:
            self.boxes.append({**a, "seats": [], "marks": [], "winner": 0})
        if "bx-seat" in classes:
            self.boxes[-1]["seats"].append("advanced" in classes)  # type: ignore[attr-defined]
        if tag in ("h2", "caption") or "sr" in classes or "badge" in classes:
            self._text = []
        self._open.append((tag, a))

    def handle_endtag(self, tag: str) -> None:
        if not self._open:
            return
        opened, a = self._open.pop()
        classes = a.get("class", "").split()
        text = "".join(self._text or []).strip()
        if opened == "h2" and "bracket-stage" in classes:
            self.stages.append({**a, "text": text})
        elif opened == "caption":
            self.captions.append(text)
        elif "sr" in classes and "bx-mark" in self._parent_classes():
            self.boxes[-1]["marks"].append(text)  # type: ignore[attr-defined]
        elif "sr" in classes and "badge" in self._parent_classes():
            self.seeds += text.startswith(("seed ", "nasazení "))
        elif "badge" in classes and "bx-mark" in classes:
            self.boxes[-1]["winner"] = 1
        if opened in ("h2", "caption") or "sr" in classes or "badge" in classes:
            self._text = None

    def _parent_classes(self) -> list[str]:
        return self._open[-1][1].get("class", "").split() if self._open else []

    def handle_data(self, data: str) -> None:
        if self._text is not None:
            self._text.append(data)


def style(element: dict[str, object], name: str) -> float:
    found = re.search(rf"(?:^|;){name}:([0-9.]+)", str(element["style"]))
    assert found, (name, element["style"])
    return float(found.group(1))


@pytest.fixture
def event():
    owner = get_user_model().objects.create_user("olga", password="secret-olga-1")
    document = json.loads((EXAMPLES / "nbgl-praha-2026.json").read_text(encoding="utf-8"))
    for entrant in document["entrants"]:
        if entrant["id"] == "p20":  # group A's winner, in the final
            entrant["name"] = HOSTILE
    return store.import_event(ACTOR, reader.loads(json.dumps(document)), owner=owner)


def test_the_bracket_is_drawn_as_columns_of_boxes_with_lines(event):
    html = Client().get(f"/e/{event.key}/bracket/").content.decode()
    page = Page()
    page.feed(html)
    # one column per knockout stage, oldest on the left
    assert [(s["data-round"], s["text"]) for s in page.stages] == [
        ("2", "Round 2: quarter-final"),
        ("3", "Round 3: semi-final"),
        ("4", "Round 4: final"),
    ]
    lefts = [style(s, "left") for s in page.stages]
    assert lefts == sorted(lefts)
    assert len(set(lefts)) == 3
    by_round: dict[str, list[dict[str, object]]] = {}
    for box in page.boxes:
        by_round.setdefault(str(box["data-round"]), []).append(box)
        column = page.stages[int(str(box["data-round"])) - 2]
        assert style(box, "left") == style(column, "left")
    assert {r: len(b) for r, b in by_round.items()} == {"2": 4, "3": 2, "4": 1}
    assert all(len(box["seats"]) == 4 for box in page.boxes)  # type: ignore[arg-type]
    # who went through: two of each table, marked on their row; the final's winner
    for r in ("2", "3"):
        for box in by_round[r]:
            assert box["seats"] == [True, True, False, False]
            assert box["marks"] == ["through", "through"]
    (final,) = by_round["4"]
    assert final["seats"] == [True, False, False, False]
    assert final["winner"] == 1
    # the boxes of a column do not overlap
    for boxes in by_round.values():
        spans = sorted((style(b, "top"), style(b, "top") + style(b, "height")) for b in boxes)
        assert all(a[1] <= b[0] for a, b in itertools.pairwise(spans))
    # a line for every player who went on, from a box's right edge to the next column
    assert len(page.paths) == 8 + 4
    rights = {round(style(b, "left") + style(b, "width"), 2) for b in by_round["2"] + by_round["3"]}
    for d in page.paths:
        start = float(re.match(r"M([0-9.]+) ", d).group(1))  # type: ignore[union-attr]
        assert round(start, 2) in rights
    # the groups: compact tables with the qualified marked by their seed
    assert page.captions == [f"Group {g}" for g in "ABCDEFGHIJ"]
    assert page.seeds == 16
    # names escaped everywhere (the link's text and its title)
    assert HOSTILE not in html
    assert html.count(ESCAPED) >= 4  # group A, quarter-final, semi-final, final; each twice


def test_the_printed_bracket_and_the_czech_one(event):
    owner = get_user_model().objects.get(username="olga")
    desk = Client()
    desk.force_login(owner)
    printed = desk.get(f"/desk/{event.key}/print/bracket/").content.decode()
    page = Page()
    page.feed(printed)
    assert len(page.stages) == 3
    assert len(page.boxes) == 7
    assert len(page.paths) == 12
    assert HOSTILE not in printed
    czech = Client()
    czech.get("/language/cs/")
    html = czech.get(f"/e/{event.key}/bracket/").content.decode()
    page = Page()
    page.feed(html)
    assert [s["text"] for s in page.stages] == [
        "Kolo 2: čtvrtfinále",
        "Kolo 3: semifinále",
        "Kolo 4: finále",
    ]
    # the layout's decimals stay CSS (a Czech page would write 12,5 otherwise)
    assert all("," not in str(b["style"]) for b in page.boxes)
    assert 'viewBox="0 0 100 ' in html
    assert not re.search(r'viewBox="[^"]*,', html)
    assert '<th class="g-mark">Postup</th>' in html


def test_the_projector_shows_the_bracket_as_one_of_its_panels(event):
    html = Client().get(f"/e/{event.key}/projector/").content.decode()
    panel = html[html.index('data-cycle="bracket"') :]
    page = Page()
    page.feed(panel)
    assert len(page.stages) == 3
    assert len(page.boxes) == 7
    assert HOSTILE not in html


def test_no_bracket_panel_on_the_projector_of_a_swiss_event():
    owner = get_user_model().objects.create_user("olga", password="secret-olga-1")
    store.create_event(ACTOR, "Brno", "dominion-cz", owner=owner)
    assert 'data-cycle="bracket"' not in Client().get("/e/brno/projector/").content.decode()


def test_a_general_knockout_draws_the_best_of_the_rest_into_the_final():
    """Twelve at tables of four, one goes through: three tables, then a final of the three
    winners and the best second (docs/knockout.md) — four lines into the final's box."""
    from tests.web.test_knockout_pages import play

    owner = get_user_model().objects.create_user("olga", password="secret-olga-1")
    event = store.create_event(ACTOR, "Cup", "knockout", owner=owner)
    store.add_entrants(ACTOR, event, [(f"Player {i}", None) for i in range(1, 13)])
    store.pair_round(ACTOR, event, seed=1)
    play(event, 1)
    store.pair_round(ACTOR, event, seed=2)
    page = Page()
    page.feed(Client().get(f"/e/{event.key}/bracket/").content.decode())
    assert [s["text"] for s in page.stages] == ["Round 1: knockout round", "Round 2: final"]
    first = [b for b in page.boxes if b["data-round"] == "1"]
    final = [b for b in page.boxes if b["data-round"] == "2"]
    assert len(first) == 3
    assert len(final) == 1
    assert sum(m == "through" for b in first for m in b["marks"]) == 4  # type: ignore[attr-defined]
    assert len(page.paths) == 4
    assert final[0]["seats"] == [False] * 4  # not played yet: nobody marked
    assert not page.captions  # no groups
