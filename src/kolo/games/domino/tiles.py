"""Domino sets as bit masks (R-DOMINO-1).

A set of double-``n`` has every pair of numbers 0…n exactly once: (n+1)(n+2)/2 tiles — 28 for
double-six, 55 for double-nine (the source's 54 is a miscount), 91 for double-twelve. A tile
is an index into the set; a hand is an ``int`` whose bit ``i`` says the tile ``i`` is in it, so
"which of my tiles fit an end" is one ``&`` with the mask of the tiles that carry that number.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache


@dataclass(frozen=True)
class TileSet:
    """A double-``top`` set: its tiles, their pips and the masks by number."""

    top: int
    tiles: tuple[tuple[int, int], ...]
    """Tile ``i`` as (low, high)."""
    pips: tuple[int, ...]
    """The pips of tile ``i`` (what a tile left in hand counts)."""
    with_number: tuple[int, ...]
    """``with_number[v]``: the mask of the tiles that carry ``v``."""

    @property
    def size(self) -> int:
        return len(self.tiles)

    @property
    def everything(self) -> int:
        """The mask of the whole set."""
        return (1 << len(self.tiles)) - 1

    def index(self, a: int, b: int) -> int:
        """The index of tile ``a``/``b`` (in either order)."""
        return self.tiles.index((min(a, b), max(a, b)))

    def hand_pips(self, hand: int) -> int:
        """The pips of every tile in ``hand``."""
        total = 0
        while hand:
            low = hand & -hand
            total += self.pips[low.bit_length() - 1]
            hand ^= low
        return total

    def members(self, hand: int) -> list[int]:
        """The tiles of ``hand``, lowest index first."""
        found = []
        while hand:
            low = hand & -hand
            found.append(low.bit_length() - 1)
            hand ^= low
        return found

    def name(self, tile: int) -> str:
        low, high = self.tiles[tile]
        return f"{low}|{high}"


@cache
def double(top: int) -> TileSet:
    """The double-``top`` set (6, 9 or 12 in the sources; any from 1 to 20 here)."""
    if not 1 <= top <= 20:
        raise ValueError(f"a domino set goes up to a double of 1 to 20, not {top}")
    tiles = tuple((a, b) for a in range(top + 1) for b in range(a, top + 1))
    with_number = tuple(
        sum(1 << i for i, (a, b) in enumerate(tiles) if v in (a, b)) for v in range(top + 1)
    )
    return TileSet(top, tiles, tuple(a + b for a, b in tiles), with_number)
