"""Carcassonne's tables in a study of a format (``kolo.science.study``, the players' model
``bots``): each game of the variant the table's game names (the base game, or the
championship final's for ``carcassonne-final``, R-CARC-FINAL), every seat played by its
player's bot. The engine loads when a game is first played, not when kolo starts."""

from __future__ import annotations

import random
from collections.abc import Sequence

from kolo.core.event import Game
from kolo.core.settings import Settings
from kolo.games.base import Bots

TIERS = ("strong", "greedy", "random")
"""The strongest bot first (their strength measured in docs/carcassonne.md)."""


def _play(game_id: str, seats: Sequence[str], bots: Sequence[str], seed: int) -> Game:
    """A game between the seats' bots, of the variant the game ``game_id`` plays."""
    from kolo.games.carcassonne import bots as carcassonne_bots
    from kolo.games.carcassonne.game import VARIANT_OF, Rules, new_game

    game = new_game(len(seats), seed, Rules(variant=VARIANT_OF[game_id]))
    rng = random.Random(seed ^ 0x5DEECE66D)
    movers = [carcassonne_bots.BOTS[n] for n in bots]
    while not game.over:
        game.play(movers[game.turn](game, rng))
    return Game(dict(zip(seats, game.scores, strict=True)))


def play_base(seats: Sequence[str], bots: Sequence[str], seed: int, settings: Settings) -> Game:
    """One game of the base game from its seed."""
    return _play("carcassonne", seats, bots, seed)


def play_final(seats: Sequence[str], bots: Sequence[str], seed: int, settings: Settings) -> Game:
    """One game of the championship final's variant from its seed."""
    return _play("carcassonne-final", seats, bots, seed)


BOTS = Bots(tiers=TIERS, play=play_base)
FINAL_BOTS = Bots(tiers=TIERS, play=play_final)
