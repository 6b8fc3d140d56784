"""The checker: does a round obey the hard rules? Independent of any solver.

Every pairing the engine proposes, every round set by hand and every round of an event
file (``kolo check``) passes through ``check_hard_rules``.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Collection
from dataclasses import replace
from fractions import Fraction

from kolo.core import elimination, knockout, seatorder
from kolo.core.event import EntrantId, Event, Round
from kolo.core.problems import N_, InvalidInput, NoValidPairing, Problem
from kolo.core.rulesets import RuleSet, System
from kolo.core.settings import Settings
from kolo.core.standings import Row, compute, round_complete
from kolo.pairing.elimination import next_tables
from kolo.pairing.history import History


def check_hard_rules(
    event: Event,
    index: int,
    ruleset: RuleSet,
    settings: Settings,
    expected: Collection[EntrantId] | None = None,
) -> list[Problem]:
    """Hard-rule problems of ``event.rounds[index]`` given the rounds before it.

    ``expected`` are the entrants who must be seated (or given a bye); by default, those
    seated in an earlier round who have not dropped (a late entrant's first round cannot be
    told from a file).
    """
    if expected is None and knockout.is_knockout(ruleset) and index > 0:
        expected = ()  # knockout rounds seat only the qualifiers (check_pairing_rules)
    if expected is None and event.rounds[index].stage == elimination.PLAYOFF:
        expected = ()  # a bracket round seats its matches (check_pairing_rules)
    return check_seating(event, index, expected) + check_pairing_rules(
        event, index, ruleset, settings
    )


def check_seating(
    event: Event, index: int, expected: Collection[EntrantId] | None = None
) -> list[Problem]:
    """R-EVT-1: everyone expected is placed (seated or given a bye) exactly once."""
    round_ = event.rounds[index]
    earlier = event.rounds[:index]
    placed = [*round_.seated(), *round_.byes]
    if expected is None:
        expected = {
            p
            for r in earlier
            for p in [*r.seated(), *r.byes]
            if event.entrant(p).active_in(round_.number)
        }
    where = f"$.rounds[{index}]"
    problems = [
        Problem(where, N_("R-EVT-1: '{id}' is placed more than once"), {"id": p})
        for p, count in sorted(Counter(placed).items(), key=lambda item: natural_key(item[0]))
        if count > 1
    ]
    problems += [
        Problem(
            where,
            N_("R-EVT-1: '{id}' is not seated in round {round}"),
            {"id": p, "round": round_.number},
        )
        for p in sorted(set(expected) - set(placed), key=natural_key)
    ]
    return problems


def check_pairing_rules(
    event: Event, index: int, ruleset: RuleSet, settings: Settings
) -> list[Problem]:
    """The rules of pairing an organiser may override with a reason: table sizes for the
    count (R-GORN-6), no repeated three or table of two (R-GORN-4), the smaller tables or
    the bye for the lowest placed (R-GORN-6)."""
    round_ = event.rounds[index]
    earlier = event.rounds[:index]
    where = f"$.rounds[{index}]"
    if knockout.is_knockout(ruleset):
        # Knockout rounds seat who the results send on and may bring group-mates together
        # again; their rules (R-NBGL-3, R-NBGL-4) are not gorn's.
        return _check_knockout(event, index, ruleset, settings)
    if round_.stage == elimination.PLAYOFF:
        return _check_bracket(event, index, ruleset, settings)
    history = History.of(earlier)
    placed = len([*round_.seated(), *round_.byes])
    problems = _check_layout(round_, where, ruleset, settings, placed)
    for t_index, table in enumerate(round_.tables):
        group = history.repeated_group(table.seats)
        if group is None:
            continue
        players = ", ".join(p for p in table.seats if p in group)
        problems.append(
            Problem(
                f"{where}.tables[{t_index}]",
                N_(
                    "R-GORN-4: {players} already sat together at one table; "
                    "three players may not meet again"
                )
                if len(group) == 3
                else N_(
                    "R-GORN-4: {players} already played at a table of two; "
                    "that table may not be repeated"
                ),
                {"players": players},
            )
        )
    if earlier:
        standings = compute(replace(event, rounds=earlier), ruleset, settings)
        if ruleset.byes:
            problems += _check_byes(history, round_, where, standings.rows)
        else:
            problems += _check_bottom(standings.rows, round_, where, settings)
    return problems


def _check_bracket(event: Event, index: int, ruleset: RuleSet, settings: Settings) -> list[Problem]:
    """A bracket round (R-DOMINO-11) seats exactly the matches the results before it have
    decided, each a table of the two teams; rematches are the bracket's, not a broken rule."""
    round_ = event.rounds[index]
    where = f"$.rounds[{index}]"
    before = replace(event, rounds=event.rounds[:index])
    if not all(round_complete(r, ruleset, settings) for r in before.rounds):
        return []  # the round after an incomplete one is reported by the validation
    try:
        tables, _seeds = next_tables(before, ruleset, settings)
    except InvalidInput as error:
        return [Problem(where, p.message, p.params) for p in error.problems]
    except NoValidPairing as error:
        return [Problem(where, error.message, error.params)]
    due = {frozenset(seats) for _match, seats in tables}
    seated = {frozenset(t.seats) for t in round_.tables}
    if due == seated:
        return []
    return [
        Problem(
            where,
            N_("R-DOMINO-11: the bracket's next matches are {due}, not {seated}"),
            {
                "due": "; ".join(sorted(" – ".join(sorted(m)) for m in due)),
                "seated": "; ".join(sorted(" – ".join(sorted(m)) for m in seated)),
            },
        )
    ]


def _check_knockout(
    event: Event, index: int, ruleset: RuleSet, settings: Settings
) -> list[Problem]:
    """A knockout round seats exactly the players the results before it send on, at the
    table sizes of the format, and is the stage it says."""
    round_ = event.rounds[index]
    where = f"$.rounds[{index}]"
    before = replace(event, rounds=event.rounds[:index])
    if not all(round_complete(r, ruleset, settings) for r in before.rounds):
        return []  # the round after an incomplete one is reported by the validation
    rule = "R-NBGL-3" if ruleset.system is System.GROUPS_KNOCKOUT else "R-KO-1"
    try:
        plan = knockout.plan_next(before, ruleset, settings, ratings={})
    except InvalidInput as error:
        return [Problem(where, p.message, p.params) for p in error.problems]
    except NoValidPairing as error:
        return [Problem(where, error.message, error.params)]
    field = {q.entrant for q in plan.field}
    seated = set(round_.seated())
    problems = [
        Problem(
            where,
            N_("{rule}: '{id}' goes on to this round but is not seated"),
            {"rule": rule, "id": p},
        )
        for p in sorted(field - seated, key=natural_key)
    ]
    problems += [
        Problem(
            where,
            N_("{rule}: '{id}' is seated but the results do not send them to this round"),
            {"rule": rule, "id": p},
        )
        for p in sorted(seated - field, key=natural_key)
    ]
    sizes = tuple(sorted((len(t.seats) for t in round_.tables), reverse=True))
    if not problems and sizes != plan.sizes:
        problems.append(
            Problem(
                where,
                N_("{rule}: the tables seat {sizes}; this round has tables of {expected}"),
                {
                    "rule": rule,
                    "sizes": ", ".join(map(str, sizes)),
                    "expected": ", ".join(map(str, plan.sizes)),
                },
            )
        )
    if plan.stage == knockout.GROUP:
        for t_index, table in enumerate(round_.tables):
            for g_index, game in enumerate(table.games):
                expected = knockout.shifted(table.seats, g_index)
                if game.seats is not None and game.seats != expected:
                    problems.append(
                        Problem(
                            f"{where}.tables[{t_index}].games[{g_index}].order",
                            N_(
                                "R-NBGL-1: game {game} of a group shifts every player one "
                                "seat from the game before: {expected}"
                            ),
                            {"game": g_index + 1, "expected": ", ".join(expected)},
                        )
                    )
    if round_.stage is not None and round_.stage != plan.stage:
        problems.append(
            Problem(
                f"{where}.stage",
                N_("this round is the {expected}, not the {stage}"),
                {"expected": plan.stage, "stage": round_.stage},
            )
        )
    return problems


def natural_key(entrant_id: EntrantId) -> tuple[tuple[int, str], ...]:
    """Sort ids as people do: p2 before p10."""
    return tuple(
        (int(part), "") if part.isdigit() else (0, part)
        for part in re.split(r"(\d+)", entrant_id)
        if part
    )


def check_all_rounds(event: Event, ruleset: RuleSet, settings: Settings) -> list[Problem]:
    """Hard-rule problems of every round of the event (``kolo check``)."""
    problems: list[Problem] = []
    fmt = knockout.format_of(ruleset, settings)
    for index, round_ in enumerate(event.rounds):
        problems += check_hard_rules(event, index, ruleset, settings)
        stage = knockout.stage_of(round_, index, fmt)
        problems += seatorder.order_problems(
            round_, f"$.rounds[{index}]", ties_by_turns=ruleset.ties_by_turns, stage=stage
        )
    return problems


def _check_layout(
    round_: Round, where: str, ruleset: RuleSet, settings: Settings, players: int
) -> list[Problem]:
    layout = ruleset.layout(players, settings)
    sizes = tuple(sorted((len(t.seats) for t in round_.tables), reverse=True))
    if layout is None:
        return [
            Problem(
                where,
                N_("R-GORN-6: {players} players cannot be seated at the tables {ruleset} allows"),
                {"players": players, "ruleset": ruleset.id},
            )
        ]
    expected_sizes, byes = layout
    problems = []
    if sizes != expected_sizes:
        problems.append(
            Problem(
                where,
                N_("R-GORN-6: {players} players sit at tables of {expected}, not {found}"),
                {
                    "players": players,
                    "expected": _sizes(expected_sizes),
                    "found": _sizes(sizes),
                },
            )
        )
    if len(round_.byes) != byes:
        problems.append(
            Problem(
                f"{where}.byes",
                N_("R-GORN-6: {players} players need {expected} byes, not {found}"),
                {"players": players, "expected": byes, "found": len(round_.byes)},
            )
        )
    return problems


def _sizes(sizes: tuple[int, ...]) -> str:
    counts = Counter(sizes)
    return " + ".join(f"{counts[s]}×{s}" for s in sorted(counts, reverse=True))


def _check_bottom(
    rows: tuple[Row, ...], round_: Round, where: str, settings: Settings
) -> list[Problem]:
    """R-GORN-6 from round 2 on: the smaller tables go to the lowest placed.

    With S seats at smaller tables and t the points of the S-th lowest placed player, every
    player at a smaller table has at most t points and every other at least t.
    """
    points = {row.entrant.id: row.points for row in rows}
    normal = settings.table_size
    small_seats = [p for t in round_.tables if len(t.seats) < normal for p in t.seats]
    if not small_seats:
        return []
    present = set(round_.seated())
    lowest_first = [row.entrant.id for row in reversed(rows) if row.entrant.id in present]
    threshold = points[lowest_first[len(small_seats) - 1]]
    problems = []
    for t_index, table in enumerate(round_.tables):
        small = len(table.seats) < normal
        for player in table.seats:
            if (small and points[player] > threshold) or (not small and points[player] < threshold):
                problems.append(
                    Problem(
                        f"{where}.tables[{t_index}]",
                        N_(
                            "R-GORN-6: '{id}' (points: {points}) sits at a smaller table, "
                            "which only the lowest placed may (points: at most {threshold})"
                        )
                        if small
                        else N_(
                            "R-GORN-6: '{id}' (points: {points}) is among the lowest placed "
                            "and must sit at a smaller table"
                        ),
                        {
                            "id": player,
                            "points": decimal_text(points[player]),
                            "threshold": decimal_text(threshold),
                        },
                    )
                )
    return problems


def _check_byes(
    history: History, round_: Round, where: str, rows: tuple[Row, ...]
) -> list[Problem]:
    """A bye goes to the lowest placed entrant who has not had one (R-GORN-6)."""
    rank = {row.entrant.id: row.rank for row in rows}
    candidates = [p for p in [*round_.seated(), *round_.byes] if history.byes[p] == 0]
    lowest = max((rank[p] for p in candidates), default=None)
    problems = []
    for player in round_.byes:
        if history.byes[player]:
            problems.append(
                Problem(f"{where}.byes", N_("R-GORN-6: '{id}' already had a bye"), {"id": player})
            )
        elif lowest is not None and rank[player] < lowest:
            problems.append(
                Problem(
                    f"{where}.byes",
                    N_(
                        "R-GORN-6: the bye goes to the lowest placed entrant "
                        "who has not had one, not '{id}'"
                    ),
                    {"id": player},
                )
            )
    return problems


def decimal_text(value: Fraction) -> str:
    """Tournament points for a message: ``2.5``, ``3``."""
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):g}"
