"""Dominion as a tournament sees it (RULES.md §5; the engine is issue 16)."""

from kolo.core.problems import N_
from kolo.games.base import Game
from kolo.games.dominion import kingdom

GAME = Game(
    id="dominion",
    title=N_("Dominion"),
    players=(2, 6),
    records_turns=True,  # tied players with fewer turns win (the base game's rule)
    read_setup=kingdom.read,
    deal=kingdom.deal,
)
