"""Check-in's refusals decided by the pure rules (changes/checkin.py), before the store
writes anything (R-REG-3)."""

import pytest

from kolo.changes import checkin as rules
from kolo.changes.common import Refused
from kolo.core.checkin import entry_of


def messages(error: pytest.ExceptionInfo[Refused]) -> list[str]:
    return [p.message.format(**p.params) for p in error.value.problems]


def test_a_tap_on_one_checked_in_already_or_a_take_back_of_one_not_in():
    rules.refuse_taps([("Ann", False), ("Bob", False)], undo=False)
    rules.refuse_taps([("Ann", True)], undo=True)
    with pytest.raises(Refused) as error:
        rules.refuse_taps([("Ann", True), ("Bob", False)], undo=False)
    assert messages(error) == ["'Ann' has checked in already"]
    with pytest.raises(Refused) as error:
        rules.refuse_taps([("Ann", True), ("Bob", False)], undo=True)
    assert messages(error) == ["'Bob' has not checked in"]


def test_no_entrants_named_and_nobody_to_drop():
    rules.refuse_no_entrants(["p1"])
    with pytest.raises(Refused):
        rules.refuse_no_entrants([])
    with pytest.raises(Refused) as error:
        rules.refuse_nobody_to_drop([])
    assert messages(error) == ["everyone has checked in: nobody to drop"]


def test_a_registration_is_checked_in_while_registered_or_waiting():
    rules.refuse_registration("registered", "Ann")
    rules.refuse_registration("waiting", "Ann")
    for status, said in (
        ("pending", "Ann's registration awaits the organiser's approval: approve it first"),
        ("cancelled", "Ann cancelled their registration: it cannot be checked in"),
        ("removed", "Ann's registration was removed: it cannot be checked in"),
    ):
        with pytest.raises(Refused) as error:
            rules.refuse_registration(status, "Ann")
        assert messages(error) == [said]


def test_a_late_entry_needs_a_name_entrants_may_have_and_not_one_entered():
    rules.late_entry(entry_of("Ann", "", "", teams=False), entered=False)
    with pytest.raises(Refused) as error:
        rules.late_entry(entry_of("  ", "", "", teams=False), entered=False)
    assert messages(error) == ["the name must not be empty"]
    with pytest.raises(Refused):
        rules.late_entry(entry_of("p3", "", "", teams=False), entered=False)  # an id
    with pytest.raises(Refused) as error:
        rules.late_entry(entry_of("Ann", "", "", teams=False), entered=True)
    assert messages(error) == ["'Ann' is entered already; check them in instead"]
