"""The qualification systems a series can run, by the name series files use
(``qualification.system``): a new championship's system is a module of ``kolo.series`` and a
line here."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from kolo.series.carcassonne import Carcassonne
from kolo.series.dominion import Dominion
from kolo.series.system import QualificationSystem

SYSTEMS: Mapping[str, QualificationSystem] = MappingProxyType(
    {system.rules.system: system for system in (Dominion(), Carcassonne())}
)
