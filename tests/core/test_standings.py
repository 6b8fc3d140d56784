"""Standings: R-STAND-1..3, on the RULES.md examples shipped in examples/rules/."""

from dataclasses import replace
from fractions import Fraction

from kolo.core.event import Entrant, Event, Game, Round, Table
from kolo.core.standings import compute
from tests.conftest import load_example, ruleset_and_settings


def standings_of(event, through=None):
    ruleset, settings = ruleset_and_settings(event)
    return compute(event, ruleset, settings, through)


def row(result, entrant_id):
    return next(r for r in result.rows if r.entrant.id == entrant_id)


def test_r_pct_2_worked_example_in_an_event_gives_49_percent():
    result = standings_of(load_example("rules/dominion-success.json"))
    assert row(result, "p1").success == Fraction(49, 100)
    assert row(result, "p1").games == 5


def test_r_pct_3_two_player_table_in_an_event():
    result = standings_of(load_example("rules/dominion-two-player.json"))
    assert row(result, "p4").success == Fraction(40, 100)
    assert row(result, "p5").success == Fraction(4, 15)
    assert (row(result, "p4").points, row(result, "p5").points) == (3, 2)
    assert row(result, "p1").points == row(result, "p2").points == Fraction(5, 2)


def test_r_pct_4_carcassonne_worked_example_in_an_event_gives_24_percent():
    result = standings_of(load_example("rules/carcassonne-success.json"))
    assert row(result, "p1").success == Fraction(24, 100)
    # round 4: p1 ties for 2nd–3rd (R-SCORE-2)
    assert row(result, "p1").points == 2 + 3 + 2 + Fraction(5, 2)


def test_r_pct_4_three_player_carcassonne_table_in_an_event():
    result = standings_of(load_example("rules/carcassonne-three.json"))
    assert row(result, "p5").success == Fraction(60, 160)
    assert [row(result, p).points for p in ("p5", "p6", "p7")] == [
        4,
        Fraction(5, 2),
        Fraction(5, 2),
    ]


def test_r_pct_5_and_r_stand_2_nbgl_b_ranks_above_a():
    result = standings_of(load_example("rules/nbgl-shares.json"))
    a, b = row(result, "p1"), row(result, "p5")
    assert a.points == b.points == 21
    assert a.game_score == b.game_score == 28
    assert a.success == Fraction(10, 32) + Fraction(8, 30) + Fraction(10, 36)
    assert b.success == Fraction(10, 30) + Fraction(10, 33) + Fraction(8, 36)
    assert b.rank < a.rank


def test_r_score_4_in_an_event_turns_break_the_tie_then_points_are_shared():
    event = load_example("rules/nbgl-shares.json")
    ruleset, settings = ruleset_and_settings(event)
    result = compute(event, ruleset, settings)
    # group B, game 2: p6 and p7 both scored 9; p7 took fewer turns (3rd game: p7 beats p8
    # on turns again)
    assert row(result, "p7").points == 3 + 5 + 3
    assert row(result, "p6").points == 5 + 3 + 8
    # group A, game 3: p2 and p3 both scored 9 in 15 turns: they share 2nd–3rd (R-SCORE-2)
    assert row(result, "p2").points == 5 + 8 + 4
    assert row(result, "p3").points == 3 + 3 + 4


def test_r_stand_1_points_then_success_then_shared_place_alphabetically():
    entrants = tuple(Entrant(i, n) for i, n in (("a", "Zita"), ("b", "Adam"), ("c", "Bára")))
    games = (Game({"a": 30, "b": 30, "c": 30}),)
    event = Event(
        "tie", "dominion-cz", {}, entrants, (Round(1, (Table(1, ("a", "b", "c"), games),)),)
    )
    result = standings_of(event)
    assert [r.entrant.name for r in result.rows] == ["Adam", "Bára", "Zita"]
    assert all((r.rank, r.rank_to) == (1, 3) for r in result.rows)


def test_r_stand_1_success_breaks_equal_points():
    result = standings_of(load_example("rules/dominion-two-player.json"))
    # p1 and p2 tie on 2.5 points and on success: shared 2nd–3rd
    assert (row(result, "p1").rank, row(result, "p1").rank_to) == (2, 3)
    assert row(result, "p2").rank == 2


def test_r_stand_3_swiss_pairs_points_buchholz_score_difference():
    result = standings_of(load_example("rules/swiss-pairs.json"))
    order = [r.entrant.id for r in result.rows]
    assert order == ["p5", "p2", "p1", "p3", "p4"]
    assert [row(result, p).points for p in order] == [
        Fraction(5, 2),
        2,
        Fraction(3, 2),
        Fraction(3, 2),
        Fraction(3, 2),
    ]
    assert [row(result, p).buchholz for p in ("p1", "p3", "p4")] == [6, 5, 4]
    assert row(result, "p1").score_difference == 10 - 5 + 0
    assert row(result, "p1").success is None
    assert row(result, "p5").byes == 1


def test_standings_count_only_complete_rounds():
    event = load_example("rules/dominion-success.json")
    last = event.rounds[-1]
    unfinished = replace(last, tables=(replace(last.tables[0], games=()), *last.tables[1:]))
    result = standings_of(replace(event, rounds=(*event.rounds[:-1], unfinished)))
    assert result.after_round == 4
    assert row(result, "p1").games == 4


def test_standings_after_an_earlier_round():
    result = standings_of(load_example("rules/dominion-success.json"), through=1)
    assert result.after_round == 1
    assert row(result, "p1").success == Fraction(3, 5)


def test_r_evt_2_dropped_entrant_keeps_results_and_is_marked():
    result = standings_of(load_example("brno-2026.json"))
    dropped = [r for r in result.rows if r.dropped]
    assert [r.entrant.id for r in dropped] == ["p23"]
    assert dropped[0].games == 3
    assert dropped[0].points > 0


def test_r_stand_1_alphabetical_order_follows_czech_letters():
    from kolo.core.standings import name_key

    names = ["Dvořák", "Černý", "Cyril", "Adam", "Šíma", "Sova", "Zeman", "Žák", "Ámos"]
    assert sorted(names, key=name_key) == [
        "Adam",
        "Ámos",
        "Cyril",
        "Černý",
        "Dvořák",
        "Sova",
        "Šíma",
        "Zeman",
        "Žák",
    ]


def test_r_stand_1_tied_players_are_listed_the_czech_way():
    """R-STAND-1: players tied on everything share the place and are listed in Czech
    order: ch after h, ř after r; the other accents only where the rest is equal."""
    from kolo.core.event import Entrant, Event, Game, Round, Table

    names = ["Chalupa", "Hrubý", "Cibulka", "Řezník", "Rada", "Ráda"]
    entrants = tuple(Entrant(f"p{i}", n) for i, n in enumerate(names, start=1))
    tables = tuple(
        Table(number, (a.id, b.id), (Game({a.id: 10, b.id: 10}),))
        for number, (a, b) in enumerate(zip(entrants[::2], entrants[1::2], strict=True), 1)
    )
    event = Event("Remíza", "swiss-pairs", {"rounds": 1}, entrants, (Round(1, tables, seed=1),))
    result = standings_of(event)
    assert {(r.rank, r.rank_to) for r in result.rows} == {(1, 6)}
    assert [r.entrant.name for r in result.rows] == [
        "Cibulka", "Hrubý", "Chalupa", "Rada", "Ráda", "Řezník",
    ]  # fmt: skip
