"""Who has sat with whom: the history every pairing rule and criterion reads."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import combinations

from kolo.core.event import EntrantId, Round


@dataclass(frozen=True)
class History:
    """Meetings in earlier rounds."""

    pairs: Counter[frozenset[EntrantId]]
    """How many earlier rounds each two players sat at one table."""
    triples: frozenset[frozenset[EntrantId]]
    """Every three players who sat at one earlier table together."""
    duos: frozenset[frozenset[EntrantId]]
    """Every earlier table of exactly two players."""
    byes: Counter[EntrantId]
    """Byes each entrant has had."""

    @classmethod
    def of(cls, rounds: Iterable[Round]) -> History:
        """The history of the given rounds."""
        pairs: Counter[frozenset[EntrantId]] = Counter()
        triples: set[frozenset[EntrantId]] = set()
        duos: set[frozenset[EntrantId]] = set()
        byes: Counter[EntrantId] = Counter()
        for round_ in rounds:
            byes.update(round_.byes)
            for table in round_.tables:
                pairs.update(frozenset(p) for p in combinations(table.seats, 2))
                triples.update(frozenset(t) for t in combinations(table.seats, 3))
                if len(table.seats) == 2:
                    duos.add(frozenset(table.seats))
        return cls(pairs, frozenset(triples), frozenset(duos), byes)

    def repeated_group(self, seats: Iterable[EntrantId]) -> frozenset[EntrantId] | None:
        """Players of a table that R-GORN-4 forbids together again: three who sat at one
        earlier table, or a table of two that repeats an earlier table of those two."""
        players = tuple(seats)
        if len(players) == 2 and frozenset(players) in self.duos:
            return frozenset(players)
        for triple in combinations(players, 3):
            if frozenset(triple) in self.triples:
                return frozenset(triple)
        return None
