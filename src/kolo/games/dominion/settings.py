"""Dominion's own settings (R-DOM-1, R-DOM-6): what an event of a rule set playing Dominion may
set beside the generic ones (``kolo.core.settings``). ``game.py`` declares them
(``Game.settings``); the rule sets that play Dominion have them, with their defaults."""

from __future__ import annotations

from kolo.core.problems import N_
from kolo.core.settings import Kind, SettingSpec

SETTINGS: tuple[SettingSpec, ...] = (
    SettingSpec(
        "pool",
        Kind.TEXT,
        "R-DOM-1",
        N_(
            "The card pool the draws use (the desk's Card pools page lists them);"
            " the championship pool by default."
        ),
        needs=frozenset({"setup"}),
    ),
    SettingSpec(
        "extended_share",
        Kind.NUMBER,
        "R-DOM-6",
        N_(
            "Share of the tables, from the top and rounded up, that play the Extended draw "
            '[interpretation of "the better players": the upper half].'
        ),
        0,
        1,
        needs=frozenset({"setup"}),
    ),
    SettingSpec(
        "extended_for_all",
        Kind.BOOL,
        "R-DOM-6",
        N_("Every table plays the Extended draw (an option for the final)."),
        needs=frozenset({"setup"}),
    ),
)
