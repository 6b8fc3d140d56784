"""A pairing criterion is declared once (``kolo.core.criteria``): the settings, the engine's
computation and the outputs' words all read that one declaration."""

from dataclasses import replace
from fractions import Fraction
from itertools import combinations

import numpy as np

from kolo.core import criteria
from kolo.core.settings import SPECS
from kolo.games import rulesets
from kolo.pairing import criteria as computed
from kolo.pairing.criteria import Context, breakdown
from kolo.pairing.instance import build
from kolo.pairing.pairs import PairValues, sparse
from tests.pairing.test_engine import settings_of, simulate


def test_every_declared_criterion_is_computed_once_in_its_order():
    assert tuple(c.spec for c in computed.CRITERIA) == criteria.SPECS
    assert tuple(c.name for c in computed.CRITERIA) == criteria.NAMES
    assert len(set(criteria.NAMES)) == len(criteria.NAMES)


def test_the_settings_take_the_names_and_default_weights_from_the_declaration():
    assert SPECS["weights"].keys == criteria.NAMES
    assert {s.name: s.weight for s in criteria.SPECS} == criteria.DEFAULT_WEIGHTS
    assert rulesets.get("dominion-cz").defaults["weights"] == {
        "repeat_pairs": 3,
        "score_spread": 1,
        "smaller_tables": 1,
        "club": 2,
        "never_together": 50,
    }


def test_weights_of_names_every_declared_criterion():
    _ruleset, settings = settings_of(
        replace(simulate("dominion-cz", 8, 1)[0], settings={}), weights={"club": 1.5}
    )
    assert computed.weights_of(settings) == {
        name: Fraction(3, 2) if name == "club" else Fraction(0) for name in criteria.NAMES
    }


def test_an_instance_costs_each_pair_its_declared_terms_times_their_weights():
    """Built from the declaration: a pair's cost (tie-break aside) is the sum of each pair
    criterion's term times its weight, and the table values agree with the terms."""
    weights = {
        "repeat_pairs": 2.5,
        "score_spread": 1,
        "smaller_tables": 0.5,
        "club": 3,
        "never_together": 7,
    }
    event, _ = simulate(
        "dominion-cz", 14, 3, club_rounds=9, never_together=[["p1", "p2"], ["p3", "p4"]]
    )
    clubbed = tuple(
        replace(e, club="AB"[i % 2] if i < 6 else None) for i, e in enumerate(event.entrants)
    )
    event = replace(event, entrants=clubbed, settings={**event.settings, "weights": weights})
    ruleset, settings = settings_of(event)
    players = [e.id for e in event.entrants]
    instance = build(event, ruleset, settings, players, seed=5)
    assert set(instance.criteria) == set(criteria.NAMES)
    main = instance.pair_cost // instance.mult  # the tie-breaks are below mult
    expected = np.zeros_like(main)
    for c in computed.CRITERIA:
        term = np.asarray(instance.criteria[c.name])
        # main units per count: a count in points is 1/point_scale of a point
        per = Fraction(str(weights[c.name])) / instance.unit / instance.scale_of(c.name)
        assert per.denominator == 1
        if term.ndim == 2:
            expected += int(per) * term
        else:
            assert np.array_equal(instance.smaller_cost // instance.mult, int(per) * term)
    assert np.array_equal(main, expected)
    assert expected.any()
    context = Context.of(event, ruleset, settings)
    for table in combinations(range(5), 3):
        values = breakdown([instance.players[p] for p in table], context)
        for c in computed.CRITERIA:
            term = np.asarray(instance.criteria[c.name])
            if term.ndim == 2:
                own = sum(int(term[a, b]) for a, b in combinations(table, 2))
                assert Fraction(own, instance.scale_of(c.name)) == values[c.name]


def test_weighted_pair_values_sum_the_terms_pair_by_pair():
    met = PairValues(4, codes=sparse(4, [(0, 1, 2), (2, 3, 1)])[0], counts=np.array([2, 1]))
    apart = PairValues(4, codes=sparse(4, [(0, 1, 1)])[0], counts=np.array([1]))
    points = PairValues(4, points=np.array([0, 2, 4, 6]), point_weight=1)
    summed = PairValues.weighted(4, [(met, 3), (apart, 10), (points, 2), (met, 0)])
    expected = 3 * met.dense() + 10 * apart.dense() + 2 * points.dense()
    assert np.array_equal(summed.dense(), expected)
    assert PairValues.weighted(4, [(points, 0)]).points is None
