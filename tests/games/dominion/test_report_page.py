"""The desk's kingdom report for a base-game table (issue 16)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from kolo.store import api as store
from kolo.store import kingdoms, models
from tests.web.conftest import ACTOR

pytestmark = [pytest.mark.db, pytest.mark.django_db]

FIRST = ["Cellar", "Market", "Merchant", "Militia", "Mine", "Moat", "Remodel", "Smithy",
         "Village", "Workshop"]  # fmt: skip


@pytest.fixture
def owner():
    return get_user_model().objects.create_user("olga", password="secret-olga-1")


@pytest.fixture
def client(owner):
    c = Client()
    c.force_login(owner)
    return c


@pytest.fixture
def event(owner):
    created = store.create_event(ACTOR, "Brno 2026", "dominion-cz", owner=owner)
    store.add_entrants(ACTOR, created, [(f"Player {i}", None) for i in range(1, 7)])
    store.pair_round(ACTOR, created, seed=4)
    return created


def _paired(event) -> models.Table:
    table = models.Table.objects.filter(round__event=event, round__number=1).first()
    assert table is not None
    return table


def test_the_report_of_a_base_game_kingdom(client, event, capsys) -> None:
    table = _paired(event)
    kingdoms.set_kingdom(ACTOR, event, 1, table.number, FIRST, False, False)
    round_page = client.get(f"/desk/{event.key}/rounds/1/").content.decode()
    url = f"/desk/{event.key}/rounds/1/tables/{table.number}/kingdom/report/"
    assert url in round_page
    page = client.get(url).content.decode()
    assert "First seat&#x27;s advantage" in page or "First seat's advantage" in page
    assert "big-money-smithy" in page
    assert "Strategy spread" in page
    again = client.get(url).content.decode()

    def report(html: str) -> str:
        return html[html.index("<h2>") : html.index("Back to the round")]

    assert report(again) == report(page)  # seeded: the same report every time
    czech = client.get(url, HTTP_ACCEPT_LANGUAGE="cs").content.decode()
    assert "Sklepení" in czech


def test_a_card_the_engine_does_not_play_yet_is_named(client, event, monkeypatch, capsys) -> None:
    from kolo.games.dominion import engine

    monkeypatch.setattr(engine, "PLAYABLE", tuple(c for c in engine.PLAYABLE if c != "Smithy"))
    table = _paired(event)
    kingdoms.set_kingdom(ACTOR, event, 1, table.number, FIRST, False, False)
    page = client.get(f"/desk/{event.key}/rounds/1/tables/{table.number}/kingdom/report/")
    assert page.status_code == 200
    text = page.content.decode()
    assert "does not play these cards yet, so bots cannot report on this table: Smithy." in text
    czech = client.get(
        f"/desk/{event.key}/rounds/1/tables/{table.number}/kingdom/report/",
        HTTP_ACCEPT_LANGUAGE="cs",
    ).content.decode()
    assert "Kovárna" in czech
    assert "zatím nehraje" in czech


def test_strangers_do_not_see_the_report(event, capsys) -> None:
    table = _paired(event)
    page = Client().get(f"/desk/{event.key}/rounds/1/tables/{table.number}/kingdom/report/")
    assert page.status_code in (302, 403)


def test_the_report_page_in_czech(client, event, capsys) -> None:
    table = _paired(event)
    kingdoms.set_kingdom(ACTOR, event, 1, table.number, FIRST, False, False)
    url = f"/desk/{event.key}/rounds/1/tables/{table.number}/kingdom/report/"
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="cs").content.decode()
    assert "Výhoda prvního hráče" in page
    assert "90 % her mezi" in page
    assert "Zpráva o království — stůl" in page


# ---- every drawn table of a championship round (issue 40) ----


def _url(event, table: int, round_number: int = 1) -> str:
    return f"/desk/{event.key}/rounds/{round_number}/tables/{table}/kingdom/report/"


def test_every_drawn_table_of_a_round_is_reported_or_its_unplayed_cards_named(
    client, event, capsys
) -> None:
    """Round 1 of the championship deals ten cards from Base, Intrigue and Hinterlands: the
    report plays them where the engine plays them all, and names the cards it does not play
    yet otherwise (none once every card of the pool plays)."""
    from kolo.games.dominion import drawstudy
    from kolo.games.dominion.cards import load

    table = _paired(event)
    stored = kingdoms.stored_kingdom(table)
    assert stored is not None
    assert stored.cards
    page = client.get(_url(event, table.number)).content.decode()
    missing = drawstudy.unplayable(stored.cards, stored.colony, stored.shelters)
    if missing:
        assert "does not play these cards yet" in page
        for card in missing:
            assert load().card(card).en.replace("'", "&#x27;") in page
        assert "First seat" not in page
    else:
        assert "First seat" in page
        assert "Balance" in page


def test_colonies_and_shelters_of_the_draw_are_played(client, event, monkeypatch, capsys) -> None:
    """The table's Colonies and Shelters reach every game the report plays (where the engine
    does not play them yet, the page says so)."""
    from kolo.games.dominion import drawstudy, engine
    from kolo.games.dominion.draws import Kingdom

    table = _paired(event)
    # a later round's drafted table, its Colonies and Shelters drawn (R-DOM-7)
    table.setup = Kingdom("basic", cards=tuple(FIRST), colony=True, shelters=True).document()
    table.save()
    page = client.get(_url(event, table.number)).content.decode()
    assert "With Colonies and Platinum." in page
    assert "With Shelters instead of Estates." in page
    if drawstudy.unplayable(FIRST, True, True):
        assert "Colony" in page
        assert "does not play these cards yet" in page
    seen = set()
    real = engine.play

    def play(kingdom, agents, seed, **options):
        seen.add((options.get("colony"), options.get("shelters")))
        return real(kingdom, agents, seed)

    monkeypatch.setattr(engine, "play", play)
    monkeypatch.setattr(drawstudy, "unplayable", lambda cards, colony=False, shelters=False: [])
    page = client.get(_url(event, table.number)).content.decode()
    assert "First seat" in page, page[page.index("<h1>") :]
    assert seen == {(True, True)}


def test_a_kingdom_far_outside_the_usual_balance_is_flagged(
    client, event, monkeypatch, capsys
) -> None:
    from kolo.games.dominion import drawstudy

    table = _paired(event)
    kingdoms.set_kingdom(ACTOR, event, 1, table.number, FIRST, False, False)
    url = _url(event, table.number)
    monkeypatch.setattr(
        drawstudy,
        "shipped_usual",
        lambda: {"first_low": 0.0, "first_high": 1.0, "dominance": 1.0},
    )
    page = client.get(url).content.decode()
    assert "Within the usual balance" in page
    assert "far outside the usual balance" not in page
    assert "dominates" not in page
    monkeypatch.setattr(
        drawstudy,
        "shipped_usual",
        lambda: {"first_low": 0.99, "first_high": 0.995, "dominance": 0.0},
    )
    page = client.get(url).content.decode()
    assert "This kingdom is far outside the usual balance: the first player wins" in page
    assert "One card dominates this kingdom: Big Money with" in page
    assert "Within the usual balance" not in page
    czech = client.get(url, HTTP_ACCEPT_LANGUAGE="cs").content.decode()
    assert "daleko mimo obvyklou vyváženost" in czech
    assert "převládá" in czech


def test_drafted_tables_of_a_later_round_are_reported_or_their_unplayed_cards_named(
    client, event, capsys
) -> None:
    """A round 3 of the qualifier: the Extended draw at the upper table, the Basic draw below,
    each drafted, Colonies and Shelters drawn (R-DOM-3..7)."""
    import random

    from kolo.core.settings import resolve
    from kolo.games import rulesets
    from kolo.games.dominion import draws, drawstudy
    from kolo.games.dominion.cards import load
    from kolo.games.dominion.pools import championship

    settings, problems = resolve(rulesets.get("dominion-cz").defaults, {})
    assert not problems
    rng = random.Random(11)
    drawn = draws.draw_round(championship(), draws.QUALIFIER, 3, 2, settings, rng)
    assert set(drawn.table_draw.values()) == {"basic", "extended"}
    tables = list(models.Table.objects.filter(round__event=event, round__number=1))[:2]
    for row, number in zip(tables, (1, 2), strict=True):
        before = draws.table_kingdom(drawn, number)
        picks = draws.simulate_draft(before.choices, ["a", "b"], rng)
        after = draws.record_draft(before, picks, rng, first_game=False)
        row.setup = after.document()
        row.save()
        page = client.get(_url(event, row.number)).content.decode()
        missing = drawstudy.unplayable(after.cards, after.colony, after.shelters)
        if missing:
            assert "does not play these cards yet" in page
            for card in missing:
                assert load().card(card).en.replace("'", "&#x27;") in page
        else:
            assert "Balance" in page
            assert "First seat" in page
        if after.colony:
            assert "With Colonies and Platinum." in page
