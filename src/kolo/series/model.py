"""A series as values: its events with the facts the series records about each, and the
qualification it runs (what each system adds is in its own module, found through
``kolo.series.systems``)."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from pathlib import Path

from kolo.core.event import Event

KINDS = ("main", "local", "last-chance")
"""What kind of qualifier an event is (``events[].kind``); absent: not a qualifier."""


@dataclass(frozen=True)
class SeriesEvent:
    """One event of a series: the facts the series records about it, and the event itself."""

    index: int
    """Its position in the series document's ``events`` (0-based)."""
    file: str
    """The file as the series document names it; identifies the event in every output."""
    path: Path
    """Where the file is (relative paths are taken from the series file's folder)."""
    city: str
    date: datetime.date
    published: bool
    """Officially published; an unpublished event counts for nothing (R-TOUR-1)."""
    kind: str | None
    """``main``, ``local`` or ``last-chance`` qualifier; ``None``: not a qualifier."""
    declined: tuple[str, ...]
    """Players (series identities) who declined a qualifying place from this event
    (R-QUAL-2), as the organiser marks them."""
    event: Event

    @property
    def order(self) -> tuple[datetime.date, int]:
        """Date order; events on one day in the order the series lists them."""
        return (self.date, self.index)


class Qualification:
    """A series' championship qualification, as its document sets it: each system's value
    (a frozen dataclass in the system's module) has these, and what the system adds."""

    system: str
    """The system's name in series files (``qualification.system``); its rules are
    ``kolo.series.systems.SYSTEMS[system]``."""
    field_size: int | None
    """The target size of the final that last-chance events fill up to."""
    pass_down: bool
    """A place whose player already holds one or declines passes to the next (R-QUAL-2)."""

    @property
    def holders(self) -> tuple[str, ...]:
        """Players qualified before any event of the series."""
        raise NotImplementedError


@dataclass(frozen=True)
class Series:
    """A whole ``kolo-series/1`` document with its events loaded."""

    name: str
    rules: str | None
    """The tour rules' id (``kolo.series.rules.TOURS``); ``None``: no tour points."""
    championship_top7: frozenset[str]
    """Players who placed in the top 7 of a Czech championship since 2016 (R-TOUR-3)."""
    events: tuple[SeriesEvent, ...]
    """In the order the document lists them."""
    qualification: Qualification | None

    def in_date_order(self) -> tuple[SeriesEvent, ...]:
        """The events by date (same day: as listed)."""
        return tuple(sorted(self.events, key=lambda e: e.order))
