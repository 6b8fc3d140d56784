"""The iCalendar writer (RFC 5545): escaping, folding at 75 octets without splitting a
character, all-day and Prague-time events, a cancelled event, and the text read back."""

import datetime

from kolo.report import icalendar


def unfold(text):
    """The content lines, unfolded (RFC 5545 3.1), each as (name with parameters, value)."""
    assert "\n" not in text.replace("\r\n", "")
    lines = text.split("\r\n")
    assert lines[-1] == ""
    joined = []
    for line in lines[:-1]:
        assert len(line.encode("utf-8")) <= 75, line
        if line.startswith(" "):
            joined[-1] += line[1:]
        else:
            joined.append(line)
    return [tuple(line.split(":", 1)) for line in joined]


def unescape(value):
    out, i = "", 0
    while i < len(value):
        if value[i] == "\\":
            nxt = value[i + 1]
            out += "\n" if nxt in "nN" else nxt
            i += 2
        else:
            out += value[i]
            i += 1
    return out


STAMP = datetime.datetime(2026, 11, 28, 10, 0, tzinfo=datetime.UTC)


def test_escaping_and_folding_read_back():
    text = "Příliš žluťoučký kůň; úpěl, ďábelské ódy\\ a nový řádek\n" * 3
    entry = icalendar.Entry(
        uid="brno.1@example.org",
        summary="Brno; open, 2027",
        day=datetime.date(2027, 3, 13),
        start=None,
        stamp=STAMP,
        location="Klub, Úvoz 9; Brno",
        description=text,
    )
    lines = unfold(icalendar.calendar("Tour", [entry]))
    values = dict(lines)
    assert lines[0] == ("BEGIN", "VCALENDAR")
    assert lines[-1] == ("END", "VCALENDAR")
    assert values["VERSION"] == "2.0"
    assert unescape(values["SUMMARY"]) == "Brno; open, 2027"
    assert values["SUMMARY"] == "Brno\\; open\\, 2027"
    assert unescape(values["DESCRIPTION"]) == text
    assert unescape(values["LOCATION"]) == "Klub, Úvoz 9; Brno"
    assert values["DTSTART;VALUE=DATE"] == "20270313"
    assert values["DTEND;VALUE=DATE"] == "20270314"
    assert values["DTSTAMP"] == "20261128T100000Z"
    assert values["STATUS"] == "CONFIRMED"
    assert "BEGIN:VTIMEZONE" not in icalendar.calendar("Tour", [entry])


def test_a_fold_never_splits_a_character():
    line = "DESCRIPTION:" + "ž" * 100
    folded = icalendar.fold(line)
    for part in folded.split("\r\n"):
        assert len(part.encode("utf-8")) <= 75
        part.encode("utf-8").decode("utf-8")
    assert folded.replace("\r\n ", "") == line


def test_a_start_time_is_prague_time_and_a_cancelled_event_says_so():
    entry = icalendar.Entry(
        uid="x@y",
        summary="Praha",
        day=datetime.date(2027, 7, 1),
        start=datetime.time(9, 30),
        stamp=STAMP,
        cancelled=True,
        sequence=2,
    )
    text = icalendar.calendar("Tour", [entry])
    values = dict(unfold(text))
    assert values["DTSTART;TZID=Europe/Prague"] == "20270701T093000"
    assert values["STATUS"] == "CANCELLED"
    assert values["SEQUENCE"] == "2"
    assert "BEGIN:VTIMEZONE\r\nTZID:Europe/Prague\r\n" in text
