"""Many matches of a domino game between bots: who wins how often (with a 95 % interval),
points per hand, how many hands a match takes, and how fast. Match ``i`` is played from its own
seed (``seed``, ``i``), so the figures are the same whatever the number of workers
(``kolo.runner``). Block matches of four random players are played by the fast loop
(``kolo.games.domino.fast``), which plays the engine's very matches."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from kolo.games.domino import block, fast, mexican
from kolo.runner import run, seeds, share
from kolo.stats import wilson

GAMES = ("block", "mexican-train")
MEXICAN_BOTS: dict[str, mexican.MexicanBot] = mexican.PLAYERS


@dataclass
class Tally:
    """What a batch of matches gave (added up across workers)."""

    matches: int = 0
    wins: list[int] = field(default_factory=list)
    """Wins per side: the two teams of the block game, or each seat in Mexican Train."""
    hands: int = 0
    points: int = 0
    """Points scored in all hands (the block game) or games (Mexican Train)."""
    hands_per_match: Counter[int] = field(default_factory=Counter)

    def add(self, other: Tally) -> None:
        self.matches += other.matches
        if not self.wins:
            self.wins = [0] * len(other.wins)
        self.wins = [a + b for a, b in zip(self.wins, other.wins, strict=True)]
        self.hands += other.hands
        self.points += other.points
        self.hands_per_match.update(other.hands_per_match)


def play_batch(
    game: str, bots: Sequence[str], seed: int, target: int, scoring: str, first: int, count: int
) -> Tally:
    """Matches ``first`` … ``first + count - 1`` (``scoring``: how Mexican Train's hands
    score, ``mexican.WINNER`` or ``mexican.OWN``)."""
    tally = Tally()
    if game == "block":
        players = [block.BOTS[name] for name in bots]
        rules = block.BlockRules(target=target)
        tally.wins = [0, 0]
        quick = all(p is block.random_bot for p in players)  # the engine's very matches, sooner
        for _index, own in seeds(seed, first, count):
            if quick:
                match = fast.random_match(own, rules)
            else:
                match = block.play_match(players, own, rules)
            tally.matches += 1
            tally.wins[match.winner] += 1
            tally.hands += len(match.hands)
            tally.points += sum(h.points for h in match.hands)
            tally.hands_per_match[len(match.hands)] += 1
        return tally
    movers = [MEXICAN_BOTS[name] for name in bots]
    tally.wins = [0] * len(movers)
    train_rules = mexican.MexicanRules(scoring=scoring)
    for _index, own in seeds(seed, first, count):
        played = mexican.play_game(movers, own, train_rules)
        scores = played.scores()
        tally.matches += 1
        tally.hands += 1
        tally.points += sum(scores)
        if scoring == mexican.OWN:  # the fewest pips win; equal fewest: nobody
            if scores.count(min(scores)) == 1:
                tally.wins[scores.index(min(scores))] += 1
        elif max(scores) > 0:
            tally.wins[scores.index(max(scores))] += 1
        tally.hands_per_match[1] += 1
    return tally


@dataclass(frozen=True)
class Summary:
    game: str
    bots: tuple[str, ...]
    tally: Tally
    seconds: float

    def report(self) -> dict[str, object]:
        """The figures, as ``--json`` prints them."""
        t = self.tally
        sides = (
            [f"team {i} ({self.bots[i]}, {self.bots[i + 2]})" for i in (0, 1)]
            if self.game == "block"
            else [f"seat {i} ({name})" for i, name in enumerate(self.bots)]
        )
        return {
            "game": self.game,
            "bots": list(self.bots),
            "matches": t.matches,
            "wins": [
                {
                    "side": side,
                    "wins": w,
                    "rate": w / t.matches if t.matches else 0.0,
                    "interval": list(wilson(w, t.matches)),
                }
                for side, w in zip(sides, t.wins, strict=True)
            ],
            "hands": t.hands,
            "points_per_hand": t.points / t.hands if t.hands else 0.0,
            "hands_per_match": {str(k): v for k, v in sorted(t.hands_per_match.items())},
            "games_per_second": t.hands / self.seconds if self.seconds else 0.0,
        }


def simulate(
    game: str,
    bots: Sequence[str],
    matches: int,
    seed: int,
    target: int = 100,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
    scoring: str = mexican.WINNER,
) -> Summary:
    """Play ``matches`` matches; ``progress`` is told how many are done as batches finish."""
    if game not in GAMES:
        raise ValueError(f"no game {game!r}: choose {', '.join(GAMES)}")
    known = block.BOTS if game == "block" else MEXICAN_BOTS
    unknown = [b for b in bots if b not in known]
    if unknown:
        raise ValueError(f"no bot {unknown[0]!r}: choose {', '.join(known)}")
    if game == "block" and len(bots) != 4:
        raise ValueError("the block game seats four: give four bots")
    if scoring not in mexican.SCORINGS:
        raise ValueError(f"no scoring {scoring!r}: choose {', '.join(mexican.SCORINGS)}")
    if game == "mexican-train" and not 2 <= len(bots) <= 8:
        raise ValueError("Mexican Train seats 2 to 8: give that many bots")
    total = Tally()
    start = time.perf_counter()
    size = share(matches, workers, most=500, per_worker=4)
    args = (game, list(bots), seed, target, scoring)
    for tally in run(play_batch, args, matches, size, workers, progress):
        total.add(tally)
    return Summary(game, tuple(bots), total, time.perf_counter() - start)
