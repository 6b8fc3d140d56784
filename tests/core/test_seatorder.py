"""The seat order of the later games at a table (R-GORN-9; NBGL's shift, R-NBGL-1)."""

from dataclasses import replace

from kolo.core.event import Entrant, Event, Game, Round, Table
from kolo.core.seatorder import game_order, order_problems
from kolo.core.settings import resolve
from kolo.games import rulesets
from kolo.pairing.checker import check_all_rounds

SEATS = ("a", "b", "c", "d")


def two_games(first: dict[str, int], second_order: tuple[str, ...] | None = None) -> Event:
    """One dominion-cz round of one table playing two games."""
    second = Game(dict.fromkeys(SEATS, 10), seats=second_order)
    table = Table(1, SEATS, (Game(first), second))
    entrants = tuple(Entrant(p, p.upper()) for p in SEATS)
    settings = {"rounds": 1, "games_per_table": 2, "table_size": 4}
    return Event("E", "dominion-cz", settings, entrants, (Round(1, (table,), seed=1),))


def check(event: Event) -> list[str]:
    ruleset = rulesets.get(event.ruleset)
    settings, problems = resolve(ruleset.defaults, event.settings)
    assert not problems
    return [f"{p.path}: {p.text()}" for p in check_all_rounds(event, ruleset, settings)]


def test_r_gorn_9_the_winner_of_game_1_plays_last_in_game_2():
    """R-GORN-9: b wins game 1 at a, b, c, d: game 2 is c, d, a, b (the seats stay, the
    player after the winner starts)."""
    event = two_games({"a": 30, "b": 50, "c": 20, "d": 10})
    round_, table = event.rounds[0], event.rounds[0].tables[0]
    assert game_order(round_, table, 0) == SEATS
    assert game_order(round_, table, 1) == ("c", "d", "a", "b")


def test_r_gorn_9_a_game_not_yet_played_leaves_the_next_order_open():
    """R-GORN-9: before game 1 has a result, game 2's order is not known."""
    event = two_games({})
    round_ = event.rounds[0]
    table = replace(round_.tables[0], games=())
    assert game_order(round_, table, 0) == SEATS
    assert game_order(round_, table, 1) is None


def test_r_gorn_9_a_tie_for_first_sends_the_earliest_seated_winner_last():
    """R-GORN-9 [interpretation]: b and d share first in game 1; b sat earlier (had the
    better start), so b plays last: c, d, a, b."""
    event = two_games({"a": 10, "b": 40, "c": 20, "d": 40})
    assert game_order(event.rounds[0], event.rounds[0].tables[0], 1) == ("c", "d", "a", "b")


def test_r_gorn_9_with_turns_as_tie_break_the_fewer_turns_win():
    """R-GORN-9 with R-SCORE-4: where the rule set breaks ties by turns, equal points and
    fewer turns win game 1, and that player plays last."""
    event = two_games({"a": 10, "b": 40, "c": 20, "d": 40})
    table = event.rounds[0].tables[0]
    turns = {"a": 15, "b": 15, "c": 15, "d": 14}
    table = replace(table, games=(replace(table.games[0], turns=turns), table.games[1]))
    order = game_order(event.rounds[0], table, 1, ties_by_turns=True)
    assert order == ("a", "b", "c", "d")


def test_r_gorn_9_kolo_check_flags_a_second_game_where_the_winner_does_not_play_last():
    """R-GORN-9: a recorded game-2 order that keeps the table's order (the winner b not
    last) is a problem; the rule's order, or the other tied winner last, is not."""
    wrong = two_games({"a": 30, "b": 50, "c": 20, "d": 10}, second_order=SEATS)
    assert check(wrong) == [
        "$.rounds[0].tables[0].games[1].order: R-GORN-9: the winner of game 1 (b) plays last "
        "in game 2: c, d, a, b"
    ]
    assert check(two_games({"a": 30, "b": 50, "c": 20, "d": 10}, ("c", "d", "a", "b"))) == []
    assert check(two_games({"a": 30, "b": 50, "c": 20, "d": 10})) == []  # the default
    tied = {"a": 10, "b": 40, "c": 20, "d": 40}
    assert check(two_games(tied, ("a", "b", "c", "d"))) == []  # d, also first, last
    assert len(check(two_games(tied, ("b", "c", "d", "a")))) == 1


def test_r_gorn_9_does_not_apply_to_nbgl_groups_which_shift():
    """R-NBGL-1 keeps its own rule: the group's game 2 shifts one seat, whoever won."""
    event = two_games({"a": 30, "b": 50, "c": 20, "d": 10})
    round_ = replace(event.rounds[0], stage="group")
    assert game_order(round_, round_.tables[0], 1) == ("d", "a", "b", "c")
    assert order_problems(round_, "$.rounds[0]") == []
