"""Dominion's tables in a study of a format (``kolo.science.study``, the players' model
``bots``): each game on the first-game kingdom, every seat played by its player's bot, turns
counted. The engine loads when a game is first played, not when kolo starts."""

from __future__ import annotations

from collections.abc import Sequence

from kolo.core.event import Game
from kolo.core.settings import Settings
from kolo.games.base import Bots


def play(seats: Sequence[str], bots: Sequence[str], seed: int, settings: Settings) -> Game:
    """One game of a table from its seed: its scores and every player's turns."""
    from kolo.games.dominion import bots as dominion_bots
    from kolo.games.dominion import engine

    result = engine.play(engine.FIRST_GAME, [dominion_bots.bot(n) for n in bots], seed)
    scores = dict(zip(seats, result.scores, strict=True))
    turns = dict(zip(seats, result.turns, strict=True))
    return Game(scores, turns)


BOTS = Bots(tiers=("heuristic", "big-money-smithy", "big-money"), play=play)
"""The strongest bot first (their strength measured in docs/dominion.md)."""
