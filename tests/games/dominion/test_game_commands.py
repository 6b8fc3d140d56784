"""``kolo dominion simulate | propose | play`` (issue 16)."""

from __future__ import annotations

import io
import json

import pytest

from kolo.cli import main

FIRST = "Cellar,Market,Merchant,Militia,Mine,Moat,Remodel,Smithy,Village,Workshop"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_simulate_names_in_three_languages_same_figures_whatever_workers(capsys) -> None:
    mixed = "Sklepení,市場,Merchant,Milice,Mine,堀,Remodel,Kovárna,Village,Workshop"
    args = ["dominion", "simulate", "--bots", "big-money-smithy,big-money", "--games", "150"]
    code, one, _ = run(capsys, *args, mixed, "--workers", "1", "--json")
    assert code == 0
    code, two, _ = run(capsys, *args, FIRST, "--workers", "2", "--json")
    assert code == 0
    a, b = json.loads(one), json.loads(two)
    a.pop("games_per_second")
    b.pop("games_per_second")
    assert a == b
    assert sorted(a["kingdom"]) == sorted(FIRST.split(","))


def test_simulate_prints_the_report(capsys) -> None:
    code, out, _ = run(
        capsys, "dominion", "simulate", FIRST, "--players", "3", "--games", "30", "--workers", "1"
    )
    assert code == 0
    assert "First seat's advantage" in out
    assert "How games ended" in out
    assert out.count("heuristic") == 3


def test_simulate_in_czech(capsys) -> None:
    code, out, _ = run(
        capsys, "--lang", "cs", "dominion", "simulate", FIRST, "--games", "10", "--workers", "1"
    )
    assert code == 0
    assert "Království: Hradní příkop, Sklepení, Dílna" in out  # by cost, then Czech order
    assert "Výhoda prvního hráče" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["Witch,Nobody"], "unknown card 'Nobody'"),
        (["Cellar,Market"], "ten different cards, not 2"),
        (
            ["Goons,Market,Merchant,Militia,Mine,Moat,Remodel,Smithy,Village,Workshop"],
            "does not play Goons",
        ),
        ([FIRST, "--bots", "big-money-witch"], "needs Witch"),
        ([FIRST, "--bots", "nobody"], "no bot 'nobody'"),
        ([FIRST, "--bots", "big-money,big-money", "--players", "3"], "one bot a seat"),
        (["--event", "x"], "--round and --table"),
    ],
)
def test_simulate_refuses_bad_input_clearly(capsys, args: list[str], message: str) -> None:
    code, _, err = run(capsys, "dominion", "simulate", *args, "--games", "5")
    assert code == 2
    assert message in err
    assert "Traceback" not in err


@pytest.mark.django_db
def test_simulate_a_stored_tables_kingdom(capsys) -> None:
    assert run(capsys, "event", "new", "--ruleset", "dominion-cz", "Brno")[0] == 0
    run(capsys, "entrant", "add", "brno", *[f"Player {i}" for i in range(1, 7)])
    run(capsys, "round", "pair", "brno", "--seed", "4")
    assert run(capsys, "kingdom", "set", "brno", "1", "1", FIRST)[0] == 0
    code, out, err = run(
        capsys, "dominion", "simulate", "--event", "brno", "--round", "1", "--table", "1",
        "--games", "10", "--workers", "1", "--json",
    )  # fmt: skip
    assert code == 0, err
    assert sorted(json.loads(out)["kingdom"]) == sorted(FIRST.split(","))


def test_propose_offers_fair_kingdoms(capsys) -> None:
    code, out, _ = run(
        capsys, "dominion", "propose", "--candidates", "2", "--keep", "2", "--games", "10",
        "--workers", "1", "--json",
    )  # fmt: skip
    assert code == 0
    found = json.loads(out)
    assert len(found) == 2
    assert {"kingdom", "first_seat_advantage", "strategy_spread"} <= set(found[0])
    code, out, _ = run(capsys, "dominion", "propose", "--candidates", "1", "--games", "5",
                       "--workers", "1")  # fmt: skip
    assert code == 0
    assert "strategy spread" in out
    code, _, err = run(capsys, "dominion", "propose", "--pool", "Witch,Goons", "--games", "5")
    assert code == 2
    assert "does not play Goons" in err


def test_a_person_plays_a_game_in_the_terminal(monkeypatch, capsys) -> None:
    """Wrong answers are refused with a reason and asked again; the game runs to its end."""
    kingdom = "Cellar,Chapel,Village,Smithy,Festival,Laboratory,Market,Library,Gardens,Workshop"
    # "x": not a number; "6": a Province with $3
    monkeypatch.setattr("sys.stdin", io.StringIO("x\n6\n" + "\n" * 3000))
    code, out, _ = run(capsys, "dominion", "play", kingdom, "--opponents", "big-money",
                       "--seed", "3")  # fmt: skip
    assert code == 0
    assert "Your hand:" in out
    assert "Supply (cost/left):" in out
    assert "Give the numbers shown" in out  # "x"
    assert "Not allowed: Province costs 8, you have 3" in out
    assert "The game is over" in out


def test_the_play_command_refuses_bad_opponents(capsys) -> None:
    code, _, err = run(capsys, "dominion", "play", "--opponents", "a,b,c,d,e,f")
    assert code == 2
    assert "1 to 5 opponents" in err


def test_a_person_is_told_why_in_czech(monkeypatch, capsys) -> None:
    kingdom = "Cellar,Chapel,Village,Smithy,Festival,Laboratory,Market,Library,Gardens,Workshop"
    monkeypatch.setattr("sys.stdin", io.StringIO("6\n" + "\n" * 3000))
    code, out, _ = run(capsys, "--lang", "cs", "dominion", "play", kingdom, "--opponents",
                       "big-money", "--seed", "3")  # fmt: skip
    assert code == 0
    assert "Nelze: Provincie stojí 8, máte 3" in out
    assert "Vaše ruka:" in out


def test_log_prints_a_bot_game_that_replays(capsys) -> None:
    from kolo.games.dominion import engine

    code, out, _ = run(capsys, "dominion", "log", "--bots", "heuristic,big-money-militia",
                       "--seed", "4", "--json")  # fmt: skip
    assert code == 0
    game = json.loads(out)
    answers = [tuple(a) if isinstance(a, list) else a for a in game["answers"]]
    again = engine.replay(game["kingdom"], 2, 4, answers)
    assert [event.text() for event in again.log] == game["log"]
    assert list(again.scores) == game["scores"]
    code, out, _ = run(capsys, "--lang", "cs", "dominion", "log", "--seed", "4")
    assert code == 0
    assert "hráč 1: hraje Měďák" in out


def test_simulate_draws_the_report(capsys, tmp_path) -> None:
    target = tmp_path / "report.svg"
    code, _, _ = run(capsys, "--lang", "cs", "dominion", "simulate", FIRST, "--bots",
                     "big-money-smithy,big-money", "--games", "40", "--workers", "1",
                     "--plot", str(target))  # fmt: skip
    assert code == 0
    drawn = target.read_text(encoding="utf-8")
    assert drawn.startswith("<svg")
    assert "big-money-smithy" in drawn
    assert "Podíl výher každého místa" in drawn
    code, _, err = run(capsys, "dominion", "simulate", FIRST, "--games", "5", "--workers", "1",
                       "--plot", str(tmp_path / "missing" / "x.svg"))  # fmt: skip
    assert code == 2
    assert "cannot write the file" in err


@pytest.mark.parametrize("command", [[], ["simulate"], ["propose"], ["play"], ["log"]])
def test_every_command_has_help(capsys, command: list[str]) -> None:
    code, out, _ = run(capsys, "dominion", *command, "--help")
    assert code == 0
    assert "Usage: kolo dominion" in out
    assert len(out.splitlines()) > 3
