"""Check-in on the day (R-REG-3), pure: a registration as an entrant, who has not come, and
which waiting or late players to seat so that round 1 has the fewest tables off the normal
size."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from kolo.core.event import Entrant, EntrantId, Event
from kolo.core.rulesets import RuleSet
from kolo.core.settings import Settings


@dataclass(frozen=True)
class Entry:
    """What a registration enters: a name, a club, and a team's two members (a rule set of
    teams, where the partner is given)."""

    name: str
    club: str | None
    members: tuple[str, ...] = ()


def entry_of(name: str, club: str, partner: str, *, teams: bool) -> Entry:
    """The entrant a registration becomes. Under a rule set of teams (``RuleSet.teams``) the
    player and their partner are the team's two members and the team is named after both
    ("Jana & Petr"); otherwise the partner is not used."""
    name, club_or_none, partner = name.strip(), club.strip() or None, partner.strip()
    if teams and partner:
        return Entry(f"{name} & {partner}", club_or_none, (name, partner))
    return Entry(name, club_or_none)


def absent(event: Event, checked_in: Collection[EntrantId]) -> tuple[Entrant, ...]:
    """The entrants who would be paired in round 1 but have not checked in (R-REG-3): empty
    once round 1 is seated."""
    if event.rounds:
        return ()
    return tuple(e for e in event.entrants if e.active_in(1) and e.id not in checked_in)


@dataclass(frozen=True)
class Layout:
    """Round 1's tables for a number of players: their sizes (largest first), the byes, and
    how many tables are off the normal size; ``sizes`` None where the rule set cannot seat
    that many."""

    players: int
    sizes: tuple[int, ...] | None
    byes: int
    off_size: int

    @property
    def full(self) -> int:
        """Tables of the normal size."""
        return len(self.sizes or ()) - self.off_size


def layout(players: int, ruleset: RuleSet, settings: Settings) -> Layout:
    """How ``players`` sit in round 1 under the rule set (``RuleSet.layout``)."""
    found = ruleset.layout(players, settings)
    if found is None:
        return Layout(players, None, 0, 0)
    sizes, byes = found
    return Layout(players, sizes, byes, sum(1 for s in sizes if s != settings.table_size))


@dataclass(frozen=True)
class SeatingHint:
    """Round 1 as it stands, and with the players ``seat`` seated too."""

    now: Layout
    seat: tuple[str, ...]
    then: Layout

    @property
    def helps(self) -> bool:
        """Whether seating anyone makes round 1 better."""
        return bool(self.seat)


def _badness(found: Layout) -> tuple[int, int]:
    if found.sizes is None:
        return (1, 0)
    return (0, found.off_size + found.byes)


def seating_hint(
    checked_in: int, candidates: Sequence[str], ruleset: RuleSet, settings: Settings
) -> SeatingHint:
    """Which of ``candidates`` (waiting or late players, in the order they have a claim: late
    registered players first, then the waiting list) to seat so that round 1 has the fewest
    tables off the normal size and the fewest byes; among equally good counts, the most
    players play. With tables of 4 and 13 checked in, 3 more give 4 full tables."""
    options = [layout(checked_in + k, ruleset, settings) for k in range(len(candidates) + 1)]
    best = min(range(len(options)), key=lambda k: (_badness(options[k]), -k))
    return SeatingHint(options[0], tuple(candidates[:best]), options[best])
