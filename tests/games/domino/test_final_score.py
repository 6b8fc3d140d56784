"""A domino final score entered without its sheet obeys the game's rules as a sheet does
(issue 36): the block game's target and the most a hand scores, the time-limit mark, no
negative scores, Mexican Train's pips."""

import pytest

from kolo.games.domino.sheet import BLOCK, MEXICAN, final_score_problems
from kolo.games.rulesets import get

PAIRS = get("domino-pairs").settings({})
TRAIN = get("mexican-train").settings({})


def problems(game, settings, scores, time_limit=False):
    return [p.text() for p in final_score_problems(game, scores, settings, time_limit, "SCORES")]


@pytest.mark.parametrize(
    ("scores", "reason"),
    [
        ({"a": 30, "b": 20}, "no team reached 100: did time run out?"),
        ({"a": 90, "b": 80}, "no team reached 100: did time run out?"),
        ({"a": 0, "b": 0}, "no team reached 100: did time run out?"),
        ({"a": 5000, "b": -7}, "cannot be negative"),
        ({"a": 5000, "b": 7}, "5000 points: the match ends at the hand that reaches 100"),
        ({"a": 100, "b": 100}, "only one team can reach 100"),
        ({"a": -5, "b": 100}, "cannot be negative"),
    ],
)
def test_an_impossible_block_final_score_is_refused(scores, reason):
    found = problems(BLOCK, PAIRS, scores)
    assert len(found) == 1
    assert reason in found[0]


@pytest.mark.parametrize("scores", [{"a": 104, "b": 61}, {"a": 0, "b": 100}, {"a": 217, "b": 99}])
def test_a_possible_block_final_score_is_taken(scores):
    assert problems(BLOCK, PAIRS, scores) == []


def test_a_block_score_below_the_target_is_taken_with_the_time_limit_mark():
    assert problems(BLOCK, PAIRS, {"a": 90, "b": 80}, time_limit=True) == []
    assert problems(BLOCK, PAIRS, {"a": 218, "b": 0}) != []


def test_an_impossible_mexican_train_final_score_is_refused():
    minus = dict.fromkeys("abcd", -50)
    assert "cannot be negative" in problems(MEXICAN, TRAIN, minus)[0]
    huge = {"a": 13 * 1068 + 1, "b": 0, "c": 0, "d": 0}
    assert "13 hands hold at most 13884 pips" in problems(MEXICAN, TRAIN, huge)[0]
    assert problems(MEXICAN, TRAIN, {"a": 300, "b": 120, "c": 0, "d": 40}) == []
