"""Keys and names: what a handle of the store (an event's key, a pool's name) and a person's
or an event's name may be — pure rules, kept in ``kolo.changes.names`` and named here as
before."""

from __future__ import annotations

from kolo.changes.names import KEY_PATTERN as KEY_PATTERN
from kolo.changes.names import check_name as check_name
from kolo.changes.names import name_problem as name_problem
