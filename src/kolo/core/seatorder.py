"""The seat order of each game at a table (R-GORN-9, R-NBGL-1).

A table's ``seats`` are game 1's order. Where a table plays several games in a round, the
previous game's winner plays last in the next (R-GORN-9): the players keep their seats and
the player after the winner starts. NBGL's group stage keeps its own rule, a shift by one
seat per game (R-NBGL-1). A game's recorded order (``order`` in the event file) overrides
the default; ``kolo check`` reports a recorded order that breaks the rule.

[interpretation] When several players share first place (after the rule set's tie-break
by turns, where it has one), the one of them who sat earliest in the previous game (who
had the better start) plays last; an order with any of them last keeps the rule.
"""

from __future__ import annotations

from kolo.core import knockout
from kolo.core.event import EntrantId, Game, Round, Table
from kolo.core.problems import N_, Problem


def winners(game: Game, order: tuple[EntrantId, ...], ties_by_turns: bool = False) -> list[str]:
    """The players sharing first place of ``game``, in ``order``."""
    scored = [p for p in order if p in game.scores]
    if not scored:
        return []

    def key(player: EntrantId) -> tuple[int, int]:
        turns = game.turns.get(player, 0) if ties_by_turns and game.turns is not None else 0
        return (-game.scores[player], turns)

    best = min(key(p) for p in scored)
    return [p for p in scored if key(p) == best]


def winner_last(
    order: tuple[EntrantId, ...], game: Game, ties_by_turns: bool = False
) -> tuple[EntrantId, ...]:
    """The next game's order after ``game`` was played in ``order``: the winner (the
    earliest seated of tied winners) plays last, everyone keeps their seat (R-GORN-9)."""
    first = winners(game, order, ties_by_turns)
    if not first:
        return order
    index = order.index(first[0])
    return order[index + 1 :] + order[: index + 1]


def game_order(
    round_: Round,
    table: Table,
    index: int,
    *,
    ties_by_turns: bool = False,
    stage: str | None = None,
) -> tuple[EntrantId, ...] | None:
    """Who sits where in game ``index`` (0-based) of ``table``: the recorded order, else
    the rule's (R-NBGL-1 in a group stage, R-GORN-9 elsewhere); ``None`` while the
    previous game it depends on has no result (``stage``: the round's stage where the
    round does not record it)."""
    recorded = index < len(table.games) and table.games[index].seats is not None
    if recorded or index == 0 or (round_.stage or stage) == knockout.GROUP:
        return knockout.game_seats(round_, table, index, stage)
    if index - 1 >= len(table.games):
        return None
    previous = game_order(round_, table, index - 1, ties_by_turns=ties_by_turns, stage=stage)
    if previous is None:
        return None
    return winner_last(previous, table.games[index - 1], ties_by_turns)


def order_problems(
    round_: Round, where: str, *, ties_by_turns: bool = False, stage: str | None = None
) -> list[Problem]:
    """Recorded orders of later games where the previous game's winner does not play last
    (R-GORN-9); the group stage's shift is checked with the knockout (R-NBGL-1)."""
    if (round_.stage or stage) == knockout.GROUP:
        return []
    problems: list[Problem] = []
    for t_index, table in enumerate(round_.tables):
        for g_index in range(1, len(table.games)):
            order = table.games[g_index].seats
            previous = game_order(
                round_, table, g_index - 1, ties_by_turns=ties_by_turns, stage=stage
            )
            if order is None or previous is None:
                continue
            first = winners(table.games[g_index - 1], previous, ties_by_turns)
            if not first or (order and order[-1] in first):
                continue
            expected = winner_last(previous, table.games[g_index - 1], ties_by_turns)
            problems.append(
                Problem(
                    f"{where}.tables[{t_index}].games[{g_index}].order",
                    N_(
                        "R-GORN-9: the winner of game {previous} ({winner}) plays last in "
                        "game {game}: {expected}"
                    ),
                    {
                        "previous": g_index,
                        "winner": " / ".join(first),
                        "game": g_index + 1,
                        "expected": ", ".join(expected),
                    },
                )
            )
    return problems
