"""How soon kolo answers: whole processes, timed from outside, several runs each.

Each command runs as a fresh process (``subprocess``), as an organiser's terminal runs it;
the figures are wall-clock seconds over ``--runs`` runs after one warm-up (which leaves
Python's compiled modules behind, as any first run on a user's machine does): the median and the
largest. The references in the same run: the bare interpreter (``python -c pass``) and the
import of Typer alone, the floor any Typer command pays.

The event files: ``--players`` (default 60) entrants of ``dominion-cz`` after 5 rounds
played with the demo's skill model through the real engine (seeded); ``kolo pair`` proposes
round 6 of it.

    .venv/bin/python benchmarks/startup.py              # about a minute
    .venv/bin/python benchmarks/startup.py --runs 21 --players 100
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from kolo.core.event import Entrant, Event, Round, Table
from kolo.eventfile.writer import dumps
from kolo.games import rulesets
from kolo.pairing.engine import propose
from kolo.simulation import SkillModel

TARGETS = {"kolo --help": 0.15, "kolo standings": 0.25, "kolo pair": 0.5}
"""The issue's targets, in seconds (the median of whole processes)."""


ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
"""The commands run as on an organiser's machine: Python keeps its compiled modules (the
warm-up run writes them), even where this process was told not to."""


def played_event(players: int, rounds: int, seed: int) -> Event:
    """An event of ``players`` after ``rounds`` rounds, paired by the engine."""
    rng = random.Random(seed)
    entrants = tuple(Entrant(f"p{i}", f"Player {i}") for i in range(1, players + 1))
    event = Event("start-up", "dominion-cz", {"rounds": rounds + 1}, entrants)
    ruleset = rulesets.get(event.ruleset)
    settings = ruleset.settings(event.settings)
    model = SkillModel.draw([e.id for e in entrants], rng)
    for number in range(1, rounds + 1):
        proposal = propose(event, ruleset, settings, seed=seed * 1000 + number)
        played = tuple(
            Table(t.number, t.seats, (model.play(t.seats, rng),)) for t in proposal.tables
        )
        event = replace(
            event, rounds=(*event.rounds, Round(number, played, proposal.seed, proposal.byes))
        )
    return event


def timed(command: list[str], runs: int) -> list[float]:
    """Wall seconds of ``runs`` runs of ``command`` (one warm-up first, not counted)."""
    seconds = []
    for index in range(runs + 1):
        started = time.perf_counter()
        subprocess.run(
            command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENV
        )
        if index:
            seconds.append(time.perf_counter() - started)
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=11)
    parser.add_argument("--players", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    bin_dir = Path(sys.executable).parent
    kolo = str(bin_dir / "kolo")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "event.json"
        path.write_text(dumps(played_event(args.players, 5, args.seed)), encoding="utf-8")
        commands = {
            "python -c pass": [sys.executable, "-c", "pass"],
            "python -c 'import typer'": [sys.executable, "-c", "import typer"],
            "kolo --help": [kolo, "--help"],
            "kolo standings": [kolo, "standings", str(path)],
            "kolo pair": [kolo, "pair", str(path), "--seed", "6"],
        }
        print(f"{args.players} players after 5 rounds; {args.runs} runs of each, wall seconds")
        print()
        print("| command | median | max | target | median ÷ target |")
        print("| --- | ---: | ---: | ---: | ---: |")
        for name, command in commands.items():
            seconds = timed(command, args.runs)
            median = statistics.median(seconds)
            target = TARGETS.get(name)
            ratio = f"{median / target:.2f}" if target else ""
            limit = f"{target:.2f}" if target else "(reference)"
            print(f"| `{name}` | {median:.3f} | {max(seconds):.3f} | {limit} | {ratio} |")


if __name__ == "__main__":
    main()
