"""The domino club's evening in a real browser (R-DOMINO-7, R-DOMINO-11): a domino-pairs
event with a double-elimination bracket created on the desk, the Swiss rounds and every
bracket round paired, typed and closed on the desk's round page; each bracket round named as
the bracket names it, without a pairing cost or a swap, saying who went out; the final
standings explaining each place."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model

from kolo.store import api as store
from kolo.store import models
from tests.browser.test_domino_day import create, log_in, pair_and_accept

pytestmark = [pytest.mark.db, pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DESKTOP = {"width": 1280, "height": 860}
TEAMS = [
    ("Kočky", "Jana Nováková", "Petr Svoboda"),
    ("Psi", "Eva Veselá", "Karel Horák"),
    ("Lvi", "Lucie Malá", "Tomáš Kučera"),
    ("Sovy", "Hana Černá", "Jiří Beneš"),
    ("Vlci", "Tereza Dvořáková", "Martin Král"),
    ("Lišky", "Zuzana Marková", "Ondřej Fiala"),
]


def type_results(page, event, number):
    """Every table of round ``number`` typed on the desk's round page as a final score: the
    first seat wins, but the losers' champion wins the first grand final (so it is played
    again)."""
    state = store.bracket(event)
    final = next((i for i, m in enumerate(state.matches) if m.id == "GF"), None) if state else None
    losers_champion = state.sides[final][1] if state and state.sides[final] else None
    first_final = state is not None and state.results[final] is None
    for table in event.rounds.get(number=number).tables.order_by("number"):
        seats = [s.entrant.code for s in table.seats.order_by("position")]
        winner = seats[0]
        if first_final and losers_champion in seats and len(state.ready()) == 1:
            winner = losers_champion
        card = page.locator(f"#table-{table.number}")
        paper = card.locator("summary:has-text('Enter only the final score')")
        if paper.count():
            paper.click()
        for code in seats:
            card.locator(f"input[name=score_{code}]").fill("101" if code == winner else "57")
        with page.expect_navigation():
            card.locator("form[data-preview] button[type=submit]").click()
        assert "done" in page.locator(f"#table-{table.number}").inner_text()


def heading(page) -> str:
    return page.locator("h1").inner_text().split(" — ")[0].strip()


def test_a_domino_evening_with_a_double_bracket_played_on_the_desk(live_server, browser):
    get_user_model().objects.create_user("olga", password="organiser-pass-1")
    base = live_server.url
    page = log_in(browser, base)
    alerts: list[str] = []
    page.on("dialog", lambda dialog: (alerts.append(dialog.message), dialog.dismiss()))
    create(
        page,
        "Domino večer",
        "domino-pairs",
        {"playoff": "double", "rounds": "2", "playoff_teams": "4"},
    )
    page.click("text=Entrants")
    page.fill("#names", "\n".join(",".join(t) for t in TEAMS))
    page.click("button:has-text('Add')")
    event = models.Event.objects.get(key="domino-vecer")
    assert event.entrants.count() == 6

    # the Swiss rounds: paired, typed and closed at the desk; their pairing has a cost
    for number in (1, 2):
        pair_and_accept(page, number)
        assert heading(page) == f"Round {number}"
        if number == 2:
            assert "Swap two players" in page.inner_text("main")
            assert page.locator("details.why summary", has_text="Cost").count() == 3
        type_results(page, event, number)
        with page.expect_navigation():
            page.click("text=Close the round")

    # the bracket's rounds, the same way, to its champion
    titles: list[str] = []
    number = 2
    while not store.bracket_decided(event):
        number += 1
        assert number < 10
        pair_and_accept(page, number)
        titles.append(heading(page))
        main = page.inner_text("main")
        assert f"Round {number}" not in heading(page)
        assert "Swap two players" not in main
        assert "Cost" not in main
        assert "met before" not in main
        assert "A round of the bracket" in main
        for card in page.locator(".desk-tables > .card").all():
            head = card.locator(".head").inner_text()
            assert re.search(r"Table \d+ · (Winners'|Losers') round \d|Grand final", head), head
            assert "(seed " in card.inner_text()
        type_results(page, event, number)
        with page.expect_navigation():
            page.click("text=Close the round")
        state = store.bracket(event)
        out = [event.entrants.get(code=c).name for c in state.out_after(number)]
        main = page.inner_text("main")
        if out:
            assert "Out of the bracket in this round: " + ", ".join(out) in main
        else:
            assert "Out of the bracket in this round" not in main
        page.click("text=Overview")
    assert titles == [
        "Winners' round 1",
        "Winners' round 2 · Losers' round 1",
        "Losers' round 2",
        "Grand final",
        "Grand final, played again",
    ]
    overview = page.inner_text("main")
    assert page.locator("text=/Pair round \\d+/").count() == 0  # the bracket is decided
    for title in titles:
        assert title in overview

    # the final standings say how each place was decided
    wide = browser.new_context(viewport=DESKTOP, locale="en-GB").new_page()
    wide.goto(f"{base}/e/{event.key}/standings/")
    headers = wide.locator("table.grid thead th").all_inner_texts()
    assert headers[:7] == [
        "Place",
        "Name",
        "Bracket",
        "Points",
        "Score diff.",
        "Game points",
        "Buchholz",
    ]
    rows = [r.locator("td").all_inner_texts() for r in wide.locator("table.grid tbody tr").all()]
    champion = event.entrants.get(code=store.bracket(event).champion).name
    assert rows[0][1].startswith(champion)
    assert rows[0][2] == "winner"
    assert rows[1][2] == "grand final, played again"
    assert [r[2] for r in rows[2:4]] == ["losers' round 2", "losers' round 1"]
    assert [r[2] for r in rows[4:]] == ["–", "–"]  # the two teams the bracket left out
    assert "Places follow the bracket first" in wide.inner_text("main")
    # the players' pages name the rounds the same way
    wide.goto(f"{base}/e/{event.key}/")
    assert "Grand final, played again" in wide.inner_text("main")
    assert alerts == []
