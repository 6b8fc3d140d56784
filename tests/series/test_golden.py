"""The golden series: eight Dominion events of a season (tests/cases/series/, written by
scripts/make_series_cases.py) and the expected outputs of both series commands.

The expected files were produced by kolo itself, so they guard against regressions, not
mistakes. The mistakes are guarded against by the checks below: two players' tour points and
the qualification of two events were CHECKED BY HAND from the events' own standings
(``kolo standings FILE``) and the facts in series.json, and are asserted here independently
of the golden files.
"""

import json

import jsonschema

from kolo.cli import main
from kolo.series.document import json_schema
from tests.conftest import CASES

SERIES = CASES / "series"


def run_json(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    return json.loads(out)


def test_the_golden_series_is_what_it_claims():
    """8 events, dominion-cz (and the final), ≥5 in one city, 5–32 players, shared players
    via ``player``, one unpublished, guests without ``player``."""
    series = json.loads((SERIES / "series.json").read_text(encoding="utf-8"))
    events = series["events"]
    assert len(events) == 8
    assert sum(e["city"] == "Brno" for e in events) >= 5
    assert [e["published"] for e in events].count(False) == 1
    sizes, persons = [], []
    for entry in events:
        event = json.loads((SERIES / entry["file"]).read_text(encoding="utf-8"))
        assert event["ruleset"] in ("dominion-cz", "dominion-cz-final")
        sizes.append(len(event["entrants"]))
        persons.append({e.get("player", e["id"]) for e in event["entrants"]})
        if entry["file"] in ("praha-01.json", "olomouc-01.json"):
            assert any("player" not in e for e in event["entrants"])
    assert (min(sizes), max(sizes)) == (5, 32)
    assert len(persons[0] & persons[1]) >= 2  # the same people in Brno and Praha
    jsonschema.validate(series, json_schema())


def test_standings_match_the_golden_file(capsys):
    document = run_json(capsys, "series", "standings", str(SERIES / "series.json"), "--json")
    expected = json.loads((SERIES / "expected-standings.json").read_text(encoding="utf-8"))
    assert document == expected


def test_qualification_matches_the_golden_file(capsys):
    document = run_json(capsys, "series", "qualification", str(SERIES / "series.json"), "--json")
    expected = json.loads((SERIES / "expected-qualification.json").read_text(encoding="utf-8"))
    assert document == expected


def test_two_players_checked_by_hand(capsys):
    """Checked by hand (R-TOUR-1..5) from ``kolo standings`` of each event:

    Jakub Jelínek (jakub-jelinek, himself in the championship top 7):
      brno-01  14 players → 7 places; 5th → 3; 4 top-7 players → +1              =  4
      praha-01 32 → 15 places; 3rd → 13; podium +0.5; 4 top-7 → +1               = 14.5
      brno-02   9 → 5 places; 2nd → 4; podium +1; best success (40.83 %) +1;
                3 top-7 → +1                                                     =  7
      brno-03  20 → 10 places; 1st → 10; podium +1.5; 6 rounds +0.5; 5 top-7 → +2 = 14
      brno-05  11 → 5 places; 2nd → 4; podium +1; 3 top-7 → +1                   =  6
      brno-06  24 → 10 places; 5th → 6; 7 rounds +1; 4 top-7 → +1                =  8
      brno-04  unpublished: nothing (R-TOUR-1), and not an event played for R-TOUR-5
      Five counting Brno events: the best four (14, 8, 7, 6) count, brno-01 (4) does not
      (R-TOUR-4).
      Total 14.5 + 14 + 8 + 7 + 6 = 49.5 from 6 events played: 1st of the tour.
    Lucie Zemanová (lucie-zemanova):
      praha-01 2nd → 14; podium +1; 4 top-7 → +1                                 = 16
      brno-03  9th → 2; 6 rounds +0.5; 5 top-7 → +2                              =  4.5
      Total 20.5 from 2 events.
    """
    document = run_json(capsys, "series", "standings", str(SERIES / "series.json"), "--json")
    rows = {r["player"]: r for r in document["standings"]}
    jakub = rows["jakub-jelinek"]
    assert (jakub["rank"], jakub["points"], jakub["events_played"]) == (1, 49.5, 6)
    assert [(e["event"], e["points"]) for e in jakub["counted"]] == [
        ("praha-01.json", 14.5),
        ("brno-02.json", 7),
        ("brno-03.json", 14),
        ("brno-05.json", 6),
        ("brno-06.json", 8),
    ]
    assert [(e["event"], e["points"], e["why"]) for e in jakub["not_counted"]] == [
        ("brno-01.json", 4, "city-limit"),
        ("brno-04.json", 0, "unpublished"),
    ]
    lucie = rows["lucie-zemanova"]
    assert (lucie["points"], lucie["events_played"]) == (20.5, 2)
    assert [(e["event"], e["points"]) for e in lucie["counted"]] == [
        ("praha-01.json", 16),
        ("brno-03.json", 4.5),
    ]


def test_two_events_qualification_checked_by_hand(capsys):
    """Checked by hand (R-QUAL-1..3) from ``kolo standings`` of the events:

    praha-01 (main, 5 places): 1. Kateřina Malá, 2. Lucie Zemanová, 3. Jakub Jelínek
      qualify; 4. Klára Sedláčková holds a place from last year's final (R-QUAL-3), so her
      place passes down; 5. Petr Kříž qualifies; 6. Kateřina Veselá takes Klára's place.
    brno-03 (local, 20 players → 2 places): 1. Jakub (qualified in Praha) and 2. Lenka
      Kovářová (won brno-02) hold places; 3. Barbora Dvořáková declined; 4. Josef Růžička
      holds a place (last year's final); so 5. Lucie Hájková and 6. Petr Svoboda qualify.
    """
    document = run_json(capsys, "series", "qualification", str(SERIES / "series.json"), "--json")
    by_event = {}
    for q in document["qualified"]:
        by_event.setdefault(q["event"], []).append((q["name"], q["rank"]))
    assert by_event["praha-01.json"] == [
        ("Kateřina Malá", 1),
        ("Lucie Zemanová", 2),
        ("Jakub Jelínek", 3),
        ("Petr Kříž", 5),
        ("Kateřina Veselá", 6),
    ]
    assert by_event["brno-03.json"] == [("Lucie Hájková", 5), ("Petr Svoboda", 6)]
    brno3 = [(p["name"], p["why"]) for p in document["passed_down"] if p["event"] == "brno-03.json"]
    assert brno3 == [
        ("Jakub Jelínek", "already-qualified"),
        ("Lenka Kovářová", "already-qualified"),
        ("Barbora Dvořáková", "declined"),
        ("Josef Růžička", "already-qualified"),
    ]
