"""What a review of the domino events found, held (R-DOMINO-8, R-DOMINO-11): settings that
decide the sheets and the bracket fixed once used, a sheet in play never lost or given to
other players, standings after a round from that round's bracket only, a dropped team's
bracket match a walkover, a phone writing only for a player at its table."""

import random
from dataclasses import replace

import pytest
from django.test import Client

from kolo.core.event import Entrant, Event, Game, Round, Table
from kolo.core.problems import InvalidInput
from kolo.core.standings import bracket, compute
from kolo.games import rulesets
from kolo.games.rulesets import check_event
from kolo.pairing.engine import propose
from kolo.store import api as store
from kolo.store import models
from tests.web.conftest import ACTOR, snapshot

pytestmark = [pytest.mark.db, pytest.mark.django_db]
PAIRS = rulesets.get("domino-pairs")


@pytest.fixture
def pairs(owner):
    event = store.create_event(
        ACTOR, "Domino", "domino-pairs", {"self_reporting": True}, owner=owner
    )
    store.add_entrants(ACTOR, event, [(n, None) for n in ("A", "B", "C", "D", "E", "F")])
    store.new_round(ACTOR, event, [["p1", "p2"], ["p3", "p4"], ["p5", "p6"]])
    return event


def test_the_target_is_fixed_once_a_round_is_seated(pairs):
    store.write_hand(ACTOR, pairs, 1, 1, "p1", {"p1": 0, "p2": 110})
    with pytest.raises(InvalidInput, match="'target' cannot change once round 1 is seated"):
        store.change_settings(ACTOR, pairs, {"target": 150})
    assert store.standings(pairs).rows[0].entrant.id == "p1"


def test_a_stored_sheet_is_read_not_checked_again(pairs):
    """A sheet written under the settings of its day stays readable (it was checked then)."""
    store.write_hand(ACTOR, pairs, 1, 1, "p1", {"p1": 0, "p2": 110})
    models.Event.objects.filter(pk=pairs.pk).update(settings={"target": 150})
    pairs.refresh_from_db()
    assert len(store.to_core(pairs).rounds[0].tables[0].games[0].record.hands) == 1


def test_a_swap_or_an_undo_refuses_a_table_with_a_sheet_in_play(pairs):
    store.write_hand(ACTOR, pairs, 1, 1, "p1", {"p1": 5, "p2": 30})
    before = snapshot()
    with pytest.raises(InvalidInput, match="has a score sheet in play"):
        store.swap_players(ACTOR, pairs, "p1", "p3")
    with pytest.raises(InvalidInput, match="has a score sheet in play"):
        store.delete_round(ACTOR, pairs)
    assert snapshot() == before


def test_a_final_score_ends_the_sheet_in_play_and_the_audit_keeps_it(pairs):
    store.write_hand(ACTOR, pairs, 1, 2, "p3", {"p3": 0, "p4": 60})
    store.record_result(ACTOR, pairs, 1, 2, {"p3": 100, "p4": 20}, replace_sheet=True)
    assert models.Table.objects.get(round__event=pairs, number=2).sheet is None
    entry = models.AuditEntry.objects.filter(action="result.enter").latest("id")
    assert entry.after["sheet_in_play_dropped"] == [{"out": "p3", "pips": {"p3": 0, "p4": 60}}]


def test_a_phone_writes_only_for_a_player_at_its_table(pairs):
    code = models.Table.objects.get(round__event=pairs, number=1).code
    data = {"code": code, "action": "hand", "player": "p5", "out": "p1"}
    data |= {"pips_p1": "0", "pips_p2": "30"}
    response = Client().post(f"/e/{pairs.key}/report/", data, follow=True)
    assert "choose who you are at this table" in " ".join(
        str(m) for m in response.context["messages"]
    )
    assert models.Table.objects.get(round__event=pairs, number=1).sheet is None


def played(teams, playoff, swiss, seed, drop=None):
    over = {"playoff": playoff, "playoff_teams": teams, "rounds": swiss}
    st = PAIRS.settings(over)
    event = Event(
        "d", "domino-pairs", over, tuple(Entrant(f"t{i:02}", f"T{i}") for i in range(1, 11))
    )
    rng = random.Random(seed)
    for number in range(1, 30):
        try:
            proposal = propose(event, PAIRS, st, seed=number, explain=False)
        except InvalidInput:
            break
        tables = []
        for t in proposal.tables:
            w = rng.choice(t.seats)
            tables.append(
                Table(t.number, t.seats, (Game({s: 100 if s == w else 40 for s in t.seats}),))
            )
        event = replace(
            event,
            rounds=(
                *event.rounds,
                Round(number, tuple(tables), number, proposal.byes, proposal.stage),
            ),
        )
        if drop is not None and number == drop[0]:
            dropped = tuple(
                replace(e, dropped_after_round=number) if e.id == drop[1] else e
                for e in event.entrants
            )
            event = replace(event, entrants=dropped)
    return event, st


def test_r_domino_11_standings_after_a_round_see_only_that_rounds_bracket():
    event, st = played(8, "double", 3, 5)
    final = bracket(event, PAIRS, st)
    assert final.champion is not None
    after_swiss = compute(event, PAIRS, st, through_round=3)
    assert bracket(replace(event, rounds=event.rounds[:3]), PAIRS, st) is None
    swiss_only = compute(replace(event, rounds=event.rounds[:3]), PAIRS, st)
    assert [r.entrant.id for r in after_swiss.rows] == [r.entrant.id for r in swiss_only.rows]
    after_first = compute(event, PAIRS, st, through_round=4)
    # after one round of a double elimination all eight are still in: the Swiss order holds,
    # whatever the later rounds did
    top8 = [r.entrant.id for r in swiss_only.rows[:8]]
    assert [r.entrant.id for r in after_first.rows[:8]] == top8
    assert compute(event, PAIRS, st).rows[0].entrant.id == final.champion


def test_r_domino_11_a_dropped_teams_matches_are_walkovers():
    event, st = played(8, "double", 3, 2)
    first_bracket = event.rounds[3]
    gone = first_bracket.tables[0].seats[0]
    event, st = played(8, "double", 3, 2, drop=(4, gone))
    assert check_event(event) == []
    state = bracket(event, PAIRS, st)
    assert state.champion is not None
    assert state.champion != gone
    assert all(gone not in t.seats for r in event.rounds[4:] for t in r.tables)


def test_r_domino_11_the_bracket_settings_are_fixed_once_it_began(pairs):
    store.change_settings(ACTOR, pairs, {"playoff": "single", "rounds": 1, "playoff_teams": 4})
    for number, table in ((1, 1), (1, 2), (1, 3)):
        seats = [
            s.entrant.code
            for s in models.Table.objects.get(
                round__event=pairs, round__number=number, number=table
            ).seats.order_by("position")
        ]
        store.record_result(ACTOR, pairs, number, table, {seats[0]: 100, seats[1]: 50})
    store.close_round(ACTOR, pairs, 1)
    store.pair_round(ACTOR, pairs, seed=1)
    for name, value in (("playoff", "double"), ("playoff_teams", 6), ("grand_final_reset", False)):
        with pytest.raises(InvalidInput, match="cannot change once the bracket has begun"):
            store.change_settings(ACTOR, pairs, {name: value})
