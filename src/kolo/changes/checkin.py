"""Check-in on the day (R-REG-3), the rules of its changes: opening it, checking players in and
taking it back, and round 1 paired from the checked-in players only. Each refuses with a
``Refused`` before anything is written."""

from __future__ import annotations

from collections.abc import Collection

from kolo.changes.common import Refused
from kolo.core import checkin
from kolo.core.event import Entrant, EntrantId, Event
from kolo.core.problems import N_, Problem


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
