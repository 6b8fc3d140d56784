"""The study of docs/dominion.md ("The draw's promise, measured"): the championship's rounds
drawn many times, every kingdom played by bots (``kolo dominion draws``, the same module and
seeds), its figures as JSON, its plot as SVG, and the usual balance of drawn kingdoms that the
desk's kingdom report compares a table with.

    .venv/bin/python benchmarks/dominion_draws.py                   # the docs' run
    .venv/bin/python benchmarks/dominion_draws.py --rounds 40 --games 60
    .venv/bin/python benchmarks/dominion_draws.py --plot-only       # redraw from the JSON

Writes docs/dominion-draws.json, docs/dominion-draws.svg (kolo's own SVG, no extra package),
docs/dominion-draws.png where matplotlib is installed (the [bench] extra) and
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
from typing import Any

from kolo.games.dominion import drawstudy
from kolo.games.dominion.drawplot import svg
from kolo.games.dominion.pools import championship

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "docs" / "dominion-draws.json"
PLOT = ROOT / "docs" / "dominion-draws.svg"
PNG = ROOT / "docs" / "dominion-draws.png"
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


def png(result: dict[str, Any]) -> bool:
    """The figure with matplotlib (the [bench] extra): every kingdom's first-seat win rate
    against its dominant card's win rate over its rival, by kind, the unbalanced zone shaded;
    beside it the share of unbalanced kingdoms with its 95 % interval. False without
    matplotlib."""
    try:
        import matplotlib
    except ImportError:
        return False
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    kinds = ("basic", "extended", "uniform")
    colours = {"basic": "#2b6cb0", "extended": "#dd6b20", "uniform": "#718096"}
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.5), width_ratios=(3, 2))
    seat, dominance = result["limits"]["seat"], result["limits"]["dominance"]
    half = 1 / result["players"]
    left.axvspan(0, half - seat, color="#f3e3e3")
    left.axvspan(half + seat, 1, color="#f3e3e3")
    left.axhspan(dominance, 1, color="#f3e3e3")
    for kind in kinds:
        mine = [k for k in result["kingdoms"] if k["kind"] == kind]
        left.scatter(
            [k["first_rate"] for k in mine],
            [k["rival_rate"] for k in mine],
            s=10,
            alpha=0.6,
            color=colours[kind],
            label=LABELS[kind],
        )
    left.set_xlim(0.2, 0.9)
    left.set_ylim(0.2, 1.0)
    left.set_xlabel("first seat's win rate (two heuristic bots)")
    left.set_ylabel("dominant card against its rival")
    left.legend(loc="lower left", fontsize=8)
    for number, kind in enumerate(kinds):
        figure = result["kinds"][kind]["unbalanced"]
        low, high = figure["interval"]
        right.errorbar(
            [number],
            [figure["rate"]],
            yerr=[[figure["rate"] - low], [high - figure["rate"]]],
            marker="o",
            capsize=4,
            color=colours[kind],
        )
    right.set_xticks(range(len(kinds)), [LABELS[k] for k in kinds])
    right.set_ylim(0, 1)
    right.set_ylabel("unbalanced kingdoms (95 % interval)")
    fig.suptitle(f"{result['studied']}: {result['rounds']} rounds, {result['games']} games each")
    fig.tight_layout()
    fig.savefig(PNG, dpi=110)
    plt.close(fig)
    return True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--plot-only", action="store_true", help="redraw from the JSON")
    args = parser.parse_args()
    if args.plot_only:
        result = json.loads(DATA.read_text(encoding="utf-8"))
        PLOT.write_text(svg(result, LABELS), encoding="utf-8")
        print("png written" if png(result) else "no matplotlib: the SVG only", file=sys.stderr)
        return
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
    if not png(result):
        print("no matplotlib (the [bench] extra): the SVG only", file=sys.stderr)
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
