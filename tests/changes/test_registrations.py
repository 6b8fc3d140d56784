"""The rules of registrations (R-REG-2), pure: status on arrival, the waiting list moving up,
the organiser's moves, duplicates flagged, refusals with the reason."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kolo.changes import registrations as reg
from kolo.changes.common import Refused
from kolo.changes.registrations import Entry, Opening

NOW = datetime(2027, 3, 1, 12, 0, tzinfo=UTC)


def opening(**kw: object) -> Opening:
    values: dict[str, object] = {
        "published": True,
        "cancelled": False,
        "started": False,
        "capacity": 2,
        "until": None,
        "approve": False,
    }
    values.update(kw)
    return Opening(**values)  # type: ignore[arg-type]


def _with(entries: list[Entry], changes: dict[int, Entry]) -> list[Entry]:
    return [changes.get(e.number, e) for e in entries]


def _arrive(o: Opening, entries: list[Entry], name: str) -> list[Entry]:
    return [*entries, reg.arrive(o, entries, name)]


def test_arrivals_are_registered_up_to_the_capacity_then_wait_in_order():
    o = opening(capacity=2)
    entries: list[Entry] = []
    for name in ["Ann", "Bob", "Cyril", "Dana"]:
        entries = _arrive(o, entries, name)
    assert [e.status for e in entries] == ["registered", "registered", "waiting", "waiting"]
    assert reg.waiting_position(entries, 3) == 1
    assert reg.waiting_position(entries, 4) == 2
    assert reg.waiting_position(entries, 1) is None


def test_a_cancellation_moves_the_first_waiting_player_up():
    o = opening(capacity=2)
    entries: list[Entry] = []
    for name in ["Ann", "Bob", "Cyril", "Dana"]:
        entries = _arrive(o, entries, name)
    changes = reg.cancel(entries, 1, o.capacity)
    assert changes[1].status == "cancelled"
    assert changes[3].status == "registered"
    assert 4 not in changes
    entries = _with(entries, changes)
    assert reg.waiting_position(entries, 4) == 1


def test_a_raised_capacity_moves_the_first_waiting_players_up():
    o = opening(capacity=1)
    entries: list[Entry] = []
    for name in ["Ann", "Bob", "Cyril", "Dana"]:
        entries = _arrive(o, entries, name)
    changes = reg.set_capacity(entries, 3)
    assert sorted(changes) == [2, 3]
    assert all(c.status == "registered" for c in changes.values())


def test_the_capacity_cannot_go_below_the_registered():
    entries = [Entry(1, 1, "Ann", "registered"), Entry(2, 2, "Bob", "registered")]
    with pytest.raises(Refused) as error:
        reg.set_capacity(entries, 1)
    assert error.value.problems[0].params == {"taken": 2}


def test_with_approval_a_registration_waits_for_the_organiser():
    o = opening(capacity=1, approve=True)
    entries = _arrive(o, [], "Ann")
    entries = _arrive(o, entries, "Bob")
    assert [e.status for e in entries] == ["pending", "pending"]
    entries = _with(entries, reg.approve(entries, 2, o.capacity))
    entries = _with(entries, reg.approve(entries, 1, o.capacity))
    assert {e.name: e.status for e in entries} == {"Bob": "registered", "Ann": "waiting"}
    with pytest.raises(Refused):
        reg.approve(entries, 1, o.capacity)


def test_an_organiser_adds_without_approval():
    o = opening(capacity=1, approve=True)
    assert reg.arrive(o, [], "Ann", by_organiser=True).status == "registered"


def test_moving_the_first_waiting_player_up_swaps_places_and_statuses():
    entries = [
        Entry(1, 1, "Ann", "registered"),
        Entry(2, 2, "Bob", "registered"),
        Entry(3, 3, "Cyril", "waiting"),
    ]
    changes = reg.move(entries, 3, up=True)
    assert changes[3] == Entry(3, 2, "Cyril", "registered")
    assert changes[2] == Entry(2, 3, "Bob", "waiting")
    with pytest.raises(Refused):
        reg.move(entries, 1, up=True)
    with pytest.raises(Refused):
        reg.move(entries, 3, up=False)


def test_remove_frees_a_place():
    entries = [Entry(1, 1, "Ann", "registered"), Entry(2, 2, "Bob", "waiting")]
    changes = reg.remove(entries, 1, 1)
    assert changes[1].status == "removed"
    assert changes[2].status == "registered"
    with pytest.raises(Refused):
        reg.remove(_with(entries, changes), 1, 1)


def test_duplicates_ignore_case_and_accents_and_are_only_flagged():
    entries = [
        Entry(1, 1, "Jan Novák", "registered"),
        Entry(2, 2, "jan  novak", "waiting"),
        Entry(3, 3, "Jana Nováková", "registered"),
        Entry(4, 4, "JAN NOVÁK", "cancelled"),
    ]
    assert reg.duplicates(entries) == {1, 2}


@pytest.mark.parametrize(
    ("kw", "message"),
    [
        ({"cancelled": True}, "the event is cancelled"),
        ({"published": False}, "the event is not open for registration: it is not published yet"),
        ({"started": True}, "the event has already started; registration is closed"),
        ({"until": NOW - timedelta(minutes=1)}, "registration closed on {until}"),
    ],
)
def test_a_closed_event_refuses_with_the_reason(kw, message):
    with pytest.raises(Refused) as error:
        reg.check_open(opening(**kw), NOW)
    assert error.value.problems[0].message == message


def test_an_open_event_takes_registrations():
    reg.check_open(opening(until=NOW + timedelta(hours=1)), NOW)


def test_seats_to_the_next_table():
    assert reg.seats_to_next_table(7, 3) == 2
    assert reg.seats_to_next_table(9, 3) == 0
    assert reg.seats_to_next_table(0, 4) == 0


operations = st.lists(
    st.one_of(
        st.tuples(st.just("register"), st.integers(0, 0)),
        st.tuples(st.just("cancel"), st.integers(1, 30)),
        st.tuples(st.just("remove"), st.integers(1, 30)),
        st.tuples(st.just("capacity"), st.integers(0, 12)),
        st.tuples(st.just("approve"), st.integers(1, 30)),
        st.tuples(st.just("up"), st.integers(1, 30)),
        st.tuples(st.just("down"), st.integers(1, 30)),
    ),
    max_size=40,
)


@settings(max_examples=300, deadline=None)
@given(operations, st.integers(0, 6), st.booleans())
def test_the_registered_never_exceed_the_capacity_and_the_waiting_keep_arrival_order(
    ops, capacity, approval
):
    o = opening(capacity=capacity, approve=approval)
    entries: list[Entry] = []
    moved = False
    for op, value in ops:
        try:
            if op == "register":
                entries = _arrive(o, entries, f"P{len(entries) + 1}")
                continue
            if op == "capacity":
                changes = reg.set_capacity(entries, value)
                o = opening(capacity=value, approve=approval)
            elif op == "approve":
                changes = reg.approve(entries, value, o.capacity)
            elif op in ("up", "down"):
                changes = reg.move(entries, value, op == "up")
                moved = True
            elif op == "cancel":
                changes = reg.cancel(entries, value, o.capacity)
            else:
                changes = reg.remove(entries, value, o.capacity)
        except Refused:
            continue
        entries = _with(entries, changes)
        assert o.capacity is not None
        registered = [e for e in entries if e.status == "registered"]
        waiting = [e for e in entries if e.status == "waiting"]
        assert len(registered) <= o.capacity
        # nobody waits while a place is free
        assert not waiting or len(registered) == o.capacity
        # the waiting list keeps arrival order (queue), after every registered player
        queue_order = sorted(waiting, key=lambda e: e.queue)
        assert [e.queue for e in queue_order] == sorted(e.queue for e in waiting)
        if not approval and not moved:
            assert [e.number for e in queue_order] == sorted(e.number for e in waiting)
        if registered and waiting:
            assert max(e.queue for e in registered) < min(e.queue for e in waiting)
