"""NBGL on the desk: how many go through to the knockout and why, said again when the field
changes it; the standings show each player's group and place and who qualified."""

import json

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from kolo.eventfile import reader
from kolo.store import api as store
from tests.conftest import EXAMPLES
from tests.pagewords import visible_text
from tests.web.conftest import ACTOR

pytestmark = [pytest.mark.db, pytest.mark.django_db]


@pytest.fixture
def owner():
    return get_user_model().objects.create_user("olga", password="secret-olga-1")


@pytest.fixture
def client(owner):
    logged = Client()
    logged.force_login(owner)
    return logged


def test_r_nbgl_6_the_desk_says_why_8_go_through_of_24(owner, client):
    event = store.create_event(ACTOR, "NBGL Brno", "nbgl-dominion", owner=owner)
    store.add_entrants(ACTOR, event, [(f"Player {i}", None) for i in range(1, 25)])
    page = visible_text(client.get(f"/desk/{event.key}/").content.decode())
    assert "24 players play in 6 groups; 8 go through to the knockout" in page
    assert "semi-final" in page
    assert "Not 16: each group sends its winner and its second, 12 players in all" in page


def test_r_nbgl_6_the_desk_says_so_when_the_field_changes_the_qualifiers(owner, client):
    event = store.create_event(ACTOR, "NBGL Brno", "nbgl-dominion", owner=owner)
    store.add_entrants(ACTOR, event, [(f"Player {i}", None) for i in range(1, 25)])
    names = "\n".join(f"Extra {i}" for i in range(1, 9))
    response = client.post(f"/desk/{event.key}/entrants/", {"names": names}, follow=True)
    page = visible_text(response.content.decode())
    assert "Qualifiers for the knockout: 8 → 16." in page
    assert "32 players play in 8 groups; 16 go through" in page
    response = client.post(f"/desk/{event.key}/entrants/p25/", {"action": "drop"}, follow=True)
    assert "Qualifiers for the knockout" not in visible_text(response.content.decode())  # 31: 16
    said = {}
    for code in ("p26", "p27", "p28", "p29"):  # 30, 29, 28 players: 7 groups from 28 on
        url = f"/desk/{event.key}/entrants/{code}/"
        said[code] = visible_text(
            client.post(url, {"action": "drop"}, follow=True).content.decode()
        )
    assert [c for c, page in said.items() if "Qualifiers for the knockout" in page] == ["p28"]
    assert "Qualifiers for the knockout: 16 → 8." in said["p28"]


def test_the_group_stage_standings_explain_a_winner_above_more_points(tmp_path, owner):
    document = json.loads((EXAMPLES / "nbgl-praha-2026.json").read_text(encoding="utf-8"))
    document["rounds"] = document["rounds"][:1]  # the group stage only
    path = tmp_path / "nbgl.json"
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    event = store.import_event(ACTOR, reader.load(path), owner=owner)
    html = Client().get(f"/e/{event.key}/standings/").content.decode()
    assert "<th>Group</th>" in html
    assert html.count(">qualified</span>") == 16
    page = visible_text(html)
    assert "the place decides who goes through to the knockout, before the points" in page
    cs = Client()
    cs.cookies["django_language"] = "cs"
    assert "postoupil" in cs.get(f"/e/{event.key}/standings/").content.decode()
