"""Placement points of a game: RULES.md §3.1 (R-SCORE-1..4) and its worked examples."""

from fractions import Fraction

from kolo.core.placement import placements
from kolo.games.rulesets import get

DOMINION = get("dominion-cz").placement_points
CARCASSONNE = get("carcassonne-cz").placement_points
NBGL = get("nbgl-dominion").placement_points
PAIRS = get("swiss-pairs").placement_points


def points(scores, table, turns=None):
    return {p: pl.points for p, pl in placements(scores, table, turns).items()}


def test_r_score_1_higher_game_points_place_higher():
    assert points({"a": 12, "b": 48, "c": 22}, DOMINION) == {"a": 1, "b": 3, "c": 2}


def test_r_score_2_tie_for_first_and_second_in_dominion_gets_2_5_each():
    assert points({"a": 40, "b": 40, "c": 10}, DOMINION) == {
        "a": Fraction(5, 2),
        "b": Fraction(5, 2),
        "c": 1,
    }


def test_r_score_2_tie_for_second_and_third_in_carcassonne_gets_2_5_each():
    result = points({"a": 90, "b": 50, "c": 50, "d": 10}, CARCASSONNE)
    assert result == {"a": 4, "b": Fraction(5, 2), "c": Fraction(5, 2), "d": 1}


def test_r_score_2_three_way_tie_shares_three_places():
    assert points({"a": 30, "b": 30, "c": 30}, DOMINION) == {"a": 2, "b": 2, "c": 2}
    result = points({"a": 5, "b": 30, "c": 30, "d": 30}, CARCASSONNE)
    assert result == {"a": 1, "b": 3, "c": 3, "d": 3}


def test_r_score_2_places_are_reported_as_ranges():
    placed = placements({"a": 40, "b": 40, "c": 10}, DOMINION)
    assert (placed["a"].first, placed["a"].last, placed["a"].shared) == (1, 2, True)
    assert (placed["c"].first, placed["c"].last, placed["c"].shared) == (3, 3, False)


def test_r_score_3_two_player_dominion_awards_3_and_2():
    assert points({"a": 30, "b": 20}, DOMINION) == {"a": 3, "b": 2}


def test_r_score_3_three_player_carcassonne_awards_4_3_2():
    assert points({"a": 30, "b": 20, "c": 10}, CARCASSONNE) == {"a": 4, "b": 3, "c": 2}


def test_r_score_3_tie_at_a_smaller_table_shares_only_occupied_places():
    assert points({"a": 20, "b": 20}, DOMINION) == {"a": Fraction(5, 2), "b": Fraction(5, 2)}


def test_r_score_4_nbgl_tie_broken_by_fewer_turns():
    # The game ends on player 2's turn: players 1 and 2 took one more turn than 3 and 4.
    scores = {"p1": 30, "p2": 25, "p3": 25, "p4": 10}
    turns = {"p1": 15, "p2": 15, "p3": 14, "p4": 14}
    assert points(scores, NBGL, turns) == {"p1": 8, "p3": 5, "p2": 3, "p4": 1}


def test_r_score_4_still_tied_after_turns_share_the_points():
    scores = {"p1": 30, "p2": 25, "p3": 25, "p4": 10}
    turns = {"p1": 15, "p2": 14, "p3": 14, "p4": 14}
    assert points(scores, NBGL, turns) == {"p1": 8, "p2": 4, "p3": 4, "p4": 1}


def test_r_score_4_turns_do_not_override_game_points():
    scores = {"p1": 30, "p2": 31}
    turns = {"p1": 10, "p2": 20}
    assert points(scores, NBGL, turns) == {"p2": 8, "p1": 5}


def test_swiss_pairs_draw_is_half_each():
    assert points({"a": 30, "b": 30}, PAIRS) == {"a": Fraction(1, 2), "b": Fraction(1, 2)}


def test_places_beyond_the_points_table_earn_nothing():
    result = points({"a": 5, "b": 4, "c": 3, "d": 2, "e": 1}, NBGL)
    assert result["e"] == 0
