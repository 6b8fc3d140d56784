"""kolo's block game against the ``dominoes`` package (PyPI 6.1.0, MIT), same run, one
process: hands of the block game for two pairs played to the end by random players, per
second. Each engine runs in turns, several rounds, and the median of each is compared (these
machines are shared and noisy). Not a test: run it by hand.

    .venv/bin/pip install dominoes==6.1.0        # the reference, for this benchmark only
    .venv/bin/python benchmarks/domino.py --seconds 2 --rounds 5
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from kolo.games.domino.block import greedy_bot, new_hand, play_hand, random_bot, strong_bot
from kolo.games.domino.fast import random_hand


def kolo_hands(seconds: float, seed: int, bot: object = random_bot) -> float:
    """Hands per second: kolo's engine, four random (or given) players."""
    rng = random.Random(seed)
    bots = [bot] * 4
    done = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        for _ in range(100):
            play_hand(new_hand(1, rng, first_leader=done % 4), bots, rng)  # type: ignore[list-item]
        done += 100
    return done / elapsed


def fast_hands(seconds: float, seed: int) -> float:
    """Hands per second: kolo's simulation loop (the engine's rules and random draws)."""
    rng = random.Random(seed)
    done = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        for _ in range(200):
            random_hand(rng, 1, done % 4)
        done += 200
    return done / elapsed


def reference_hands(seconds: float, seed: int) -> float | None:
    """Hands per second: the ``dominoes`` package, its random player, or None if missing."""
    try:
        import dominoes
    except ImportError:
        return None
    random.seed(seed)
    done = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        for _ in range(20):
            game = dominoes.Game.new()
            while game.result is None:
                dominoes.players.random(game)
                game.make_move(*game.valid_moves[0])
        done += 20
    return done / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0, help="per engine and round")
    parser.add_argument("--rounds", type=int, default=5)
    options = parser.parse_args()
    ours, theirs, greedy, engine, strong = [], [], [], [], []
    for r in range(options.rounds):
        ours.append(fast_hands(options.seconds, seed=r))
        engine.append(kolo_hands(options.seconds / 2, seed=r))
        found = reference_hands(options.seconds, seed=r)
        if found is not None:
            theirs.append(found)
        greedy.append(kolo_hands(options.seconds / 2, seed=r, bot=greedy_bot))
        strong.append(kolo_hands(options.seconds / 2, seed=r, bot=strong_bot))

    def row(name: str, players: str, values: list[float]) -> str:
        median = statistics.median(values)
        return f"| {name} | {players} | {median:,.0f} | {min(values):,.0f} | {max(values):,.0f} |"

    print("| engine | players | hands/s median | min | max |")
    print("| --- | --- | --- | --- | --- |")
    print(row("kolo, simulation loop", "random", ours))
    print(row("kolo, engine with bots", "random", engine))
    print(row("kolo, engine with bots", "greedy", greedy))
    print(row("kolo, engine with bots", "strong", strong))
    if theirs:
        print(row("dominoes 6.1.0", "random", theirs))
        reference = statistics.median(theirs)
        print(
            f"\nratio kolo / dominoes (medians): simulation loop "
            f"{statistics.median(ours) / reference:.1f}×, engine with bots "
            f"{statistics.median(engine) / reference:.1f}×"
        )
    else:
        print("\n(dominoes is not installed: pip install dominoes==6.1.0 for the reference)")


if __name__ == "__main__":
    main()
