"""Check-in's pure rules (R-REG-3): a registration as an entrant, who has not come, and which
waiting or late players to seat so that round 1 has the fewest tables off the normal size."""

from dataclasses import replace

import pytest

from kolo.changes import checkin as changes
from kolo.core import checkin
from kolo.core.event import Entrant, Event, Round
from kolo.core.problems import InvalidInput
from kolo.games import rulesets


def settings_of(ruleset_id, **overrides):
    ruleset = rulesets.get(ruleset_id)
    return ruleset, ruleset.settings(overrides)


def test_a_registration_becomes_a_person_or_a_team_of_two():
    assert checkin.entry_of(" Jana ", " Brno ", "Petr", teams=False) == checkin.Entry(
        "Jana", "Brno"
    )
    assert checkin.entry_of("Jana", "", "Petr", teams=True) == checkin.Entry(
        "Jana & Petr", None, ("Jana", "Petr")
    )
    assert checkin.entry_of("Jana", "", "", teams=True) == checkin.Entry("Jana", None)


@pytest.mark.parametrize(
    ("checked_in", "candidates", "seat", "sizes"),
    [
        (13, 5, 3, (4, 4, 4, 4)),  # the example: 3 more give 4 full tables
        (13, 2, 2, (4, 4, 4, 3)),  # 15: one table of 3 instead of three
        (13, 0, 0, (4, 3, 3, 3)),
        (12, 4, 4, (4, 4, 4, 4)),  # as good with everyone: the most players play
        (12, 3, 0, (4, 4, 4)),  # 13 to 15 would make smaller tables
        (5, 3, 3, (4, 4)),  # 5 cannot be seated in tables of 3 and 4 at all
    ],
)
def test_the_seating_hint_gives_the_fewest_smaller_tables(checked_in, candidates, seat, sizes):
    ruleset, settings = settings_of("carcassonne-cz")
    names = [f"W{i}" for i in range(1, candidates + 1)]
    hint = checkin.seating_hint(checked_in, names, ruleset, settings)
    assert hint.seat == tuple(names[:seat])
    assert hint.then.sizes == sizes
    assert hint.helps == bool(seat)
    assert hint.then.off_size == sum(1 for s in sizes if s != 4)
    assert hint.now.players == checked_in


def test_the_hint_reads_a_table_size_of_three():
    ruleset, settings = settings_of("dominion-cz", table_size=3)
    hint = checkin.seating_hint(10, ["A", "B", "C"], ruleset, settings)
    assert (hint.seat, hint.then.sizes, hint.then.full) == (("A", "B"), (3, 3, 3, 3), 4)


def test_absent_players_are_those_active_in_round_1_not_checked_in():
    event = Event(
        name="x",
        ruleset="dominion-cz",
        settings={},
        entrants=(
            Entrant("p1", "A"),
            Entrant("p2", "B"),
            Entrant("p3", "C", dropped_after_round=0),
        ),
    )
    assert [e.id for e in checkin.absent(event, {"p1"})] == ["p2"]
    with pytest.raises(InvalidInput) as caught:
        changes.refuse_absent(event, {"p1"}, opened=True, key="x")
    assert "1 have not checked in: B" in caught.value.problems[0].text()
    changes.refuse_absent(event, {"p1"}, opened=False)  # before check-in: as before
    seated = replace(event, rounds=(Round(1, ()),))
    assert checkin.absent(seated, set()) == ()
    with pytest.raises(InvalidInput):
        changes.refuse_opening(seated)
    with pytest.raises(InvalidInput):
        changes.to_drop(event, set(), opened=False)
