"""The heuristic bot on the championship's own kingdoms (issue 40): ``--kingdoms`` kingdoms
drawn as the championship draws them (Basic and Extended draws in turn, the draft picked at
random, Colonies and Shelters as the draw decides; ``kolo.games.dominion.drawstudy``), each
played by the heuristic bot against ``big-money`` and against Big Money with the kingdom's
best single card (``big-money-CARD``: the card whose bot beats ``big-money`` most often in
``--scout`` games), two players, seats changing game by game, every game from its own seed.
Prints one line per kingdom and the totals with 95 % Wilson intervals. Not a test.

    .venv/bin/python benchmarks/dominion_bots.py                    # 50 kingdoms, 200 games
    .venv/bin/python benchmarks/dominion_bots.py --kingdoms 10 --games 100
"""

from __future__ import annotations

import argparse
import time

from kolo.games.dominion import drawstudy, simulate
from kolo.games.dominion.pools import championship
from kolo.stats import wilson

UNIT = simulate.UNIT


def share(tally: simulate.Tally, bot: int) -> float:
    """Wins of the bot at ``bot`` (its place in the names) in games."""
    return tally.bot_wins[bot] / UNIT


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kingdoms", type=int, default=50)
    parser.add_argument("--games", type=int, default=200, help="games per matchup")
    parser.add_argument("--scout", type=int, default=100, help="games to find the best card")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()

    drawn = [
        k
        for k in drawstudy.draw_kingdoms(championship(), args.kingdoms, args.seed)
        if k.kind != "uniform"
    ][: args.kingdoms]
    started = time.perf_counter()
    totals = {"big-money": [0.0, 0], "best": [0.0, 0]}
    print("| # | draw | Colony | Shelters | best card | vs big-money | vs big-money-CARD |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for i, k in enumerate(drawn, start=1):
        seed = args.seed * 1_000_003 + i
        options = {"colony": k.colony, "shelters": k.shelters}
        best, best_rate = "", -1.0
        for card in k.cards:
            name = drawstudy.bot_of(card)
            tally = simulate.run(
                k.cards, [name, "big-money"], args.scout, seed, args.workers, **options
            )
            rate = share(tally, 0) / tally.games
            if rate > best_rate:
                best, best_rate = name, rate
        row = []
        for key, rival in (("big-money", "big-money"), ("best", best)):
            tally = simulate.run(
                k.cards, ["heuristic", rival], args.games, seed + 7, args.workers, **options
            )
            won = share(tally, 0)
            totals[key][0] += won
            totals[key][1] += tally.games
            row.append(f"{won / tally.games:.0%}")
        print(
            f"| {i} | {k.kind} | {'yes' if k.colony else 'no'} | "
            f"{'yes' if k.shelters else 'no'} | {best} ({best_rate:.0%} vs big-money) | "
            f"{row[0]} | {row[1]} |",
            flush=True,
        )
    print()
    for key, label in (("big-money", "big-money"), ("best", "big-money-CARD (best card)")):
        won, games = totals[key]
        low, high = wilson(won, games)
        print(
            f"heuristic against {label}: {won / games:.1%} of {games} games "
            f"(95 % interval {low:.1%}–{high:.1%})"
        )
    print(f"{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
