"""Names in alphabetical lists sort the Czech way in Czech (ch after h, č after c, ř after r,
š after s, ž after z) and by base letters in English: the desk's entrants, the printed
list by name and "find my table" (kolo.core.collation)."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from kolo.store import api as store
from tests.web.conftest import ACTOR

pytestmark = [pytest.mark.db, pytest.mark.django_db]

ENTERED = ["Žák", "Zedník", "Šíma", "Řezník", "Hrubý", "Chalupa", "Cibulka", "Čech", "Ryba"]
CZECH = ["Cibulka", "Čech", "Hrubý", "Chalupa", "Ryba", "Řezník", "Šíma", "Zedník", "Žák"]
ENGLISH = ["Čech", "Chalupa", "Cibulka", "Hrubý", "Řezník", "Ryba", "Šíma", "Žák", "Zedník"]


@pytest.fixture
def event():
    owner = get_user_model().objects.create_user("olga", password="secret-olga-1")
    created = store.create_event(ACTOR, "Pořadí", "dominion-cz", owner=owner)
    store.add_entrants(ACTOR, created, [(n, None) for n in ENTERED])
    store.new_round(ACTOR, created, [["p1", "p2", "p3"], ["p4", "p5", "p6"], ["p7", "p8", "p9"]])
    created.owner = owner
    return created


def client(event, language):
    c = Client()
    c.force_login(event.owner)
    c.cookies["django_language"] = language
    return c


def listed(page, pattern):
    return [name for name in re.findall(pattern, page) if name in ENTERED]


@pytest.mark.parametrize(("language", "expected"), [("cs", CZECH), ("en", ENGLISH)])
def test_czech_collation_of_the_desk_lists_and_find_my_table(event, language, expected):
    c = client(event, language)
    entrants = c.get(f"/desk/{event.key}/entrants/").content.decode()
    assert listed(entrants, r'value="([^"<]+)"') == expected
    names = c.get(f"/desk/{event.key}/rounds/1/print/names/").content.decode()
    assert listed(names, r"<td>([^<]+)</td>") == expected
    found = c.get(f"/e/{event.key}/find/", {"q": "e"}).content.decode()
    with_e = [n for n in expected if "e" in n.casefold()]
    assert listed(found, r"<strong>([^<>]+)</strong></a>") == with_e
