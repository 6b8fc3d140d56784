"""Domino's games as a tournament sees them (RULES.md §7)."""

from kolo.core.problems import N_
from kolo.games.base import Game

BLOCK = Game(id="domino-block", title=N_("Domino: the block game for two pairs"), players=(4, 4))
"""Two teams of two at a table; a match's result is each team's points (R-DOMINO-4, -5)."""

MEXICAN_TRAIN = Game(id="mexican-train", title=N_("Domino: Cardinal Mexican Train"), players=(2, 8))
"""The winner scores the others' pips (R-DOMINO-6): the higher score wins."""
