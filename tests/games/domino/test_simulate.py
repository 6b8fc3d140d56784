"""The domino simulator: the same figures whatever the number of workers; intervals; the
command's errors."""

import json

import pytest

from kolo.cli import main
from kolo.games.domino.simulate import simulate, wilson


def test_the_figures_are_the_same_whatever_the_workers():
    one = simulate("block", ["strong", "random", "greedy", "random"], 120, seed=3, workers=1)
    two = simulate("block", ["strong", "random", "greedy", "random"], 120, seed=3, workers=2)
    first, second = one.report(), two.report()
    first.pop("games_per_second")
    second.pop("games_per_second")
    assert first == second
    assert one.tally.matches == 120
    assert sum(one.tally.wins) == 120


def test_mexican_train_is_simulated_too():
    summary = simulate("mexican-train", ["greedy", "random", "random"], 30, seed=1)
    assert summary.tally.matches == 30
    assert sum(summary.tally.wins) <= 30


def test_the_wilson_interval():
    low, high = wilson(50, 100)
    assert round(low, 3) == 0.404
    assert round(high, 3) == 0.596
    assert wilson(0, 0) == (0.0, 1.0)  # no games: nothing is known


def test_the_strong_bot_beats_greedy_more_often_than_not():
    summary = simulate("block", ["strong", "greedy", "strong", "greedy"], 300, seed=11)
    low, _high = wilson(summary.tally.wins[0], 300)
    assert low > 0.5


@pytest.mark.parametrize(
    "args",
    [
        ["--bots", "strong,random"],
        ["--bots", "strong,nobody,strong,random"],
        ["--game", "chess"],
        ["--matches", "0"],
    ],
)
def test_the_command_refuses_bad_input_in_one_line(args, capsys):
    assert main(["domino", "simulate", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("kolo:")
    assert "Traceback" not in err


def test_the_command_prints_json(capsys):
    assert main(["domino", "simulate", "--matches", "20", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["matches"] == 20
    assert len(report["wins"]) == 2


def test_a_person_plays_a_hand_in_the_terminal(monkeypatch, capsys):
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("x\n9\n" + "1\n" * 20))
    assert main(["domino", "play", "--hand", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "Your tiles:" in out
    assert "Give a number from 1 to" in out  # "x" and "9" asked again
    assert "Pips left: your team" in out


def test_the_play_command_refuses_an_unknown_bot(capsys):
    assert main(["domino", "play", "--partner", "nobody"]) == 2
    assert "no bot 'nobody'" in capsys.readouterr().err


def test_a_person_plays_mexican_train_in_the_terminal(monkeypatch, capsys):
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 300))
    assert main(["domino", "play", "--game", "mexican-train", "--players", "3"]) == 0
    out = capsys.readouterr().out
    assert "Your tiles:" in out
    assert "Scores:" in out
    assert main(["domino", "play", "--game", "chess"]) == 2


def test_the_figures_are_written_the_czech_way_in_czech(capsys):
    from kolo import display

    assert display.whole(6525, "cs") == "6\u00a0525"
    assert display.whole(6525, "en") == "6,525"
    assert display.rate(0.682, 1, "cs") == "68,2 %"
    assert display.rate(0.682, 1, "en") == "68.2%"
    assert main(["--lang", "cs", "domino", "simulate", "--matches", "30", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "dvojice 0" in out
    assert " %" in out
    assert "%–" in out


def test_the_play_command_says_who_is_your_partner_and_who_are_opponents(monkeypatch, capsys):
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 20))
    assert main(["domino", "play", "--hand", "--seed", "3", "--partner", "greedy"]) == 0
    out = capsys.readouterr().out
    assert "Your partner is seat 2, opposite you (greedy)" in out
    assert "your opponents are seats 1 and 3 (strong)" in out
    assert "seat 2 (your partner): " in out or "seat 2 (your partner) leads" in out
    assert "seat 1 (opponent): " in out


def test_four_random_players_are_played_by_the_fast_loop_with_the_engine_s_figures(monkeypatch):
    from kolo.games.domino import block, fast

    played = []
    real = fast.random_match

    def counted(seed, rules):
        played.append(seed)
        return real(seed, rules)

    monkeypatch.setattr(fast, "random_match", counted)
    quick = simulate("block", ["random"] * 4, 80, seed=4, target=60, workers=1)
    assert len(played) == 80  # every match by the fast loop
    monkeypatch.setattr(  # the same random player, not the same function: the engine plays
        block, "BOTS", {**block.BOTS, "random": lambda hand, rng: block.random_bot(hand, rng)}
    )
    slow = simulate("block", ["random"] * 4, 80, seed=4, target=60, workers=1)
    assert len(played) == 80
    first, second = quick.report(), slow.report()
    first.pop("games_per_second")
    second.pop("games_per_second")
    assert first == second


@pytest.mark.parametrize(
    ("game", "bots"),
    [("block", ["random"] * 4), ("mexican-train", ["greedy", "random", "random"])],
)
def test_the_same_figures_on_one_or_two_workers(game, bots):
    one = simulate(game, bots, 90, seed=5, workers=1).report()
    two = simulate(game, bots, 90, seed=5, workers=2).report()
    one.pop("games_per_second")
    two.pop("games_per_second")
    assert one == two
