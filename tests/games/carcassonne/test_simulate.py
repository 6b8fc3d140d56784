"""The Carcassonne simulator and commands: the same figures whatever the number of workers;
intervals; a person's game in the terminal; the commands' errors."""

import io
import json

import pytest

from kolo.cli import main
from kolo.games.carcassonne.simulate import simulate, wilson
from kolo.games.carcassonne.tiles import BASE_TILES


def test_the_figures_are_the_same_whatever_the_workers():
    for variant in ("base", "final"):
        one = simulate(variant, ["strong", "random"], 24, seed=3, workers=1)
        two = simulate(variant, ["strong", "random"], 24, seed=3, workers=2)
        assert one.report() == two.report()
        assert one.tally.games == 24
        assert sum(one.tally.wins) + sum(one.tally.ties) // 2 <= 24


def test_seats_turn_so_each_bot_starts_equally_often():
    summary = simulate("base", ["greedy", "greedy", "random"], 9, seed=1)
    assert summary.tally.games == 9
    assert len(summary.report()["bot_results"]) == 3


def test_the_wilson_interval():
    low, high = wilson(50, 100)
    assert round(low, 3) == 0.404
    assert round(high, 3) == 0.596


@pytest.mark.parametrize(
    "args",
    [
        ["--bots", "strong,nobody"],
        ["--bots", "strong"],
        ["--variant", "final", "--bots", "strong,greedy,random"],
        ["--variant", "river"],
        ["--games", "0"],
    ],
)
def test_the_command_refuses_bad_input_in_one_line(args, capsys):
    assert main(["carcassonne", "simulate", "--workers", "1", *args]) == 2
    err = capsys.readouterr().err
    assert "kolo:" in err
    assert "Traceback" not in err


def test_the_command_prints_json(capsys):
    assert main(["carcassonne", "simulate", "--games", "6", "--workers", "1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 6
    assert [r["bot"] for r in report["bot_results"]] == ["strong", "greedy"]
    assert report["margin"]["interval"][0] <= report["margin"]["mean"]


def test_the_command_prints_a_table_in_czech(capsys):
    assert main(["--lang", "cs", "carcassonne", "simulate", "--games", "4", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "strong" in out
    assert " %" in out


@pytest.mark.parametrize("variant", ["base", "final"])
def test_a_person_plays_to_the_end_in_the_terminal(variant, monkeypatch, capsys):
    # every tile's letter (and an own monastery's), a square, a follower, the pile: a prompt
    # asks again until one of them is an answer it takes
    letters = [t.name for t in BASE_TILES] + ["A*", "B*"]
    answers = "x\n99\n" + "".join(f"{a}\n" for a in [*letters, "1", "a", "p"] * 300)
    monkeypatch.setattr("sys.stdin", io.StringIO(answers))
    assert main(["carcassonne", "play", "--variant", variant, "--bot", "greedy"]) == 0
    out = capsys.readouterr().out
    assert "Your tiles:" in out
    assert "Give a number from 1 to" in out  # a tile's letter where a square's number is asked
    assert "Final score: you" in out
    assert "#" in out  # the board drawn


def test_the_play_command_refuses_bad_input(monkeypatch, capsys):
    assert main(["carcassonne", "play", "--bot", "nobody"]) == 2
    assert "no bot 'nobody'" in capsys.readouterr().err
    assert main(["carcassonne", "play", "--variant", "river"]) == 2
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["carcassonne", "play"]) == 2
    assert "unfinished" in capsys.readouterr().err
