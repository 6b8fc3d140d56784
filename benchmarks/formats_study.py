"""The studies of docs/formats.md: each question's simulated events, their figures as JSON and
their plots. Every point is one ``kolo simulate`` run (the same module, the same seeds): the
JSON keeps the figures of each, so a point can be checked with the command it names.

    .venv/bin/pip install matplotlib     # the [bench] extra
    .venv/bin/python benchmarks/formats_study.py                      # all four questions
    .venv/bin/python benchmarks/formats_study.py --only swiss --events 400
    .venv/bin/python benchmarks/formats_study.py --plot-only          # redraw from the JSON

Writes docs/formats-study.json and docs/formats-*.png.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from kolo.science.study import run, study_of

DOCS = Path(__file__).resolve().parent.parent / "docs"
DATA = DOCS / "formats-study.json"
SHIPPED = (
    Path(__file__).resolve().parent.parent / "src" / "kolo" / "formats" / "data" / "strongest.json"
)
"""The desk's table (``kolo.science.table``): the "final" question's rates, the same runs
``kolo.science.table.recompute`` makes."""


def points(question: str) -> list[dict[str, Any]]:
    """The runs of a question: rule set, players, rounds, settings, label."""
    if question == "final":
        return [
            # the larger fields half the events (each takes up to twice as long)
            {"ruleset": "dominion-cz-final", "players": n, "rounds": r, "settings": {}}
            | ({"events": FEWER} if n > 30 else {})
            for n in (24, 30, 36, 45)
            for r in (5, 6, 7, 8)
        ]
    if question == "gorn-vs-nbgl":
        # gorn's points are the final's (dominion-cz-final at 30 and 45 players, 5 and 7
        # rounds): dominion-cz with the same rounds plays the same events (a test holds it)
        return [
            {"ruleset": "nbgl-dominion", "players": n, "rounds": None, "settings": {}}
            for n in (30, 45)
        ]
    if question == "smaller":
        return [
            {"ruleset": "dominion-cz", "players": n, "rounds": 5, "settings": {}} for n in (31, 32)
        ]
    if question == "swiss":
        return [
            {"ruleset": "swiss-pairs", "players": 32, "rounds": r, "settings": {}}
            for r in (5, 6, 7)
        ]
    if question == "weights":
        base = {
            "repeat_pairs": 3,
            "score_spread": 1,
            "smaller_tables": 1,
            "club": 2,
            "never_together": 50,
        }
        variants: list[tuple[str, dict[str, Any]]] = [
            ("defaults (weights 3/1/1, slice guard on)", {}),
            ("slice guard off", {"slice_guard": False}),
            ("guard per round", {"slice_guard_scope": "round"}),
            ("repeats weigh 1", {"weights": {**base, "repeat_pairs": 1}}),
            ("repeats weigh 10", {"weights": {**base, "repeat_pairs": 10}}),
            (
                "spread weighs 0, guard off",
                {"weights": {**base, "score_spread": 0}, "slice_guard": False},
            ),
        ]
        return [
            {"ruleset": "dominion-cz", "players": 30, "rounds": 5, "settings": s, "label": label}
            for label, s in variants
        ]
    raise ValueError(question)


FEWER = 100
"""Events a point of the final's larger fields (36 and 45 players)."""
QUESTIONS = ("final", "gorn-vs-nbgl", "swiss", "weights", "smaller")


def command(point: dict[str, Any], events: int, seed: int) -> str:
    """The ``kolo simulate`` command of a point."""
    parts = [
        "kolo simulate",
        f"--ruleset {point['ruleset']}",
        f"--players {point['players']}",
    ]
    if point["rounds"] is not None:
        parts.append(f"--rounds {point['rounds']}")
    for key, value in point["settings"].items():
        parts.append(f"--set '{key}={json.dumps(value)}'")
    parts += [f"--events {events}", f"--seed {seed}"]
    return " ".join(parts)


def study(
    question: str,
    events: int,
    seed: int,
    workers: int,
    done: list[dict[str, Any]],
    save: Callable[[list[dict[str, Any]]], None],
) -> list[dict[str, Any]]:
    """The question's points; a point already ``done`` (the same command) is kept, each new
    one saved as soon as it is computed (a long study can be stopped and resumed)."""
    results = []
    known = {p["command"]: p for p in done}
    for point in points(question):
        count = point.pop("events", events)
        line = command(point, count, seed)
        if line in known:
            results.append(known[line])
            continue
        started = time.perf_counter()
        summary = run(
            study_of(point["ruleset"], point["players"], point["rounds"], point["settings"]),
            count,
            seed,
            workers,
        )
        figures = summary.report()
        results.append({**point, "events": count, "command": line, "figures": figures})
        save(results)
        print(
            f"{question}: {line}: strongest wins {figures['strongest_wins']['value']:.3f}, "
            f"τ {figures['kendall_tau']['value']:.3f} ({time.perf_counter() - started:.0f} s)",
            file=sys.stderr,
            flush=True,
        )
    return results


def ship(final: dict[str, Any]) -> None:
    """The desk's table from the final's runs."""
    rows = [
        {
            "players": p["players"],
            "rounds": p["rounds"],
            "wins": p["figures"]["strongest_wins"]["value"],
            "low": p["figures"]["strongest_wins"]["low"],
            "high": p["figures"]["strongest_wins"]["high"],
            "events": p["events"],
        }
        for p in final["points"]
    ]
    document = {
        "events": {str(p["players"]): p["events"] for p in final["points"]},
        "seed": final["seed"],
        "model": "skill",
        "tables": {"dominion-cz-final": rows},
    }
    SHIPPED.parent.mkdir(exist_ok=True)
    SHIPPED.write_text(json.dumps(document, indent=1) + "\n")


def _events(rows: list[dict[str, Any]]) -> str:
    counts = sorted({p.get("events", p["figures"]["events"]) for p in rows}, reverse=True)
    return " or ".join(str(c) for c in counts)


def _interval(figure: dict[str, float]) -> tuple[float, float]:
    return figure["value"] - figure["low"], figure["high"] - figure["value"]


def plot(data: dict[str, Any]) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    if "final" in data:
        fig, axes = plt.subplots(1, 2, figsize=(11, 4.2))
        rows = data["final"]["points"]
        for n, colour in zip(
            (24, 30, 36, 45), ("#2b6cb0", "#dd6b20", "#38a169", "#805ad5"), strict=True
        ):
            mine = [p for p in rows if p["players"] == n]
            rounds = [p["rounds"] for p in mine]
            for ax, key in ((axes[0], "strongest_wins"), (axes[1], "kendall_tau")):
                values = [p["figures"][key]["value"] for p in mine]
                errors = list(zip(*[_interval(p["figures"][key]) for p in mine], strict=True))
                ax.errorbar(
                    rounds,
                    values,
                    yerr=errors,
                    marker="o",
                    capsize=3,
                    label=f"{n} players",
                    color=colour,
                )
        reference = next(p for p in rows if p["players"] == 30 and p["rounds"] == 7)
        for ax, key, title in (
            (axes[0], "strongest_wins", "the strongest player wins"),
            (axes[1], "kendall_tau", "Kendall τ, strength vs standings"),
        ):
            ax.axhline(
                reference["figures"][key]["value"],
                color="grey",
                linestyle="--",
                label="7 rounds of 30",
            )
            ax.set_xlabel("rounds")
            ax.set_title(title)
            ax.set_xticks([5, 6, 7, 8])
            ax.legend(fontsize=8)
        fig.suptitle(
            f"Dominion final (dominion-cz-final, tables of 3), {_events(rows)} events a point, 95 % intervals"
        )
        fig.tight_layout()
        fig.savefig(DOCS / "formats-final.png", dpi=100)
        plt.close(fig)
    for question, path, title in (
        (
            "gorn-vs-nbgl",
            "formats-gorn-nbgl.png",
            "Gorn at tables of 3 vs NBGL groups + knockout, the same players",
        ),
        ("swiss", "formats-swiss.png", "Swiss in pairs, 32 players"),
        (
            "weights",
            "formats-weights.png",
            "Pairing weights and the slice guard, dominion-cz, 30 players, 6 rounds",
        ),
    ):
        if question not in data:
            continue
        rows = data[question]["points"]
        if question == "gorn-vs-nbgl" and "final" in data:
            gorn = [
                {**p, "ruleset": "dominion-cz"}
                for p in data["final"]["points"]
                if p["players"] in (30, 45) and p["rounds"] in (5, 7)
            ]
            rows = sorted(rows + gorn, key=lambda p: (p["players"], p["rounds"] or 99))
        labels = [
            p.get("label")
            or (
                f"{p['ruleset']}\n{p['players']} pl."
                + (f", {p['rounds']} r." if p["rounds"] else "")
            )
            for p in rows
        ]
        keys = [
            ("strongest_wins", "the strongest wins"),
            ("top", "the 3 strongest in the top 3"),
            ("kendall_tau", "Kendall τ"),
            ("repeated_meetings", "repeated meetings an event"),
        ]
        fig, axes = plt.subplots(1, 4, figsize=(17, 4.4))
        for ax, (key, name) in zip(axes, keys, strict=True):
            figures = [p["figures"][key]["3"] if key == "top" else p["figures"][key] for p in rows]
            values = [f["value"] for f in figures]
            errors = list(zip(*[_interval(f) for f in figures], strict=True))
            ax.bar(range(len(rows)), values, yerr=errors, capsize=3, color="#2b6cb0")
            ax.set_xticks(range(len(rows)))
            ax.set_xticklabels(labels, rotation=30, ha="right", fontsize=7)
            ax.set_title(name)
        fig.suptitle(f"{title}; {_events(rows)} events a point, 95 % intervals")
        fig.tight_layout()
        fig.savefig(DOCS / path, dpi=100)
        plt.close(fig)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--only", action="append", choices=QUESTIONS)
    parser.add_argument("--events", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--plot-only", action="store_true")
    parser.add_argument("--data", type=Path, default=DATA, help="the JSON to read and write")
    args = parser.parse_args()
    path: Path = args.data
    data: dict[str, Any] = json.loads(path.read_text()) if path.exists() else {}
    if not args.plot_only:
        for question in args.only or QUESTIONS:
            earlier = data.get(question, {}).get("points", [])

            def save(results: list[dict[str, Any]], question: str = question) -> None:
                data[question] = {"events": args.events, "seed": args.seed, "points": results}
                path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n")

            save(study(question, args.events, args.seed, args.workers, earlier, save))
            if question == "final":
                ship(data["final"])
    plot(data)


if __name__ == "__main__":
    main()
