"""Series: what a series may record (its key, its players listed once, an event's date) and
when two players are merged into one; each refuses (``Refused``) or returns the value."""

from __future__ import annotations

import datetime
from collections.abc import Collection, Sequence

from kolo.changes.common import Refused
from kolo.changes.names import check_key
from kolo.core.problems import N_


def series_key(key: str, key_taken: bool) -> None:
    """A key given for a new series: well formed, and no series has it (``key_taken``)."""
    check_key(key, "key")
    if key_taken:
        raise Refused.one(N_("a series with key '{key}' exists already"), path="key", key=key)


def players_list(values: Sequence[str], path: str) -> list[str]:
    """Players' identities (stripped, blanks left out), each listed once."""
    cleaned = [v.strip() for v in values if v.strip()]
    if len(set(cleaned)) != len(cleaned):
        raise Refused.one(N_("a player is listed twice"), path=path)
    return cleaned


def event_date(value: datetime.date | str) -> datetime.date:
    """The date of a series' event (a date, or one written YYYY-MM-DD)."""
    if not isinstance(value, str):
        return value
    try:
        return datetime.date.fromisoformat(value.strip())
    except ValueError:
        raise Refused.one(
            N_("a date is written YYYY-MM-DD, not '{value}'"), path="date", value=value
        ) from None


def merge_pair(keep: str, merge: str) -> tuple[str, str]:
    """The two players to merge (stripped): two, and different."""
    keep, merge = keep.strip(), merge.strip()
    if not keep or not merge or keep == merge:
        raise Refused.one(N_("name two different players to merge"), path="merge")
    return keep, merge


def refuse_both_played(keep: str, merge: str, event: str, persons: Collection[str]) -> None:
    """Two players who both played ``event`` (``persons``: who played it) are two people."""
    if keep in persons:
        raise Refused.one(
            N_("{keep} and {merge} both played {event}: they are two people"),
            path="merge",
            keep=keep,
            merge=merge,
            event=event,
        )


def refuse_nobody_merged(merge: str, changed: int) -> None:
    """A merge that changes no entrant names a player the series does not have."""
    if not changed:
        raise Refused.one(
            N_("no entrant of this series is the player '{player}'"), path="merge", player=merge
        )


def refuse_unrated(in_series: bool) -> None:
    """Seeding by rating takes the ratings of a series the event is in."""
    if not in_series:
        raise Refused.one(
            N_(
                "seeding by rating needs the event in a series: add it to one at the desk, "
                "or choose seeding random or entry"
            ),
            path="seeding",
        )
