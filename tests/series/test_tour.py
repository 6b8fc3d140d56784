"""Tour de Dominion points and ranking (RULES.md §6.1, R-TOUR-1..5; docs/series.md)."""

import json

import pytest

from kolo.cli import main
from kolo.cli import series as document
from kolo.series.tour import city_key, compute_tour
from tests.series.builders import event_doc, players, ranked_event, write_series


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def standings(capsys, path):
    code, out, err = run(capsys, "series", "standings", str(path), "--json")
    assert code == 0, err
    return json.loads(out)


def row_of(doc, player):
    (found,) = [r for r in doc["standings"] if r["player"] == player]
    return found


def points_in(doc, player, event):
    row = row_of(doc, player)
    (entry,) = [e for e in row["counted"] + row["not_counted"] if e["event"] == event]
    return entry


def test_r_tour_1_an_event_of_five_players_does_not_count(capsys, tmp_path):
    """R-TOUR-1: an event of five players does not count."""
    path = write_series(
        tmp_path,
        [
            {"doc": ranked_event(["p01", "p02", "p03", "p04", "solo"])},
            {"doc": ranked_event(players(6))},
        ],
    )
    doc = standings(capsys, path)
    five, six = doc["events"]
    assert (five["players"], five["counts"], five["why"]) == (5, False, "too-few-players")
    assert (six["players"], six["counts"], six["why"]) == (6, True, None)
    p01 = row_of(doc, "p01")
    assert [e["event"] for e in p01["counted"]] == ["event-02.json"]
    assert p01["not_counted"] == [
        {
            "event": "event-01.json",
            "points": 0.0,
            "rank": 1,
            "rank_to": 1,
            "award": {
                "places": 0.0,
                "podium": 0.0,
                "best_success": 0.0,
                "rounds": 0.0,
                "strong_field": 0.0,
            },
            "why": "too-few-players",
        }
    ]
    assert p01["events_played"] == 1  # R-TOUR-5 counts only events that count
    # a player of only the five-player event is not in the tour at all
    assert "solo" not in {r["player"] for r in doc["standings"]}


def test_r_tour_1_entrants_who_never_played_are_not_players(capsys, tmp_path):
    """R-TOUR-1: [interpretation] The size of an event is its players: entrants with at
    least one game."""
    path = write_series(
        tmp_path,
        [
            {"doc": ranked_event(players(5), absent=("no-show",))},
            {"doc": ranked_event(players(6), absent=("no-show",))},
        ],
    )
    doc = standings(capsys, path)
    assert [(e["players"], e["counts"]) for e in doc["events"]] == [(5, False), (6, True)]
    assert doc["events"][1]["scored_places"] == 3
    assert "no-show" not in {r["player"] for r in doc["standings"]}


def test_r_tour_1_an_unpublished_event_does_not_count(capsys, tmp_path):
    """R-TOUR-1: an unpublished event does not count."""
    path = write_series(
        tmp_path,
        [
            {"doc": ranked_event(players(8)), "published": False},
            {"doc": ranked_event(players(6))},
        ],
    )
    doc = standings(capsys, path)
    assert [(e["counts"], e["why"]) for e in doc["events"]] == [
        (False, "unpublished"),
        (True, None),
    ]
    assert points_in(doc, "p01", "event-01.json")["why"] == "unpublished"
    # p07 and p08 played only the unpublished event
    assert {r["player"] for r in doc["standings"]} == set(players(6))


def test_an_unfinished_event_does_not_count(capsys, tmp_path):
    """A published event with a round still lacking results does not count yet."""
    event = ranked_event(players(6), rounds=2)
    event["settings"] = {"rounds": 3}
    third = json.loads(json.dumps(event["rounds"][1]))
    third["number"] = 3
    for table in third["tables"]:
        table["games"] = []
    event["rounds"].append(third)
    path = write_series(tmp_path, [{"doc": event}, {"doc": ranked_event(players(6))}])
    doc = standings(capsys, path)
    assert (doc["events"][0]["counts"], doc["events"][0]["why"]) == (False, "unfinished")
    assert doc["events"][0]["rounds"] == 2


@pytest.mark.parametrize(
    ("size", "places"),
    [(6, 3), (7, 4), (8, 4), (9, 5), (13, 5), (14, 7), (19, 7), (20, 10), (29, 10), (30, 15)],
)
def test_r_tour_2_scored_places_by_the_number_of_players(capsys, tmp_path, size, places):
    """R-TOUR-2: scored places by the number of players."""
    order = players(size)
    path = write_series(tmp_path, [{"doc": ranked_event(order)}])
    doc = standings(capsys, path)
    assert doc["events"][0]["scored_places"] == places
    for place, player in enumerate(order, start=1):
        award = points_in(doc, player, "event-01.json")["award"]
        # 1st gets as many points as there are scored places, down to 1; then nothing
        assert award["places"] == max(places - place + 1, 0), place


def test_r_tour_3_podium_and_best_success_bonuses(capsys, tmp_path):
    """R-TOUR-3: podium and best success bonuses."""
    path = write_series(tmp_path, [{"doc": ranked_event(players(9))}])
    doc = standings(capsys, path)
    # 9 players → 5 places; winner +1.5 (and here the best success, +1), 2nd +1, 3rd +0.5
    assert [row_of(doc, p)["points"] for p in players(9)] == [7.5, 5, 3.5, 2, 1, 0, 0, 0, 0]
    assert points_in(doc, "p01", "event-01.json")["award"] == {
        "places": 5.0,
        "podium": 1.5,
        "best_success": 1.0,
        "rounds": 0.0,
        "strong_field": 0.0,
    }


def test_r_tour_3_best_success_bonus_goes_outside_the_scored_places(capsys, tmp_path):
    """R-TOUR-3: G wins round 1 with 98 % and drops: 3 points, last of 7, yet the best
    success."""
    names = ["A", "B", "C", "D", "E", "F", "G"]
    entrants = [{"id": n, "name": n} for n in names]
    entrants[-1]["dropped_after_round"] = 1
    later = [(["A", "B", "C"], [50, 30, 20]), (["D", "E", "F"], [45, 30, 25])]
    rounds = [
        [(["G", "A", "B"], [100, 1, 1]), (["C", "D"], [30, 20]), (["E", "F"], [30, 20])],
        *[later] * 4,
    ]
    path = write_series(tmp_path, [{"doc": event_doc(entrants, rounds)}])
    doc = standings(capsys, path)
    assert doc["events"][0]["scored_places"] == 4
    g = points_in(doc, "G", "event-01.json")
    assert (g["rank"], g["points"]) == (7, 1.0)
    assert (g["award"]["best_success"], g["award"]["places"]) == (1.0, 0.0)
    winner = points_in(doc, "D", "event-01.json")  # D: 2 + 4 x 3 = 14 points
    assert (winner["rank"], winner["award"]["best_success"]) == (1, 0.0)
    assert winner["points"] == 4 + 1.5


@pytest.mark.parametrize(("rounds", "bonus"), [(5, 0), (6, 0.5), (7, 1), (8, 1)])
def test_r_tour_3_round_bonus_to_every_scored_player(capsys, tmp_path, rounds, bonus):
    """R-TOUR-3: 6 rounds +0.5, 7 rounds +1 ([interpretation] more than 7: +1), to the
    scored only."""
    path = write_series(tmp_path, [{"doc": ranked_event(players(6), rounds=rounds)}])
    doc = standings(capsys, path)
    awarded = [points_in(doc, p, "event-01.json")["award"]["rounds"] for p in players(6)]
    assert awarded == [bonus, bonus, bonus, 0, 0, 0]


@pytest.mark.parametrize(("strong", "bonus"), [(2, 0), (3, 1), (4, 1), (5, 2), (6, 2)])
def test_r_tour_3_strong_field_bonus(capsys, tmp_path, strong, bonus):
    """R-TOUR-3: Championship top-7 players are counted among all players (here at the
    bottom, not scored themselves); the bonus goes to every scored player."""
    order = players(9)
    top7 = [*order[-strong:], "never-played"]
    path = write_series(tmp_path, [{"doc": ranked_event(order)}], championship_top7=top7)
    doc = standings(capsys, path)
    assert doc["events"][0]["championship_top7"] == strong
    awarded = [points_in(doc, p, "event-01.json")["award"]["strong_field"] for p in order]
    assert awarded == [bonus] * 5 + [0] * 4


def test_players_sharing_a_rank_share_places_and_bonuses(capsys, tmp_path):
    """[interpretation] A and D tie for 1st–2nd, B and E for 3rd–4th, C and F for 5th–6th
    (equal points and success). 6 players → 3 places: A, D get (3 + 2)/2 places,
    (1.5 + 1)/2 podium, half the best-success bonus, and the 6-round bonus; B, E get
    (1 + 0)/2 places and (0.5 + 0)/2 podium; with place points they are scored players and
    also get the round bonus; C, F get nothing."""
    entrants = [{"id": n, "name": n} for n in "ABCDEF"]
    one = [(["A", "B", "C"], [50, 30, 20]), (["D", "E", "F"], [50, 30, 20])]
    path = write_series(tmp_path, [{"doc": event_doc(entrants, [one] * 6, settings={"rounds": 6})}])
    doc = standings(capsys, path)
    a = points_in(doc, "A", "event-01.json")
    assert (a["rank"], a["rank_to"]) == (1, 2)
    assert a["award"] == {
        "places": 2.5,
        "podium": 1.25,
        "best_success": 0.5,
        "rounds": 0.5,
        "strong_field": 0.0,
    }
    assert [row_of(doc, p)["points"] for p in "ADBECF"] == [4.75, 4.75, 1.25, 1.25, 0, 0]
    b = points_in(doc, "B", "event-01.json")
    assert (b["rank"], b["rank_to"], b["award"]["places"], b["award"]["podium"]) == (
        3,
        4,
        0.5,
        0.25,
    )
    assert [row_of(doc, p)["rank"] for p in "ADBECF"] == [1, 1, 3, 3, 5, 5]


def test_r_tour_4_at_most_four_events_in_one_city(capsys, tmp_path):
    """R-TOUR-4: Six Brno events: p01 finishes 4th, 1st, 6th, 2nd, 5th, 3rd of six (0, 5.5,
    0, 3, 0, 1.5 points); the best four count — [interpretation] among equal points the
    earliest — and the other two are listed with why. A Praha event counts on top."""
    positions = [4, 1, 6, 2, 5, 3]
    events = []
    for position in positions:
        order = players(5, prefix="x")
        order.insert(position - 1, "p01")
        events.append({"doc": ranked_event(order)})
    events.append({"doc": ranked_event(["p01", *players(5, prefix="y")]), "city": "Praha"})
    path = write_series(tmp_path, events)
    doc = standings(capsys, path)
    p01 = row_of(doc, "p01")
    assert [(e["event"], e["points"]) for e in p01["counted"]] == [
        ("event-01.json", 0),
        ("event-02.json", 5.5),
        ("event-04.json", 3),
        ("event-06.json", 1.5),
        ("event-07.json", 5.5),
    ]
    assert [(e["event"], e["points"], e["why"]) for e in p01["not_counted"]] == [
        ("event-03.json", 0, "city-limit"),
        ("event-05.json", 0, "city-limit"),
    ]
    assert (p01["points"], p01["events_played"]) == (15.5, 7)


def test_r_tour_4_the_best_four_are_kept_whatever_the_date(capsys, tmp_path):
    """R-TOUR-4: Five Brno events (3, 0, 0, 0, then a win of 5.5): the win counts though it
    is last; of the three zeros the two earliest count and the latest (event 4) does not."""
    events = []
    for position in [2, 4, 5, 6, 1]:
        order = players(5, prefix="x")
        order.insert(position - 1, "p01")
        events.append({"doc": ranked_event(order)})
    path = write_series(tmp_path, events)
    p01 = row_of(standings(capsys, path), "p01")
    assert [e["event"] for e in p01["not_counted"]] == ["event-04.json"]
    assert p01["points"] == 3 + 0 + 0 + 5.5


def test_r_tour_4_a_city_is_the_same_whatever_its_case_and_spaces():
    """R-TOUR-4: a city is the same whatever its case and spaces."""
    assert city_key(" Brno") == city_key("BRNO") == city_key("brno")
    assert city_key("Plzeň") != city_key("Plzen")


def test_r_tour_5_fewer_events_played_ranks_higher(capsys, tmp_path):
    """R-TOUR-5: A and C win one six-player event each (3 + 1.5 + 1 for the best success =
    5.5); B collects 3 (2nd of 6) + 1.5 (3rd of 6) + 1 (4th of 7) = 5.5 in three events and
    ranks below them; A and C share 2nd–3rd behind h01, the winner of the seven-player event
    (4 + 1.5 + 1 = 6.5)."""
    events = [
        {"doc": ranked_event(["A", "B", "f01", "f02", "f03", "f04"])},
        {"doc": ranked_event(["C", "g01", "B", "g02", "g03", "g04"])},
        {"doc": ranked_event(["h01", "h02", "h03", "B", "h04", "h05", "h06"])},
    ]
    path = write_series(tmp_path, events)
    doc = standings(capsys, path)
    top = [(r["rank"], r["rank_to"], r["player"], r["points"]) for r in doc["standings"][:4]]
    assert top == [(1, 1, "h01", 6.5), (2, 3, "A", 5.5), (2, 3, "C", 5.5), (4, 4, "B", 5.5)]
    assert [row_of(doc, p)["events_played"] for p in ("A", "C", "B")] == [1, 1, 3]


def test_standings_json_keys(capsys, tmp_path):
    path = write_series(tmp_path, [{"doc": ranked_event(players(6))}])
    doc = standings(capsys, path)
    assert set(doc) == {"name", "rules", "events", "standings"}
    row = doc["standings"][0]
    assert set(row) == {
        "rank",
        "rank_to",
        "player",
        "name",
        "points",
        "events_played",
        "counted",
        "not_counted",
    }
    assert set(row["counted"][0]) == {"event", "points", "rank", "rank_to", "award"}
    assert isinstance(row["points"], float)


def test_the_pure_api_agrees_with_the_command(capsys, tmp_path):
    path = write_series(tmp_path, [{"doc": ranked_event(players(7))}])
    tour = compute_tour(document.load(path))
    doc = standings(capsys, path)
    assert [(r.person, float(r.points)) for r in tour.rows] == [
        (r["player"], r["points"]) for r in doc["standings"]
    ]


def test_text_standings_in_czech(capsys, tmp_path):
    events = [{"doc": ranked_event(players(6))} for _ in range(5)]
    path = write_series(tmp_path, events, name="Tour 2026")
    code, out, err = run(capsys, "--lang", "cs", "series", "standings", str(path))
    assert (code, err) == (0, "")
    assert out.startswith("Tour 2026")
    assert "Místo" in out  # Place
    assert "Body" in out  # Points
    assert "2. 1. 2026" in out  # Czech dates (day. month. year)
    assert "2026-01-02" not in out
    # p01 won all five Brno events: four count (22 points), the fifth is listed as not counted
    assert "22" in out.splitlines()[10]
    assert "5,5" in out.split("\n\n")[-1]  # Czech decimal comma in the "not counted" part
