"""The games and the rule sets that play them agree."""

from fractions import Fraction

import pytest

from kolo.core.outcome import outcome
from kolo.core.placement import placements
from kolo.games import registry, rulesets


@pytest.mark.parametrize("ruleset", sorted(rulesets.REGISTRY))
def test_every_rule_set_plays_a_registered_game_by_its_rules(ruleset):
    rs = rulesets.get(ruleset)
    game = registry.get(rs.game)
    assert rs.lower_wins == game.lower_wins
    assert not rs.ties_by_turns or game.records_turns
    low, high = game.players
    assert low <= rs.defaults["table_size"] * game.team_size <= high
    assert rs.teams == (game.team_size > 1)


def test_a_game_where_the_lower_score_wins_places_it_first():
    scores = {"p1": 12, "p2": 3, "p3": 12, "p4": 30}
    points = (Fraction(4), Fraction(3), Fraction(2), Fraction(1))
    placed = placements(scores, points, lower_wins=True)
    assert [placed[p].first for p in ("p2", "p1", "p3", "p4")] == [1, 2, 2, 4]
    assert placed["p1"].points == Fraction(5, 2)
    assert placements(scores, points)["p4"].first == 1  # the higher wins, as before


def test_the_outcome_follows_the_rule_set_s_direction():
    from dataclasses import replace

    lowest = replace(rulesets.get("knockout"), lower_wins=True)
    settings = lowest.settings({})
    read = outcome({"p1": 5, "p2": 40}, lowest, settings)
    assert read.places["p1"].first == 1


@pytest.mark.parametrize("game_id", sorted(registry.GAMES))
def test_a_game_with_a_table_setup_declares_its_key_schema_and_reader(game_id):
    """Issue 37: the event file's reader, writer and schema know a table's setup only through
    what its game declares, so a game declares all of it or none."""
    game = registry.get(game_id)
    declared = (game.setup_key, game.setup_schema, game.read_setup)
    assert all(d is not None for d in declared) or all(d is None for d in declared)
    assert game.deal is None or game.read_setup is not None  # what is dealt is read back
    assert not game.resource_settings or game.deal is not None  # resources serve the deal
    for setting in game.resource_settings:  # a setting of some rule set that plays the game
        assert any(setting in r.defaults for r in rulesets.REGISTRY.values() if r.game == game_id)
