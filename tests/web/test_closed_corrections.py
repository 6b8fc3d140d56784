"""R-EVT-3's explicit correction: a closed round's result corrected after later rounds
were paired; the standings change, the later rounds stay as played, and what would have
been paired differently is said first and kept in the audit trail."""

import pytest

from kolo.core.problems import InvalidInput
from kolo.store import api as store
from kolo.store import corrections, models
from tests.web.conftest import ACTOR, snapshot

pytestmark = [pytest.mark.db, pytest.mark.django_db]


@pytest.fixture
def nine():
    created = store.create_event(ACTOR, "Zlin 2026", "dominion-cz")
    store.add_entrants(ACTOR, created, [(f"Player {i}", None) for i in range(1, 10)])
    return created


def seats(event, number, table):
    row = models.Table.objects.get(round__event=event, round__number=number, number=table)
    return [s.entrant.code for s in row.seats.order_by("position")]


def play(event, number):
    """Every table: the first seat wins, the last loses."""
    for table in models.Table.objects.filter(round__event=event, round__number=number):
        codes = seats(event, number, table.number)
        store.record_result(
            ACTOR, event, number, table.number, {p: 40 - 10 * i for i, p in enumerate(codes)}
        )
    store.close_round(ACTOR, event, number)


@pytest.fixture
def two_rounds_played(nine):
    store.pair_round(ACTOR, nine, seed=1)
    play(nine, 1)
    store.pair_round(ACTOR, nine, seed=2)
    play(nine, 2)
    store.pair_round(ACTOR, nine, seed=3)  # round 3 paired, no results yet
    return nine


def reversed_table_1(event):
    codes = seats(event, 1, 1)
    return {p: 10 + 10 * i for i, p in enumerate(codes)}  # the last seat wins now


def test_r_evt_3_preview_says_what_changes_and_stores_nothing(two_rounds_played):
    event = two_rounds_played
    before = snapshot()
    shown = corrections.preview(event, 1, 1, reversed_table_1(event))
    assert snapshot() == before
    assert shown.round_number == 1
    assert shown.table_number == 1
    assert shown.version == 1
    winner, *_rest, loser = seats(event, 1, 1)
    changed = {c.code: c for c in shown.standings}
    assert changed[winner].points_after < changed[winner].points_before
    assert changed[loser].points_after > changed[loser].points_before
    assert shown.after_round == 2
    assert [r.number for r in shown.later] == [2, 3]
    # round 2 sat the round-1 winners together: with the loser winning it would not have
    assert shown.later[0].played
    assert shown.later[0].would_be
    assert any(loser in t for t in shown.later[0].would_be)
    assert shown.budget == 3.0


def test_r_evt_3_correction_of_a_closed_round_recomputes_and_keeps_later_rounds(
    two_rounds_played,
):
    event = two_rounds_played
    round_2 = [seats(event, 2, t) for t in (1, 2, 3)]
    round_3 = [seats(event, 3, t) for t in (1, 2, 3)]
    old = store.standings(event)
    shown, _game, replaced = corrections.correct(
        ACTOR, event, 1, 1, reversed_table_1(event), expected_version=1
    )
    assert replaced is not None
    assert replaced["scores"] == {p: 40 - 10 * i for i, p in enumerate(seats(event, 1, 1))}
    assert models.Round.objects.get(event=event, number=1).closed
    assert [seats(event, 2, t) for t in (1, 2, 3)] == round_2
    assert [seats(event, 3, t) for t in (1, 2, 3)] == round_3
    new = store.standings(event)
    assert [r.points for r in new.rows] != [r.points for r in old.rows] or [
        r.entrant.id for r in new.rows
    ] != [r.entrant.id for r in old.rows]
    entry = store.audit_trail(event).last()
    assert entry.action == "result.correct"
    assert "closed round" in entry.summary
    assert "R-EVT-3" in entry.summary
    assert entry.before["scores"] == replaced["scores"]
    kept = entry.after["closed_round"]
    assert kept["later_tables_differ"]["2"] == [n for n, _s in shown.later[0].played]
    assert {c["entrant"] for c in kept["standings"]} == {c.code for c in shown.standings}


def test_r_evt_3_correction_refuses_a_stale_version_and_an_open_round(two_rounds_played):
    event = two_rounds_played
    corrections.correct(ACTOR, event, 1, 1, reversed_table_1(event), expected_version=1)
    before = snapshot()
    with pytest.raises(InvalidInput, match="changed this result meanwhile"):
        corrections.correct(ACTOR, event, 1, 1, reversed_table_1(event), expected_version=1)
    with pytest.raises(InvalidInput, match="not closed"):
        corrections.preview(event, 3, 1, dict.fromkeys(seats(event, 3, 1), 1))
    with pytest.raises(InvalidInput, match="has no table 9"):
        corrections.preview(event, 1, 9, {})
    with pytest.raises(InvalidInput, match="not at table"):
        corrections.preview(event, 1, 1, {**reversed_table_1(event), seats(event, 1, 2)[0]: 3})
    assert snapshot() == before


def test_a_closed_round_still_refuses_an_ordinary_correction(two_rounds_played):
    event = two_rounds_played
    with pytest.raises(InvalidInput, match="closed"):
        store.record_result(ACTOR, event, 1, 1, reversed_table_1(event), correct=True)


def test_r_evt_3_correction_in_the_last_closed_round_has_no_later_rounds(nine):
    store.pair_round(ACTOR, nine, seed=1)
    play(nine, 1)
    shown, _game, _before = corrections.correct(ACTOR, nine, 1, 1, reversed_table_1(nine))
    assert shown.later == ()
    assert shown.standings
    winner = seats(nine, 1, 1)[0]
    row = next(r for r in store.standings(nine).rows if r.entrant.id == winner)
    assert row.points < next(c.points_before for c in shown.standings if c.code == winner)
