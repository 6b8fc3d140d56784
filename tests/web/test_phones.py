"""The players' pages on phones: finding a name without its accents, the header on one
line, and the address printed on score slips that a phone can reach."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client, override_settings

from kolo.store import api as store
from kolo.store import models
from kolo.web import publicurl
from kolo.web.views.deskbase import qr_svg
from tests.web.conftest import ACTOR

pytestmark = [pytest.mark.db, pytest.mark.django_db]

NAMES = ["Jana Nováková", "Petr Novák", "Tereza Šťastná", "Jiří Černý", "Zoë Ångström", "Eva"]


@pytest.fixture(autouse=True)
def not_served(monkeypatch):
    """As in a desk not started by `kolo serve`: a serve test of this process may have
    recorded the address it listened on."""
    monkeypatch.setattr(publicurl, "listening_on", None)


@pytest.fixture
def event():
    owner = get_user_model().objects.create_user("olga", password="secret-olga-1")
    created = store.create_event(
        ACTOR, "Brno 2026", "dominion-cz", {"self_reporting": True}, owner=owner
    )
    store.add_entrants(ACTOR, created, [(n, None) for n in NAMES])
    store.pair_round(ACTOR, created, seed=1)
    return created


def found(query: str, language: str = "en") -> list[str]:
    client = Client()
    client.cookies["django_language"] = language
    body = client.get("/e/brno-2026/find/", {"q": query}).content.decode()
    return re.findall(r"<strong>([^<]+)</strong></a>", body)


@pytest.mark.parametrize("language", ["en", "cs"])
def test_find_my_table_ignores_case_and_accents(event, language):
    assert sorted(found("novak", language)) == ["Jana Nováková", "Petr Novák"]
    assert found("stastna", language) == ["Tereza Šťastná"]
    assert found("ŠŤASTNÁ", language) == ["Tereza Šťastná"]
    assert found("cerny", language) == ["Jiří Černý"]
    assert found("angstrom", language) == ["Zoë Ångström"]
    assert found("zoe", language) == ["Zoë Ångström"]
    assert found("JIRI", language) == ["Jiří Černý"]


def test_find_my_table_matches_parts_of_names_in_any_order(event):
    assert found("nov jan") == ["Jana Nováková"]
    assert found("novakova jana") == ["Jana Nováková"]
    assert found("kova") == ["Jana Nováková"]
    assert found("xyz") == []
    assert found("novak xyz") == []


def test_the_header_has_one_switch_to_the_other_language_and_a_small_login(event):
    client = Client()
    english = client.get("/e/brno-2026/standings/").content.decode()
    header = english.split("<header", 1)[1].split("</header>", 1)[0]
    assert "/language/cs/" in header
    assert "/language/en/" not in header
    assert "English" not in header  # the language shown is not offered again
    assert 'class="login"' in header
    client.cookies["django_language"] = "cs"
    czech = client.get("/e/brno-2026/standings/").content.decode()
    header = czech.split("<header", 1)[1].split("</header>", 1)[0]
    assert "/language/en/" in header
    assert "/language/cs/" not in header
    assert "English" in header


def slips(client: Client, host: str) -> str:
    response = client.get("/desk/brno-2026/rounds/1/print/slips/", HTTP_HOST=host)
    assert response.status_code == 200
    return response.content.decode()


def organiser() -> Client:
    client = Client()
    client.force_login(get_user_model().objects.get(username="olga"))
    return client


def test_slips_seen_on_localhost_print_the_address_phones_reach(event, monkeypatch):
    monkeypatch.setattr(publicurl, "lan_address", lambda: "192.168.1.20")
    body = slips(organiser(), "localhost:8000")
    assert "localhost" not in body
    assert "http://192.168.1.20:8000/e/brno-2026/report/" in body
    code = models.Table.objects.filter(round__event=event).order_by("number")[0].code
    assert qr_svg(f"http://192.168.1.20:8000/e/brno-2026/report/?code={code}") in body
    assert "cannot tell" not in body


def test_slips_use_the_configured_public_address(event, monkeypatch):
    monkeypatch.setattr(publicurl, "lan_address", lambda: "192.168.1.20")
    with override_settings(PUBLIC_URL="https://kolo.example.org/"):
        body = slips(organiser(), "localhost:8000")
    assert "https://kolo.example.org/e/brno-2026/report/" in body
    assert "192.168.1.20" not in body
    assert "localhost" not in body


def test_slips_opened_by_the_address_phones_use_keep_it(event, monkeypatch):
    monkeypatch.setattr(publicurl, "lan_address", lambda: "192.168.1.20")
    body = slips(organiser(), "10.0.0.5:8000")
    assert "http://10.0.0.5:8000/e/brno-2026/report/" in body


@pytest.mark.parametrize("language", ["en", "cs"])
def test_the_desk_warns_when_it_cannot_tell_the_address_phones_reach(event, monkeypatch, language):
    monkeypatch.setattr(publicurl, "lan_address", lambda: None)
    client = organiser()
    client.cookies["django_language"] = language
    warning = {
        "en": "cannot tell the address phones reach",
        "cs": "nepozná adresu",
    }[language]
    assert warning in slips(client, "localhost:8000")
    page = client.get("/desk/brno-2026/", HTTP_HOST="localhost:8000").content.decode()
    assert warning in page
    assert "KOLO_PUBLIC_URL" in page
    # reached by a name phones can use, nothing to warn about
    assert warning not in client.get("/desk/brno-2026/", HTTP_HOST="10.0.0.5:8000").content.decode()


@pytest.mark.parametrize(
    ("host", "local"),
    [
        ("localhost", True),
        ("kolo.localhost", True),
        ("127.0.0.1", True),
        ("127.0.1.1", True),
        ("[::1]", True),
        ("0.0.0.0", True),
        ("192.168.1.20", False),
        ("kolo.example.org", False),
    ],
)
def test_the_names_of_this_computer_alone(host, local):
    assert publicurl.is_local(host) is local


def test_kolo_served_only_to_this_computer_offers_phones_no_network_address(event, monkeypatch):
    monkeypatch.setattr(publicurl, "lan_address", lambda: "192.168.1.20")
    monkeypatch.setattr(publicurl, "listening_on", "127.0.0.1")
    body = slips(organiser(), "localhost:8000")
    assert "192.168.1.20" not in body
    assert "cannot tell the address phones reach" in body
