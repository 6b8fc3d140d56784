"""Reading numbers and flags from forms and JSON bodies: a clear refusal, never a crash.

``str.isdigit()`` is true of ``²`` and ``٣``, which ``int()`` then refuses or reads as
another number; ``int()`` also takes ``1_000`` and refuses 5,000 digits with an error of its
own. Here a whole number is ASCII digits with an optional minus sign, short enough to be a
score, a turn count, a game, a version or a row's id.
"""

from __future__ import annotations

import re
from typing import Any

from kolo.core import problems
from kolo.core.problems import N_, InvalidInput

_WHOLE = re.compile(r"-?[0-9]{1,15}")


def whole_number(raw: str) -> int | None:
    """The whole number in ``raw`` (spaces around allowed), or ``None`` if it is not one."""
    text = raw.strip()
    return int(text) if _WHOLE.fullmatch(text) else None


def shown(value: Any) -> str:
    """A number as typed, for a message: at most 20 characters of it (``problems.shown``)."""
    return problems.shown(value, 20)


def optional_number(raw: str | None, path: str) -> int | None:
    """A form's optional whole number: ``None`` when empty, refused when not a number."""
    if raw is None or not raw.strip():
        return None
    value = whole_number(raw)
    if value is None:
        raise InvalidInput.one(N_("'{value}' is not a whole number"), path=path, value=shown(raw))
    return value
