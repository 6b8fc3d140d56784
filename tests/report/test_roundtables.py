"""The round's tables read every game as the standings do (one outcome function), and say which
tables the round waits for."""

from kolo.core.event import Entrant, Event, Game, Round, Table
from kolo.core.standings import compute
from kolo.report.roundtables import round_tables
from tests.conftest import ruleset_and_settings

PLAYERS = ("p1", "p2", "p3", "p4", "p5", "p6")


def event_of(*rounds: Round, ruleset: str = "dominion-cz", **settings: object) -> Event:
    entrants = tuple(Entrant(p, f"Player {p[1:]}") for p in PLAYERS)
    return Event("Test", ruleset, dict(settings), entrants, rounds)


def game(**scores: int) -> Game:
    return Game(scores)


ROUND_1 = Round(
    1,
    (
        # a tie for the first place, a negative score
        Table(1, ("p1", "p2", "p3", "p4"), (game(p1=40, p2=-3, p3=40, p4=12),)),
        Table(2, ("p5", "p6"), (game(p5=20, p6=-1),)),  # a table of two
    ),
)


def test_places_points_and_shares_are_the_standings_own():
    event = event_of(ROUND_1)
    ruleset, settings = ruleset_and_settings(event)
    shown = round_tables(event, ROUND_1, ruleset, settings)
    standings = {row.entrant.id: row for row in compute(event, ruleset, settings).rows}
    seats = [s for t in shown.tables for s in t.seats]
    assert [s.id for s in seats] == list(PLAYERS)
    for seat in seats:
        (result,) = seat.games
        assert result.points == standings[seat.id].points
        assert result.share == standings[seat.id].success  # one game: the mean is the share
    by_id = {s.id: s.games[0] for s in seats}
    assert by_id["p1"].place_text == by_id["p3"].place_text == "1.–2."
    assert by_id["p2"].score == -3
    assert by_id["p2"].place_text == "4."
    assert by_id["p2"].share == 0  # a negative score counts as none (R-PCT-*)
    assert by_id["p6"].place_text == "2."


def test_seats_in_order_with_names_and_the_table_of_two_is_smaller():
    event = event_of(ROUND_1)
    ruleset, settings = ruleset_and_settings(event)
    shown = round_tables(event, ROUND_1, ruleset, settings)
    first, second = shown.tables
    assert [(s.seat, s.id, s.name) for s in second.seats] == [
        (1, "p5", "Player 5"),
        (2, "p6", "Player 6"),
    ]
    assert (first.smaller, second.smaller) == (False, True)
    assert (first.number, second.number) == (1, 2)
    assert first.orders == ()  # one game a table: no orders to show


def test_the_round_waits_for_the_tables_without_results():
    waiting = Round(
        2,
        (
            Table(1, ("p1", "p3", "p5"), (game(p1=10, p3=20, p5=30),)),
            Table(2, ("p2", "p4", "p6")),
        ),
        byes=(),
    )
    event = event_of(ROUND_1, waiting)
    ruleset, settings = ruleset_and_settings(event)
    shown = round_tables(event, waiting, ruleset, settings, {p: p.upper() for p in PLAYERS})
    assert [t.complete for t in shown.tables] == [True, False]
    assert shown.waiting == (2,)
    assert shown.games == 1
    assert shown.tables[1].seats[0].games == ()
    assert shown.tables[0].seats[0].name == "P1"
    assert not shown.time_limit


def test_byes_and_the_time_limit():
    round_ = Round(
        1,
        (
            Table(
                1,
                ("p1", "p2", "p3", "p4"),
                (Game({"p1": 1, "p2": 2, "p3": 3, "p4": 4}, None, True),),
            ),
        ),
        byes=("p5", "p6"),
    )
    event = event_of(round_)
    ruleset, settings = ruleset_and_settings(event)
    shown = round_tables(event, round_, ruleset, settings)
    assert shown.bye_names == ("Player 5", "Player 6")
    assert shown.time_limit
    assert shown.tables[0].time_limit
    assert shown.tables[0].seats[3].games[0].points == max(
        g.points for s in shown.tables[0].seats for g in s.games
    )
    assert shown.waiting == ()


def test_several_games_a_table_give_each_game_its_seat_order():
    round_ = Round(1, (Table(1, ("p1", "p2", "p3", "p4"), (game(p1=5, p2=9, p3=1, p4=3),)),))
    event = event_of(round_, games_per_table=2)
    ruleset, settings = ruleset_and_settings(event)
    shown = round_tables(event, round_, ruleset, settings)
    (table,) = shown.tables
    assert table.games_needed == 2
    assert not table.complete
    assert [o.number for o in table.orders] == [1, 2]
    assert table.orders[0].seats == ("p1", "p2", "p3", "p4")
    second = table.orders[1]
    assert second.previous == 1
    assert second.seats is not None
    assert set(second.seats) == set(PLAYERS[:4])
    assert second.seats[-1] == "p2"  # the winner of game 1 plays last (R-GORN-9)
    assert second.names == tuple(f"Player {p[1:]}" for p in second.seats)
    assert table.seats[1].games[0].points > table.seats[0].games[0].points
