"""Bots for Carcassonne: a random legal player, a greedy one, a middling one, a strong one and,
for the final's variant, a planner.

- ``random``: a legal placement uniformly (over every tile it may play, square and distinct
  rotation), then no follower or a free feature uniformly, then a draw uniformly.
- ``greedy``: the placement and follower with the best immediate score (its points less the
  opponents' best), a follower on an open feature worth ¾ of what the feature would score if
  the game ended now, less one point for the follower; draws from the pile.
- ``strong``: looks one move ahead over every tile it may play and values the position after
  it: points now, plus for every feature the tile touches the change in its *expected* worth
  (what it scores at the end, raised towards what it scores completed by an estimate of the
  chance to complete it from its open edges and the tiles left) for whoever holds it, monasteries
  around, fields by the completed and open cities they touch, a follower's cost rising as the
  supply shrinks; in the final's variant it takes a face-up tile when one is worth more there.
- ``planner``: ``strong`` that in the final's variant also looks at what the tiles it keeps
  could do next turn (see ``planner_bot``); in the base game it is ``strong``.
- ``middling``: ``strong`` blind to the opponents: it values only its own gains, not what its
  move gives or takes from the others (between greedy and strong; the study's closer pair).

Each move is computed from the board without changing it (``preview``): no copies, so a bot's
move costs well under a millisecond.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from kolo.games.carcassonne.board import AROUND, STEP, Board, coordinates, opposite_port
from kolo.games.carcassonne.game import FINAL, PILE, Game, Move
from kolo.games.carcassonne.tiles import (
    DISTINCT,
    K_CITY,
    K_FIELD,
    K_MONASTERY,
    K_ROAD,
    ORIENTATIONS,
    Orientation,
)

Bot = Callable[[Game, random.Random], Move]


def random_bot(game: Game, rng: random.Random) -> Move:
    """A legal move uniformly: placement, then follower (or none), then draw."""
    board = game.board
    options: list[tuple[int, bool, int, int]] = []
    for t, own in game.choices():
        for pos, r in board.spots(t, DISTINCT[t]):
            options.append((t, own, pos, r))
    t, own, pos, r = options[int(rng.random() * len(options))]
    follower = -1
    if board.supply[game.turn]:
        free = board.free_features(t, r, pos)
        k = int(rng.random() * (len(free) + 1))
        follower = free[k - 1] if k else -1
    draws = game.draw_options() if not own else []
    draw = draws[int(rng.random() * len(draws))] if draws else PILE
    x, y = coordinates(pos)
    return Move(t, x, y, r, follower, own, draw)


def field_cities(board: Board) -> dict[int, tuple[int, int]]:
    """Each field (by root): how many completed and how many open cities it touches."""
    find, kind, touches, open_ = board.find, board.kind, board.touches, board.open
    found: dict[int, set[int]] = {}
    for s in range(len(kind)):
        if kind[s] == K_FIELD and touches[s]:
            r = find(s)
            bucket = found.setdefault(r, set())
            for c in touches[s]:
                bucket.add(find(c))
    return {
        r: (sum(1 for c in cs if open_[c] == 0), sum(1 for c in cs if open_[c] > 0))
        for r, cs in found.items()
    }


def _chance(open_edges: int, tiles_left: int) -> float:
    """A rough chance that a city or road with so many open edges gets completed."""
    if open_edges <= 0:
        return 1.0
    room = min(1.0, tiles_left / (6.0 * open_edges))
    return 0.75**open_edges * room + (0.15 if open_edges == 1 and tiles_left > 0 else 0.0)


class _Feature:
    """A feature of a tile as it would be once placed (computed without placing it)."""

    __slots__ = (
        "alias",
        "completed",
        "kind",
        "meeples",
        "open",
        "pennants",
        "roots",
        "tiles",
        "value",
    )

    def __init__(self) -> None:
        self.kind = 0
        self.meeples = 0
        self.open = 0
        self.tiles = 0
        self.pennants = 0
        self.roots: list[int] = []
        self.completed = False
        self.value = 0.0
        self.alias = False
        """Another feature of the tile comes first in the one feature they form once placed
        (``_merge``): its worth is counted there."""


def preview(
    board: Board, tile: int, rotation: int, pos: int, fields: dict[int, tuple[int, int]]
) -> tuple[list[_Feature], list[tuple[int, int]]]:
    """The tile's features once placed, and the occupied monasteries around it as
    (segment, neighbours after the placement)."""
    o = ORIENTATIONS[tile][rotation]
    cells, placed, base, find = board.cells, board.placed, board.base, board.find
    open_, size, pennants, meeples = board.open, board.size, board.pennants, board.meeples
    out: list[_Feature] = []
    seen: list[int] = []  # every root the tile meets: one met twice joins two features
    shared = False
    for f, k in enumerate(o.kinds):
        feat = _Feature()
        feat.kind = k
        if k in (K_CITY, K_ROAD):
            matched = 0
            opened = o.sides[f]
            tiles = 1
            pen = o.pennants[f]
            m = 0
            roots = feat.roots
            for s in o.feature_ports[f]:
                j = cells.get(pos + STEP[s])
                if j is not None:
                    matched += 1
                    nt, nr, _ = placed[j]
                    rt = find(base[j] + ORIENTATIONS[nt][nr].side_feature[(s + 2) & 3])
                    if rt not in roots:
                        roots.append(rt)
                        if rt in seen:
                            shared = True
                        else:
                            seen.append(rt)
                        opened += open_[rt]
                        tiles += size[rt]
                        pen += pennants[rt]
                        m += meeples[rt]
            feat.open = opened - 2 * matched
            feat.tiles = tiles
            feat.pennants = pen
            feat.meeples = m
            feat.completed = feat.open == 0
        elif k == K_FIELD:
            m = 0
            roots = feat.roots
            done = 0
            for p in o.feature_ports[f]:
                j = cells.get(pos + STEP[p >> 1])
                if j is not None:
                    nt, nr, _ = placed[j]
                    rt = find(base[j] + ORIENTATIONS[nt][nr].port_feature[opposite_port(p)])
                    if rt not in roots:
                        roots.append(rt)
                        if rt in seen:
                            shared = True
                        else:
                            seen.append(rt)
                        m += meeples[rt]
                        near = fields.get(rt)
                        if near:
                            done += near[0]
                            feat.open += near[1]
            feat.meeples = m
            feat.tiles = done
        else:
            feat.tiles = 1 + sum(1 for d in AROUND if pos + d in cells)
            feat.completed = feat.tiles == 9
        out.append(feat)
    if shared:
        _merge(board, o, pos, out, fields)
    around = []
    cloisters = board.cloisters
    for d in AROUND:
        c = cloisters.get(pos + d)
        if c is not None and meeples[c]:
            centre = pos + d
            around.append(
                (c, 1 + sum(1 for e in AROUND if centre + e in cells or centre + e == pos))
            )
    return out, around


def _merge(
    board: Board,
    o: Orientation,
    pos: int,
    feats: list[_Feature],
    fields: dict[int, tuple[int, int]],
) -> None:
    """Features of the tile that meet the same feature of the board are one feature once the
    tile is placed (a field running round a road's end reaches the tile again; R-CARC-3): each
    of them gets the whole feature's figures, the first the worth (the others ``alias``)."""
    n = len(feats)
    label = list(range(n))  # the features of the tile that become one share a label
    for f in range(n):
        mine = feats[f].roots
        if not mine:
            continue
        for g in range(f + 1, n):
            if label[f] != label[g] and any(r in mine for r in feats[g].roots):
                keep, gone = label[f], label[g]
                label = [keep if x == gone else x for x in label]
    cells, open_, size, pennants, meeples = (
        board.cells,
        board.open,
        board.size,
        board.pennants,
        board.meeples,
    )
    for lead in range(n):
        members = [f for f in range(n) if label[f] == lead]
        if len(members) < 2:
            continue
        roots: list[int] = []
        for f in members:
            roots.extend(r for r in feats[f].roots if r not in roots)
        whole = feats[lead]
        whole.roots = roots
        whole.meeples = sum(meeples[r] for r in roots)
        if whole.kind == K_FIELD:
            whole.tiles = whole.open = 0
            for r in roots:
                near = fields.get(r)
                if near:
                    whole.tiles += near[0]
                    whole.open += near[1]
        else:
            matched = sum(1 for f in members for s in o.feature_ports[f] if pos + STEP[s] in cells)
            whole.open = (
                sum(o.sides[f] for f in members) + sum(open_[r] for r in roots) - 2 * matched
            )
            whole.tiles = 1 + sum(size[r] for r in roots)
            whole.pennants = sum(o.pennants[f] for f in members) + sum(pennants[r] for r in roots)
            whole.completed = whole.open == 0
        for f in members[1:]:
            other = feats[f]
            other.roots = roots
            other.meeples = whole.meeples
            other.open = whole.open
            other.tiles = whole.tiles
            other.pennants = whole.pennants
            other.completed = whole.completed
            other.alias = True


def _completed_points(board: Board, feat: _Feature) -> int:
    if feat.kind == K_ROAD:
        return feat.tiles
    if feat.kind == K_MONASTERY:
        return 9
    per = board.small_city_points if feat.tiles == 2 else board.city_points
    return per * (feat.tiles + feat.pennants)


def _end_points(board: Board, feat: _Feature) -> int:
    if feat.kind == K_ROAD:
        return feat.tiles
    if feat.kind == K_MONASTERY:
        return feat.tiles
    if feat.kind == K_FIELD:
        return board.field_points * feat.tiles
    return feat.tiles + feat.pennants


def _owners(board: Board, m: int) -> list[int]:
    counts = [(m >> (4 * p)) & 15 for p in range(board.players)]
    top = max(counts)
    return [p for p, c in enumerate(counts) if c == top] if top else []


def _options(game: Game) -> list[tuple[int, bool, int, int]]:
    board = game.board
    return [(t, own, pos, r) for t, own in game.choices() for pos, r in board.spots(t, DISTINCT[t])]


def _greedy_value(
    game: Game, t: int, r: int, pos: int, fields: dict[int, tuple[int, int]]
) -> tuple[float, int]:
    """The best immediate value of a placement and the follower that gives it (-1: none)."""
    board = game.board
    me = game.turn
    feats, around = preview(board, t, r, pos, fields)
    gained = [0] * board.players
    for feat in feats:
        if feat.completed and feat.meeples and feat.kind != K_MONASTERY and not feat.alias:
            points = _completed_points(board, feat)
            for p in _owners(board, feat.meeples):
                gained[p] += points
    for seg, count in around:
        if count == 9:
            for p in _owners(board, board.meeples[seg]):
                gained[p] += 9
    base = gained[me] - max(g for p, g in enumerate(gained) if p != me)
    best, choice = 0.0, -1
    if board.supply[me]:
        for f, feat in enumerate(feats):
            if feat.meeples:
                continue
            if feat.completed:
                worth = float(_completed_points(board, feat))
            else:
                worth = _end_points(board, feat) - 0.5
            if worth > best:
                best, choice = worth, f
    return base + best, choice


def greedy_bot(game: Game, rng: random.Random) -> Move:
    """The best immediate score, ties broken at random; draws from the pile."""
    fields = field_cities(game.board)
    best = -1e9
    picks: list[tuple[int, bool, int, int, int]] = []
    for t, own, pos, r in _options(game):
        value, follower = _greedy_value(game, t, r, pos, fields)
        if value > best + 1e-9:
            best, picks = value, [(t, own, pos, r, follower)]
        elif value > best - 1e-9:
            picks.append((t, own, pos, r, follower))
    t, own, pos, r, follower = picks[int(rng.random() * len(picks))]
    x, y = coordinates(pos)
    draws = game.draw_options()
    draw = PILE if PILE in draws or not draws else draws[0]
    return Move(t, x, y, r, follower, own, draw)


def _expected(board: Board, kind: int, open_edges: int, tiles: int, pen: int, left: int) -> float:
    """Expected points of an open city or road (what it scores at the end, raised towards its
    completed value by the chance of completing it)."""
    if kind == K_ROAD:
        end, done = tiles, tiles
    else:
        end = tiles + pen
        done = (board.small_city_points if tiles == 2 else board.city_points) * (tiles + pen)
    return end + _chance(open_edges, left) * (done - end)


def _strong_value(
    game: Game,
    t: int,
    r: int,
    pos: int,
    fields: dict[int, tuple[int, int]],
    left: int,
    rivals: bool = True,
) -> tuple[float, int]:
    """The change in (my expected points − the best opponent's) a placement makes, and the
    follower that makes it best."""
    return _value_on(game.board, game.turn, t, r, pos, fields, left, rivals)


def _value_on(
    board: Board,
    me: int,
    t: int,
    r: int,
    pos: int,
    fields: dict[int, tuple[int, int]],
    left: int,
    rivals: bool = True,
) -> tuple[float, int]:
    """``_strong_value`` on any board, for player ``me``."""
    n = board.players
    feats, around = preview(board, t, r, pos, fields)
    delta = [0.0] * n
    size, open_, pennants, meeples, kind = (
        board.size,
        board.open,
        board.pennants,
        board.meeples,
        board.kind,
    )
    for feat in feats:
        if feat.kind in (K_MONASTERY, K_FIELD) or not feat.meeples or feat.alias:
            continue
        if feat.completed:
            after = float(_completed_points(board, feat))
        else:
            after = _expected(board, feat.kind, feat.open, feat.tiles, feat.pennants, left)
        for p in _owners(board, feat.meeples):
            delta[p] += after
        for rt in feat.roots:
            if meeples[rt]:
                before = _expected(board, kind[rt], open_[rt], size[rt], pennants[rt], left)
                for p in _owners(board, meeples[rt]):
                    delta[p] -= before
    for seg, count in around:
        gain = 9 - (count - 1) if count == 9 else 1
        for p in _owners(board, meeples[seg]):
            delta[p] += gain
    value = delta[me] - (max(d for p, d in enumerate(delta) if p != me) if rivals else 0.0)
    best, choice = 0.0, -1
    supply = board.supply[me]
    if supply:
        cost = 1.0 + 4.0 / supply if left > 10 else 0.5
        for f, feat in enumerate(feats):
            if feat.meeples:
                continue
            if feat.kind == K_MONASTERY:
                worth = (
                    9.0 if feat.completed else feat.tiles + (9 - feat.tiles) * min(1.0, left / 25.0)
                )
            elif feat.kind == K_FIELD:
                worth = board.field_points * (feat.tiles + 0.4 * feat.open)
                worth *= 1.0 if left < 30 else 0.5
            elif feat.completed:
                worth = float(_completed_points(board, feat)) + cost
            else:
                worth = _expected(board, feat.kind, feat.open, feat.tiles, feat.pennants, left)
            worth -= cost
            if worth > best:
                best, choice = worth, f
    return value + best, choice


def strong_bot(game: Game, rng: random.Random, rivals: bool = True) -> Move:
    """One move of look-ahead over every tile it may play, valued by expected points."""
    board = game.board
    fields = field_cities(board)
    left = len(game.pile) + len(game.face_up)
    best = -1e9
    picks: list[tuple[int, bool, int, int, int]] = []
    for t, own, pos, r in _options(game):
        value, follower = _strong_value(game, t, r, pos, fields, left, rivals)
        if own and left > 0:
            value -= 1.0  # keep own monasteries for the end phase unless they are worth more
        if value > best + 1e-9:
            best, picks = value, [(t, own, pos, r, follower)]
        elif value > best - 1e-9:
            picks.append((t, own, pos, r, follower))
    t, own, pos, r, follower = picks[int(rng.random() * len(picks))]
    x, y = coordinates(pos)
    draw = PILE
    draws = game.draw_options()
    if game.rules.variant == FINAL and not own and draws:
        draw = _best_draw(game, draws, fields, left)
    return Move(t, x, y, r, follower, own, draw)


def _best_draw(game: Game, draws: list[int], fields: dict[int, tuple[int, int]], left: int) -> int:
    """The face-up tile worth most on the board now, if it beats an average tile (2 points);
    otherwise the pile."""
    board = game.board
    best, choice = 2.0, PILE if PILE in draws else draws[0]
    for i in draws:
        if i == PILE:
            continue
        t = game.face_up[i]
        for pos, r in board.spots(t, DISTINCT[t]):
            value, _f = _strong_value(game, t, r, pos, fields, left)
            if value > best:
                best, choice = value, i
    return choice


PLAN_CANDIDATES = 6
"""How many of the strong bot's best moves the planner looks beyond."""
PLAN_WEIGHT = 0.5
"""What the best next move with the tiles kept counts for (the opponent moves in between)."""


def planner_bot(game: Game, rng: random.Random) -> Move:
    """The strong bot that, in the final's variant, also plans with its hand: for each of its
    six best moves it plays the move on a copy of the board and adds half of the best move the
    tiles it keeps (hand and own monasteries) would then make. In the base game (one tile in
    hand) it plays as the strong bot."""
    if game.rules.variant != FINAL:
        return strong_bot(game, rng)
    board = game.board
    me = game.turn
    fields = field_cities(board)
    left = len(game.pile) + len(game.face_up)
    scored = []
    for t, own, pos, r in _options(game):
        value, follower = _value_on(board, me, t, r, pos, fields, left)
        if own and left > 0:
            value -= 1.0
        scored.append((value, t, own, pos, r, follower))
    scored.sort(key=lambda c: -c[0])  # stable: equal values keep the options' order
    best = -1e9
    picks: list[tuple[int, bool, int, int, int]] = []
    for value, t, own, pos, r, follower in scored[:PLAN_CANDIDATES]:
        after = board.copy()
        first = after.put(t, r, pos)
        if follower >= 0:
            after.stand(first + follower, me)
        after.score_completed(pos)
        kept = list(game.hands[me]) + list(game.own[me])
        kept.remove(t)
        later = 0.0
        if kept:
            again = field_cities(after)
            for t2 in dict.fromkeys(kept):
                for pos2, r2 in after.spots(t2, DISTINCT[t2]):
                    v2, _f = _value_on(after, me, t2, r2, pos2, again, max(0, left - 2))
                    later = max(later, v2)
        total = value + PLAN_WEIGHT * later
        if total > best + 1e-9:
            best, picks = total, [(t, own, pos, r, follower)]
        elif total > best - 1e-9:
            picks.append((t, own, pos, r, follower))
    t, own, pos, r, follower = picks[int(rng.random() * len(picks))]
    x, y = coordinates(pos)
    draw = PILE
    draws = game.draw_options()
    if not own and draws:
        draw = _best_draw(game, draws, fields, left)
    return Move(t, x, y, r, follower, own, draw)


def middling_bot(game: Game, rng: random.Random) -> Move:
    """The strong bot blind to what its moves give the opponents (a player of middling
    strength)."""
    return strong_bot(game, rng, rivals=False)


BOTS: dict[str, Bot] = {
    "random": random_bot,
    "greedy": greedy_bot,
    "middling": middling_bot,
    "strong": strong_bot,
    "planner": planner_bot,
}
