"""Keys and names: what a handle (an event's or a series' key, a pool's name) and a person's,
a club's or an event's name may be; each refuses with one clear problem."""

from __future__ import annotations

import re

from kolo.changes.common import Refused
from kolo.core.problems import N_
from kolo.core.validation import KEY_PATTERN as KEY_PATTERN
from kolo.core.validation import MAX_NAME_LENGTH, text_problem

_ID_LIKE = re.compile(r"[pP]\d+")


def name_problem(name: str, *, entrant: bool) -> str | None:
    """Why a name (stripped) cannot be used, or ``None``."""
    problem = text_problem(name)
    if problem is not None:
        return problem
    if entrant and _ID_LIKE.fullmatch(name):
        return N_("'{name}' looks like an id (p1, p2, …); players are found by id first")
    return None


def check_name(name: str, path: str = "NAME", *, entrant: bool = False) -> str:
    """The name stripped, or ``Refused`` (at ``path``) saying why it cannot be used."""
    name = name.strip()
    problem = name_problem(name, entrant=entrant)
    if problem is not None:
        raise Refused.one(problem, path=path, name=name, limit=MAX_NAME_LENGTH)
    return name


def check_key(key: str, path: str) -> None:
    """A key is lower-case letters, digits and dashes (``KEY_PATTERN``)."""
    if not KEY_PATTERN.match(key):
        raise Refused.one(
            N_("a key is lower-case letters, digits and dashes, starting with a letter or digit"),
            path=path,
        )


def check_club(club: str, path: str) -> str | None:
    """A club (stripped; empty: none), checked as names are (``text_problem``)."""
    club = club.strip()
    problem = text_problem(club) if club else None
    if problem is not None:
        raise Refused.one(problem, path=path, name=club[:50], limit=MAX_NAME_LENGTH)
    return club or None
