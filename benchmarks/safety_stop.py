"""How far past its wall-clock safety stop a round runs (kolo.pairing.work).

A hard round (100 players at tables of four, after round 2 of the pairing benchmark's
event) is paired with a work budget it cannot use up in time and a safety stop of S
seconds; printed: S, the round's seconds, whether the stop fired. Run it beside a busy
process to see the stop honoured under load (``--busy 2``). Not a test: run it by hand.

    .venv/bin/python benchmarks/safety_stop.py --stops 1 3 10 --busy 2
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import time
from dataclasses import replace

from kolo.core.event import Entrant, Event, Round, Table
from kolo.core.settings import resolve
from kolo.games import rulesets
from kolo.pairing import work
from kolo.pairing.engine import propose
from kolo.simulation import SkillModel


def hard_round(count: int, rounds: int) -> tuple[Event, rulesets.RuleSet, dict[str, object]]:
    """The event before round ``rounds + 1`` (earlier rounds paired with a budget of 2)."""
    rng = random.Random(1)
    entrants = tuple(Entrant(f"p{i}", f"P{i}") for i in range(1, count + 1))
    event = Event("bench", "carcassonne-cz", {"rounds": 6, "time_limit": 2}, entrants)
    ruleset = rulesets.get("carcassonne-cz")
    settings, _ = resolve(ruleset.defaults, event.settings)
    model = SkillModel.draw([e.id for e in entrants], rng)
    for number in range(1, rounds + 1):
        proposal = propose(event, ruleset, settings, seed=1000 + number)
        played = tuple(
            Table(t.number, t.seats, (model.play(t.seats, rng),)) for t in proposal.tables
        )
        event = replace(
            event, rounds=(*event.rounds, Round(number, played, proposal.seed, proposal.byes))
        )
    return event, ruleset, dict(settings)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--stops", type=float, nargs="+", default=[1.0, 3.0, 10.0])
    parser.add_argument("--busy", type=int, default=0, help="processes spinning beside it")
    parser.add_argument("--players", type=int, default=100)
    parser.add_argument("--after", type=int, default=2, help="rounds played before")
    options = parser.parse_args()
    event, ruleset, settings = hard_round(options.players, options.after)
    spinners = [
        subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(options.busy)
    ]
    try:
        print("| safety stop s | round s | fired | optimal |")
        print("| --- | --- | --- | --- |")
        for stop in options.stops:
            work.SAFETY_FACTOR = 0.0
            work.SAFETY_MARGIN = stop
            started = time.monotonic()
            proposal = propose(event, ruleset, settings, seed=7, time_limit=1000)
            seconds = time.monotonic() - started
            print(
                f"| {stop:g} | {seconds:.2f} | {proposal.clock_stopped} | {proposal.optimal} |",
                flush=True,
            )
    finally:
        for spinner in spinners:
            spinner.kill()
            spinner.wait()


if __name__ == "__main__":
    main()
