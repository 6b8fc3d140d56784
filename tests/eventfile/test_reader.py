"""Reading kolo-event/1: every problem reported at once, with its JSON path."""

import copy
import json

import pytest

from kolo.core.problems import InvalidInput
from kolo.eventfile import reader
from tests.conftest import CASES, EXAMPLES


def base():
    return json.loads((CASES / "event-format-example.json").read_text(encoding="utf-8"))


def problems_of(document):
    with pytest.raises(InvalidInput) as caught:
        reader.read(document)
    return [(p.path, p.text()) for p in caught.value.problems]


def paths_of(document):
    return [path for path, _ in problems_of(document)]


def test_event_format_example_is_valid():
    event = reader.read(base())
    assert event.entrants[0].club == "Brno"
    assert event.rounds[0].tables[0].seats == ("p3", "p1", "p2")
    assert event.rounds[0].tables[0].games[0].turns == {"p3": 17, "p1": 17, "p2": 16}


@pytest.mark.parametrize(
    "path", sorted(str(p.relative_to(EXAMPLES)) for p in EXAMPLES.rglob("*.json"))
)
def test_shipped_examples_are_valid(path):
    reader.load(EXAMPLES / path)


def test_wrong_format_is_refused():
    doc = base()
    doc["format"] = "kolo-event/2"
    assert problems_of(doc) == [
        ("$.format", "must be exactly 'kolo-event/1', not \"kolo-event/2\"")
    ]


def test_not_json_says_where():
    with pytest.raises(InvalidInput) as caught:
        reader.loads('{"format": "kolo-event/1",')
    assert "line 1" in caught.value.problems[0].text()


def test_unknown_ruleset_and_setting():
    doc = base()
    doc["ruleset"] = "chess"
    assert paths_of(doc) == ["$.ruleset"]
    doc = base()
    doc["settings"] = {"rounds": 5, "colour": "blue"}
    assert paths_of(doc) == ["$.settings.colour"]


def test_duplicate_and_empty_ids():
    doc = base()
    doc["entrants"][1]["id"] = "p1"
    doc["entrants"].append({"id": "", "name": "Nobody"})
    found = problems_of(doc)
    assert ("$.entrants[1].id", "duplicate entrant id 'p1'") in found
    assert ("$.entrants[3].id", "an entrant's id must not be empty") in found


def test_unknown_entrant_in_seats_and_scores():
    doc = base()
    doc["rounds"][0]["tables"][0]["seats"][2] = "p9"
    found = paths_of(doc)
    assert "$.rounds[0].tables[0].seats[2]" in found
    assert "$.rounds[0].tables[0].games[0].scores.p2" in found  # p2 is no longer seated


def test_player_seated_twice_in_a_round():
    doc = base()
    doc["entrants"] += [{"id": "p4", "name": "D"}, {"id": "p5", "name": "E"}]
    doc["rounds"][0]["tables"].append({"number": 2, "seats": ["p4", "p1"], "games": []})
    doc["rounds"][0]["tables"].append({"number": 3, "seats": ["p5", "p2"], "games": []})
    found = problems_of(doc)
    assert ("$.rounds[0].tables[1].seats[1]", "'p1' is seated twice in round 1") in found


def test_missing_extra_and_non_integer_scores():
    doc = base()
    game = doc["rounds"][0]["tables"][0]["games"][0]
    del game["scores"]["p2"]
    game["scores"]["p7"] = 3
    game["scores"]["p1"] = 28.5
    found = paths_of(doc)
    assert "$.rounds[0].tables[0].games[0].scores.p1" in found


def test_missing_and_extra_scores_reported_together():
    doc = base()
    game = doc["rounds"][0]["tables"][0]["games"][0]
    del game["scores"]["p2"]
    game["scores"]["p7"] = 3
    found = problems_of(doc)
    assert ("$.rounds[0].tables[0].games[0].scores", "no score for 'p2'") in found
    assert ("$.rounds[0].tables[0].games[0].scores.p7", "'p7' is not seated at this table") in found


def test_boolean_is_not_a_score():
    doc = base()
    doc["rounds"][0]["tables"][0]["games"][0]["scores"]["p1"] = True
    assert paths_of(doc) == ["$.rounds[0].tables[0].games[0].scores.p1"]


def test_table_size_not_allowed():
    doc = base()
    doc["entrants"].append({"id": "p4", "name": "D"})
    doc["rounds"][0]["tables"][0]["seats"].append("p4")
    found = problems_of(doc)
    assert (
        "$.rounds[0].tables[0].seats",
        "a table of 4 is not allowed by dominion-cz (allowed: 3, 2)",
    ) in found


def test_dropped_player_seated_after_dropping():
    doc = base()
    doc["entrants"][0]["dropped_after_round"] = 0
    assert problems_of(doc) == [
        ("$.rounds[0].tables[0].seats[1]", "'p1' dropped after round 0 but is seated in round 1")
    ]


def test_rounds_out_of_order():
    doc = base()
    second = copy.deepcopy(doc["rounds"][0])
    second["number"] = 3
    doc["rounds"].append(second)
    assert problems_of(doc) == [
        ("$.rounds[1].number", "rounds out of order: round 3 where round 2 belongs")
    ]


def test_round_paired_while_previous_incomplete():
    doc = base()
    second = copy.deepcopy(doc["rounds"][0])
    second["number"] = 2
    doc["rounds"][0]["tables"][0]["games"] = []
    doc["rounds"].append(second)
    assert paths_of(doc) == ["$.rounds[1]"]


def test_missing_turns_where_the_rule_set_needs_them():
    doc = base()
    doc["ruleset"] = "nbgl-dominion"
    doc["settings"] = {}
    doc["entrants"].append({"id": "p4", "name": "D"})
    table = doc["rounds"][0]["tables"][0]
    table["seats"].append("p4")
    table["games"] = [
        {"scores": {"p3": 30, "p1": 20, "p2": 10, "p4": 5}},
        {"scores": {"p3": 30, "p1": 20, "p2": 10, "p4": 5}, "turns": {"p3": 9, "p1": 9, "p2": 9}},
    ]
    found = problems_of(doc)
    assert (
        "$.rounds[0].tables[0].games[0].turns",
        "nbgl-dominion breaks ties by turns: every game needs the turns taken",
    ) in found
    assert ("$.rounds[0].tables[0].games[1].turns", "no turn count for 'p4'") in found


def test_too_many_games_at_a_table():
    doc = base()
    table = doc["rounds"][0]["tables"][0]
    table["games"].append(copy.deepcopy(table["games"][0]))
    assert paths_of(doc) == ["$.rounds[0].tables[0].games"]


def test_byes_only_where_allowed():
    doc = base()
    doc["rounds"][0]["byes"] = ["p1"]
    found = paths_of(doc)
    assert "$.rounds[0].byes" in found


def test_every_problem_at_once():
    doc = base()
    doc["format"] = "nope"
    doc["settings"] = {"colour": 1}
    doc["entrants"][1]["id"] = "p1"
    doc["rounds"][0]["tables"][0]["games"][0]["scores"]["p2"] = "twelve"
    found = paths_of(doc)
    assert {"$.format", "$.settings.colour", "$.entrants[1].id"} <= set(found)
    assert "$.rounds[0].tables[0].games[0].scores.p2" in found


def test_unknown_fields_are_refused():
    doc = base()
    doc["entrants"][0]["rating"] = 1500
    doc["rounds"][0]["tables"][0]["colour"] = "red"
    assert paths_of(doc) == ["$.entrants[0].rating", "$.rounds[0].tables[0].colour"]


def test_wrong_types_do_not_crash():
    for document in ([], "x", 5, None, {"format": "kolo-event/1", "settings": 5, "entrants": {}}):
        assert problems_of(document)


def test_rounds_beyond_the_setting():
    doc = base()
    doc["settings"] = {"rounds": 1}
    second = copy.deepcopy(doc["rounds"][0])
    second["number"] = 2
    doc["rounds"].append(second)
    assert problems_of(doc) == [
        (
            "$.rounds[1].number",
            "round 2 is beyond the number of rounds set for the event (1); "
            "change the setting 'rounds' to play more",
        )
    ]


@pytest.mark.parametrize(
    "text",
    [
        '{"format": "kolo-event/1", "settings": {"bye_points": NaN}}',
        '{"format": "kolo-event/1", "name": 1' + "0" * 5000 + "}",
        "[" * 100_000 + "]" * 100_000,
        '{"a": Infinity}',
    ],
    ids=["nan", "huge-integer", "deep-nesting", "infinity"],
)
def test_absurd_json_is_refused_cleanly(text):
    with pytest.raises(InvalidInput):
        reader.loads(text)


def test_numbers_beyond_what_a_result_can_be():
    doc = base()
    game = doc["rounds"][0]["tables"][0]["games"][0]
    game["scores"]["p1"] = 10**20
    game["turns"]["p2"] = -1
    doc["rounds"][0]["seed"] = 2**64
    found = paths_of(doc)
    assert "$.rounds[0].tables[0].games[0].scores.p1" in found
    assert "$.rounds[0].tables[0].games[0].turns.p2" in found
    assert "$.rounds[0].seed" in found


def test_a_round_without_tables_is_refused():
    doc = base()
    doc["rounds"][0]["tables"] = []
    assert problems_of(doc) == [("$.rounds[0].tables", "a round needs at least one table")]


@pytest.mark.parametrize("value", [False, 0, ""])
def test_games_must_be_a_list_or_null(value):
    doc = base()
    doc["rounds"][0]["tables"][0]["games"] = value
    assert "$.rounds[0].tables[0].games" in paths_of(doc)


def test_a_drop_after_a_round_the_event_has_not_reached():
    doc = base()
    doc["entrants"][1]["dropped_after_round"] = 99
    assert paths_of(doc) == ["$.entrants[1].dropped_after_round"]


def test_an_unknown_rule_set_does_not_hide_other_problems():
    doc = base()
    doc["ruleset"] = "chess"
    doc["entrants"][1]["id"] = "p1"
    found = paths_of(doc)
    assert "$.ruleset" in found
    assert "$.entrants[1].id" in found


def test_names_with_control_characters():
    doc = base()
    doc["entrants"][0]["name"] = "Jana\tNováková"
    assert paths_of(doc) == ["$.entrants[0].name"]
