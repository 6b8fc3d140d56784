"""The land tiles of Carcassonne's base game, as data, and their four rotations precomputed.

A tile is described in one orientation by its four edges (north, east, south, west: ``C`` city,
``R`` road, ``F`` field) and its features: cities (the sides they reach, and whether they carry a
pennant), roads (the sides they reach; a road ending at a village, a monastery or a junction
reaches one side), fields (the half-edges they reach, and the cities of the tile they touch) and
an optional monastery. A feature is known by its index on the tile: cities first, then roads,
fields, the monastery.

Half-edges ("ports") number the two halves of each side clockwise from the north-west corner:
0 north-west, 1 north-east, 2 east-north, 3 east-south, 4 south-east, 5 south-west,
6 west-south, 7 west-north. Port ``p`` meets port ``((p ^ 1) + 4) % 8`` of the neighbour across
its side. Turning a tile clockwise by ``r`` quarter turns moves side ``s`` to ``(s + r) % 4`` and
port ``p`` to ``(p + 2 r) % 8``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from kolo.core.problems import N_

N, E, S, W = 0, 1, 2, 3
FIELD, ROAD, CITY = 0, 1, 2
"""Edge kinds (two bits each in a placement's requirement key; 3 means "no neighbour")."""
K_CITY, K_ROAD, K_FIELD, K_MONASTERY = 0, 1, 2, 3
"""Feature kinds."""
KIND_NAMES = ("city", "road", "field", "monastery")
_EDGE = {"F": FIELD, "R": ROAD, "C": CITY}
_SIDES = {"N": N, "E": E, "S": S, "W": W}


@dataclass(frozen=True)
class TileType:
    """One kind of land tile, drawn as it is printed (north up)."""

    name: str
    count: int
    """How many the base game has (the start tile included in D's four)."""
    edges: str
    """North, east, south, west: C, R or F."""
    cities: tuple[tuple[str, bool], ...] = ()
    """Each city: the sides it reaches (``"NW"``) and whether it has a pennant."""
    roads: tuple[str, ...] = ()
    fields: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...] = ()
    """Each field: the ports it reaches and the indices of the tile's cities it touches."""
    monastery: bool = False
    description: str = ""

    @property
    def kinds(self) -> tuple[int, ...]:
        """The kind of each feature, by index."""
        return (
            (K_CITY,) * len(self.cities)
            + (K_ROAD,) * len(self.roads)
            + (K_FIELD,) * len(self.fields)
            + ((K_MONASTERY,) if self.monastery else ())
        )


ALL_PORTS = (0, 1, 2, 3, 4, 5, 6, 7)

BASE_TILES: tuple[TileType, ...] = (
    TileType("A", 2, "FFRF", roads=("S",), fields=((ALL_PORTS, ()),), monastery=True,
             description=N_("monastery with a road")),
    TileType("B", 4, "FFFF", fields=((ALL_PORTS, ()),), monastery=True,
             description=N_("monastery in a meadow")),
    TileType("C", 1, "CCCC", cities=(("NESW", True),),
             description=N_("city on all sides, pennant")),
    TileType("D", 4, "CRFR", cities=(("N", False),), roads=("EW",),
             fields=(((2, 7), (0,)), ((3, 4, 5, 6), ())),
             description=N_("city edge, straight road (the start tile)")),
    TileType("E", 5, "CFFF", cities=(("N", False),), fields=(((2, 3, 4, 5, 6, 7), (0,)),),
             description=N_("city edge")),
    TileType("F", 2, "FCFC", cities=(("EW", True),), fields=(((0, 1), (0,)), ((4, 5), (0,))),
             description=N_("city across, pennant")),
    TileType("G", 1, "FCFC", cities=(("EW", False),), fields=(((0, 1), (0,)), ((4, 5), (0,))),
             description=N_("city across")),
    TileType("H", 3, "CFCF", cities=(("N", False), ("S", False)),
             fields=(((2, 3, 6, 7), (0, 1)),), description=N_("two city edges, opposite")),
    TileType("I", 2, "CCFF", cities=(("N", False), ("E", False)),
             fields=(((4, 5, 6, 7), (0, 1)),), description=N_("two city edges, adjacent")),
    TileType("J", 3, "CRRF", cities=(("N", False),), roads=("ES",),
             fields=(((3, 4), ()), ((2, 5, 6, 7), (0,))), description=N_("city, road bends right")),
    TileType("K", 3, "CFRR", cities=(("N", False),), roads=("SW",),
             fields=(((5, 6), ()), ((2, 3, 4, 7), (0,))), description=N_("city, road bends left")),
    TileType("L", 3, "CRRR", cities=(("N", False),), roads=("E", "S", "W"),
             fields=(((2, 7), (0,)), ((3, 4), ()), ((5, 6), ())),
             description=N_("city edge, road junction")),
    TileType("M", 2, "CFFC", cities=(("NW", True),), fields=(((2, 3, 4, 5), (0,)),),
             description=N_("city corner, pennant")),
    TileType("N", 3, "CFFC", cities=(("NW", False),), fields=(((2, 3, 4, 5), (0,)),),
             description=N_("city corner")),
    TileType("O", 2, "CRRC", cities=(("NW", True),), roads=("ES",),
             fields=(((3, 4), ()), ((2, 5), (0,))),
             description=N_("city corner, road bend, pennant")),
    TileType("P", 3, "CRRC", cities=(("NW", False),), roads=("ES",),
             fields=(((3, 4), ()), ((2, 5), (0,))), description=N_("city corner, road bend")),
    TileType("Q", 1, "CCFC", cities=(("NEW", True),), fields=(((4, 5), (0,)),),
             description=N_("city on three sides, pennant")),
    TileType("R", 3, "CCFC", cities=(("NEW", False),), fields=(((4, 5), (0,)),),
             description=N_("city on three sides")),
    TileType("S", 2, "CCRC", cities=(("NEW", True),), roads=("S",),
             fields=(((4,), (0,)), ((5,), (0,))),
             description=N_("city on three sides, road, pennant")),
    TileType("T", 1, "CCRC", cities=(("NEW", False),), roads=("S",),
             fields=(((4,), (0,)), ((5,), (0,))), description=N_("city on three sides, road")),
    TileType("U", 8, "RFRF", roads=("NS",), fields=(((1, 2, 3, 4), ()), ((5, 6, 7, 0), ())),
             description=N_("straight road")),
    TileType("V", 9, "FFRR", roads=("SW",), fields=(((5, 6), ()), ((7, 0, 1, 2, 3, 4), ())),
             description=N_("road bend")),
    TileType("W", 4, "FRRR", roads=("E", "S", "W"),
             fields=(((7, 0, 1, 2), ()), ((3, 4), ()), ((5, 6), ())),
             description=N_("three-way junction")),
    TileType("X", 1, "RRRR", roads=("N", "E", "S", "W"),
             fields=(((1, 2), ()), ((3, 4), ()), ((5, 6), ()), ((7, 0), ())),
             description=N_("crossroads")),
)  # fmt: skip

TILE_INDEX = {t.name: i for i, t in enumerate(BASE_TILES)}
START = TILE_INDEX["D"]
"""The start tile is one of the four D tiles, placed north up at (0, 0) before the game."""
MEADOW_MONASTERY = TILE_INDEX["B"]
ROAD_MONASTERY = TILE_INDEX["A"]


@dataclass(frozen=True)
class Orientation:
    """A tile type turned ``rotation`` quarter turns clockwise, everything in board directions."""

    tile: int
    rotation: int
    edges: tuple[int, int, int, int]
    """Edge kind on each side (N, E, S, W)."""
    side_feature: tuple[int, int, int, int]
    """The city or road feature on each side, or -1 (a field edge)."""
    port_feature: tuple[int, ...]
    """The field feature at each of the 8 ports, or -1 (a city edge)."""
    kinds: tuple[int, ...]
    sides: tuple[int, ...]
    """How many sides each feature reaches (cities and roads; 0 for the others)."""
    pennants: tuple[int, ...]
    touches: tuple[tuple[int, ...], ...]
    """For each feature, the cities (feature indices) a field touches; () for the others."""
    fits: int
    """Bit ``key`` set when the tile fits a hole whose requirement key is ``key``."""
    feature_ports: tuple[tuple[int, ...], ...]
    """For each feature, the board sides (cities, roads) or ports (fields) it reaches."""


def _orient(index: int, tile: TileType, r: int) -> Orientation:
    edges = [0, 0, 0, 0]
    for s, ch in enumerate(tile.edges):
        edges[(s + r) % 4] = _EDGE[ch]
    side_feature = [-1, -1, -1, -1]
    port_feature = [-1] * 8
    kinds = tile.kinds
    sides: list[int] = []
    pennants: list[int] = []
    touches: list[tuple[int, ...]] = []
    reach: list[tuple[int, ...]] = []
    f = 0
    for where, pennant in tile.cities:
        for ch in where:
            side_feature[(_SIDES[ch] + r) % 4] = f
        sides.append(len(where))
        pennants.append(int(pennant))
        touches.append(())
        reach.append(tuple(sorted((_SIDES[ch] + r) % 4 for ch in where)))
        f += 1
    for where in tile.roads:
        for ch in where:
            side_feature[(_SIDES[ch] + r) % 4] = f
        sides.append(len(where))
        pennants.append(0)
        touches.append(())
        reach.append(tuple(sorted((_SIDES[ch] + r) % 4 for ch in where)))
        f += 1
    for ports, cities in tile.fields:
        for p in ports:
            port_feature[(p + 2 * r) % 8] = f
        sides.append(0)
        pennants.append(0)
        touches.append(cities)
        reach.append(tuple(sorted((p + 2 * r) % 8 for p in ports)))
        f += 1
    if tile.monastery:
        sides.append(0)
        pennants.append(0)
        touches.append(())
        reach.append(())
    fits = 0
    for key in range(256):
        if all((key >> (2 * s)) & 3 in (3, edges[s]) for s in range(4)):
            fits |= 1 << key
    return Orientation(
        index,
        r,
        (edges[0], edges[1], edges[2], edges[3]),
        (side_feature[0], side_feature[1], side_feature[2], side_feature[3]),
        tuple(port_feature),
        kinds,
        tuple(sides),
        tuple(pennants),
        tuple(touches),
        fits,
        tuple(reach),
    )


def _check(tile: TileType) -> None:
    """Every edge is covered by the right kind of feature (the data's own consistency)."""
    covered_sides = {(_SIDES[ch], K_CITY) for w, _p in tile.cities for ch in w}
    covered_sides |= {(_SIDES[ch], K_ROAD) for w in tile.roads for ch in w}
    ports = [p for ps, _c in tile.fields for p in ps]
    assert len(ports) == len(set(ports)), tile.name
    for s, ch in enumerate(tile.edges):
        if ch == "C":
            assert (s, K_CITY) in covered_sides, tile.name
            assert 2 * s not in ports, tile.name
            assert 2 * s + 1 not in ports, tile.name
        else:
            assert 2 * s in ports, tile.name
            assert 2 * s + 1 in ports, tile.name
            assert ((s, K_ROAD) in covered_sides) == (ch == "R"), tile.name


for _t in BASE_TILES:
    _check(_t)

ORIENTATIONS: tuple[tuple[Orientation, ...], ...] = tuple(
    tuple(_orient(i, t, r) for r in range(4)) for i, t in enumerate(BASE_TILES)
)
"""``ORIENTATIONS[tile][rotation]``."""


def _signature(o: Orientation) -> tuple[object, ...]:
    return (
        o.edges,
        tuple(sorted(zip(o.kinds, o.feature_ports, o.pennants, strict=True))),
    )


DISTINCT: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        r
        for r in range(4)
        if all(_signature(ORIENTATIONS[i][r]) != _signature(ORIENTATIONS[i][q]) for q in range(r))
    )
    for i in range(len(BASE_TILES))
)
"""The rotations of each tile that differ on the board (a crossroads has one, a straight road
two): placing a tile one way or a symmetric other way is one move."""


COMPASS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
"""The points of the compass, clockwise from north (a side ``s`` is point ``2 s``)."""
_PORT_AT = ((-1, 2), (1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1))
"""Where each port lies from the tile's centre (x east, y north, in quarters of a tile)."""


def place_of(o: Orientation, feature: int) -> str:
    """Where a feature of a tile, so turned, lies, in words any language can translate: a city's
    or road's sides (``"N"``, ``"E-W"``, ``"N-E-S-W"``), a field's side of the tile (one point
    of the compass, towards the middle of the half-edges it reaches), ``"around"`` for a field
    all round the tile, ``"middle"`` for one across its middle, ``""`` for a monastery. No two
    features of one kind on a tile share a place (a test checks every tile and turn)."""
    kind = o.kinds[feature]
    if kind == K_MONASTERY:
        return ""
    ports = o.feature_ports[feature]
    if kind != K_FIELD:
        return "-".join(COMPASS[2 * s] for s in ports)
    if len(ports) == 8:
        return "around"
    x = sum(_PORT_AT[p][0] for p in ports)
    y = sum(_PORT_AT[p][1] for p in ports)
    if x * x + y * y < 4:
        return "middle"
    return COMPASS[round((90 - math.degrees(math.atan2(y, x))) / 45) % 8]


def base_pile() -> list[int]:
    """The 71 tiles of the draw pile (the 72 land tiles less the start tile), by type."""
    pile = [i for i, t in enumerate(BASE_TILES) for _ in range(t.count)]
    pile.remove(START)
    return pile


def _same_kind_groups(tile: TileType) -> tuple[tuple[int, ...], ...]:
    groups = []
    if len(tile.cities) > 1:
        groups.append(tuple(range(len(tile.cities))))
    if len(tile.roads) > 1:
        groups.append(tuple(range(len(tile.cities), len(tile.cities) + len(tile.roads))))
    return tuple(groups)


SAME_KIND: tuple[tuple[tuple[int, ...], ...], ...] = tuple(_same_kind_groups(t) for t in BASE_TILES)
"""For each tile, its groups of separate cities or roads (H's two cities, a junction's roads): a
city or road that reaches one tile twice counts that tile once."""
