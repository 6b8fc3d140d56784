"""The stateless commands: validate, check, standings FILE, schema (EVENT-FORMAT.md)."""

import json
from fractions import Fraction

import pytest

from kolo.cli import main
from tests.conftest import CASES, EXAMPLES


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_validate_a_valid_file_prints_nothing(capsys):
    assert run(capsys, "validate", str(EXAMPLES / "brno-2026.json")) == (0, "", "")


def test_validate_reports_every_problem_with_its_path_and_exits_2(capsys, tmp_path):
    document = json.loads((CASES / "event-format-example.json").read_text(encoding="utf-8"))
    document["format"] = "kolo-event/0"
    document["entrants"][1]["id"] = "p1"
    document["rounds"][0]["tables"][0]["games"][0]["scores"]["p1"] = "28"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    code, out, err = run(capsys, "validate", str(path))
    assert code == 2
    assert out == ""
    lines = err.splitlines()
    assert f"{path}: $.format: must be exactly 'kolo-event/1', not \"kolo-event/0\"" in lines
    assert f"{path}: $.entrants[1].id: duplicate entrant id 'p1'" in lines
    assert f"{path}: $.rounds[0].tables[0].games[0].scores.p1: must be a whole number" in lines
    assert "internal error" not in err  # the CLI's own crash report


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "no such file"),
        ("{not json", "not valid JSON"),
        ("[]", "$: must be an object"),
    ],
)
def test_validate_bad_files_one_line_exit_2(capsys, tmp_path, content, message):
    path = tmp_path / "event.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    code, _, err = run(capsys, "validate", str(path))
    assert code == 2
    assert message in err
    assert len(err.splitlines()) == 1


def test_validate_directory_and_binary_file(capsys, tmp_path):
    code, _, err = run(capsys, "validate", str(tmp_path))
    assert (code, len(err.splitlines())) == (2, 1)
    binary = tmp_path / "x.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    code, _, err = run(capsys, "validate", str(binary))
    assert (code, err.strip()) == (2, f"kolo: {binary}: not UTF-8 text")


def test_standings_json_matches_the_golden_file(capsys):
    code, out, _ = run(capsys, "standings", str(EXAMPLES / "brno-2026.json"), "--json")
    assert code == 0
    expected = json.loads((CASES / "brno-2026.standings.json").read_text(encoding="utf-8"))
    assert json.loads(out) == expected


def _independent_standings(document):
    """Dominion CZ standings computed without kolo.core, as an oracle for the golden file."""
    points, shares = {}, {}
    for round_ in document["rounds"]:
        for table in round_["tables"]:
            for game in table["games"]:
                scores = game["scores"]
                ordered = sorted(scores.values(), reverse=True)
                place_points = [3, 2, 1]
                positive = {p: max(s, 0) for p, s in scores.items()}
                total = sum(positive.values())
                for player, score in scores.items():
                    first = ordered.index(score)
                    last = first + ordered.count(score)
                    earned = Fraction(sum(place_points[first:last]), last - first)
                    share = Fraction(positive[player], total) * Fraction(len(scores), 3)
                    points[player] = points.get(player, 0) + earned
                    shares.setdefault(player, []).append(share)
    return {p: (points[p], sum(shares[p]) / len(shares[p])) for p in points}


def test_golden_standings_agree_with_an_independent_calculation():
    document = json.loads((EXAMPLES / "brno-2026.json").read_text(encoding="utf-8"))
    oracle = _independent_standings(document)
    golden = json.loads((CASES / "brno-2026.standings.json").read_text(encoding="utf-8"))
    assert golden["after_round"] == 5
    assert len(golden["standings"]) == 31
    for row in golden["standings"]:
        expected_points, expected_success = oracle[row["entrant"]]
        assert row["points"] == float(expected_points)
        assert row["success"] == float(expected_success)
    keys = [(-r["points"], -r["success"]) for r in golden["standings"]]
    assert keys == sorted(keys)
    dropped = [r for r in golden["standings"] if r["dropped"]]
    assert [(r["entrant"], r["games"]) for r in dropped] == [("p23", 3)]


def test_brno_example_has_what_the_issue_asks_for():
    document = json.loads((EXAMPLES / "brno-2026.json").read_text(encoding="utf-8"))
    assert document["ruleset"] == "dominion-cz"
    assert len(document["entrants"]) == 31
    assert len(document["rounds"]) == 5
    sizes = [len(t["seats"]) for r in document["rounds"] for t in r["tables"]]
    assert 2 in sizes
    scores = [
        s
        for r in document["rounds"]
        for t in r["tables"]
        for g in t["games"]
        for s in g["scores"].values()
    ]
    assert min(scores) < 0
    ties = [
        g
        for r in document["rounds"]
        for t in r["tables"]
        for g in t["games"]
        if len(set(g["scores"].values())) < len(g["scores"])
    ]
    assert ties


def test_standings_json_shape_for_swiss_pairs(capsys):
    code, out, _ = run(capsys, "standings", str(EXAMPLES / "rules/swiss-pairs.json"), "--json")
    assert code == 0
    rows = json.loads(out)["standings"]
    assert rows[0] == {
        "rank": 1,
        "entrant": "p5",
        "name": "Lucie Procházková",
        "points": 2.5,
        "success": None,
        "games": 2,
        "dropped": False,
        "buchholz": 3,
        "score_difference": 20,
    }


def test_standings_json_rules_md_figures(capsys):
    """`kolo standings --json` on the examples gives the RULES.md figures."""

    def success(name, entrant):
        _, out, _ = run(capsys, "standings", str(EXAMPLES / "rules" / name), "--json")
        return next(r for r in json.loads(out)["standings"] if r["entrant"] == entrant)["success"]

    assert success("dominion-success.json", "p1") == 0.49
    assert success("dominion-two-player.json", "p4") == 0.4
    assert success("carcassonne-success.json", "p1") == 0.24
    assert success("carcassonne-three.json", "p5") == 0.375
    assert round(success("nbgl-shares.json", "p1") * 100, 2) == 85.69
    assert round(success("nbgl-shares.json", "p5") * 100, 2) == 85.86


def test_standings_text_in_czech_uses_decimal_commas(capsys):
    code, out, _ = run(
        capsys, "--lang", "cs", "standings", str(EXAMPLES / "rules/dominion-success.json")
    )
    assert code == 0
    assert "49,00 %" in out
    code, out, _ = run(
        capsys, "--lang", "en", "standings", str(EXAMPLES / "rules/dominion-success.json")
    )
    assert "49.00%" in out


def test_standings_after_round(capsys):
    code, out, _ = run(
        capsys,
        "standings",
        str(EXAMPLES / "rules/dominion-success.json"),
        "--json",
        "--after-round",
        "1",
    )
    assert code == 0
    document = json.loads(out)
    assert document["after_round"] == 1
    assert document["standings"][0]["success"] == 0.6


def test_check_passes_on_examples_and_reports_broken_rounds(capsys, tmp_path):
    code, out, _ = run(capsys, "check", str(EXAMPLES / "brno-2026.json"))
    assert (code, out.strip()) == (0, "every round obeys the hard rules (rounds checked: 5)")
    document = json.loads((EXAMPLES / "rules/dominion-success.json").read_text(encoding="utf-8"))
    document["rounds"][1]["tables"] = document["rounds"][0]["tables"]
    path = tmp_path / "repeat.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    code, _, err = run(capsys, "check", str(path))
    assert code == 2
    assert "R-GORN-4" in err


def test_schema_prints_json(capsys):
    code, out, _ = run(capsys, "schema")
    assert code == 0
    assert json.loads(out)["title"] == "kolo-event/1"


def test_usage_errors_are_one_line_exit_2(capsys):
    code, _, err = run(capsys, "standings")
    assert code == 2
    assert len(err.strip().splitlines()) == 1
    assert "Missing argument" in err
    code, _, err = run(capsys, "validate", "x.json", "--bogus")
    assert code == 2
    assert len(err.strip().splitlines()) == 1
    code, _, err = run(capsys, "--lang", "de", "schema")
    assert code == 2


def test_every_command_has_help(capsys):
    commands = [
        [],
        ["validate"],
        ["check"],
        ["standings"],
        ["schema"],
        ["result"],
        ["export"],
        ["import"],
        ["audit"],
        ["store"],
        ["event"],
        ["event", "new"],
        ["event", "list"],
        ["event", "settings"],
        ["event", "delete"],
        ["entrant"],
        ["entrant", "add"],
        ["entrant", "list"],
        ["entrant", "drop"],
        ["entrant", "edit"],
        ["entrant", "remove"],
        ["round"],
        ["round", "new"],
        ["round", "show"],
        ["round", "close"],
        ["round", "reopen"],
        ["round", "delete"],
    ]
    for command in commands:
        code, out, _ = run(capsys, *command, "--help")
        assert code == 0, command
        assert "Usage: kolo" in out, command
        assert len(out.splitlines()) > 3, command


def two_game_file(tmp_path, order):
    """One round of dominion-cz at one table of four playing two games (R-GORN-9)."""
    seats = ["a", "b", "c", "d"]
    second = {"scores": dict.fromkeys(seats, 20)}
    if order is not None:
        second["order"] = order
    document = {
        "format": "kolo-event/1",
        "name": "Dvě hry u stolu",
        "ruleset": "dominion-cz",
        "settings": {"rounds": 1, "table_size": 4, "games_per_table": 2},
        "entrants": [{"id": p, "name": p.upper()} for p in seats],
        "rounds": [
            {
                "number": 1,
                "seed": 1,
                "tables": [
                    {
                        "number": 1,
                        "seats": seats,
                        "games": [{"scores": {"a": 30, "b": 50, "c": 20, "d": 10}}, second],
                    }
                ],
            }
        ],
    }
    path = tmp_path / "two-games.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def test_r_gorn_9_check_flags_a_second_game_where_the_winner_does_not_play_last(capsys, tmp_path):
    """R-GORN-9: b won game 1, so b plays last in game 2; an "order" keeping the table's
    order breaks the rule; the rule's order (or none given: the default) passes."""
    path = two_game_file(tmp_path, ["a", "b", "c", "d"])
    code, out, err = run(capsys, "check", str(path))
    assert (code, out) == (2, "")
    assert err.strip() == (
        f"{path}: $.rounds[0].tables[0].games[1].order: R-GORN-9: the winner of game 1 (b) "
        "plays last in game 2: c, d, a, b"
    )
    for fine in (["c", "d", "a", "b"], None):
        code, out, _ = run(capsys, "check", str(two_game_file(tmp_path, fine)))
        assert (code, out.strip()) == (0, "every round obeys the hard rules (rounds checked: 1)")
    code, out, err = run(capsys, "validate", str(two_game_file(tmp_path, ["c", "d", "a", "b"])))
    assert (code, out, err) == (0, "", "")
