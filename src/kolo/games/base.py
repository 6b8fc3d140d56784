"""What kolo knows of a game, whatever the game: its name, how a table's result is ranked, how
many sit at a table, whether turns are counted, what a table needs before play. A game's folder
under ``kolo.games`` declares one ``Game``; ``kolo.games.registry`` lists them; a rule set
(``kolo.games.rulesets``) names the game its tables play."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeAlias

from kolo.core import event
from kolo.core.event import GameRecord, TableSetup
from kolo.core.problems import Problem
from kolo.core.settings import Settings, SettingSpec


@dataclass(frozen=True)
class Deal:
    """What a game is told when a round is seated, to prepare its tables (draw their setups)."""

    ruleset: str
    """The event's rule set id (a game's round plans may differ by rule set)."""
    round_number: int
    tables: int
    """How many tables the round has, numbered 1.. from the top."""
    settings: Settings
    seed: int
    """The round's seed: the same seed deals the same tables."""
    resource: Callable[[str, str], Any]
    """The organiser's named resources the store holds, by the setting that names one and its
    value (``Game.resource_settings``): ``resource(setting, name)``."""


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


TablePlay: TypeAlias = Callable[[Sequence[str], Sequence[str], int, Settings], event.Game]
"""Plays one game at a table by bots (the seats in seat order, each seat's bot by name, the
game's seed, the event's settings): the game's result, with its score sheet where the game
keeps one. The same seed plays the same game."""


@dataclass(frozen=True)
class Bots:
    """How format science plays one of the game's tables with its bots (``kolo.science.study``,
    the players' model ``bots``)."""

    tiers: tuple[str, str, str]
    """Three of its bots, strongest first: the strongest third of a simulated field plays the
    first, the middle third the second, the rest the third (their strength is measured in the
    game's docs)."""
    play: TablePlay
    """Plays one game of a table."""


@dataclass(frozen=True)
class ScoreSheet:
    """What a game whose tables write their game hand by hand keeps on a score sheet, and how
    (the sheet is the game's ``GameRecord``, its hands in ``hands``): read, written on, taken
    back, checked, summed. The pure changes, the store, the read-outs and the pages ask the
    game through this; none of them knows a game's sheet."""

    parse: Callable[[Any, str], tuple[Any, list[Problem]]]
    """A sheet as stored (its hands' JSON, checked when written; the path to report at): the
    typed value, or None and the problems."""
    write: Callable[[Any, str | None, Mapping[str, int]], Any]
    """The sheet with one more hand: who went out (None: blocked) and what each team or
    player at the table has left, by entrant id."""
    take_back: Callable[[Any], Any]
    """The sheet without its last hand."""
    check: Callable[[Any, Sequence[str], Settings, str], list[Problem]]
    """Why the sheet cannot have happened at a table seated so (the path to report at), each
    reason at its hand's path: empty where it can."""
    running: Callable[[Any, Sequence[str], str], list[dict[str, int]]]
    """The totals after each hand, by seat (the setting ``scoring``: how a hand scores)."""
    totals: Callable[[Any, Sequence[str], str], dict[str, int]]
    """The game's scores: the sheet's totals after its last hand (nought before one)."""
    complete: Callable[[Any, Sequence[str], Settings], bool]
    """Whether the game on the sheet is over."""


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
    """The lower score wins (as where the score is what is left in hand)."""
    records_turns: bool = False
    """Players' turns are counted and can break a tie (fewer turns win)."""
    settings: tuple[SettingSpec, ...] = ()
    """Its own settings, beside the generic ones (``kolo.core.settings.SPECS``): declared in
    its folder (``settings.py``); the rule sets that play it may have them
    (``kolo.games.rulesets``), and what checks, lists or shows a rule set's settings finds them
    there (``RuleSet.defaults.specs``)."""
    setup_key: str | None = None
    """The key of a table's setup in the event file (``tables[].<setup_key>``), named by the
    game; None for a game whose tables need none."""
    setup_schema: Callable[[], dict[str, Any]] | None = None
    """The JSON Schema of a table's setup in the event file (``kolo schema`` prints it under
    ``$defs.<setup_key>``)."""
    read_setup: SetupReader | None = None
    """Reads a table's setup, its ``setup_key`` object in the event file, checked; None for a
    game whose tables need none."""
    deal: Callable[[Deal], tuple[TableSetup, ...] | None] | None = None
    """Prepares a newly seated round's tables: their setups, from the top table down; None
    (the hook, or what it returns) where the tables need none."""
    read_record: RecordReader | None = None
    """Reads a game's score sheet, its ``hands`` in the event file, checked; None for a game
    entered by its final scores only."""
    parse_record: Callable[[Any, str], tuple[GameRecord | None, list[Problem]]] | None = None
    """Reads a stored score sheet's shape only (it was checked when written)."""
    check_scores: ScoresChecker | None = None
    """Why a final score entered without its sheet cannot end a game played by the rules;
    None: any score in the limits."""
    record_schema: Callable[[], dict[str, Any]] | None = None
    """The JSON Schema of a game's score sheet in the event file (``games[].hands``; every game
    that keeps one declares the same)."""
    resource_settings: tuple[str, ...] = ()
    """The settings that name one of the organiser's resources the store holds, which the
    game's deal draws on (``Deal.resource``): the store checks that the resource named exists
    when the setting is set, and a round's pairing records their values in the audit trail."""
    sheet: ScoreSheet | None = None
    """How the game's tables write it hand by hand on a score sheet; None: a game entered by
    its final scores only."""
    proposes_setups: bool = False
    """The desk offers table setups proposed from bot games, fair to every seat, to use at a
    table (the game's own pages)."""
    bots: Bots | None = None
    """How a study plays the game's tables with its bots; None: no engine plays it (a study
    then plays it only by the skill model)."""
