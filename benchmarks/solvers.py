"""CP-SAT or HiGHS for exact pairing? The plain set-partitioning model in both, same input.

OR-Tools and highspy cannot be imported into one process here (their bundled libraries
clash), so each solver runs in a child process of its own. Needs OR-Tools, which kolo does
not depend on:

    .venv/bin/pip install ortools
    .venv/bin/python benchmarks/solvers.py --players 60 --rounds 1 3 --limit 60

Prints seconds, status, objective and bound (in weighted-cost units) per solver.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time
from dataclasses import replace

import numpy as np


def build(players: int, rounds: int, seed: int) -> tuple[np.ndarray, np.ndarray, int]:  # type: ignore[type-arg]
    """Candidate tables (members) and costs after ``rounds`` rounds paired by the engine."""
    from kolo.core.event import Entrant, Event, Round, Table
    from kolo.core.settings import resolve
    from kolo.games import rulesets
    from kolo.pairing.engine import propose
    from kolo.pairing.instance import build as build_instance
    from kolo.pairing.pool import all_tables
    from kolo.simulation import SkillModel

    rng = random.Random(seed)
    entrants = tuple(Entrant(f"p{i}", f"P{i}") for i in range(1, players + 1))
    event = Event("solvers", "dominion-cz", {"rounds": 10}, entrants)
    ruleset = rulesets.get("dominion-cz")
    settings, _ = resolve(ruleset.defaults, event.settings)
    model = SkillModel.draw([e.id for e in entrants], rng)
    for number in range(1, rounds + 1):
        proposal = propose(event, ruleset, settings, seed=number)
        played = tuple(
            Table(t.number, t.seats, (model.play(t.seats, rng),)) for t in proposal.tables
        )
        event = replace(event, rounds=(*event.rounds, Round(number, played, number)))
    instance = build_instance(event, ruleset, settings, [e.id for e in entrants], seed)
    pool = all_tables(instance)
    return pool.members, pool.cost, instance.mult


def solve_cpsat(
    members: list[list[int]], cost: list[int], players: int, limit: float
) -> dict[str, object]:
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    x = [model.NewBoolVar("") for _ in cost]
    cover: list[list[object]] = [[] for _ in range(players)]
    for j, row in enumerate(members):
        for p in row:
            if p >= 0:
                cover[p].append(x[j])
    for i in range(players):
        model.AddExactlyOne(cover[i])
    model.Minimize(sum(c * v for c, v in zip(cost, x, strict=True)))
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 2
    solver.parameters.max_time_in_seconds = limit
    started = time.perf_counter()
    status = solver.Solve(model)
    return {
        "seconds": time.perf_counter() - started,
        "status": solver.StatusName(status),
        "objective": solver.ObjectiveValue(),
        "bound": solver.BestObjectiveBound(),
    }


def solve_highs(
    members: list[list[int]], cost: list[int], players: int, limit: float
) -> dict[str, object]:
    import highspy

    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    h.setOptionValue("time_limit", limit)
    h.setOptionValue("mip_rel_gap", 0.0)
    n = len(cost)
    lp = highspy.HighsLp()
    lp.num_col_ = n
    lp.num_row_ = players
    lp.col_cost_ = np.array(cost, dtype=float)
    lp.col_lower_ = np.zeros(n)
    lp.col_upper_ = np.ones(n)
    lp.row_lower_ = np.ones(players)
    lp.row_upper_ = np.ones(players)
    starts, index = [0], []
    for row in members:
        index.extend(p for p in row if p >= 0)
        starts.append(len(index))
    lp.a_matrix_.format_ = highspy.MatrixFormat.kColwise
    lp.a_matrix_.start_ = np.array(starts)
    lp.a_matrix_.index_ = np.array(index)
    lp.a_matrix_.value_ = np.ones(len(index))
    lp.integrality_ = [highspy.HighsVarType.kInteger] * n
    h.passModel(lp)
    started = time.perf_counter()
    h.run()
    info = h.getInfo()
    return {
        "seconds": time.perf_counter() - started,
        "status": h.modelStatusToString(h.getModelStatus()),
        "objective": info.objective_function_value,
        "bound": info.mip_dual_bound,
    }


def child(solver: str, path: str, limit: float) -> None:
    with open(path, encoding="utf-8") as stream:
        data = json.load(stream)
    run = solve_cpsat if solver == "cpsat" else solve_highs
    print(json.dumps(run(data["members"], data["cost"], data["players"], limit)))


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--players", type=int, default=60)
    parser.add_argument("--rounds", type=int, nargs="+", default=[1, 3])
    parser.add_argument("--limit", type=float, default=60.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.child:
        child(options.child[0], options.child[1], options.limit)
        return
    print("| players | after round | candidates | solver | seconds | status | objective | bound |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for rounds in options.rounds:
        members, cost, mult = build(options.players, rounds, options.seed)
        path = f"/tmp/kolo-solvers-{options.players}-{rounds}.json"
        with open(path, "w", encoding="utf-8") as stream:
            json.dump(
                {"members": members.tolist(), "cost": cost.tolist(), "players": options.players},
                stream,
            )
        for solver in ("highs", "cpsat"):
            out = subprocess.run(
                [sys.executable, __file__, "--limit", str(options.limit), "--child", solver, path],
                capture_output=True,
                text=True,
                check=False,
            )
            if out.returncode:
                print(
                    f"| {options.players} | {rounds} | {len(cost)} | {solver} | – | {out.stderr.strip().splitlines()[-1]} | | |"
                )
                continue
            r = json.loads(out.stdout)
            print(
                f"| {options.players} | {rounds} | {len(cost)} | {solver} | {r['seconds']:.2f} | {r['status']} "
                f"| {r['objective'] / mult:.2f} | {r['bound'] / mult:.2f} |"
            )


if __name__ == "__main__":
    main()
