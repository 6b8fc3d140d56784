"""An independent recount of a Carcassonne game: a flood fill over the tiles' features after
every move, no union-find, so the engine's scores can be checked against it."""

from __future__ import annotations

from collections.abc import Sequence

from kolo.games.carcassonne.game import Move, Rules
from kolo.games.carcassonne.tiles import K_FIELD, K_MONASTERY, K_ROAD, ORIENTATIONS, START

DX = ((0, -1), (1, 0), (0, 1), (-1, 0))
Node = tuple[int, int, int]  # x, y, feature


def _other_port(p: int) -> int:
    return {0: 5, 1: 4, 2: 7, 3: 6, 4: 1, 5: 0, 6: 3, 7: 2}[p]


class Recount:
    def __init__(self, players: int, rules: Rules) -> None:
        self.rules = rules
        self.tiles: dict[tuple[int, int], tuple[int, int]] = {(0, 0): (START, 0)}
        self.standing: list[tuple[Node, int]] = []
        self.scores = [0] * players
        self.players = players

    def feature(self, start: Node) -> tuple[set[Node], bool]:
        """The nodes of the feature ``start`` belongs to, and whether it is closed."""
        seen = {start}
        todo = [start]
        closed = True
        while todo:
            x, y, f = todo.pop()
            o = ORIENTATIONS[self.tiles[(x, y)][0]][self.tiles[(x, y)][1]]
            kind = o.kinds[f]
            if kind == K_MONASTERY:
                continue
            for where in o.feature_ports[f]:
                side = where >> 1 if kind == K_FIELD else where
                dx, dy = DX[side]
                there = self.tiles.get((x + dx, y + dy))
                if there is None:
                    closed = False
                    continue
                no = ORIENTATIONS[there[0]][there[1]]
                g = (
                    no.port_feature[_other_port(where)]
                    if kind == K_FIELD
                    else no.side_feature[(side + 2) % 4]
                )
                node = (x + dx, y + dy, g)
                if node not in seen:
                    seen.add(node)
                    todo.append(node)
        return seen, closed

    def kind(self, node: Node) -> int:
        t, r = self.tiles[node[:2]]
        return ORIENTATIONS[t][r].kinds[node[2]]

    def around(self, x: int, y: int) -> int:
        return sum(
            1 for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)
            and (x + dx, y + dy) in self.tiles
        )  # fmt: skip

    def value(self, nodes: set[Node], kind: int, closed: bool) -> int:
        if kind == K_MONASTERY:
            ((x, y, _f),) = nodes
            return 1 + self.around(x, y)
        tiles = len({(x, y) for x, y, _f in nodes})
        if kind == K_ROAD:
            return tiles
        pennants = 0
        for x, y, f in nodes:
            t, r = self.tiles[(x, y)]
            pennants += ORIENTATIONS[t][r].pennants[f]
        if closed:
            per = self.rules.small_city_points if tiles == 2 else self.rules.city_points
            return per * (tiles + pennants)
        return tiles + pennants

    def award(self, nodes: set[Node], points: int, into: list[int]) -> None:
        counts = [0] * self.players
        for node, p in self.standing:
            if node in nodes:
                counts[p] += 1
        top = max(counts)
        if top:
            for p in range(self.players):
                if counts[p] == top:
                    into[p] += points

    def play(self, move: Move, player: int) -> None:
        self.tiles[(move.x, move.y)] = (move.tile, move.rotation)
        if move.follower >= 0:
            self.standing.append(((move.x, move.y, move.follower), player))
        done: list[set[Node]] = []
        for node, _p in list(self.standing):
            kind = self.kind(node)
            if kind == K_FIELD:
                continue
            nodes, closed = self.feature(node)
            if kind == K_MONASTERY:
                closed = self.around(node[0], node[1]) == 8
            if closed and nodes not in done:
                done.append(nodes)
                points = 9 if kind == K_MONASTERY else self.value(nodes, kind, True)
                self.award(nodes, points, self.scores)
        for nodes in done:
            self.standing = [(n, p) for n, p in self.standing if n not in nodes]

    def end(self) -> list[int]:
        gained = [0] * self.players
        done: list[set[Node]] = []
        for node, _p in self.standing:
            nodes, closed = self.feature(node)
            if nodes in done:
                continue
            done.append(nodes)
            kind = self.kind(node)
            if kind == K_FIELD:
                cities: list[set[Node]] = []
                for x, y, f in nodes:
                    t, r = self.tiles[(x, y)]
                    for c in ORIENTATIONS[t][r].touches[f]:
                        city, city_closed = self.feature((x, y, c))
                        if city_closed and city not in cities:
                            cities.append(city)
                self.award(nodes, self.rules.field_points * len(cities), gained)
            else:
                assert kind == K_MONASTERY or not closed
                self.award(nodes, self.value(nodes, kind, False), gained)
        return gained


def recount(
    players: int, moves: Sequence[Move], movers: Sequence[int], rules: Rules
) -> tuple[list[int], list[int]]:
    """(scores at the end, what the end scoring added), recounted from the moves."""
    r = Recount(players, rules)
    for move, player in zip(moves, movers, strict=True):
        r.play(move, player)
    end = r.end()
    return [a + b for a, b in zip(r.scores, end, strict=True)], end
