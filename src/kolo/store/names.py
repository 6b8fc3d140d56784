"""Keys and names: what a handle of the store (an event's key, a pool's name) and a person's
or an event's name may be."""

from __future__ import annotations

import re

from kolo.core.problems import N_, InvalidInput
from kolo.core.validation import MAX_NAME_LENGTH, text_problem

KEY_PATTERN = re.compile(r"^[a-z0-9][a-z0-9-]{0,79}$")


def name_problem(name: str, *, entrant: bool) -> str | None:
    """Why a name (stripped) cannot be used, or ``None``."""
    problem = text_problem(name)
    if problem is not None:
        return problem
    if entrant and _ID_LIKE.fullmatch(name):
        return N_("'{name}' looks like an id (p1, p2, …); players are found by id first")
    return None


_ID_LIKE = re.compile(r"[pP]\d+")


def check_name(name: str, path: str = "NAME", *, entrant: bool = False) -> str:
    name = name.strip()
    problem = name_problem(name, entrant=entrant)
    if problem is not None:
        raise InvalidInput.one(problem, path=path, name=name, limit=MAX_NAME_LENGTH)
    return name
