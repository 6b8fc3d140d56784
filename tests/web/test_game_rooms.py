"""Each game's room on the web floor (web/games/): generic pages ask the registry what a table
shows of its game, which print sheets it adds and which pages it has; the rooms keep their
own templates."""

from pathlib import Path

import pytest
from django.template.loader import get_template
from django.test import Client

from kolo.games import registry
from kolo.store import api as store
from kolo.store import models
from kolo.web import games, present
from tests.web.conftest import ACTOR

pytestmark = [pytest.mark.db, pytest.mark.django_db]
ROOMS = Path(games.__file__).parent


def test_every_room_belongs_to_a_registered_game():
    assert set(games.ROOMS) <= set(registry.GAMES)
    assert games.room("carcassonne") is None


@pytest.mark.parametrize(
    ("template", "room"),
    [
        ("kolo/_kingdom.html", "dominion"),
        ("kolo/print/draws.html", "dominion"),
        ("kolo/desk/pools.html", "dominion"),
        ("kolo/_sheet.html", "domino"),
        ("kolo/print/scoresheets.html", "domino"),
    ],
)
def test_a_room_s_templates_are_found_in_its_folder(template, room):
    found = Path(get_template(template).origin.name)
    assert found.is_relative_to(ROOMS / room / "templates")


def test_a_game_s_print_sheets_are_its_room_s():
    assert games.print_sheets("dominion") == ("kingdoms", "draws")
    assert games.print_sheets("domino-block") == ("scoresheets",)
    assert games.print_sheets("mexican-train") == ("scoresheets",)
    assert games.print_with_codes("mexican-train") == ("scoresheets",)
    assert games.print_sheets("carcassonne") == ()


def rows(ruleset: str, players: int) -> list[dict]:
    event = store.create_event(ACTOR, ruleset, ruleset)
    store.add_entrants(ACTOR, event, [(f"Player {i}", None) for i in range(1, players + 1)])
    store.pair_round(ACTOR, event, seed=1)
    loaded = present.Loaded.of(event, public=False)
    return present.table_rows(loaded, loaded.value.rounds[0])


def test_a_table_shows_what_its_game_s_room_adds():
    """Dominion's room adds the kingdom, domino's the score sheet; a game without a room
    shows the generic row alone."""
    dominion = rows("dominion-cz", 3)[0]
    assert dominion["kingdom"] is not None
    assert 'class="kingdom"' in dominion["kingdom_html"]
    assert "sheet" not in dominion
    train = rows("mexican-train", 4)[0]
    assert train["sheet"]["count"] == 0
    assert "kingdom" not in train
    carcassonne = rows("carcassonne-cz", 4)[0]
    assert "kingdom" not in carcassonne
    assert "sheet" not in carcassonne


def test_another_game_s_print_sheet_is_not_found(owner):
    event = store.create_event(ACTOR, "Vlak", "mexican-train", owner=owner)
    store.add_entrants(ACTOR, event, [(f"Player {i}", None) for i in range(1, 5)])
    store.new_round(ACTOR, event, [["p1", "p2", "p3", "p4"]])
    desk = Client()
    desk.force_login(owner)
    assert desk.get(f"/desk/{event.key}/rounds/1/print/scoresheets/").status_code == 200
    assert desk.get(f"/desk/{event.key}/rounds/1/print/kingdoms/").status_code == 404
    assert desk.get(f"/desk/{event.key}/rounds/1/print/draws/").status_code == 404


def test_a_room_s_words_and_phone_actions_come_from_the_room():
    from kolo.web import auditwords, wording
    from kolo.web.games import dominion, domino

    assert auditwords.action_words("sheet.hand") == "hand written"
    assert domino.AUDIT_ACTIONS["sheet.hand"] == "hand written"
    assert dominion.AUDIT_ACTIONS["pool.save"] == "card pool saved"
    assert auditwords.summary_words("saved card pool mine (12 cards)") == (
        "saved card pool mine (cards: 12)"
    )
    assert set(dominion.DESK_WORDS.items()) <= set(wording.DESK.items())
    assert games.phone_room("hand") is domino
    assert games.phone_room("undo") is domino
    assert games.phone_room("submit") is None


def test_a_hand_from_a_phone_at_a_game_without_sheets_is_refused_as_before(owner):
    event = store.create_event(ACTOR, "Brno", "carcassonne-cz", {"self_reporting": True})
    store.add_entrants(ACTOR, event, [(f"Player {i}", None) for i in range(1, 5)])
    store.new_round(ACTOR, event, [["p1", "p2", "p3", "p4"]])
    code = models.Table.objects.get(round__event=event, number=1).code
    pips = {f"pips_p{i}": "5" for i in range(1, 5)}
    data = {"code": code, "action": "hand", "player": "p1", "out": "p1", **pips}
    response = Client().post(f"/e/{event.key}/report/", data, follow=True)
    said = " | ".join(str(m) for m in response.context["messages"])
    assert said
    assert "hand written" not in said
    assert not models.Game.objects.exists()


def test_the_desk_s_home_links_the_rooms_own_pages(desk):
    assert games.desk_pages() == [{"url": "/desk/pools/", "words": "Dominion card pools"}]
    page = desk.get("/desk/").content.decode()
    assert '· <a href="/desk/pools/">Dominion card pools</a> ·' in page
