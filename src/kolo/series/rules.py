"""The rules of tours as data (R-TOUR-*), by the stable id a series names them by (``rules``).

A tour leads to a championship: its rules are declared in that championship's module of
``kolo.series`` (``QualificationSystem.tours``), and a new season's rules are a new entry
there, not new branches elsewhere (DESIGN.md principle 4). This module lists them from the
systems ``kolo.series.systems`` registers; what tour rules are is ``system.TourRules``.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from kolo.series.system import TourRules
from kolo.series.systems import SYSTEMS

TOURS: Mapping[str, TourRules] = MappingProxyType(
    {tour.id: tour for system in SYSTEMS.values() for tour in system.tours}
)
"""Every tour's rules, by id, in the order of the systems and their tours."""

DEFAULT: str | None = next(iter(TOURS), None)
"""The tour rules a new series scores by unless told otherwise: the first listed."""
