"""Championship qualification (RULES.md §6.2–6.3, R-QUAL-1..6; docs/series.md)."""

import json

import pytest

from kolo.cli import main
from kolo.cli import series as document
from kolo.series.qualification import compute_qualification
from tests.series.builders import event_doc, players, ranked_event, write_series

DOMINION = {"system": "dominion"}
TABLE = [
    {"entrants": 12, "direct": 1, "points": [1, 1, 0.5]},
    {"entrants": 20, "direct": 2, "points": [1.5, 1, 1, 0.5]},
]
CARCASSONNE = {"system": "carcassonne", "table": TABLE}


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def qualification(capsys, path):
    code, out, err = run(capsys, "series", "qualification", str(path), "--json")
    assert code == 0, err
    return json.loads(out)


def who(doc):
    return [(q["player"], q["rule"], q["how"], q["event"]) for q in doc["qualified"]]


def carcassonne_event(order, absent=()):
    return ranked_event(order, ruleset="carcassonne-cz", rounds=4, absent=absent)


def write(tmp_path, events, qualification_object, **fields):
    return write_series(tmp_path, events, rules=None, qualification=qualification_object, **fields)


def test_r_qual_1_a_main_tournament_qualifies_its_five_best(capsys, tmp_path):
    """R-QUAL-1: a main tournament qualifies its five best."""
    path = write(tmp_path, [{"doc": ranked_event(players(12)), "kind": "main"}], DOMINION)
    doc = qualification(capsys, path)
    assert who(doc) == [(p, "R-QUAL-1", "main", "event-01.json") for p in players(5)]
    assert [q["rank"] for q in doc["qualified"]] == [1, 2, 3, 4, 5]
    assert doc["events"][0]["places"] == 5


@pytest.mark.parametrize(("size", "places"), [(6, 1), (19, 1), (20, 2), (29, 2), (30, 3), (32, 3)])
def test_r_qual_2_a_local_tournament_qualifies_by_its_size(capsys, tmp_path, size, places):
    """R-QUAL-2: a local tournament qualifies by its size."""
    path = write(tmp_path, [{"doc": ranked_event(players(size)), "kind": "local"}], DOMINION)
    doc = qualification(capsys, path)
    assert who(doc) == [(p, "R-QUAL-2", "local", "event-01.json") for p in players(places)]


def test_r_qual_2_a_qualified_player_qualifying_again_passes_the_place_down(capsys, tmp_path):
    """R-QUAL-2: p01 wins in January and again in March: March's place passes to its 2nd.
    Events are taken by date, not in the order the series lists them."""
    march = {"doc": ranked_event(players(8)), "kind": "local", "date": "2026-03-07"}
    january = {
        "doc": ranked_event(["p01", *players(7, prefix="j")]),
        "kind": "local",
        "date": "2026-01-10",
    }
    path = write(tmp_path, [march, january], DOMINION)
    doc = qualification(capsys, path)
    assert who(doc) == [
        ("p01", "R-QUAL-2", "local", "event-02.json"),
        ("p02", "R-QUAL-2", "local", "event-01.json"),
    ]
    assert doc["passed_down"] == [
        {
            "event": "event-01.json",
            "player": "p01",
            "name": "P01",
            "rank": 1,
            "rank_to": 1,
            "why": "already-qualified",
            "to": "p02",
        }
    ]


def test_r_qual_2_a_declined_place_passes_down(capsys, tmp_path):
    """R-QUAL-2: 20 players: two places; the winner declines, so the 2nd and the 3rd
    qualify; the declined place went to the 3rd."""
    path = write(
        tmp_path,
        [{"doc": ranked_event(players(20)), "kind": "local", "declined": ["p01"]}],
        DOMINION,
    )
    doc = qualification(capsys, path)
    assert [q["player"] for q in doc["qualified"]] == ["p02", "p03"]
    assert [(p["player"], p["why"], p["to"]) for p in doc["passed_down"]] == [
        ("p01", "declined", "p03")
    ]


def test_r_qual_2_several_places_pass_down_in_order(capsys, tmp_path):
    """R-QUAL-2: A main tournament whose 1st holds a place and whose 3rd declines: places
    1–5 go to 2nd, 4th, 5th, 6th and 7th; the two places passed down went to the 6th and the
    7th."""
    path = write(
        tmp_path,
        [{"doc": ranked_event(players(12)), "kind": "main", "declined": ["p03"]}],
        {**DOMINION, "last_final_top5": ["p01"]},
    )
    doc = qualification(capsys, path)
    assert [q["player"] for q in doc["qualified"]] == ["p01", "p02", "p04", "p05", "p06", "p07"]
    assert [(p["player"], p["why"], p["to"]) for p in doc["passed_down"]] == [
        ("p01", "already-qualified", "p06"),
        ("p03", "declined", "p07"),
    ]


def test_r_qual_2_a_place_passed_down_twice(capsys, tmp_path):
    """R-QUAL-2: 20 players, two places: the 1st declines, the 2nd and the 4th already hold
    places. The 1st's place goes to the 3rd; the 2nd's passes down to the 4th, who passes it
    on to the 5th."""
    path = write(
        tmp_path,
        [{"doc": ranked_event(players(20)), "kind": "local", "declined": ["p01"]}],
        {**DOMINION, "last_final_top5": ["p02", "p04"]},
    )
    doc = qualification(capsys, path)
    assert [q["player"] for q in doc["qualified"]] == ["p02", "p04", "p03", "p05"]
    assert [(p["player"], p["why"], p["to"]) for p in doc["passed_down"]] == [
        ("p01", "declined", "p03"),
        ("p02", "already-qualified", "p05"),
        ("p04", "already-qualified", "p05"),
    ]


def test_r_qual_2_without_pass_down_the_place_stays_empty(capsys, tmp_path):
    """R-QUAL-2: without pass down the place stays empty."""
    path = write(
        tmp_path,
        [{"doc": ranked_event(players(8)), "kind": "local", "declined": ["p01"]}],
        {**DOMINION, "pass_down": False},
    )
    doc = qualification(capsys, path)
    assert doc["qualified"] == []
    assert [(p["player"], p["to"]) for p in doc["passed_down"]] == [("p01", None)]


def test_r_qual_3_last_years_top5_qualify_and_hold_their_places(capsys, tmp_path):
    """R-QUAL-3: Last year's top 5 qualify before any event (one of them never plays this
    year); when one of them wins a local tournament the place passes down."""
    top5 = ["p01", "away", "z1", "z2", "z3"]
    path = write(
        tmp_path,
        [{"doc": ranked_event(players(8)), "kind": "local"}],
        {**DOMINION, "last_final_top5": top5},
    )
    doc = qualification(capsys, path)
    assert who(doc)[:5] == [(p, "R-QUAL-3", "last-final", None) for p in top5]
    assert who(doc)[5:] == [("p02", "R-QUAL-2", "local", "event-01.json")]
    assert doc["qualified"][1]["name"] == "away"  # never played: the id is all we know
    assert doc["qualified"][0]["name"] == "P01"


def test_r_qual_3_a_last_chance_event_fills_the_field(capsys, tmp_path):
    """R-QUAL-3: Field of 9: 5 from the main tournament, then the last-chance event fills 4
    places, skipping the already qualified (who are listed as passing their place down)."""
    events = [
        {"doc": ranked_event(players(10)), "kind": "main", "date": "2026-03-01"},
        {
            "doc": ranked_event(["p01", "p06", "p02", "p07", "p08", "p09", "p10"]),
            "kind": "last-chance",
            "date": "2026-04-01",
        },
    ]
    path = write(tmp_path, events, {**DOMINION, "field_size": 9})
    doc = qualification(capsys, path)
    assert who(doc)[5:] == [
        (p, "R-QUAL-3", "last-chance", "event-02.json") for p in ("p06", "p07", "p08", "p09")
    ]
    assert doc["events"][1]["places"] == 4
    assert [(p["player"], p["to"]) for p in doc["passed_down"]] == [("p01", "p08"), ("p02", "p09")]


def test_r_qual_3_a_full_field_leaves_no_last_chance_places(capsys, tmp_path):
    """R-QUAL-3: a full field leaves no last chance places."""
    events = [
        {"doc": ranked_event(players(10)), "kind": "main"},
        {"doc": ranked_event(players(6, prefix="q")), "kind": "last-chance"},
    ]
    path = write(tmp_path, events, {**DOMINION, "field_size": 5})
    doc = qualification(capsys, path)
    assert len(doc["qualified"]) == 5
    assert (doc["events"][1]["places"], doc["events"][1]["why"]) == (0, "field-full")


def test_players_tied_at_the_cut_all_qualify(capsys, tmp_path):
    """[interpretation] A and D share 1st–2nd (equal points and success) of a local
    tournament with one place: both qualify."""
    entrants = [{"id": n, "name": n} for n in "ABCDEF"]
    one = [(["A", "B", "C"], [50, 30, 20]), (["D", "E", "F"], [50, 30, 20])]
    path = write(tmp_path, [{"doc": event_doc(entrants, [one]), "kind": "local"}], DOMINION)
    doc = qualification(capsys, path)
    assert [(q["player"], q["rank"], q["rank_to"]) for q in doc["qualified"]] == [
        ("A", 1, 2),
        ("D", 1, 2),
    ]


def test_unpublished_and_non_qualifier_events_qualify_nobody(capsys, tmp_path):
    events = [
        {"doc": ranked_event(players(8)), "kind": "local", "published": False},
        {"doc": ranked_event(players(8))},
    ]
    path = write(tmp_path, events, DOMINION)
    doc = qualification(capsys, path)
    assert doc["qualified"] == []
    assert [(e["why"], e["places"]) for e in doc["events"]] == [
        ("unpublished", 0),
        ("not-a-qualifier", 0),
    ]


def test_r_qual_4_last_years_top10_qualify(capsys, tmp_path):
    """R-QUAL-4: last years top10 qualify."""
    top10 = players(10, prefix="c")
    path = write(
        tmp_path,
        [{"doc": carcassonne_event(players(12)), "kind": "local"}],
        {**CARCASSONNE, "last_championship_top10": top10},
    )
    doc = qualification(capsys, path)
    assert who(doc)[:10] == [(p, "R-QUAL-4", "last-championship", None) for p in top10]
    assert who(doc)[10:] == [("p01", "R-QUAL-4", "direct", "event-01.json")]


def test_r_qual_4_two_points_from_different_tournaments_qualify(capsys, tmp_path):
    """R-QUAL-4: p02 is 2nd twice in 12-player events: 1 + 1 point; qualifies at the second
    event."""
    events = [
        {"doc": carcassonne_event(players(12)), "kind": "local"},
        {"doc": carcassonne_event(["w", *players(12)[1:]]), "kind": "local"},
    ]
    path = write(tmp_path, events, CARCASSONNE)
    doc = qualification(capsys, path)
    assert who(doc) == [
        ("p01", "R-QUAL-4", "direct", "event-01.json"),
        ("w", "R-QUAL-4", "direct", "event-02.json"),
        ("p02", "R-QUAL-4", "points", "event-02.json"),
    ]
    assert doc["qualified"][2]["points"] == 2.0
    (p02,) = [p for p in doc["points"] if p["player"] == "p02"]
    assert p02 == {
        "player": "p02",
        "name": "P02",
        "total": 2.0,
        "events": [
            {"event": "event-01.json", "points": 1.0},
            {"event": "event-02.json", "points": 1.0},
        ],
    }
    # p03: 0.5 + 0.5; not enough
    (p03,) = [p for p in doc["points"] if p["player"] == "p03"]
    assert p03["total"] == 1.0
    assert "p03" not in [q["player"] for q in doc["qualified"]]


def test_r_qual_4_points_from_one_tournament_are_not_enough(capsys, tmp_path):
    """R-QUAL-4: A table that gives the 2nd two points: p02 has 2 points from one tournament
    and does not qualify until a second tournament adds some."""
    table = [{"entrants": 12, "direct": 1, "points": [2, 2, 0.5]}]
    events = [
        {"doc": carcassonne_event(players(12)), "kind": "local", "date": "2026-01-01"},
        {
            "doc": carcassonne_event(["v", "w", "p02", *players(12)[3:]]),
            "kind": "local",
            "date": "2026-02-01",
        },
    ]
    path = write(tmp_path, [events[0]], {**CARCASSONNE, "table": table})
    assert "p02" not in [q["player"] for q in qualification(capsys, path)["qualified"]]
    path = write(tmp_path, events, {**CARCASSONNE, "table": table})
    doc = qualification(capsys, path)
    (p02,) = [q for q in doc["qualified"] if q["player"] == "p02"]
    assert (p02["how"], p02["event"], p02["points"]) == ("points", "event-02.json", 2.5)


def test_r_qual_4_a_decline_refuses_direct_places_and_points_reached_there(capsys, tmp_path):
    """R-QUAL-4, [interpretation]: p02 reaches 2 points at the second event but declined
    there: they do not qualify there (the points still count, and are listed)."""
    events = [
        {"doc": carcassonne_event(players(12)), "kind": "local"},
        {
            "doc": carcassonne_event(["w", *players(12)[1:]]),
            "kind": "local",
            "declined": ["p02", "w"],
        },
    ]
    doc = qualification(capsys, write(tmp_path, events, CARCASSONNE))
    assert [q["player"] for q in doc["qualified"]] == ["p01"]
    assert [(p["player"], p["why"], p["to"]) for p in doc["passed_down"]] == [
        ("w", "declined", None)
    ]
    assert [p["total"] for p in doc["points"] if p["player"] == "p02"] == [2.0]


def test_r_qual_5_eleven_players_award_nothing(capsys, tmp_path):
    """R-QUAL-5: eleven players award nothing."""
    events = [
        {"doc": carcassonne_event(players(11)), "kind": "local"},
        {"doc": carcassonne_event(players(12, prefix="t")), "kind": "local"},
    ]
    path = write(tmp_path, events, CARCASSONNE)
    doc = qualification(capsys, path)
    assert [(e["players"], e["places"], e["why"]) for e in doc["events"]] == [
        (11, 0, "too-few-players"),
        (12, 1, None),
    ]
    assert {p["player"] for p in doc["points"]} == {"t01", "t02", "t03"}
    assert who(doc) == [("t01", "R-QUAL-4", "direct", "event-02.json")]


LOCAL_2014 = {
    "system": "carcassonne",
    "table": [
        {"entrants": 1, "direct": 3},
        {"entrants": 12, "direct": 3, "points": [1, 1, 1, 0.5]},
        {"entrants": 16, "direct": 4, "points": [1, 1, 1, 1, 0.5]},
    ],
}


def test_r_qual_5_small_events_still_qualify_directly_without_points(capsys, tmp_path):
    """R-QUAL-5: 2014 local events of up to 15 qualify places 1-3 directly; with 11 or fewer
    entrants those places still qualify, only the points are not awarded."""
    events = [
        {"doc": carcassonne_event(players(8)), "kind": "local"},
        {"doc": carcassonne_event(players(12, prefix="t")), "kind": "local"},
        {"doc": carcassonne_event(players(16, prefix="s")), "kind": "local"},
    ]
    doc = qualification(capsys, write(tmp_path, events, LOCAL_2014))
    assert [(e["players"], e["places"], e["why"]) for e in doc["events"]] == [
        (8, 3, None),
        (12, 3, None),
        (16, 4, None),
    ]
    assert [q["player"] for q in doc["qualified"]] == [
        "p01", "p02", "p03", "t01", "t02", "t03", "s01", "s02", "s03", "s04",
    ]  # fmt: skip
    assert not any(p["player"].startswith("p") for p in doc["points"])
    assert ("t04", 0.5) in [(p["player"], p["total"]) for p in doc["points"]]


def test_r_qual_5_a_row_below_twelve_entrants_may_not_award_points(capsys, tmp_path):
    """R-QUAL-5: a table row for 11 or fewer entrants is accepted, but not with points."""
    table = {"system": "carcassonne", "table": [{"entrants": 4, "direct": 1, "points": [1]}]}
    path = write(tmp_path, [{"doc": carcassonne_event(players(8)), "kind": "local"}], table)
    code, out, err = run(capsys, "series", "qualification", str(path))
    assert (code, out) == (2, "")
    assert err.strip() == (
        f"{path}: $.qualification.table[0].points: events of 11 or fewer entrants award no "
        "qualification points (R-QUAL-5)"
    )


def test_r_qual_5_entrants_who_never_played_do_not_make_the_size(capsys, tmp_path):
    """R-QUAL-5: entrants who never played do not make the size."""
    path = write(
        tmp_path,
        [{"doc": carcassonne_event(players(11), absent=("no-show",)), "kind": "local"}],
        CARCASSONNE,
    )
    doc = qualification(capsys, path)
    assert (doc["events"][0]["players"], doc["points"]) == (11, [])


def test_r_qual_5_the_table_row_follows_the_size(capsys, tmp_path):
    """R-QUAL-5: 20 players: the second row — two direct places, 1.5 points for 1st."""
    path = write(tmp_path, [{"doc": carcassonne_event(players(20)), "kind": "local"}], CARCASSONNE)
    doc = qualification(capsys, path)
    assert [q["player"] for q in doc["qualified"]] == ["p01", "p02"]
    assert [(p["player"], p["total"]) for p in doc["points"]] == [
        ("p01", 1.5),
        ("p02", 1.0),
        ("p03", 1.0),
        ("p04", 0.5),
    ]


def test_r_qual_4_a_direct_place_is_not_passed_down_by_default(capsys, tmp_path):
    """R-QUAL-4: [interpretation] Carcassonne: a direct place whose player already qualified
    stays empty unless the series sets pass_down."""
    events = [{"doc": carcassonne_event(players(12)), "kind": "local"}]
    held = {**CARCASSONNE, "last_championship_top10": ["p01"]}
    doc = qualification(capsys, write(tmp_path, events, held))
    assert [q["player"] for q in doc["qualified"]] == ["p01"]
    assert [(p["player"], p["to"]) for p in doc["passed_down"]] == [("p01", None)]
    doc = qualification(capsys, write(tmp_path, events, {**held, "pass_down": True}))
    assert [q["player"] for q in doc["qualified"]] == ["p01", "p02"]
    assert [(p["player"], p["to"]) for p in doc["passed_down"]] == [("p01", "p02")]


def test_r_qual_6_a_filler_tournament_fills_the_field_to_32(capsys, tmp_path):
    """R-QUAL-6: a filler tournament fills the field to 32."""
    top10 = players(10, prefix="c")
    path = write(
        tmp_path,
        [{"doc": carcassonne_event(players(30)), "kind": "last-chance"}],
        {**CARCASSONNE, "last_championship_top10": top10},
    )
    doc = qualification(capsys, path)
    filled = [q for q in doc["qualified"] if q["rule"] == "R-QUAL-6"]
    assert [q["player"] for q in filled] == players(22)
    assert len(doc["qualified"]) == 32


def test_the_pure_api_and_the_text_output(capsys, tmp_path):
    path = write(
        tmp_path,
        [{"doc": ranked_event(players(20)), "kind": "local", "declined": ["p01"]}],
        DOMINION,
    )
    result = compute_qualification(document.load(path))
    assert [q.person for q in result.qualified] == ["p02", "p03"]
    code, out, err = run(capsys, "--lang", "cs", "series", "qualification", str(path))
    assert (code, err) == (0, "")
    for text in ("P01", "P02", "R-QUAL-2"):
        assert text in out
    assert "Jméno" in out  # the Czech header for Name


def test_a_series_without_qualification_is_refused(capsys, tmp_path):
    path = write_series(tmp_path, [{"doc": ranked_event(players(6))}])
    code, out, err = run(capsys, "series", "qualification", str(path))
    assert (code, out) == (2, "")
    assert (
        err
        == f"{path}: $.qualification: the series has no qualification (the field 'qualification')\n"
    )
