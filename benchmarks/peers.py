"""kolo's pairing engine against its peers, on the same events.

Three ways to seat rounds 2..5 of an event are compared:

  kolo   kolo's engine (``kolo.pairing.engine.propose``) with the rule set's defaults;
  EDH    a reimplementation (written from its description, not copied) of the default
         Swiss pairer of EDH_matchmaker (github.com/eVen-gits/EDH_matchmaker,
         ``src/pairing_logic/examples.py``, ``PairingDefault`` and
         ``CommonPairing.evaluate_pod``): the players are ordered by fewest unique
         opponents, then most points, then the opponents' points; each in turn goes to
         the open pod that costs least (−1 for every player there already met, −10 per
         seat of every smaller pod the player sat at before if the pod is a smaller one,
         ties to the first pod; the pods are laid out largest first);
  slice  slicing the standings by hand (``kolo.pairing.slicing.slice_standings``): sort,
         cut into consecutive tables with the smaller ones at the bottom, repair repeats
         by swapping with the next table.

How the events are kept comparable (one task per field and seed):

  * the entrants' hidden skills are drawn once from the demo's skill model
    (``kolo.simulation.SkillModel``, seeded with the seed);
  * round 1 is seated once, by kolo's engine (a random round), and played once; every
    method starts from that same round 1 and its results;
  * from round 2 on each method seats the round on its own event (its own history and
    standings) and the round is played with common random numbers: a player's game points
    in round r are the skill model's ``play`` for that player alone, with a generator
    seeded by (seed, r, player); so a player scores the same in round r whatever the
    method seated him with, and only the seating differs between the methods;
  * kolo's engine is seeded seed·1000 + r; where it proves that no pairing obeys the hard
    rules together (``NoValidPairing``) the round is paired again with the cheapest
    relaxation it advises, as an organiser would (counted as "kolo relaxed"); EDH's ties (its players come as a set) are
    broken by a shuffle seeded by (seed, r); the slice has no randomness.

Measured over rounds 2..5 of every event:

  repeats   pairs of players who sit together again, each pair counted once per extra
            meeting (a pair that meets three times counts 2), summed over the event;
  spread    for every table, its highest minus its lowest tournament points before the
            round, averaged over the tables of the event;
  bottom    rounds of the event that break R-GORN-6 as kolo's checker reads it: a smaller
            table (one seat short) anywhere but at the bottom of the standings;
  R-GORN-4  rounds of the event that repeat a three (or a table of two), also a hard rule.

The figures are means over the seeds. Results do not depend on ``--workers``: every task
is seeded by its field and seed alone and kolo's engine stops on counted work, not the
clock (unless its wall-clock safety stop fires: counted in the JSON as ``clock_stopped``).

    .venv/bin/python benchmarks/peers.py --quick
    .venv/bin/python benchmarks/peers.py --workers 2 --seeds 5
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import replace
from fractions import Fraction
from itertools import combinations
from pathlib import Path

from kolo.core.event import Entrant, EntrantId, Event, Game, Round, Table
from kolo.core.problems import NoValidPairing
from kolo.core.standings import compute
from kolo.games import rulesets
from kolo.pairing.checker import check_pairing_rules
from kolo.pairing.engine import propose
from kolo.pairing.instance import build
from kolo.pairing.slicing import slice_standings
from kolo.simulation import SkillModel

RULESETS = {3: "dominion-cz", 4: "carcassonne-cz"}
ROUNDS = 5
METHODS = ("kolo", "EDH", "slice")

# ---------------------------------------------------------------------------------------
# EDH_matchmaker's greedy pod pairer, reimplemented


def edh_pods(
    players: Sequence[EntrantId],
    sizes: Sequence[int],
    points: Mapping[EntrantId, float],
    tables_before: Sequence[Sequence[Sequence[EntrantId]]],
    normal_size: int,
    rng: random.Random | None = None,
) -> list[tuple[EntrantId, ...]]:
    """Seat ``players`` at pods of ``sizes`` (in that order) as EDH_matchmaker's default
    Swiss pairing does.

    ``points`` are the tournament points before the round; ``tables_before`` the tables of
    the earlier rounds (each a list of tables, each a list of players). The players are
    ordered by (most games played, fewest unique opponents, most points, highest mean
    points of the unique opponents), ties in the order given (shuffled by ``rng`` first
    if given; EDH takes the players from a set). Each player in turn goes to the pod with
    the best score, the first such pod on a tie: a full pod never; −1 for every player
    already in the pod he has met (EDH squares a count of unique opponents, so 0 or 1);
    if the pod is smaller than ``normal_size``, −10 for every seat of every smaller pod he
    sat at before.
    """
    order = list(players)
    if rng is not None:
        rng.shuffle(order)
    met: dict[EntrantId, set[EntrantId]] = {p: set() for p in order}
    games: Counter[EntrantId] = Counter()
    small_penalty: Counter[EntrantId] = Counter()
    for tables in tables_before:
        for table in tables:
            for p in table:
                if p not in met:
                    continue
                games[p] += 1
                met[p].update(q for q in table if q != p)
                if len(table) < normal_size:
                    small_penalty[p] += 10 * len(table)

    def opponents_points(p: EntrantId) -> float:
        return statistics.fmean(points[q] for q in met[p]) if met[p] else 0.0

    order.sort(
        key=lambda p: (-games[p], len(met[p]), -points[p], -opponents_points(p)),
    )
    pods: list[list[EntrantId]] = [[] for _ in sizes]
    for p in order:
        best_index, best_score = -1, None
        for index, (pod, cap) in enumerate(zip(pods, sizes, strict=True)):
            if len(pod) >= cap:
                continue
            score = -sum(1 for q in pod if q in met[p])
            if cap < normal_size:
                score -= small_penalty[p]
            if best_score is None or score > best_score:
                best_index, best_score = index, score
        pods[best_index].append(p)
    return [tuple(pod) for pod in pods]


# ---------------------------------------------------------------------------------------
# the three methods: each seats the next round of an event


def _points(event: Event) -> dict[EntrantId, Fraction]:
    ruleset = rulesets.get(event.ruleset)
    rows = compute(event, ruleset, ruleset.settings(event.settings)).rows
    return {row.entrant.id: row.points for row in rows}


def seat_kolo(event: Event, seed: int) -> tuple[list[tuple[EntrantId, ...]], dict[str, int]]:
    ruleset = rulesets.get(event.ruleset)
    number = len(event.rounds) + 1
    settings = ruleset.settings(event.settings)
    relaxed = 0
    try:
        proposal = propose(event, ruleset, settings, seed=seed * 1000 + number)
    except NoValidPairing as error:
        # proved: no pairing obeys the hard rules together; relax as the organiser is
        # advised to, the cheapest relaxation first
        if not error.relaxations:
            raise
        relax = error.relaxations[0].rules
        proposal = propose(event, ruleset, settings, seed=seed * 1000 + number, relax=relax)
        relaxed = 1
    info = {
        "optimal": int(proposal.optimal),
        "clock_stopped": int(proposal.clock_stopped),
        "relaxed": relaxed,
    }
    return [t.seats for t in proposal.tables], info


def seat_edh(event: Event, seed: int) -> tuple[list[tuple[EntrantId, ...]], dict[str, int]]:
    ruleset = rulesets.get(event.ruleset)
    settings = ruleset.settings(event.settings)
    players = [e.id for e in event.entrants]
    layout = ruleset.layout(len(players), settings)
    assert layout is not None
    assert layout[1] == 0, "no byes at these fields"
    points = {p: float(v) for p, v in _points(event).items()}
    number = len(event.rounds) + 1
    tables = edh_pods(
        players,
        layout[0],
        points,
        [[t.seats for t in r.tables] for r in event.rounds],
        settings.table_size,
        random.Random(f"edh:{seed}:{number}"),
    )
    return tables, {}


def seat_slice(event: Event, seed: int) -> tuple[list[tuple[EntrantId, ...]], dict[str, int]]:
    ruleset = rulesets.get(event.ruleset)
    players = [e.id for e in event.entrants]
    instance = build(event, ruleset, ruleset.settings(event.settings), players, seed=0)
    tables, _valid = slice_standings(instance)
    return [tuple(instance.players[p] for p in t) for t in tables if len(t) > 1], {}


SEATERS: dict[str, Callable[[Event, int], tuple[list[tuple[EntrantId, ...]], dict[str, int]]]] = {
    "kolo": seat_kolo,
    "EDH": seat_edh,
    "slice": seat_slice,
}

# ---------------------------------------------------------------------------------------
# one event per field and seed


def play(
    model: SkillModel, tables: Sequence[Sequence[EntrantId]], seed: int, number: int
) -> tuple[Table, ...]:
    """The round's results with common random numbers: each player's game points come from
    the skill model for that player alone, with a generator seeded by (seed, round,
    player), so they do not depend on who else sits at the table."""
    played = []
    for index, seats in enumerate(tables, start=1):
        scores: dict[EntrantId, int] = {}
        for p in seats:
            rng = random.Random(f"play:{seed}:{number}:{p}")
            scores.update(model.play((p,), rng).scores)
        played.append(Table(index, tuple(seats), (Game(scores),)))
    return tuple(played)


def _with_round(event: Event, number: int, tables: tuple[Table, ...], seed: int) -> Event:
    return replace(event, rounds=(*event.rounds, Round(number, tables, seed)))


def measure(event: Event, tables: Sequence[Sequence[EntrantId]]) -> dict[str, object]:
    """Repeats, points spread and hard-rule breaks of seating ``tables`` after ``event``."""
    pairs_before: Counter[frozenset[EntrantId]] = Counter(
        frozenset(pair) for r in event.rounds for t in r.tables for pair in combinations(t.seats, 2)
    )
    points = _points(event)
    repeats = sum(pairs_before[frozenset(pair)] > 0 for t in tables for pair in combinations(t, 2))
    spreads = [max(points[p] for p in t) - min(points[p] for p in t) for t in tables]
    number = len(event.rounds) + 1
    candidate = _with_round(
        event, number, tuple(Table(i, tuple(t)) for i, t in enumerate(tables, start=1)), 0
    )
    ruleset = rulesets.get(event.ruleset)
    problems = check_pairing_rules(
        candidate, len(candidate.rounds) - 1, ruleset, ruleset.settings(event.settings)
    )
    messages = [str(p.message) for p in problems]
    seated = sorted(p for t in tables for p in t)
    assert seated == sorted(e.id for e in event.entrants), "not a partition of the field"
    return {
        "repeats": repeats,
        "spreads": spreads,
        "bottom": any("smaller table" in m for m in messages),
        "gorn4": any("R-GORN-4" in m for m in messages),
        "other": any("R-GORN-4" not in m and "smaller table" not in m for m in messages),
    }


def run_event(size: int, count: int, seed: int, rounds: int = ROUNDS) -> dict[str, object]:
    """One event of ``count`` players at tables of ``size``: every method's figures."""
    try:
        return _run_event(size, count, seed, rounds)
    except Exception as error:  # the pool could not carry kolo's exceptions back
        raise RuntimeError(
            f"tables of {size}, {count} players, seed {seed}: {type(error).__name__}: {error}"
        ) from None


def _run_event(size: int, count: int, seed: int, rounds: int) -> dict[str, object]:
    started = time.perf_counter()
    ruleset_id = RULESETS[size]
    entrants = tuple(Entrant(f"p{i}", f"P{i}") for i in range(1, count + 1))
    base = Event("peers", ruleset_id, {"rounds": rounds}, entrants)
    model = SkillModel.draw([e.id for e in entrants], random.Random(f"skill:{seed}"))
    first, _ = seat_kolo(base, seed)
    base = _with_round(base, 1, play(model, first, seed, 1), seed * 1000 + 1)
    result: dict[str, object] = {"size": size, "n": count, "seed": seed}
    for method in METHODS:
        event = base
        tally: dict[str, object] = {
            "repeats": 0,
            "spreads": [],
            "bottom": 0,
            "gorn4": 0,
            "other": 0,
            "seconds": [],
        }
        extra: Counter[str] = Counter()
        for number in range(2, rounds + 1):
            t0 = time.perf_counter()
            tables, info = SEATERS[method](event, seed)
            tally["seconds"].append(round(time.perf_counter() - t0, 3))  # type: ignore[union-attr]
            extra.update(info)
            m = measure(event, tables)
            tally["repeats"] += m["repeats"]  # type: ignore[operator]
            tally["spreads"].extend(float(s) for s in m["spreads"])  # type: ignore[union-attr,attr-defined]
            for key in ("bottom", "gorn4", "other"):
                tally[key] += int(m[key])  # type: ignore[operator,call-overload]
            event = _with_round(event, number, play(model, tables, seed, number), seed)
        tally["mean_spread"] = statistics.fmean(tally["spreads"])  # type: ignore[arg-type]
        del tally["spreads"]
        tally.update(extra)
        result[method] = tally
        print(
            f"  {size}p N={count} seed {seed} {method}: repeats {tally['repeats']}, "
            f"spread {tally['mean_spread']:.2f}, {sum(tally['seconds']):.1f}s",  # type: ignore[arg-type]
            file=sys.stderr,
            flush=True,
        )
    result["seconds"] = round(time.perf_counter() - started, 1)
    return result


# ---------------------------------------------------------------------------------------
# the table


def summarise(events: list[dict[str, object]]) -> list[dict[str, object]]:
    """Means over the seeds, one row per field."""
    rows = []
    fields = sorted({(e["size"], e["n"]) for e in events})  # type: ignore[type-var]
    for size, count in fields:
        these = [e for e in events if (e["size"], e["n"]) == (size, count)]
        row: dict[str, object] = {"size": size, "n": count, "seeds": len(these)}
        for method in METHODS:
            tallies = [e[method] for e in these]
            row[method] = {
                key: statistics.fmean(t[key] for t in tallies)  # type: ignore[index]
                for key in ("repeats", "mean_spread", "bottom", "gorn4", "other")
            }
            if method == "kolo":
                row[method]["optimal"] = sum(t["optimal"] for t in tallies)  # type: ignore[index]
                row[method]["rounds"] = sum(len(t["seconds"]) for t in tallies)  # type: ignore[index]
                row[method]["clock_stopped"] = sum(t["clock_stopped"] for t in tallies)  # type: ignore[index]
                row[method]["relaxed"] = sum(t["relaxed"] for t in tallies)  # type: ignore[index]
                seconds = [s for t in tallies for s in t["seconds"]]  # type: ignore[index]
                row[method]["median_s"] = statistics.median(seconds)
                row[method]["max_s"] = max(seconds)
        rows.append(row)
    return rows


def _ratio(a: float, b: float) -> str:
    if b == 0:
        return "—" if a == 0 else "∞"
    return f"{a / b:.2f}"


def markdown(rows: list[dict[str, object]]) -> str:
    lines = [
        "| field | repeated meetings per event: kolo / EDH / slice | kolo/EDH | kolo/slice "
        "| mean max−min points at a table: kolo / EDH / slice | kolo/EDH | kolo/slice "
        "| rounds breaking R-GORN-6 (bottom) per event: kolo / EDH / slice "
        "| rounds repeating a three or a table of two (R-GORN-4): kolo / EDH / slice "
        "| kolo proved | kolo relaxed | kolo s/round median (max) |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for row in rows:
        k, e, s = (row[m] for m in METHODS)  # type: ignore[index]
        lines.append(
            f"| tables of {row['size']}, {row['n']} ({row['seeds']} seeds) "
            f"| {k['repeats']:.1f} / {e['repeats']:.1f} / {s['repeats']:.1f} "
            f"| {_ratio(k['repeats'], e['repeats'])} | {_ratio(k['repeats'], s['repeats'])} "
            f"| {k['mean_spread']:.2f} / {e['mean_spread']:.2f} / {s['mean_spread']:.2f} "
            f"| {_ratio(k['mean_spread'], e['mean_spread'])} "
            f"| {_ratio(k['mean_spread'], s['mean_spread'])} "
            f"| {k['bottom']:.1f} / {e['bottom']:.1f} / {s['bottom']:.1f} "
            f"| {k['gorn4']:.1f} / {e['gorn4']:.1f} / {s['gorn4']:.1f} "
            f"| {k['optimal']}/{k['rounds']} | {k['relaxed']} "
            f"| {k['median_s']:.2f} ({k['max_s']:.2f}) |"
        )
    return "\n".join(lines)


def _ints(text: str) -> list[int]:
    return [int(x) for x in text.split(",") if x.strip()]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seeds", type=int, default=5, help="events per field (seeds 1..N)")
    parser.add_argument(
        "--players", type=_ints, default=[27, 28, 60, 128], help="e.g. 27,28,60,128"
    )
    parser.add_argument("--sizes", type=_ints, default=[3, 4], help="table sizes: 3, 4 or both")
    parser.add_argument("--quick", action="store_true", help="27 and 28 players, 2 seeds")
    parser.add_argument("--json", type=Path, help="write the per-event results and the table here")
    parser.add_argument(
        "--workers", type=int, default=os.cpu_count() or 1, help="processes (default: all cores)"
    )
    options = parser.parse_args()
    if options.quick:
        options.players, options.seeds = [27, 28], 2
    for size in options.sizes:
        if size not in RULESETS:
            raise SystemExit(f"--sizes: {size} is not 3 or 4")
    tasks = [
        (size, count, seed)
        for size in options.sizes
        for count in options.players
        for seed in range(1, options.seeds + 1)
    ]
    # the largest events first, so that the workers finish together
    tasks.sort(key=lambda t: -(t[1] * t[0] ** 2))
    started = time.perf_counter()
    events: dict[tuple[int, int, int], dict[str, object]] = {}
    spawn = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=options.workers, mp_context=spawn) as pool:
        futures = {pool.submit(run_event, *task): task for task in tasks}
        for future in as_completed(futures):
            task = futures[future]
            events[task] = future.result()
            print(
                f"[{len(events)}/{len(tasks)}] tables of {task[0]}, {task[1]} players, "
                f"seed {task[2]} done in {events[task]['seconds']}s "
                f"({time.perf_counter() - started:.0f}s so far)",
                file=sys.stderr,
                flush=True,
            )
    ordered = [events[key] for key in sorted(events)]
    rows = summarise(ordered)
    print(markdown(rows))
    if options.json:
        options.json.write_text(
            json.dumps({"rows": rows, "events": ordered}, indent=1, ensure_ascii=False) + "\n"
        )


if __name__ == "__main__":
    main()
