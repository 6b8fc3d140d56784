"""Rule sets as data: a frozen value per format, naming the game its tables play.

The table of rule sets, keyed by a stable id, is ``kolo.games.rulesets``, on the games' floor,
where each rule set gets the settings its game declares. A new format is a new entry there,
not new branches elsewhere (DESIGN.md principle 4).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from typing import Any

from kolo.core.settings import Defaults, Settings, resolve


class System(Enum):
    """How rounds are paired."""

    GORN = "gorn"
    """Multi-player Swiss: nobody is eliminated, similar points sit together (RULES.md §2)."""
    SWISS_PAIRS = "swiss-pairs"
    """Swiss in pairs with byes (R-STAND-3)."""
    GROUPS_KNOCKOUT = "groups-knockout"
    """A group stage, then knockout tables (RULES.md §4)."""
    KNOCKOUT = "knockout"
    """Knockout tables from the first round: the top of each table go through."""


class Success(Enum):
    """What the success figure of the standings is (R-PCT-*)."""

    MEAN_SHARE = "mean-share"
    """The mean of the shares over the games played (R-PCT-2)."""
    SUM_SHARE = "sum-share"
    """The sum of the shares (R-PCT-5)."""
    NONE = "none"
    """No success figure (``swiss-pairs``)."""


class TieBreak(Enum):
    """A criterion that orders entrants with equal tournament points."""

    SUCCESS = "success"
    GAME_SCORE = "game_score"
    """Combined game scores: the sum of victory points (R-STAND-2)."""
    BUCHHOLZ = "buchholz"
    SCORE_DIFFERENCE = "score_difference"


@dataclass(frozen=True)
class RuleSet:
    """Everything that makes one tournament format what it is."""

    id: str
    """Stable id used in event files (``ruleset``)."""
    title: str
    """Name shown to users, in English (marked for translation)."""
    system: System
    placement_points: tuple[Fraction, ...]
    """Points for 1st, 2nd, … place in a game (RULES.md §3.1)."""
    ties_by_turns: bool
    """Equal game points are broken by fewer turns before sharing (R-SCORE-4)."""
    success: Success
    tie_breaks: tuple[TieBreak, ...]
    """After tournament points, in order (R-STAND-*)."""
    smaller_tables: bool
    """Tables one seat smaller than ``table_size`` fill the remainder (R-GORN-6)."""
    byes: bool
    """A bye is given when the count does not divide (``swiss-pairs``)."""
    defaults: Defaults
    """The settings this rule set has, with their defaults and declarations (the generic
    settings' and its game's, ``Game.settings``)."""
    game: str = "points"
    """The game its tables play (an id of ``kolo.games.registry``), ``points`` for any game
    scored in points."""
    lower_wins: bool = False
    """The lower score places higher (the game's own rule: ``Game.lower_wins``; a test holds
    the two together)."""
    points_by_size: bool = False
    """Placement points are k, k − 1, …, 1 for the normal table size k (a setting), instead of
    ``placement_points`` (for a game whose tables seat 3 to 8)."""
    teams: bool = False
    """Entrants are teams of two, partners sitting opposite (the block game)."""

    def lowest_wins(self, settings: Settings) -> bool:
        """Whether the lower score places higher under these settings: the game's own rule
        (``lower_wins``), or a hand scored by the common rule (setting ``scoring`` = ``own``:
        each player's own pips, R-DOMINO-6)."""
        return self.lower_wins or settings.scoring == "own"

    @property
    def eliminates(self) -> bool:
        """Whether the rule set eliminates players (its standings rank by how far they got;
        ``kolo.core.knockout``)."""
        return self.system in (System.GROUPS_KNOCKOUT, System.KNOCKOUT)

    def settings(self, overrides: Mapping[str, Any]) -> Settings:
        """The settings in force under this rule set with an event's ``overrides``; an invalid
        override leaves the default in force (``kolo.core.validation`` reports it)."""
        return resolve(self.defaults, overrides)[0]

    def points_table(self, settings: Settings) -> tuple[Fraction, ...]:
        """Placement points for 1st, 2nd, … place under these settings (RULES.md §3.1)."""
        if settings.placement_points:
            return settings.placement_points
        if self.points_by_size:
            return tuple(Fraction(k) for k in range(settings.table_size, 0, -1))
        return self.placement_points

    def table_sizes(self, settings: Settings) -> tuple[int, ...]:
        """The table sizes allowed, the normal size first."""
        size = settings.table_size
        if self.smaller_tables and size > 2:
            if settings.remainder == "larger":
                return (size, size + 1)
            return (size, size - 1)
        return (size,)

    def layout(self, players: int, settings: Settings) -> tuple[tuple[int, ...], int] | None:
        """How ``players`` entrants are seated: table sizes (largest first) and the number of
        byes; ``None`` when the rule set cannot seat that many.

        With smaller tables, N mod k = r leaves (k − r) tables of k − 1 (R-GORN-6): tables
        of 3 and N mod 3 = 1 → two tables of two; of 4 and N mod 4 = 1 → three tables of three.
        """
        size = settings.table_size
        if players <= 0:
            return None
        if self.smaller_tables and size > 2 and settings.remainder == "larger":
            # R-DOMINO-10: the players left over sit at tables of one more, one a table
            large, rest = players % size, players // size
            if rest < large or players < size:
                return None
            return (size + 1,) * large + (size,) * (rest - large), 0
        if self.smaller_tables and size > 2:
            small = (size - players % size) % size
            full, rest = divmod(players - small * (size - 1), size)
            if full < 0 or rest:
                return None
            return (size,) * full + (size - 1,) * small, 0
        full, rest = divmod(players, size)
        if rest and not self.byes:
            return None
        return (size,) * full, rest

    def max_rounds(self, settings: Settings) -> int | None:
        """The number of rounds, where it is set; a knockout ends with its final instead."""
        if self.system in (System.GROUPS_KNOCKOUT, System.KNOCKOUT):
            return None
        if settings.playoff != "none":
            return None  # the Swiss rounds, then the bracket until it has its champion
        return settings.rounds

    def games_per_table(self, round_number: int, settings: Settings) -> int:
        """How many games each table plays in round ``round_number``."""
        if self.system is System.GROUPS_KNOCKOUT:
            return settings.group_games if round_number == 1 else 1
        return settings.games_per_table
