"""Check-in on the day (R-REG-3), the rules of its changes: opening it, checking players in and
taking it back, and round 1 paired from the checked-in players only. Each refuses with a
``Refused`` before anything is written."""

from __future__ import annotations

from collections.abc import Collection

from kolo.changes.common import Refused
from kolo.changes.names import name_problem
from kolo.core import checkin
from kolo.core.event import Entrant, EntrantId, Event
from kolo.core.problems import N_, Problem
from kolo.core.validation import MAX_NAME_LENGTH


def refuse_opening(event: Event) -> None:
    """Check-in opens before round 1 is paired."""
    if event.rounds:
        raise Refused(
            [
                Problem(
                    "EVENT",
                    N_("round 1 is paired already: check-in is for the start of the event"),
                )
            ]
        )


def refuse_checkin(event: Event, *, opened: bool, key: str = "") -> None:
    """Players are checked in (or it is taken back) once check-in is open and until round 1 is
    paired; a player who comes later enters as a late entrant."""
    if not opened:
        raise Refused(
            [
                Problem(
                    "EVENT",
                    N_("check-in has not started; open it first (kolo event checkin {event})"),
                    {"event": key},
                )
            ]
        )
    if event.rounds:
        raise Refused(
            [
                Problem(
                    "EVENT",
                    N_(
                        "round 1 is paired already; a player who comes now enters as a late "
                        "entrant (kolo entrant add)"
                    ),
                )
            ]
        )


def refuse_absent(
    event: Event, checked_in: Collection[EntrantId], *, opened: bool, key: str = ""
) -> None:
    """Once check-in has started, round 1 is paired from the checked-in players only
    (R-REG-3): refused while anyone who would be paired has not checked in; the organiser
    checks them in or drops them."""
    if not opened:
        return
    missing = checkin.absent(event, checked_in)
    if not missing:
        return
    raise Refused(
        [
            Problem(
                "ROUND",
                N_(
                    "check-in has started and {count} have not checked in: {names}; check them "
                    "in (kolo entrant checkin {event} …) or drop them (kolo entrant drop {event} "
                    "--not-checked-in)"
                ),
                {
                    "count": len(missing),
                    "names": ", ".join(e.name for e in missing),
                    "event": key,
                },
            )
        ]
    )


def to_drop(
    event: Event, checked_in: Collection[EntrantId], *, opened: bool
) -> tuple[Entrant, ...]:
    """The players who registered and did not come, to drop before round 1 (dropped after
    round 0); refused before check-in has started or once round 1 is paired."""
    if not opened:
        raise Refused([Problem("EVENT", N_("check-in has not started: nobody is missing yet"))])
    if event.rounds:
        raise Refused([Problem("EVENT", N_("round 1 is paired already; drop players one by one"))])
    return checkin.absent(event, checked_in)


def check_entry(entry: checkin.Entry, path: str) -> None:
    """The names and the club an entry brings, checked as entrant names are everywhere."""
    named = [(text, True) for text in (entry.name, *entry.members)]
    for text, entrant in [*named, *([(entry.club, False)] if entry.club else [])]:
        problem = name_problem(text, entrant=entrant)
        if problem:
            raise Refused([Problem(path, problem, {"name": text, "limit": MAX_NAME_LENGTH})])


def refuse_taps(taps: Collection[tuple[str, bool]], *, undo: bool) -> None:
    """Checking in (or taking back) the entrants named, each with whether they have checked
    in: refused for one checked in already (or, to take back, not checked in)."""
    problems = [
        Problem("ENTRANT", N_("'{name}' has not checked in"), {"name": name})
        for name, checked in taps
        if undo and not checked
    ] + [
        Problem("ENTRANT", N_("'{name}' has checked in already"), {"name": name})
        for name, checked in taps
        if not undo and checked
    ]
    if problems:
        raise Refused(problems)


def refuse_no_entrants(refs: Collection[str]) -> None:
    if not refs:
        raise Refused([Problem("ENTRANT", N_("no entrants given"), {})])


NOT_CHECKED_IN = {
    "pending": N_("{name}'s registration awaits the organiser's approval: approve it first"),
    "cancelled": N_("{name} cancelled their registration: it cannot be checked in"),
    "removed": N_("{name}'s registration was removed: it cannot be checked in"),
}
"""Why a registration of each other status is not checked in."""


def refuse_registration(status: str, name: str) -> None:
    """A registration is checked in only while registered or waiting (a waiting player seated
    at the door is registered)."""
    if status not in ("registered", "waiting"):
        message = NOT_CHECKED_IN.get(status, N_("{name}'s registration cannot be checked in"))
        raise Refused([Problem("TOKEN", message, {"name": name})])


def late_entry(entry: checkin.Entry, entered: bool) -> None:
    """A player who comes on the day without a registration: a name, names entrants may
    have, and not one entered already (``entered``: the name is, ignoring case)."""
    if not entry.name:
        raise Refused([Problem("NAME", N_("the name must not be empty"), {})])
    check_entry(entry, "NAME")
    if entered:
        raise Refused(
            [
                Problem(
                    "NAME",
                    N_("'{name}' is entered already; check them in instead"),
                    {"name": entry.name},
                )
            ]
        )


def refuse_nobody_to_drop(missing: Collection[Entrant]) -> None:
    if not missing:
        raise Refused([Problem("EVENT", N_("everyone has checked in: nobody to drop"), {})])
