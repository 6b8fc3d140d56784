"""A study's tables played by the games' bots: each game says how (``kolo.games.base.Game.bots``),
and the same seed plays the very same games (issue 37: the study asks the game, never its name)."""

import hashlib
import json

import pytest

from kolo.games import registry
from kolo.science.study import bots_of, games_with_bots, parse_model, simulate_event, study_of


def _digest(event):
    games = [
        [
            r.number,
            t.number,
            dict(g.scores),
            dict(g.turns) if g.turns else None,
            g.record.document() if g.record is not None else None,
        ]
        for r in event.rounds
        for t in r.tables
        for g in t.games
    ]
    return hashlib.sha256(json.dumps(games, sort_keys=True).encode()).hexdigest()[:16]


@pytest.mark.parametrize(
    ("ruleset", "players", "rounds", "settings", "digest"),
    [
        ("domino-pairs", 8, 2, {}, "f979d4ce837ad16b"),
        ("mexican-train", 9, 2, {"hands": 2}, "96a5ad4f339fa298"),
        ("dominion-cz", 9, 2, {}, "2b3eb581f544b0c8"),
        ("nbgl-dominion", 8, None, {"qualifiers": 4}, "58af4a25dfbebd5a"),
        ("carcassonne-cz", 8, 2, {}, "0e833fecb926d53e"),
        ("carcassonne-final", 6, 2, {}, "d9de525b10272836"),
        ("swiss-pairs", 6, 2, {}, "8ed596ee2060b182"),
    ],
)
def test_the_bots_play_the_same_games_from_the_same_seed(
    ruleset, players, rounds, settings, digest
):
    """Every game's scores, turns and score sheet of event 0 seeded 11, pinned as they were
    played when the study chose the bots by the game's name."""
    study = study_of(ruleset, players, rounds, settings, model=parse_model("bots"))
    assert _digest(simulate_event(study, 11, 0).event) == digest


def test_the_games_with_bots_are_the_games_that_declare_them():
    assert games_with_bots() == (
        "dominion",
        "carcassonne",
        "carcassonne-final",
        "domino-block",
        "mexican-train",
    )
    assert bots_of("points") is None
    assert bots_of("no-such-game") is None
    for game in games_with_bots():
        bots = registry.get(game).bots
        assert bots is not None
        assert len(set(bots.tiers)) == 3


def test_a_game_s_own_bots_play_its_tables(monkeypatch):
    """The study plays what the game declares: a game with its own play and tiers is played
    by them, and by nothing else."""
    from dataclasses import replace

    from kolo.core.event import Game
    from kolo.games.base import Bots

    seen = []

    def play(seats, bots, seed, settings):  # type: ignore[no-untyped-def]
        seen.append(tuple(bots))
        return Game({seat: len(seat) for seat in seats})

    points = replace(registry.GAMES["points"], bots=Bots(("best", "fair", "worst"), play))
    monkeypatch.setattr(registry, "GAMES", {**registry.GAMES, "points": points})
    played = simulate_event(study_of("knockout", 8, model=parse_model("bots")), 1, 0)
    assert played.event.rounds
    assert seen
    assert {name for names in seen for name in names} <= {"best", "fair", "worst"}
