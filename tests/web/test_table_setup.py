"""A table's setup in the store, whatever its game (issue 37): the column ``Table.setup`` (a
database made before it keeps every kingdom), the event's game asked for what it declares, and
the organiser's named resources a game's deal draws on found through the store's registry of
games' rooms (``kolo.store.games``), never by a game's name."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from kolo.core.problems import InvalidInput
from kolo.games import registry
from kolo.store import api as store
from kolo.store import games as store_games
from kolo.store import models
from tests.web.conftest import ACTOR

PLAYERS = [f"Player {i}" for i in range(1, 10)]


@pytest.mark.db
@pytest.mark.django_db
def test_the_event_s_game_says_what_it_declares():
    dominion = store.create_event(ACTOR, "Brno", "dominion-cz")
    carcassonne = store.create_event(ACTOR, "Plzeň", "carcassonne-cz")
    assert dominion.game is registry.get("dominion")
    assert dominion.game.proposes_setups
    assert dominion.game.setup_key == "kingdom"
    assert carcassonne.game is registry.get("carcassonne")
    assert not carcassonne.game.proposes_setups
    assert carcassonne.game.setup_key is None


@pytest.mark.db
@pytest.mark.django_db
def test_r_dom_1_a_seated_round_s_tables_keep_their_setup_and_its_pool_is_audited():
    event = store.create_event(ACTOR, "Brno", "dominion-cz")
    store.add_entrants(ACTOR, event, [(n, None) for n in PLAYERS])
    store.pair_round(ACTOR, event, seed=4)
    tables = models.Table.objects.filter(round__event=event)
    assert tables.count() == 3
    assert all(t.setup["draw"] == "first10" for t in tables)
    paired = models.AuditEntry.objects.get(event=event, action="round.pair")
    assert paired.after["pool"] == "cz-championship"
    assert store_games.resource_settings(event.game, {"pool": "x", "rounds": 5}) == {"pool": "x"}


@pytest.mark.db
@pytest.mark.django_db
def test_a_game_without_a_setup_deals_none_and_audits_no_resource():
    event = store.create_event(ACTOR, "Plzeň", "carcassonne-cz")
    store.add_entrants(ACTOR, event, [(n, None) for n in PLAYERS[:8]])
    store.pair_round(ACTOR, event, seed=4)
    assert all(t.setup is None for t in models.Table.objects.filter(round__event=event))
    paired = models.AuditEntry.objects.get(event=event, action="round.pair")
    assert "pool" not in paired.after


@pytest.mark.db
@pytest.mark.django_db
def test_r_dom_1_a_setting_naming_a_pool_must_name_one_the_store_holds():
    with pytest.raises(InvalidInput) as refused:
        store.create_event(ACTOR, "Brno", "dominion-cz", {"pool": "nowhere"})
    assert [(p.path, p.text()) for p in refused.value.problems] == [
        ("--set pool", "no card pool 'nowhere' (kolo pool list shows them)")
    ]
    event = store.create_event(ACTOR, "Brno", "dominion-cz")
    with pytest.raises(InvalidInput) as refused:
        store.change_settings(ACTOR, event, {"pool": "nowhere"})
    assert [p.path for p in refused.value.problems] == ["--set pool"]
    event.refresh_from_db()
    assert event.settings == {}
    store.change_settings(ACTOR, event, {"pool": "cz-championship"})  # the built-in one


def test_every_game_naming_resources_has_a_room_in_the_store():
    for game in registry.GAMES.values():
        if game.resource_settings:
            assert game.id in store_games.ROOMS, game.id


@pytest.mark.db
@pytest.mark.django_db(transaction=True)
def test_a_database_made_before_keeps_every_table_s_kingdom_as_its_setup():
    executor = MigrationExecutor(connection)
    before, after = [("kolo", "0008_domino_sheets")], [("kolo", "0009_table_setup")]
    executor.migrate(before)
    old = executor.loader.project_state(before).apps
    event = old.get_model("kolo", "Event").objects.create(
        key="old", name="Old", ruleset="dominion-cz"
    )
    round_ = old.get_model("kolo", "Round").objects.create(event=event, number=1)
    kingdom = {"draw": "first10", "cards": ["Cellar"] * 10}
    old.get_model("kolo", "Table").objects.create(round=round_, number=1, kingdom=kingdom)
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(after)
    new = executor.loader.project_state(after).apps
    assert new.get_model("kolo", "Table").objects.get(round__event__key="old").setup == kingdom
