"""The rules of registrations (R-REG-2), pure: whether an event takes a registration now, the
status a new one gets, the first waiting players moved up when places free, the organiser's
moves, approvals and removals, and the duplicates flagged.

A registration is seen here as an :class:`Entry` (its number, its place in the queue, its name
and status); the event as an :class:`Opening`. Each change takes the entries and returns the
statuses and queue places that change (``{number: Entry}``), or refuses (:class:`Refused`)
before anything is written. The store (``store/registrations.py``) writes what they return.

The statuses: ``registered`` (has a place), ``waiting`` (on the waiting list, in queue
order), ``pending`` (awaits the organiser's approval; holds no place), ``cancelled`` (by the
player), ``removed`` (by the organiser). Invariants, whatever happens: the registered are
never more than the capacity, and every registered entry comes before every waiting one in
the queue, the waiting in the order they arrived (or the organiser moved them).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from datetime import datetime

from kolo.changes.common import Refused
from kolo.core.collation import fold
from kolo.core.problems import N_, Problem

REGISTERED = "registered"
WAITING = "waiting"
PENDING = "pending"
CANCELLED = "cancelled"
REMOVED = "removed"
STATUSES = (REGISTERED, WAITING, PENDING, CANCELLED, REMOVED)
ACTIVE = (REGISTERED, WAITING, PENDING)
"""The statuses of a registration still in the event."""


@dataclass(frozen=True)
class Entry:
    """A registration as the rules see it."""

    number: int
    """Its number in the event (1, 2…), in order of arrival; never reused."""
    queue: int
    """Its place in the queue (arrival order; the organiser may move it)."""
    name: str
    status: str


@dataclass(frozen=True)
class Opening:
    """What of an event decides whether it takes registrations."""

    published: bool
    cancelled: bool
    started: bool
    """The event has begun: a round is paired, or its start (its day's end without a start
    time) has passed."""
    capacity: int | None
    """The most registered players (None: no limit)."""
    until: datetime | None
    """The registration deadline (None: until the event starts)."""
    approve: bool
    """Each registration waits for the organiser's approval first."""


Changes = dict[int, Entry]
"""The entries a change alters, by number."""


def refuse(message: str, path: str = "registration", **params: object) -> Refused:
    """A registration's change refused, with the reason."""
    return Refused([Problem(path, message, params)])


def check_open(opening: Opening, now: datetime) -> None:
    """Refuse a registration the event does not take now, with the reason."""
    if opening.cancelled:
        raise refuse(N_("the event is cancelled"))
    if not opening.published:
        raise refuse(N_("the event is not open for registration: it is not published yet"))
    if opening.started:
        raise refuse(N_("the event has already started; registration is closed"))
    if opening.until is not None and now > opening.until:
        raise refuse(
            N_("registration closed on {until}"), until=opening.until.strftime("%Y-%m-%d %H:%M")
        )


def _in_queue(entries: Iterable[Entry], statuses: tuple[str, ...]) -> list[Entry]:
    return sorted((e for e in entries if e.status in statuses), key=lambda e: (e.queue, e.number))


def registered_count(entries: Iterable[Entry]) -> int:
    return sum(1 for e in entries if e.status == REGISTERED)


def _room(capacity: int | None, entries: Iterable[Entry]) -> bool:
    return capacity is None or registered_count(entries) < capacity


def next_number(entries: Iterable[Entry]) -> int:
    return max((e.number for e in entries), default=0) + 1


def next_queue(entries: Iterable[Entry]) -> int:
    return max((e.queue for e in entries), default=0) + 1


def new_status(opening: Opening, entries: Iterable[Entry], *, by_organiser: bool = False) -> str:
    """The status of a registration arriving now: pending the organiser's approval where the
    event asks for it (not one the organiser adds), registered while places are free and
    nobody waits, else waiting at the end of the list."""
    entries = list(entries)
    if opening.approve and not by_organiser:
        return PENDING
    waiting = any(e.status == WAITING for e in entries)
    return REGISTERED if _room(opening.capacity, entries) and not waiting else WAITING


def arrive(opening: Opening, entries: Iterable[Entry], name: str, **kw: bool) -> Entry:
    """The entry of a registration arriving now (its number and queue the next ones)."""
    entries = list(entries)
    return Entry(
        number=next_number(entries),
        queue=next_queue(entries),
        name=name,
        status=new_status(opening, entries, **kw),
    )


def move_up_waiting(capacity: int | None, entries: Iterable[Entry]) -> Changes:
    """R-REG-2: while places are free, the first waiting players (in queue order) take them."""
    current = {e.number: e for e in entries}
    changes: Changes = {}
    for entry in _in_queue(current.values(), (WAITING,)):
        if not _room(capacity, current.values()):
            break
        moved = replace(entry, status=REGISTERED)
        current[entry.number] = changes[entry.number] = moved
    return changes


def _apply(entries: Iterable[Entry], changes: Mapping[int, Entry]) -> list[Entry]:
    return [changes.get(e.number, e) for e in entries]


def _find(entries: Iterable[Entry], number: int) -> Entry:
    for entry in entries:
        if entry.number == number:
            return entry
    raise refuse(N_("no registration number {number}"), number=number)


def leave(entries: Iterable[Entry], number: int, capacity: int | None, status: str) -> Changes:
    """A registration cancelled (by the player) or removed (by the organiser); the first
    waiting players move up into a place it frees."""
    entries = list(entries)
    entry = _find(entries, number)
    if entry.status not in ACTIVE:
        raise refuse(N_("registration {number} is already cancelled"), number=number)
    changes: Changes = {number: replace(entry, status=status)}
    changes.update(move_up_waiting(capacity, _apply(entries, changes)))
    return changes


def cancel(
    entries: Iterable[Entry], number: int, capacity: int | None, *, started: bool = False
) -> Changes:
    """The player cancels; refused once the event has started (its first round seated): the
    places are taken by then, and the organiser drops a player who leaves."""
    if started:
        raise refuse(N_("the event has already started: tell the organiser at the desk"))
    return leave(entries, number, capacity, CANCELLED)


def remove(entries: Iterable[Entry], number: int, capacity: int | None) -> Changes:
    return leave(entries, number, capacity, REMOVED)


def approve(entries: Iterable[Entry], number: int, capacity: int | None) -> Changes:
    """The organiser approves a pending registration: it joins the queue now, registered if
    a place is free and nobody waits, else waiting at the end."""
    entries = list(entries)
    entry = _find(entries, number)
    if entry.status != PENDING:
        raise refuse(N_("registration {number} is not awaiting approval"), number=number)
    others = [e for e in entries if e.number != number]
    waiting = any(e.status == WAITING for e in others)
    status = REGISTERED if _room(capacity, others) and not waiting else WAITING
    return {number: replace(entry, status=status, queue=next_queue(entries))}


def set_capacity(entries: Iterable[Entry], capacity: int | None) -> Changes:
    """A new capacity: never below the registered (nobody loses a place); a raised one moves
    the first waiting players up."""
    entries = list(entries)
    taken = registered_count(entries)
    if capacity is not None and capacity < taken:
        raise refuse(
            N_("{taken} players are registered already; the capacity cannot be lower"),
            path="capacity",
            taken=taken,
        )
    return move_up_waiting(capacity, entries)


def move(entries: Iterable[Entry], number: int, up: bool) -> Changes:
    """The organiser moves a registration one place up or down the queue (registered and
    waiting together): it changes places with its neighbour, and with it the status, so that
    moving the first waiting player up gives them the last registered player's place."""
    entries = list(entries)
    entry = _find(entries, number)
    queue = _in_queue(entries, (REGISTERED, WAITING))
    if entry not in queue:
        raise refuse(N_("registration {number} is not in the queue"), number=number)
    index = queue.index(entry)
    other_index = index - 1 if up else index + 1
    if not 0 <= other_index < len(queue):
        raise refuse(
            N_("registration {number} is first already")
            if up
            else N_("registration {number} is last already"),
            number=number,
        )
    other = queue[other_index]
    return {
        entry.number: replace(entry, queue=other.queue, status=other.status),
        other.number: replace(other, queue=entry.queue, status=entry.status),
    }


def waiting_position(entries: Iterable[Entry], number: int) -> int | None:
    """The entry's place on the waiting list (1 first), None when it is not waiting."""
    for position, entry in enumerate(_in_queue(entries, (WAITING,)), start=1):
        if entry.number == number:
            return position
    return None


def name_key(name: str) -> str:
    """A name as duplicates compare it: ignoring case, accents and spacing (Novák = novak)."""
    return " ".join(fold(name).split())


def duplicates(entries: Iterable[Entry]) -> set[int]:
    """The numbers of active registrations whose name another active one has too (ignoring
    case and accents): flagged to the organiser, never refused."""
    groups: dict[str, list[int]] = {}
    for entry in entries:
        if entry.status in ACTIVE:
            groups.setdefault(name_key(entry.name), []).append(entry.number)
    return {n for numbers in groups.values() if len(numbers) > 1 for n in numbers}


def seats_to_next_table(taken: int, table_size: int) -> int:
    """How many more players complete the next full table (0: every table is full)."""
    return (-taken) % table_size if table_size > 0 else 0
