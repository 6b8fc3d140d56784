"""Domino's room on the CLI floor: every command of the domino games, and what the generic
commands ask of it (``kolo.cli.games``).

- ``play``: ``kolo domino``, matches between bots simulated, or one played in the
  terminal;
- ``sheet``: ``kolo sheet``, a table's score sheet written hand by hand (docs/domino.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kolo.cli.domino import play, sheet  # noqa: F401 - importing a module registers its commands
from kolo.cli.helptext import Listing
from kolo.core.problems import N_

if TYPE_CHECKING:
    from kolo.pairing.engine import ProposedTable
    from kolo.simulation import SkillModel
    from kolo.store import models
    from kolo.store.api import Actor

GAMES = ("domino-block", "mexican-train")
"""The games (``kolo.games.registry``) whose tables this room serves."""

HELP = Listing(
    games=("domino",),
    sheets=("sheet",),
    simulations=(("domino", "simulate"),),
    see_also={
        ("domino", "simulate"): N_(
            "This simulates domino matches between bots. How good a tournament format is: kolo "
            "simulate."
        ),
    },
)
"""Where ``kolo --help`` lists domino's commands, and their notes."""


def _bot(model: SkillModel, code: str) -> str:
    """The engine's bot a simulated player plays like: the stronger third ``strong``, the
    middle ``greedy``, the rest ``random``."""
    order = sorted(model.skill, key=lambda c: -model.skill[c])
    place = order.index(code) / len(order)
    return "strong" if place < 1 / 3 else "greedy" if place < 2 / 3 else "random"


def demo_play(
    actor: Actor,
    event: models.Event,
    round_number: int,
    table: ProposedTable,
    model: SkillModel,
    game_seed: int,
) -> None:
    """``kolo demo``: a table's game played by the engine's bots, each seat's bot as strong as
    its player's skill, and written hand by hand (the sheet enters the result)."""
    from kolo.games.domino import sheet as sheets
    from kolo.store import api as store

    ruleset, settings = store.ruleset_of(event)
    bots = [_bot(model, code) for code in table.seats]
    if ruleset.game == sheets.BLOCK:
        written = sheets.play_block(table.seats, bots, game_seed, settings.target)
    else:
        written = sheets.play_mexican(table.seats, bots, game_seed, settings.hands)
    scores = sheets.totals(ruleset.game, written, table.seats, settings.scoring)
    store.record_result(actor, event, round_number, table.number, scores, record=written)
