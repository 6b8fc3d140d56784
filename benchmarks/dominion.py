"""kolo's Dominion engine against pyminion (PyPI 0.4.0, MIT), same run, one process: whole
two-player games of the base game per second on the same matchups — Big Money against Big
Money, Smithy-Big Money against Big Money — with the same buy rules on both engines (the rules
of pyminion's ``BigMoney`` and ``BigMoneySmithy`` example bots, restated here for kolo's
decision interface). Each engine runs in turns, several rounds, and the median of each is
compared (these machines are shared and noisy; CPU time of this one process, so one core). Also kolo alone: its own bots (Big Money
Ultimate, the heuristic bot) and four players. Not a test: run it by hand.

    .venv/bin/pip install pyminion==0.4.0        # the reference, for this benchmark only
    .venv/bin/python benchmarks/dominion.py --seconds 2 --rounds 5
"""

from __future__ import annotations

import argparse
import logging
import random
import statistics
import time
from collections.abc import Callable, Sequence

from kolo.games.dominion import bots, engine
from kolo.games.dominion.engine import BUY, GOLD, PLAY, PROVINCE, SILVER, SMITHY, Decision, View

KINGDOM = engine.FIRST_GAME
"""The first-game kingdom of source 004 (it has Smithy)."""


def money(view: View, d: Decision) -> object:
    """pyminion's ``BigMoney``: Province at 8, Gold at 6, Silver at 3."""
    if d.kind == BUY:
        coins = d.coins
        if coins >= 8 and view.pile(PROVINCE):
            return PROVINCE
        if coins >= 6:
            return GOLD
        if coins >= 3:
            return SILVER
        return None
    return None if d.kind == PLAY else bots.Heuristic()(view, d)


def smithy_money(view: View, d: Decision) -> object:
    """pyminion's ``BigMoneySmithy``: Big Money, Smithy at exactly 4, Smithy played."""
    if d.kind == BUY:
        coins = d.coins
        if coins >= 8 and view.pile(PROVINCE):
            return PROVINCE
        if coins >= 6:
            return GOLD
        if coins == 4 and view.pile(SMITHY):
            return SMITHY
        if coins >= 3:
            return SILVER
        return None
    if d.kind == PLAY:
        return SMITHY if SMITHY in d.among else None
    return bots.Heuristic()(view, d)


def kolo_games(
    agents: Sequence[engine.Agent],
    seconds: float,
    seed: int,
    kingdoms: Sequence[Sequence[str]] = (KINGDOM,),
) -> tuple[float, float]:
    """Games per second and turns per game: kolo's engine (the kingdoms in turn)."""
    done = 0
    turns = 0
    start = time.process_time()
    while (elapsed := time.process_time() - start) < seconds:
        for _ in range(50):
            result = engine.play(kingdoms[done % len(kingdoms)], agents, seed + done)
            turns += sum(result.turns)
            done += 1
    return done / elapsed, turns / done


def pyminion_games(matchup: str, seconds: float, seed: int) -> tuple[float, float] | None:
    """Games per second and turns per game: pyminion, or None if it is not installed."""
    try:
        from pyminion.bots.examples import BigMoney, BigMoneySmithy
        from pyminion.expansions import base
        from pyminion.game import Game
    except ImportError:
        return None
    logging.getLogger().setLevel(logging.WARNING)
    random.seed(seed)
    done = 0
    turns = 0
    start = time.process_time()
    while (elapsed := time.process_time() - start) < seconds:
        for _ in range(10):
            first = BigMoneySmithy() if matchup == "smithy" else BigMoney(player_id="p1")
            players = [first, BigMoney(player_id="p2")]
            game = Game(
                players=players,
                expansions=[base.base_set],
                kingdom_cards=[getattr(base, c.lower().replace(" ", "_")) for c in KINGDOM],
                log_stdout=False,
            )
            game.play()
            turns += sum(p.turns for p in players)
            done += 1
    return done / elapsed, turns / done


def median(runs: Callable[[], tuple[float, float]], rounds: int) -> tuple[float, float]:
    results = [runs() for _ in range(rounds)]
    return statistics.median(r[0] for r in results), statistics.median(r[1] for r in results)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds per measurement")
    parser.add_argument("--rounds", type=int, default=5, help="measurements per engine")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    s, r, seed = args.seconds, args.rounds, args.seed

    print("| matchup | kolo games/s | pyminion games/s | ratio | turns a game (kolo, pyminion) |")
    print("| --- | ---: | ---: | ---: | --- |")
    for matchup, agents in (
        ("money", [money, money]),
        ("smithy", [smithy_money, money]),
    ):
        kolo_rates: list[tuple[float, float]] = []
        ref_rates: list[tuple[float, float]] = []
        for i in range(r):  # in turns, so both see the same load
            kolo_rates.append(kolo_games(agents, s, seed + 1000 * i))
            ref = pyminion_games(matchup, s, seed + i)
            if ref is not None:
                ref_rates.append(ref)
        k_speed = statistics.median(x[0] for x in kolo_rates)
        k_turns = statistics.median(x[1] for x in kolo_rates)
        name = "Big Money vs Big Money" if matchup == "money" else "Smithy-BM vs Big Money"
        if ref_rates:
            p_speed = statistics.median(x[0] for x in ref_rates)
            p_turns = statistics.median(x[1] for x in ref_rates)
            print(
                f"| {name} | {k_speed:,.0f} | {p_speed:,.0f} | {k_speed / p_speed:.1f}× "
                f"| {k_turns:.1f}, {p_turns:.1f} |"
            )
        else:
            print(f"| {name} | {k_speed:,.0f} | (not installed) | – | {k_turns:.1f} |")

    print()
    print("| kolo alone | players | games/s | turns a game |")
    print("| --- | ---: | ---: | ---: |")
    for label, names in (
        ("big-money ×2", ["big-money"] * 2),
        ("big-money-smithy vs big-money", ["big-money-smithy", "big-money"]),
        ("big-money ×4", ["big-money"] * 4),
        ("heuristic ×2", ["heuristic"] * 2),
        ("heuristic ×4", ["heuristic"] * 4),
    ):
        made = [bots.bot(n) for n in names]
        speed, turns = median(lambda made=made: kolo_games(made, s, seed), r)  # type: ignore[misc]
        print(f"| {label} | {len(names)} | {speed:,.0f} | {turns:.1f} |")
    # random kingdoms of the championship pool's cards the engine plays (no Colony, Shelters)
    from kolo.games.dominion.pools import championship

    pool = [c for ids in championship().cards.values() for c in ids if c in engine.PLAYABLE]
    kingdoms = [random.Random(i).sample(pool, 10) for i in range(200)]
    made = [bots.bot("heuristic"), bots.bot("heuristic")]
    speed, turns = median(lambda: kolo_games(made, s, seed, kingdoms), r)
    label = f"heuristic ×2, random pool kingdoms ({len(pool)} cards played)"
    print(f"| {label} | 2 | {speed:,.0f} | {turns:.1f} |")


if __name__ == "__main__":
    main()
