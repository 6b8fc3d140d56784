"""Write the example event files in examples/ (run once; the files are committed).

The rule examples reproduce RULES.md's worked examples exactly; the real-size event is a
seeded simulation (31 players, 5 rounds) paired by a simple greedy pass that respects the
hard rules (the pairing engine is not used, so the example does not depend on it).
Usage: python scripts/make_examples.py
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from itertools import combinations
from pathlib import Path

from kolo.core.event import Entrant, Event, Game, Round, Table
from kolo.core.settings import resolve
from kolo.core.standings import compute
from kolo.eventfile.writer import dumps
from kolo.games import rulesets
from kolo.pairing.checker import check_hard_rules

OUT = Path(__file__).resolve().parent.parent / "examples"

NAMES = [
    "Jana Nováková",
    "Petr Svoboda",
    "Tereza Dvořáková",
    "Jiří Černý",
    "Lucie Procházková",
    "Tomáš Kučera",
    "Eva Veselá",
    "Martin Horák",
    "Kateřina Němcová",
    "Jan Marek",
    "Markéta Pokorná",
    "Lukáš Pospíšil",
    "Veronika Hájková",
    "Ondřej Jelínek",
    "Barbora Králová",
    "David Růžička",
    "Michaela Benešová",
    "Jakub Fiala",
    "Hana Sedláčková",
    "Pavel Doležal",
    "Zuzana Zemanová",
    "Vojtěch Kolář",
    "Anna Navrátilová",
    "Filip Čermák",
    "Klára Urbanová",
    "Marek Vaněk",
    "Lenka Blažková",
    "Adam Kříž",
    "Simona Kovářová",
    "Radek Kratochvíl",
    "Šárka Bartošová",
]
CLUBS = ["Brno", "Praha", "Olomouc", "Ostrava", "Plzeň", None]


def write(name: str, event: Event) -> None:
    (OUT / name).write_text(dumps(event), encoding="utf-8")
    print("wrote", OUT / name)


def entrants(count: int, clubs: bool = False) -> tuple[Entrant, ...]:
    return tuple(
        Entrant(f"p{i + 1}", NAMES[i], CLUBS[i % len(CLUBS)] if clubs else None)
        for i in range(count)
    )


def table(
    number: int, seats: list[str], *games: dict[str, int], turns: list[dict[str, int]] | None = None
) -> Table:
    return Table(
        number,
        tuple(seats),
        tuple(Game(scores=g, turns=turns[i] if turns else None) for i, g in enumerate(games)),
    )


def dominion_success() -> Event:
    """R-PCT-1, R-PCT-2: p1's shares are 60, 55, 40, 35, 55 % → success 49 %.
    The nine players form the affine plane of order 3 (no three ever meet twice)."""
    point = {(x, y): f"p{x + 3 * y + 1}" for x in range(3) for y in range(3)}

    def line(cells: list[tuple[int, int]]) -> list[str]:
        return [point[c] for c in cells]

    r1 = [line([(0, y), (1, y), (2, y)]) for y in range(3)]
    r2 = [line([(x, 0), (x, 1), (x, 2)]) for x in range(3)]
    r3 = [line([(x, (x + c) % 3) for x in range(3)]) for c in range(3)]
    r4 = [line([(x, (2 * x + c) % 3) for x in range(3)]) for c in range(3)]
    r5 = [
        line([(0, 0), (0, 1), (1, 0)]),
        line([(0, 2), (1, 1), (2, 2)]),
        line([(1, 2), (2, 0), (2, 1)]),
    ]
    # p1's games first: 48/80 = 60 %, then 55, 40, 35, 55 of 100.
    p1_games = [(48, 22, 10), (55, 25, 20), (40, 35, 25), (35, 40, 25), (55, 30, 15)]
    other = [(30, 30, -2), (41, 28, 19), (25, 33, 33), (44, 20, 20), (38, 0, 27), (29, 36, 31)]
    rounds = []
    k = 0
    for number, tables in enumerate([r1, r2, r3, r4, r5], start=1):
        built = []
        for t_no, seats in enumerate(tables, start=1):
            if "p1" in seats:
                seats = ["p1", *[p for p in seats if p != "p1"]]
                scores = p1_games[number - 1]
            else:
                scores = other[k % len(other)]
                k += 1
            built.append(table(t_no, seats, dict(zip(seats, scores, strict=True))))
        rounds.append(Round(number, tuple(built), seed=None))
    return Event(
        "RULES.md: Dominion success (R-PCT-1, R-PCT-2)",
        "dominion-cz",
        {},
        entrants(9),
        tuple(rounds),
    )


def dominion_two_player() -> Event:
    """R-PCT-3, R-SCORE-2, R-SCORE-3: a tie for 1st–2nd at a table of three (2.5 each) and
    a table of two, 30 vs 20: shares 60 % x 2/3 = 40 % and 40 % x 2/3 = 26.67 %; 3 and 2 points."""
    return Event(
        "RULES.md: Dominion table of two (R-PCT-3)",
        "dominion-cz",
        {"rounds": 1},
        entrants(5),
        (
            Round(
                1,
                (
                    table(1, ["p1", "p2", "p3"], {"p1": 40, "p2": 40, "p3": 10}),
                    table(2, ["p4", "p5"], {"p4": 30, "p5": 20}),
                ),
                seed=20260314,
            ),
        ),
    )


def carcassonne_success() -> Event:
    """R-PCT-4, R-SCORE-2: p1 scores 45 at 45/80/66/34 → 20 %; then 33, 18, 25 % → 24 %;
    in round 4 p1 ties for 2nd–3rd (2.5 points). Tables are the planes of AG(3,2)."""
    ids = [f"p{i + 1}" for i in range(8)]

    def split(a: int) -> list[list[str]]:
        dot = [bin(a & x).count("1") % 2 for x in range(8)]
        return [[ids[x] for x in range(8) if dot[x] == side] for side in (0, 1)]

    p1_games = [(45, 80, 66, 34), (33, 30, 20, 17), (18, 40, 22, 20), (25, 30, 25, 20)]
    other = [(70, 52, 61, 45), (38, 38, 50, 24), (90, 41, 41, 41), (55, 60, 30, 12)]
    rounds = []
    for number, a in enumerate([1, 2, 4, 3], start=1):
        built = []
        for t_no, seats in enumerate(split(a), start=1):
            scores = p1_games[number - 1] if "p1" in seats else other[number - 1]
            built.append(table(t_no, seats, dict(zip(seats, scores, strict=True))))
        rounds.append(Round(number, tuple(built)))
    return Event(
        "RULES.md: Carcassonne success (R-PCT-4)", "carcassonne-cz", {}, entrants(8), tuple(rounds)
    )


def carcassonne_three() -> Event:
    """R-PCT-4, R-SCORE-3: a table of three scores 60, 30, 30: the sum 120 grows by the
    average 40, so shares are 60/160 = 37.5 % and 30/160 = 18.75 %; points 4, 2.5, 2.5."""
    return Event(
        "RULES.md: Carcassonne table of three (R-PCT-4)",
        "carcassonne-cz",
        {"rounds": 1},
        entrants(7),
        (
            Round(
                1,
                (
                    table(1, ["p1", "p2", "p3", "p4"], {"p1": 80, "p2": 62, "p3": 55, "p4": 43}),
                    table(2, ["p5", "p6", "p7"], {"p5": 60, "p6": 30, "p7": 30}),
                ),
                seed=7,
            ),
        ),
    )


def nbgl_shares() -> Event:
    """R-PCT-5, R-SCORE-4, R-STAND-2, R-NBGL-3: a group stage of three games (the source's
    "3 Game Group Stage"). A (p1) wins group A and B (p5) group B, both with 21 points and
    28 victory points; A's shares 10/32 + 8/30 + 10/36, B's 10/30 + 10/33 + 8/36: B ranks
    above A. In group B's second game p6 and p7 both score 9 and p7 took fewer turns
    (R-SCORE-4); in group A's third game p2 and p3 both score 9 in as many turns and share
    2nd–3rd (R-SCORE-2)."""
    even = lambda seats, t: dict.fromkeys(seats, t)  # noqa: E731
    g1 = ["p1", "p2", "p3", "p4"]
    g2 = ["p5", "p6", "p7", "p8"]
    return Event(
        "RULES.md: NBGL sum of shares (R-PCT-5)",
        "nbgl-dominion",
        {"group_games": 3},
        entrants(8),
        (
            Round(
                1,
                (
                    replace(
                        table(
                            1,
                            g1,
                            {"p1": 10, "p2": 9, "p3": 7, "p4": 6},
                            {"p1": 8, "p2": 12, "p3": 6, "p4": 4},
                            {"p1": 10, "p2": 9, "p3": 9, "p4": 8},
                            turns=[even(g1, 14), even(g1, 15), even(g1, 15)],
                        ),
                        group="A",
                    ),
                    replace(
                        table(
                            2,
                            g2,
                            {"p5": 10, "p6": 8, "p7": 7, "p8": 5},
                            {"p5": 10, "p6": 9, "p7": 9, "p8": 5},
                            {"p5": 8, "p6": 14, "p7": 7, "p8": 7},
                            # game 2 ends on p6's turn: p5 and p6 took one more turn than p7, p8
                            turns=[
                                even(g2, 16),
                                {"p5": 17, "p6": 17, "p7": 16, "p8": 16},
                                {"p5": 13, "p6": 13, "p7": 12, "p8": 13},
                            ],
                        ),
                        group="B",
                    ),
                ),
                seed=1,
                stage="group",
            ),
        ),
    )


def swiss_pairs() -> Event:
    """R-STAND-3: wins 1, draws ½, byes 1; ties broken by Buchholz, then score difference."""
    return Event(
        "RULES.md: Swiss in pairs (R-STAND-3)",
        "swiss-pairs",
        {"rounds": 3},
        entrants(5),
        (
            Round(
                1,
                (
                    table(1, ["p1", "p2"], {"p1": 50, "p2": 40}),
                    table(2, ["p3", "p4"], {"p3": 30, "p4": 30}),
                ),
                seed=3,
                byes=("p5",),
            ),
            Round(
                2,
                (
                    table(1, ["p1", "p3"], {"p1": 45, "p3": 50}),
                    table(2, ["p5", "p4"], {"p5": 60, "p4": 40}),
                ),
                byes=("p2",),
            ),
            Round(
                3,
                (
                    table(1, ["p5", "p1"], {"p5": 40, "p1": 40}),
                    table(2, ["p3", "p2"], {"p3": 30, "p2": 35}),
                ),
                byes=("p4",),
            ),
        ),
    )


def greedy_round(event: Event, number: int, rng: random.Random) -> Round:
    """Seat a round: standings order, smaller tables at the bottom, no repeated three,
    as few repeated pairs as a randomised greedy pass finds (many tries, best kept)."""
    ruleset = rulesets.get(event.ruleset)
    settings, _ = resolve(ruleset.defaults, event.settings)
    active = [e.id for e in event.entrants if e.active_in(number)]
    layout = ruleset.layout(len(active), settings)
    assert layout is not None
    sizes = list(layout[0])
    if number == 1:
        rng.shuffle(active)
        order = active
    else:
        rows = compute(event, ruleset, settings).rows
        order = [r.entrant.id for r in rows if r.entrant.id in active]
    met: dict[frozenset[str], int] = {}
    triples: set[frozenset[str]] = set()
    for r in event.rounds:
        for t in r.tables:
            for pair in combinations(t.seats, 2):
                met[frozenset(pair)] = met.get(frozenset(pair), 0) + 1
            triples.update(frozenset(x) for x in combinations(t.seats, 3))
    best: tuple[int, list[list[str]]] | None = None
    for _attempt in range(400):
        pool = list(order)
        tables: list[list[str]] = []
        cost = 0
        for size in sizes:
            seats = [pool.pop(0)]
            while len(seats) < size:
                window = pool[: 3 + _attempt % 6]
                rng.shuffle(window)
                options = sorted(
                    (
                        p
                        for p in window
                        if not any(
                            frozenset((a, b, p)) in triples for a, b in combinations(seats, 2)
                        )
                    ),
                    key=lambda p: sum(met.get(frozenset((p, s)), 0) for s in seats),
                )
                if not options:
                    break
                seats.append(options[0])
                pool.remove(options[0])
                cost += sum(met.get(frozenset((options[0], s)), 0) for s in seats[:-1])
            if len(seats) < size:
                break
            tables.append(seats)
        else:
            if best is None or cost < best[0]:
                best = (cost, tables)
    assert best is not None, f"no seating found for round {number}"
    for seats in best[1]:
        rng.shuffle(seats)  # seat order at random
    return Round(number, tuple(Table(i + 1, tuple(s)) for i, s in enumerate(best[1])), seed=None)


def brno() -> Event:
    """A real-size qualifier: 31 players, 5 rounds, two tables of two while 31 play,
    a drop after round 3 (then 30 play at ten tables of three), ties and a negative score."""
    rng = random.Random(20260314)
    skill = {f"p{i + 1}": rng.gauss(0, 1) for i in range(31)}
    event = Event(
        "Dominion Tour – Brno, March 2026", "dominion-cz", {}, entrants(31, clubs=True), ()
    )
    for number in range(1, 6):
        if number == 4:
            dropped = replace(event.entrants[22], dropped_after_round=3)
            event = replace(
                event, entrants=tuple(dropped if e.id == "p23" else e for e in event.entrants)
            )
        seated = greedy_round(event, number, rng)
        seated = replace(seated, seed=20260314 + number)
        tables = []
        for t in seated.tables:
            scores = {p: round(32 + 9 * skill[p] + rng.gauss(0, 7)) for p in t.seats}
            tables.append(replace(t, games=(Game(scores),)))
        seated = replace(seated, tables=tuple(tables))
        candidate = replace(event, rounds=(*event.rounds, seated))
        ruleset = rulesets.get("dominion-cz")
        settings, _ = resolve(ruleset.defaults, {})
        problems = check_hard_rules(candidate, number - 1, ruleset, settings)
        assert not problems, problems
        event = candidate
    # Make sure the event shows what it must: a tie for a place and a negative score.
    r2 = event.rounds[1]
    t = r2.tables[0]
    a, b = t.seats[0], t.seats[1]
    tied = dict(t.games[0].scores)
    tied[b] = tied[a]
    r3 = event.rounds[2]
    low = r3.tables[-3]
    negative = dict(low.games[0].scores)
    negative[low.seats[0]] = -3
    rounds = list(event.rounds)
    rounds[1] = replace(r2, tables=(replace(t, games=(Game(tied),)), *r2.tables[1:]))
    r3_tables = list(r3.tables)
    r3_tables[-3] = replace(low, games=(Game(negative),))
    rounds[2] = replace(r3, tables=tuple(r3_tables))
    return replace(event, rounds=tuple(rounds))


def nbgl() -> Event:
    """A whole NBGL event played by the engine: 38 players in eight groups of four and two
    of three, two group games with the second shifted by one seat, then quarter-finals,
    semi-finals and the final at tables of four (R-NBGL-1..5)."""
    from kolo.core.knockout import shifted
    from kolo.pairing.engine import propose
    from kolo.simulation import SkillModel, names

    rng = random.Random(20260606)
    ruleset = rulesets.get("nbgl-dominion")
    settings, _ = resolve(ruleset.defaults, {})
    people = tuple(Entrant(f"p{i + 1}", name) for i, name in enumerate(names(38)))
    event = Event("NBGL Dominion – Praha, June 2026", "nbgl-dominion", {}, people, ())
    model = SkillModel.draw([e.id for e in people], rng)
    for number in range(1, 5):
        proposal = propose(event, ruleset, settings, seed=20260606 + number)
        needed = ruleset.games_per_table(number, settings)
        tables = []
        for t in proposal.tables:
            games = tuple(model.play(shifted(t.seats, g), rng, turns=True) for g in range(needed))
            tables.append(Table(t.number, t.seats, games, group=t.group))
        seated = Round(number, tuple(tables), proposal.seed, (), proposal.stage)
        candidate = replace(event, rounds=(*event.rounds, seated))
        problems = check_hard_rules(candidate, number - 1, ruleset, settings)
        assert not problems, problems
        event = candidate
    return event


def main() -> None:
    write("rules/dominion-success.json", dominion_success())
    write("rules/dominion-two-player.json", dominion_two_player())
    write("rules/carcassonne-success.json", carcassonne_success())
    write("rules/carcassonne-three.json", carcassonne_three())
    write("rules/nbgl-shares.json", nbgl_shares())
    write("rules/swiss-pairs.json", swiss_pairs())
    write("brno-2026.json", brno())
    write("nbgl-praha-2026.json", nbgl())
    print(json.dumps({"ok": True}))


if __name__ == "__main__":
    main()
