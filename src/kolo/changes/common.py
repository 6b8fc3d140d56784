"""What several changes share: a closed round refuses changes, a forced change says why."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from kolo.core.event import EntrantId, Event, Round, Table
from kolo.core.problems import N_, InvalidInput, Problem


def the_round(event: Event, number: int) -> Round:
    """Round ``number`` of the event; the caller has found it (``LookupError`` otherwise)."""
    for round_ in event.rounds:
        if round_.number == number:
            return round_
    raise LookupError(number)


def refuse_if_closed(
    number: int, closed: bool, message: str = N_("round {number} is closed"), **params: object
) -> None:
    """A closed round changes only by the explicit correction (R-EVT-3)."""
    if closed:
        raise InvalidInput.one(message, path="ROUND", number=number, **params)


def allow_override(problems: Sequence[Problem], force_reason: str | None, anyway: str) -> None:
    """Broken pairing rules stand only with a reason (the audit trail keeps it): a reason
    given must say something; without one, the problems refuse the change, with ``anyway``
    saying how to make it all the same."""
    if force_reason is not None and not force_reason.strip():
        raise InvalidInput.one(N_("say why the rules are overridden"), path="--force")
    if problems and not force_reason:
        raise InvalidInput([*problems, Problem("--force", anyway)])


def check_whole(candidate: Event) -> None:
    """Refuse a change after which the event would not be valid (as ``kolo validate``)."""
    from kolo.games.rulesets import check_event

    problems = check_event(candidate)
    if problems:
        raise InvalidInput(problems)


def by_seat(
    event: Event,
    table: Table,
    values: Mapping[EntrantId, int],
    what: str,
    missing_message: str,
) -> dict[EntrantId, int]:
    """``values`` for exactly the players of ``table``, in seat order; refused when a player
    is not at the table, given twice (the caller maps names to ids) or missing."""
    name = {e.id: e.name for e in event.entrants}
    for who in values:
        if who not in table.seats:
            raise InvalidInput.one(
                N_("'{name}' is not at table {table} (seated: {seated})"),
                path=what,
                name=name.get(who, who),
                table=table.number,
                seated=", ".join(f"{c} {name.get(c, c)}" for c in table.seats),
            )
    absent = [c for c in table.seats if c not in values]
    if absent:
        raise InvalidInput.one(
            missing_message,
            path=what,
            players=", ".join(f"{c} {name.get(c, c)}" for c in absent),
            names=", ".join(name.get(c, c) for c in absent),
        )
    return {c: values[c] for c in table.seats}


def the_table(event: Event, round_number: int, table_number: int) -> Table:
    """Table ``table_number`` of round ``round_number``; the caller has found it."""
    return next(t for t in the_round(event, round_number).tables if t.number == table_number)
