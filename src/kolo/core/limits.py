"""The largest field kolo supports (docs/pairing.md, "How large a field").

Pairing memory grows linearly with the field, but the searches and the standings still
take longer than an organiser waits beyond this size; fields beyond it are refused with a
clear message (exit 2, HTTP 400) when pairing or entering players, never a crash.
"""

from __future__ import annotations

from kolo.core.problems import N_, InvalidInput

MAX_ENTRANTS = 10_000
"""Entrants in one event: pairing round 2 of 6,000 takes about 80 MB and half a minute."""


def check_field(count: int, path: str = "$.entrants") -> None:
    """Refuse a field of more than ``MAX_ENTRANTS``."""
    if count > MAX_ENTRANTS:
        raise InvalidInput.one(
            N_("kolo supports at most {limit} entrants in an event; this one would have {count}"),
            path=path,
            limit=MAX_ENTRANTS,
            count=count,
        )
