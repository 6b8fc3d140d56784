"""How many the group stage sends to the knockout (R-NBGL-3, R-NBGL-6)."""

import pytest

from kolo.core import knockout
from kolo.core.qualifiers import qualifier_plan
from kolo.games import rulesets

NBGL = rulesets.get("nbgl-dominion")
FORMAT = knockout.format_of(NBGL, NBGL.settings({}))


@pytest.mark.parametrize(
    ("players", "groups", "count", "stage"),
    [
        (64, 16, 16, "quarter-final"),  # the source's field: the 16 group winners
        (32, 8, 16, "quarter-final"),  # winners and seconds fill 16
        (30, 8, 16, "quarter-final"),  # groups of 3 for the remainder (R-NBGL-6)
        (24, 6, 8, "semi-final"),  # 6 winners and 6 seconds: 12, too few for 16
        (16, 4, 8, "semi-final"),
        (12, 3, 4, "final"),
    ],
)
def test_r_nbgl_6_the_qualifiers_by_the_field(players, groups, count, stage):
    plan = qualifier_plan(players, FORMAT)
    assert plan is not None
    assert (plan.groups, plan.count, plan.first_stage) == (groups, count, stage)
    assert plan.reduced == (count < 16)


def test_r_nbgl_6_24_players_name_the_reason():
    plan = qualifier_plan(24, FORMAT)
    assert plan is not None
    assert (plan.wanted, plan.available) == (16, 12)


def test_no_plan_without_groups():
    ko = rulesets.get("knockout")
    assert qualifier_plan(24, knockout.format_of(ko, ko.settings({}))) is None
