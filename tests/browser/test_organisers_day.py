"""The organiser's day in a real browser, in Czech and in English: 13 entrants with Czech
names and one hostile name, a Dominion event over two rounds with a tie and a negative score,
a drop, the correction of a round-1 result after round 2 is accepted, the players' pages on a
360 px phone updating; then an NBGL event whose qualifiers change with the field.

The test finds the controls by where they post, not by their words, so one walk serves both
languages; what it reads on the pages it reads in the language of the walk."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from kolo.store import api as store
from kolo.store import models
from tests.pagewords import CZECH, ENGLISH, foreign_words, names_in_store

pytestmark = [pytest.mark.db, pytest.mark.browser, pytest.mark.django_db(transaction=True)]

HOSTILE = "<img src=x onerror=alert(1)>"
PLAYERS = [
    "Jana Nováková",
    "Petr Svoboda",
    "Tereza Dvořáková",
    "Jiří Černý",
    "Lucie Procházková",
    "Tomáš Kučera",
    "Eva Veselá",
    "Martin Horák",
    "Kateřina Němcová",
    "Ondřej Šťastný",
    "Zuzana Marková",
    "Vojtěch Říha",
    HOSTILE,
]
DESKTOP = {"width": 1280, "height": 860}
PHONE = {"width": 360, "height": 740}
WORDS = {
    "cs": {"standings": "Pořadí", "other": ENGLISH},
    "en": {"standings": "Standings", "other": CZECH},
}


def submit(page, action_ends: str) -> None:
    """Press the button of the form that posts to an address ending so."""
    with page.expect_navigation():
        page.locator(f"form[action$='{action_ends}'] button[type=submit]").first.click()


def no_foreign_words(page, language: str) -> None:
    text = page.inner_text("body")
    assert foreign_words(text, names_in_store(), WORDS[language]["other"]) == set(), page.url


def log_in(page, base: str, language: str) -> None:
    """Log in as the organiser, the pages in ``language``."""
    page.goto(f"{base}/language/{language}/?next=/login/")
    page.fill("#id_username", "olga")
    page.fill("#id_password", "organiser-pass-1")
    with page.expect_navigation():
        page.click("button[type=submit]")


def enter_results(page, event: models.Event, number: int, scores_for) -> None:
    for table in models.Table.objects.filter(round__event=event, round__number=number):
        card = page.locator(f"#table-{table.number}")
        seated = [s.entrant for s in table.seats.order_by("position")]
        for entrant, score in zip(seated, scores_for(table.number, len(seated)), strict=True):
            card.locator(f"input[name=score_{entrant.code}]").fill(str(score))
        with page.expect_navigation():
            card.locator(
                f"form[action$='/tables/{table.number}/result/'] button[type=submit]"
            ).first.click()


@pytest.mark.parametrize("language", ["cs", "en"])
def test_the_organisers_day(live_server, browser, screenshots, language):
    get_user_model().objects.create_user("olga", password="organiser-pass-1")
    base = live_server.url
    locale = "cs-CZ" if language == "cs" else "en-GB"
    desk = browser.new_context(viewport=DESKTOP, locale=locale)
    page = desk.new_page()
    alerts: list[str] = []
    page.on("dialog", lambda dialog: (alerts.append(dialog.message), dialog.dismiss()))
    log_in(page, base, language)

    # a new event: the next step offered is adding entrants
    page.goto(f"{base}/desk/")
    page.fill("#name", "Brno 2026")
    page.select_option("#ruleset", "dominion-cz")
    with page.expect_navigation():
        page.locator("form:has(#name) button[type=submit]").click()
    assert page.url.endswith("/desk/brno-2026/")
    assert page.locator("a[href$='/desk/brno-2026/entrants/']").count() >= 1
    no_foreign_words(page, language)

    page.goto(f"{base}/desk/brno-2026/entrants/")
    page.fill("#names", "\n".join(PLAYERS))
    with page.expect_navigation():
        page.locator("form:has(#names) button[type=submit]").click()
    assert page.locator("table.grid tbody tr").count() == 13
    event = models.Event.objects.get(key="brno-2026")

    # round 1: paired, accepted; results with a tie and a negative score; closed
    page.goto(f"{base}/desk/brno-2026/")
    submit(page, "/pair/")
    submit(page, "/rounds/1/accept/")
    no_foreign_words(page, language)

    def round_1(table: int, seats: int) -> list[int]:
        if table == 1:
            return [30, 30, -2][:seats] if seats == 3 else [30, 30, 12, -2]
        return [40 - 9 * i for i in range(seats)]

    enter_results(page, event, 1, round_1)
    submit(page, "/rounds/1/close/")
    assert models.Round.objects.get(event=event, number=1).closed

    # a drop, then round 2 from the closed round's own page
    dropped = models.Entrant.objects.get(event=event, name="Vojtěch Říha")
    page.goto(f"{base}/desk/brno-2026/entrants/")
    row = page.locator("tr", has=page.locator(f"form[action$='/entrants/{dropped.code}/']"))
    with page.expect_navigation():
        row.locator("form:has(input[value=drop]) button").click()
    dropped.refresh_from_db()
    assert dropped.dropped_after_round == 1
    page.goto(f"{base}/desk/brno-2026/rounds/1/")
    submit(page, "/pair/")
    submit(page, "/rounds/2/accept/")
    # accepted too soon: no result is in, so the pairing can be undone, and paired again
    submit(page, "/rounds/2/undo/")
    assert not models.Round.objects.filter(event=event, number=2).exists()
    page.goto(f"{base}/desk/brno-2026/rounds/1/")
    submit(page, "/pair/")
    submit(page, "/rounds/2/accept/")
    seated_in_2 = models.Entrant.objects.filter(
        event=event, seats__table__round__number=2
    ).distinct()
    assert dropped not in seated_in_2
    assert seated_in_2.count() == 12

    # the correction of table 1 of round 1: a confirmation, then the standings change
    table = models.Table.objects.get(round__event=event, round__number=1, number=1)
    seated = [s.entrant for s in table.seats.order_by("position")]
    page.goto(f"{base}/desk/brno-2026/rounds/1/")
    page.locator("#table-1 details.correct summary").click()  # the correction opens on demand
    card = page.locator("form[action$='/rounds/1/tables/1/correct/']")
    corrected = [50 - 10 * i for i in range(len(seated))]
    for entrant, score in zip(seated, corrected, strict=True):
        card.locator(f"input[name=score_{entrant.code}]").fill(str(score))
    with page.expect_navigation():
        card.locator("button[type=submit]").click()
    no_foreign_words(page, language)
    assert page.locator("input[name=confirm][value=yes]").count() == 1
    page.screenshot(path=str(screenshots / f"correction-desktop-{language}.png"), full_page=True)
    assert models.Score.objects.filter(game__table=table, points=50).count() == 0  # not yet
    with page.expect_navigation():
        page.locator("form:has(input[name=confirm]) button[type=submit]").click()
    assert models.Score.objects.filter(game__table=table, points=50).count() == 1
    assert store.audit_trail(event).filter(action="result.correct").count() == 1

    # the players' pages on a phone: the corrected standings, nothing sideways, names as text
    phone = browser.new_context(viewport=PHONE, locale=locale, is_mobile=True)
    player = phone.new_page()
    player.on("dialog", lambda dialog: (alerts.append(dialog.message), dialog.dismiss()))
    player.goto(f"{base}/language/{language}/?next=/e/brno-2026/standings/")
    assert WORDS[language]["standings"] in player.inner_text("body")
    assert HOSTILE in player.inner_text("main")
    player.screenshot(path=str(screenshots / f"standings-phone-360-{language}.png"), full_page=True)
    for path in ("standings/", "tables/", f"players/{seated[0].code}/", "find/?q=stastny"):
        player.goto(f"{base}/e/brno-2026/{path}")
        width = player.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], (path, width)
        no_foreign_words(player, language)
    assert "Ondřej Šťastný" in player.inner_text("main")  # found without accents
    player.goto(f"{base}/e/brno-2026/players/{seated[0].code}/")
    assert "50" in player.inner_text("main")  # the corrected score on the player's page
    assert alerts == [], "no script from a player's name ran"


@pytest.mark.parametrize("language", ["cs", "en"])
def test_an_nbgl_day_says_how_many_go_through(live_server, browser, language):
    get_user_model().objects.create_user("olga", password="organiser-pass-1")
    base = live_server.url
    page = browser.new_context(
        viewport=DESKTOP, locale="cs-CZ" if language == "cs" else "en-GB"
    ).new_page()
    log_in(page, base, language)
    page.goto(f"{base}/desk/")
    page.fill("#name", "NBGL Brno")
    page.select_option("#ruleset", "nbgl-dominion")
    with page.expect_navigation():
        page.locator("form:has(#name) button[type=submit]").click()
    page.goto(f"{base}/desk/nbgl-brno/entrants/")
    page.fill("#names", "\n".join(f"Hráč {i}" for i in range(1, 25)))
    with page.expect_navigation():
        page.locator("form:has(#names) button[type=submit]").click()
    page.goto(f"{base}/desk/nbgl-brno/")
    said = page.locator("p.qualifiers").inner_text()
    assert "24" in said
    assert "8" in said
    assert "16" in said  # not 16, and why
    no_foreign_words(page, language)
    page.goto(f"{base}/desk/nbgl-brno/entrants/")
    page.fill("#names", "\n".join(f"Hráč {i}" for i in range(25, 33)))
    with page.expect_navigation():
        page.locator("form:has(#names) button[type=submit]").click()
    assert "8 → 16" in page.locator(".messages").inner_text()
    no_foreign_words(page, language)
    page.goto(f"{base}/desk/nbgl-brno/")
    submit(page, "/pair/")
    submit(page, "/rounds/1/accept/")
    assert page.locator(".desk-tables .card").count() == 8  # 8 groups of 4
