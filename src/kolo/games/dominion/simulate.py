"""Kingdom reports: many games of bots on one kingdom, and fair kingdoms to propose.

Game ``i`` of a run is played from its own seed (``kolo.runner.seeds``) and with the bots
turned ``i`` seats round (seat ``s`` is played by bot ``(s + i) % players``), so each bot sits
in each seat equally often and the figures are the same whatever the number of workers: the
runner (``kolo.runner``) cuts the batches the same way for any number of workers and they are
added up in order, and shared wins are counted in sixtieths (a share of a win among 1–6
players is a whole number of them).
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from kolo.games.dominion import bots as bots_module
from kolo.games.dominion import engine
from kolo.runner import run as run_batches
from kolo.runner import seeds
from kolo.stats import wilson

UNIT = 60
"""A win in sixtieths: a win shared by k ≤ 6 players is 60 / k each, a whole number."""
BATCH = 100
"""Games per batch (the same for any number of workers)."""
SECOND_EDITION = tuple(c for c in engine.KINGDOM if c != "Feast")
"""The 26 kingdom cards of R-SETUP-3: the pool ``propose`` draws from by default."""


@dataclass
class Tally:
    """What a batch of games gave (added up across batches, in order)."""

    games: int = 0
    bot_wins: list[int] = field(default_factory=list)
    """Wins of each bot (by its place in ``--bots``), in sixtieths."""
    seat_wins: list[int] = field(default_factory=list)
    """Wins of each seat (0: the first player), in sixtieths."""
    bot_points: list[int] = field(default_factory=list)
    turns: Counter[int] = field(default_factory=Counter)
    """Game length: the turns of the first player."""
    ended: Counter[str] = field(default_factory=Counter)

    def add(self, other: Tally) -> None:
        if not self.bot_wins:
            self.bot_wins = [0] * len(other.bot_wins)
            self.seat_wins = [0] * len(other.seat_wins)
            self.bot_points = [0] * len(other.bot_points)
        self.games += other.games
        self.bot_wins = [a + b for a, b in zip(self.bot_wins, other.bot_wins, strict=True)]
        self.seat_wins = [a + b for a, b in zip(self.seat_wins, other.seat_wins, strict=True)]
        self.bot_points = [a + b for a, b in zip(self.bot_points, other.bot_points, strict=True)]
        self.turns.update(other.turns)
        self.ended.update(other.ended)


def check_bots(kingdom: Sequence[str], names: Sequence[str]) -> list[str]:
    """Problems with these bots on this kingdom (unknown bot, its card not in the kingdom)."""
    problems = []
    for name in names:
        if name.strip().lower() not in bots_module.BOTS:
            problems.append(f"no bot {name!r}: big-money, big-money-CARD (such as "
                            "big-money-smithy) or heuristic")  # fmt: skip
            continue
        card = bots_module.needs(name)
        if card is not None and engine.CARDS[card] not in kingdom:
            problems.append(f"{name} needs {engine.CARDS[card]} in the kingdom")
    if not 2 <= len(names) <= 6:
        problems.append(f"Dominion is for 2 to 6 players, not {len(names)}")
    return problems


def play_batch(
    kingdom: Sequence[str], names: Sequence[str], seed: int, first: int, count: int
) -> Tally:
    """Games ``first`` … ``first + count - 1``."""
    return play_setup_batch(kingdom, names, seed, False, False, first, count)


def play_setup_batch(
    kingdom: Sequence[str],
    names: Sequence[str],
    seed: int,
    colony: bool,
    shelters: bool,
    first: int,
    count: int,
) -> Tally:
    """Games ``first`` … ``first + count - 1``, with Platinum and Colony (``colony``) and
    Shelters (``shelters``) as a table's draw decided them (R-DOM-7)."""
    n = len(names)
    made = [bots_module.bot(name) for name in names]
    tally = Tally(bot_wins=[0] * n, seat_wins=[0] * n, bot_points=[0] * n)
    for index, own in seeds(seed, first, count):
        turn = index % n
        seated = [(s + turn) % n for s in range(n)]  # seat s → bot seated[s]
        result = engine.play(
            kingdom, [made[b] for b in seated], own, colony=colony, shelters=shelters
        )
        share = UNIT // len(result.winners)
        for seat in result.winners:
            tally.seat_wins[seat] += share
            tally.bot_wins[seated[seat]] += share
        for seat in range(n):
            tally.bot_points[seated[seat]] += result.scores[seat]
        tally.games += 1
        tally.turns[result.turns[0]] += 1
        tally.ended[result.ended] += 1
    return tally


def run(
    kingdom: Sequence[str],
    names: Sequence[str],
    games: int,
    seed: int,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
    *,
    colony: bool = False,
    shelters: bool = False,
) -> Tally:
    """Play ``games`` games; ``progress`` is told how many are done as batches finish."""
    total = Tally()
    args = (list(kingdom), list(names), seed, colony, shelters)
    for tally in run_batches(play_setup_batch, args, games, BATCH, workers, progress):
        total.add(tally)
    return total


def quantile(counts: Counter[int], share: float) -> int:
    total = sum(counts.values())
    running = 0
    for value in sorted(counts):
        running += counts[value]
        if running >= share * total:
            return value
    return 0


def report(
    kingdom: Sequence[str], names: Sequence[str], tally: Tally, seconds: float
) -> dict[str, Any]:
    """The figures of a run, as ``--json`` prints them."""
    n = len(names)
    games = tally.games

    def rate(wins: int) -> dict[str, Any]:
        value = wins / UNIT / games if games else 0.0
        return {"wins": wins / UNIT, "rate": value, "interval": list(wilson(wins / UNIT, games))}

    first = rate(tally.seat_wins[0]) if tally.seat_wins else rate(0)
    return {
        "kingdom": list(kingdom),
        "bots": list(names),
        "players": n,
        "games": games,
        "by_bot": [
            {"bot": name, **rate(w), "points": p / games if games else 0.0}
            for name, w, p in zip(names, tally.bot_wins, tally.bot_points, strict=True)
        ],
        "by_seat": [{"seat": s + 1, **rate(w)} for s, w in enumerate(tally.seat_wins)],
        "first_seat_advantage": first["rate"] - 1 / n,
        "first_seat_interval": [first["interval"][0] - 1 / n, first["interval"][1] - 1 / n],
        "turns": {
            "mean": sum(k * v for k, v in tally.turns.items()) / games if games else 0.0,
            "median": quantile(tally.turns, 0.5),
            "low": quantile(tally.turns, 0.05),
            "high": quantile(tally.turns, 0.95),
            "histogram": {str(k): tally.turns[k] for k in sorted(tally.turns)},
        },
        "ended": {
            k: tally.ended.get(k, 0)
            for k in (engine.ENDED_PROVINCES, engine.ENDED_PILES, engine.ENDED_LIMIT)
        },
        "games_per_second": games / seconds if seconds else 0.0,
    }


def simulate(
    kingdom: Sequence[str],
    names: Sequence[str],
    games: int,
    seed: int,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """The kingdom report: ``names`` (one bot a seat) on ``kingdom``, ``games`` games."""
    problems = check_bots(kingdom, names)
    if problems:
        raise ValueError("; ".join(problems))
    start = time.perf_counter()
    tally = run(kingdom, names, games, seed, workers, progress)
    return report(kingdom, names, tally, time.perf_counter() - start)


# ---- proposals: fair kingdoms ----

STRATEGY_CARDS = ("Witch", "Smithy", "Militia", "Council Room", "Library", "Moneylender",
                  "Bandit", "Laboratory", "Market", "Festival")  # fmt: skip
"""Cards a ``big-money-CARD`` challenger is tried with, when the kingdom has them."""


def challengers(kingdom: Sequence[str]) -> list[str]:
    """The strategies weighed against the heuristic bot on a kingdom."""
    return ["big-money"] + [
        "big-money-" + card.lower().replace(" ", "-") for card in STRATEGY_CARDS if card in kingdom
    ]


def candidates(pool: Sequence[str], count: int, seed: int) -> list[tuple[str, ...]]:
    """``count`` random kingdoms of ten cards from ``pool`` (seeded)."""
    rng = random.Random(seed)
    return [tuple(sorted(rng.sample(list(pool), 10))) for _ in range(count)]


def fairness(
    kingdom: Sequence[str],
    players: int,
    games: int,
    seed: int,
    *,
    colony: bool = False,
    shelters: bool = False,
) -> dict[str, Any]:
    """How fair a kingdom is: the first seat's advantage with heuristic bots in every seat
    (``players`` players, ``games`` games; the full report under ``mirror``), and the strategy
    spread: two-player duels (``games`` each) of Big Money and Big Money with each strong
    card of the kingdom against the heuristic bot — the best win rate minus the worst, the
    heuristic's own 50 % included. Platinum and Colony (``colony``) and Shelters
    (``shelters``) as the table's draw decided them."""
    names = ["heuristic"] * players
    mirror = run(kingdom, names, games, seed, colony=colony, shelters=shelters)
    first = mirror.seat_wins[0] / UNIT / games - 1 / players
    rates: dict[str, float] = {}
    for name in challengers(kingdom):
        duel = run(kingdom, ["heuristic", name], games, seed, colony=colony, shelters=shelters)
        rates[name] = duel.bot_wins[1] / UNIT / games
    rates["heuristic"] = 0.5
    spread = max(rates.values()) - min(rates.values())
    return {
        "kingdom": list(kingdom),
        "first_seat_advantage": first,
        "strategy_spread": spread,
        "against_heuristic": rates,
        "score": abs(first) + spread,
        "mirror": report(kingdom, names, mirror, 0.0),  # no speed: the same every run
    }


def weigh(
    kingdoms: Sequence[tuple[str, ...]], players: int, games: int, seed: int, first: int, count: int
) -> list[dict[str, Any]]:
    """The fairness of kingdoms ``first`` … ``first + count - 1``, each from its own seed."""
    return [fairness(kingdoms[i], players, games, own) for i, own in seeds(seed, first, count)]


def propose(
    pool: Sequence[str],
    candidates_count: int,
    players: int,
    games: int,
    seed: int,
    keep: int = 3,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
) -> list[dict[str, Any]]:
    """The ``keep`` fairest of ``candidates_count`` random kingdoms from ``pool``: the smallest
    sum of the first seat's advantage (heuristic bots in every seat, ``players`` players, its
    size) and the strategy spread (two-player duels of Big Money and Big Money with each
    strong card of the kingdom against the heuristic bot: the best win rate minus the worst,
    the heuristic's own 50 % included). A kingdom drawn more than once is proposed once."""
    if len(set(pool)) < 10:
        raise ValueError("the pool needs at least ten cards")
    kingdoms = candidates(sorted(set(pool)), candidates_count, seed)
    found = [
        item
        for batch in run_batches(
            weigh, (kingdoms, players, games, seed), len(kingdoms), 1, workers, progress
        )
        for item in batch
    ]
    found.sort(key=lambda r: (r["score"], r["kingdom"]))
    kept: list[dict[str, Any]] = []
    for item in found:  # a kingdom drawn twice (a small pool) is proposed once, at its best
        if all(item["kingdom"] != other["kingdom"] for other in kept):
            kept.append(item)
    return kept[:keep]
