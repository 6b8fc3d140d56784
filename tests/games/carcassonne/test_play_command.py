"""``kolo carcassonne play``, a turn as a person sees it, in English and in Czech: follower
spots named by where they lie (road W, field NE, city N, monastery), tiles described by what
they have, and no two lists of a turn labelled alike (tiles by their letter, squares by number,
followers by a letter from a, face-up tiles x, y, z and the pile p)."""

import io
import re

import pytest

from kolo.cli import main
from kolo.cli.carcassonne import describe, spot_name
from kolo.games.carcassonne.tiles import BASE_TILES, ORIENTATIONS, TILE_INDEX, place_of

T = TILE_INDEX


def turn(monkeypatch, capsys, answers: str, *args: str) -> str:
    """The first turn of the final's variant, seed 26, against the greedy bot."""
    monkeypatch.setattr("sys.stdin", io.StringIO(answers))
    command = [*args, "carcassonne", "play", "--variant", "final", "--bot", "greedy"]
    assert main([*command, "--seed", "26"]) == 2  # the input ends: the game is left
    return capsys.readouterr().out


def labels(out: str, header: str) -> list[str]:
    """The labels of the list under ``header``."""
    lines = out.split(header, 1)[1].splitlines()[1:]
    found = []
    for line in lines:
        match = re.match(r"  (\S+?)[.:] ", line)
        if not match:
            break
        found.append(match.group(1))
    return found


def test_a_turn_in_english_names_spots_by_direction_and_describes_tiles(monkeypatch, capsys):
    out = turn(monkeypatch, capsys, "U\n1\na\np\n")
    assert "  x. B: monastery, fields\n" in out  # face-up tiles described, not bare letters
    assert "  z. P: city N–W, road E–S, fields\n" in out
    assert "  J: city N, road E–S, fields (in hand)\n" in out
    assert "  A*: monastery, road S, fields (your monastery)\n" in out
    assert "  1. (1, 0) 90°: road E–W, fields\n" in out
    assert "A follower on U at (1, 0):\n  a. road E–W\n  b. field S\n  c. field N\n" in out
    assert "  p. the pile\n" in out
    assert "with a follower on the city S." in out  # the bot's follower, named too
    tiles = labels(out, "Your tiles:")
    squares = labels(out, "(square, turned clockwise):")
    followers = labels(out, "A follower on U at (1, 0):")
    face_up = labels(out, "(to draw after playing a tile from your hand):")
    assert tiles == ["J", "K", "U", "B*", "A*"]
    assert squares == ["1", "2", "3"]
    assert followers == ["a", "b", "c"]
    assert face_up == ["x", "y", "z"]
    lists = [tiles, squares, followers, face_up]
    for i, one in enumerate(lists):
        for other in lists[i + 1 :]:
            assert not set(one) & set(other)  # no label in two lists of the screen


def test_a_turn_in_czech(monkeypatch, capsys):
    out = turn(monkeypatch, capsys, "U\n1\na\np\n", "--lang", "cs")
    assert "  x. B: klášter, louky\n" in out
    assert "  z. P: město S–Z, cesta V–J, louky\n" in out
    assert "  J: město S, cesta V–J, louky (v ruce)\n" in out
    assert "  1. (1, 0) 90°: cesta V–Z, louky\n" in out
    assert "  a. cesta V–Z\n  b. louka J\n  c. louka S\n" in out
    assert "  p. z hromádky\n" in out
    assert "a postaví figurku: město J." in out


def test_wrong_labels_are_asked_again(monkeypatch, capsys):
    # a number for the tile, a letter for the square, a number for the follower
    out = turn(monkeypatch, capsys, "1\nu\nz\n1\n1\nb\nq\nx\n")
    assert "Give a tile's letter: J, K, U, B*, A*." in out
    assert "Give a number from 1 to 3." in out
    assert "Give a letter from a to c, or nothing for no follower." in out
    assert "Give one of: p, x, y, z." in out
    assert "The bot plays" in out  # the move was made: U with a farmer, then face-up x drawn


def test_every_feature_of_every_tile_and_turn_has_a_place_of_its_own():
    for i, tile in enumerate(BASE_TILES):
        for r in range(4):
            o = ORIENTATIONS[i][r]
            names = [spot_name(i, r, f) for f in range(len(o.kinds))]
            assert len(set(names)) == len(names), (tile.name, r, names)
            places = [(k, place_of(o, f)) for f, k in enumerate(o.kinds)]
            assert len(set(places)) == len(places)


@pytest.mark.parametrize(
    ("tile", "rotation", "names"),
    [
        ("L", 0, ["city N", "road E", "road S", "road W", "field N", "field SE", "field SW"]),
        ("X", 1, ["road E", "road S", "road W", "road N",
                  "field SE", "field SW", "field NW", "field NE"]),
        ("V", 3, ["road E–S", "field SE", "field NW"]),
        ("A", 2, ["road N", "field all around", "monastery"]),
        ("O", 0, ["city N–W with a pennant", "road E–S", "field SE", "field in the middle"]),
        ("C", 0, ["city on all sides with a pennant"]),
        ("H", 1, ["city E", "city W", "field in the middle"]),
    ],
)  # fmt: skip
def test_spots_are_named_where_they_lie_once_the_tile_is_turned(tile, rotation, names):
    o = ORIENTATIONS[T[tile]][rotation]
    assert [spot_name(T[tile], rotation, f) for f in range(len(o.kinds))] == names


def test_a_tile_is_described_by_what_it_has():
    assert describe(T["V"]) == "road S–W, fields"
    assert describe(T["D"], 1) == "city E, road N–S, fields"
    assert describe(T["A"]) == "monastery, road S, fields"
    assert describe(T["C"]) == "city on all sides with a pennant"
