"""The checker of hard rules (R-EVT-1, R-GORN-4, R-GORN-6), independent of any solver."""

from dataclasses import replace

from kolo.core.event import Entrant, Event, Game, Round, Table
from kolo.pairing.checker import check_all_rounds, check_hard_rules
from tests.conftest import load_example, ruleset_and_settings


def people(count):
    return tuple(Entrant(f"p{i}", f"Player {i}") for i in range(1, count + 1))


def played(number, *tables, byes=()):
    """A round whose tables are given as {player: score} in seat order."""
    return Round(
        number,
        tuple(Table(i + 1, tuple(scores), (Game(scores),)) for i, scores in enumerate(tables)),
        byes=tuple(byes),
    )


def seated(number, *tables, byes=()):
    return Round(
        number, tuple(Table(i + 1, tuple(t)) for i, t in enumerate(tables)), byes=tuple(byes)
    )


def problems(event, index=-1, expected=None):
    ruleset, settings = ruleset_and_settings(event)
    index = index % len(event.rounds)
    return [p.text() for p in check_hard_rules(event, index, ruleset, settings, expected)]


def test_shipped_examples_obey_the_hard_rules():
    for name in (
        "brno-2026.json",
        "rules/dominion-success.json",
        "rules/carcassonne-success.json",
        "rules/swiss-pairs.json",
        "rules/nbgl-shares.json",
    ):
        event = load_example(name)
        ruleset, settings = ruleset_and_settings(event)
        assert check_all_rounds(event, ruleset, settings) == [], name


def test_r_gorn_4_no_three_players_meet_twice():
    r1 = played(1, {"p1": 30, "p2": 20, "p3": 10}, {"p4": 30, "p5": 20, "p6": 10})
    r2 = seated(2, ["p1", "p2", "p3"], ["p4", "p5", "p6"])
    found = problems(Event("e", "dominion-cz", {}, people(6), (r1, r2)))
    assert (
        found.count(
            "R-GORN-4: p1, p2, p3 already sat together at one table; "
            "three players may not meet again"
        )
        == 1
    )
    assert len([f for f in found if f.startswith("R-GORN-4")]) == 2


def test_r_gorn_4_a_repeated_pair_is_allowed():
    r1 = played(1, {"p1": 30, "p2": 20, "p3": 10}, {"p4": 30, "p5": 20, "p6": 10})
    r2 = seated(2, ["p1", "p2", "p4"], ["p3", "p5", "p6"])
    assert problems(Event("e", "dominion-cz", {}, people(6), (r1, r2))) == []


def test_r_gorn_4_four_player_tables_no_three_of_an_earlier_table():
    r1 = played(1, {"p1": 4, "p2": 3, "p3": 2, "p4": 1}, {"p5": 4, "p6": 3, "p7": 2, "p8": 1})
    ok = seated(2, ["p1", "p2", "p5", "p6"], ["p3", "p4", "p7", "p8"])
    bad = seated(2, ["p1", "p2", "p3", "p5"], ["p4", "p6", "p7", "p8"])
    entrants = people(8)
    assert problems(Event("e", "carcassonne-cz", {}, entrants, (r1, ok))) == []
    found = problems(Event("e", "carcassonne-cz", {}, entrants, (r1, bad)))
    assert any("p1, p2, p3" in f for f in found)
    assert any("p6, p7, p8" in f for f in found)


def test_r_gorn_4_a_table_of_two_may_not_repeat_an_earlier_table_of_those_two():
    r1 = played(1, {"p1": 30, "p2": 20, "p3": 10}, {"p4": 30, "p5": 20})
    again = seated(2, ["p1", "p2", "p3"][::-1], ["p5", "p4"])
    found = problems(Event("e", "dominion-cz", {}, people(5), (r1, again)))
    assert any(f.startswith("R-GORN-4: p5, p4") for f in found)


def test_r_gorn_4_two_who_met_at_a_table_of_three_may_sit_at_a_table_of_two():
    r1 = played(1, {"p1": 30, "p2": 20, "p3": 10}, {"p4": 30, "p5": 20})
    r2 = seated(2, ["p1", "p4", "p5"], ["p2", "p3"])
    assert problems(Event("e", "dominion-cz", {}, people(5), (r1, r2))) == []


def test_r_gorn_4_swiss_pairs_no_two_players_meet_twice():
    r1 = played(1, {"p1": 3, "p2": 1}, {"p3": 3, "p4": 1})
    r2 = seated(2, ["p1", "p3"], ["p2", "p4"])
    r2_bad = seated(2, ["p2", "p1"], ["p3", "p4"])
    entrants = people(4)
    assert problems(Event("e", "swiss-pairs", {}, entrants, (r1, r2))) == []
    assert len(problems(Event("e", "swiss-pairs", {}, entrants, (r1, r2_bad)))) == 2


def test_r_evt_1_everyone_seated_exactly_once():
    r1 = seated(1, ["p1", "p2", "p3"], ["p4", "p5", "p1"])
    found = problems(
        Event("e", "dominion-cz", {}, people(6), (r1,)), expected={f"p{i}" for i in range(1, 7)}
    )
    assert "R-EVT-1: 'p1' is placed more than once" in found
    assert "R-EVT-1: 'p6' is not seated in round 1" in found


def test_r_evt_1_a_player_missing_from_a_later_round_is_found_in_files():
    r1 = played(1, {"p1": 30, "p2": 20, "p3": 10}, {"p4": 30, "p5": 20, "p6": 10})
    r2 = seated(2, ["p1", "p2", "p4"], ["p3", "p5"])
    found = problems(Event("e", "dominion-cz", {}, people(6), (r1, r2)))
    assert "R-EVT-1: 'p6' is not seated in round 2" in found


def test_r_evt_2_a_dropped_player_is_not_expected():
    r1 = played(1, {"p1": 30, "p2": 20, "p3": 10}, {"p4": 30, "p5": 20, "p6": 10})
    r2 = seated(2, ["p1", "p2", "p4"], ["p3", "p5"])
    entrants = tuple(replace(e, dropped_after_round=1) if e.id == "p6" else e for e in people(6))
    assert problems(Event("e", "dominion-cz", {}, entrants, (r1, r2))) == []


def test_r_gorn_6_table_sizes_follow_the_count():
    r1 = seated(1, ["p1", "p2", "p3"], ["p4", "p5", "p6"], ["p7"] * 0 + ["p7", "p8"], ["p9", "p10"])
    # ten players: 3 + 3 + 2 + 2 is right
    assert problems(Event("e", "dominion-cz", {}, people(10), (r1,))) == []
    r1_bad = seated(1, ["p1", "p2"], ["p3", "p4"], ["p5", "p6"], ["p7", "p8"], ["p9", "p10"])
    found = problems(Event("e", "dominion-cz", {}, people(10), (r1_bad,)))
    assert found == ["R-GORN-6: 10 players sit at tables of 2×3 + 2×2, not 5×2"]


def test_r_gorn_6_smaller_tables_go_to_the_lowest_placed():
    r1 = played(
        1, {"p1": 40, "p2": 30, "p3": 10}, {"p4": 40, "p5": 30, "p6": 10}, {"p7": 30, "p8": 20}
    )
    # after round 1: p1, p4, p7 have 3; p2, p5 and p8 have 2; p3, p6 have 1
    good = seated(2, ["p1", "p4", "p7"], ["p2", "p5", "p8"], ["p3", "p6"])
    bad = seated(2, ["p3", "p4", "p7"], ["p2", "p5", "p8"], ["p1", "p6"])
    entrants = people(8)
    assert problems(Event("e", "dominion-cz", {}, entrants, (r1, good))) == []
    found = problems(Event("e", "dominion-cz", {}, entrants, (r1, bad)))
    # p3 has 1 point, as few as p6: the rule lets either sit at the table of two
    assert found == [
        "R-GORN-6: 'p1' (points: 3) sits at a smaller table, which only the lowest placed "
        "may (points: at most 1)"
    ]


def test_r_gorn_6_a_higher_player_at_a_smaller_table_is_refused():
    r1 = played(
        1, {"p1": 40, "p2": 30, "p3": 10}, {"p4": 40, "p5": 30, "p6": 10}, {"p7": 30, "p8": 20}
    )
    # the two seats of the table of two belong to the two lowest (p3, p6: 1 point each)
    either = seated(2, ["p1", "p4", "p7"], ["p2", "p5", "p3"], ["p8", "p6"])
    found = problems(Event("e", "dominion-cz", {}, people(8), (r1, either)))
    assert found == [
        "R-GORN-6: 'p8' (points: 2) sits at a smaller table, which only the lowest placed "
        "may (points: at most 1)",
    ]


def test_r_gorn_6_round_one_smaller_tables_are_random():
    r1 = seated(1, ["p3", "p4", "p5"], ["p1", "p2"])
    assert problems(Event("e", "dominion-cz", {}, people(5), (r1,))) == []


def test_r_gorn_6_bye_to_the_lowest_placed_without_one():
    r1 = played(1, {"p1": 3, "p2": 1}, {"p3": 3, "p4": 1}, byes=["p5"])
    good = seated(2, ["p1", "p3"], ["p5", "p4"], byes=["p2"])
    again = seated(2, ["p1", "p3"], ["p2", "p4"], byes=["p5"])
    too_high = seated(2, ["p5", "p3"], ["p2", "p4"], byes=["p1"])
    entrants = people(5)
    assert problems(Event("e", "swiss-pairs", {}, entrants, (r1, good))) == []
    assert problems(Event("e", "swiss-pairs", {}, entrants, (r1, again))) == [
        "R-GORN-6: 'p5' already had a bye"
    ]
    assert problems(Event("e", "swiss-pairs", {}, entrants, (r1, too_high))) == [
        "R-GORN-6: the bye goes to the lowest placed entrant who has not had one, not 'p1'"
    ]


def test_r_gorn_6_wrong_number_of_byes():
    r1 = seated(1, ["p1", "p2"], ["p3", "p4"])
    found = problems(
        Event("e", "swiss-pairs", {}, people(5), (r1,)), expected={f"p{i}" for i in range(1, 6)}
    )
    assert "R-EVT-1: 'p5' is not seated in round 1" in found


def test_r_gorn_6_players_tied_at_the_threshold_may_go_either_way():
    r1 = played(
        1,
        {"p1": 40, "p2": 30, "p3": 10},
        {"p4": 40, "p5": 30, "p6": 10},
        {"p7": 40, "p8": 30, "p9": 10},
        {"p10": 30, "p11": 20},
    )
    # p3, p6, p9 have 1 point; any two of them may sit at the table of two
    for low in (["p3", "p6"], ["p3", "p9"], ["p6", "p9"]):
        third = next(p for p in ("p3", "p6", "p9") if p not in low)
        r2 = seated(2, ["p1", "p5", "p7"], ["p4", "p2", "p11"], ["p10", "p8", third], low)
        assert problems(Event("e", "dominion-cz", {}, people(11), (r1, r2))) == [], low


def test_r_nbgl_3_knockout_rounds_seat_exactly_the_qualifiers():
    example = load_example("rules/nbgl-shares.json")
    event = replace(example, settings={**example.settings, "qualifiers": 4})
    ruleset, settings = ruleset_and_settings(event)
    # two groups send four to the final: the winners p1, p5 and the best seconds p2
    # (17 points) and p6 (16)
    final = replace(seated(2, ["p1", "p5", "p6", "p2"]), stage="final")
    assert check_all_rounds(replace(event, rounds=(*event.rounds, final)), ruleset, settings) == []
    wrong = replace(seated(2, ["p1", "p5", "p3", "p2"]), stage="semi-final")
    found = [
        p.text()
        for p in check_all_rounds(replace(event, rounds=(*event.rounds, wrong)), ruleset, settings)
    ]
    assert "R-NBGL-3: 'p6' goes on to this round but is not seated" in found
    assert "R-NBGL-3: 'p3' is seated but the results do not send them to this round" in found
    assert "this round is the final, not the semi-final" in found
