"""kolo's Carcassonne against wingedsheep/carcassonne (MIT, Python; base tiles with farmers), in
the same run, one process: two-player base games played to the end by random players, per
second. kolo runs in several rounds and the median is compared with the reference's median over
its games (these machines are shared and noisy). Not a test: run it by hand.

The reference is not on the package index here and needs numpy 1.x (it converts a 1-element
array with ``int()``, which numpy 2 refuses), so it is loaded from a checkout, for this
benchmark only, with numpy 1.24 in a directory of its own:

    git clone https://github.com/wingedsheep/carcassonne /tmp/carc-ref   # or the fetch tool
    .venv/bin/pip install --target /tmp/carc-numpy "numpy<1.25"
    .venv/bin/python benchmarks/carcassonne.py --reference /tmp/carc-ref --numpy /tmp/carc-numpy
"""

from __future__ import annotations

import argparse
import contextlib
import io
import random
import statistics
import sys
import time

from kolo.games.carcassonne.bots import BOTS
from kolo.games.carcassonne.game import BASE, FINAL, Rules, new_game


def kolo_games(seconds: float, seed: int, bot: str = "random", variant: str = BASE) -> float:
    """Games per second: kolo's engine, two players with the given bot."""
    player = BOTS[bot]
    rules = Rules(variant=variant)
    done = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds or done == 0:
        game = new_game(2, seed * 100_000 + done, rules)
        rng = random.Random(done)
        while not game.over:
            game.play(player(game, rng))
        done += 1
    return done / elapsed


def reference_games(games: int, seed: int) -> list[float] | None:
    """Seconds per game of the reference with random players, or None if it is missing."""
    try:
        from wingedsheep.carcassonne.carcassonne_game_state import (  # type: ignore[import-not-found]
            CarcassonneGameState,
        )
        from wingedsheep.carcassonne.tile_sets.supplementary_rules import (  # type: ignore[import-not-found]
            SupplementaryRule,
        )
        from wingedsheep.carcassonne.tile_sets.tile_sets import (  # type: ignore[import-not-found]
            TileSet,
        )
        from wingedsheep.carcassonne.utils.action_util import (  # type: ignore[import-not-found]
            ActionUtil,
        )
        from wingedsheep.carcassonne.utils.state_updater import (  # type: ignore[import-not-found]
            StateUpdater,
        )
    except ImportError:
        return None
    random.seed(seed)
    times = []
    for _ in range(games):
        start = time.perf_counter()
        with contextlib.redirect_stdout(io.StringIO()):  # it prints every scoring
            state = CarcassonneGameState(
                tile_sets=[TileSet.BASE],
                players=2,
                supplementary_rules=[SupplementaryRule.FARMERS],
            )
            while not state.is_terminated():
                action = random.choice(ActionUtil.get_possible_actions(state))
                if action is not None:
                    state = StateUpdater.apply_action(game_state=state, action=action)
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0, help="kolo: per round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--reference-games", type=int, default=5)
    parser.add_argument("--reference", help="a checkout of wingedsheep/carcassonne")
    parser.add_argument("--numpy", help="a directory holding numpy 1.x for the reference")
    options = parser.parse_args()
    for extra in (options.reference, options.numpy):
        if extra:
            sys.path.insert(0, extra)
    rows: dict[str, list[float]] = {}
    for r in range(options.rounds):
        rows.setdefault("random", []).append(kolo_games(options.seconds, r))
        for bot in ("greedy", "strong"):
            rows.setdefault(bot, []).append(kolo_games(options.seconds / 2, r, bot))
        for bot in ("random", "strong"):
            rows.setdefault(f"{bot}, final", []).append(
                kolo_games(options.seconds / 2, r, bot, FINAL)
            )
    reference = reference_games(options.reference_games, seed=1)

    def row(name: str, players: str, values: list[float]) -> str:
        median = statistics.median(values)
        return f"| {name} | {players} | {median:,.2f} | {min(values):,.2f} | {max(values):,.2f} |"

    print("| engine | players | games/s median | min | max |")
    print("| --- | --- | --- | --- | --- |")
    print(row("kolo, base game", "random", rows["random"]))
    print(row("kolo, base game", "greedy", rows["greedy"]))
    print(row("kolo, base game", "strong", rows["strong"]))
    print(row("kolo, final's variant", "random", rows["random, final"]))
    print(row("kolo, final's variant", "strong", rows["strong, final"]))
    if reference:
        speeds = [1 / t for t in reference]
        print(row("wingedsheep/carcassonne", "random", speeds))
        ratio = statistics.median(rows["random"]) / statistics.median(speeds)
        print(f"\nratio kolo / wingedsheep (medians, random two-player base games): {ratio:,.0f}×")
    else:
        print("\n(the reference is missing: see the instructions at the top of this file)")


if __name__ == "__main__":
    main()
