"""The seeded skill model of the demo, the benchmarks and the tests (``kolo.simulation``)."""


def test_the_skill_model_s_event_asks_the_rule_sets_for_gorn_at_tables_of_three():
    """``kolo.simulation`` names no game (issue 37): the event after a random round is under
    the first rule set of gorn at tables of three that kolo lists — today Dominion's."""
    from kolo.games import rulesets
    from kolo.simulation import after_random_round

    event = after_random_round(10)
    ruleset = rulesets.get(event.ruleset)
    assert ruleset.system is rulesets.System.GORN
    assert ruleset.defaults["table_size"] == 3
    assert event.ruleset == "dominion-cz"
    assert [len(t.seats) for t in event.rounds[0].tables] == [3, 3, 2, 2]
