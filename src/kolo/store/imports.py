"""An event stored from a kolo-event/1 file."""

from __future__ import annotations

import re
from typing import Any

from kolo.core import event as core
from kolo.core.limits import check_field
from kolo.core.standings import round_complete
from kolo.eventfile.writer import to_document
from kolo.store import models
from kolo.store.audit import Actor, atomic, write_audit
from kolo.store.entrants import members_document
from kolo.store.events import check_whole, new_event_row
from kolo.store.mapping import ruleset_of
from kolo.store.rounds import table_code


@atomic
def import_event(
    actor: Actor, event_value: core.Event, key: str | None = None, owner: Any = None
) -> models.Event:
    """Store a whole event read from a file; complete rounds are stored closed."""
    check_field(len(event_value.entrants))
    check_whole(event_value)
    event = new_event_row(event_value.name, event_value.ruleset, event_value.settings, key)
    if owner is not None:
        models.EventRole.objects.create(event=event, user=owner, role=models.EventRole.OWNER)
    numbers = [int(e.id[1:]) for e in event_value.entrants if re.fullmatch(r"p\d+", e.id)]
    event.entrant_counter = max(numbers, default=0)
    event.save(update_fields=["entrant_counter"])
    entrants = {}
    for position, e in enumerate(event_value.entrants, start=1):
        entrants[e.id] = models.Entrant.objects.create(
            event=event,
            code=e.id,
            name=e.name,
            club=e.club,
            dropped_after_round=e.dropped_after_round,
            position=position,
            player=e.player,
            members=members_document(e.members),
        )
    ruleset, settings = ruleset_of(event)
    for r in event_value.rounds:
        round_ = models.Round.objects.create(
            event=event,
            number=r.number,
            seed=r.seed,
            closed=round_complete(r, ruleset, settings),
            stage=r.stage,
        )
        round_.byes.set([entrants[b] for b in r.byes])
        for t in r.tables:
            table = models.Table.objects.create(
                round=round_,
                number=t.number,
                code=table_code(),
                setup=t.setup.document() if t.setup is not None else None,
                group=t.group,
            )
            models.Seat.objects.bulk_create(
                models.Seat(table=table, round=round_, entrant=entrants[code], position=i)
                for i, code in enumerate(t.seats)
            )
            for g_number, g in enumerate(t.games, start=1):
                game = models.Game.objects.create(
                    table=table,
                    number=g_number,
                    ended_by_time_limit=g.ended_by_time_limit,
                    seats=list(g.seats) if g.seats is not None else None,
                    hands=g.record.document() if g.record is not None else None,
                )
                models.Score.objects.bulk_create(
                    models.Score(
                        game=game,
                        entrant=entrants[code],
                        points=g.scores[code],
                        turns=g.turns[code] if g.turns is not None else None,
                    )
                    for code in t.seats
                )
    write_audit(
        event,
        actor,
        "event.import",
        f"imported event '{event.name}' ({len(event_value.entrants)} entrants, "
        f"{len(event_value.rounds)} rounds)",
        after=to_document(event_value),
    )
    return event
