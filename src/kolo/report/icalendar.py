"""iCalendar (RFC 5545), pure: a calendar of events as players subscribe to it
(``/calendar.ics``, a series' calendar). Each event is a VEVENT with a stable UID; an event
with a start time starts at that time in Europe/Prague (with the zone's VTIMEZONE), one
without takes its whole day; a cancelled event says STATUS:CANCELLED. Text is escaped
(backslash, semicolon, comma, line breaks) and lines are folded at 75 octets, never inside
a character."""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

ZONE = "Europe/Prague"

PRAGUE = (
    "BEGIN:VTIMEZONE",
    f"TZID:{ZONE}",
    "BEGIN:DAYLIGHT",
    "TZOFFSETFROM:+0100",
    "TZOFFSETTO:+0200",
    "TZNAME:CEST",
    "DTSTART:19700329T020000",
    "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
    "END:DAYLIGHT",
    "BEGIN:STANDARD",
    "TZOFFSETFROM:+0200",
    "TZOFFSETTO:+0100",
    "TZNAME:CET",
    "DTSTART:19701025T030000",
    "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
    "END:STANDARD",
    "END:VTIMEZONE",
)
"""Europe/Prague's rules since 1979 (the last Sunday of March and of October)."""


@dataclass(frozen=True)
class Entry:
    """One event in a calendar."""

    uid: str
    summary: str
    day: datetime.date
    start: datetime.time | None
    stamp: datetime.datetime
    """When the entry last changed (DTSTAMP, in UTC)."""
    location: str = ""
    description: str = ""
    url: str = ""
    cancelled: bool = False
    sequence: int = 0
    """How often the entry changed since it was first published (SEQUENCE)."""


def escape(text: str) -> str:
    """TEXT as RFC 5545 writes it (3.3.11)."""
    return (
        text.replace("\\", "\\\\")
        .replace(";", "\\;")
        .replace(",", "\\,")
        .replace("\r\n", "\n")
        .replace("\r", "\n")
        .replace("\n", "\\n")
    )


def fold(line: str, limit: int = 75) -> str:
    """A content line folded (3.1): at most ``limit`` octets a line, each following line
    starting with a space; a UTF-8 character is never split."""
    parts: list[str] = []
    current, size = "", 0
    room = limit
    for char in line:
        width = len(char.encode("utf-8"))
        if size + width > room:
            parts.append(current)
            current, size = "", 0
            room = limit - 1  # the space that begins a continuation line
        current += char
        size += width
    parts.append(current)
    return "\r\n ".join(parts)


def _utc(moment: datetime.datetime) -> str:
    if moment.tzinfo is not None:
        moment = moment.astimezone(datetime.UTC)
    return moment.strftime("%Y%m%dT%H%M%SZ")


def _vevent(entry: Entry) -> list[str]:
    lines = [
        "BEGIN:VEVENT",
        f"UID:{escape(entry.uid)}",
        f"DTSTAMP:{_utc(entry.stamp)}",
        f"SEQUENCE:{entry.sequence}",
    ]
    if entry.start is None:
        lines.append(f"DTSTART;VALUE=DATE:{entry.day.strftime('%Y%m%d')}")
        following = entry.day + datetime.timedelta(days=1)
        lines.append(f"DTEND;VALUE=DATE:{following.strftime('%Y%m%d')}")
    else:
        start = datetime.datetime.combine(entry.day, entry.start)
        lines.append(f"DTSTART;TZID={ZONE}:{start.strftime('%Y%m%dT%H%M%S')}")
    lines.append(f"SUMMARY:{escape(entry.summary)}")
    if entry.location:
        lines.append(f"LOCATION:{escape(entry.location)}")
    if entry.description:
        lines.append(f"DESCRIPTION:{escape(entry.description)}")
    if entry.url:
        lines.append(f"URL:{entry.url}")
    lines.append(f"STATUS:{'CANCELLED' if entry.cancelled else 'CONFIRMED'}")
    lines.append("END:VEVENT")
    return lines


def calendar(name: str, entries: Iterable[Entry], product: str = "-//kolo//calendar//EN") -> str:
    """The calendar as text (CRLF line ends, folded), ready to serve as text/calendar."""
    events: Sequence[Entry] = list(entries)
    lines = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        f"PRODID:{product}",
        "CALSCALE:GREGORIAN",
        "METHOD:PUBLISH",
        f"X-WR-CALNAME:{escape(name)}",
        f"X-WR-TIMEZONE:{ZONE}",
    ]
    if any(e.start is not None for e in events):
        lines.extend(PRAGUE)
    for entry in events:
        lines.extend(_vevent(entry))
    lines.append("END:VCALENDAR")
    return "".join(fold(line) + "\r\n" for line in lines)
