"""Domino evenings in a real browser (R-DOMINO-7..11): a 16-team block-game event — teams
entered on the desk, Swiss rounds, then a double-elimination top 8 — and a 22-player Mexican
Train evening, with hand-by-hand sheets written on players' phones and confirmed; the score
sheets printed; the double bracket drawn. Screenshots go to docs/screenshots/ when asked."""

from __future__ import annotations

import random

import pytest
from django.contrib.auth import get_user_model

from kolo.store import api as store
from kolo.store import models

pytestmark = [pytest.mark.db, pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DESKTOP = {"width": 1280, "height": 860}
PHONE = {"width": 390, "height": 844}
ACTOR = store.Actor(who="tables by script", via="test")
TEAMS = [
    ("Kočky", "Jana Nováková", "Petr Svoboda"),
    ("Psi", "Eva Veselá", "Karel Horák"),
    ("Lvi", "Lucie Malá", "Tomáš Kučera"),
    ("Sovy", "Hana Černá", "Jiří Beneš"),
    ("Vlci", "Tereza Dvořáková", "Martin Král"),
    ("Lišky", "Zuzana Marková", "Ondřej Fiala"),
    ("Jezevci", "Alena Pokorná", "David Němec"),
    ("Medvědi", "Petra Růžičková", "Jan Doležal"),
    ("Orli", "Klára Šimková", "Pavel Zeman"),
    ("Bobři", "Monika Kolářová", "Lukáš Navrátil"),
    ("Rysi", "Veronika Čermáková", "Michal Urban"),
    ("Sokoli", "Barbora Vaňková", "Adam Blažek"),
    ("Daňci", "Kristýna Kopecká", "Filip Holub"),
    ("Tchoři", "Markéta Kratochvílová", "Roman Sýkora"),
    ("Kuny", "Ivana Bartošová", "Vojtěch Musil"),
    ("<b>Ježci</b>", "Dana Šťastná", "Marek Vlček"),
]


def shot(page, screenshots, name):
    page.screenshot(path=str(screenshots / f"{name}.png"), full_page=True)


def log_in(browser, base, password="organiser-pass-1"):
    page = browser.new_context(viewport=DESKTOP, locale="en-GB").new_page()
    page.goto(f"{base}/login/")
    page.fill("#id_username", "olga")
    page.fill("#id_password", password)
    page.click("button[type=submit]")
    return page


def create(page, name, ruleset, settings):
    page.fill("#name", name)
    page.select_option("#ruleset", ruleset)
    page.click("text=Create")
    page.click("text=Settings")
    for key, value in settings.items():
        field = page.locator(f"#s-{key}")
        if field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
    page.click("text=Save")


def pair_and_accept(page, number):
    page.click("text=Overview")
    page.click(f"text=Pair round {number}")
    page.click("text=Accept and publish")


def other_tables_by_script(event, number, skip, rng):
    """The tables the test does not play in the browser: final scores, as from paper."""
    round_ = event.rounds.get(number=number)
    for table in round_.tables.order_by("number"):
        if table.number in skip or table.games.exists():
            continue
        seats = [s.entrant.code for s in table.seats.order_by("position")]
        scores = {code: rng.randrange(40, 99) for code in seats}
        scores[rng.choice(seats)] = 100 + rng.randrange(30)
        store.record_result(ACTOR, event, number, table.number, scores)


def phone(browser):
    return browser.new_context(viewport=PHONE, locale="en-GB", is_mobile=True).new_page()


def write_hand(page, player, out, pips):
    page.select_option("#writer", player)
    page.check(f"input[name=out][value='{out}']")
    for code, value in pips.items():
        page.fill(f"input[name=pips_{code}]", str(value))
    page.click("button:has-text('Write the hand')")


def test_a_domino_pairs_evening_swiss_then_a_double_bracket(live_server, browser, screenshots):
    get_user_model().objects.create_user("olga", password="organiser-pass-1")
    base = live_server.url
    page = log_in(browser, base)
    alerts = []
    page.on("dialog", lambda dialog: (alerts.append(dialog.message), dialog.dismiss()))
    create(
        page,
        "Domino pátek",
        "domino-pairs",
        {"self_reporting": "true", "playoff": "double", "rounds": "4"},
    )
    page.click("text=Entrants")
    page.fill("#names", "\n".join(",".join(t) for t in TEAMS))
    page.click("button:has-text('Add')")
    assert page.locator("table.grid tbody tr").count() == 16
    event = models.Event.objects.get(key="domino-patek")
    assert event.entrants.get(name="Kočky").members[1] == {"name": "Petr Svoboda"}

    # round 1: table 1 written hand by hand on the players' phones
    pair_and_accept(page, 1)
    assert "1. Jana Nováková" in page.inner_text("#table-1") or "1. " in page.inner_text("#table-1")
    page.click("a:has-text('score sheets, hand by hand')")
    assert page.locator("section.scoresheet").count() == 8
    shot(page, screenshots, "domino-scoresheet-print")
    page.go_back()
    table = event.rounds.get(number=1).tables.get(number=1)
    a, b = [s.entrant.code for s in table.seats.order_by("position")]
    writer = phone(browser)
    writer.goto(f"{base}/e/{event.key}/report/?code={table.code}")
    write_hand(writer, a, a, {a: 5, b: 40})
    write_hand(writer, a, "blocked", {a: 20, b: 9})
    write_hand(writer, a, a, {a: 0, b: 45})
    assert "Hand 4: who went out?" in writer.inner_text("main")
    shot(writer, screenshots, "domino-sheet-phone")
    write_hand(writer, a, a, {a: 3, b: 30})  # 40 + 45 + 30 = 115: the match is over
    assert "the others at the table now confirm it" in writer.inner_text("main")
    other = phone(browser)
    other.goto(f"{base}/e/{event.key}/report/?code={table.code}")
    other.select_option("select[id^=who-]", b)
    other.click("button:has-text('Confirm')")
    page.goto(f"{base}/desk/{event.key}/rounds/1/")
    with page.expect_navigation():
        page.click("button:has-text('Accept')")
    game = models.Game.objects.get(table=table)
    assert len(game.hands) == 4
    assert {s.entrant.code: s.points for s in game.scores.all()} == {a: 115, b: 20}

    # table 2 at the desk, hand by hand
    card = page.locator("#table-2")
    seats2 = [s.entrant.code for s in event.rounds.get(number=1).tables.get(number=2)
              .seats.order_by("position")]  # fmt: skip
    for pips in ({seats2[0]: 0, seats2[1]: 60}, {seats2[0]: 0, seats2[1]: 50}):
        card.locator(f"input[name=out][value='{seats2[0]}']").check()
        for code, value in pips.items():
            card.locator(f"input[name=pips_{code}]").fill(str(value))
        with page.expect_navigation():
            card.locator("button:has-text('Write the hand')").click()
        card = page.locator("#table-2")
    assert "The game is over." in page.inner_text("#table-2")

    rng = random.Random(7)
    other_tables_by_script(event, 1, {1, 2}, rng)
    page.reload()
    with page.expect_navigation():
        page.click("text=Close the round")

    # the other Swiss rounds and the bracket, paired and closed at the desk
    number = 1
    while page.locator("text=/Pair round \\d+/").count() or number == 1:
        number += 1
        pair_and_accept(page, number)
        other_tables_by_script(event, number, set(), rng)
        page.reload()
        with page.expect_navigation():
            page.click("text=Close the round")
        page.click("text=Overview")
        if store.bracket_decided(event):
            break
    rounds = list(event.rounds.order_by("number"))
    assert [r.stage for r in rounds[:4]] == [None] * 4
    assert {r.stage for r in rounds[4:]} == {"playoff"}
    assert len(rounds[4].tables.all()) == 4  # the top 8: four matches in the winners' bracket
    assert page.locator("text=/Pair round \\d+/").count() == 0  # the bracket is decided

    wide = browser.new_context(viewport=DESKTOP, locale="en-GB").new_page()
    wide.goto(f"{base}/e/{event.key}/bracket/")
    main = wide.inner_text("main")
    assert "Losers' bracket" in main
    assert "won the event." in main
    wide.goto(f"{base}/e/{event.key}/standings/")
    assert "<b>Ježci</b>" in wide.inner_text("main")  # a team's name is text, never markup
    wide.goto(f"{base}/e/{event.key}/bracket/")
    shot(wide, screenshots, "domino-bracket-desktop")
    assert alerts == []


def test_a_mexican_train_evening_of_22_players(live_server, browser, screenshots):
    get_user_model().objects.create_user("olga", password="organiser-pass-1")
    base = live_server.url
    page = log_in(browser, base)
    create(page, "Mexický vlak", "mexican-train", {"self_reporting": "true", "hands": "3"})
    page.click("text=Entrants")
    page.fill("#names", "\n".join(f"Hráč {i}" for i in range(1, 23)))
    page.click("button:has-text('Add')")
    pair_and_accept(page, 1)
    event = models.Event.objects.get(key="mexicky-vlak")
    sizes = sorted(len(t.seats.all()) for t in event.rounds.get(number=1).tables.all())
    assert sizes == [3, 3, 4, 4, 4, 4]  # 22 at tables of four, the remainder at threes
    table = event.rounds.get(number=1).tables.get(number=1)
    seats = [s.entrant.code for s in table.seats.order_by("position")]
    writer = phone(browser)
    writer.goto(f"{base}/e/{event.key}/report/?code={table.code}")
    for hand in range(3):
        out = seats[hand % len(seats)]
        write_hand(writer, seats[0], out, {c: 0 if c == out else 6 + hand for c in seats})
    assert "the others at the table now confirm it" in writer.inner_text("main")
    for code in seats[1:]:
        other = phone(browser)
        other.goto(f"{base}/e/{event.key}/report/?code={table.code}")
        other.select_option("select[id^=who-]", code)
        other.click("button:has-text('Confirm')")
        other.context.close()
    page.goto(f"{base}/desk/{event.key}/rounds/1/")
    with page.expect_navigation():
        page.click("button:has-text('Accept')")
    other_tables_by_script(event, 1, {1}, random.Random(3))
    page.reload()
    with page.expect_navigation():
        page.click("text=Close the round")
    public = phone(browser)
    public.goto(f"{base}/e/{event.key}/standings/")
    assert "After round 1" in public.inner_text("main")
    public.goto(f"{base}/e/{event.key}/rounds/1/")
    assert "Score sheet" in public.inner_text("main")
