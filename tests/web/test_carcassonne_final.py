"""The Carcassonne championship final's rule set at the desk: its score slips name the game its
tables play, the final's variant, in English and in Czech."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from kolo.store import api as store
from tests.web.conftest import ACTOR

pytestmark = [pytest.mark.db, pytest.mark.django_db]


@pytest.mark.parametrize(
    ("ruleset", "language", "shown", "not_shown"),
    [
        ("carcassonne-final", "en", "Carcassonne – the championship final's variant", None),
        ("carcassonne-final", "cs", "Carcassonne – varianta finále mistrovství", None),
        ("swiss-pairs", "en", "· Carcassonne</p>", "final's variant"),
    ],
)
def test_the_score_slips_name_the_game(ruleset, language, shown, not_shown):
    owner = get_user_model().objects.create_user("olga", password="secret-olga-1")
    event = store.create_event(ACTOR, "Finále 2026", ruleset, owner=owner)
    store.add_entrants(ACTOR, event, [(n, None) for n in ("Ana", "Bob", "Cyril", "Dana")])
    store.pair_round(ACTOR, event, seed=1)
    client = Client()
    client.force_login(owner)
    client.cookies["django_language"] = language
    page = client.get(f"/desk/{event.key}/rounds/1/print/slips/").content.decode()
    assert shown.replace("'", "&#x27;") in page
    if not_shown:
        assert not_shown.replace("'", "&#x27;") not in page
