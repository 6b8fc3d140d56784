"""The draw's promise, measured: does the championship's draw (R-DOM-2..7) avoid unbalanced
kingdoms, and by how much?

Round ``r`` of a study is drawn from its own seed: the Basic draw and the Extended draw from
one shuffled pool (R-DOM-2..4), each drafted at a table of two by players who pick at random
among the cards left (R-DOM-5; ``draws.simulate_draft``), and — to compare against — ten cards
drawn uniformly from the whole pool; each of the three kingdoms then has Colonies and Shelters
decided by the 3-then-2 draw (R-DOM-7) and is played with them.

Each kingdom is weighed by bot games (``measure``), from its own seed:

- the first seat's advantage: two heuristic bots, seats changing game by game — the first
  seat's win rate;
- the most dominant single card: Big Money with each kingdom card alone (``big-money-CARD``)
  against plain Big Money; the card whose bot wins most is the kingdom's dominant card, the
  next its rival, and the two bots then play fresh games head to head — the share the dominant
  card wins there ("against its rival") is measured on games that did not choose them, so it
  has no selection bias. A kingdom where one card far outdoes every other is a one-card
  kingdom, whatever the first seat;
- game length: the first player's turns in the heuristic games.

``summary`` adds the kingdoms of each kind up: rates over all their games with 95 % Wilson
intervals, the share of kingdoms that are unbalanced (``SEAT_LIMIT``, ``DOMINANCE_LIMIT``)
with its interval, and the differences against uniform kingdoms. The usual range of the
drawn kingdoms (``usual``) is what the desk's kingdom report compares a table with
(``data/usual-balance.json``, written by ``benchmarks/dominion_draws.py``).

The kingdoms are drawn first (cheap) and weighed in batches by ``kolo.runner``: kingdom ``i``
is weighed from its own seed, so the figures are the same for any number of workers.

A pool whose cards the engine does not all play yet is studied through a stand-in
(``stand_in``): the pool's playable cards, the Basic draw's last four taken from other cards
the engine plays. Once the engine plays every card of a pool, the pool is studied itself.
"""

from __future__ import annotations

import json
import math
import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from kolo.games.dominion import draws, engine
from kolo.games.dominion import simulate as sim
from kolo.games.dominion.cards import DARK_AGES, PROSPERITY, load
from kolo.games.dominion.pools import Pool, make_pool
from kolo.runner import run as run_batches
from kolo.runner import seeds
from kolo.stats import Z95, sub_seed, wilson

KINDS = ("basic", "extended", "uniform")
"""The kingdoms of a study: the two draws of the championship, and ten cards at random."""
PLAYERS = 2
"""Every game of the study is for two (a drafted table is of two or three)."""
SEAT_LIMIT = 0.15
"""A kingdom is unbalanced when the first seat wins 15 points more (or less) than its fair
share between equal bots…"""
DOMINANCE_LIMIT = 0.75
"""…or when Big Money with its dominant card wins more than three games in four against Big
Money with the kingdom's next strongest card."""
ROUNDS = 40
GAMES = 60
"""The defaults: 120 kingdoms, about 86,000 games, well under a minute on two cores with the
base cards."""


@dataclass(frozen=True)
class Drawn:
    """One kingdom of a study: its kind, the round it was drawn in, the ten cards, Colonies
    and Shelters."""

    kind: str
    round: int
    cards: tuple[str, ...]
    colony: bool = False
    shelters: bool = False

    def document(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "round": self.round,
            "cards": list(self.cards),
            "colony": self.colony,
            "shelters": self.shelters,
        }


# ---- what the engine plays ----


def unplayable(cards: Iterable[str], colony: bool = False, shelters: bool = False) -> list[str]:
    """The cards of a table the engine does not play yet: kingdom cards, and Platinum and
    Colony or the Shelters where the table uses them (card ids, in order)."""
    playable = set(engine.PLAYABLE)
    out = [c for c in cards if c not in playable]
    plays = engine.TEXTS.plays
    if colony:
        out += [engine.CARDS[c] for c in (engine.PLATINUM, engine.COLONY) if c not in plays]
    if shelters:
        out += [
            engine.CARDS[c]
            for c in (engine.HOVEL, engine.NECROPOLIS, engine.OVERGROWN_ESTATE)
            if c not in plays
        ]
    return out


def plays_whole(pool: Pool) -> bool:
    """Whether the engine plays every card of the pool, and the Colonies and Shelters its
    Prosperity and Dark Ages cards may bring."""
    data = load()
    sets = {s for c in pool.all_cards() for s in data.card(c).sets}
    return not unplayable(pool.all_cards(), colony=PROSPERITY in sets, shelters=DARK_AGES in sets)


def stand_in(pool: Pool) -> Pool:
    """The pool itself when the engine plays all of it; else a stand-in of the same shape:
    the pool's cards the engine plays, in their sets, and the other cards it plays (in their
    own sets) joining the Basic draw's last four."""
    if plays_whole(pool):
        return pool
    data = load()
    playable = set(engine.PLAYABLE)
    cards: dict[str, list[str]] = {
        s: [c for c in ids if c in playable] for s, ids in pool.cards.items()
    }
    inside = set(pool.all_cards())
    extra: list[str] = []
    for card in engine.PLAYABLE:
        if card in inside:
            continue
        home = data.card(card).sets[-1]
        cards.setdefault(home, []).append(card)
        if home not in pool.basic_main and home not in pool.basic_extra and home not in extra:
            extra.append(home)
    cards = {s: ids for s, ids in cards.items() if ids}
    return make_pool(
        pool.name + " (stand-in)",
        cards,
        pool.basic_main,
        tuple(s for s in (*pool.basic_extra, *extra) if s not in pool.basic_main),
        pool.title,
    )


# ---- drawing ----


def draw_round(pool: Pool, seed: int, number: int) -> list[Drawn]:
    """Round ``number``'s three kingdoms (Basic, Extended, uniform), from its own seed."""
    rng = random.Random(sub_seed(seed, number))
    seats = [str(s) for s in range(PLAYERS)]
    basic = draws.basic_draw(pool, rng)
    extended = draws.extended_draw(pool, rng, basic.mandatory + basic.choices)
    out = []
    for drawn in (basic, extended):
        picks = draws.simulate_draft(drawn.choices, seats, rng)
        out.append(_decided(drawn.kind, number, drawn.mandatory + picks, rng))
    out.append(_decided("uniform", number, tuple(rng.sample(pool.all_cards(), 10)), rng))
    return out


def _decided(kind: str, number: int, cards: Sequence[str], rng: random.Random) -> Drawn:
    decided = draws.colony_shelters(cards, rng)
    return Drawn(kind, number, tuple(sorted(cards)), decided.colony, decided.shelters)


def draw_kingdoms(pool: Pool, rounds: int, seed: int) -> list[Drawn]:
    """Every kingdom of a study, round by round."""
    return [k for number in range(rounds) for k in draw_round(pool, seed, number)]


# ---- weighing one kingdom ----


def bot_of(card: str) -> str:
    """The Big Money bot with this card alone."""
    return "big-money-" + card.lower().replace(" ", "-")


def measure(kingdom: Drawn, games: int, seed: int) -> dict[str, Any]:
    """The bot games of one kingdom (``games`` of each kind; module docstring)."""
    cards = list(kingdom.cards)

    def play(names: list[str], count: int, index: int) -> sim.Tally:
        own = sub_seed(seed, index)
        return sim.run(cards, names, count, own, colony=kingdom.colony, shelters=kingdom.shelters)

    mirror = play(["heuristic"] * PLAYERS, games, 0)
    duels: dict[str, int] = {}
    for index, card in enumerate(sorted(cards), start=1):
        duels[card] = play([bot_of(card), "big-money"], games, index).bot_wins[0]
    ranked = sorted(sorted(duels), key=lambda c: -duels[c])
    best, rival = ranked[0], ranked[1]
    # the dominant card against the next strongest, head to head, in fresh games (both seats)
    rival_games = games + games % 2
    rival_wins = play([bot_of(best), bot_of(rival)], rival_games, len(cards) + 1).bot_wins[0]
    unit = sim.UNIT
    return {
        **kingdom.document(),
        "games": games,
        "first_wins": mirror.seat_wins[0] / unit,
        "first_rate": mirror.seat_wins[0] / unit / games,
        "turns": {str(k): v for k, v in sorted(mirror.turns.items())},
        "ended": dict(sorted(mirror.ended.items())),
        "duels": {c: w / unit / games for c, w in sorted(duels.items())},
        "dominant": best,
        "dominant_wins": duels[best] / unit,
        "dominant_rate": duels[best] / unit / games,
        "rival": rival,
        "rival_games": rival_games,
        "rival_wins": rival_wins / unit,
        "rival_rate": rival_wins / unit / rival_games,
    }


def unbalanced(item: Mapping[str, Any]) -> bool:
    """Outside the balance a table expects (``SEAT_LIMIT``, ``DOMINANCE_LIMIT``)."""
    first: float = item["first_rate"]
    rival: float = item["rival_rate"]
    return abs(first - 1 / PLAYERS) > SEAT_LIMIT or rival > DOMINANCE_LIMIT


def weigh(
    kingdoms: Sequence[Drawn], games: int, seed: int, first: int, count: int
) -> list[dict[str, Any]]:
    """Kingdoms ``first`` … ``first + count - 1``, each from its own seed (a runner batch)."""
    return [measure(kingdoms[i], games, own) for i, own in seeds(seed, first, count)]


# ---- adding up ----


def _rate(wins: float, games: int) -> dict[str, Any]:
    return {
        "rate": wins / games if games else 0.0,
        "interval": list(wilson(wins, games)),
        "games": games,
    }


def _difference(a: int, n: int, b: int, m: int) -> dict[str, Any]:
    """The difference of two shares (a/n − b/m) with its 95 % interval (normal)."""
    if not n or not m:
        return {"value": 0.0, "interval": [-1.0, 1.0]}
    p, q = a / n, b / m
    half = Z95 * math.sqrt(p * (1 - p) / n + q * (1 - q) / m)
    return {"value": p - q, "interval": [max(-1.0, p - q - half), min(1.0, p - q + half)]}


def percentile(values: Sequence[float], share: float) -> float:
    """The ``share`` quantile of ``values`` (nearest rank; 0 for none)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = min(len(ordered) - 1, max(0, math.ceil(share * len(ordered)) - 1))
    return ordered[rank]


def summarise(items: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The figures of one kind of kingdom."""
    games = sum(i["games"] for i in items)
    rival_games = sum(i["rival_games"] for i in items)
    turns: Counter[int] = Counter()
    for item in items:
        turns.update({int(k): v for k, v in item["turns"].items()})
    flagged = sum(1 for i in items if unbalanced(i))
    seat_share = sum(1 for i in items if abs(i["first_rate"] - 1 / PLAYERS) > SEAT_LIMIT)
    dominated = sum(1 for i in items if i["rival_rate"] > DOMINANCE_LIMIT)
    n = len(items)
    firsts = [i["first_rate"] for i in items]
    rivals = [i["rival_rate"] for i in items]
    return {
        "kingdoms": n,
        "first_seat": _rate(sum(i["first_wins"] for i in items), games),
        "dominant_vs_big_money": _rate(sum(i["dominant_wins"] for i in items), games),
        "dominant_vs_rival": _rate(sum(i["rival_wins"] for i in items), rival_games),
        "turns": {
            "mean": sum(k * v for k, v in turns.items()) / games if games else 0.0,
            "median": sim.quantile(turns, 0.5),
            "low": sim.quantile(turns, 0.05),
            "high": sim.quantile(turns, 0.95),
            "histogram": {str(k): turns[k] for k in sorted(turns)},
        },
        "unbalanced": {"count": flagged, **_rate(flagged, n)},
        "seat_unbalanced": {"count": seat_share, **_rate(seat_share, n)},
        "dominated": {"count": dominated, **_rate(dominated, n)},
        "first_rate_range": [percentile(firsts, 0.05), percentile(firsts, 0.95)],
        "rival_rate_range": [percentile(rivals, 0.05), percentile(rivals, 0.95)],
        "dominant_cards": dict(Counter(i["dominant"] for i in items).most_common(5)),
    }


def usual(items: Sequence[Mapping[str, Any]]) -> dict[str, float]:
    """The usual balance of drawn (Basic and Extended) kingdoms: 19 in 20 have the first
    seat's win rate between ``first_low`` and ``first_high``, and 19 in 20 their dominant
    card's win rate against its rival at most ``dominance``."""
    drawn = [i for i in items if i["kind"] != "uniform"]
    firsts = [i["first_rate"] for i in drawn]
    return {
        "first_low": percentile(firsts, 0.025),
        "first_high": percentile(firsts, 0.975),
        "dominance": percentile([i["rival_rate"] for i in drawn], 0.95),
        "kingdoms": len(drawn),
    }


def summary(items: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Every kind's figures, the drawn kingdoms' usual range, and each draw against uniform."""
    kinds = {kind: summarise([i for i in items if i["kind"] == kind]) for kind in KINDS}
    drawn = summarise([i for i in items if i["kind"] != "uniform"])
    uniform = kinds["uniform"]
    against = {
        kind: _difference(
            kinds[kind]["unbalanced"]["count"],
            kinds[kind]["kingdoms"],
            uniform["unbalanced"]["count"],
            uniform["kingdoms"],
        )
        for kind in ("basic", "extended")
    }
    against["drawn"] = _difference(
        drawn["unbalanced"]["count"],
        drawn["kingdoms"],
        uniform["unbalanced"]["count"],
        uniform["kingdoms"],
    )
    return {"kinds": kinds, "drawn": drawn, "unbalanced_vs_uniform": against, "usual": usual(items)}


def study(
    pool: Pool,
    rounds: int = ROUNDS,
    games: int = GAMES,
    seed: int = 1,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """The study: ``rounds`` rounds drawn from ``pool`` (a stand-in where the engine does not
    play all of it), each kingdom weighed by ``games`` games of each kind; ``progress`` is
    told how many kingdoms are done."""
    if rounds < 1 or games < 2:
        raise ValueError("a study needs at least one round and two games")
    studied = stand_in(pool)
    kingdoms = draw_kingdoms(studied, rounds, seed)
    items = [
        item
        for batch in run_batches(
            weigh, (kingdoms, games, seed), len(kingdoms), 1, workers, progress
        )
        for item in batch
    ]
    return {
        "pool": pool.name,
        "studied": studied.name,
        "stand_in": studied is not pool,
        "left_out": unplayable(pool.all_cards()) if studied is not pool else [],
        "rounds": rounds,
        "games": games,
        "seed": seed,
        "players": PLAYERS,
        "limits": {"seat": SEAT_LIMIT, "dominance": DOMINANCE_LIMIT},
        **summary(items),
        "kingdoms": items,
    }


def kingdom_count(rounds: int) -> int:
    """How many kingdoms a study of ``rounds`` rounds weighs (for a progress bar)."""
    return rounds * len(KINDS)


# ---- the usual balance, for the desk ----

USUAL_FILE = "data/usual-balance.json"


@cache
def shipped_usual() -> dict[str, Any]:
    """The usual balance of drawn kingdoms as the last study measured it (the desk's kingdom
    report compares a table with it)."""
    return dict(
        json.loads(
            resources.files("kolo.games.dominion").joinpath(USUAL_FILE).read_text(encoding="utf-8")
        )
    )


def outside_usual(item: Mapping[str, Any], usual_: Mapping[str, Any]) -> dict[str, bool]:
    """Which of a table's figures (``measure``) are outside the usual balance."""
    return {
        "first_high": item["first_rate"] > usual_["first_high"],
        "first_low": item["first_rate"] < usual_["first_low"],
        "dominance": item["rival_rate"] > usual_["dominance"],
    }
