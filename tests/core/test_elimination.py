"""Brackets after the Swiss rounds (RULES.md R-DOMINO-11): single and double elimination,
seeds, byes, the grand final and its reset, places."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kolo.core import elimination
from kolo.core.event import Entrant, Event, Game, Round, Table
from kolo.core.problems import InvalidInput
from kolo.core.standings import bracket, compute
from kolo.games import rulesets
from kolo.games.rulesets import check_event
from kolo.pairing.engine import propose

PAIRS = rulesets.get("domino-pairs")


def test_r_domino_11_seed_order_keeps_1_and_2_apart_until_the_final():
    assert elimination.seed_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert elimination.seed_order(4) == [1, 4, 2, 3]


def test_r_domino_11_worked_example_eight_teams_double_elimination():
    ids = [m.id for m in elimination.build(8, double=True, reset=True)]
    assert ids == [
        "W1.1", "W1.2", "W1.3", "W1.4", "W2.1", "W2.2", "W3.1",
        "L1.1", "L1.2", "L2.1", "L2.2", "L3.1", "L4.1", "GF", "GF2",
    ]  # fmt: skip
    matches = elimination.build(8, double=True, reset=True)
    l2 = matches[ids.index("L2.1")]
    # the second round's losers drop in reversed: L1.1's winner meets W2.2's loser
    assert l2.b == elimination.Source("loser", ids.index("W2.2"))


@pytest.mark.parametrize("teams", [2, 3, 5, 8, 12, 16])
def test_r_domino_11_single_elimination_has_one_match_less_than_teams(teams):
    matches = elimination.build(teams, double=False, reset=False)
    assert len(matches) == elimination.bracket_size(teams) - 1


def run(teams, playoff, seed, reset=True, swiss=3):
    over = {"playoff": playoff, "playoff_teams": teams, "grand_final_reset": reset, "rounds": swiss}
    st_ = PAIRS.settings(over)
    event = Event(
        "d", "domino-pairs", over, tuple(Entrant(f"t{i:02}", f"Team {i}") for i in range(1, 13))
    )
    rng = random.Random(seed)
    stopped = ""
    while not stopped:
        try:
            proposal = propose(event, PAIRS, st_, seed=len(event.rounds) + 1, explain=False)
        except InvalidInput as stop:
            stopped = stop.problems[0].message
            continue
        tables = []
        for t in proposal.tables:
            winner = rng.choice(t.seats)
            loser = next(s for s in t.seats if s != winner)
            game = Game({winner: 100 + rng.randrange(20), loser: rng.randrange(100)})
            tables.append(Table(t.number, t.seats, (game,)))
        number = len(event.rounds) + 1
        rnd = Round(number, tuple(tables), number, proposal.byes, proposal.stage)
        event = replace(event, rounds=(*event.rounds, rnd))
    assert stopped == "the bracket is decided: {name} won the event"
    return event, st_


@settings(max_examples=20, deadline=None)
@given(
    teams=st.integers(2, 12),
    playoff=st.sampled_from(["single", "double"]),
    seed=st.integers(0, 1000),
    reset=st.booleans(),
)
def test_r_domino_11_every_bracket_ends_with_one_champion_and_nobody_out_early(
    teams, playoff, seed, reset
):
    event, st_ = run(teams, playoff, seed, reset)
    assert check_event(event) == []
    state = bracket(event, PAIRS, st_)
    assert state is not None
    assert state.champion is not None
    losses = dict.fromkeys(state.seeds, 0)
    for r in event.rounds:
        if r.stage != "playoff":
            continue
        for t in r.tables:
            (game,) = t.games
            loser = min(t.seats, key=lambda s: game.scores[s])
            losses[loser] += 1
            seated = [x for rr in event.rounds if rr.number == r.number for tt in rr.tables
                      for x in tt.seats]  # fmt: skip
            assert len(seated) == len(set(seated))
    limit = 1 if playoff == "single" else 2
    # nobody is out before their limit of losses, the champion has fewer than the limit
    # (or exactly one more after winning a reset grand final)
    assert losses[state.champion] < limit
    out = state.eliminated()
    final = next((i for i, m in enumerate(state.matches) if m.id == "GF"), None)
    # without a reset, the winners' champion who loses the grand final is out at once
    once = state.sides[final][0] if final is not None and not reset else None
    assert all(losses[t] == (1 if t == once else limit) for t in out)
    assert set(out) | {state.champion} == set(state.seeds)
    rows = compute(event, PAIRS, st_).rows
    assert rows[0].entrant.id == state.champion
    qualifiers = {r.entrant.id for r in rows[:teams]}
    assert qualifiers == set(state.seeds)


def test_r_domino_11_the_reset_is_played_only_when_the_losers_champion_wins_the_final():
    for seed in range(40):
        event, st_ = run(4, "double", seed)
        last = event.rounds[-1]
        state = bracket(event, PAIRS, st_)
        gf = state.matches.index(next(m for m in state.matches if m.id == "GF"))
        winners_champion = state.sides[gf][0]
        gf_winner = state.results[gf][0]
        reset_played = state.played[gf + 1] is not None
        assert reset_played == (gf_winner != winners_champion)
        assert last.stage == "playoff"


def test_r_domino_11_byes_go_to_the_best_seeds():
    event, st_ = run(6, "single", 3)
    first = next(r for r in event.rounds if r.stage == "playoff")
    state = bracket(event, PAIRS, st_)
    seated = {s for t in first.tables for s in t.seats}
    assert state.seeds[0] not in seated
    assert state.seeds[1] not in seated
    assert set(state.seeds[2:]) == seated


def test_r_domino_11_a_bracket_round_before_the_swiss_rounds_end_is_refused():
    event, _ = run(4, "single", 1)
    early = replace(event.rounds[1], stage="playoff")
    broken = replace(event, rounds=(event.rounds[0], early, *event.rounds[2:]))
    assert any("Swiss rounds come first" in p.message for p in check_event(broken))
