"""The CLI's registry of games: each game's room on the CLI floor, in the order ``kolo --help``
lists them. Generic commands ask here, never naming a game.

A room is a module or package named for its game (``kolo.cli.dominion``); importing it
registers its commands. It declares:

- ``GAMES``: the ids of the games (``kolo.games.registry``) whose tables it serves;
- ``HELP``: a ``kolo.cli.helptext.Listing``, where ``kolo --help`` lists its commands, the
  words it adds to the title of the games' group, its simulations and its notes on commands
  easily confused;

and, where the game needs them in ``kolo demo``:

- ``demo_prepare(actor, event, round_, rng)``: what a round just paired needs before play
  (Dominion: the kingdoms' drafts);
- ``demo_play(actor, event, round_number, table, model, game_seed)``: how a table's game is
  played and entered (domino: by bots, hand by hand); without it, the seeded skill model
  gives the final scores.

A fourth game's commands: its room, and one line here.
"""

from __future__ import annotations

from types import ModuleType

from kolo.cli import carcassonne, dominion, domino, helptext

ROOMS: tuple[ModuleType, ...] = (dominion, domino, carcassonne)
"""The games' rooms on the CLI floor, in the order ``kolo --help`` lists their commands."""

helptext.list_games(room.HELP for room in ROOMS)


def room(game_id: str) -> ModuleType | None:
    """The room of the game with this id on the CLI floor; None for a game without one."""
    return next((r for r in ROOMS if game_id in r.GAMES), None)
