"""The heuristic bot against ``big-money`` and against ``big-money-CARD`` (the kingdom's best
such bot) on random kingdoms drawn from the championship pool the real way (Basic draw, the
choices drafted at random, Colony/Shelters decided as the draw decides), seeded, with 95 %
Wilson intervals. Each matchup alternates seats; a shared win counts as a share. The best
card is found first: each kingdom card's ``big-money-CARD`` against ``big-money`` on its own
seeds (``--trial`` games each), the best win rate taken. Not a test: run it by hand.

    .venv/bin/python benchmarks/dominion_bots.py --kingdoms 50 --games 40 --seed 1
"""

from __future__ import annotations

import argparse
import random

from kolo.games.dominion import bots, draws, engine
from kolo.games.dominion.pools import championship
from kolo.stats import wilson


def share(names: list[str], kingdom: tuple[str, ...], games: int, seed: int, **kw: bool) -> float:
    """Wins (shares) of the bot ``names[0]`` in ``games`` two-player games, seats alternating."""
    won = 0.0
    for i in range(games):
        seats = names if i % 2 == 0 else names[::-1]
        me = 0 if i % 2 == 0 else 1
        result = engine.play(kingdom, [bots.bot(n) for n in seats], seed + i, **kw)
        if me in result.winners:
            won += 1 / len(result.winners)
    return won


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kingdoms", type=int, default=50)
    parser.add_argument("--games", type=int, default=40, help="games per matchup and kingdom")
    parser.add_argument("--trial", type=int, default=20, help="games per card to find the best")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    pool = championship()
    rng = random.Random(args.seed)
    totals = {"big-money": [0.0, 0], "best": [0.0, 0]}
    print("| # | kingdom | Colony | Shelters | best card | vs big-money | vs best |")
    print("| ---: | --- | --- | --- | --- | ---: | ---: |")
    for k in range(args.kingdoms):
        basic = draws.basic_draw(pool, rng)
        picks = draws.simulate_draft(basic.choices, ["0", "1"], rng)
        cards = tuple(sorted(basic.mandatory + picks))
        decided = draws.colony_shelters(cards, rng)
        kw = {"colony": decided.colony, "shelters": decided.shelters}
        seed = args.seed * 1_000_000 + k * 10_000
        best = max(
            cards,
            key=lambda c: (
                share([bots.bot_name(c), "big-money"], cards, args.trial, seed, **kw),
                c,
            ),
        )
        row = []
        for key, other in (("big-money", "big-money"), ("best", bots.bot_name(best))):
            won = share(["heuristic", other], cards, args.games, seed + 5_000, **kw)
            totals[key][0] += won
            totals[key][1] += args.games
            row.append(f"{won / args.games:.0%}")
        print(
            f"| {k + 1} | {', '.join(cards)} | {'yes' if decided.colony else ''} "
            f"| {'yes' if decided.shelters else ''} | {best} | {row[0]} | {row[1]} |"
        )
    print()
    print("| heuristic against | games | won | 95 % interval |")
    print("| --- | ---: | ---: | --- |")
    for key, (won, n) in totals.items():
        low, high = wilson(won, n)
        label = "big-money" if key == "big-money" else "big-money-CARD (best card)"
        print(f"| {label} | {n} | {won / n:.1%} | {low:.1%}–{high:.1%} |")


if __name__ == "__main__":
    main()
