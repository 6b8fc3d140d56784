"""The slice guard: never worse than slicing the standings by hand (R-GORN-5, docs/pairing.md)."""

import json
import random
from dataclasses import replace
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kolo.core.event import Entrant, Event
from kolo.pairing import exact, heuristic, slicing, work
from kolo.pairing.criteria import Context, breakdown
from kolo.pairing.engine import propose
from kolo.pairing.exact.model import Model
from kolo.pairing.instance import build
from kolo.pairing.pool import Pool, all_tables
from kolo.simulation import SkillModel
from tests.pairing.test_engine import (
    GUARDED,
    _guard_limits,
    _slice_totals,
    _spare,
    checked,
    play,
    settings_of,
    simulate,
)
from tests.pairing.test_exact import partitions


def fresh(ruleset_id, count):
    entrants = tuple(Entrant(f"p{i}", f"P{i}") for i in range(1, count + 1))
    event = Event("e", ruleset_id, {}, entrants)
    ruleset, chosen = settings_of(event)
    return build(event, ruleset, chosen, [e.id for e in entrants], seed=1)


def test_the_slice_cuts_the_standings_into_consecutive_tables():
    """Smaller tables at the bottom (R-GORN-6): 10 players sit 3, 3, 2, 2."""
    instance = fresh("dominion-cz", 10)
    assert slicing.slice_pairing(instance) == [(0, 1, 2), (3, 4, 5), (6, 7), (8, 9)]


def with_pair(instance, criterion, a, b):
    """The instance with one pair counting 1 in a pair criterion."""
    values = np.zeros((instance.size, instance.size), dtype=np.int64)
    values[a, b] = values[b, a] = 1
    return replace(instance, criteria={**instance.criteria, criterion: values})


def test_the_slice_swaps_a_repeat_down_to_the_next_table():
    instance = with_pair(fresh("dominion-cz", 9), "repeat_pairs", 0, 1)
    # the lowest of the first table that mends it changes places with the next table's top
    assert slicing.slice_pairing(instance) == [(0, 2, 3), (1, 4, 5), (6, 7, 8)]


def test_the_bye_goes_to_the_lowest_placed_who_may_have_it():
    instance = fresh("swiss-pairs", 5)
    instance = replace(instance, bye_ok=np.array([True, True, True, True, False]))
    assert slicing.slice_pairing(instance) == [(0, 1), (2, 4), (3,)]


def test_a_slice_that_breaks_a_hard_rule_is_no_reference():
    """Three players who met at one table cannot be seated together again (R-GORN-4): with
    no other table to swap with, there is nothing to guard."""
    instance = fresh("dominion-cz", 3)
    instance = replace(instance, forbidden_triples=np.array([0 * 9 + 1 * 3 + 2], dtype=np.int64))
    assert slicing.slice_pairing(instance) is None
    tables, valid = slicing.slice_standings(instance)
    assert tables == [(0, 1, 2)]
    assert not valid


@settings(max_examples=25, deadline=None)
@given(st.randoms(use_true_random=False))
def test_counts_per_table_and_per_pairing_follow_the_criteria(rng):
    """The guard's counts equal the criteria's own definitions (points scaled to integers)."""
    event, _ = simulate("dominion-cz", 11, 2, seed=4)
    ruleset, chosen = settings_of(event)
    instance = build(event, ruleset, chosen, [e.id for e in event.entrants], seed=1)
    context = Context.of(event, ruleset, chosen)
    order = list(range(instance.size))
    rng.shuffle(order)
    tables = []
    for size in instance.sizes:
        tables.append(tuple(sorted(order[:size])))
        order = order[size:]
    totals = slicing.totals(instance, tables)
    expected = dict.fromkeys(totals, 0)
    for table in tables:
        for name, value in breakdown([instance.players[p] for p in table], context).items():
            if name in expected:
                expected[name] += value
    assert totals["repeat_pairs"] == expected["repeat_pairs"]
    assert totals["smaller_tables"] == expected["smaller_tables"]
    assert totals["score_spread"] == expected["score_spread"] * instance.point_scale
    seated = Pool.of(tables)
    for name, values in slicing.per_table(instance, seated).items():
        assert int(values.sum()) == totals[name]


def test_the_guarded_integer_program_is_the_cheapest_pairing_within_the_limits():
    """12 players at tables of four after two rounds: all 5,775 pairings tried. The
    cheapest has 34 half-points of spread, the least possible is 30: limited to 33."""
    event, _ = simulate("carcassonne-cz", 12, 2, seed=1, repeats_first=False)
    ruleset, chosen = settings_of(event)
    instance = build(event, ruleset, chosen, [e.id for e in event.entrants], seed=1)
    pool = all_tables(instance)
    cost = {tuple(row[row >= 0]): int(c) for row, c in zip(pool.members, pool.cost, strict=True)}
    valid = [p for p in partitions(list(range(12)), 4) if all(t in cost for t in p)]
    free = min(sum(cost[t] for t in p) for p in valid)
    cheapest = exact.solve(instance, pool, time_limit=30)
    assert cheapest.cost == free
    assert slicing.totals(instance, cheapest.tables)["score_spread"] == 34
    spread = {i: slicing.totals(instance, p)["score_spread"] for i, p in enumerate(valid)}
    best = min(sum(cost[t] for t in p) for i, p in enumerate(valid) if spread[i] <= 33)
    result = exact.solve(
        instance, pool, time_limit=30, limits=slicing.rows(instance, {"score_spread": 33})
    )
    assert result.optimal
    assert result.cost == best > free
    assert slicing.totals(instance, result.tables)["score_spread"] <= 33


def guarded_mip_optimum(instance, pool, limits):
    """The cheapest pairing within the limits by HiGHS's own branch and bound."""
    model = Model(instance, [], tuple(slicing.rows(instance, limits)))
    h = model.highs(pool, integer=True)
    h.setOptionValue("mip_rel_gap", 0.0)
    h.setOptionValue("mip_abs_gap", 0.5)
    h.run()
    return round(h.getInfo().objective_function_value)


@pytest.mark.parametrize("seed", [6, 8, 10])
def test_the_exact_method_within_limits_matches_highs_on_larger_fields(seed):
    """20 players at tables of four (column generation, cuts, pruning and tableau cuts
    all take part): the slice's limits, as the guard sets them."""
    event, _ = simulate("carcassonne-cz", 20, 3, seed=seed, slice_guard=False, repeats_first=False)
    ruleset, chosen = settings_of(event)
    instance = build(event, ruleset, chosen, [e.id for e in event.entrants], seed=1)
    reference = slicing.slice_pairing(instance)
    free = exact.solve(instance, all_tables(instance), time_limit=60)
    limits = slicing.limits(instance, reference, free.tables)
    assert limits is not None  # the cheapest pairing is worse than the slice on one count
    pool = all_tables(instance)
    start = heuristic.improve(
        instance, reference, deadline=work.now() + 30, seed=1, window=2, limits=limits
    )
    result = exact.solve(
        instance, pool, time_limit=60, incumbent=start, limits=slicing.rows(instance, limits)
    )
    assert result.optimal
    assert result.cost == guarded_mip_optimum(instance, pool, limits) > free.cost
    assert all(v <= limits[k] for k, v in slicing.totals(instance, result.tables).items())


def test_the_duals_of_one_search_bound_every_pairing():
    """The Lagrangian bound from the last relaxation: below the optimum, and no table of
    the optimal pairing is priced above the optimum minus that bound."""
    event, _ = simulate("carcassonne-cz", 20, 3, seed=8, slice_guard=False, repeats_first=False)
    ruleset, chosen = settings_of(event)
    instance = build(event, ruleset, chosen, [e.id for e in event.entrants], seed=1)
    pool = all_tables(instance)
    result = exact.solve(instance, pool, time_limit=60)
    reduced, lower = exact.lower_bounds(instance, pool, result.prices)
    assert lower <= result.cost + 1e-6
    assert lower > 0.8 * result.cost  # a useful bound, not a trivial one
    rows = pool.rows_of(result.tables)
    assert np.all(lower + np.maximum(reduced[rows], 0) <= result.cost + 1e-6)


def test_the_search_from_the_slice_keeps_within_its_counts():
    """Where there are too many tables for the integer program: the neighbourhood search
    starts from the slice and every change keeps each count within the slice's."""
    event, _ = simulate("dominion-cz", 30, 4, seed=5)
    ruleset, chosen = settings_of(event)
    instance = build(event, ruleset, chosen, [e.id for e in event.entrants], seed=1)
    reference = slicing.slice_pairing(instance)
    limits = slicing.totals(instance, reference)
    improved = heuristic.improve(
        instance, reference, deadline=work.now() + 30, seed=1, limits=limits
    )
    assert heuristic.cost_of(instance, improved) < heuristic.cost_of(instance, reference)
    assert all(v <= limits[k] for k, v in slicing.totals(instance, improved).items())
    assert sorted(p for t in improved for p in t) == list(range(30))


def test_r_gorn_5_no_round_is_worse_than_the_slice_with_the_guard_and_some_is_without():
    """30 players (some of one club), five rounds: every round is at least as good as the
    slice of the same standings on every weighted criterion, clubs included; the weights
    alone would have been worse on one in some round."""
    rng = random.Random(11)
    entrants = tuple(
        Entrant(f"p{i}", f"P{i}", club="Brno" if i % 7 == 0 else None) for i in range(1, 31)
    )
    event = Event("e", "dominion-cz", {"club_rounds": 2, "slice_guard_scope": "round"}, entrants)
    players = [e.id for e in entrants]
    unguarded_worse = 0
    for number, before, ruleset, chosen, proposal, _ in played_rounds(event, 5, rng):
        if number > 1:
            reference = _slice_totals(before, ruleset, chosen, players)
            _, free = settings_of(before, slice_guard=False)
            other = propose(before, ruleset, free, seed=number)
            limits = _guard_limits(before, ruleset, chosen, players, other.costs)
            if limits is None:
                assert proposal.costs == other.costs
            else:
                unguarded_worse += 1
                assert all(proposal.costs[name] <= limits[name] for name in limits)
                assert proposal.total >= other.total
            # the promise of the guard (the slice here never seats more club-mates)
            assert all(proposal.costs[name] <= reference[name] for name in GUARDED)
            assert proposal.costs["club"] <= other.costs["club"]
    assert unguarded_worse > 0


def played_rounds(event, rounds, rng):
    """Plays ``rounds`` rounds paired by the engine (each checked) with results from the
    skill model; yields per round its number, the event before it, the rule set and
    settings, the proposal, and the event after it."""
    model = SkillModel.draw([e.id for e in event.entrants], rng)
    for number in range(1, rounds + 1):
        ruleset, chosen = settings_of(event)
        proposal, seated = checked(event, seed=number)
        after = play(seated, rng, model)
        yield number, event, ruleset, chosen, proposal, after
        event = after


def nine_player_event():
    """Nine players after three rounds, where the slice guard acts (see below)."""
    rng = random.Random(3)
    entrants = tuple(Entrant(f"p{i}", f"P{i}") for i in range(1, 10))
    event = Event("e", "dominion-cz", {}, entrants)
    model = SkillModel.draw([e.id for e in entrants], rng)
    for number in range(3):
        _, event = checked(event, seed=3 + number)
        event = play(event, rng, model)
    return event


def test_r_gorn_5_over_the_event_no_prefix_is_worse_than_the_slices_and_rounds_use_the_spare():
    """The scope ``event`` (the default), 24 players over six rounds: after every round,
    the rounds so far have no more repeated meetings and no more score spread than the
    slices of their standings; and some round seats more than its own slice on one, with
    what earlier rounds left spare (the scope ``round`` would have held it). Which rounds
    do is the search's choice among pairings equally cheap by the criteria (round 6 here;
    4 and 6 before the exact method's bound from players' floors)."""
    rng = random.Random(5)
    entrants = tuple(Entrant(f"p{i}", f"P{i}") for i in range(1, 25))
    event = Event("e", "dominion-cz", {}, entrants)
    players = [e.id for e in entrants]
    used_spare = []
    for number, before, ruleset, chosen, proposal, after in played_rounds(event, 6, rng):
        if number > 1:
            reference = _slice_totals(before, ruleset, chosen, players)
            if any(proposal.costs[name] > reference[name] for name in GUARDED):
                used_spare.append(number)
        spare = _spare(after, ruleset, chosen)
        assert spare == slicing.spare(after, ruleset, chosen)
        assert all(value >= 0 for value in spare.values())
    assert used_spare  # some round used what earlier rounds left spare


@pytest.mark.parametrize(("ruleset_id", "seed"), [("carcassonne-cz", 3), ("dominion-cz", 6)])
def test_what_earlier_rounds_left_spare_is_counted_in_points_whatever_their_unit(ruleset_id, seed):
    """Half points appear in some rounds and not in others, so a round's unit of spread
    (1/point_scale points) differs from another's: the spare is summed in points (equal
    to the criteria's own definitions) and the limit takes whole units of this round."""
    event, _ = simulate(ruleset_id, 12, 4, seed=seed)
    ruleset, chosen = settings_of(event)
    players = [e.id for e in event.entrants]
    scales = {
        build(replace(event, rounds=event.rounds[:n]), ruleset, chosen, players, 0).point_scale
        for n in range(len(event.rounds) + 1)
    }
    assert len(scales) > 1  # the unit changed during the event
    assert slicing.spare(event, ruleset, chosen) == _spare(event, ruleset, chosen)
    # the limit takes the whole units of this round: 5/2 points more
    instance = build(event, ruleset, chosen, players, seed=1)
    reference = slicing.slice_pairing(instance)
    assert reference is not None
    across = [tuple(range(k, 12, len(reference))) for k in range(len(reference))]
    theirs = slicing.totals(instance, reference)
    assert slicing.totals(instance, across)["score_spread"] > theirs["score_spread"] + 5
    held = slicing.limits(instance, reference, across, {"score_spread": Fraction(5, 2)})
    assert held is not None
    assert held["score_spread"] == theirs["score_spread"] + (5 * instance.point_scale) // 2


def test_the_guard_can_be_turned_off():
    """Off, the weights alone decide: the nine-player case where the slice has six
    repeated meetings and 11 points of spread, the cheapest pairing none and 17."""
    event = nine_player_event()
    entrants = event.entrants
    ruleset, guarded = settings_of(event, slice_guard_scope="round")
    _, free = settings_of(event, slice_guard=False)
    on = propose(event, ruleset, guarded, seed=3)
    off = propose(event, ruleset, free, seed=3)
    limits = _slice_totals(event, ruleset, guarded, [e.id for e in entrants])
    assert limits["repeat_pairs"] == 6
    assert limits["score_spread"] == 11
    assert off.costs["score_spread"] > 11
    assert off.total < on.total
    assert on.costs["score_spread"] <= 11
    assert on.costs["repeat_pairs"] <= 6
    assert on.optimal
    assert off.optimal


def test_the_slice_mends_club_mates_and_pairs_kept_apart_as_it_mends_repeats():
    instance = with_pair(fresh("dominion-cz", 9), "never_together", 3, 5)
    assert slicing.slice_pairing(instance) == [(0, 1, 2), (3, 4, 6), (5, 7, 8)]


def test_the_proposal_says_when_the_guard_acted_and_what_the_weights_alone_give():
    """Nine players: over the event so far the slices had 4 points more spread than the
    rounds seated, which this round may use (11 + 4); every round on its own, 11."""
    event = nine_player_event()
    ruleset, guarded = settings_of(event)
    _, by_round = settings_of(event, slice_guard_scope="round")
    _, free = settings_of(event, slice_guard=False)
    assert slicing.spare(event, ruleset, guarded) == {"repeat_pairs": 0, "score_spread": 4}
    on = propose(event, ruleset, guarded, seed=3)
    alone = propose(event, ruleset, by_round, seed=3)
    off = propose(event, ruleset, free, seed=3)
    assert on.guard == {"repeat_pairs": 6, "score_spread": 15}
    assert on.guard_scope == "event"
    assert alone.guard == {"repeat_pairs": 6, "score_spread": 11}
    assert alone.guard_scope == "round"
    assert off.total < on.total < alone.total
    assert on.unguarded == alone.unguarded == off.total
    assert off.guard is None
    assert off.unguarded is None


def test_kolo_pair_reports_the_slice_guard(capsys, tmp_path):
    from kolo.cli import main
    from kolo.eventfile.writer import dumps

    path = tmp_path / "nine.json"
    path.write_text(dumps(nine_player_event()), encoding="utf-8")
    assert main(["pair", str(path), "--json", "--seed", "3"]) == 0
    document = json.loads(capsys.readouterr().out)
    guard = {"repeat_pairs": 6, "score_spread": 15, "unguarded_cost": 17, "scope": "event"}
    assert document["slice_guard"] == guard
    assert document["cost"]["score_spread"] <= 15
    assert main(["pair", str(path), "--seed", "3"]) == 0
    text = capsys.readouterr().out
    assert "Slice guard: at most 6 repeated meetings and 15 score spread this round" in text
    assert "cheapest pairing costs 17" in text
    assert "Optimal: no cheaper pairing keeps within the slice guard" in text
    event = replace(nine_player_event(), settings={"slice_guard_scope": "round"})
    path.write_text(dumps(event), encoding="utf-8")
    assert main(["pair", str(path), "--json", "--seed", "3"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["slice_guard"]["score_spread"] == 11
    assert document["slice_guard"]["scope"] == "round"
    assert main(["pair", str(path), "--seed", "3"]) == 0
    text = capsys.readouterr().out
    assert "Slice guard: no more repeated meetings (6) or score spread (11)" in text


def test_a_tight_limit_does_not_pass_for_no_pairing():
    """A limit row's dual can make the artificial columns (which keep the relaxation
    feasible while tables are missing) worth their cost: they are made dearer rather than
    taken as proof that no pairing exists. 21 players at tables of four, repeats weighted
    30: the guarded round is proved optimal by the exact method."""
    weights = {"repeat_pairs": 30, "score_spread": 1}
    event, _ = simulate("carcassonne-cz", 21, 2, seed=7, weights=weights, repeats_first=False)
    ruleset, chosen = settings_of(event)
    proposal = propose(event, ruleset, chosen, seed=702)
    assert proposal.guard is not None
    assert proposal.optimal
    assert proposal.method == "exact"
