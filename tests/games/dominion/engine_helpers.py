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
    colony: bool = False,
) -> tuple[e.Game, list[Script]]:
    agents = list(scripts) if scripts is not None else [Script() for _ in range(players)]
    return e.Game(kingdom, agents, seed, log=True, colony=colony), agents


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


class RandomAgent:
    """Answers every decision with a random legal answer (from its own seeded generator),
    checking first that the decision is well formed and has a legal answer."""

    def __init__(self, seed: int, game: e.Game | None = None) -> None:
        import random

        self.rng = random.Random(seed)
        self.game = game
        self.asked = 0

    def __call__(self, view: e.View, d: e.Decision) -> Any:
        self.asked += 1
        rng = self.rng
        kind = d.kind
        if kind == e.BUY:
            g = view._g
            legal = [c for c in range(e.N) if e.why(g, d, c) is None]
            if not legal or rng.random() < 0.1:
                return None
            roll = rng.random()
            if roll < 0.4:  # the dearest card now and then: games reach their end
                return max(legal, key=lambda c: (g.cost(c), c))
            kingdom = [c for c in legal if c in g.kingdom]
            if kingdom and roll < 0.8:  # kingdom cards often: their texts get played
                return rng.choice(kingdom)
            return rng.choice(legal)
        if kind == e.PLAY:
            assert d.among, d
            return rng.choice([None, *d.among])
        if kind == e.GAIN:
            assert d.among, d
            return rng.choice(d.among)
        if kind == e.YES:
            return rng.random() < 0.5
        if kind == e.CHOOSE:
            assert d.options, d
            return rng.choice(d.options)
        if kind == e.NAME:
            return rng.randrange(e.N)
        assert kind == e.SELECT, d
        assert 0 <= d.low <= d.high <= len(d.among), d
        return tuple(rng.sample(list(d.among), rng.randint(d.low, d.high)))


def card_counts(g: e.Game) -> list[int]:
    """How many of each card there are in every zone: the players' decks, hands and discards,
    the play area, the supply (a mixed pile's cards one by one), the piles outside the supply,
    the trash."""
    counts = [0] * e.N
    for p in range(g.n):
        for zone in (g.deck[p], g.hand[p], g.discard[p]):
            for c in zone:
                counts[c] += 1
    for c in g.in_play:
        counts[c] += 1
    for c in g.trash:
        counts[c] += 1
    for c in range(e.N):
        if c in g.mixed:
            for card in g.mixed[c]:
                counts[card] += 1
        else:
            counts[c] += g.supply[c]
    return counts


def owned_right(g: e.Game) -> bool:
    """Each player's ``owned`` and ``total`` are what their zones hold (play counted for the
    player whose turn it is)."""
    for p in range(g.n):
        counts = [0] * e.N
        zones = [g.deck[p], g.hand[p], g.discard[p]]
        if p == g.current:
            zones.append(g.in_play)
        for zone in zones:
            for c in zone:
                counts[c] += 1
        if counts != g.owned[p] or sum(counts) != g.total[p]:
            return False
    return True
