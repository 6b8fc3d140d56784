"""A table's pairing explanation: the cost the pairing engine counts, and the facts behind it."""

from fractions import Fraction

from kolo.core.event import Entrant, Event, Game, Round, Table
from kolo.core.standings import compute
from kolo.pairing.criteria import round_costs
from kolo.report.explanation import criteria, round_explanations, total
from tests.conftest import ruleset_and_settings

PLAYERS = ("p1", "p2", "p3", "p4", "p5", "p6", "p7")

ROUND_1 = Round(
    1,
    (
        Table(1, ("p1", "p2", "p3", "p4"), (Game({"p1": 40, "p2": -3, "p3": 40, "p4": 12}),)),
        Table(2, ("p5", "p6", "p7"), (Game({"p5": 20, "p6": 10, "p7": 5}),)),
    ),
)
ROUND_2 = Round(
    2,
    (
        Table(1, ("p1", "p3", "p5", "p6")),  # p1 and p3 met; p5 and p6 met
        Table(2, ("p2", "p4", "p7")),  # p2 and p4 met; a smaller table (of four)
    ),
)


def event_of(*rounds: Round, ruleset: str = "carcassonne-cz") -> Event:
    entrants = tuple(Entrant(p, p.upper()) for p in PLAYERS)
    return Event("Test", ruleset, {}, entrants, rounds)


def test_the_cost_is_the_pairing_engines_and_the_facts_are_the_standings():
    event = event_of(ROUND_1, ROUND_2)
    ruleset, settings = ruleset_and_settings(event)
    explanations = round_explanations(event, 1, ruleset, settings)
    assert explanations is not None
    costs = round_costs(event, 1, ruleset, settings)
    assert [e.total for e in explanations] == [c.total for c in costs]
    assert [e.criteria for e in explanations] == [criteria(c.values) for c in costs]
    assert total(explanations) == sum((c.total for c in costs), Fraction(0))

    before = {r.entrant.id: r.points for r in compute(event_of(ROUND_1), ruleset, settings).rows}
    top, bottom = explanations
    assert (top.low, top.high) == (
        min(before[p] for p in ROUND_2.tables[0].seats),
        max(before[p] for p in ROUND_2.tables[0].seats),
    )
    assert [(m.first, m.second, m.times) for m in top.met] == [("p1", "p3", 1), ("p5", "p6", 1)]
    assert [(m.first, m.second) for m in bottom.met] == [("p2", "p4")]
    assert (top.smaller, bottom.smaller) == (False, True)
    names = dict(top.criteria)
    assert names["repeat_pairs"] == 2
    assert names["score_spread"] > 0


def test_criteria_without_a_value_are_left_out():
    assert criteria({"repeat_pairs": 0, "score_spread": Fraction(3, 2), "club": 1}) == (
        ("score_spread", Fraction(3, 2)),
        ("club", Fraction(1)),
    )


def test_the_first_round_and_a_knockout_have_no_explanation():
    event = event_of(ROUND_1, ROUND_2)
    ruleset, settings = ruleset_and_settings(event)
    assert round_explanations(event, 0, ruleset, settings) is None
    knockout = event_of(ROUND_1, ROUND_2, ruleset="nbgl-dominion")
    ruleset, settings = ruleset_and_settings(knockout)
    assert round_explanations(knockout, 1, ruleset, settings) is None
