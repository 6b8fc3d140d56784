"""The desk's settings as a form: a field of the right type per setting, with its words, its
help and its default; a bad value refused at its field, nothing saved; JSON as an option."""

import json
import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from kolo.core.settingwords import CHOICE_LABELS, LABELS
from kolo.games.rulesets import SPECS
from kolo.store import api as store
from tests.web.conftest import ACTOR, snapshot

pytestmark = [pytest.mark.db, pytest.mark.django_db]


@pytest.fixture
def owner():
    return get_user_model().objects.create_user("olga", password="secret-olga-1")


@pytest.fixture
def client(owner):
    event = store.create_event(ACTOR, "Brno 2026", "dominion-cz", owner=owner)
    store.add_entrants(ACTOR, event, [(f"Player {i}", None) for i in range(1, 7)])
    logged = Client()
    logged.force_login(owner)
    return logged


def form_of(page: str) -> dict[str, str]:
    """What the browser would post: every field with the value the form shows."""
    posted = {}
    for name, value in re.findall(r'<input[^>]*name="([^"]+)" value="([^"]*)"', page):
        posted[name] = value
    for name, body in re.findall(r'<select[^>]*name="([^"]+)">(.*?)</select>', page, re.S):
        posted[name] = re.search(r'<option value="([^"]*)" selected', body).group(1)
    for name, body in re.findall(r'<textarea[^>]*name="([^"]+)"[^>]*>(.*?)</textarea>', page, re.S):
        posted[name] = body
    posted.pop("csrfmiddlewaretoken", None)
    posted.pop("mode", None)
    posted.pop("settings_json", None)
    return posted


def settings_of():
    from kolo.store import models

    return models.Event.objects.get(key="brno-2026").settings


def test_every_setting_has_words_and_every_choice_its_words():
    assert set(LABELS) == set(SPECS)
    for spec in SPECS.values():
        assert set(spec.choices) <= set(CHOICE_LABELS)


def test_each_setting_is_a_field_of_its_type_with_its_default(client):
    page = client.get("/desk/brno-2026/settings/").content.decode()
    assert re.search(r'<input id="s-rounds" type="number"[^>]*min="1" max="50"', page)
    assert '<select id="s-self_reporting" name="self_reporting">' in page
    assert '<option value="event" selected>the event so far</option>' in page
    assert 'name="weights.repeat_pairs" value="3"' in page
    assert '<textarea id="s-never_together"' in page
    assert "Players at a table" in page
    assert "Default: 45" in page  # the clock alert's minutes
    assert "Default: no" in page  # self-reporting
    assert "Advanced: edit as JSON" in page


def test_the_form_posted_back_unchanged_changes_nothing(client):
    page = client.get("/desk/brno-2026/settings/").content.decode()
    before = snapshot()
    response = client.post("/desk/brno-2026/settings/", form_of(page))
    assert response.status_code == 302
    assert settings_of() == {}
    assert snapshot()[1] == before[1]


def test_each_type_is_read_from_its_field(client):
    page = client.get("/desk/brno-2026/settings/").content.decode()
    form = form_of(page)
    form.update(
        {
            "rounds": "6",
            "self_reporting": "true",
            "extended_share": "0,75",  # a decimal comma, as Czech writes it
            "slice_guard_scope": "round",
            "weights.club": "0",
            "never_together": "p1, p2\np3 p4",
        }
    )
    response = client.post("/desk/brno-2026/settings/", form)
    assert response.status_code == 302
    assert settings_of() == {
        "rounds": 6,
        "self_reporting": True,
        "extended_share": 0.75,
        "slice_guard_scope": "round",
        "weights": {
            "repeat_pairs": 3,
            "score_spread": 1,
            "smaller_tables": 1,
            "club": 0,
            "never_together": 50,
        },
        "never_together": [["p1", "p2"], ["p3", "p4"]],
    }
    # emptied, a setting returns to its default
    form = form_of(client.get("/desk/brno-2026/settings/").content.decode())
    form["rounds"] = ""
    client.post("/desk/brno-2026/settings/", form)
    assert "rounds" not in settings_of()


@pytest.mark.parametrize(
    ("name", "value", "reason"),
    [
        ("rounds", "abc", "must be a number"),
        ("rounds", "0", "must be at least 1"),
        ("rounds", "2.5", "must be a whole number"),
        ("extended_share", "3", "must be at most 1"),
        ("self_reporting", "maybe", "must be true or false"),
        ("slice_guard_scope", "week", "must be one of event, round"),
        ("weights.club", "-1", "must be a number of at least 0"),
        ("never_together", "p1", "must be a list of pairs of two different entrant ids"),
    ],
)
def test_a_bad_value_is_refused_at_its_field_and_nothing_is_saved(client, name, value, reason):
    form = form_of(client.get("/desk/brno-2026/settings/").content.decode())
    form["rounds"] = "7"  # a good change beside the bad one is not saved either
    form[name] = value
    before = snapshot()
    response = client.post("/desk/brno-2026/settings/", form)
    assert response.status_code == 200
    page = response.content.decode()
    setting = name.split(".")[0]
    marked = re.search(rf'id="setting-{setting}">(.*?)</div>\s*<p class="muted', page, re.S)
    assert marked is not None
    assert reason in marked.group(1)
    assert "Nothing was saved" in page
    assert snapshot() == before


def test_the_settings_as_json_remain_an_option(client):
    response = client.post(
        "/desk/brno-2026/settings/",
        {"mode": "json", "settings_json": json.dumps({"rounds": 4, "self_reporting": True})},
    )
    assert response.status_code == 302
    assert settings_of() == {"rounds": 4, "self_reporting": True}
    client.post("/desk/brno-2026/settings/", {"mode": "json", "settings_json": '{"rounds": 4}'})
    assert settings_of() == {"rounds": 4}
    before = snapshot()
    response = client.post("/desk/brno-2026/settings/", {"mode": "json", "settings_json": "[1"})
    assert response.status_code == 200
    assert "not a JSON object" in response.content.decode()
    assert snapshot() == before


def test_a_change_is_in_the_audit_trail(client):
    form = form_of(client.get("/desk/brno-2026/settings/").content.decode())
    form["rounds"] = "6"
    client.post("/desk/brno-2026/settings/", form)
    from kolo.store import models

    entry = store.audit_trail(models.Event.objects.get(key="brno-2026")).last()
    assert entry.action == "event.settings"
    assert entry.after == {"rounds": 6}


def test_the_form_in_czech(client):
    client.cookies["django_language"] = "cs"
    page = client.get("/desk/brno-2026/settings/").content.decode()
    assert "Hráčů u stolu" in page
    assert "Pokročilé: upravit jako JSON" in page
