"""Every rule set its own face: the settings form shows only the settings that apply to the
rule set (derived from its system and its game, declared with each setting), the most used
first."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from kolo.core.settings import TRAITS, applies
from kolo.core.settingwords import ORDER
from kolo.games import rulesets
from kolo.games.rulesets import SPECS
from kolo.store import api as store
from kolo.store import models
from kolo.web.settingsform import traits
from tests.web.conftest import ACTOR
from tests.web.test_settings_form import form_of

pytestmark = [pytest.mark.db, pytest.mark.django_db]


def settings_page(ruleset: str, **settings: object) -> tuple[Client, str]:
    owner = get_user_model().objects.create_user("olga", password="secret-olga-1")
    event = store.create_event(ACTOR, "Večer", ruleset, dict(settings), owner=owner)
    store.add_entrants(ACTOR, event, [(f"Player {i}", None) for i in range(1, 9)])
    client = Client()
    client.force_login(owner)
    return client, client.get(f"/desk/{event.key}/settings/").content.decode()


def shown(page: str) -> list[str]:
    return re.findall(r'<div class="card setting[^"]*" id="setting-(\w+)"', page)


def test_a_domino_pairs_event_shows_no_setting_of_tables_or_dominion():
    _, page = settings_page("domino-pairs")
    names = shown(page)
    assert {"target", "rounds", "self_reporting"} <= set(names)
    for name in ("table_size", "slice_guard", "slice_guard_scope", "pool", "extended_share"):
        assert name not in names
    assert "Dominion" not in page
    assert 'name="weights.smaller_tables"' not in page  # pairs have no smaller tables
    assert 'name="weights.repeat_pairs"' in page


def test_tables_keep_their_settings():
    _, page = settings_page("mexican-train")
    names = shown(page)
    assert {"table_size", "slice_guard", "remainder", "hands"} <= set(names)
    assert "pool" not in names  # no kingdom to deal
    assert 'name="weights.smaller_tables"' in page


def test_the_most_used_come_first():
    _, page = settings_page("dominion-cz")
    names = shown(page)
    assert names[:3] == ["rounds", "self_reporting", "table_size"]
    assert names[-1] == "time_limit"
    assert {"pool", "extended_share", "slice_guard"} <= set(names)  # Dominion's all there
    assert len(names) == len(rulesets.get("dominion-cz").defaults)


def test_a_setting_the_event_changed_stays_in_sight_and_hidden_ones_stay_as_they_were():
    client, page = settings_page("domino-pairs", slice_guard=False)
    assert "slice_guard" in shown(page)  # changed: never hidden
    form = form_of(page)
    form["target"] = "150"
    assert client.post("/desk/vecer/settings/", form).status_code == 302
    event = models.Event.objects.get(key="vecer")
    assert event.settings == {"slice_guard": False, "target": 150}  # weights untouched


def test_applies_is_declared_with_the_settings_and_every_rule_set_has_its_traits():
    assert {n for spec in SPECS.values() for n in spec.needs} <= set(TRAITS)
    assert set(ORDER) == set(SPECS)
    assert traits(rulesets.get("domino-pairs")) == frozenset()
    assert traits(rulesets.get("dominion-cz")) == {"tables", "smaller", "setup"}
    assert traits(rulesets.get("mexican-train")) == {"tables", "smaller"}
    assert not applies("smaller_tables", frozenset({"tables"}))


@pytest.mark.parametrize(
    ("language", "words", "not_words"),
    [
        ("en", "board games and domino", "three or four to a table"),
        ("cs", "deskové hry a domino", "po třech nebo čtyřech"),
    ],
)
def test_the_footer_says_what_kolo_is_for_all_its_games(language, words, not_words):
    owner = get_user_model().objects.create_user("olga", password="secret-olga-1")
    event = store.create_event(ACTOR, "Domino evening", "domino-pairs", {}, owner=owner)
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.get(f"/language/{language}/?next=/")
    page = client.get(f"/e/{event.key}/").content.decode()
    footer = page[page.index("<footer") :]
    assert words in footer
    assert not_words not in footer
