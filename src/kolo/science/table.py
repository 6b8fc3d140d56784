"""The desk's line: how often the strongest player wins a format with this field and these
rounds, from a table kolo ships (``data/strongest.json``) and can recompute
(``recompute``, ``benchmarks/formats_study.py --only desk``).

The table holds, per rule set, field sizes and round counts with the simulated rate and its
95 % interval. A rule set the table does not hold reads the table of one that pairs and ranks
alike (``alike``: the rule sets say so, no list of names). A field between two sizes of the
table reads the nearer one; a field more than ``REACH`` players from every size of the table
gets no line (no guess).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from importlib import resources
from typing import Any

from kolo.core.problems import N_
from kolo.core.settings import Defaults
from kolo.games import rulesets
from kolo.science.study import Summary, run, study_of

REACH = 4
"""How far (in players) a field may be from the table's nearest size and still get a line."""
PLAYERS = (24, 30, 36, 45)
ROUNDS = (5, 6, 7, 8)
FEWER_ABOVE = 30
"""Fields larger than this are simulated with half the events (each takes up to twice as
long): the shipped table's 36 and 45 players have 100 events a cell, the others 200."""


@dataclass(frozen=True)
class Entry:
    """One cell of the table."""

    players: int
    rounds: int
    wins: float
    low: float
    high: float


@cache
def _shipped() -> dict[str, Any]:
    text = resources.files("kolo.science").joinpath("data/strongest.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def _plain(ruleset: rulesets.RuleSet) -> rulesets.RuleSet:
    """The rule set without what does not change how it pairs and ranks: its name and its
    default number of rounds (a study sets the rounds it plays)."""
    values = {key: value for key, value in ruleset.defaults.items() if key != "rounds"}
    defaults = Defaults(values, ruleset.defaults.specs.values())
    return replace(ruleset, id="", title="", defaults=defaults)


def alike(one: str, other: str) -> bool:
    """Whether two rule sets (by id) pair and rank alike: the same game by the same rules,
    differing only in their names and default rounds (so with the same rounds and seed a study
    plays the same events, and they share a table)."""
    if one == other:
        return True
    if one not in rulesets.REGISTRY or other not in rulesets.REGISTRY:
        return False
    return _plain(rulesets.get(one)) == _plain(rulesets.get(other))


def family(ruleset: str, tables: Mapping[str, Any]) -> str | None:
    """The rule set whose table ``ruleset`` reads of ``tables``: its own, or the first one alike
    (None where none is)."""
    return next((held for held in tables if alike(ruleset, held)), None)


def entries(ruleset: str, data: Mapping[str, Any] | None = None) -> list[Entry]:
    """The table's cells for a rule set (or one alike); empty where there are none."""
    document = data if data is not None else _shipped()
    tables = document.get("tables", {})
    table = tables.get(family(ruleset, tables) or "", [])
    return [
        Entry(row["players"], row["rounds"], row["wins"], row["low"], row["high"]) for row in table
    ]


def lookup(
    ruleset: str, players: int, rounds: int, data: Mapping[str, Any] | None = None
) -> Entry | None:
    """The cell for this field and rounds: the nearest field size within ``REACH``."""
    cells = [e for e in entries(ruleset, data) if e.rounds == rounds]
    if not cells:
        return None
    nearest = min(cells, key=lambda e: (abs(e.players - players), e.players))
    return nearest if abs(nearest.players - players) <= REACH else None


@dataclass(frozen=True)
class Line:
    """The desk's line, as a message and its values (translated where it is shown)."""

    message: str
    params: Mapping[str, object]

    def text(self, translate: Callable[[str], str] = str) -> str:
        """The line, translated."""
        return translate(self.message).format(**self.params)


def desk_line(
    ruleset: str, players: int, rounds: int, data: Mapping[str, Any] | None = None
) -> Line | None:
    """ "With 31 players and 5 rounds the strongest player wins about 38 % of the time;
    6 rounds: 44 %" — None where the table has nothing near."""
    now = lookup(ruleset, players, rounds, data)
    if now is None:
        return None
    more = lookup(ruleset, players, rounds + 1, data)
    params: dict[str, object] = {
        "players": players,
        "rounds": rounds,
        "percent": round(100 * now.wins),
    }
    if more is None:
        return Line(
            N_(
                "with {players} players and {rounds} rounds the strongest player wins about "
                "{percent} % of the time (simulated)"
            ),
            params,
        )
    params.update(more_rounds=rounds + 1, more_percent=round(100 * more.wins))
    return Line(
        N_(
            "with {players} players and {rounds} rounds the strongest player wins about "
            "{percent} % of the time; {more_rounds} rounds: {more_percent} % (simulated)"
        ),
        params,
    )


def recompute(
    events: int,
    seed: int,
    workers: int = 1,
    players: Sequence[int] = PLAYERS,
    rounds: Sequence[int] = ROUNDS,
    progress: Callable[[str], None] | None = None,
    held: Sequence[str] | None = None,
) -> dict[str, Any]:
    """The table anew (the document ``data/strongest.json`` holds): each rule set ``held``
    (those of the shipped table where not given) at every field size and round count,
    ``events`` events each (half above ``FEWER_ABOVE`` players). ``recompute(200, 1)`` gives
    the shipped table."""
    tables: dict[str, list[dict[str, Any]]] = {}
    for ruleset in sorted(held if held is not None else _shipped()["tables"]):
        rows = []
        for n in players:
            for r in rounds:
                count = events // 2 if n > FEWER_ABOVE else events
                summary: Summary = run(study_of(ruleset, n, r), count, seed, workers)
                wins = summary.strongest_wins()
                rows.append(
                    {
                        "players": n,
                        "rounds": r,
                        "wins": round(wins.value, 4),
                        "low": round(wins.low, 4),
                        "high": round(wins.high, 4),
                        "events": count,
                    }
                )
                if progress:
                    progress(f"{ruleset} {n} players {r} rounds: {wins.value:.3f}")
        tables[ruleset] = rows
    counts = {str(n): events // 2 if n > FEWER_ABOVE else events for n in players}
    return {"events": counts, "seed": seed, "model": "skill", "tables": tables}
