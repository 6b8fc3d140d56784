"""Invariants of the rules core, on generated games and events (Hypothesis)."""

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from kolo.core.event import Entrant, Event, Game, Round, Table
from kolo.core.placement import placements
from kolo.core.settings import resolve
from kolo.core.shares import table_shares
from kolo.core.standings import compute
from kolo.games.rulesets import REGISTRY, get

scores_strategy = st.integers(min_value=-10, max_value=80)


@st.composite
def games(draw, min_size=2, max_size=4):
    size = draw(st.integers(min_size, max_size))
    players = [f"p{i}" for i in range(size)]
    scores = {p: draw(scores_strategy) for p in players}
    turns = {p: draw(st.integers(10, 13)) for p in players}
    return scores, turns


@given(games(), st.sampled_from(sorted(REGISTRY)), st.booleans())
def test_r_score_2_placement_points_sum_to_the_places_occupied(game, ruleset_id, by_turns):
    scores, turns = game
    table = get(ruleset_id).placement_points
    placed = placements(scores, table, turns if by_turns else None)
    occupied = sum(
        (table[i] if i < len(table) else Fraction(0) for i in range(len(scores))), Fraction(0)
    )
    assert sum(p.points for p in placed.values()) == occupied


@given(games(), st.randoms())
def test_results_do_not_depend_on_the_order_seats_are_listed(game, rng):
    scores, turns = game
    table = get("nbgl-dominion").placement_points
    items = list(scores.items())
    rng.shuffle(items)
    shuffled = dict(items)
    assert placements(shuffled, table, turns) == placements(scores, table, turns)
    assert table_shares(shuffled, 4) == table_shares(scores, 4)


@given(games(min_size=3, max_size=3))
def test_r_pct_1_shares_of_a_full_table_sum_to_one(game):
    scores, _ = game
    assert sum(table_shares(scores, 3).values()) == 1


@given(games(min_size=4, max_size=4))
def test_r_pct_1_shares_of_a_full_carcassonne_table_sum_to_one(game):
    scores, _ = game
    assert sum(table_shares(scores, 4).values()) == 1


@given(games(min_size=2, max_size=2))
def test_r_pct_3_shares_of_a_dominion_table_of_two_sum_to_two_thirds(game):
    scores, _ = game
    assert sum(table_shares(scores, 3).values()) == Fraction(2, 3)


@given(st.lists(games(min_size=3, max_size=3), min_size=1, max_size=4), st.randoms())
def test_standings_do_not_depend_on_the_order_of_seats_or_tables(rounds, rng):
    entrants = tuple(Entrant(f"p{i}", f"Player {i}") for i in range(3))
    built = []
    for number, (scores, _) in enumerate(rounds, start=1):
        seats = list(scores)
        rng.shuffle(seats)
        built.append(Round(number, (Table(1, tuple(seats), (Game(scores),)),)))
    ruleset = get("dominion-cz")
    settings, _ = resolve(ruleset.defaults, {})
    event = Event("e", "dominion-cz", {}, entrants, tuple(built))
    reversed_entrants = Event("e", "dominion-cz", {}, entrants[::-1], tuple(built))
    a = compute(event, ruleset, settings)
    b = compute(reversed_entrants, ruleset, settings)
    assert [(r.entrant.id, r.rank, r.points, r.success) for r in a.rows] == [
        (r.entrant.id, r.rank, r.points, r.success) for r in b.rows
    ]
    total = sum(r.points for r in a.rows)
    assert total == 6 * len(rounds)
