"""The registry of rule sets and table layouts (R-GORN-6)."""

from fractions import Fraction

import pytest

from kolo.core.settings import resolve
from kolo.games.rulesets import REGISTRY, get


def settings(ruleset_id, **overrides):
    ruleset = get(ruleset_id)
    resolved, problems = resolve(ruleset.defaults, overrides)
    assert not problems
    return ruleset, resolved


def test_required_rule_set_ids_are_registered():
    assert set(REGISTRY) >= {
        "dominion-cz",
        "dominion-cz-final",
        "carcassonne-cz",
        "swiss-pairs",
        "nbgl-dominion",
    }


@pytest.mark.parametrize(
    ("players", "sizes"),
    [
        (30, (3,) * 10),
        (31, (3,) * 9 + (2, 2)),  # N mod 3 = 1: two tables of two
        (32, (3,) * 10 + (2,)),  # N mod 3 = 2: one table of two
        (4, (2, 2)),
        (5, (3, 2)),
    ],
)
def test_r_gorn_6_dominion_tables_of_two(players, sizes):
    ruleset, resolved = settings("dominion-cz")
    assert ruleset.layout(players, resolved) == (sizes, 0)


@pytest.mark.parametrize(
    ("players", "sizes"),
    [
        (32, (4,) * 8),
        (33, (4,) * 6 + (3, 3, 3)),  # N mod 4 = 1: three tables of three
        (34, (4,) * 7 + (3, 3)),
        (35, (4,) * 8 + (3,)),
    ],
)
def test_r_gorn_6_carcassonne_tables_of_three(players, sizes):
    ruleset, resolved = settings("carcassonne-cz")
    assert ruleset.layout(players, resolved) == (sizes, 0)


def test_r_gorn_6_carcassonne_wholly_at_tables_of_three_is_a_setting():
    ruleset, resolved = settings("carcassonne-cz", table_size=3)
    assert ruleset.layout(10, resolved) == ((3, 3, 2, 2), 0)


def test_r_gorn_6_too_few_players_for_carcassonne():
    ruleset, resolved = settings("carcassonne-cz")
    assert ruleset.layout(5, resolved) is None


def test_r_gorn_6_swiss_pairs_odd_count_gives_a_bye():
    ruleset, resolved = settings("swiss-pairs")
    assert ruleset.layout(7, resolved) == ((2, 2, 2), 1)


def test_nbgl_plays_two_group_games_then_one():
    ruleset, resolved = settings("nbgl-dominion")
    assert ruleset.games_per_table(1, resolved) == 2
    assert ruleset.games_per_table(2, resolved) == 1
    _, three = settings("nbgl-dominion", group_games=3)
    assert ruleset.games_per_table(1, three) == 3


def test_unknown_and_mistyped_settings_are_problems():
    ruleset = get("dominion-cz")
    _, problems = resolve(ruleset.defaults, {"roundz": 5, "rounds": "five", "bye_points": 1})
    assert [p.path for p in problems] == [
        "$.settings.roundz",
        "$.settings.rounds",
        "$.settings.bye_points",
    ]


def test_every_setting_has_one_typed_value_and_one_default_where_absent():
    """Typed rules: each setting is an attribute of the settings in force, answered from the
    rule set (or the event) where the rule set has it and from ``ABSENT`` where it does not."""
    from kolo.core.settings import ABSENT, Settings
    from kolo.games import rulesets
    from kolo.games.rulesets import SPECS

    assert set(ABSENT) == set(SPECS)
    for ruleset in rulesets.REGISTRY.values():
        settings = ruleset.settings({})
        assert isinstance(settings, Settings)
        assert dict(settings) == dict(ruleset.defaults)
        for name in SPECS:
            typed = getattr(settings, name)
            expected = ruleset.defaults.get(name, ABSENT[name])
            if name == "never_together":
                assert typed == tuple(tuple(pair) for pair in expected)
            elif name == "placement_points":
                assert typed == tuple(Fraction(str(v)) for v in expected)
            else:
                assert typed == expected, (ruleset.id, name)
    overridden = rulesets.get("dominion-cz").settings({"table_size": 4, "slice_guard": False})
    assert overridden.table_size == 4
    assert overridden.slice_guard is False
    # a rule set without the pairing's guards has them off, not on
    assert rulesets.get("nbgl-dominion").settings({}).slice_guard is False
    # an invalid override leaves the default in force
    assert rulesets.get("dominion-cz").settings({"rounds": "five"}).rounds == 5


def test_the_carcassonne_final_has_its_own_rule_set_and_plays_the_final_s_variant():
    from kolo.core.rulesets import System
    from kolo.games import registry
    from kolo.games.carcassonne.game import FINAL, VARIANT_OF

    ruleset, resolved = settings("carcassonne-final")
    assert ruleset.system is System.SWISS_PAIRS
    assert resolved.rounds == 5
    assert ruleset.layout(9, resolved) == ((2, 2, 2, 2), 1)  # pairs, a bye
    assert ruleset.game == "carcassonne-final"
    assert registry.get(ruleset.game).players == (2, 2)
    assert VARIANT_OF[ruleset.game] == FINAL
    assert VARIANT_OF[get("carcassonne-cz").game] == VARIANT_OF[get("swiss-pairs").game] == "base"
