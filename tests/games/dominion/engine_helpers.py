"""Hand-built positions for the Dominion engine's tests."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kolo.games.dominion import engine as e


class Script:
    """Answers decisions from a queue, keeping every decision asked."""

    def __init__(self, answers: Sequence[Any] = ()) -> None:
        self.answers = list(answers)
        self.asked: list[e.Decision] = []

    def __call__(self, view: e.View, d: e.Decision) -> Any:
        self.asked.append(d)
        if not self.answers:
            raise AssertionError(f"unexpected decision {d!r}")
        return self.answers.pop(0)


def cards(*names: str) -> list[int]:
    return [e.INDEX[n] for n in names]


def game(
    kingdom: Sequence[str] = e.FIRST_GAME,
    players: int = 2,
    scripts: Sequence[Script] | None = None,
    seed: int = 1,
) -> tuple[e.Game, list[Script]]:
    agents = list(scripts) if scripts is not None else [Script() for _ in range(players)]
    return e.Game(kingdom, agents, seed, log=True), agents


def place(
    g: e.Game,
    p: int,
    hand: Sequence[str] = (),
    deck: Sequence[str] = (),
    discard: Sequence[str] = (),
) -> None:
    """Give player ``p`` exactly these zones (``deck`` listed top first)."""
    g.hand[p] = cards(*hand)
    g.deck[p] = cards(*deck)[::-1]
    g.discard[p] = cards(*discard)
    owned = [0] * e.N
    for c in g.hand[p] + g.deck[p] + g.discard[p]:
        owned[c] += 1
    g.owned[p] = owned
    g.total[p] = sum(owned)


def names(zone: Sequence[int]) -> list[str]:
    return sorted(e.CARDS[c] for c in zone)


def top_first(g: e.Game, p: int) -> list[str]:
    return [e.CARDS[c] for c in reversed(g.deck[p])]


def play_card(g: e.Game, p: int, card: str, actions: int = 0) -> None:
    """Play ``card`` from ``p``'s hand as the turn's action."""
    g.current = p
    g.actions = actions
    c = e.INDEX[card]
    g.hand[p].remove(c)
    g.in_play.append(c)
    g.resolve(p, c)
