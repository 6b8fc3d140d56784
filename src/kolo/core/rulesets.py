"""Rule sets as data: a frozen value per format, in a registry keyed by a stable id.

A new format is a new entry here, not new branches elsewhere (DESIGN.md principle 4).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import Enum
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from kolo.core.criteria import DEFAULT_WEIGHTS
from kolo.core.problems import N_
from kolo.core.settings import Settings, resolve


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
    defaults: Mapping[str, Any]
    """The settings this rule set has, with their defaults."""
    game: str = "points"
    """The game its tables play (an id of ``kolo.games.registry``): ``dominion``,
    ``carcassonne``, or ``points`` for any game scored in points."""
    lower_wins: bool = False
    """The lower score places higher (the game's own rule: ``Game.lower_wins``; a test holds
    the two together)."""
    points_by_size: bool = False
    """Placement points are k, k − 1, …, 1 for the normal table size k (a setting), instead of
    ``placement_points`` (Mexican Train, whose tables seat 3 to 8)."""
    teams: bool = False
    """Entrants are teams of two, partners sitting opposite (the block game)."""

    def lowest_wins(self, settings: Settings) -> bool:
        """Whether the lower score places higher under these settings: the game's own rule
        (``lower_wins``), or Mexican Train scored by the common rule (setting ``scoring`` =
        ``own``: each player's own pips, R-DOMINO-6)."""
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

        With smaller tables, N mod k = r leaves (k − r) tables of k − 1 (R-GORN-6): Dominion
        N mod 3 = 1 → two tables of two; Carcassonne N mod 4 = 1 → three tables of three.
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


def _points(*values: int) -> tuple[Fraction, ...]:
    return tuple(Fraction(v) for v in values)


_SHARES = {"negative_scores_as_zero": True, "smaller_table_scaling": True}
_DESK = {"self_reporting": False, "clock_alert_minutes": 45}
_CARDS = {"pool": "cz-championship", "extended_share": 0.5, "extended_for_all": False}
_PAIRING = {
    "weights": DEFAULT_WEIGHTS,
    "club_rounds": 0,
    "never_together": [],
    "slice_guard": True,
    "slice_guard_scope": "event",
    "repeats_first": False,
    "seat_balance": True,
    "time_limit": 10,
}


def _defaults(**values: Any) -> Mapping[str, Any]:
    return MappingProxyType(values)


_SWISS_PAIRS = RuleSet(
    id="swiss-pairs",
    game="carcassonne",
    title=N_("Swiss in pairs (Carcassonne, the base game)"),
    system=System.SWISS_PAIRS,
    placement_points=_points(1, 0),
    ties_by_turns=False,
    success=Success.NONE,
    tie_breaks=(TieBreak.BUCHHOLZ, TieBreak.SCORE_DIFFERENCE),
    smaller_tables=False,
    byes=True,
    defaults=_defaults(
        rounds=5, table_size=2, games_per_table=1, bye_points=1, **_PAIRING, **_DESK
    ),
)
"""Swiss in pairs (R-STAND-3): the base game's rule set, and the final's with its own game."""


REGISTRY: Mapping[str, RuleSet] = MappingProxyType(
    {
        rs.id: rs
        for rs in (
            RuleSet(
                id="dominion-cz",
                game="dominion",
                title=N_("Dominion – Czech championship and Tour (gorn, tables of 3)"),
                system=System.GORN,
                placement_points=_points(3, 2, 1),
                ties_by_turns=False,
                success=Success.MEAN_SHARE,
                tie_breaks=(TieBreak.SUCCESS,),
                smaller_tables=True,
                byes=False,
                defaults=_defaults(
                    rounds=5,
                    table_size=3,
                    games_per_table=1,
                    **_SHARES,
                    **_PAIRING,
                    **_DESK,
                    **_CARDS,
                ),
            ),
            RuleSet(
                id="dominion-cz-final",
                game="dominion",
                title=N_("Dominion – Czech championship final (gorn, 6 or 7 rounds)"),
                system=System.GORN,
                placement_points=_points(3, 2, 1),
                ties_by_turns=False,
                success=Success.MEAN_SHARE,
                tie_breaks=(TieBreak.SUCCESS,),
                smaller_tables=True,
                byes=False,
                defaults=_defaults(
                    rounds=6,
                    table_size=3,
                    games_per_table=1,
                    **_SHARES,
                    **_PAIRING,
                    **_DESK,
                    **_CARDS,
                ),
            ),
            RuleSet(
                id="carcassonne-cz",
                game="carcassonne",
                title=N_("Carcassonne – Czech Tour (gorn, tables of 4)"),
                system=System.GORN,
                placement_points=_points(4, 3, 2, 1),
                ties_by_turns=False,
                success=Success.MEAN_SHARE,
                tie_breaks=(TieBreak.SUCCESS,),
                smaller_tables=True,
                byes=False,
                defaults=_defaults(
                    rounds=4,
                    table_size=4,
                    games_per_table=1,
                    **_SHARES,
                    **{**_PAIRING, "repeats_first": True},  # R-GORN-8: never the same twice
                    **_DESK,
                ),
            ),
            _SWISS_PAIRS,
            replace(
                _SWISS_PAIRS,
                id="carcassonne-final",
                game="carcassonne-final",
                title=N_("Carcassonne – Czech championship final (Swiss in pairs, 5 rounds)"),
            ),
            RuleSet(
                id="nbgl-dominion",
                game="dominion",
                title=N_("Dominion – National Board Game League (groups of 4, knockout)"),
                system=System.GROUPS_KNOCKOUT,
                placement_points=_points(8, 5, 3, 1),
                ties_by_turns=True,
                success=Success.SUM_SHARE,
                tie_breaks=(TieBreak.GAME_SCORE, TieBreak.SUCCESS),
                smaller_tables=True,
                byes=False,
                defaults=_defaults(
                    table_size=4,
                    group_games=2,
                    qualifiers=16,
                    advance=2,
                    **_SHARES,
                    **_DESK,
                ),
            ),
            RuleSet(
                id="knockout",
                game="points",
                title=N_("Knockout of multi-player tables (the top of each table go through)"),
                system=System.KNOCKOUT,
                placement_points=_points(4, 3, 2, 1, 0, 0),
                ties_by_turns=False,
                success=Success.SUM_SHARE,
                tie_breaks=(TieBreak.SUCCESS,),
                smaller_tables=True,
                byes=False,
                defaults=_defaults(
                    table_size=4,
                    games_per_table=1,
                    advance=1,
                    seeding="random",
                    **_SHARES,
                    **_DESK,
                ),
            ),
            RuleSet(
                id="domino-pairs",
                game="domino-block",
                title=N_("Domino – the block game for pairs (Swiss, matches to 100)"),
                system=System.SWISS_PAIRS,
                placement_points=_points(1, 0),
                ties_by_turns=False,
                success=Success.NONE,
                # [interpretation] match wins, the hand points' difference, points scored, then
                # Buchholz (RULES.md R-DOMINO-7)
                tie_breaks=(TieBreak.SCORE_DIFFERENCE, TieBreak.GAME_SCORE, TieBreak.BUCHHOLZ),
                smaller_tables=False,
                byes=True,
                teams=True,
                defaults=_defaults(
                    rounds=5,
                    table_size=2,
                    games_per_table=1,
                    target=100,
                    bye_points=1,
                    playoff="none",
                    playoff_teams=8,
                    grand_final_reset=True,
                    **_PAIRING,
                    **_DESK,
                ),
            ),
            RuleSet(
                id="mexican-train",
                game="mexican-train",
                title=N_("Domino – Mexican Train (gorn, tables of 4)"),
                system=System.GORN,
                placement_points=_points(4, 3, 2, 1),
                points_by_size=True,
                ties_by_turns=False,
                success=Success.MEAN_SHARE,
                tie_breaks=(TieBreak.SUCCESS,),
                smaller_tables=True,
                byes=False,
                defaults=_defaults(
                    rounds=4,
                    table_size=4,
                    games_per_table=1,
                    hands=13,
                    scoring="winner",
                    remainder="smaller",
                    placement_points=[],
                    **_SHARES,
                    **{**_PAIRING, "repeats_first": True},
                    **_DESK,
                ),
            ),
        )
    }
)


def get(ruleset_id: str) -> RuleSet:
    """The rule set with this id (``KeyError`` if none is registered)."""
    return REGISTRY[ruleset_id]
