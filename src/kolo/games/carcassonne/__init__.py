"""Carcassonne: the base game and the Czech championship final's variant (RULES.md §6,
R-CARC-FINAL; the game played is in ``game.py``)."""

from kolo.core.problems import N_
from kolo.games.base import Game

GAME = Game(id="carcassonne", title=N_("Carcassonne"), players=(2, 5))
