"""Ratings across a series: openskill's Plackett–Luce, game by game in date order."""

from __future__ import annotations

import datetime
import json
from dataclasses import replace

from kolo.cli import main
from kolo.core.event import Entrant, Event, Game, Round, Table
from kolo.series.ratings import RatedEvent, ranked, rate, ratings_document
from tests.conftest import CASES


def one_table(name: str, seats: list[tuple[str, str]], scores: list[int], **kw) -> Event:
    entrants = tuple(Entrant(f"p{i + 1}", n, player=pid) for i, (n, pid) in enumerate(seats))
    ids = tuple(e.id for e in entrants)
    game = Game(dict(zip(ids, scores, strict=True)), kw.get("turns"))
    ruleset = kw.get("ruleset", "dominion-cz")
    return Event(name, ruleset, {}, entrants, (Round(1, (Table(1, ids, (game,)),), seed=1),))


PEOPLE = [("Ann", "ann"), ("Ben", "ben"), ("Cid", "cid")]


def day(n: int) -> datetime.date:
    return datetime.date(2026, 1, n)


def test_winning_raises_the_rating_and_losing_lowers_it():
    events = [
        RatedEvent(f"e{n}", day(n), one_table(f"E{n}", PEOPLE, [30, 20, 10])) for n in range(1, 6)
    ]
    ratings = rate(events)
    ann, ben, cid = ratings["ann"], ratings["ben"], ratings["cid"]
    assert ann.rating > ben.rating > cid.rating
    assert [p.rating for p in ann.history] == sorted(p.rating for p in ann.history)
    assert ann.games == 5
    assert ann.history[0].rating > 0 > cid.history[0].rating  # everyone starts at 0
    assert ann.sigma < ann.history[0].sigma  # surer with every game
    assert [r.player for r in ranked(ratings)] == ["ann", "ben", "cid"]


def test_events_are_rated_in_date_order_whatever_the_order_given():
    early = RatedEvent("early", day(1), one_table("Early", PEOPLE, [30, 20, 10]))
    late = RatedEvent("late", day(9), one_table("Late", PEOPLE, [10, 20, 30]))
    forward = rate([early, late])
    backward = rate([late, early])
    assert forward["ann"].rating == backward["ann"].rating
    assert [p.event for p in backward["ann"].history] == ["early", "late"]


def test_a_tie_moves_tied_players_alike_and_turns_break_nbgl_ties():
    tied = rate([RatedEvent("t", day(1), one_table("T", PEOPLE, [20, 20, 10]))])
    assert tied["ann"].rating == tied["ben"].rating
    four = [*PEOPLE, ("Dan", "dan")]
    nbgl = one_table(
        "N",
        four,
        [20, 20, 10, 5],
        turns={"p1": 15, "p2": 14, "p3": 15, "p4": 15},
        ruleset="nbgl-dominion",
    )
    broken = rate([RatedEvent("n", day(1), nbgl)])
    assert broken["ben"].rating > broken["ann"].rating  # fewer turns places Ben first


def test_a_person_is_one_rating_across_events():
    renamed = [("Ann Smith", "ann"), ("Ben", "ben"), ("Cid", "cid")]
    ratings = rate(
        [
            RatedEvent("a", day(1), one_table("A", PEOPLE, [30, 20, 10])),
            RatedEvent("b", day(2), one_table("B", renamed, [30, 20, 10])),
        ]
    )
    assert ratings["ann"].games == 2
    assert ratings["ann"].name == "Ann Smith"  # the latest spelling
    document = ratings_document(ratings)
    assert document["ratings"][0]["player"] == "ann"
    assert [h["event"] for h in document["ratings"][0]["history"]] == ["a", "b"]


def test_series_ratings_command(capsys):
    series = str(CASES / "series" / "series.json")
    assert main(["series", "ratings", series, "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    rows = document["ratings"]
    assert rows[0]["rank"] == 1
    assert rows[0]["rating"] >= rows[-1]["rating"]
    assert all(r["games"] == len(r["history"]) for r in rows)
    assert main(["--lang", "cs", "series", "ratings", series, "--history"]) == 0
    text = capsys.readouterr().out
    assert "Rating" in text
    assert "brno-01.json" in text


def test_ids_taken_for_one_person_under_different_names_are_warned_about(capsys, tmp_path):
    from kolo.eventfile.writer import dumps

    a = one_table("A", PEOPLE, [30, 20, 10])
    b = one_table("B", PEOPLE, [30, 20, 10])
    anonymous = lambda event, names: replace(  # noqa: E731
        event,
        entrants=tuple(
            replace(e, player=None, name=n) for e, n in zip(event.entrants, names, strict=True)
        ),
    )
    (tmp_path / "a.json").write_text(dumps(anonymous(a, ["Ann", "Ben", "Cid"])), "utf-8")
    (tmp_path / "b.json").write_text(dumps(anonymous(b, ["Ann", "Dora", "Cid"])), "utf-8")
    series = {
        "format": "kolo-series/1",
        "name": "S",
        "events": [
            {"file": "a.json", "city": "Brno", "date": "2026-01-01", "published": True},
            {"file": "b.json", "city": "Brno", "date": "2026-02-01", "published": True},
        ],
    }
    (tmp_path / "s.json").write_text(json.dumps(series), "utf-8")
    assert main(["series", "ratings", str(tmp_path / "s.json")]) == 0
    err = capsys.readouterr().err
    assert "'p2' is taken for one person in every event, but the names differ" in err
    assert "a.json: Ben; b.json: Dora" in err
    assert "'p1'" not in err


def test_czech_collation_of_equal_ratings():
    """Players of equal rating and games are listed the Czech way (ch after h), the same
    whatever the language shown."""
    from kolo.series.ratings import PlayerRating

    names = {"a": "Chalupa", "b": "Hrubý", "c": "Cibulka", "d": "Čech"}
    ratings = {p: PlayerRating(p, n, 25.0, 8.0, 3) for p, n in names.items()}
    assert [r.name for r in ranked(ratings)] == ["Cibulka", "Čech", "Hrubý", "Chalupa"]
