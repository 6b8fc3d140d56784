"""What kolo knows of a game, whatever the game: its name, how a table's result is ranked, how
many sit at a table, whether turns are counted. A game's folder under ``kolo.games`` declares
one ``Game``; ``kolo.games.registry`` lists them; a rule set (``kolo.core.rulesets``) names the
game its tables play."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Game:
    """One game, as a tournament sees it."""

    id: str
    """Stable id, named by rule sets (``RuleSet.game``)."""
    title: str
    """Its name in English, marked for translation."""
    players: tuple[int, int]
    """The fewest and the most players at a table."""
    lower_wins: bool = False
    """The lower score wins (Mexican Train: pips left in hand)."""
    records_turns: bool = False
    """Players' turns are counted and can break a tie (Dominion: fewer turns win)."""
