"""The study of docs/dominion.md ("The draw's promise, measured"): the championship's rounds
drawn many times, every kingdom played by bots (``kolo dominion draws``, the same module and
seeds), its figures as JSON, its plot as SVG, and the usual balance of drawn kingdoms that the
desk's kingdom report compares a table with.

    .venv/bin/python benchmarks/dominion_draws.py                   # the docs' run
    .venv/bin/python benchmarks/dominion_draws.py --rounds 40 --games 60

Writes docs/dominion-draws.json, docs/dominion-draws.svg and
src/kolo/games/dominion/data/usual-balance.json. Where the engine does not play the whole pool
yet, the study runs on a stand-in of the cards it plays (said in the JSON: ``stand_in``).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

from kolo.games.dominion import drawstudy
from kolo.games.dominion.drawplot import svg
from kolo.games.dominion.pools import championship

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "docs" / "dominion-draws.json"
PLOT = ROOT / "docs" / "dominion-draws.svg"
USUAL = ROOT / "src" / "kolo" / "games" / "dominion" / drawstudy.USUAL_FILE

LABELS = {
    "basic": "Basic draw",
    "extended": "Extended draw",
    "uniform": "Ten at random",
    "drawn": "Both draws",
    "first": "First seat's win rate, two equal bots (95 % interval; dashed: even)",
    "dominance": "The dominant card's bot against the next strongest card's bot (dashed: the limit)",
    "unbalanced": "Unbalanced kingdoms (95 % interval)",
    "turns": "Game length: the first player's turns (mean; 90 % of games)",
    "points": "Every kingdom",
    "across": "across: the first seat's win rate",
    "down": "up: the dominant card's win rate",
    "shaded": "shaded: unbalanced",
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    total = drawstudy.kingdom_count(args.rounds)
    start = time.perf_counter()

    def progress(done: int) -> None:
        print(
            f"\r{done}/{total} kingdoms, {time.perf_counter() - start:.0f} s",
            end="",
            file=sys.stderr,
        )

    result = drawstudy.study(
        championship(), args.rounds, args.games, args.seed, args.workers, progress
    )
    print(file=sys.stderr)
    result["command"] = (
        f"kolo dominion draws --rounds {args.rounds} --games {args.games} --seed {args.seed} --json"
    )
    DATA.write_text(json.dumps(result, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    PLOT.write_text(svg(result, LABELS), encoding="utf-8")
    usual = {**result["usual"], "pool": result["studied"], "command": result["command"]}
    USUAL.write_text(json.dumps(usual, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    for kind in ("basic", "extended", "uniform", "drawn"):
        k = result[kind] if kind == "drawn" else result["kinds"][kind]
        print(
            f"{kind:9} {k['kingdoms']:4} first {k['first_seat']['rate']:.3f} "
            f"{k['first_seat']['interval']} vs-BM {k['dominant_vs_big_money']['rate']:.3f} "
            f"vs-rival {k['dominant_vs_rival']['rate']:.3f} {k['dominant_vs_rival']['interval']} "
            f"unbalanced {k['unbalanced']['rate']:.3f} {k['unbalanced']['interval']} "
            f"seat {k['seat_unbalanced']['rate']:.3f} dominated {k['dominated']['rate']:.3f} "
            f"turns {k['turns']['mean']:.1f} ({k['turns']['low']}–{k['turns']['high']})"
        )
    print(json.dumps(result["unbalanced_vs_uniform"]))
    print(json.dumps(result["usual"]))
    print(f"{time.perf_counter() - start:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
