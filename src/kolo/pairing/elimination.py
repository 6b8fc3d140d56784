"""The bracket's next round after the Swiss rounds (R-DOMINO-11): the matches whose two teams
the results have decided, each a table of two (``kolo.core.elimination``)."""

from __future__ import annotations

from kolo.core import elimination
from kolo.core.event import EntrantId, Event
from kolo.core.problems import N_, InvalidInput, NoValidPairing
from kolo.core.rulesets import RuleSet
from kolo.core.settings import Settings
from kolo.core.standings import bracket


def due(event: Event, settings: Settings) -> bool:
    """Whether the next round is the bracket's: the setting ``playoff`` and the Swiss rounds
    played."""
    swiss = sum(1 for r in event.rounds if r.stage != elimination.PLAYOFF)
    return settings.playoff != "none" and swiss >= settings.rounds


def next_tables(
    event: Event, ruleset: RuleSet, settings: Settings
) -> tuple[list[tuple[str, tuple[EntrantId, EntrantId]]], tuple[EntrantId, ...]]:
    """The next bracket round's matches (their ids and two teams, the winners' bracket
    first) and the bracket's seeds; refused when the bracket has its champion."""
    state = bracket(event, ruleset, settings, starting=True)
    assert state is not None
    if state.problems:
        raise InvalidInput(list(state.problems))
    if len(state.seeds) < 2:
        raise NoValidPairing(
            "R-DOMINO-11",
            N_("a bracket needs two teams; the Swiss standings have {count} active"),
            None,
            count=len(state.seeds),
        )
    if state.champion is not None:
        names = {e.id: e.name for e in event.entrants}
        raise InvalidInput.one(
            N_("the bracket is decided: {name} won the event"),
            path="ROUND",
            name=names.get(state.champion, state.champion),
        )
    ready = state.ready()
    order = sorted(ready, key=lambda i: ("WLG".index(state.matches[i].id[0]), i))
    tables = []
    for index in order:
        side = state.sides[index]
        assert side is not None
        a, b = side
        assert a is not None
        assert b is not None
        tables.append((state.matches[index].id, (a, b)))
    return tables, state.seeds
