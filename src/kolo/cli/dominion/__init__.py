"""Dominion's room on the CLI floor: every command of Dominion, and what the generic commands
ask of it (``kolo.cli.games``).

- ``cards``: the cards, the championship's draws, the kingdoms of an event's tables, the card
  pools (``kolo cards``, ``kolo draw``, ``kolo kingdom``, ``kolo pool``);
- ``play``: the base game played (``kolo dominion``: kingdom reports by bots, fair kingdoms to
  propose, a game in the terminal);
- ``study``: the championship's draws measured (``kolo dominion draws``).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from kolo.cli.dominion import cards, play, study  # noqa: F401 - importing a module registers its commands
from kolo.cli.helptext import Listing
from kolo.core.problems import N_

if TYPE_CHECKING:
    from kolo.store import models
    from kolo.store.api import Actor

GAMES = ("dominion",)
"""The games (``kolo.games.registry``) whose tables this room serves."""

HELP = Listing(
    games=("dominion",),
    setups=("kingdom",),
    tools=("cards", "draw", "pool"),
    title=(N_("Dominion's cards"),),
    simulations=(("dominion", "simulate"),),
    see_also={
        ("dominion", "simulate"): N_(
            "This simulates games of Dominion between bots. How good a tournament format is: "
            "kolo simulate."
        ),
        ("draw", "kingdom"): N_(
            "For an event in the store the kingdoms are dealt as its rounds are seated: kolo "
            "kingdom show. Fair kingdoms by bot games: kolo dominion propose."
        ),
        ("kingdom",): N_(
            "The kingdoms of an event in the store. Draws without the store: kolo draw."
        ),
        ("draw",): N_(
            "Draws without the store. The kingdoms of an event in the store: kolo kingdom."
        ),
    },
)
"""Where ``kolo --help`` lists Dominion's commands, and their notes."""


def demo_prepare(
    actor: Actor, event: models.Event, round_: models.Round, rng: random.Random
) -> None:
    """``kolo demo``, a round just paired: every table dealt a kingdom with cards to choose
    from has them drafted by its players, in turn."""
    from kolo.games.dominion.draws import simulate_draft
    from kolo.store import kingdoms

    for row in round_.tables.all():
        kingdom = kingdoms.stored_kingdom(row)
        if kingdom and kingdom.choices and kingdom.picks is None:
            seats = [s.entrant.code for s in row.seats.all()]
            picks = simulate_draft(kingdom.choices, seats, rng)
            kingdoms.record_draft(actor, event, round_.number, row.number, picks)
