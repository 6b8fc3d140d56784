"""One definition of the standings' columns per rule set: every tie-break has its column."""

import pytest

from kolo.core.rulesets import Success, TieBreak
from kolo.games import rulesets
from kolo.report.standings import columns

NAMES = {
    TieBreak.SUCCESS: {"success", "shares"},
    TieBreak.GAME_SCORE: {"game_score"},
    TieBreak.BUCHHOLZ: {"buchholz"},
    TieBreak.SCORE_DIFFERENCE: {"score_difference"},
}


@pytest.mark.parametrize("ruleset", sorted(rulesets.REGISTRY))
def test_every_tie_break_of_a_rule_set_has_its_column(ruleset):
    rs = rulesets.get(ruleset)
    csv = columns(rs).csv_names()
    assert csv[:6] == ["rank", "rank_to", "id", "name", "club", "points"]
    for tie_break in rs.tie_breaks:
        assert NAMES[tie_break] & set(csv), (ruleset, tie_break)
    assert ("success" in csv or "shares" in csv) == (rs.success is not Success.NONE)


def test_knockouts_and_groups():
    nbgl = columns(rulesets.get("nbgl-dominion"))
    assert nbgl.reached
    assert nbgl.groups
    assert not columns(rulesets.get("dominion-cz")).reached
