"""Random games over every card the engine plays (issue 40): kingdoms of ten drawn from
``engine.PLAYABLE``, 2–6 players, Colony and Shelters where the engine plays them, every
decision answered by a random legal agent. After every turn each card is where it was
counted (decks, hands, discards, play, supply — a mixed pile card by card —, piles outside
the supply, trash), each player's own count is right, and the game ends exactly when its end
condition first holds; a game replays from its seed and answers."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kolo.games.dominion import engine as e
from tests.games.dominion.engine_helpers import RandomAgent, card_counts, owned_right

COLONY_PLAYED = e.PLATINUM in e.TEXTS.plays and e.COLONY in e.TEXTS.plays
SHELTERS_PLAYED = all(c in e.TEXTS.plays for c in (e.HOVEL, e.NECROPOLIS, e.OVERGROWN_ESTATE))
MAX_TURNS = 30
"""Turns per player before a random game is cut off (random play rarely ends a game)."""


def _ended_right(g: e.Game, ended: str | None) -> bool:
    provinces_out = g.supply[e.PROVINCE] == 0 or (g.colony and g.supply[e.COLONY] == 0)
    empty = sum(1 for c in range(e.N) if g.in_supply[c] and g.supply[c] == 0)
    piles = empty >= g.piles_to_end
    if g.empty != empty:
        return False
    if ended == e.ENDED_PROVINCES:
        return provinces_out
    if ended == e.ENDED_PILES:
        return piles and not provinces_out
    return not provinces_out and not piles


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)
@given(
    draw=st.integers(0, 2**32 - 1),
    players=st.integers(2, 6),
    seed=st.integers(0, 2**32 - 1),
    colony=st.booleans(),
    shelters=st.booleans(),
)
def test_random_games_conserve_cards_answer_legally_and_end_right(
    draw: int, players: int, seed: int, colony: bool, shelters: bool
) -> None:
    # ten cards drawn uniformly (Hypothesis' own lists lean to the first cards of the list)
    kingdom = random.Random(draw).sample(e.PLAYABLE, 10)
    colony = colony and COLONY_PLAYED
    shelters = shelters and SHELTERS_PLAYED
    agents = [RandomAgent(seed + i) for i in range(players)]
    g = e.Game(kingdom, agents, seed, record=True, colony=colony, shelters=shelters)
    start = card_counts(g)
    assert sum(start) > 0
    ended: str | None = None
    while True:
        g.play_turn()  # every answer is checked by the engine: an illegal one raises
        counts = card_counts(g)
        assert counts == start, [
            (e.CARDS[c], a, b) for c, (a, b) in enumerate(zip(start, counts, strict=True)) if a != b
        ]
        assert owned_right(g)
        for pile, cards in g.mixed.items():  # a pile of different cards: its count is its cards
            assert g.supply[pile] == len(cards)
        ended = g.over()
        assert _ended_right(g, ended)
        if ended is not None or g.turns[g.current] >= MAX_TURNS:
            break
        g.current = (g.current + 1) % players
    assert g.answers is not None
    assert sum(a.asked for a in agents) == len(g.answers)
    if ended is not None:
        # the whole game again from its seed and answers: the same end, the same scores
        again = e.replay(
            kingdom, players, seed, g.answers, log=False, colony=colony, shelters=shelters
        )
        assert again.ended == ended
        assert again.scores == tuple(g.score(p) for p in range(players))


def test_the_random_agent_answers_only_legally() -> None:
    """The agent itself: a thousand decisions of a few games, each answer legal."""
    for seed in range(3):
        agents = [RandomAgent(seed), RandomAgent(seed + 100)]
        kingdom = list(e.PLAYABLE[-10:])
        result = e.play(kingdom, agents, seed, record=True, max_turns=40)
        assert len(result.answers) == sum(a.asked for a in agents) > 50
