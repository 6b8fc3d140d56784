"""Domino's own settings (R-DOMINO-5, R-DOMINO-6): what an event of a rule set playing one of
domino's games may set beside the generic ones (``kolo.core.settings``). ``game.py`` declares
them for each game (``Game.settings``)."""

from __future__ import annotations

from kolo.core.problems import N_
from kolo.core.settings import Kind, SettingSpec

TARGET = SettingSpec(
    "target",
    Kind.INT,
    "R-DOMINO-5",
    N_("Points that end a domino match: the first team to reach them wins it."),
    1,
    1000,
)

HANDS = SettingSpec(
    "hands",
    Kind.INT,
    "R-DOMINO-6",
    N_(
        "Hands in one game of Mexican Train [interpretation: 13, a full game from "
        "the double-twelve down to the double-blank]."
    ),
    1,
    50,
)

SCORING = SettingSpec(
    "scoring",
    Kind.TEXT,
    "R-DOMINO-6",
    N_(
        "How a hand of Mexican Train scores: winner (the source: the player who went "
        "out scores the pips left in the others' hands; the highest total wins) or own "
        "(the common rule: each player scores the pips left in their own hand; the "
        "lowest total wins)."
    ),
    choices=("winner", "own"),
)

BLOCK_SETTINGS: tuple[SettingSpec, ...] = (TARGET,)
"""The block game's: the points that end a match."""

MEXICAN_TRAIN_SETTINGS: tuple[SettingSpec, ...] = (HANDS, SCORING)
"""Mexican Train's: the hands in a game, and how a hand scores."""
