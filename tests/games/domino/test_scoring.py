"""Mexican Train's two ways of scoring (issue 36, setting ``scoring`` of ``mexican-train``):
the source's (the winner of a hand scores the pips left in the others' hands; the highest
total wins), the default, and the common rule many clubs play (each player scores the pips
left in their own hand; the lowest total wins) — in the engine, on sheets, in final-score
checks, in placements and shares, in the simulation."""

from fractions import Fraction

from kolo.core.outcome import outcome
from kolo.games.domino import mexican
from kolo.games.domino.sheet import MEXICAN, Sheet, SheetHand, final_score_problems, totals
from kolo.games.domino.simulate import simulate
from kolo.games.rulesets import get

TRAIN = get("mexican-train")
SOURCE = TRAIN.settings({})
OWN = TRAIN.settings({"scoring": "own"})
SEATS = ("a", "b", "c", "d")
SHEET = Sheet(
    (
        SheetHand("b", {"a": 10, "b": 0, "c": 5, "d": 7}),
        SheetHand(None, {"a": 3, "b": 9, "c": 5, "d": 7}),
    )
)


def test_the_source_rule_is_the_default():
    assert SOURCE.scoring == "winner"
    assert not TRAIN.lowest_wins(SOURCE)
    assert TRAIN.lowest_wins(OWN)


def test_a_hand_scores_by_each_rule():
    assert mexican.hand_scores([10, 0, 5, 7], 1) == [0, 22, 0, 0]
    assert mexican.hand_scores([10, 0, 5, 7], 1, mexican.OWN) == [10, 0, 5, 7]


def test_a_sheet_totals_by_each_rule():
    assert totals(MEXICAN, SHEET, SEATS) == {"a": 21, "b": 22, "c": 0, "d": 0}
    assert totals(MEXICAN, SHEET, SEATS, "own") == {"a": 13, "b": 9, "c": 10, "d": 14}


def test_under_the_common_rule_the_fewest_pips_place_first_and_take_the_largest_share():
    read = outcome({"a": 13, "b": 9, "c": 10, "d": 14}, TRAIN, OWN)
    assert [read.places[p].first for p in SEATS] == [3, 1, 2, 4]
    assert read.shares["b"] == Fraction(46 - 9, 3 * 46)
    assert sum(read.shares.values()) == 1
    source = outcome({"a": 13, "b": 9, "c": 10, "d": 14}, TRAIN, SOURCE)
    assert [source.places[p].first for p in SEATS] == [2, 4, 3, 1]


def test_a_final_score_under_the_common_rule_leaves_pips_every_hand():
    nothing = dict.fromkeys(SEATS, 0)
    assert (
        "13 hands leave at least 13"
        in final_score_problems(MEXICAN, nothing, OWN, False, "SCORES")[0].text()
    )
    assert final_score_problems(MEXICAN, nothing, SOURCE, False, "SCORES") == []
    assert final_score_problems(MEXICAN, {"a": 13, "b": 9, "c": 10, "d": 14}, OWN, False, "S") == []


def test_the_engine_scores_and_simulates_by_each_rule():
    rules = mexican.MexicanRules(scoring=mexican.OWN)
    bots = [mexican.greedy_player] * 4
    game = mexican.play_game(bots, 7, rules)
    assert game.scores() == [game.tiles.hand_pips(h) for h in game.hands]
    own = simulate("mexican-train", ["strong", "random", "random", "random"], 60, 1, scoring="own")
    source = simulate("mexican-train", ["strong", "random", "random", "random"], 60, 1)
    assert own.tally.points != source.tally.points
    assert own.tally.wins[0] > max(own.tally.wins[1:])
