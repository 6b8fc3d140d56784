"""How many players a group stage sends to the knockout, and why (R-NBGL-3, R-NBGL-6).

The knockout wants ``qualifiers`` players (16: the quarter-finals). Each group sends at most its
winner and its second, so a field of few groups cannot fill 16: the knockout then starts with 8
(the semi-finals), or 4 (the final). Organisers see the number change as entrants come and go;
this says by how much and why, in numbers the desk puts into words."""

from __future__ import annotations

from dataclasses import dataclass

from kolo.core.knockout import Format, knockout_size, layout, stage_name


@dataclass(frozen=True)
class QualifierPlan:
    """The group stage of a field and what it sends on."""

    players: int
    groups: int
    wanted: int
    """The qualifiers the event's settings ask for."""
    count: int
    """The qualifiers the field gives."""
    available: int
    """Winners and seconds of all the groups (at most the field)."""
    first_stage: str
    """The knockout's first round: ``quarter-final``, ``semi-final``, ``final``, …"""

    @property
    def reduced(self) -> bool:
        """Fewer go through than the settings ask for."""
        return self.count < self.wanted


def qualifier_plan(players: int, fmt: Format) -> QualifierPlan | None:
    """The plan for a field of ``players``; ``None`` without a group stage or when the field
    cannot be seated in groups."""
    if not fmt.groups:
        return None
    sizes = layout(players, fmt.table_size)
    if sizes is None:
        return None
    groups = len(sizes)
    count = knockout_size(players, fmt.qualifiers, fmt.table_size, groups)
    tables = max(1, count // fmt.table_size)
    return QualifierPlan(
        players=players,
        groups=groups,
        wanted=fmt.qualifiers,
        count=count,
        available=min(players, 2 * groups),
        first_stage=stage_name(tables),
    )
