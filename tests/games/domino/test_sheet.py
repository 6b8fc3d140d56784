"""Domino score sheets and events (RULES.md R-DOMINO-4..10): hands entered on a sheet, scored
by the engines' rules, impossible sheets refused, the event file carrying teams and hands."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kolo.core.outcome import outcome
from kolo.core.problems import InvalidInput
from kolo.core.standings import compute
from kolo.eventfile import reader, writer
from kolo.games import rulesets
from kolo.games.domino import block, sheet
from kolo.games.domino.sheet import Sheet, SheetHand

PAIRS = rulesets.get("domino-pairs")
MEXICAN = rulesets.get("mexican-train")
TEAMS = ["A", "B"]


def hands(*rows: tuple[str | None, int, int]) -> Sheet:
    return Sheet(tuple(SheetHand(out, {"A": a, "B": b}) for out, a, b in rows))


def problems(s: Sheet, game: str = sheet.BLOCK, seats=TEAMS, **overrides) -> list[str]:
    rs = PAIRS if game == sheet.BLOCK else MEXICAN
    return [p.message for p in sheet.check(game, s, seats, rs.settings(overrides), "$")]


def test_r_domino_8_worked_example_running_totals_and_the_match_ends_at_the_target():
    s = hands(("A", 12, 30), (None, 20, 9), ("B", 71, 0), ("B", 10, 0))
    assert sheet.running(sheet.BLOCK, s, TEAMS) == [
        {"A": 30, "B": 0},
        {"A": 30, "B": 20},
        {"A": 30, "B": 91},
        {"A": 30, "B": 101},
    ]
    assert sheet.complete(sheet.BLOCK, s, TEAMS, PAIRS.settings({}))
    assert problems(s) == []
    after = Sheet((*s.hands, SheetHand("A", {"A": 0, "B": 15})))
    assert problems(after) == ["the match was won at {target} points before this hand"]


def test_r_domino_4_a_team_can_go_out_and_lose_the_hand():
    # A went out, but A's partner holds 40 against B's 25: B wins and scores A's 40
    assert sheet.block_points(SheetHand("A", {"A": 40, "B": 25}), TEAMS) == {"A": 0, "B": 40}


def test_r_domino_4_equal_sums_score_nothing():
    assert sheet.block_points(SheetHand(None, {"A": 17, "B": 17}), TEAMS) == {"A": 0, "B": 0}


def test_r_domino_4_the_sheet_scores_as_the_engine_scores_a_played_hand():
    match = block.play_match([block.greedy_bot] * 4, seed=5)
    s = sheet.play_block(TEAMS, ["greedy", "greedy"], 5, 100)
    assert sheet.totals(sheet.BLOCK, s, TEAMS) == {"A": match.points[0], "B": match.points[1]}


@pytest.mark.parametrize(
    ("row", "reason"),
    [
        ((None, 100, 80), "{total} pips left: the whole set holds only {most}"),
        (("B", 119, 0), "{pips} pips: a team's fourteen tiles hold at most {most}"),
        (("A", 70, 10), "{pips} pips: a team whose player went out holds at most {most}"),
        ((None, 0, 12), "in a blocked hand every player still holds a tile: a team holds pips"),
        (("A", -1, 10), "pips left cannot be negative"),
        (
            ("A", 10, 0),
            "both players of the team that did not go out still hold tiles, and only one "
            "tile (the double-blank) weighs nothing: it holds pips",
        ),
        (("C", 1, 10), "'{who}' is not at this table"),
    ],
)
def test_r_domino_8_impossible_hands_are_refused_with_a_reason(row, reason):
    assert problems(hands(row)) == [reason]


def test_r_domino_8_the_set_limits_are_the_double_six_sets():
    assert (sheet.BLOCK_SET_PIPS, sheet.TEAM_MOST, sheet.OUT_TEAM_MOST) == (168, 118, 69)
    assert sheet.MEXICAN_SET_PIPS == 1068


def test_r_domino_8_the_target_is_a_setting():
    s = hands(("A", 0, 60))
    assert sheet.complete(sheet.BLOCK, s, TEAMS, PAIRS.settings({"target": 50}))
    assert not sheet.complete(sheet.BLOCK, s, TEAMS, PAIRS.settings({}))


SEATS4 = ["p1", "p2", "p3", "p4"]


def mexican(*rows: tuple[str | None, list[int]]) -> Sheet:
    return Sheet(tuple(SheetHand(out, dict(zip(SEATS4, pips, strict=True))) for out, pips in rows))


def test_r_domino_6_the_player_who_went_out_scores_the_others_pips():
    hand = mexican(("p2", [10, 0, 5, 7])).hands[0]
    assert sheet.mexican_points(hand, SEATS4) == {"p1": 0, "p2": 22, "p3": 0, "p4": 0}


def test_r_domino_6_a_blocked_hand_goes_to_the_fewest_pips_and_equal_fewest_score_nothing():
    won = mexican((None, [10, 3, 5, 7])).hands[0]
    assert sheet.mexican_points(won, SEATS4)["p2"] == 22
    tied = mexican((None, [3, 3, 5, 7])).hands[0]
    assert set(sheet.mexican_points(tied, SEATS4).values()) == {0}


def test_r_domino_10_impossible_mexican_hands_are_refused():
    assert problems(mexican(("p1", [4, 0, 1, 1])), sheet.MEXICAN, SEATS4) == [
        "{who} went out and holds no tile: 0 pips"
    ]
    only_one = (
        "every player who did not go out still holds a tile: only one can hold 0 pips "
        "(the double-blank)"
    )
    assert problems(mexican((None, [0, 0, 1, 1])), sheet.MEXICAN, SEATS4) == [only_one]
    assert problems(mexican(("p1", [0, 0, 0, 1])), sheet.MEXICAN, SEATS4) == [only_one]
    three = mexican(*[("p1", [0, 1, 2, 3])] * 3)
    assert problems(three, sheet.MEXICAN, SEATS4, hands=2) == ["a game has {hands} hands, no more"]


def test_r_domino_10_placement_points_are_k_down_to_1_for_the_normal_table_size():
    five = MEXICAN.settings({"table_size": 5})
    assert MEXICAN.points_table(five) == tuple(Fraction(k) for k in (5, 4, 3, 2, 1))
    read = outcome({"a": 30, "b": 30, "c": 5}, MEXICAN, MEXICAN.settings({}))
    # a table of three at a table size of four: 4 and 3 shared, then 2 (R-SCORE-2, -3)
    assert [read.places[p].points for p in "abc"] == [Fraction(7, 2), Fraction(7, 2), 2]


def pairs_event(games, members=True):
    team = lambda i, a, b: {  # noqa: E731
        "id": f"t{i}",
        "name": f"Team {i}",
        **({"members": [{"name": a}, {"name": b, "player": b.lower()}]} if members else {}),
    }
    return {
        "format": "kolo-event/1",
        "name": "Domino evening",
        "ruleset": "domino-pairs",
        "entrants": [team(1, "Jana", "Petr"), team(2, "Eva", "Karel")],
        "rounds": [
            {
                "number": 1,
                "seed": 1,
                "tables": [{"number": 1, "seats": ["t1", "t2"], "games": games}],
            }
        ],
    }


def sheet_doc(*rows):
    return [{"out": out, "pips": {"t1": a, "t2": b}} for out, a, b in rows]


def test_r_domino_7_teams_and_hands_survive_export_import_export():
    game = {
        "scores": {"t1": 30, "t2": 101},
        "hands": sheet_doc(("t1", 12, 30), (None, 20, 9), ("t2", 71, 0), ("t2", 10, 0)),
    }
    event = reader.read(pairs_event([game]))
    assert [m.name for m in event.entrants[0].members] == ["Jana", "Petr"]
    assert event.entrants[0].members[1].player == "petr"
    text = writer.dumps(event)
    assert writer.dumps(reader.loads(text)) == text
    assert json.loads(text)["rounds"][0]["tables"][0]["games"][0]["hands"][2] == {
        "out": "t2",
        "pips": {"t1": 71, "t2": 0},
    }


def refused(doc) -> list[tuple[str, str]]:
    with pytest.raises(InvalidInput) as caught:
        reader.read(doc)
    return [(p.path, p.message) for p in caught.value.problems]


def test_r_domino_8_the_scores_must_be_the_sheets_totals():
    game = {
        "scores": {"t1": 30, "t2": 100},
        "hands": sheet_doc(("t1", 12, 30), (None, 20, 9), ("t2", 71, 0), ("t2", 10, 0)),
    }
    assert refused(pairs_event([game])) == [
        ("$.rounds[0].tables[0].games[0].scores", "the scores must be the sheet's totals: {totals}")
    ]


def test_r_domino_8_a_sheet_of_an_unfinished_match_is_not_a_result():
    game = {"scores": {"t1": 30, "t2": 0}, "hands": sheet_doc(("t1", 12, 30))}
    assert refused(pairs_event([game])) == [
        (
            "$.rounds[0].tables[0].games[0].hands",
            "the match is not over: no team has reached {target} points",
        )
    ]


def test_r_domino_8_a_final_score_alone_is_still_a_result():
    event = reader.read(pairs_event([{"scores": {"t1": 104, "t2": 61}}]))
    assert event.rounds[0].tables[0].games[0].record is None


def test_r_domino_7_a_team_has_two_members_and_only_teams_have_members():
    doc = pairs_event([])
    doc["entrants"][0]["members"] = [{"name": "Jana"}]
    assert refused(doc) == [("$.entrants[0].members", "a team has two members, not {count}")]
    doc = pairs_event([], members=True)
    doc["ruleset"] = "swiss-pairs"
    assert ("$.entrants[0].members", "only a team has members; this rule set has none") in refused(
        doc
    )


def test_hands_belong_only_to_games_that_keep_sheets():
    doc = pairs_event([{"scores": {"t1": 1, "t2": 0}, "hands": []}], members=False)
    doc["ruleset"] = "swiss-pairs"
    assert refused(doc)[0][1] == "unknown field '{name}'; allowed: {allowed}"


def test_r_domino_9_standings_by_wins_then_difference_then_points_then_buchholz():
    def match(i, a, b, sa, sb):
        return {"number": i, "seats": [a, b], "games": [{"scores": {a: sa, b: sb}}]}

    doc = {
        "format": "kolo-event/1",
        "name": "Four teams",
        "ruleset": "domino-pairs",
        "settings": {"rounds": 2},
        "entrants": [{"id": t, "name": t} for t in ("w", "x", "y", "z")],
        "rounds": [
            {
                "number": 1,
                "seed": 1,
                "tables": [match(1, "w", "x", 100, 90), match(2, "y", "z", 100, 40)],
            },
            {
                "number": 2,
                "seed": 2,
                "tables": [match(1, "w", "y", 100, 95), match(2, "x", "z", 120, 60)],
            },
        ],
    }
    event = reader.read(doc)
    rows = compute(event, PAIRS, PAIRS.settings(event.settings)).rows
    # w: 2 wins; x and y 1 win each: y +55 (60 − 5) beats x +50 (−10 + 60); z none
    assert [r.entrant.id for r in rows] == ["w", "y", "x", "z"]
    assert [r.points for r in rows] == [2, 1, 1, 0]
    assert [r.score_difference for r in rows] == [15, 55, 50, -120]


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    bots=st.lists(st.sampled_from(sorted(block.BOTS)), min_size=2, max_size=2),
)
def test_r_domino_8_every_match_the_engine_plays_is_a_possible_sheet(seed, bots):
    s = sheet.play_block(TEAMS, bots, seed, 100)
    assert problems(s) == []
    assert sheet.complete(sheet.BLOCK, s, TEAMS, PAIRS.settings({}))


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(3, 8))
def test_r_domino_10_every_mexican_game_the_engine_plays_is_a_possible_sheet(seed, players):
    seats = [f"p{i}" for i in range(players)]
    s = sheet.play_mexican(seats, ["greedy"] * players, seed, 3)
    assert problems(s, sheet.MEXICAN, seats, hands=3) == []
    assert len(s.hands) == 3


def test_the_json_schema_takes_teams_and_hands():
    import jsonschema

    from kolo.eventfile.schema import json_schema

    game = {
        "scores": {"t1": 30, "t2": 101},
        "hands": sheet_doc(("t1", 12, 30), (None, 20, 9), ("t2", 71, 0), ("t2", 10, 0)),
    }
    jsonschema.validate(pairs_event([game]), json_schema())
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(
            pairs_event([{**game, "hands": [{"out": 3, "pips": {}}]}]), json_schema()
        )


def test_kolo_standings_and_pair_work_on_a_domino_file(tmp_path, capsys):
    from kolo.cli import main

    doc = pairs_event([{"scores": {"t1": 104, "t2": 61}}])
    doc["entrants"] += [{"id": "t3", "name": "Team 3"}, {"id": "t4", "name": "Team 4"}]
    doc["settings"] = {"rounds": 1, "playoff": "single", "playoff_teams": 4}
    doc["rounds"][0]["tables"].append(
        {"number": 2, "seats": ["t3", "t4"], "games": [{"scores": {"t3": 100, "t4": 2}}]}
    )
    path = tmp_path / "domino.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert main(["standings", str(path), "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["standings"]
    assert [r["entrant"] for r in rows] == ["t3", "t1", "t2", "t4"]
    assert main(["pair", str(path), "--json"]) == 0
    proposal = json.loads(capsys.readouterr().out)
    assert proposal["stage"] == "playoff"
    # the bracket of four: 1 plays 4, 2 plays 3
    assert sorted(sorted(t["seats"]) for t in proposal["tables"]) == [["t1", "t2"], ["t3", "t4"]]


@pytest.mark.parametrize("players", [13, 22, 23, 30])
def test_r_domino_10_the_remainder_at_larger_tables(players):
    from dataclasses import replace as change

    from kolo.core.event import Entrant, Event, Game, Round, Table
    from kolo.pairing.checker import check_hard_rules
    from kolo.pairing.engine import propose

    over = {"remainder": "larger"}
    st_ = MEXICAN.settings(over)
    size = MEXICAN.layout(players, st_)
    assert size is not None
    assert sorted(size[0], reverse=True) == sorted(
        [5] * (players % 4) + [4] * (players // 4 - players % 4), reverse=True
    )
    event = Event(
        "m", "mexican-train", over, tuple(Entrant(f"p{i}", f"P{i}") for i in range(players))
    )
    for number in range(1, 5):
        proposal = propose(event, MEXICAN, st_, seed=number, explain=False)
        assert sorted(len(t.seats) for t in proposal.tables) == sorted(size[0])
        tables = tuple(
            Table(
                t.number,
                t.seats,
                (Game({s: (7 * i + number) % 50 for i, s in enumerate(t.seats)}),),
            )
            for t in proposal.tables
        )
        event = change(event, rounds=(*event.rounds, Round(number, tables, number)))
        assert check_hard_rules(event, number - 1, MEXICAN, st_) == []


def test_r_domino_10_a_larger_tables_last_place_earns_nothing_and_its_shares_are_scaled():
    st_ = MEXICAN.settings({"remainder": "larger"})
    read = outcome({"a": 40, "b": 30, "c": 20, "d": 10, "e": 0}, MEXICAN, st_)
    assert [read.places[p].points for p in "abcde"] == [4, 3, 2, 1, 0]
    assert read.shares["a"] == Fraction(40, 100) * Fraction(5, 4)


def test_r_domino_10_placement_points_set_by_the_event():
    st_ = MEXICAN.settings({"placement_points": [5, 3, 2, 1]})
    read = outcome({"a": 40, "b": 30, "c": 30, "d": 10}, MEXICAN, st_)
    assert [read.places[p].points for p in "abcd"] == [5, Fraction(5, 2), Fraction(5, 2), 1]
    from kolo.core.settings import resolve

    for bad, said in (
        ([1, 2], "a better place cannot earn fewer points than a worse one"),
        ([5, -1], "every number must lie between 0 and {maximum}"),
        ("5,3", "must be a list of at most eight numbers"),
    ):
        _, problems = resolve(MEXICAN.defaults, {"placement_points": bad})
        assert [p.message for p in problems] == [said]
