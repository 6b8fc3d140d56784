"""How to hold a Dominion player's cards: measured on the heart of a Big Money game (draw
five with reshuffles, count the coins, gain a card, clean up), three ways, same run:

- ints: cards are small integers, zones are lists of them, lookup tuples give coins (the
  design of ``kolo.games.dominion.engine``);
- objects: cards are objects with attributes (``card.coins``, ``card.is_treasure``);
- counts: the hand is an array of counts per card (coins = dot product), deck a list of ints.

    .venv/bin/python benchmarks/dominion_state.py --turns 200000 --rounds 5
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

COPPER, SILVER, GOLD, ESTATE, PROVINCE = range(5)
COINS = (1, 2, 3, 0, 0)
COST = (0, 3, 6, 2, 8)


def buy(coins: int) -> int:
    return PROVINCE if coins >= 8 else GOLD if coins >= 6 else SILVER if coins >= 3 else -1


def with_ints(turns: int, seed: int) -> None:
    rnd = random.Random(seed).random
    deck = [COPPER] * 7 + [ESTATE] * 3
    discard: list[int] = []
    hand: list[int] = []
    for _ in range(turns):
        if len(deck) < 5:
            for i in range(len(discard) - 1, 0, -1):
                j = int(rnd() * (i + 1))
                discard[i], discard[j] = discard[j], discard[i]
            deck[:0] = discard
            discard.clear()
        hand += deck[-5:]
        del deck[-5:]
        coins = 0
        for c in hand:
            coins += COINS[c]
        card = buy(coins)
        if card >= 0:
            discard.append(card)
        discard += hand
        hand.clear()
        if len(deck) + len(discard) > 40:  # keep the deck the size of a real game's
            deck = [COPPER] * 7 + [ESTATE] * 3
            discard.clear()


class Card:
    __slots__ = ("coins", "cost", "is_treasure")

    def __init__(self, coins: int, cost: int) -> None:
        self.coins = coins
        self.cost = cost
        self.is_treasure = coins > 0


OBJECTS = [Card(COINS[c], COST[c]) for c in range(5)]


def with_objects(turns: int, seed: int) -> None:
    rnd = random.Random(seed).random
    copper, estate = OBJECTS[COPPER], OBJECTS[ESTATE]
    deck = [copper] * 7 + [estate] * 3
    discard: list[Card] = []
    hand: list[Card] = []
    for _ in range(turns):
        if len(deck) < 5:
            for i in range(len(discard) - 1, 0, -1):
                j = int(rnd() * (i + 1))
                discard[i], discard[j] = discard[j], discard[i]
            deck[:0] = discard
            discard.clear()
        hand += deck[-5:]
        del deck[-5:]
        coins = 0
        for c in hand:
            if c.is_treasure:
                coins += c.coins
        card = buy(coins)
        if card >= 0:
            discard.append(OBJECTS[card])
        discard += hand
        hand.clear()
        if len(deck) + len(discard) > 40:
            deck = [copper] * 7 + [estate] * 3
            discard.clear()


def with_counts(turns: int, seed: int) -> None:
    rnd = random.Random(seed).random
    deck = [COPPER] * 7 + [ESTATE] * 3
    discard = [0] * 5
    hand = [0] * 5
    for _ in range(turns):
        if len(deck) < 5:
            pile = [c for c in range(5) for _ in range(discard[c])]
            for i in range(len(pile) - 1, 0, -1):
                j = int(rnd() * (i + 1))
                pile[i], pile[j] = pile[j], pile[i]
            deck[:0] = pile
            discard = [0] * 5
        for c in deck[-5:]:
            hand[c] += 1
        del deck[-5:]
        coins = hand[COPPER] + 2 * hand[SILVER] + 3 * hand[GOLD]
        card = buy(coins)
        if card >= 0:
            discard[card] += 1
        for c in range(5):
            discard[c] += hand[c]
            hand[c] = 0
        if len(deck) + sum(discard) > 40:
            deck = [COPPER] * 7 + [ESTATE] * 3
            discard = [0] * 5


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=200_000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    ways: dict[str, Callable[[int, int], None]] = {
        "ints": with_ints,
        "objects": with_objects,
        "counts": with_counts,
    }
    times: dict[str, list[float]] = {name: [] for name in ways}
    for i in range(args.rounds):
        for name, way in ways.items():  # in turns, so all see the same load
            start = time.perf_counter()
            way(args.turns, i)
            times[name].append(time.perf_counter() - start)
    base = statistics.median(times["ints"])
    print("| state | turns/s | time vs ints |")
    print("| --- | ---: | ---: |")
    for name in ways:
        t = statistics.median(times[name])
        print(f"| {name} | {args.turns / t:,.0f} | {t / base:.2f}× |")


if __name__ == "__main__":
    main()
