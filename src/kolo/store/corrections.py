"""Correcting a result of a closed round: R-EVT-3's explicit correction.

A closed round can be reopened only while the next round is not paired. After that, a
result can still be corrected explicitly: the standings after it are computed again from
the corrected results, the later rounds stay as they were played, and the organiser is
told first (``preview``) what changes in the standings and which later tables would have
been paired differently had the result been right. That is found by pairing each later
round again with the corrected history, with the round's own seed and the event's
settings, within a smaller work budget (``WHAT_IF_SECONDS``) so the answer stays quick.

``correct`` makes the correction: one transaction, one audit entry (``result.correct``)
that keeps the old and the new result and what the correction changed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from kolo.changes import results
from kolo.changes.corrections import refuse_changed_meanwhile
from kolo.core import event as core
from kolo.core.problems import N_, InvalidInput, NoValidPairing
from kolo.core.standings import Standings, compute
from kolo.store import api as store
from kolo.store import models
from kolo.store.audit import event_version, lock_event
from kolo.store.loading import stored_table
from kolo.store.results import write_result

WHAT_IF_SECONDS = 3.0
"""The most work seconds one later round's what-if pairing may take (less where the
event's setting ``time_limit`` is smaller)."""


@dataclass(frozen=True)
class StandingChange:
    """One entrant whose rank or points the correction changes (standings now)."""

    code: str
    name: str
    rank_before: int
    rank_after: int
    points_before: Fraction
    points_after: Fraction


@dataclass(frozen=True)
class LaterRound:
    """A round paired after the corrected one: the tables that would have differed."""

    number: int
    played: tuple[tuple[int, tuple[str, ...]], ...]
    """The tables as played (number, seats) that the what-if pairing does not have."""
    would_be: tuple[tuple[str, ...], ...]
    """The what-if pairing's tables (seats) that were not played."""
    note: str | None = None
    """Why the comparison may show differences the correction did not cause (an
    ``N_`` message), or why there is no what-if pairing."""
    note_params: Mapping[str, Any] | None = None

    @property
    def unchanged(self) -> bool:
        return not self.played and not self.would_be and self.note is None


@dataclass(frozen=True)
class Preview:
    """What a correction of a closed round's result would change."""

    round_number: int
    table_number: int
    game_number: int
    version: int
    """The game's version now (a correction made later must name it)."""
    before: dict[str, Any]
    after: dict[str, Any]
    after_round: int
    """The standings compared are those after this round."""
    standings: tuple[StandingChange, ...]
    later: tuple[LaterRound, ...]
    budget: float
    """The work seconds each what-if pairing had."""

    def audit(self) -> dict[str, Any]:
        """What the audit entry keeps of it."""
        differing = {str(r.number): [n for n, _seats in r.played] for r in self.later if r.played}
        rounds = ", ".join(
            f"round {n} table{'s' if len(t) > 1 else ''} {', '.join(map(str, t))}"
            for n, t in differing.items()
        )
        summary = (
            "R-EVT-3: standings recomputed"
            + (
                f", {len(self.standings)} entrants' rank or points changed"
                if self.standings
                else ""
            )
            + (
                f"; later rounds stay as played, paired differently had the result been right: "
                f"{rounds}"
                if rounds
                else (
                    "; later rounds stay as played, none would have been paired differently"
                    if self.later
                    else ""
                )
            )
        )
        return {
            "summary": summary,
            "standings": [
                {
                    "entrant": c.code,
                    "rank": [c.rank_before, c.rank_after],
                    "points": [str(c.points_before), str(c.points_after)],
                }
                for c in self.standings
            ],
            "later_tables_differ": differing,
            "what_if_budget": self.budget,
        }


def _corrected_event(
    value: core.Event, round_number: int, table_number: int, game_number: int, game: core.Game
) -> core.Event:
    rounds = []
    for round_ in value.rounds:
        if round_.number == round_number:
            tables = tuple(
                replace(
                    t,
                    games=tuple(game if i + 1 == game_number else g for i, g in enumerate(t.games)),
                )
                if t.number == table_number
                else t
                for t in round_.tables
            )
            round_ = replace(round_, tables=tables)
        rounds.append(round_)
    return replace(value, rounds=tuple(rounds))


def _standing_changes(before: Standings, after: Standings) -> tuple[StandingChange, ...]:
    old = {r.entrant.id: r for r in before.rows}
    changes = []
    for row in after.rows:
        was = old.get(row.entrant.id)
        if was is None or (was.rank, was.points) != (row.rank, row.points):
            changes.append(
                StandingChange(
                    code=row.entrant.id,
                    name=row.entrant.name,
                    rank_before=was.rank if was else 0,
                    rank_after=row.rank,
                    points_before=was.points if was else Fraction(0),
                    points_after=row.points,
                )
            )
    return tuple(changes)


def _how_paired(event: models.Event) -> dict[int, dict[str, Any]]:
    """For each round: how its seating came about (from the audit trail)."""
    how: dict[int, dict[str, Any]] = {}
    for entry in models.AuditEntry.objects.filter(
        event=event, action__in=("round.pair", "round.new", "round.swap", "round.delete")
    ).order_by("at", "id"):
        after = entry.after if isinstance(entry.after, dict) else {}
        if entry.action == "round.delete":
            before = entry.before if isinstance(entry.before, dict) else {}
            how.pop(int(before.get("number", 0)), None)
        elif entry.action == "round.swap":
            number = max(how, default=0)
            if number:
                how[number] = {**how[number], "swapped": True}
        elif "number" in after:
            how[int(after["number"])] = {
                "engine": entry.action == "round.pair",
                "budget": after.get("work_budget"),
                "relaxed": list(after.get("relaxed", [])),
            }
    return how


def _what_if(
    event: models.Event,
    corrected: core.Event,
    round_number: int,
    budget: float,
) -> tuple[LaterRound, ...]:
    from kolo.pairing.engine import propose

    ruleset, settings = store.ruleset_of(event)
    how = _how_paired(event)
    ratings: dict[str, float] | None = None
    later = []
    for index, played in enumerate(corrected.rounds):
        if played.number <= round_number:
            continue
        seen = how.get(played.number, {})
        if played.seed is None or not seen.get("engine"):
            later.append(LaterRound(played.number, (), (), N_("seated by hand: no what-if")))
            continue
        if ratings is None and settings.seeding == "rating":
            ratings = store.ratings_before(event)
        history = replace(corrected, rounds=corrected.rounds[:index])
        try:
            proposal = propose(
                history,
                ruleset,
                settings,
                seed=played.seed,
                time_limit=budget,
                relax=seen.get("relaxed", []),
                ratings=ratings,
                explain=False,
            )
        except (NoValidPairing, InvalidInput):
            later.append(
                LaterRound(
                    played.number,
                    (),
                    (),
                    N_("with the corrected result the round could not have been paired as it was"),
                )
            )
            continue
        played_sets = {frozenset(t.seats) for t in played.tables}
        proposed_sets = {frozenset(t.seats) for t in proposal.tables}
        note = None
        params = None
        if seen.get("swapped"):
            note = N_("seats were swapped after pairing: not every difference is the correction's")
        elif float(seen.get("budget") or 0) > budget:
            note = N_(
                "this pairing again was searched more briefly than the round was (so that the "
                "answer comes quickly): some differences may come from the shorter search, "
                "not from the correction"
            )
        later.append(
            LaterRound(
                played.number,
                tuple(
                    (t.number, t.seats)
                    for t in played.tables
                    if frozenset(t.seats) not in proposed_sets
                ),
                tuple(t.seats for t in proposal.tables if frozenset(t.seats) not in played_sets),
                note,
                params,
            )
        )
    return tuple(later)


def preview(
    event: models.Event,
    round_number: int,
    table_number: int,
    scores: Mapping[str, int],
    *,
    turns: Mapping[str, int] | None = None,
    game_number: int | None = None,
    ended_by_time_limit: bool | None = None,
) -> Preview:
    """What correcting this result of a closed round would change (nothing is stored)."""
    value = store.to_core(event)
    table, number = results.closed_game(value, event.key, round_number, table_number, game_number)
    game = models.Game.objects.get(
        table__round__event=event,
        table__round__number=round_number,
        table__number=table_number,
        number=number,
    )
    by_code, turns_by_code = results.read_scores(value, event.key, table, scores, turns)
    before = store.game_document(game)
    if turns_by_code is None and "turns" in before:
        turns_by_code = dict(before["turns"])
    if ended_by_time_limit is None:
        ended_by_time_limit = game.ended_by_time_limit
    after: dict[str, Any] = {
        "game": game.number,
        "scores": {c: by_code[c] for c in before["scores"] if c in by_code},
    }
    if turns_by_code:
        after["turns"] = {c: turns_by_code[c] for c in before["scores"] if c in turns_by_code}
    after["ended_by_time_limit"] = ended_by_time_limit
    old_game = table.games[game.number - 1]
    new_game = replace(
        old_game,
        scores=dict(by_code),
        turns=dict(turns_by_code) if turns_by_code else None,
        ended_by_time_limit=ended_by_time_limit,
    )
    corrected = _corrected_event(value, round_number, table_number, game.number, new_game)
    ruleset, settings = store.ruleset_of(event)
    standings_before = compute(value, ruleset, settings)
    standings_after = compute(corrected, ruleset, settings)
    budget = min(settings.time_limit, WHAT_IF_SECONDS)
    return Preview(
        round_number=round_number,
        table_number=table_number,
        game_number=game.number,
        version=game.version,
        before=before,
        after=after,
        after_round=standings_after.after_round,
        standings=_standing_changes(standings_before, standings_after),
        later=_what_if(event, corrected, round_number, budget),
        budget=budget,
    )


def correct(
    actor: store.Actor,
    event: models.Event,
    round_number: int,
    table_number: int,
    scores: Mapping[str, int],
    *,
    turns: Mapping[str, int] | None = None,
    game_number: int | None = None,
    ended_by_time_limit: bool | None = None,
    expected_version: int | None = None,
) -> tuple[Preview, models.Game, dict[str, Any] | None]:
    """Correct a closed round's result (R-EVT-3): what it changes is worked out first
    (outside the event's lock: the what-if pairings take a while), then stored in one
    transaction if nothing changed meanwhile. ``expected_version``: the game's version
    the organiser saw (a result changed meanwhile is refused)."""
    for _attempt in range(2):
        seen = event_version(event.pk)
        shown = preview(
            event,
            round_number,
            table_number,
            scores,
            turns=turns,
            game_number=game_number,
            ended_by_time_limit=ended_by_time_limit,
        )
        refuse_changed_meanwhile(shown.version, expected_version)
        try:
            game, before = _store(actor, event, shown, seen, turns, ended_by_time_limit)
        except _Changed:
            continue  # the event changed while the what-if ran: work it out again
        return shown, game, before
    raise InvalidInput.one(
        N_("the event keeps changing meanwhile; try the correction again"), path="version"
    )


class _Changed(Exception):
    pass


@store.atomic
def _store(
    actor: store.Actor,
    event: models.Event,
    shown: Preview,
    seen: int,
    turns: Mapping[str, int] | None,
    ended_by_time_limit: bool | None,
) -> tuple[models.Game, dict[str, Any] | None]:
    locked = lock_event(event)
    if event_version(event.pk) != seen:
        raise _Changed
    stored, ruleset, settings = stored_table(locked, shown.round_number, shown.table_number)
    entry = results.Entry(
        shown.round_number,
        shown.table_number,
        shown.after["scores"],
        turns,
        shown.game_number,
        ended_by_time_limit,
        expected_version=shown.version,
        closed_round=shown.audit(),
    )
    change = results.record_result(stored, ruleset, settings, entry)
    return write_result(actor, locked, shown.round_number, change)
