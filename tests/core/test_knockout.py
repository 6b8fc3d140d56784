"""Knockout formats: NBGL (R-NBGL-1..5) and the general knockout of multi-player tables."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from itertools import permutations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kolo.core import knockout
from kolo.core.event import Entrant, Event, Game, Round, Table
from kolo.core.problems import InvalidInput
from kolo.core.settings import resolve
from kolo.core.standings import compute
from kolo.games import rulesets
from kolo.pairing import knockout as seating
from kolo.pairing.checker import check_all_rounds
from kolo.pairing.engine import propose


def settings_of(ruleset_id: str, **overrides: object) -> tuple[rulesets.RuleSet, dict]:
    ruleset = rulesets.get(ruleset_id)
    settings, problems = resolve(ruleset.defaults, overrides)
    assert not problems
    return ruleset, settings


def people(count: int) -> tuple[Entrant, ...]:
    return tuple(Entrant(f"p{i}", f"Player {i}") for i in range(1, count + 1))


def group_stage(groups: int, third: int = 10) -> Event:
    """``groups`` groups of four, each playing the same game twice: in group g the winner
    scores 30 + g, the second 20 + g, the third ``third``, the fourth 5, in equal turns."""
    tables = []
    for g in range(groups):
        seats = tuple(f"p{4 * g + i}" for i in range(1, 5))
        scores = dict(zip(seats, (30 + g, 20 + g, third, 5), strict=True))
        turns = dict.fromkeys(seats, 15)
        games = (Game(scores, turns), Game(scores, turns))
        tables.append(Table(g + 1, seats, games, group=knockout.group_label(g)))
    round_ = Round(1, tuple(tables), seed=1, stage="group")
    return Event("groups", "nbgl-dominion", {}, people(4 * groups), (round_,))


def winner(g: int) -> str:
    return f"p{4 * g + 1}"


def second(g: int) -> str:
    return f"p{4 * g + 2}"


def qualifiers(event: Event, **overrides: object) -> list[knockout.Qualifier]:
    ruleset, settings = settings_of("nbgl-dominion", **overrides)
    fmt = knockout.format_of(ruleset, settings)
    assert fmt is not None
    return knockout.group_qualifiers(event, ruleset, settings, fmt)


# --- R-NBGL-1: groups, seat order ---------------------------------------------------------


def test_r_nbgl_1_groups_of_four_and_of_three_for_the_remainder():
    assert knockout.layout(16, 4) == (4, 4, 4, 4)
    assert knockout.layout(17, 4) == (4, 4, 3, 3, 3)
    assert knockout.layout(18, 4) == (4, 4, 4, 3, 3)
    assert knockout.layout(19, 4) == (4, 4, 4, 4, 3)
    assert knockout.layout(7, 4) == (4, 3)
    assert knockout.layout(6, 4) == (3, 3)
    assert knockout.layout(5, 4) is None


def test_r_nbgl_1_the_second_game_shifts_every_player_one_seat():
    assert knockout.shifted(("a", "b", "c", "d"), 1) == ("d", "a", "b", "c")
    assert knockout.shifted(("a", "b", "c", "d"), 2) == ("c", "d", "a", "b")
    assert knockout.shifted(("a", "b", "c"), 3) == ("a", "b", "c")
    table = Table(1, ("a", "b", "c", "d"), (Game(dict.fromkeys("abcd", 1)),) * 2)
    group = Round(1, (table,), stage="group")
    assert knockout.game_seats(group, table, 0) == ("a", "b", "c", "d")
    assert knockout.game_seats(group, table, 1) == ("d", "a", "b", "c")
    # a game's own recorded order wins; knockout tables keep the table's order
    recorded = replace(table, games=(table.games[0], replace(table.games[1], seats=tuple("badc"))))
    assert knockout.game_seats(group, recorded, 1) == tuple("badc")
    assert knockout.game_seats(replace(group, stage="final"), table, 1) == tuple("abcd")


def test_r_nbgl_1_the_group_stage_is_drawn_and_knockout_seat_order_is_random():
    ruleset, settings = settings_of("nbgl-dominion")
    event = Event("e", "nbgl-dominion", {}, people(22), ())
    proposal = propose(event, ruleset, settings, seed=5)
    assert proposal.stage == "group"
    assert [len(t.seats) for t in proposal.tables] == [4, 4, 4, 4, 3, 3]
    assert [t.group for t in proposal.tables] == ["A", "B", "C", "D", "E", "F"]
    assert sorted(p for t in proposal.tables for p in t.seats) == sorted(
        e.id for e in event.entrants
    )
    again = propose(event, ruleset, settings, seed=5)
    assert again.tables == proposal.tables  # seeded: the same seed draws the same groups
    other = propose(event, ruleset, settings, seed=6)
    assert other.tables != proposal.tables


# --- R-NBGL-2, R-NBGL-3: qualification ----------------------------------------------------


def test_r_nbgl_3_four_groups_send_their_winners_and_seconds_to_the_semi_finals():
    found = qualifiers(group_stage(4))
    assert len(found) == 8  # winners and seconds cannot fill 16: the bracket is 8
    # winners by game points (group 3's winner scored most), then the seconds
    assert [q.entrant for q in found[:4]] == [winner(3), winner(2), winner(1), winner(0)]
    assert [q.entrant for q in found[4:]] == [second(3), second(2), second(1), second(0)]
    assert all(q.why == "winner" for q in found[:4])
    assert all(q.why == "place 2" for q in found[4:])


def test_r_nbgl_3_nobody_placed_third_goes_on():
    for groups in (2, 3, 5, 6, 7, 9, 12):
        found = qualifiers(group_stage(groups))
        assert {q.why for q in found} <= {"winner", "place 2"}, groups
        assert {winner(g) for g in range(groups)} <= {q.entrant for q in found}, groups


def test_r_nbgl_3_fifteen_groups_winners_and_the_best_second():
    found = qualifiers(group_stage(15))
    assert len(found) == 16
    assert {q.entrant for q in found[:15]} == {winner(g) for g in range(15)}
    assert found[15].entrant == second(14)
    assert found[15].why == "place 2"


def test_r_nbgl_3_sixteen_groups_the_winners():
    found = qualifiers(group_stage(16))
    assert {q.entrant for q in found} == {winner(g) for g in range(16)}
    assert found[0].entrant == winner(15)


def test_r_nbgl_3_seventeen_groups_the_best_sixteen_winners():
    found = qualifiers(group_stage(17))
    assert {q.entrant for q in found} == {winner(g) for g in range(1, 17)}


def test_r_nbgl_3_forty_groups_the_best_sixteen_winners():
    found = qualifiers(group_stage(40))
    assert [q.entrant for q in found] == [winner(g) for g in range(39, 23, -1)]


def test_r_nbgl_3_ties_broken_by_game_points_then_shares():
    event = group_stage(2)
    # both winners: 16 points; group B's winner scores 32 against group A's 31 in each
    # game — unless we give group A's winner more: equal game points, then shares
    a = event.rounds[0].tables[0]
    b = event.rounds[0].tables[1]
    scores_a = {"p1": 40, "p2": 20, "p3": 10, "p4": 10}  # table total 80
    scores_b = {"p5": 40, "p6": 30, "p7": 20, "p8": 10}  # table total 100
    turns = dict.fromkeys(["p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8"], 15)
    tables = (
        replace(a, games=(Game(scores_a, turns), Game(scores_a, turns))),
        replace(b, games=(Game(scores_b, turns), Game(scores_b, turns))),
    )
    event = replace(event, rounds=(replace(event.rounds[0], tables=tables),))
    found = qualifiers(event, qualifiers=4)
    # equal points (16) and game points (80): p1's share 40/80 beats p5's 40/100
    assert [q.entrant for q in found[:2]] == ["p1", "p5"]
    # the seconds: p6 has more game points (60 against 40)
    assert [q.entrant for q in found[2:]] == ["p6", "p2"]


def test_r_nbgl_3_a_smaller_field_sends_eight_or_four():
    assert len(qualifiers(group_stage(5))) == 8  # 5 winners and 3 seconds: the semi-finals
    assert len(qualifiers(group_stage(3))) == 4  # 3 winners and the best second: the final
    assert len(qualifiers(group_stage(2))) == 4
    assert knockout.knockout_size(20, 16, 4, groups=5) == 8
    assert knockout.knockout_size(12, 16, 4, groups=3) == 4
    assert knockout.knockout_size(7, 16, 4, groups=2) == 4
    assert knockout.knockout_size(64, 16, 4, groups=16) == 16
    assert knockout.knockout_size(160, 16, 4, groups=40) == 16


def test_r_nbgl_3_a_qualifier_who_drops_gives_way_to_the_next_of_the_group():
    event = group_stage(16)
    dropped = tuple(
        replace(e, dropped_after_round=1) if e.id == winner(0) else e for e in event.entrants
    )
    found = qualifiers(replace(event, entrants=dropped))
    assert winner(0) not in {q.entrant for q in found}
    assert second(0) in {q.entrant for q in found}


# --- R-NBGL-5: seeding ---------------------------------------------------------------------


def test_r_nbgl_5_snake_seeding_into_the_quarter_finals():
    ruleset, settings = settings_of("nbgl-dominion")
    event = group_stage(16)
    proposal = propose(event, ruleset, settings, seed=3)
    assert proposal.stage == "quarter-final"
    seed = {entrant: s for entrant, s, _why in proposal.field}
    tables = [sorted(seed[p] for p in t.seats) for t in proposal.tables]
    assert tables == [[1, 8, 9, 16], [2, 7, 10, 15], [3, 6, 11, 14], [4, 5, 12, 13]]


def test_r_nbgl_5_players_of_one_group_are_kept_apart():
    ruleset, settings = settings_of("nbgl-dominion")
    event = group_stage(4)  # a strict snake would seat winner and second of groups 3 and 0
    proposal = propose(event, ruleset, settings, seed=3)
    assert proposal.stage == "semi-final"
    group_of = {p: t.group for t in event.rounds[0].tables for p in t.seats}
    for table in proposal.tables:
        assert len({group_of[p] for p in table.seats}) == 4, table
    seed = {entrant: s for entrant, s, _why in proposal.field}
    # the two best winners still sit apart (seeds 1 and 2 lead the two tables)
    assert sorted(min(seed[p] for p in t.seats) for t in proposal.tables) == [1, 2]


def test_assignment_is_the_cheapest():
    assert seating.assignment([[0, 5], [5, 0]]) == [0, 1]
    assert seating.assignment([[5, 0], [0, 5]]) == [1, 0]
    cost = [[4, 1, 3], [2, 0, 5], [3, 2, 2]]
    best = seating.assignment(cost)
    assert sorted(best) == [0, 1, 2]
    assert sum(cost[i][j] for i, j in enumerate(best)) == 5


# --- R-NBGL-4: the knockout ----------------------------------------------------------------


def play(event: Event, ruleset, settings, results: dict[int, dict[str, tuple[int, int]]]):
    """Pair the next round and give each table the (score, turns) listed, by table number."""
    proposal = propose(event, ruleset, settings, seed=11)
    tables = []
    for t in proposal.tables:
        given = results[t.number]
        assert set(given) == set(t.seats), (t.number, t.seats)
        game = Game({p: given[p][0] for p in t.seats}, {p: given[p][1] for p in t.seats})
        tables.append(Table(t.number, t.seats, (game,), group=t.group))
    return replace(
        event,
        rounds=(
            *event.rounds,
            Round(proposal.round_number, tuple(tables), proposal.seed, (), proposal.stage),
        ),
    )


def test_r_nbgl_4_the_top_two_go_on_and_a_tie_goes_to_fewer_turns_then_shares():
    ruleset, settings = settings_of("nbgl-dominion")
    event = group_stage(4)  # 16 players: winners and seconds to the semi-finals
    proposal = propose(event, ruleset, settings, seed=11)
    assert proposal.stage == "semi-final"
    t1, t2 = (t.seats for t in proposal.tables)
    # table 1: 2nd and 3rd both score 30; the one with fewer turns goes on
    # table 2: 2nd and 3rd both score 30 in 14 turns; the sum of shares decides
    scores1 = {t1[0]: (40, 14), t1[1]: (30, 15), t1[2]: (30, 14), t1[3]: (10, 14)}
    scores2 = {t2[0]: (40, 14), t2[1]: (30, 14), t2[2]: (30, 14), t2[3]: (10, 14)}
    semi = play(event, ruleset, settings, {1: scores1, 2: scores2})
    results = knockout.round_results(semi, 1, ruleset, settings)
    assert results[t1[2]].place == 2
    assert results[t1[1]].place == 3
    tied = sorted((t2[1], t2[2]), key=lambda p: -results[p].through)
    assert results[tied[0]].through != results[tied[1]].through
    assert results[tied[0]].place == 2
    final = propose(semi, ruleset, settings, seed=12)
    assert final.stage == "final"
    assert {p for t in final.tables for p in t.seats} == {t1[0], t1[2], t2[0], tied[0]}


def test_r_nbgl_4_final_ranking_by_the_final_then_turns_then_shares():
    ruleset, settings = settings_of("nbgl-dominion", qualifiers=4)
    event = group_stage(2)
    proposal = propose(event, ruleset, settings, seed=11)
    assert proposal.stage == "final"
    a, b, c, d = proposal.tables[0].seats
    final = play(
        event, ruleset, settings, {1: {a: (50, 14), b: (50, 13), c: (30, 14), d: (30, 14)}}
    )
    standings = compute(final, ruleset, settings)
    order = [row.entrant.id for row in standings.rows]
    assert order[:2] == [b, a]  # equal scores: fewer turns wins the final
    # c and d: equal score and turns: the shares over all stages decide
    results = knockout.round_results(final, 1, ruleset, settings)
    third = c if results[c].through > results[d].through else d
    assert order[2] == third
    assert [row.rank for row in standings.rows[:4]] == [1, 2, 3, 4]
    # the others by the group stage: place in the group, then points
    assert {row.entrant.id for row in standings.rows[4:]} == {e.id for e in event.entrants} - {
        a,
        b,
        c,
        d,
    }
    with pytest.raises(InvalidInput):
        propose(final, ruleset, settings, seed=1)  # the final has been played
    assert check_all_rounds(final, ruleset, settings) == []


# --- the general knockout -------------------------------------------------------------------


def knockout_event(count: int, **overrides: object) -> tuple[Event, rulesets.RuleSet, dict]:
    ruleset, settings = settings_of("knockout", **overrides)
    return Event("ko", "knockout", dict(overrides), people(count), ()), ruleset, settings


def strength(player: str) -> int:
    return 100 - int(player[1:])  # p1 is the strongest


def play_by_strength(event: Event, ruleset, settings, seed: int = 1) -> Event:
    proposal = propose(event, ruleset, settings, seed=seed)
    tables = tuple(
        Table(
            t.number,
            t.seats,
            (Game({p: strength(p) for p in t.seats}),),
        )
        for t in proposal.tables
    )
    return replace(
        event,
        rounds=(
            *event.rounds,
            Round(proposal.round_number, tables, proposal.seed, (), proposal.stage),
        ),
    )


def test_twelve_players_three_tables_then_the_winners_and_the_best_second():
    event, ruleset, settings = knockout_event(12)
    first = play_by_strength(event, ruleset, settings)
    assert [len(t.seats) for t in first.rounds[0].tables] == [4, 4, 4]
    assert first.rounds[0].stage == "knockout"
    plan = knockout.plan_next(first, ruleset, settings)
    assert plan.stage == "final"
    assert plan.sizes == (4,)
    winners = {min(t.seats, key=lambda p: int(p[1:])) for t in first.rounds[0].tables}
    through = [q for q in plan.field if q.why == "through"]
    assert {q.entrant for q in through} == winners
    (best_second,) = [q for q in plan.field if q.why == "best of the rest"]
    seconds = [sorted(t.seats, key=lambda p: int(p[1:]))[1] for t in first.rounds[0].tables]
    shares = {
        p: Fraction(strength(p), sum(strength(q) for q in t.seats))
        for t in first.rounds[0].tables
        for p in t.seats
    }
    assert best_second.entrant == max(seconds, key=lambda p: shares[p])


def test_twenty_four_players_six_tables_two_then_the_final():
    event, ruleset, settings = knockout_event(24, seeding="entry")
    stages = []
    while True:
        try:
            event = play_by_strength(event, ruleset, settings, seed=len(event.rounds) + 1)
        except InvalidInput:
            break
        stages.append((event.rounds[-1].stage, len(event.rounds[-1].tables)))
    assert stages == [("knockout", 6), ("semi-final", 2), ("final", 1)]
    standings = compute(event, ruleset, settings)
    assert standings.rows[0].entrant.id == "p1"
    # seeding by entry: snake over six tables puts p1..p6 at tables 1..6
    first = event.rounds[0]
    assert [min(int(p[1:]) for p in t.seats) for t in first.tables] == [1, 2, 3, 4, 5, 6]
    assert check_all_rounds(event, ruleset, settings) == []


def test_the_first_round_can_be_seeded_by_rating():
    event, ruleset, settings = knockout_event(8, seeding="rating")
    with pytest.raises(InvalidInput):
        propose(event, ruleset, settings, seed=1)
    ratings = {f"p{i}": float(i) for i in range(1, 9)}  # p8 rated highest
    proposal = propose(event, ruleset, settings, seed=1, ratings=ratings)
    field = [entrant for entrant, _seed, _why in proposal.field]
    assert field[:2] == ["p8", "p7"]
    assert set(proposal.tables[0].seats) == {"p8", "p5", "p4", "p1"}


def test_ten_players_at_tables_of_four_and_three():
    event, ruleset, settings = knockout_event(10, advance=2)
    first = play_by_strength(event, ruleset, settings)
    assert sorted(len(t.seats) for t in first.rounds[0].tables) == [3, 3, 4]
    plan = knockout.plan_next(first, ruleset, settings)
    assert len(plan.field) == 8  # six through, two best thirds fill two tables of four
    assert plan.sizes == (4, 4)


@given(
    st.integers(1, 6).flatmap(
        lambda n: st.lists(
            st.lists(st.integers(0, 2000), min_size=n, max_size=n), min_size=n, max_size=n
        )
    )
)
def test_assignment_matches_brute_force(cost):
    best = seating.assignment(cost)
    assert sorted(best) == list(range(len(cost)))
    optimum = min(
        sum(cost[i][j] for i, j in enumerate(order)) for order in permutations(range(len(cost)))
    )
    assert sum(cost[i][j] for i, j in enumerate(best)) == optimum


@pytest.mark.parametrize(
    ("players", "size", "advance"),
    [(6, 3, 2), (8, 4, 3), (9, 3, 2), (12, 4, 3), (30, 5, 4), (7, 3, 1), (100, 4, 2)],
)
def test_every_knockout_reaches_its_final(players, size, advance):
    event, ruleset, settings = knockout_event(players, table_size=size, advance=advance)
    tables = []
    while True:
        try:
            event = play_by_strength(event, ruleset, settings, seed=len(event.rounds) + 1)
        except InvalidInput:
            break
        tables.append(len(event.rounds[-1].tables))
        assert len(event.rounds) < 20, tables
    assert tables == sorted(tables, reverse=True)
    assert len(set(tables)) == len(tables)  # every round has fewer tables
    assert tables[-1] == 1
    assert event.rounds[-1].stage == "final"
    assert check_all_rounds(event, ruleset, settings) == []


def test_settings_a_knockout_cannot_be_played_with_are_refused():
    from kolo.games.rulesets import check_event

    for overrides, path in (
        ({"advance": 4}, "$.settings.advance"),
        ({"table_size": 2, "advance": 1}, "$.settings.table_size"),
    ):
        event = Event("k", "knockout", overrides, people(8), ())
        assert path in {p.path for p in check_event(event)}, overrides
    nbgl = Event("n", "nbgl-dominion", {"qualifiers": 5}, people(8), ())
    assert "$.settings.qualifiers" in {p.path for p in check_event(nbgl)}
    ruleset, settings = settings_of("nbgl-dominion")
    with pytest.raises(InvalidInput) as error:
        propose(Event("n", "nbgl-dominion", {}, people(5), ()), ruleset, settings, seed=1)
    assert "at least 6" in error.value.problems[0].text()


def test_a_file_without_stages_still_ends_with_its_final():
    ruleset, settings = settings_of("nbgl-dominion", qualifiers=4)
    event = group_stage(2)
    proposal = propose(event, ruleset, settings, seed=11)
    a, b, c, d = proposal.tables[0].seats
    final = play(event, ruleset, settings, {1: {a: (50, 14), b: (40, 13), c: (30, 14), d: (20, 1)}})
    stageless = replace(final, rounds=tuple(replace(r, stage=None) for r in final.rounds))
    with pytest.raises(InvalidInput) as error:
        propose(stageless, ruleset, settings, seed=1)
    assert "the final has been played" in error.value.problems[0].text()
    assert compute(stageless, ruleset, settings).rows[0].entrant.id == a


def test_r_nbgl_1_a_second_game_without_the_shift_is_reported():
    ruleset, settings = settings_of("nbgl-dominion")
    event = group_stage(2)
    table = event.rounds[0].tables[0]
    unshifted = replace(table.games[1], seats=table.seats)
    wrong = replace(table, games=(table.games[0], unshifted))
    bad = replace(
        event, rounds=(replace(event.rounds[0], tables=(wrong, *event.rounds[0].tables[1:])),)
    )
    found = [p.text() for p in check_all_rounds(bad, ruleset, settings)]
    assert any(text.startswith("R-NBGL-1: game 2 of a group shifts") for text in found), found
    shifted = replace(
        table,
        games=(table.games[0], replace(table.games[1], seats=knockout.shifted(table.seats, 1))),
    )
    good = replace(
        event, rounds=(replace(event.rounds[0], tables=(shifted, *event.rounds[0].tables[1:])),)
    )
    assert check_all_rounds(good, ruleset, settings) == []


@given(st.permutations([f"{g}{i}" for g in "ABCD" for i in (1, 2)]))
def test_r_nbgl_5_group_mates_apart_whenever_the_snake_rows_allow(order):
    """Winners and seconds of four groups in any seed order: two semi-final tables can
    always split every group (rows and groups are two matchings), and the seating does."""
    apart = frozenset(frozenset((f"{g}1", f"{g}2")) for g in "ABCD")
    tables = seating._snake(order, (4, 4), apart)
    for table in tables:
        assert len({p[0] for p in table}) == 4, tables
    # every snake row keeps one of its two players at each table
    for row in range(4):
        assert {tables[0][row], tables[1][row]} == set(order[2 * row : 2 * row + 2])


def test_a_tie_at_the_cut_is_settled_by_a_lot_that_is_said():
    event, ruleset, settings = knockout_event(8)
    proposal = propose(event, ruleset, settings, seed=3)
    first, second = proposal.tables
    tables = (
        Table(1, first.seats, (Game(dict.fromkeys(first.seats, 40)),)),  # all tied
        Table(2, second.seats, (Game({p: 50 - i for i, p in enumerate(second.seats)}),)),
    )
    played = replace(event, rounds=(Round(1, tables, proposal.seed, (), proposal.stage),))
    plan = knockout.plan_next(played, ruleset, settings)
    whys = {q.entrant: q.why for q in plan.field}
    assert list(whys.values()).count("through by lot") == 1
    assert whys[second.seats[0]] == "through"


def test_r_score_4_turn_counts_of_one_game_differ_by_at_most_one():
    from kolo.games.rulesets import check_event

    event = group_stage(2)
    table = event.rounds[0].tables[0]
    odd = dict.fromkeys(table.seats, 15) | {table.seats[0]: 18}
    game = replace(table.games[0], turns=odd)
    bad = replace(
        event,
        rounds=(
            replace(
                event.rounds[0],
                tables=(replace(table, games=(game, table.games[1])), *event.rounds[0].tables[1:]),
            ),
        ),
    )
    found = [p.text() for p in check_event(bad)]
    assert (
        "the players of one game take turns in order, so their turn counts differ by at "
        "most one, not 15 to 18"
    ) in found
