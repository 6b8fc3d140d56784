"""Many games of Carcassonne between bots: who wins how often (with a 95 % interval), points,
the margin between the first two bots, how many turns a game takes, and how fast.

Game ``i`` is played from its own seed (``seed``, ``i``), and its seats are the bots turned by
``i`` places (so every bot sits first equally often): the figures are the same whatever the
number of workers (``kolo.runner``).
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from kolo.games.carcassonne.bots import BOTS
from kolo.games.carcassonne.game import BASE, FINAL, Rules, new_game
from kolo.runner import run, seeds, share
from kolo.stats import wilson

VARIANTS = (BASE, FINAL)


@dataclass
class Tally:
    """What a batch of games gave, per bot of the ``--bots`` list (added up across workers)."""

    games: int = 0
    wins: list[int] = field(default_factory=list)
    """Games each bot won alone."""
    ties: list[int] = field(default_factory=list)
    """Games each bot shared the highest score in."""
    points: list[int] = field(default_factory=list)
    margin: int = 0
    """Sum over games of (first bot's points − second bot's)."""
    margin_squares: int = 0
    turns: Counter[int] = field(default_factory=Counter)

    def add(self, other: Tally) -> None:
        if not self.wins:
            self.wins = [0] * len(other.wins)
            self.ties = [0] * len(other.ties)
            self.points = [0] * len(other.points)
        self.games += other.games
        self.wins = [a + b for a, b in zip(self.wins, other.wins, strict=True)]
        self.ties = [a + b for a, b in zip(self.ties, other.ties, strict=True)]
        self.points = [a + b for a, b in zip(self.points, other.points, strict=True)]
        self.margin += other.margin
        self.margin_squares += other.margin_squares
        self.turns.update(other.turns)


def play_batch(variant: str, bots: Sequence[str], seed: int, first: int, count: int) -> Tally:
    """Games ``first`` … ``first + count - 1``."""
    n = len(bots)
    rules = Rules(variant=variant)
    tally = Tally(wins=[0] * n, ties=[0] * n, points=[0] * n)
    for index, s in seeds(seed, first, count):
        game = new_game(n, s, rules)
        rng = random.Random(s ^ 0x5DEECE66D)
        shift = index % n
        seat_bot = [(k + shift) % n for k in range(n)]  # seat -> index in ``bots``
        movers = [BOTS[bots[b]] for b in seat_bot]
        while not game.over:
            game.play(movers[game.turn](game, rng))
        by_bot = [0] * n
        for seat, b in enumerate(seat_bot):
            by_bot[b] = game.scores[seat]
        top = max(by_bot)
        best = [b for b in range(n) if by_bot[b] == top]
        if len(best) == 1:
            tally.wins[best[0]] += 1
        else:
            for b in best:
                tally.ties[b] += 1
        for b in range(n):
            tally.points[b] += by_bot[b]
        d = by_bot[0] - by_bot[1]
        tally.margin += d
        tally.margin_squares += d * d
        tally.turns[len(game.moves)] += 1
        tally.games += 1
    return tally


@dataclass(frozen=True)
class Summary:
    variant: str
    bots: tuple[str, ...]
    seed: int
    tally: Tally
    seconds: float

    def report(self) -> dict[str, object]:
        """The figures, as ``--json`` prints them (no timing: see ``games_per_second``)."""
        t = self.tally
        n = t.games
        mean = t.margin / n if n else 0.0
        var = (t.margin_squares / n - mean * mean) * n / (n - 1) if n > 1 else 0.0
        half = 1.959964 * math.sqrt(max(var, 0.0) / n) if n else 0.0
        turns = sorted(t.turns.elements())
        return {
            "variant": self.variant,
            "bots": list(self.bots),
            "seed": self.seed,
            "games": n,
            "bot_results": [
                {
                    "bot": name,
                    "wins": w,
                    "ties": ties,
                    "rate": w / n if n else 0.0,
                    "interval": list(wilson(w, n)),
                    "points": p / n if n else 0.0,
                }
                for name, w, ties, p in zip(self.bots, t.wins, t.ties, t.points, strict=True)
            ],
            "margin": {"mean": mean, "interval": [mean - half, mean + half]},
            "turns": {
                "mean": sum(turns) / n if n else 0.0,
                "min": turns[0] if turns else 0,
                "max": turns[-1] if turns else 0,
            },
        }

    @property
    def games_per_second(self) -> float:
        return self.tally.games / self.seconds if self.seconds else 0.0


def simulate(
    variant: str,
    bots: Sequence[str],
    games: int,
    seed: int,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
) -> Summary:
    """Play ``games`` games; ``progress`` is told how many are done as batches finish."""
    if variant not in VARIANTS:
        raise ValueError(f"no variant {variant!r}: choose {', '.join(VARIANTS)}")
    unknown = [b for b in bots if b not in BOTS]
    if unknown:
        raise ValueError(f"no bot {unknown[0]!r}: choose {', '.join(BOTS)}")
    if variant == FINAL and len(bots) != 2:
        raise ValueError("the final's variant seats two: give two bots")
    if not 2 <= len(bots) <= 5:
        raise ValueError("Carcassonne seats 2 to 5: give that many bots")
    total = Tally(wins=[0] * len(bots), ties=[0] * len(bots), points=[0] * len(bots))
    start = time.perf_counter()
    size = share(games, workers, most=100, per_worker=8)
    for tally in run(play_batch, (variant, list(bots), seed), games, size, workers, progress):
        total.add(tally)
    return Summary(variant, tuple(bots), seed, total, time.perf_counter() - start)
