"""A correction of a closed round's result: made only to the result the organiser saw."""

from __future__ import annotations

from kolo.changes.common import Refused
from kolo.core.problems import N_


def refuse_changed_meanwhile(version: int, expected_version: int | None) -> None:
    """A correction saved from a preview of the game's ``expected_version`` (None: not said)
    is refused once the result is at another ``version``: nothing entered is ever silently
    overwritten."""
    if expected_version is not None and version != expected_version:
        raise Refused.one(
            N_("someone else changed this result meanwhile; look at it again before saving"),
            path="version",
        )
