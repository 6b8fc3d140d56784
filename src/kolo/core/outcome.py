"""A game's outcome: the one place where a table's scores become places, placement points and
shares under the event's rules (RULES.md §3: R-SCORE-*, R-PCT-*).

Standings, knockout advancement, the desk's preview, the players' pages, the rounds' tables and
the exports all read a game through ``outcome``, so that no two of them can disagree (the
phone once showed other shares than the standings: it left out two settings)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from kolo.core.event import EntrantId, Game
from kolo.core.placement import Placement, placements
from kolo.core.rulesets import RuleSet
from kolo.core.settings import Settings
from kolo.core.shares import table_shares


@dataclass(frozen=True)
class Outcome:
    """One game read by the rules."""

    places: Mapping[EntrantId, Placement]
    """Each player's place and placement points (R-SCORE-1..4)."""
    shares: Mapping[EntrantId, Fraction]
    """Each player's share of the table's game points (R-PCT-1, -3, -4, -6)."""

    def place_text(self, player: EntrantId) -> str:
        """``2.`` or, shared, ``2.–3.``."""
        placed = self.places[player]
        return f"{placed.first}." if not placed.shared else f"{placed.first}.–{placed.last}."


def outcome(
    scores: Mapping[EntrantId, int],
    ruleset: RuleSet,
    settings: Settings,
    turns: Mapping[EntrantId, int] | None = None,
) -> Outcome:
    """The outcome of one game with these ``scores`` (and ``turns``, where the rule set breaks
    ties by turns) at a table of the event whose resolved ``settings`` are given: the normal
    table size scales the shares of a smaller table, and the two share settings apply
    (``negative_scores_as_zero``, ``smaller_table_scaling``; on where a rule set has none)."""
    lowest = ruleset.lowest_wins(settings)
    places = placements(
        scores,
        ruleset.points_table(settings),
        turns if ruleset.ties_by_turns else None,
        lower_wins=lowest,
    )
    shares = table_shares(
        _others_held(scores) if lowest else scores,
        settings.table_size,
        negative_as_zero=settings.negative_scores_as_zero,
        scale_smaller=settings.smaller_table_scaling,
    )
    return Outcome(places, shares)


def _others_held(scores: Mapping[EntrantId, int]) -> dict[EntrantId, int]:
    """Where the lower score wins (a game scored by the points each player holds), a share
    is of what the others hold: each player's score counts as the table's sum less their own,
    so the fewest pips take the largest share and the shares still sum to 1 (R-DOMINO-10's
    shares under the common rule, [interpretation])."""
    total = sum(max(v, 0) for v in scores.values())
    return {p: total - max(v, 0) for p, v in scores.items()}


def game_outcome(game: Game, ruleset: RuleSet, settings: Settings) -> Outcome:
    """The outcome of a played game."""
    return outcome(game.scores, ruleset, settings, game.turns)
