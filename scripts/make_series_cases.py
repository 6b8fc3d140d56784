"""Write the golden series in tests/cases/series/ (run once; the files are committed).

Eight Dominion events of one season, simulated with a seeded skill model and seated by a
simple greedy gorn pass (standings order, the smaller tables at the bottom, no repeated
three or repeated table of two; the pairing engine is not used, so the files do not change
when it does). Every round is checked against the hard rules. Then the series file and the
expected ``kolo series standings --json`` and ``kolo series qualification --json`` outputs
are written; tests/series/test_golden.py compares and checks two players by hand.

Usage: python scripts/make_series_cases.py
"""

from __future__ import annotations

import json
import random
import unicodedata
from dataclasses import dataclass, replace
from itertools import combinations
from pathlib import Path
from typing import Any

from kolo.cli import series as document
from kolo.core.event import Entrant, Event, Round, Table
from kolo.core.settings import resolve
from kolo.core.standings import compute
from kolo.eventfile.writer import dumps
from kolo.games import rulesets
from kolo.pairing.checker import check_all_rounds
from kolo.series.qualification import compute_qualification, qualification_document
from kolo.series.tour import compute_tour, standings_document
from kolo.simulation import SkillModel, names

OUT = Path(__file__).resolve().parent.parent / "tests" / "cases" / "series"
SEED = 2026


class NoSeating(Exception):
    """The greedy pass found no seating for a round (the event is played again)."""


@dataclass(frozen=True)
class Plan:
    """One event of the season."""

    file: str
    title: str
    city: str
    date: str
    size: int
    ruleset: str = "dominion-cz"
    rounds: int = 5
    published: bool = True
    kind: str | None = None
    guests: int = 0
    """Entrants without a ``player`` field (one-off guests, identified by their id)."""
    drop: bool = False
    """One player drops after round 3."""


PLANS = [
    Plan("brno-01.json", "Dominion Tour – Brno I", "Brno", "2026-01-17", 14, kind="local"),
    Plan(
        "praha-01.json",
        "Dominion Tour – Praha (main tournament)",
        "Praha",
        "2026-02-07",
        32,
        kind="main",
        guests=2,
        drop=True,
    ),
    Plan("brno-02.json", "Dominion Tour – Brno II", "Brno", "2026-02-21", 9, kind="local"),
    Plan(
        "olomouc-01.json",
        "Dominion Tour – Olomouc",
        "Olomouc",
        "2026-03-07",
        5,
        kind="local",
        guests=1,
    ),
    Plan(
        "brno-03.json",
        "Dominion Tour – Brno III (six rounds)",
        "Brno",
        "2026-03-21",
        20,
        rounds=6,
        kind="local",
    ),
    Plan(
        "brno-04.json",
        "Dominion – Brno club evening",
        "Brno",
        "2026-04-11",
        7,
        published=False,
        kind="local",
    ),
    Plan("brno-05.json", "Dominion Tour – Brno IV", "Brno", "2026-05-09", 11, kind="local"),
    Plan(
        "brno-06.json",
        "Dominion – Czech championship final",
        "Brno",
        "2026-06-20",
        24,
        ruleset="dominion-cz-final",
        rounds=7,
    ),
]


def slug(name: str) -> str:
    """``"Jiří Černý"`` → ``"jiri-cerny"``."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return plain.lower().replace(" ", "-")


def seat(event: Event, number: int, rng: random.Random) -> Round:
    """Seat a round: standings order from the top; the players at the smaller tables are
    exactly the lowest-placed (R-GORN-6); no three who met sit together again and no table
    of two repeats (R-GORN-4); among the choices, the fewest repeated pairs."""
    ruleset = rulesets.get(event.ruleset)
    settings, _ = resolve(ruleset.defaults, event.settings)
    active = [e.id for e in event.entrants if e.active_in(number)]
    layout = ruleset.layout(len(active), settings)
    assert layout is not None
    sizes = list(layout[0])
    if number == 1:
        order = list(active)
        rng.shuffle(order)
    else:
        rows = compute(event, ruleset, settings).rows
        order = [r.entrant.id for r in rows if r.entrant.id in active]
    met: dict[frozenset[str], int] = {}
    triples: set[frozenset[str]] = set()
    for earlier in event.rounds:
        for table in earlier.tables:
            for pair in combinations(table.seats, 2):
                met[frozenset(pair)] = met.get(frozenset(pair), 0) + 1
            if len(table.seats) == 2:
                triples.add(frozenset(table.seats))
            triples.update(frozenset(t) for t in combinations(table.seats, 3))
    full = [s for s in sizes if s == max(sizes)]
    small = [s for s in sizes if s != max(sizes)]
    bottom = sum(small)
    for attempt in range(2000):
        top = order[: len(order) - bottom]
        rest = order[len(order) - bottom :]
        tables = _greedy(top, full, met, triples, rng, width=2 + attempt % 5)
        lower = _greedy(rest, small, met, triples, rng, width=len(rest))
        if tables is not None and lower is not None:
            break
    else:
        raise NoSeating(number)
    seated = [*tables, *lower]
    for seats in seated:
        rng.shuffle(seats)  # who starts: at random
    return Round(number, tuple(Table(i + 1, tuple(s)) for i, s in enumerate(seated)))


def _greedy(
    pool: list[str],
    sizes: list[int],
    met: dict[frozenset[str], int],
    forbidden: set[frozenset[str]],
    rng: random.Random,
    width: int,
) -> list[list[str]] | None:
    left = list(pool)
    tables: list[list[str]] = []
    for size in sizes:
        seats = [left.pop(0)]
        while len(seats) < size:
            window = left[:width]
            rng.shuffle(window)
            allowed = [
                p
                for p in window
                if not any(frozenset((*pair, p)) in forbidden for pair in combinations(seats, 2))
                and not (size == 2 and frozenset((seats[0], p)) in forbidden)
            ]
            if not allowed:
                return None
            choice = min(allowed, key=lambda p: sum(met.get(frozenset((p, s)), 0) for s in seats))
            seats.append(choice)
            left.remove(choice)
        tables.append(seats)
    return tables


def play(plan: Plan, persons: list[str], model: SkillModel, rng: random.Random) -> Event:
    """Simulate one event."""
    entrants = []
    for index, person in enumerate(persons):
        entrants.append(Entrant(f"p{index + 1}", display[person], player=person))
    for guest in range(plan.guests):
        entrant_id = f"{plan.file.removesuffix('.json')}-guest-{guest + 1}"
        entrants.append(Entrant(entrant_id, guest_names[plan.file][guest]))
    settings = {"rounds": plan.rounds} if plan.rounds != 5 else {}
    event = Event(plan.title, plan.ruleset, settings, tuple(entrants), ())
    skills = dict(model.skill)
    for entrant in entrants:
        skills.setdefault(entrant.id, rng.gauss(-0.5, 0.8))
    local = SkillModel({e.id: skills[e.player or e.id] for e in entrants})
    for number in range(1, plan.rounds + 1):
        if plan.drop and number == 4:
            dropper = entrants[7]
            entrants[7] = replace(dropper, dropped_after_round=3)
            event = replace(event, entrants=tuple(entrants))
        seated = seat(event, number, rng)
        seated = replace(
            seated,
            seed=None,
            tables=tuple(replace(t, games=(local.play(t.seats, rng),)) for t in seated.tables),
        )
        event = replace(event, rounds=(*event.rounds, seated))
    ruleset = rulesets.get(event.ruleset)
    settings_in_force, _ = resolve(ruleset.defaults, event.settings)
    problems = check_all_rounds(event, ruleset, settings_in_force)
    assert not problems, problems
    return event


all_names = names(44)
display = {slug(n): n for n in all_names[:40]}
guest_names = {
    "praha-01.json": [all_names[40], all_names[41]],
    "olomouc-01.json": [all_names[42]],
}


def main() -> None:
    rng = random.Random(SEED)
    persons = list(display)
    model = SkillModel.draw(persons, rng)
    strongest = sorted(persons, key=lambda p: -model.skill[p])
    regulars = strongest[2:8]  # six Brno regulars play every Brno event
    OUT.mkdir(parents=True, exist_ok=True)
    listed: list[dict[str, Any]] = []
    for plan in PLANS:
        wanted = plan.size - plan.guests
        chosen = [p for p in regulars if plan.city == "Brno"][:wanted]
        others = [p for p in persons if p not in chosen]
        chosen += rng.sample(others, wanted - len(chosen))
        for _replay in range(100):
            try:
                event = play(plan, chosen, model, rng)
                break
            except NoSeating:
                continue
        else:
            raise AssertionError(f"{plan.file}: no seating found")
        (OUT / plan.file).write_text(dumps(event), encoding="utf-8")
        entry: dict[str, Any] = {
            "file": plan.file,
            "city": plan.city,
            "date": plan.date,
            "published": plan.published,
        }
        if plan.kind is not None:
            entry["kind"] = plan.kind
        listed.append(entry)
        print("wrote", OUT / plan.file)
    series = {
        "format": "kolo-series/1",
        "name": "Tour de Dominion 2026",
        "rules": "tour-de-dominion-2022",
        "championship_top7": [*strongest[:5], strongest[9], strongest[12], "karel-nepritomny"],
        "events": listed,
        "qualification": {
            "system": "dominion",
            "last_final_top5": [strongest[0], strongest[6], strongest[15], "karel-nepritomny"],
        },
    }
    path = OUT / "series.json"
    path.write_text(json.dumps(series, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    # Brno III: the best player who does not hold a place yet declines it (the organiser
    # marks it), so that the place passes down
    before = compute_qualification(document.load(path))
    brno3 = next(e for e in before.events if e.item.file == "brno-03.json")
    holding = {
        q.person for q in before.qualified if q.item is None or q.item.order < brno3.item.order
    }
    listed[4]["declined"] = [
        next(p.person for p in brno3.result.players if p.person not in holding)
    ]
    path.write_text(json.dumps(series, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    loaded = document.load(path)
    for name, doc in (
        ("expected-standings.json", standings_document(compute_tour(loaded))),
        ("expected-qualification.json", qualification_document(compute_qualification(loaded))),
    ):
        (OUT / name).write_text(json.dumps(doc, ensure_ascii=False, indent=2) + "\n", "utf-8")
        print("wrote", OUT / name)


if __name__ == "__main__":
    main()
