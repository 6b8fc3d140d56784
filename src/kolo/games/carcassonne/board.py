"""The board: placed tiles, the features they form (union-find over the tiles' feature
segments), followers, and scoring (RULES.md R-CARC-1 … R-CARC-6).

A square of the board is one integer, ``(y + 128) * 256 + (x + 128)`` (x grows east, y grows
south); the start tile stands at (0, 0). Each placed tile adds one *segment* per feature; the
segments of a city, road or field that run across tiles are joined in a union-find, whose root
holds what the whole feature needs: open edges (a city or road with none is completed),
segments, pennants and the followers on it (4 bits a player, so joining two features adds them).
"""

from __future__ import annotations

from kolo.games.carcassonne.tiles import (
    K_CITY,
    K_FIELD,
    K_MONASTERY,
    K_ROAD,
    ORIENTATIONS,
    SAME_KIND,
    Orientation,
)

STRIDE = 256
OFFSET = 128
STEP = (-STRIDE, 1, STRIDE, -1)
"""The neighbour across each side: north, east, south, west."""
AROUND = (-STRIDE - 1, -STRIDE, -STRIDE + 1, -1, 1, STRIDE - 1, STRIDE, STRIDE + 1)
FREE = 255
"""The requirement key of a square with no neighbours (every side 3: anything goes)."""


def square(x: int, y: int) -> int:
    """The square at column ``x``, row ``y``."""
    if not (-OFFSET < x < OFFSET and -OFFSET < y < OFFSET):
        raise ValueError(f"square ({x}, {y}) is off the board")
    return (y + OFFSET) * STRIDE + (x + OFFSET)


def coordinates(pos: int) -> tuple[int, int]:
    """The (x, y) of a square."""
    return (pos % STRIDE - OFFSET, pos // STRIDE - OFFSET)


def opposite_port(p: int) -> int:
    """The neighbour's port that meets port ``p``."""
    return ((p ^ 1) + 4) & 7


class Board:
    """Tiles, features and followers; no turn order (that is ``game.Game``)."""

    __slots__ = (
        "base",
        "cells",
        "city_points",
        "cloisters",
        "field_points",
        "followers",
        "holes",
        "kind",
        "meeples",
        "multi",
        "open",
        "parent",
        "pennants",
        "placed",
        "players",
        "scores",
        "size",
        "small_city_points",
        "supply",
        "touches",
    )

    def __init__(
        self,
        players: int,
        followers: int = 7,
        city_points: int = 2,
        small_city_points: int = 2,
        field_points: int = 3,
    ) -> None:
        self.players = players
        self.city_points = city_points
        self.small_city_points = small_city_points
        self.field_points = field_points
        self.cells: dict[int, int] = {}
        """Square → index of the tile placed there."""
        self.placed: list[tuple[int, int, int]] = []
        """Each placed tile: (type, rotation, square), in the order placed."""
        self.base: list[int] = []
        """The first segment of each placed tile."""
        self.parent: list[int] = []
        self.kind: list[int] = []
        self.open: list[int] = []
        self.size: list[int] = []
        self.pennants: list[int] = []
        self.meeples: list[int] = []
        self.touches: list[tuple[int, ...]] = []
        """Field segment → the city segments of its tile it touches."""
        self.multi: list[tuple[int, ...]] = []
        self.holes: dict[int, int] = {}
        """Empty square next to a tile → its requirement key (2 bits a side)."""
        self.cloisters: dict[int, int] = {}
        """Square → the monastery segment of the tile there."""
        self.followers: list[tuple[int, int]] = []
        """Followers standing: (segment, player)."""
        self.supply = [followers] * players
        self.scores = [0] * players

    def copy(self) -> Board:
        """An independent copy (for bots that look ahead)."""
        other = Board.__new__(Board)
        other.players = self.players
        other.city_points = self.city_points
        other.small_city_points = self.small_city_points
        other.field_points = self.field_points
        other.cells = self.cells.copy()
        other.placed = self.placed.copy()
        other.base = self.base.copy()
        other.parent = self.parent.copy()
        other.kind = self.kind.copy()
        other.open = self.open.copy()
        other.size = self.size.copy()
        other.pennants = self.pennants.copy()
        other.meeples = self.meeples.copy()
        other.touches = self.touches.copy()
        other.multi = self.multi.copy()
        other.holes = self.holes.copy()
        other.cloisters = self.cloisters.copy()
        other.followers = self.followers.copy()
        other.supply = self.supply.copy()
        other.scores = self.scores.copy()
        return other

    # --- union-find -------------------------------------------------------------------------

    def find(self, s: int) -> int:
        parent = self.parent
        while parent[s] != s:
            parent[s] = parent[parent[s]]
            s = parent[s]
        return s

    def _union(self, a: int, b: int) -> int:
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return ra
        size = self.size
        if size[ra] < size[rb]:
            ra, rb = rb, ra
        self.parent[rb] = ra
        size[ra] += size[rb]
        self.open[ra] += self.open[rb]
        self.pennants[ra] += self.pennants[rb]
        self.meeples[ra] += self.meeples[rb]
        return ra

    # --- placing ----------------------------------------------------------------------------

    def fits(self, tile: int, rotation: int, pos: int) -> bool:
        """Whether the tile, so turned, may go on square ``pos`` (next to a tile, edges match)."""
        key = self.holes.get(pos)
        return key is not None and (ORIENTATIONS[tile][rotation].fits >> key) & 1 == 1

    def can_place(self, tile: int) -> bool:
        """Whether the tile fits anywhere."""
        ors = ORIENTATIONS[tile]
        mask = ors[0].fits | ors[1].fits | ors[2].fits | ors[3].fits
        return any((mask >> key) & 1 for key in self.holes.values())

    def spots(self, tile: int, rotations: tuple[int, ...]) -> list[tuple[int, int]]:
        """Every (square, rotation) where the tile fits, for the given rotations."""
        ors = ORIENTATIONS[tile]
        out = []
        for pos, key in self.holes.items():
            for r in rotations:
                if (ors[r].fits >> key) & 1:
                    out.append((pos, r))
        return out

    def put(self, tile: int, rotation: int, pos: int) -> int:
        """Place a tile (not checked: see ``fits``); its features join their neighbours'.
        Returns the tile's first segment (feature ``f`` is segment ``first + f``)."""
        o = ORIENTATIONS[tile][rotation]
        b = len(self.parent)
        index = len(self.placed)
        parent, kind, open_, size = self.parent, self.kind, self.open, self.size
        for f, k in enumerate(o.kinds):
            parent.append(b + f)
            kind.append(k)
            open_.append(o.sides[f])
            size.append(1)
            self.pennants.append(o.pennants[f])
            self.meeples.append(0)
            if k == K_FIELD:
                self.touches.append(tuple(b + c for c in o.touches[f]))
            else:
                self.touches.append(())
                if k == K_MONASTERY:
                    self.cloisters[pos] = b + f
        for group in SAME_KIND[tile]:
            self.multi.append(tuple(b + f for f in group))
        cells = self.cells
        cells[pos] = index
        self.placed.append((tile, rotation, pos))
        self.base.append(b)
        holes = self.holes
        holes.pop(pos, None)
        edges = o.edges
        for s in range(4):
            npos = pos + STEP[s]
            j = cells.get(npos)
            opp = (s + 2) & 3
            if j is None:
                key = holes.get(npos, FREE)
                holes[npos] = (key & ~(3 << (2 * opp))) | (edges[s] << (2 * opp))
                continue
            nt, nr, _ = self.placed[j]
            no = ORIENTATIONS[nt][nr]
            nb = self.base[j]
            f = o.side_feature[s]
            if f >= 0:
                root = self._union(b + f, nb + no.side_feature[opp])
                open_[root] -= 2
            for p in (2 * s, 2 * s + 1):
                fp = o.port_feature[p]
                if fp >= 0:
                    self._union(b + fp, nb + no.port_feature[opposite_port(p)])
        return b

    def joined_after(self, tile: int, rotation: int, pos: int) -> list[list[int]]:
        """For each feature of the tile, placed so, the roots of the features already on the
        board that will be part of it (computed without placing): those it meets across its
        edges, and those of any other feature of the tile that meets one of them — a field
        running round a road's end can reach the tile again, and then the tile's two fields
        are one (R-CARC-3)."""
        o = ORIENTATIONS[tile][rotation]
        cells, placed, base, find = self.cells, self.placed, self.base, self.find
        roots: list[list[int]] = []
        seen: list[int] = []  # every root the tile meets: one met twice joins two features
        shared = False
        for f, k in enumerate(o.kinds):
            mine: list[int] = []
            roots.append(mine)
            if k == K_MONASTERY:
                continue
            field = k == K_FIELD
            for p in o.feature_ports[f]:  # a field's ports, a city's or road's sides
                j = cells.get(pos + STEP[p >> 1] if field else pos + STEP[p])
                if j is None:
                    continue
                nt, nr, _ = placed[j]
                no = ORIENTATIONS[nt][nr]
                r = find(
                    base[j]
                    + (
                        no.port_feature[((p ^ 1) + 4) & 7]
                        if field
                        else no.side_feature[(p + 2) & 3]
                    )
                )
                if r not in mine:
                    mine.append(r)
                    if r in seen:
                        shared = True
                    else:
                        seen.append(r)
        if not shared:
            return roots
        n = len(roots)
        label = list(range(n))  # the features of the tile that become one share a label
        for f in range(n):
            for g in range(f + 1, n):
                if label[f] != label[g] and any(r in roots[f] for r in roots[g]):
                    keep, gone = label[f], label[g]
                    label = [keep if x == gone else x for x in label]
        out: list[list[int]] = []
        for f in range(n):
            together: list[int] = []
            for g in range(n):
                if label[g] == label[f]:
                    together.extend(r for r in roots[g] if r not in together)
            out.append(together)
        return out

    def occupied_after(self, tile: int, rotation: int, pos: int, feature: int) -> bool:
        """Whether feature ``feature`` of the tile, placed so, would hold a follower already
        (computed without placing)."""
        meeples = self.meeples
        return any(meeples[r] for r in self.joined_after(tile, rotation, pos)[feature])

    def free_features(self, tile: int, rotation: int, pos: int) -> list[int]:
        """The features of the tile, placed so, that a follower may stand on: those that hold
        no follower once the tile is placed (R-CARC-3)."""
        meeples = self.meeples
        free = []
        for f, roots in enumerate(self.joined_after(tile, rotation, pos)):
            for r in roots:
                if meeples[r]:
                    break
            else:
                free.append(f)
        return free

    def stand(self, segment: int, player: int) -> None:
        """A follower of ``player`` on ``segment`` (not checked)."""
        self.meeples[self.find(segment)] += 1 << (4 * player)
        self.followers.append((segment, player))
        self.supply[player] -= 1

    # --- scoring ----------------------------------------------------------------------------

    def tiles_of(self, root: int) -> int:
        """How many tiles a city or road covers (a tile it reaches twice counts once)."""
        n = self.size[root]
        find = self.find
        for group in self.multi:
            c = 0
            for s in group:
                if find(s) == root:
                    c += 1
            if c > 1:
                n -= c - 1
        return n

    def majority(self, root: int) -> list[int]:
        """The players with the most followers on a feature (all of them when tied)."""
        m = self.meeples[root]
        counts = [(m >> (4 * p)) & 15 for p in range(self.players)]
        top = max(counts)
        return [p for p, c in enumerate(counts) if c == top] if top else []

    def feature_value(self, root: int, completed: bool) -> int:
        """What a city, road or monastery scores completed or at the end of the game."""
        k = self.kind[root]
        if k == K_MONASTERY:
            return 9 if completed else 1 + self.neighbours(root)
        tiles = self.tiles_of(root)
        if k == K_ROAD:
            return tiles
        if completed:
            per = self.small_city_points if tiles == 2 else self.city_points
            return per * (tiles + self.pennants[root])
        return tiles + self.pennants[root]

    def neighbours(self, monastery: int) -> int:
        """Tiles around a monastery (0 to 8)."""
        pos = next(p for p, s in self.cloisters.items() if s == monastery)
        cells = self.cells
        return sum(1 for d in AROUND if pos + d in cells)

    def _award(self, root: int, points: int) -> list[int]:
        gained = [0] * self.players
        for p in self.majority(root):
            self.scores[p] += points
            gained[p] += points
        return gained

    def _release(self, root: int) -> None:
        """Followers on a scored feature go back to their owners."""
        keep = []
        find = self.find
        for seg, p in self.followers:
            if find(seg) == root:
                self.supply[p] += 1
            else:
                keep.append((seg, p))
        self.followers = keep
        self.meeples[root] = 0

    def score_completed(self, pos: int) -> list[int]:
        """Score what the tile just placed on ``pos`` completed (R-CARC-4): its cities and
        roads, and monasteries on or around it. Returns each player's points."""
        gained = [0] * self.players
        index = self.cells[pos]
        tile, rotation, _ = self.placed[index]
        o = ORIENTATIONS[tile][rotation]
        b = self.base[index]
        done: list[int] = []
        for f, k in enumerate(o.kinds):
            if k in (K_CITY, K_ROAD):
                r = self.find(b + f)
                if self.open[r] == 0 and r not in done:
                    done.append(r)
                    if self.meeples[r]:
                        g = self._award(r, self.feature_value(r, True))
                        gained = [a + c for a, c in zip(gained, g, strict=True)]
                        self._release(r)
        cloisters, cells, meeples = self.cloisters, self.cells, self.meeples
        for d in (0, *AROUND):
            c = cloisters.get(pos + d)
            if c is not None and meeples[c]:
                centre = pos + d
                if all(centre + e in cells for e in AROUND):
                    g = self._award(c, 9)
                    gained = [a + x for a, x in zip(gained, g, strict=True)]
                    self._release(c)
        return gained

    def end_scores(self) -> list[int]:
        """What the followers still standing score at the end (R-CARC-5, -6), by player; the
        board is not changed."""
        gained = [0] * self.players
        find = self.find
        roots: list[int] = []
        for seg, _p in self.followers:
            r = find(seg)
            if r not in roots:
                roots.append(r)
        fields: dict[int, set[int]] = {}
        for r in roots:
            if self.kind[r] == K_FIELD:
                fields[r] = set()
                continue
            points = self.feature_value(r, self.open[r] == 0 and self.kind[r] != K_MONASTERY)
            for p in self.majority(r):
                gained[p] += points
        if fields:
            kind, touches, open_ = self.kind, self.touches, self.open
            for s in range(len(kind)):
                if kind[s] == K_FIELD and touches[s]:
                    r = find(s)
                    if r in fields:
                        for c in touches[s]:
                            cr = find(c)
                            if open_[cr] == 0:
                                fields[r].add(cr)
            for r, cities in fields.items():
                for p in self.majority(r):
                    gained[p] += self.field_points * len(cities)
        return gained

    def orientation_at(self, pos: int) -> Orientation:
        tile, rotation, _ = self.placed[self.cells[pos]]
        return ORIENTATIONS[tile][rotation]
