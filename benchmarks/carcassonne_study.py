"""Does the championship final's variant (three tiles in hand, three face-up tiles, three own
monasteries: R-CARC-FINAL) let the stronger player win more often than the base game? Three pairs
of bots, each in both games, 2,000 two-player games each (the seats alternate), win rates with
95 % Wilson intervals and the mean margin with its 95 % interval; a plot (matplotlib, the
``bench`` extra). Not a test.

    .venv/bin/python benchmarks/carcassonne_study.py --games 2000 --workers 2 \\
        --plot docs/images/carcassonne-variant-study.png --json docs/carcassonne-study.json

The same figures come from ``kolo carcassonne simulate --variant base|final --bots strong,middling
--games 2000 --seed 1 --json`` (and ``--bots planner,strong``, ``--bots strong,greedy``),
whatever ``--workers``.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from kolo.games.carcassonne.simulate import simulate

PAIRS = (("planner", "strong"), ("strong", "middling"), ("strong", "greedy"))
VARIANTS = ("base", "final")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--plot", type=Path)
    parser.add_argument("--json", type=Path, help="write the reports here")
    parser.add_argument(
        "--from-json", type=Path, help="plot reports written before instead of playing"
    )
    options = parser.parse_args()
    if options.from_json:
        reports = json.loads(options.from_json.read_text(encoding="utf-8"))
    else:
        reports = []
        for pair in PAIRS:
            for variant in VARIANTS:
                summary = simulate(variant, pair, options.games, options.seed, options.workers)
                reports.append(summary.report())
    print("| pair | game | games | stronger wins | 95 % interval | margin | 95 % interval |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for r in reports:
        first = r["bot_results"][0]
        low, high = first["interval"]
        m = r["margin"]
        print(
            f"| {' – '.join(r['bots'])} | {r['variant']} | {r['games']:,} | "
            f"{first['rate']:.1%} | {low:.1%}–{high:.1%} | {m['mean']:+.1f} | "
            f"{m['interval'][0]:+.1f} to {m['interval'][1]:+.1f} |"
        )
    if options.json:
        options.json.write_text(json.dumps(reports, indent=1) + "\n", encoding="utf-8")
    if options.plot:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        fig, axes = plt.subplots(1, 2, figsize=(10, 3.6), dpi=110)
        for ax, key in zip(axes, ("rate", "margin"), strict=True):
            for i, r in enumerate(reports):
                x = i // 2 * 3 + i % 2
                colour = "tab:blue" if r["variant"] == "base" else "tab:orange"
                if key == "rate":
                    first = r["bot_results"][0]
                    y, (lo, hi) = first["rate"] * 100, [v * 100 for v in first["interval"]]
                else:
                    y, (lo, hi) = r["margin"]["mean"], r["margin"]["interval"]
                ax.bar(x, y, color=colour, label=r["variant"] if i < 2 else None)
                ax.errorbar(x, y, yerr=[[y - lo], [hi - y]], color="black", capsize=4)
            ax.set_xticks([0.5 + 3 * i for i in range(len(PAIRS))], [" vs ".join(p) for p in PAIRS])
            ax.grid(axis="y", alpha=0.3)
        axes[0].set_ylabel("stronger bot's wins, % (95 % interval)")
        axes[0].set_ylim(0, 100)
        axes[1].set_ylabel("its margin, points a game")
        axes[0].legend(title="game")
        fig.suptitle(f"Base game or the final's variant ({reports[0]['games']:,} games each)")
        fig.tight_layout()
        fig.savefig(options.plot)
        print(f"plot: {options.plot}")


if __name__ == "__main__":
    main()
