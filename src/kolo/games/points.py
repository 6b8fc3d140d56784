"""Any game scored in points where the higher score wins: what a generic knockout plays."""

from kolo.core.problems import N_
from kolo.games.base import Game

GAME = Game(id="points", title=N_("any game scored in points"), players=(2, 8))
