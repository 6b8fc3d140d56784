"""Carcassonne: the base game and the Czech championship final's variant (RULES.md §6,
R-CARC-FINAL; the game played is in ``game.py``)."""

from kolo.core.problems import N_
from kolo.games.base import Game
from kolo.games.carcassonne.study import BOTS, FINAL_BOTS

GAME = Game(id="carcassonne", title=N_("Carcassonne"), players=(2, 5), bots=BOTS)
"""The base game (R-CARC-1 … R-CARC-8)."""
FINAL_GAME = Game(
    id="carcassonne-final",
    title=N_("Carcassonne – the championship final's variant"),
    players=(2, 2),
    bots=FINAL_BOTS,
)
"""The Czech championship final's variant, for two (R-CARC-FINAL, R-CARC-9): a game of its own,
so a rule set that plays it says so (``carcassonne-final``) and the engine knows which rules a
table plays (``game.VARIANT_OF``)."""
