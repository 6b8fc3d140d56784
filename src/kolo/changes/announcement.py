"""An event's announcement (R-REG-1), pure: its details read from what the organiser typed
(the date, an optional start time, the city, the venue with its address, the capacity, the
registration deadline, the entry fee as text, a description), publishing (the date, the city
and the venue required), a change of a published event's details and a cancellation. Each
takes the details as they are and returns them after the change with what changed, or
refuses (``Refused``) before anything is written.

A refusal's path is the command line's option for the field (``--date``); the desk's form
shows it by the field (``field_of``)."""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any

from kolo.changes.common import Refused
from kolo.core.problems import N_, Problem
from kolo.core.validation import MAX_NAME_LENGTH, has_control_characters

MAX_ADDRESS = 300
MAX_FEE = 200
MAX_DESCRIPTION = 5000
MAX_CAPACITY = 10000


@dataclass(frozen=True)
class Details:
    """What an event's announcement says; ``registration_until`` is a local time (the
    service's time zone), as the organiser typed it."""

    date: datetime.date | None = None
    start_time: datetime.time | None = None
    city: str = ""
    venue: str = ""
    address: str = ""
    capacity: int | None = None
    registration_until: datetime.datetime | None = None
    fee: str = ""
    description: str = ""


FIELDS: tuple[str, ...] = tuple(f.name for f in fields(Details))
REQUIRED = ("date", "city", "venue")
"""What publishing needs (R-REG-1)."""


OPTIONS = {"start_time": "--start"}
"""The command line's options whose name is not the field's."""


def option(name: str) -> str:
    """The command line's option for a field: ``registration_until`` → ``--registration-until``,
    ``start_time`` → ``--start``."""
    return OPTIONS.get(name) or "--" + name.replace("_", "-")


def field_of(path: str) -> str | None:
    """The field a refusal's path names, or None."""
    return next((name for name in FIELDS if option(name) == path), None)


def text_of(name: str, value: Any) -> str:
    """A field's value as text (the audit entry, the API, the form): a date YYYY-MM-DD, a
    time HH:MM, a deadline YYYY-MM-DDTHH:MM, nothing as ""."""
    if value is None:
        return ""
    if isinstance(value, datetime.datetime):
        return value.strftime("%Y-%m-%dT%H:%M")
    if isinstance(value, datetime.time):
        return value.strftime("%H:%M")
    if isinstance(value, datetime.date):
        return value.isoformat()
    return str(value)


def _refuse(name: str, message: str, **params: object) -> Refused:
    return Refused([Problem(option(name), message, params)])


def _text(name: str, raw: str, limit: int, lines: bool = False) -> str:
    value = raw.strip().replace("\r\n", "\n")
    if len(value) > limit:
        raise _refuse(name, N_("longer than {limit} characters"), limit=limit)
    plain = value.replace("\n", "").replace("\t", "") if lines else value
    if has_control_characters(plain):
        raise _refuse(name, N_("must not contain tabs, line breaks or control characters"))
    return value


def read_value(name: str, raw: str) -> Any:
    """One field read from text; "" clears it. Refuses what it cannot read, saying how it is
    written."""
    value = raw.strip()
    if name in ("city", "venue"):
        return _text(name, value, MAX_NAME_LENGTH)
    if name == "address":
        return _text(name, value, MAX_ADDRESS)
    if name == "fee":
        return _text(name, value, MAX_FEE)
    if name == "description":
        return _text(name, raw, MAX_DESCRIPTION, lines=True)
    if not value:
        return None
    if name == "date":
        try:
            return datetime.date.fromisoformat(value)
        except ValueError:
            raise _refuse(
                name, N_("a date is written YYYY-MM-DD, not '{value}'"), value=value
            ) from None
    if name == "start_time":
        try:
            parsed = datetime.time.fromisoformat(value)
        except ValueError:
            parsed = None
        if parsed is None or len(value) != 5:
            raise _refuse(name, N_("a time is written HH:MM, not '{value}'"), value=value)
        return parsed
    if name == "registration_until":
        try:
            moment = datetime.datetime.fromisoformat(value.replace(" ", "T"))
        except ValueError:
            moment = None
        if moment is None or moment.tzinfo is not None or "T" not in value.replace(" ", "T"):
            raise _refuse(
                name,
                N_("a deadline is written YYYY-MM-DDTHH:MM, not '{value}'"),
                value=value,
            )
        return moment.replace(second=0, microsecond=0)
    if name == "capacity":
        if not value.isdigit() or not 1 <= int(value) <= MAX_CAPACITY:
            raise _refuse(
                name,
                N_("the capacity is a whole number of places from 1 to {limit}, not '{value}'"),
                limit=MAX_CAPACITY,
                value=value,
            )
        return int(value)
    raise LookupError(name)


@dataclass(frozen=True)
class Announced:
    """The details after a change, what changed (field → its text before and after) and
    whether the change publishes the event."""

    details: Details
    changed: Mapping[str, tuple[str, str]]
    publishes: bool

    def before(self) -> dict[str, str]:
        return {name: old for name, (old, _new) in self.changed.items()}

    def after(self) -> dict[str, str]:
        return {name: new for name, (_old, new) in self.changed.items()}

    def summary(self) -> str:
        """The audit entry's sentence (English, as the store writes; the desk words it)."""
        names = ", ".join(self.changed)
        if self.publishes:
            return f"published the event; details: {names}" if names else "published the event"
        return f"changed the event's details: {names}"


def change_details(
    current: Details,
    given: Mapping[str, str],
    *,
    published: bool,
    cancelled: bool,
    publish: bool,
    seen: Mapping[str, str] | None = None,
) -> Announced:
    """The details after the organiser's ``given`` fields (text; a field not given stays as it
    is, "" clears it); ``publish`` publishes a draft. Refuses a change of a cancelled event,
    a published event without its date, city or venue, a deadline after the event's day, and
    a change that changes nothing. ``seen`` is each given field as the organiser's form showed
    it: a field changed meanwhile by someone else is refused, not overwritten."""
    if cancelled:
        raise Refused(
            [Problem("EVENT", N_("the event is cancelled: its details stay as they were"))]
        )
    unknown = [name for name in given if name not in FIELDS]
    if unknown:
        raise LookupError(unknown[0])
    problems: list[Problem] = []
    for name in given:
        now = text_of(name, getattr(current, name))
        if seen is not None and name in seen and seen[name].strip().replace("\r\n", "\n") != now:
            problems.append(
                Problem(
                    option(name),
                    N_("changed meanwhile by someone else to '{value}': look at it again"),
                    {"value": now},
                )
            )
    if problems:
        raise Refused(problems)
    values: dict[str, Any] = {}
    for name, raw in given.items():
        try:
            values[name] = read_value(name, raw)
        except Refused as error:
            problems.extend(error.problems)
    after = replace(current, **values)
    publishes = publish and not published
    if published or publishes:
        unread = {p.path for p in problems}
        problems.extend(
            Problem(option(name), message)
            for name, message in (
                ("date", N_("a published event needs its date (YYYY-MM-DD)")),
                ("city", N_("a published event needs its city")),
                ("venue", N_("a published event needs its venue")),
            )
            if not getattr(after, name) and option(name) not in unread
        )
    if problems:
        raise Refused(problems)
    if (
        after.registration_until is not None
        and after.date is not None
        and after.registration_until.date() > after.date
    ):
        raise _refuse(
            "registration_until",
            N_("registrations cannot close after the event's day ({date})"),
            date=after.date.isoformat(),
        )
    changed = {
        name: (text_of(name, getattr(current, name)), text_of(name, getattr(after, name)))
        for name in FIELDS
        if getattr(current, name) != getattr(after, name)
    }
    if not changed and not publishes:
        if publish:
            raise Refused([Problem("EVENT", N_("the event is published already; nothing changed"))])
        raise Refused([Problem("EVENT", N_("nothing changed"))])
    return Announced(after, changed, publishes)


def cancel(*, published: bool, cancelled: bool) -> None:
    """Whether the event may be cancelled: a published event not cancelled already."""
    if cancelled:
        raise Refused([Problem("EVENT", N_("the event is cancelled already"))])
    if not published:
        raise Refused(
            [
                Problem(
                    "EVENT",
                    N_("only a published event is cancelled; a draft was never announced"),
                )
            ]
        )
