"""Benchmark of the pairing engine against two baselines, on the same inputs.

For each field, an event is simulated with the demo's skill model and paired by the
engine; before every round the same standings and history are also paired by

  (a) "slice": sort the standings, cut them into consecutive tables (smaller tables at the
      bottom), then repair repeated meetings by swapping with the next table, as
      organisers do by hand;
  (b) "random": a random partition into the same table sizes.

Printed per field: median seconds per round, repeated pairs and repeated threes summed
over the rounds, mean score spread per table (Σ |points(a) − points(b)| over its pairs),
proven-optimal rounds and the largest proven gap. Not a test: run it by hand.

    .venv/bin/python benchmarks/pairing.py            # everything (about 10 minutes)
    .venv/bin/python benchmarks/pairing.py --quick    # small fields only
    .venv/bin/python benchmarks/pairing.py --plot docs/benchmarks-pairing.png
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import resource
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from fractions import Fraction
from itertools import combinations
from pathlib import Path

from kolo.core.event import Entrant, Event, Round, Table
from kolo.core.settings import Settings, resolve
from kolo.games import rulesets
from kolo.pairing.criteria import Context, breakdown, weighted, weights_of
from kolo.pairing.engine import propose
from kolo.pairing.history import History
from kolo.pairing.instance import build
from kolo.pairing.slicing import slice_standings
from kolo.simulation import SkillModel

FIELDS = [("dominion-cz", n) for n in (12, 30, 31, 36, 60, 100, 300, 1000)] + [
    ("carcassonne-cz", n) for n in (32, 33, 64, 100)
]
QUICK = [f for f in FIELDS if f[1] <= 64]


@dataclass
class Tally:
    seconds: list[float] = field(default_factory=list)
    repeated_pairs: int = 0
    repeated_threes: int = 0
    spreads: list[Fraction] = field(default_factory=list)
    proven: int = 0
    gaps: list[float] = field(default_factory=list)
    objective: Fraction = Fraction(0)
    """The weighted criteria (the engine's objective) summed over the rounds."""

    def add(self, event: Event, tables: list[tuple[str, ...]], seconds: float) -> None:
        context = Context.of(event, rulesets.get(event.ruleset), _settings(event))
        weights = weights_of(_settings(event))
        history = History.of(event.rounds)
        self.seconds.append(seconds)
        for table in tables:
            self.objective += weighted(breakdown(table, context), weights)
            self.repeated_pairs += sum(
                history.pairs[frozenset(p)] > 0 for p in combinations(table, 2)
            )
            self.repeated_threes += sum(
                frozenset(t) in history.triples for t in combinations(table, 3)
            )
            self.spreads.append(
                sum(
                    (abs(context.points[a] - context.points[b]) for a, b in combinations(table, 2)),
                    Fraction(0),
                )
            )

    def row(self) -> dict[str, float | int]:
        return {
            "median_s": round(statistics.median(self.seconds), 3),
            "max_s": round(max(self.seconds), 3),
            "repeated_pairs": self.repeated_pairs,
            "repeated_threes": self.repeated_threes,
            "mean_spread": round(float(sum(self.spreads) / len(self.spreads)), 3),
            "proven": self.proven,
            "max_gap": round(max(self.gaps), 4) if self.gaps else 0.0,
            "objective": round(float(self.objective), 2),
        }


def _settings(event: Event) -> Settings:
    ruleset = rulesets.get(event.ruleset)
    settings, _ = resolve(ruleset.defaults, event.settings)
    return settings


def slice_baseline(event: Event, rng: random.Random) -> list[tuple[str, ...]]:
    """Sort, cut into consecutive tables, repair repeats by swapping with the next table:
    the engine's own reference for its slice guard (``kolo.pairing.slicing``)."""
    ruleset = rulesets.get(event.ruleset)
    players = [e.id for e in event.entrants if e.active_in(len(event.rounds) + 1)]
    instance = build(event, ruleset, _settings(event), players, seed=0)
    tables, _valid = slice_standings(instance)
    return [tuple(instance.players[p] for p in t) for t in tables if len(t) > 1]


def random_baseline(event: Event, rng: random.Random) -> list[tuple[str, ...]]:
    ruleset = rulesets.get(event.ruleset)
    players = [e.id for e in event.entrants]
    rng.shuffle(players)
    sizes, _ = ruleset.layout(len(players), _settings(event))
    tables = []
    for size in sizes:
        tables.append(tuple(players[:size]))
        players = players[size:]
    return tables


def run_field(
    ruleset_id: str,
    count: int,
    rounds: int,
    seed: int,
    time_limit: float,
    weights: dict[str, float] | None = None,
) -> dict[str, dict[str, float | int]]:
    rng = random.Random(seed)
    entrants = tuple(Entrant(f"p{i}", f"P{i}") for i in range(1, count + 1))
    chosen: dict[str, object] = {"rounds": rounds, "time_limit": time_limit}
    if weights:
        chosen["weights"] = weights
    event = Event("bench", ruleset_id, chosen, entrants)
    ruleset = rulesets.get(ruleset_id)
    settings = _settings(event)
    model = SkillModel.draw([e.id for e in entrants], rng)
    tallies = {"engine": Tally(), "slice": Tally(), "random": Tally()}
    for number in range(1, rounds + 1):
        started = time.perf_counter()
        proposal = propose(event, ruleset, settings, seed=seed * 1000 + number)
        elapsed = time.perf_counter() - started
        tables = [t.seats for t in proposal.tables]
        if number > 1:
            tallies["engine"].add(event, tables, elapsed)
            tallies["engine"].proven += proposal.optimal
            if proposal.gap is not None:
                tallies["engine"].gaps.append(float(proposal.gap))
            for name, baseline in (("slice", slice_baseline), ("random", random_baseline)):
                started = time.perf_counter()
                other = baseline(event, random.Random(number))
                tallies[name].add(event, other, time.perf_counter() - started)
        played = tuple(
            Table(t.number, t.seats, (model.play(t.seats, rng),)) for t in proposal.tables
        )
        event = replace(
            event, rounds=(*event.rounds, Round(number, played, proposal.seed, proposal.byes))
        )
        print(
            f"  {ruleset_id} N={count} round {number}: {elapsed:.2f}s optimal={proposal.optimal}",
            file=sys.stderr,
            flush=True,
        )
    rows = {name: tally.row() for name, tally in tallies.items()}
    # the field's process alone (a fresh one per field): its peak resident memory
    rows["engine"]["peak_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
    return rows


def markdown(results: list[dict[str, object]]) -> str:
    head = (
        "| rule set | N | engine median s | max s | proven | max gap | repeated pairs "
        "(engine / slice / random) | repeated threes (e / s / r) | mean spread (e / s / r) "
        "| weighted cost (e / s / r) | peak MB |\n"
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n"
    )
    lines = []
    for r in results:
        e, s, x = r["engine"], r["slice"], r["random"]  # type: ignore[index]
        lines.append(
            f"| {r['ruleset']} | {r['n']} | {e['median_s']} | {e['max_s']} | {e['proven']}/{r['rounds'] - 1} "
            f"| {e['max_gap']} | {e['repeated_pairs']} / {s['repeated_pairs']} / {x['repeated_pairs']} "
            f"| {e['repeated_threes']} / {s['repeated_threes']} / {x['repeated_threes']} "
            f"| {e['mean_spread']} / {s['mean_spread']} / {x['mean_spread']} "
            f"| {e['objective']} / {s['objective']} / {x['objective']} | {e.get('peak_mb', '')} |"
        )
    return head + "\n".join(lines)


def plot(results: list[dict[str, object]], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    labels = [f"{'D' if r['ruleset'] == 'dominion-cz' else 'C'}{r['n']}" for r in results]
    fig, axes = plt.subplots(1, 3, figsize=(15, 4.2))
    x = range(len(results))
    axes[0].bar(x, [r["engine"]["median_s"] for r in results], color="#2b6cb0")  # type: ignore[index]
    axes[0].set_yscale("log")
    axes[0].set_title("engine: median seconds per round")
    for ax, key, title in (
        (axes[1], "repeated_pairs", "repeated pairs (all rounds)"),
        (axes[2], "mean_spread", "mean score spread per table"),
    ):
        width = 0.27
        for offset, name, colour in (
            (-width, "engine", "#2b6cb0"),
            (0, "slice", "#dd6b20"),
            (width, "random", "#a0aec0"),
        ):
            ax.bar(
                [i + offset for i in x],
                [r[name][key] for r in results],
                width,
                label=name,
                color=colour,
            )  # type: ignore[index]
        ax.set_title(title)
        ax.legend()
    for ax in axes:
        ax.set_xticks(list(x))
        ax.set_xticklabels(labels, rotation=45)
    fig.suptitle(
        "kolo pairing engine vs slicing the standings and random (D = Dominion, tables of 3; C = Carcassonne, tables of 4)"
    )
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def _fields(chosen: list[str] | None, quick: bool) -> list[tuple[str, int]]:
    if not chosen:
        return QUICK if quick else FIELDS
    fields = []
    for text in chosen:
        ruleset_id, _, count = text.partition(":")
        if not count.isdigit():
            raise SystemExit(f"--field {text}: expected RULESET:N, e.g. carcassonne-cz:100")
        fields.append((ruleset_id, int(count)))
    return fields


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--quick", action="store_true", help="fields up to 64 players only")
    parser.add_argument(
        "--field",
        action="append",
        metavar="RULESET:N",
        help="run only this field (repeatable), e.g. carcassonne-cz:100",
    )
    parser.add_argument("--rounds", type=int, default=6, help="rounds per event (5–7)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--plot", type=Path, help="write a PNG plot here")
    parser.add_argument("--json", type=Path, help="write the raw results here")
    parser.add_argument(
        "--weights",
        type=json.loads,
        help='weights to use, e.g. \'{"repeat_pairs": 6, "score_spread": 1}\'',
    )
    options = parser.parse_args()
    results = []
    # each field in a fresh process, one at a time: a field's timings must not depend on
    # what the fields before it left in memory (an organiser's kolo pairs one event)
    spawn = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=1, mp_context=spawn, max_tasks_per_child=1) as pool:
        for ruleset_id, count in _fields(options.field, options.quick):
            time_limit = 30.0 if count >= 1000 else 10.0
            rows = pool.submit(
                run_field,
                ruleset_id,
                count,
                options.rounds,
                options.seed,
                time_limit,
                options.weights,
            ).result()
            results.append({"ruleset": ruleset_id, "n": count, "rounds": options.rounds, **rows})
            print(markdown(results[-1:]).splitlines()[-1], flush=True)
    print()
    print(markdown(results))
    if options.json:
        options.json.write_text(json.dumps(results, indent=2))
    if options.plot:
        plot(results, options.plot)


if __name__ == "__main__":
    main()
