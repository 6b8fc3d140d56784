"""A game of Carcassonne: the base game for 2–5 players and the Czech championship final's
variant for two (RULES.md R-CARC-1 … R-CARC-8, R-CARC-FINAL). Pure and seeded: the pile is
shuffled once from the seed, so a game replays from its seed and its moves.

Base game: the start tile lies at (0, 0); on a turn the player draws a tile (one that fits
nowhere is set aside and another drawn), places it so that its edges match, may put one of their
followers on a feature of that tile nobody occupies, and completed features score. The game ends
when the pile is empty; then what is unfinished scores.

The final's variant (two players): each holds three tiles and plays any one, drawing after the
turn from the pile or from three face-up tiles (a face-up tile taken is replaced from the pile);
each also has two meadow monasteries and one road monastery of their own, played as tiles at any
time, outside the hand and with no draw after them. Once the pile is empty the face-up tiles are
not replaced, and a player on turn with more monasteries left than the opponent must play one.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from kolo.games.carcassonne.board import Board, coordinates, square
from kolo.games.carcassonne.tiles import (
    BASE_TILES,
    MEADOW_MONASTERY,
    ORIENTATIONS,
    ROAD_MONASTERY,
    START,
    TILE_INDEX,
    base_pile,
)

BASE, FINAL = "base", "final"
PILE = -1
"""A draw from the pile (``Move.draw``); 0, 1, 2 take that face-up tile."""
SET_ASIDE, SHUFFLE_BACK = "set-aside", "shuffle-back"
VARIANT_OF = {"carcassonne": BASE, "carcassonne-final": FINAL}
"""The variant each game of ``kolo.games.registry`` plays: a rule set's game names it (the
championship final's rule set ``carcassonne-final`` plays the final's variant)."""


class IllegalMove(ValueError):
    """A move the rules do not allow, with the reason in words."""


@dataclass(frozen=True)
class Rules:
    """The settings of a game. The defaults are the Czech jubilee edition's rules (RULES.md
    R-CARC-1 … R-CARC-8); each **[interpretation]** there names the setting that changes it."""

    variant: str = BASE
    """``base`` or ``final`` (R-CARC-FINAL, two players)."""
    followers: int = 7
    city_points: int = 2
    """Points a tile and a pennant of a completed city."""
    small_city_points: int = 2
    """**[interpretation]** Points a tile and a pennant of a completed city of two tiles: 2 in
    the jubilee edition (1 in the first edition)."""
    field_points: int = 3
    """**[interpretation]** Points for each completed city a field touches (3 in the jubilee
    edition; the first edition scored fields otherwise)."""
    unplaceable: str = SET_ASIDE
    """**[interpretation]** A tile that fits nowhere is set aside for the rest of the game
    (``set-aside``), or shuffled back into the pile (``shuffle-back``)."""
    hand: int = 3
    face_up: int = 3
    own_monasteries: tuple[int, ...] = (MEADOW_MONASTERY, MEADOW_MONASTERY, ROAD_MONASTERY)

    def __post_init__(self) -> None:
        if self.variant not in (BASE, FINAL):
            raise ValueError(f"no variant {self.variant!r}: choose base or final")
        if self.unplaceable not in (SET_ASIDE, SHUFFLE_BACK):
            raise ValueError(f"no rule {self.unplaceable!r} for unplaceable tiles")


@dataclass(frozen=True)
class Move:
    """A tile placed: which tile (type), where, turned how, the follower (the tile's feature
    index, or -1 for none), whether it is one of the player's own monasteries (the final's
    variant) and what to draw after it (``PILE`` or a face-up tile's index; the variant)."""

    tile: int
    x: int
    y: int
    rotation: int
    follower: int = -1
    own: bool = False
    draw: int = PILE


@dataclass
class Game:
    """A game in progress. Create with ``new_game``."""

    rules: Rules
    players: int
    seed: int
    board: Board
    pile: list[int]
    hands: list[list[int]]
    face_up: list[int] = field(default_factory=list)
    own: list[list[int]] = field(default_factory=list)
    turn: int = 0
    over: bool = False
    set_aside: list[int] = field(default_factory=list)
    moves: list[Move] = field(default_factory=list)
    movers: list[int] = field(default_factory=list)
    """Who made each move (in the variant a player who can play nothing is passed over)."""
    final: list[int] = field(default_factory=list)
    """What the end scoring added (once over)."""
    rng: random.Random = field(default_factory=random.Random)
    """The game's own randomness: the shuffle, and a tile shuffled back (a setting)."""

    @property
    def scores(self) -> list[int]:
        return self.board.scores

    # --- what may be played -----------------------------------------------------------------

    def must_play_monastery(self, player: int | None = None) -> bool:
        """The variant's end phase: the pile is empty and the player on turn has more own
        monasteries left than the opponent (R-CARC-FINAL)."""
        if self.rules.variant != FINAL or self.pile:
            return False
        p = self.turn if player is None else player
        mine = len(self.own[p])
        return any(mine > len(self.own[q]) for q in range(self.players) if q != p)

    def choices(self) -> list[tuple[int, bool]]:
        """The tiles the player on turn may play: (tile type, own monastery), each once."""
        if self.over:
            return []
        p = self.turn
        board = self.board
        found: list[tuple[int, bool]] = []
        if self.must_play_monastery():
            found = [(t, True) for t in dict.fromkeys(self.own[p]) if board.can_place(t)]
            if found:
                return found
        for t in dict.fromkeys(self.hands[p]):
            if board.can_place(t):
                found.append((t, False))
        if self.rules.variant == FINAL:
            for t in dict.fromkeys(self.own[p]):
                if board.can_place(t):
                    found.append((t, True))
        return found

    def draw_options(self) -> list[int]:
        """What the player may draw after playing a tile from the hand (the variant)."""
        if self.rules.variant != FINAL:
            return [PILE]
        return ([PILE] if self.pile else []) + list(range(len(self.face_up)))

    # --- playing ----------------------------------------------------------------------------

    def check(self, move: Move) -> None:
        """Raise ``IllegalMove`` (with the reason) unless the move is legal now."""
        if self.over:
            raise IllegalMove("the game is over")
        p = self.turn
        if move.own:
            if self.rules.variant != FINAL:
                raise IllegalMove("own monasteries belong to the final's variant")
            if move.tile not in self.own[p]:
                raise IllegalMove("that monastery is not among yours")
        else:
            if move.tile not in self.hands[p]:
                raise IllegalMove("that tile is not in your hand")
            if self.must_play_monastery() and any(self.board.can_place(t) for t in self.own[p]):
                raise IllegalMove("the pile is empty and you have more monasteries: play one")
        if not 0 <= move.rotation < 4:
            raise IllegalMove("a rotation is 0 to 3 quarter turns")
        try:
            pos = square(move.x, move.y)
        except ValueError as error:
            raise IllegalMove(str(error)) from None
        if pos in self.board.cells:
            raise IllegalMove("that square is taken")
        if not self.board.fits(move.tile, move.rotation, pos):
            raise IllegalMove("the tile does not fit there")
        if move.follower >= 0:
            o = ORIENTATIONS[move.tile][move.rotation]
            if move.follower >= len(o.kinds):
                raise IllegalMove("the tile has no such feature")
            if self.board.supply[p] == 0:
                raise IllegalMove("you have no follower left")
            if self.board.occupied_after(move.tile, move.rotation, pos, move.follower):
                raise IllegalMove("that feature already has a follower")
        if self.rules.variant == FINAL and not move.own:
            options = self.draw_options()
            if options and move.draw not in options:
                raise IllegalMove("nothing to draw there")

    def play(self, move: Move) -> list[int]:
        """Play a legal move (checked); returns the points it scored, by player."""
        self.check(move)
        p = self.turn
        pos = square(move.x, move.y)
        board = self.board
        b = board.put(move.tile, move.rotation, pos)
        if move.follower >= 0:
            board.stand(b + move.follower, p)
        gained = board.score_completed(pos)
        if move.own:
            self.own[p].remove(move.tile)
        else:
            self.hands[p].remove(move.tile)
            if self.rules.variant == FINAL:
                self._draw(p, move.draw)
        self.moves.append(move)
        self.movers.append(p)
        self.turn = (p + 1) % self.players
        self._begin_turn()
        return gained

    def _draw(self, p: int, where: int) -> None:
        if where == PILE:
            if self.pile:
                self.hands[p].append(self.pile.pop())
            return
        if 0 <= where < len(self.face_up):
            self.hands[p].append(self.face_up.pop(where))
            if self.pile:
                self.face_up.insert(where, self.pile.pop())

    def _next_placeable(self) -> int | None:
        """Draw until a tile fits (one that fits nowhere is set aside or shuffled back)."""
        misses = 0
        while self.pile:
            t = self.pile.pop()
            if self.board.can_place(t):
                return t
            if self.rules.unplaceable == SHUFFLE_BACK and misses <= len(self.pile):
                misses += 1
                self.pile.insert(self.rng.randrange(len(self.pile) + 1), t)
            else:
                self.set_aside.append(t)
        return None

    def _begin_turn(self) -> None:
        if self.rules.variant == BASE:
            t = self._next_placeable()
            if t is None:
                self._finish()
            else:
                self.hands[self.turn] = [t]
            return
        for _ in range(self.players):
            p = self.turn
            hand = self.hands[p]
            # **[interpretation]** a hand tile that fits nowhere is set aside and replaced from
            # the pile (the base game's rule for an unplaceable tile, applied to the hand).
            for t in list(hand):
                if not self.board.can_place(t):
                    hand.remove(t)
                    self.set_aside.append(t)
                    replacement = self._next_placeable()
                    if replacement is not None:
                        hand.append(replacement)
            if self.choices():
                return
            self.turn = (p + 1) % self.players
        self._finish()

    def _finish(self) -> None:
        self.over = True
        self.final = self.board.end_scores()
        for p, points in enumerate(self.final):
            self.board.scores[p] += points

    def winners(self) -> list[int]:
        """The players with the highest score (all of them when tied)."""
        top = max(self.scores)
        return [p for p, s in enumerate(self.scores) if s == top]


def new_game(players: int, seed: int, rules: Rules | None = None) -> Game:
    """A new game: the pile shuffled from ``seed``, the start tile placed, the first player's
    tile drawn (or, in the variant, the hands and face-up tiles dealt)."""
    rules = rules or Rules()
    if not 2 <= players <= 5:
        raise ValueError("Carcassonne seats 2 to 5 players")
    if rules.variant == FINAL and players != 2:
        raise ValueError("the final's variant is for two players")
    rng = random.Random(seed)
    pile = base_pile()
    rng.shuffle(pile)
    board = Board(
        players,
        followers=rules.followers,
        city_points=rules.city_points,
        small_city_points=rules.small_city_points,
        field_points=rules.field_points,
    )
    board.put(START, 0, square(0, 0))
    game = Game(rules, players, seed, board, pile, [[] for _ in range(players)], rng=rng)
    if rules.variant == FINAL:
        for p in range(players):
            game.hands[p] = [pile.pop() for _ in range(rules.hand)]
        game.face_up = [pile.pop() for _ in range(rules.face_up)]
        game.own = [list(rules.own_monasteries) for _ in range(players)]
    game._begin_turn()
    return game


def replay(players: int, seed: int, moves: Sequence[Move], rules: Rules | None = None) -> Game:
    """The game that ``moves`` from ``seed`` make; ``IllegalMove`` names the first bad one."""
    game = new_game(players, seed, rules)
    for i, move in enumerate(moves):
        try:
            game.play(move)
        except IllegalMove as error:
            raise IllegalMove(f"move {i + 1}: {error}") from None
    return game


@dataclass(frozen=True)
class Placed:
    """A tile in a recorded position: its letter, square and quarter turns clockwise."""

    tile: str
    x: int
    y: int
    rotation: int = 0


@dataclass(frozen=True)
class Standing:
    """A follower in a recorded position: the square, the tile's feature index, the player."""

    x: int
    y: int
    feature: int
    player: int


def build_position(
    tiles: Sequence[Placed], followers: Sequence[Standing] = (), players: int = 2,
    rules: Rules | None = None,
) -> Board:  # fmt: skip
    """A board from a recorded position, every edge checked (``IllegalMove`` otherwise). Tiles
    may be given in any order but must form one connected area."""
    rules = rules or Rules()
    board = Board(players, rules.followers, rules.city_points, rules.small_city_points,
                  rules.field_points)  # fmt: skip
    todo = list(tiles)
    first = True
    while todo:
        progress = False
        for t in list(todo):
            if t.tile not in TILE_INDEX:
                raise IllegalMove(f"no tile {t.tile!r}")
            index = TILE_INDEX[t.tile]
            pos = square(t.x, t.y)
            if pos in board.cells:
                raise IllegalMove(f"two tiles on ({t.x}, {t.y})")
            if first or board.fits(index, t.rotation % 4, pos):
                board.put(index, t.rotation % 4, pos)
                todo.remove(t)
                first = False
                progress = True
            elif pos in board.holes:
                raise IllegalMove(f"the tile at ({t.x}, {t.y}) does not match its neighbours")
        if not progress:
            raise IllegalMove("the tiles do not form one connected area")
    for f in followers:
        pos = square(f.x, f.y)
        if pos not in board.cells:
            raise IllegalMove(f"no tile at ({f.x}, {f.y}) for a follower")
        o = board.orientation_at(pos)
        if not 0 <= f.feature < len(o.kinds):
            raise IllegalMove(f"the tile at ({f.x}, {f.y}) has no feature {f.feature}")
        if not 0 <= f.player < players:
            raise IllegalMove(f"no player {f.player}")
        board.stand(board.base[board.cells[pos]] + f.feature, f.player)
    return board


def score_position(
    tiles: Sequence[Placed], followers: Sequence[Standing], players: int = 2,
    rules: Rules | None = None,
) -> list[int]:  # fmt: skip
    """The referee's check: what the followers standing in a recorded final position score
    at the end of the game (R-CARC-5, -6), by player."""
    return build_position(tiles, followers, players, rules).end_scores()


def position_of(board: Board) -> tuple[list[Placed], list[Standing]]:
    """A board as a recorded position (the inverse of ``build_position``)."""
    tiles = []
    for tile, rotation, pos in board.placed:
        x, y = coordinates(pos)
        tiles.append(Placed(BASE_TILES[tile].name, x, y, rotation))
    standing = []
    for seg, p in board.followers:
        index = max(i for i, b in enumerate(board.base) if b <= seg)
        x, y = coordinates(board.placed[index][2])
        standing.append(Standing(x, y, seg - board.base[index], p))
    return tiles, standing
