"""An event's announcement, pure (R-REG-1): reading the details, publishing with the date,
city and venue, what changed, a change made meanwhile, a cancellation."""

import datetime

import pytest

from kolo.changes import announcement as rules
from kolo.changes.common import Refused

DRAFT = rules.Details()


def paths(error):
    return [p.path for p in error.value.problems]


def test_publishing_names_every_missing_and_unreadable_field_at_once():
    with pytest.raises(Refused) as refused:
        rules.change_details(
            DRAFT, {"city": "Brno", "capacity": "many"}, published=False, cancelled=False,
            publish=True,
        )  # fmt: skip
    assert sorted(paths(refused)) == ["--capacity", "--date", "--venue"]


def test_a_publication_returns_the_details_and_what_changed():
    given = {"date": "2027-03-13", "city": " Brno ", "venue": "Klub", "start_time": "09:30",
             "registration_until": "2027-03-12 20:00", "description": "a\r\nb"}  # fmt: skip
    done = rules.change_details(DRAFT, given, published=False, cancelled=False, publish=True)
    assert done.publishes
    assert done.details.date == datetime.date(2027, 3, 13)
    assert done.details.city == "Brno"
    assert done.details.start_time == datetime.time(9, 30)
    assert done.details.registration_until == datetime.datetime(2027, 3, 12, 20, 0)
    assert done.details.description == "a\nb"
    assert done.after()["registration_until"] == "2027-03-12T20:00"
    assert done.before()["city"] == ""
    assert done.summary().startswith("published the event; details: date, start_time, city")


def test_a_field_changed_meanwhile_is_refused_not_overwritten():
    current = rules.Details(date=datetime.date(2027, 3, 13), city="Brno", venue="Sokolovna")
    with pytest.raises(Refused) as refused:
        rules.change_details(
            current, {"venue": "Radnice"}, published=True, cancelled=False, publish=False,
            seen={"venue": "Klub"},
        )  # fmt: skip
    assert paths(refused) == ["--venue"]
    assert refused.value.problems[0].params == {"value": "Sokolovna"}
    done = rules.change_details(
        current, {"fee": "100 Kč"}, published=True, cancelled=False, publish=False,
        seen={"fee": "", "venue": "Klub"},
    )  # fmt: skip
    assert dict(done.changed) == {"fee": ("", "100 Kč")}


@pytest.mark.parametrize(
    ("name", "raw"),
    [
        ("date", "2027-02-30"),
        ("start_time", "9:30"),
        ("start_time", "09:30:00"),
        ("registration_until", "2027-03-12"),
        ("registration_until", "2027-03-12T20:00+01:00"),
        ("capacity", "-3"),
        ("capacity", "10001"),
        ("city", "x" * 201),
        ("venue", "Klub\u202e"),
        ("description", "ok\x00"),
    ],
)
def test_what_cannot_be_read_is_refused_by_its_option(name, raw):
    with pytest.raises(Refused) as refused:
        rules.read_value(name, raw)
    assert paths(refused) == [rules.option(name)]
    assert rules.field_of(rules.option(name)) == name


def test_a_cancellation_needs_a_published_event_not_cancelled_already():
    rules.cancel(published=True, cancelled=False)
    for published, cancelled in ((False, False), (True, True)):
        with pytest.raises(Refused):
            rules.cancel(published=published, cancelled=cancelled)
    with pytest.raises(Refused):
        rules.change_details(DRAFT, {"fee": "1"}, published=True, cancelled=True, publish=False)
