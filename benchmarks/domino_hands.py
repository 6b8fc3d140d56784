"""How many hands a match of the block game to 100 takes: the distribution over many matches
between two pairs of bots, as a plot (matplotlib, the ``bench`` extra). Not a test.

    .venv/bin/python benchmarks/domino_hands.py --matches 10000 --workers 2 \\
        --plot docs/images/domino-hands-per-match.png
"""

from __future__ import annotations

import argparse
from pathlib import Path

from kolo.games.domino.simulate import simulate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--plot", type=Path, required=True)
    options = parser.parse_args()
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 3.6), dpi=110)
    for bots, label in (
        (["strong", "greedy", "strong", "greedy"], "strong against greedy"),
        (["random", "random", "random", "random"], "random players"),
    ):
        summary = simulate("block", bots, options.matches, options.seed, workers=options.workers)
        counts = summary.tally.hands_per_match
        xs = sorted(counts)
        ax.plot(xs, [counts[x] / options.matches for x in xs], marker="o", label=label)
        mean = sum(x * counts[x] for x in xs) / options.matches
        print(f"{label}: mean {mean:.1f} hands a match")
    ax.set_xlabel("hands in a match to 100")
    ax.set_ylabel("share of matches")
    ax.set_title(f"The block game: hands per match ({options.matches:,} matches each)")
    ax.legend()
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(options.plot)
    print(f"plot: {options.plot}")


if __name__ == "__main__":
    main()
