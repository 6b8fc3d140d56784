"""The rule sets by their stable ids (``ruleset`` in event files), each naming the game its
tables play, with the settings that game declares (``Game.settings``) beside the generic ones.

The rule set itself, the value, is ``kolo.core.rulesets.RuleSet``; this table sits on the
games' floor so that each rule set carries its game's settings (``RuleSet.defaults.specs``),
which ``kolo.core`` cannot import. A new format is a new entry here, not new branches
elsewhere (DESIGN.md principle 4).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from kolo.core import settings as _settings
from kolo.core.criteria import DEFAULT_WEIGHTS
from kolo.core.event import Event
from kolo.core.problems import N_, Problem
from kolo.core.rulesets import RuleSet, Success, System, TieBreak
from kolo.core.settings import Defaults, SettingSpec
from kolo.games import registry

__all__ = [
    "REGISTRY",
    "SPECS",
    "RuleSet",
    "Success",
    "System",
    "TieBreak",
    "check_event",
    "get",
]


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


def _defaults(**values: Any) -> Defaults:
    return Defaults(values)  # the game's settings are declared below (``_playing``)


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


def _playing(ruleset: RuleSet) -> RuleSet:
    """The rule set with the settings its game declares (``Game.settings``) beside the generic
    ones; a default that neither declares is a mistake in this table."""
    declared = Defaults(ruleset.defaults, registry.get(ruleset.game).settings)
    if declared.undeclared:
        raise ValueError(f"{ruleset.id}: no declaration of {', '.join(declared.undeclared)}")
    return replace(ruleset, defaults=declared)


REGISTRY: Mapping[str, RuleSet] = MappingProxyType(
    {
        rs.id: _playing(rs)
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


def _every_setting(rulesets: Iterable[RuleSet]) -> Mapping[str, SettingSpec]:
    found: dict[str, SettingSpec] = dict(_settings.SPECS)
    for ruleset in rulesets:
        for name, spec in ruleset.defaults.specs.items():
            if found.setdefault(name, spec) != spec:
                raise ValueError(f"two games declare the setting {name!r} differently")
    return MappingProxyType(found)


SPECS: Mapping[str, SettingSpec] = _every_setting(REGISTRY.values())
"""Every setting a rule set may have: the generic ones, then each rule set's game's, in the
order of this table (what the event file's schema lists under ``settings``). Two games may
declare the same name only alike."""


def check_event(event: Event) -> list[Problem]:
    """Every problem of the event under its registered rule set, at once (empty when it is
    valid): ``kolo.core.validation.check_event`` given this table."""
    from kolo.core import validation  # the checks load where an event is checked

    return validation.check_event(event, REGISTRY)
