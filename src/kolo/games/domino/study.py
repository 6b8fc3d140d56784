"""Domino's tables in a study of a format (``kolo.science.study``, the players' model
``bots``): a block-game match to the event's target, or a Mexican Train game of the event's
hands, every seat played by its player's bot and written as a score sheet. The engines load
when a game is first played, not when kolo starts."""

from __future__ import annotations

from collections.abc import Sequence

from kolo.core.event import Game
from kolo.core.settings import Settings
from kolo.games.base import Bots

TIERS = ("strong", "greedy", "random")
"""The strongest bot first (their strength measured in docs/domino.md)."""


def play_block(seats: Sequence[str], bots: Sequence[str], seed: int, settings: Settings) -> Game:
    """One match of the block game to the target, from its seed, with its score sheet."""
    from kolo.games.domino import sheet

    written = sheet.play_block(seats, bots, seed, settings.target)
    return Game(sheet.totals(sheet.BLOCK, written, seats, settings.scoring), record=written)


def play_mexican(seats: Sequence[str], bots: Sequence[str], seed: int, settings: Settings) -> Game:
    """One game of Mexican Train of the event's hands, from its seed, with its score sheet."""
    from kolo.games.domino import sheet

    written = sheet.play_mexican(seats, bots, seed, settings.hands)
    return Game(sheet.totals(sheet.MEXICAN, written, seats, settings.scoring), record=written)


BLOCK_BOTS = Bots(tiers=TIERS, play=play_block)
MEXICAN_BOTS = Bots(tiers=TIERS, play=play_mexican)
