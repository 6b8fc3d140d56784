"""Knockout formats: NBGL's group stage and knockout tables (RULES.md §4, R-NBGL-1..5) and
the general knockout of multi-player tables (tables of k, the top m of each go through, the
best of the others fill the next round's tables).

Everything here is computed from the results, like the standings: who won a group, who
qualified and with which seed, who goes through from a knockout table, the next round's
field, and the final ranking. ``kolo.pairing.knockout`` seats the tables.

Ranking at one table (a group plays several games, a knockout table one): placement points
(R-NBGL-2: 8/5/3/1, equal scores broken by fewer turns, R-SCORE-4), then the table's
combined game score, then the sum of the shares through that round (R-NBGL-3, R-NBGL-4),
then a seeded lot, recorded with the round's seed, where everything is equal.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from kolo.core.event import EntrantId, Event, Round, Table
from kolo.core.outcome import game_outcome
from kolo.core.problems import N_, InvalidInput, NoValidPairing, Problem
from kolo.core.rulesets import RuleSet, System
from kolo.core.settings import Settings

GROUP = "group"
KNOCKOUT = "knockout"
QUARTER = "quarter-final"
SEMI = "semi-final"
FINAL = "final"

STAGE_NAMES = {
    GROUP: N_("group stage"),
    KNOCKOUT: N_("knockout round"),
    QUARTER: N_("quarter-final"),
    SEMI: N_("semi-final"),
    FINAL: N_("final"),
}
"""Each stage's name in words (English, marked for translation; every output translates)."""
STAGES = (GROUP, KNOCKOUT, QUARTER, SEMI, FINAL)


@dataclass(frozen=True)
class Format:
    """How a knockout event runs."""

    table_size: int
    advance: int
    """Players of each knockout table who go through."""
    groups: bool
    """A group stage comes first (NBGL)."""
    qualifiers: int
    """Players the group stage sends on (R-NBGL-3: 16)."""
    seeding: str
    """The first knockout round without groups: ``random``, ``entry`` or ``rating``."""


def format_of(ruleset: RuleSet, settings: Settings) -> Format | None:
    """The knockout format of a rule set; ``None`` for Swiss-style rule sets."""
    if ruleset.system is System.GROUPS_KNOCKOUT:
        return Format(
            table_size=settings.table_size,
            advance=settings.advance,
            groups=True,
            qualifiers=settings.qualifiers,
            seeding="qualification",
        )
    if ruleset.system is System.KNOCKOUT:
        return Format(
            table_size=settings.table_size,
            advance=settings.advance,
            groups=False,
            qualifiers=0,
            seeding=settings.seeding,
        )
    return None


def stage_name(tables: int) -> str:
    """A knockout round's name by its number of tables."""
    return {1: FINAL, 2: SEMI, 4: QUARTER}.get(tables, KNOCKOUT)


def stage_of(round_: Round, index: int, fmt: Format | None) -> str | None:
    """A round's stage: as recorded, or (a file without stages) the group stage for the
    first round of a format with groups and the knockout stage by its number of tables."""
    if fmt is None:
        return round_.stage
    if round_.stage is not None:
        return round_.stage
    if fmt.groups and index == 0:
        return GROUP
    return stage_name(len(round_.tables))


def check_format(ruleset: RuleSet, settings: Settings) -> list[Problem]:
    """Settings a knockout cannot be played with: tables of fewer than three, nobody left
    out at a table (``advance`` must be below ``table_size``), a number of qualifiers that
    cannot be seated."""
    fmt = format_of(ruleset, settings)
    if fmt is None:
        return []
    problems = []
    if fmt.table_size < 3:
        problems.append(
            Problem(
                "$.settings.table_size",
                N_("a knockout of multi-player tables needs tables of at least 3"),
            )
        )
    if fmt.advance >= fmt.table_size:
        problems.append(
            Problem(
                "$.settings.advance",
                N_("'advance' must be smaller than the table size ({size}): someone must go out"),
                {"size": fmt.table_size},
            )
        )
    if fmt.groups and layout(fmt.qualifiers, fmt.table_size) is None:
        problems.append(
            Problem(
                "$.settings.qualifiers",
                N_("{count} qualifiers cannot be seated at tables of {size} and {smaller}"),
                {"count": fmt.qualifiers, "size": fmt.table_size, "smaller": fmt.table_size - 1},
            )
        )
    return problems


def layout(players: int, size: int) -> tuple[int, ...] | None:
    """Tables of ``size`` and, for the remainder, of ``size - 1`` (as few as possible),
    largest first; ``None`` when ``players`` cannot be seated so."""
    if players < 2:
        return None
    smaller = (-players) % size
    full = (players - smaller * (size - 1)) // size
    if full < 0 or (smaller and size - 1 < 2):
        return None
    return (size,) * full + (size - 1,) * smaller


def group_label(index: int) -> str:
    """Group names: A, B, …, Z, AA, AB, …"""
    label = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        label = chr(ord("A") + rest) + label
    return label


def shifted(seats: Sequence[EntrantId], games_before: int) -> tuple[EntrantId, ...]:
    """The seat order after ``games_before`` shifts by one seat: the 1st becomes the 2nd, …,
    the last becomes the 1st (R-NBGL-1, the second group game)."""
    if not seats:
        return ()
    turn = games_before % len(seats)
    return tuple(seats[-turn:]) + tuple(seats[:-turn]) if turn else tuple(seats)


def game_seats(
    round_: Round, table: Table, index: int, stage: str | None = None
) -> tuple[EntrantId, ...]:
    """Who sits where in game ``index`` (0-based) of a table: the game's own order where
    recorded, else the group stage's shift by one seat per game, else the table's order
    (``stage``: the round's stage where the round does not record it)."""
    if index < len(table.games) and table.games[index].seats is not None:
        seats = table.games[index].seats
        assert seats is not None
        return seats
    if (round_.stage or stage) == GROUP:
        return shifted(table.seats, index)
    return table.seats


# --- results of one round -----------------------------------------------------------------


@dataclass(frozen=True)
class Result:
    """One player's result at their table of one round."""

    entrant: EntrantId
    table: int
    group: str | None
    place: int
    """1 = best at the table; a seeded lot orders players equal in everything."""
    rank: int
    """Like ``place`` but equal players share the better one (for standings)."""
    points: Fraction
    score: int
    share: Fraction
    """The sum of the player's shares at this table (all its games)."""
    through: Fraction
    """The sum of the player's shares in every round up to and including this one."""
    lot: int


def _shares_by_round(
    event: Event, ruleset: RuleSet, settings: Settings, upto: int
) -> list[dict[EntrantId, Fraction]]:
    result = []
    for round_ in event.rounds[: upto + 1]:
        totals: dict[EntrantId, Fraction] = {}
        for table in round_.tables:
            for game in table.games:
                shares = game_outcome(game, ruleset, settings).shares
                for player, share in shares.items():
                    totals[player] = totals.get(player, Fraction(0)) + share
        result.append(totals)
    return result


def _lot(round_: Round) -> dict[EntrantId, int]:
    """A seeded order of the round's players, the last resort among equals."""
    players = sorted(round_.seated())
    random.Random(f"kolo-lot:{round_.seed}:{round_.number}").shuffle(players)
    return {p: i for i, p in enumerate(players)}


def round_results(
    event: Event, index: int, ruleset: RuleSet, settings: Settings
) -> dict[EntrantId, Result]:
    """Every seated player's result in round ``index`` (0-based)."""
    round_ = event.rounds[index]
    by_round = _shares_by_round(event, ruleset, settings, index)
    through: dict[EntrantId, Fraction] = {}
    for totals in by_round:
        for player, share in totals.items():
            through[player] = through.get(player, Fraction(0)) + share
    lot = _lot(round_)
    results: dict[EntrantId, Result] = {}
    for table in round_.tables:
        points = {p: Fraction(0) for p in table.seats}
        scores = dict.fromkeys(table.seats, 0)
        shares = {p: Fraction(0) for p in table.seats}
        for game in table.games:
            read = game_outcome(game, ruleset, settings)
            placed, game_shares = read.places, read.shares
            for player in table.seats:
                points[player] += placed[player].points
                scores[player] += game.scores[player]
                shares[player] += game_shares[player]

        key = {p: (-points[p], -scores[p], -through.get(p, Fraction(0))) for p in table.seats}
        ordered = sorted(table.seats, key=lambda p: (key[p], lot[p]))
        for place, player in enumerate(ordered, start=1):
            results[player] = Result(
                entrant=player,
                table=table.number,
                group=table.group,
                place=place,
                rank=1 + sum(1 for other in table.seats if key[other] < key[player]),
                points=points[player],
                score=scores[player],
                share=shares[player],
                through=through.get(player, Fraction(0)),
                lot=lot[player],
            )
    return results


# --- who goes on ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Qualifier:
    """A player in the next round's field, with their seed (1 = the best)."""

    entrant: EntrantId
    seed: int
    why: str
    """``winner``, ``place 2``, … (from a group), ``through`` (top of a knockout table),
    ``best of the rest`` (filling a table), ``seeded`` (first round)."""
    group: str | None = None
    table: int | None = None


@dataclass(frozen=True)
class Plan:
    """The next round of a knockout event: its stage, field and tables."""

    round_number: int
    stage: str
    field: tuple[Qualifier, ...]
    sizes: tuple[int, ...]
    apart: frozenset[frozenset[EntrantId]]
    """Pairs to keep at different tables where the seeding allows (same group, same table)."""
    shuffle: bool
    """Tables are drawn at random (the group stage, random seeding) instead of snake-seeded."""


def knockout_size(players: int, wanted: int, table_size: int, groups: int | None = None) -> int:
    """How many the groups send on: ``wanted`` (16), halved (8, then 4) while the group
    winners and seconds (two per group, R-NBGL-3) or the field cannot fill it; never below
    one table."""
    available = players if groups is None else min(players, 2 * groups)
    size = wanted
    while size > available and size // 2 >= table_size:
        size //= 2
    return min(size, players)


def _active_places(
    results: Mapping[EntrantId, Result], active: set[EntrantId]
) -> dict[EntrantId, int]:
    """Each active player's place at their table counting only players still in the event
    (a player who dropped gives way to the next)."""
    by_table: dict[int, list[Result]] = {}
    for result in results.values():
        if result.entrant in active:
            by_table.setdefault(result.table, []).append(result)
    places: dict[EntrantId, int] = {}
    for at_table in by_table.values():
        for place, result in enumerate(sorted(at_table, key=lambda r: r.place), start=1):
            places[result.entrant] = place
    return places


def group_qualifiers(
    event: Event, ruleset: RuleSet, settings: Settings, fmt: Format
) -> list[Qualifier]:
    """Who goes from the groups to the knockout, in seed order (R-NBGL-3).

    Fewer groups than places: every group winner, then the best second-placed players; as
    many groups as places: the winners; more groups: the best winners. Players are compared
    by group points, then combined game scores, then the sum of shares. The bracket is 16
    (``qualifiers``), or 8 or 4 where winners and seconds cannot fill it. A player who
    dropped after the group stage gives way to the next of their group.
    """
    results = round_results(event, 0, ruleset, settings)
    active = {e.id for e in event.entrants if e.active_in(2)}
    places = _active_places(results, active)
    groups = len(event.rounds[0].tables)
    target = knockout_size(len(places), fmt.qualifiers, fmt.table_size, groups)

    def order(r: Result) -> tuple[int, Fraction, int, Fraction, int]:
        return (places[r.entrant], -r.points, -r.score, -r.through, r.lot)

    ranked = sorted((results[p] for p in places), key=order)
    if groups >= target:
        ranked = [r for r in ranked if places[r.entrant] == 1]
    return [
        Qualifier(
            r.entrant,
            seed,
            "winner" if places[r.entrant] == 1 else f"place {places[r.entrant]}",
            group=r.group,
            table=r.table,
        )
        for seed, r in enumerate(ranked[:target], start=1)
    ]


def table_advancers(
    event: Event, index: int, ruleset: RuleSet, settings: Settings, fmt: Format
) -> list[Qualifier]:
    """Who goes on from knockout round ``index``: the top ``advance`` of each table (a player
    who dropped gives way to the next at the table), then, where the next round's tables
    would not be full, the best of the others: by place at their table, then their share
    there, then the shares through the round. The next round always has fewer tables (when
    the top ``advance`` would fill as many, only the best of them go on)."""
    results = round_results(event, index, ruleset, settings)
    active = {e.id for e in event.entrants if e.active_in(index + 2)}
    places = _active_places(results, active)

    def order(r: Result) -> tuple[int, Fraction, Fraction, int]:
        return (places[r.entrant], -r.share, -r.through, r.lot)

    ranked = sorted((results[p] for p in places), key=order)
    direct = [r for r in ranked if places[r.entrant] <= fmt.advance]
    played = len(event.rounds[index].tables)
    # every round has fewer tables than the one before, so the knockout reaches its final
    tables = max(1, min(math.ceil(len(direct) / fmt.table_size), played - 1))
    seats = tables * fmt.table_size
    direct = direct[:seats]  # more went through than the tables seat: the best of them
    missing = max(0, seats - len(direct))
    fill = [r for r in ranked if places[r.entrant] > fmt.advance][:missing]
    # a player tied in everything with the first left out at their table went through by lot
    first_out = {r.table: r for r in ranked if places[r.entrant] == fmt.advance + 1}
    field = [
        (
            r,
            "through by lot"
            if r.table in first_out
            and places[r.entrant] == fmt.advance
            and first_out[r.table].rank == r.rank
            else "through",
        )
        for r in direct
    ] + [(r, "best of the rest") for r in fill]
    return [
        Qualifier(r.entrant, seed, why, group=r.group, table=r.table)
        for seed, (r, why) in enumerate(field, start=1)
    ]


def plan_next(
    event: Event,
    ruleset: RuleSet,
    settings: Settings,
    ratings: Mapping[EntrantId, float] | None = None,
) -> Plan:
    """The next round of a knockout event (its earlier rounds must be complete).

    Raises ``InvalidInput`` when the final has been played and ``NoValidPairing`` when the
    field cannot be seated at tables of the format's sizes.
    """
    fmt = format_of(ruleset, settings)
    if fmt is None:
        raise ValueError(f"{ruleset.id} is not a knockout format")
    number = len(event.rounds) + 1
    last_index = len(event.rounds) - 1
    if event.rounds and stage_of(event.rounds[-1], last_index, fmt) == FINAL:
        raise InvalidInput.one(N_("the final has been played: the event is over"), path="ROUND")
    apart: set[frozenset[EntrantId]] = set()
    if not event.rounds:
        players = [e.id for e in event.entrants if e.active_in(1)]
        least = 2 * fmt.table_size - 2 if fmt.groups else fmt.table_size
        if len(players) < least:
            raise InvalidInput.one(
                N_("{count} players are too few for this format: it needs at least {least}"),
                path="ROUND",
                count=len(players),
                least=least,
            )
        field = _first_field(event, players, fmt, ratings)
        shuffle = fmt.groups or fmt.seeding == "random"
        stage = GROUP if fmt.groups else ""
    else:
        last = event.rounds[-1]
        if fmt.groups and len(event.rounds) == 1:
            field = group_qualifiers(event, ruleset, settings, fmt)
        else:
            field = table_advancers(event, len(event.rounds) - 1, ruleset, settings, fmt)
        for table in last.tables:
            for i, a in enumerate(table.seats):
                for b in table.seats[i + 1 :]:
                    apart.add(frozenset((a, b)))
        shuffle = False
        stage = ""
    if len(field) < 2:
        raise InvalidInput.one(N_("fewer than two players go on: the event is over"), path="ROUND")
    sizes = layout(len(field), fmt.table_size)
    if sizes is None:
        raise NoValidPairing(
            "R-NBGL-1" if fmt.groups else "R-KO-1",
            N_("{count} players cannot be seated at tables of {size} and {smaller}"),
            None,
            count=len(field),
            size=fmt.table_size,
            smaller=fmt.table_size - 1,
        )
    if not stage:
        stage = stage_name(len(sizes))
    return Plan(number, stage, tuple(field), sizes, frozenset(apart), shuffle)


def _first_field(
    event: Event,
    players: Sequence[EntrantId],
    fmt: Format,
    ratings: Mapping[EntrantId, float] | None,
) -> list[Qualifier]:
    order = list(players)
    if fmt.seeding == "rating":
        if ratings is None:
            raise InvalidInput.one(
                N_(
                    "seeding by rating needs the series' ratings: put the event in a series, "
                    "or choose seeding random or entry"
                ),
                path="seeding",
            )
        position = {p: i for i, p in enumerate(order)}
        order.sort(key=lambda p: (-ratings.get(p, float("-inf")), position[p]))
    return [Qualifier(p, seed, "seeded") for seed, p in enumerate(order, start=1)]


# --- the final ranking ----------------------------------------------------------------------


def ranking_keys(
    event: Event, rounds: Sequence[Round], ruleset: RuleSet, settings: Settings
) -> dict[EntrantId, tuple[Any, ...]]:
    """Sort keys of the knockout ranking after ``rounds`` (the complete ones): who got
    further ranks higher; at the same stage the better place at the table, then (R-NBGL-4)
    the shares through that stage; players who played only the groups by R-NBGL-3's order.
    Equal keys share a rank."""
    trimmed = Event(event.name, event.ruleset, event.settings, event.entrants, tuple(rounds))
    last_round: dict[EntrantId, int] = {}
    for index, round_ in enumerate(rounds):
        for player in round_.seated():
            last_round[player] = index
    results = [round_results(trimmed, i, ruleset, settings) for i in range(len(rounds))]
    keys: dict[EntrantId, tuple[Any, ...]] = {}
    for entrant in event.entrants:
        played = last_round.get(entrant.id)
        if played is None:
            keys[entrant.id] = (1, 0, 0, Fraction(0), 0, Fraction(0))
            continue
        r = results[played][entrant.id]
        if stage_of(rounds[played], played, format_of(ruleset, settings)) == GROUP:
            keys[entrant.id] = (0, -played, r.rank, -r.points, -r.score, -r.through)
        else:
            keys[entrant.id] = (0, -played, r.rank, -r.share, 0, -r.through)
    return keys


def is_knockout(ruleset: RuleSet) -> bool:
    """Whether the rule set eliminates players (its standings rank by how far they got)."""
    return ruleset.eliminates


# --- group tables and the bracket, for people ------------------------------------------------


def _complete(round_: Round, ruleset: RuleSet, settings: Settings) -> bool:
    needed = ruleset.games_per_table(round_.number, settings)
    return bool(round_.tables) and all(len(t.games) >= needed for t in round_.tables)


@dataclass(frozen=True)
class GroupRow:
    """One player of a group table."""

    entrant: EntrantId
    rank: int
    points: Fraction
    score: int
    shares: Fraction
    seed: int | None
    """The knockout seed of a qualifier; None for the others (or while games are missing)."""


@dataclass(frozen=True)
class GroupTable:
    group: str
    table: int
    rows: tuple[GroupRow, ...]


def group_tables(event: Event, ruleset: RuleSet, settings: Settings) -> list[GroupTable]:
    """The groups of the group stage, each in its order, with who qualified (R-NBGL-3)."""
    fmt = format_of(ruleset, settings)
    if fmt is None or not fmt.groups or not event.rounds:
        return []
    first = event.rounds[0]
    results = round_results(event, 0, ruleset, settings)
    seeds: dict[EntrantId, int] = {}
    if _complete(first, ruleset, settings):
        trimmed = Event(event.name, event.ruleset, event.settings, event.entrants, (first,))
        seeds = {q.entrant: q.seed for q in group_qualifiers(trimmed, ruleset, settings, fmt)}
    tables = []
    for index, table in enumerate(first.tables):
        ordered = sorted((results[p] for p in table.seats), key=lambda r: r.place)
        tables.append(
            GroupTable(
                group=table.group or group_label(index),
                table=table.number,
                rows=tuple(
                    GroupRow(r.entrant, r.rank, r.points, r.score, r.through, seeds.get(r.entrant))
                    for r in ordered
                ),
            )
        )
    return tables


@dataclass(frozen=True)
class KnockoutSeat:
    """A player at a knockout table: result, place and whether they went on."""

    entrant: EntrantId
    score: int | None
    turns: int | None
    place: int | None
    advanced: bool | None
    """Went on to the next round (None while unknown; the final's winner: True)."""


@dataclass(frozen=True)
class KnockoutTable:
    number: int
    seats: tuple[KnockoutSeat, ...]


@dataclass(frozen=True)
class KnockoutRound:
    number: int
    stage: str
    complete: bool
    tables: tuple[KnockoutTable, ...]


def knockout_rounds(event: Event, ruleset: RuleSet, settings: Settings) -> list[KnockoutRound]:
    """The knockout rounds, table by table, with who went on."""
    fmt = format_of(ruleset, settings)
    if fmt is None:
        return []
    rounds = []
    for index, round_ in enumerate(event.rounds):
        stage = stage_of(round_, index, fmt) or KNOCKOUT
        if stage == GROUP:
            continue
        complete = _complete(round_, ruleset, settings)
        results = round_results(event, index, ruleset, settings) if complete else {}
        went_on: set[EntrantId] | None = None
        if index + 1 < len(event.rounds):
            went_on = set(event.rounds[index + 1].seated())
        elif complete and stage == FINAL:
            went_on = {r.entrant for r in results.values() if r.place == 1}
        elif complete:
            trimmed = Event(
                event.name, event.ruleset, event.settings, event.entrants, event.rounds[: index + 1]
            )
            went_on = {q.entrant for q in table_advancers(trimmed, index, ruleset, settings, fmt)}
        tables = []
        for table in round_.tables:
            game = table.games[0] if table.games else None
            tables.append(
                KnockoutTable(
                    table.number,
                    tuple(
                        KnockoutSeat(
                            entrant=p,
                            score=game.scores[p] if game else None,
                            turns=game.turns[p] if game and game.turns else None,
                            place=results[p].place if p in results else None,
                            advanced=(p in went_on) if went_on is not None else None,
                        )
                        for p in sorted(
                            table.seats,
                            key=lambda p: results[p].place if p in results else 0,
                        )
                    ),
                )
            )
        rounds.append(KnockoutRound(round_.number, stage, complete, tuple(tables)))
    return rounds


def reached(
    event: Event, rounds: Sequence[Round], ruleset: RuleSet, settings: Settings
) -> dict[EntrantId, str]:
    """The last stage each player played in (``rounds``: the complete ones)."""
    fmt = format_of(ruleset, settings)
    stages: dict[EntrantId, str] = {}
    for index, round_ in enumerate(rounds):
        stage = stage_of(round_, index, fmt) or KNOCKOUT
        for player in round_.seated():
            stages[player] = stage
    return stages
