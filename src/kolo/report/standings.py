"""The standings' columns of a rule set: one definition, used by the command line's table, the
web pages, the printed standings and the CSV export, so that no copy can leave a tie-break out
(the CSV once did)."""

from __future__ import annotations

from dataclasses import asdict, dataclass

from kolo.core import knockout
from kolo.core.rulesets import RuleSet, Success, System, TieBreak


@dataclass(frozen=True)
class Columns:
    """Which columns a rule set's standings have, beyond place, name, points and games."""

    success: bool
    """The mean of the shares (R-PCT-2)."""
    shares: bool
    """The sum of the shares (R-PCT-5, NBGL and knockouts)."""
    game_score: bool
    """Combined game points (R-STAND-2)."""
    swiss: bool
    """Buchholz and the score difference (Swiss in pairs)."""
    reached: bool
    """How far each player got (knockouts)."""
    groups: bool
    """The group and the place in it (a group stage)."""

    def as_dict(self) -> dict[str, bool]:
        return asdict(self)

    def csv_names(self) -> list[str]:
        """The CSV's columns, in order (their Czech headers are in the catalogue)."""
        names = ["rank", "rank_to", "id", "name", "club", "points"]
        names += ["success"] if self.success else ["shares"] if self.shares else []
        names += ["game_score"] if self.game_score else []
        names += ["buchholz", "score_difference"] if self.swiss else []
        names += ["reached"] if self.reached else []
        return [*names, "games", "dropped"]


def columns(ruleset: RuleSet) -> Columns:
    """The columns of the rule set's standings."""
    return Columns(
        success=ruleset.success is Success.MEAN_SHARE,
        shares=ruleset.success is Success.SUM_SHARE,
        game_score=TieBreak.GAME_SCORE in ruleset.tie_breaks,
        swiss=TieBreak.BUCHHOLZ in ruleset.tie_breaks,
        reached=knockout.is_knockout(ruleset),
        groups=ruleset.system is System.GROUPS_KNOCKOUT,
    )
