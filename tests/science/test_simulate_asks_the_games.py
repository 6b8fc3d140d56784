"""``kolo simulate`` asks the games and the rule sets, never names them (issue 37): its
``--model`` help lists the games that declare bots, its default rule set is the one
``kolo.simulation.gorn_of_three`` finds."""

import subprocess
import sys
from pathlib import Path

import pytest

import kolo
from kolo import i18n
from kolo.games import registry
from kolo.i18n import _

ENV = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(Path(kolo.__file__).resolve().parents[1])}


def _help(language):
    done = subprocess.run(
        [sys.executable, "-m", "kolo", "simulate", "--help"],
        capture_output=True,
        text=True,
        check=True,
        env={**ENV, "KOLO_LANG": language, "COLUMNS": "2000"},
    )
    return " ".join(done.stdout.split())


@pytest.mark.parametrize("language", ["en", "cs"])
def test_the_model_s_help_lists_the_games_with_bots(language):
    text = _help(language)
    with_bots = [game for game in registry.GAMES.values() if game.bots is not None]
    assert len(with_bots) == 5
    was = i18n.language()
    i18n.activate(language)
    try:
        titles = [_(game.title) for game in with_bots]
    finally:
        i18n.activate(was)
    assert "; ".join(titles) in text


def test_the_default_rule_set_is_asked_of_the_rule_sets():
    import typer

    from kolo.cli.app import app
    from kolo.simulation import gorn_of_three

    command = typer.main.get_command(app).commands["simulate"]  # type: ignore[attr-defined]
    (ruleset,) = [p for p in command.params if p.name == "ruleset"]
    assert ruleset.default == gorn_of_three() == "dominion-cz"
