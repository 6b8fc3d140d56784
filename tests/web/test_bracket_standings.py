"""Standings after a bracket explain themselves (R-DOMINO-11): how far each team got in the
bracket, then the Swiss columns in the order of the tie-breaks — on the web page, the print,
the CSV and the command line (all from ``kolo.report.standings``)."""

import csv
import io
import itertools
import random
import re

import pytest

from kolo.cli import main
from kolo.store import api as store
from tests.web.conftest import ACTOR
from tests.web.test_domino_bracket import play_round

pytestmark = [pytest.mark.db, pytest.mark.django_db]

# domino-pairs breaks ties by the score difference, then game points, then Buchholz
ORDER = ["Score diff.", "Game points", "Buchholz"]


@pytest.fixture
def decided(owner):
    event = store.create_event(
        ACTOR, "Domino", "domino-pairs", {"rounds": 3, "playoff": "double"}, owner=owner
    )
    store.add_entrants(ACTOR, event, [(f"Tým {i}", None) for i in range(1, 11)])
    rng = random.Random(4)
    for _ in range(3):
        play_round(event, rng)
    while not store.bracket_decided(event):
        play_round(event, rng)
    return event


def cells(html: str) -> list[list[str]]:
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", html, re.S)
    return [
        [
            re.sub(r"<[^>]+>", "", c).strip()
            for c in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", r, re.S)
        ]
        for r in rows
    ]


def explained(table: list[list[str]]) -> None:
    """The header names the bracket before the points and the tie-breaks in their order; the
    champion is first and says so; teams out in the same round stand by the Swiss columns."""
    header, *rows = table
    assert header[:4] == ["Place", "Name", "Bracket", "Points"]
    assert header[4:7] == ORDER
    assert rows[0][2] == "winner"
    assert rows[1][2].startswith("grand final")
    assert rows[-1][2] == "–"  # a team that did not reach the bracket
    key = [(row[2], float(row[3]), int(row[4]), int(row[5]), float(row[6])) for row in rows[1:]]
    for a, b in itertools.pairwise(key):
        if a[0] == b[0]:  # out in the same round: the Swiss rounds decide
            assert a[1:] >= b[1:]
    assert any(a[0] == b[0] for a, b in itertools.pairwise(key))


def test_the_standings_page_and_its_print_show_how_each_place_was_decided(client, decided):
    page = client.get(f"/e/{decided.key}/standings/").content.decode()
    explained(cells(page))
    assert "Places follow the bracket first" in page


def test_the_print_and_the_csv_explain_the_places_too(desk, decided):
    printed = desk.get(f"/desk/{decided.key}/print/standings/").content.decode()
    explained(cells(printed))
    text = desk.get(f"/desk/{decided.key}/export.csv").content.decode("utf-8-sig")
    header, first, *_ = list(csv.reader(io.StringIO(text)))
    assert header[:10] == [
        "rank",
        "rank_to",
        "id",
        "name",
        "club",
        "bracket",
        "points",
        "score_difference",
        "game_score",
        "buchholz",
    ]
    assert first[header.index("bracket")] == "winner"


def test_the_command_line_standings_explain_the_places(capsys, decided):
    code = main(["--user", "desk", "standings", decided.key])
    out, err = capsys.readouterr()
    assert code == 0, err
    lines = out.splitlines()
    header = next(line for line in lines if line.startswith("Place"))
    assert re.split(r"\s{2,}", header.strip())[:7] == ["Place", "Name", "Bracket", "Points", *ORDER]
    first = next(line for line in lines if line.startswith("1."))
    assert "winner" in first
    assert "Places follow the bracket first" in out
