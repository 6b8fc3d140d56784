"""Rows and core values: an event found by key, read as a core value with its rules, its
standings and its kolo-event/1 document; an entrant or a round named by the user."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kolo.changes.results import named_entrant
from kolo.core import elimination
from kolo.core import event as core
from kolo.core.problems import N_, InvalidInput
from kolo.core.settings import Settings
from kolo.core.standings import Standings, compute
from kolo.core.standings import bracket as core_bracket
from kolo.eventfile.writer import to_document
from kolo.games import rulesets
from kolo.store import loading, models

if TYPE_CHECKING:
    pass


def find_event(ref: str) -> models.Event:
    """The event with this key (or numeric id)."""
    event = models.Event.objects.filter(key=ref).first()
    if event is None and ref.isascii() and ref.isdigit() and len(ref) <= 15:
        event = models.Event.objects.filter(pk=int(ref)).first()
    if event is None:
        raise InvalidInput.one(
            N_("no event '{ref}' in the store (kolo event list shows them)"), path="EVENT", ref=ref
        )
    return event


def ruleset_of(event: models.Event) -> tuple[rulesets.RuleSet, Settings]:
    """The event's rule set and the settings in force."""
    ruleset = rulesets.get(event.ruleset)
    return ruleset, ruleset.settings(event.settings)


def to_core(event: models.Event) -> core.Event:
    """The stored event as a core value (what standings, pairing and export read)."""
    return loading.core_event(event)


def standings(event: models.Event, through_round: int | None = None) -> Standings:
    """The standings, computed by the core from the stored results (principle 2)."""
    ruleset, settings = ruleset_of(event)
    return compute(to_core(event), ruleset, settings, through_round)


def bracket(event: models.Event) -> elimination.State | None:
    """The bracket after the Swiss rounds as the results leave it (None: none started)."""
    ruleset, settings = ruleset_of(event)
    return core_bracket(to_core(event), ruleset, settings)


def bracket_decided(event: models.Event) -> bool:
    """Whether the event's bracket has its champion."""
    state = bracket(event)
    return state is not None and state.champion is not None


def export_document(event: models.Event) -> dict[str, Any]:
    """The event as a ``kolo-event/1`` document."""
    return to_document(to_core(event))


def resolve_entrant(event: models.Event, ref: str) -> models.Entrant:
    """The entrant named by id (``p7``, any letter case) or by exact name (any letter case)."""
    rows = {e.code: e for e in event.entrants.all()}
    code = named_entrant([(c, e.name) for c, e in rows.items()], ref, event.key)
    return rows[code]


def get_round(event: models.Event, number: int | None) -> models.Round:
    """Round ``number`` of the event, or its last round."""
    rounds = event.rounds.all()
    found = rounds.filter(number=number).first() if number is not None else rounds.last()
    if found is None:
        if number is None:
            raise InvalidInput.one(
                N_("event {event} has no rounds yet"), path="ROUND", event=event.key
            )
        raise InvalidInput.one(
            N_("event {event} has no round {number}"), path="ROUND", event=event.key, number=number
        )
    return found


def get_table(round_: models.Round, number: int) -> models.Table:
    """Table ``number`` of the round, or ``InvalidInput`` saying the round has none."""
    table = round_.tables.filter(number=number).first()
    if table is None:
        raise InvalidInput.one(
            N_("round {round} has no table {table}"),
            path="TABLE",
            round=round_.number,
            table=number,
        )
    return table
