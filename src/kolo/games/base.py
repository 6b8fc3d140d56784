"""What kolo knows of a game, whatever the game: its name, how a table's result is ranked, how
many sit at a table, whether turns are counted, what a table needs before play. A game's folder
under ``kolo.games`` declares one ``Game``; ``kolo.games.registry`` lists them; a rule set
(``kolo.core.rulesets``) names the game its tables play."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeAlias

from kolo.core.event import GameRecord, TableSetup
from kolo.core.problems import Problem
from kolo.core.settings import Settings


@dataclass(frozen=True)
class Deal:
    """What a game is told when a round is seated, to prepare its tables (Dominion: draw the
    kingdoms)."""

    ruleset: str
    """The event's rule set id (Dominion's round plans differ for the final)."""
    round_number: int
    tables: int
    """How many tables the round has, numbered 1.. from the top."""
    settings: Settings
    seed: int
    """The round's seed: the same seed deals the same tables."""
    resource: Callable[[str], Any]
    """The organiser's named resources the store holds (Dominion: card pools by name)."""


SetupReader: TypeAlias = Callable[[Any, str], tuple[TableSetup | None, list[Problem]]]
"""Reads a table's setup from the event file (the value, its JSON path): the typed value, or
None and the problems, each with its path."""

RecordReader: TypeAlias = Callable[
    [Any, str, Mapping[str, int], Settings], tuple[GameRecord | None, list[Problem]]
]
"""Reads a game's score sheet from the event file (the ``hands`` value, its JSON path, the
game's scores by seat, the event's settings): the typed value, or None and the problems."""


ScoresChecker: TypeAlias = Callable[[Mapping[str, int], Settings, bool, str], list[Problem]]
"""Checks a game's final score (the scores by seat, the event's settings, the time-limit mark,
the path to report at): the problems, empty where the score can end a game."""


@dataclass(frozen=True)
class Game:
    """One game, as a tournament sees it."""

    id: str
    """Stable id, named by rule sets (``RuleSet.game``)."""
    title: str
    """Its name in English, marked for translation."""
    players: tuple[int, int]
    """The fewest and the most players at a table."""
    team_size: int = 1
    """Players of one entrant: 2 where pairs play as teams (the block game), so a table seats
    ``players / team_size`` entrants."""
    lower_wins: bool = False
    """The lower score wins (Mexican Train: pips left in hand)."""
    records_turns: bool = False
    """Players' turns are counted and can break a tie (Dominion: fewer turns win)."""
    read_setup: SetupReader | None = None
    """Reads a table's setup, its ``kingdom`` object in the event file (Dominion: the kingdom,
    ``kolo.games.dominion.kingdom.read``); None for a game whose tables need none."""
    deal: Callable[[Deal], tuple[TableSetup, ...] | None] | None = None
    """Prepares a newly seated round's tables: their setups, from the top table down; None
    (the hook, or what it returns) where the tables need none."""
    read_record: RecordReader | None = None
    """Reads a game's score sheet, its ``hands`` in the event file (domino:
    ``kolo.games.domino.sheet``), checked; None for a game entered by its final scores only."""
    parse_record: Callable[[Any, str], tuple[GameRecord | None, list[Problem]]] | None = None
    """Reads a stored score sheet's shape only (it was checked when written)."""
    check_scores: ScoresChecker | None = None
    """Why a final score entered without its sheet cannot end a game played by the rules
    (domino: ``kolo.games.domino.sheet.final_score_problems``); None: any score in the limits."""
