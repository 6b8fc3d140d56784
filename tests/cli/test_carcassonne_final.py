"""The Carcassonne championship final's rule set ``carcassonne-final`` on the command line:
an event created with it, paired in pairs with a bye, five rounds; the engine's commands play
its game (the final's variant, R-CARC-FINAL)."""

import io
import json

import pytest

from kolo.cli import main
from kolo.games.carcassonne.tiles import BASE_TILES
from kolo.store import models
from tests.cli.test_store_commands import ok, refused

pytestmark = [pytest.mark.db, pytest.mark.django_db]


def test_an_event_is_created_with_the_final_s_rule_set_and_paired_in_pairs(capsys):
    out = ok(capsys, "event", "new", "--ruleset", "carcassonne-final", "--key", "fin", "Finále")
    assert "carcassonne-final" in out
    event = models.Event.objects.get(key="fin")
    assert event.ruleset == "carcassonne-final"
    ok(capsys, "entrant", "add", "fin", "Ana", "Bob", "Cyril", "Dana", "Eva")
    ok(capsys, "round", "pair", "fin", "--seed", "1")
    tables = models.Table.objects.filter(round__event=event)
    assert sorted(t.seats.count() for t in tables) == [2, 2]  # and a bye for the fifth
    shown = {
        line.split()[0]: line.split()[1]
        for line in ok(capsys, "event", "settings", "fin").splitlines()[1:]
    }
    assert shown["rounds"] == "5"
    assert shown["table_size"] == "2"
    refused(capsys, "event", "new", "--ruleset", "carcassonne-finale", "X", contains="unknown")


def test_the_rule_sets_list_names_the_final(capsys):
    assert main(["rulesets"]) == 0
    out = capsys.readouterr().out
    line = next(ln for ln in out.splitlines() if ln.startswith("carcassonne-final "))
    assert "Carcassonne – Czech championship final" in line
    assert main(["--lang", "cs", "rulesets"]) == 0
    out = capsys.readouterr().out
    line = next(ln for ln in out.splitlines() if ln.startswith("carcassonne-final "))
    assert "Carcassonne – finále Mistrovství ČR" in line


def test_simulate_plays_the_game_of_the_rule_set(capsys):
    args = ["carcassonne", "simulate", "--games", "2", "--workers", "1", "--json"]
    assert main([*args, "--ruleset", "carcassonne-final"]) == 0
    assert json.loads(capsys.readouterr().out)["variant"] == "final"
    assert main([*args, "--ruleset", "carcassonne-cz"]) == 0
    assert json.loads(capsys.readouterr().out)["variant"] == "base"


def test_play_plays_the_game_of_the_rule_set(monkeypatch, capsys):
    letters = [t.name for t in BASE_TILES] + ["A*", "B*"]
    answers = "".join(f"{a}\n" for a in [*letters, "1", "a", "p"] * 300)
    monkeypatch.setattr("sys.stdin", io.StringIO(answers))
    assert main(["carcassonne", "play", "--ruleset", "carcassonne-final", "--bot", "random"]) == 0
    out = capsys.readouterr().out
    assert "Face-up tiles" in out  # the final's variant
    assert "Final score: you" in out


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (["--ruleset", "dominion-cz"], "no Carcassonne rule set 'dominion-cz'"),
        (["--ruleset", "carcassonne-final", "--variant", "base"], "plays the variant final"),
    ],
)
def test_a_rule_set_that_is_not_the_game_is_refused(args, reason, capsys):
    for command in ("simulate", "play"):
        assert main(["carcassonne", command, *args]) == 2
        err = capsys.readouterr().err
        assert reason in err
        assert "Traceback" not in err
