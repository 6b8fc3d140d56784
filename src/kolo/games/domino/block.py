"""The block game for two pairs (R-DOMINO-2..5), exactly as source 002 says.

Four players, partners opposite (seats 0 and 2, seats 1 and 3), seven tiles each from a
double-six set (all 28 dealt). The first hand is led by the holder of double-six, with it;
later hands are led in turn, starting with the player to the left of the first leader, with any
tile. A tile goes on one of the two open ends of the line, matching; no branching. A player who
can play must; one who cannot passes. A hand ends when a player plays their last tile, or when
nobody can play; then each team's pips left in hand are summed, the team with the lower sum wins
the hand and scores the other team's sum (a team can go out and still lose the hand). The match
ends when a team reaches the target.

**[interpretation]** (RULES.md R-DOMINO-4 and this module's ``BlockRules``): equal sums score
nothing; play passes to the left, which is the next seat (0 → 1 → 2 → 3 → 0).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from kolo.games.domino.tiles import TileSet, double

SEATS = 4
TILES_EACH = 7
LEFT, RIGHT = 0, 1


class IllegalMove(ValueError):
    """A move the rules do not allow, with the reason in words."""


@dataclass(frozen=True)
class BlockRules:
    """The settings of the block game (RULES.md R-DOMINO-4, -5)."""

    target: int = 100
    """The match ends when a team has this many points (R-DOMINO-5)."""
    tied_hand_scores: bool = False
    """**[interpretation]** Equal team sums: nobody scores (False), or the team of the player
    who went out scores the other's sum (True; a blocked hand with equal sums scores nothing
    either way)."""


@dataclass(frozen=True)
class Move:
    """A tile played on a side, or a pass (``tile`` None)."""

    tile: int | None
    side: int = RIGHT


PASS = Move(None)


@dataclass(frozen=True)
class HandResult:
    """How a hand ended and what it scored."""

    out: int | None
    """The seat that played its last tile; None when the hand was blocked."""
    team_pips: tuple[int, int]
    """Pips left in the hands of team 0 (seats 0, 2) and team 1 (seats 1, 3)."""
    winner: int | None
    """The team that won the hand; None when the sums were equal."""
    points: int
    """What the winner scored: the other team's sum."""


@dataclass
class Hand:
    """One hand in play: the tiles in each hand, the line's open ends, whose turn it is."""

    tiles: TileSet
    hands: list[int]
    leader: int
    turn: int
    must_lead: int | None = None
    """The tile the leader must play first (double-six in the first hand)."""
    left: int = -1
    right: int = -1
    """The open ends; -1 before the first tile."""
    passes: int = 0
    moves: list[Move] = field(default_factory=list)
    over: bool = False
    out: int | None = None

    @property
    def started(self) -> bool:
        return self.left >= 0

    def playable(self) -> int:
        """The mask of the tiles the player on turn can play."""
        hand = self.hands[self.turn]
        if not self.started:
            return hand & (1 << self.must_lead) if self.must_lead is not None else hand
        with_number = self.tiles.with_number
        return hand & (with_number[self.left] | with_number[self.right])

    def legal(self) -> list[Move]:
        """Every legal move of the player on turn (a pass only when nothing fits)."""
        mask = self.playable()
        if not mask:
            return [PASS]
        moves = []
        for tile in self.tiles.members(mask):
            if not self.started:
                moves.append(Move(tile, RIGHT))
                continue
            a, b = self.tiles.tiles[tile]
            if self.left in (a, b):
                moves.append(Move(tile, LEFT))
            if self.right in (a, b) and self.left != self.right:
                moves.append(Move(tile, RIGHT))
        return moves

    def play(self, move: Move) -> None:
        """Apply a move of the player on turn, or refuse it (``IllegalMove``) unchanged."""
        if self.over:
            raise IllegalMove("the hand is over")
        mask = self.playable()
        if move.tile is None:
            if mask:
                raise IllegalMove("a player who can play must play (R-DOMINO-3)")
            self.passes += 1
            self.moves.append(move)
            if self.passes == SEATS:
                self.over = True  # nobody can play: blocked (R-DOMINO-4)
            else:
                self.turn = (self.turn + 1) % SEATS
            return
        bit = 1 << move.tile if 0 <= move.tile < self.tiles.size else 0
        if not bit & self.hands[self.turn]:
            raise IllegalMove(f"tile {move.tile} is not in the hand of seat {self.turn}")
        if not bit & mask:
            if not self.started:
                raise IllegalMove("the first hand is led with double-six (R-DOMINO-2)")
            raise IllegalMove(
                f"{self.tiles.name(move.tile)} fits neither open end "
                f"({self.left}, {self.right}) (R-DOMINO-3)"
            )
        a, b = self.tiles.tiles[move.tile]
        if not self.started:
            self.left, self.right = a, b
        elif move.side == LEFT:
            if self.left not in (a, b):
                raise IllegalMove(f"{self.tiles.name(move.tile)} does not fit the left end")
            self.left = b if a == self.left else a
        elif move.side == RIGHT:
            if self.right not in (a, b):
                raise IllegalMove(f"{self.tiles.name(move.tile)} does not fit the right end")
            self.right = b if a == self.right else a
        else:
            raise IllegalMove(f"no side {move.side}: left is 0, right is 1")
        self.hands[self.turn] ^= bit
        self.passes = 0
        self.moves.append(move)
        if not self.hands[self.turn]:
            self.over, self.out = True, self.turn  # went out (R-DOMINO-4)
        else:
            self.turn = (self.turn + 1) % SEATS

    def result(self, rules: BlockRules = BlockRules()) -> HandResult:
        """What the ended hand scored (R-DOMINO-4)."""
        if not self.over:
            raise IllegalMove("the hand is not over")
        pips = self.tiles.hand_pips
        team = (
            pips(self.hands[0]) + pips(self.hands[2]),
            pips(self.hands[1]) + pips(self.hands[3]),
        )
        return score_hand(None if self.out is None else self.out % 2, team, rules, self.out)


def score_hand(
    out_team: int | None,
    team: tuple[int, int],
    rules: BlockRules = BlockRules(),
    out: int | None = None,
) -> HandResult:
    """What a hand scored from each team's pips left (R-DOMINO-4): the lower sum wins the hand
    and scores the other's; ``out_team`` is the team whose player went out (None: blocked),
    ``out`` that player's seat where known. Played hands and score sheets both count here."""
    if team[0] == team[1]:
        if rules.tied_hand_scores and out_team is not None:
            return HandResult(out, team, out_team, team[1 - out_team])
        return HandResult(out, team, None, 0)
    winner = 0 if team[0] < team[1] else 1
    return HandResult(out, team, winner, team[1 - winner])


def deal(rng: random.Random, tiles: TileSet | None = None) -> list[int]:
    """Seven tiles to each of the four seats, the whole double-six set (R-DOMINO-2)."""
    tiles = tiles or double(6)
    order = list(range(tiles.size))
    rng.shuffle(order)
    return [sum(1 << t for t in order[s * TILES_EACH : (s + 1) * TILES_EACH]) for s in range(SEATS)]


def new_hand(number: int, rng: random.Random, first_leader: int | None = None) -> Hand:
    """Hand ``number`` (0 the first) of a match, dealt from ``rng``: the first is led by the
    holder of double-six with it; hand k by the k-th player to the left of the first leader."""
    tiles = double(6)
    hands = deal(rng, tiles)
    if number == 0:
        six = tiles.index(6, 6)
        leader = next(s for s in range(SEATS) if hands[s] >> six & 1)
        return Hand(tiles, hands, leader, leader, must_lead=six)
    if first_leader is None:
        raise ValueError("a later hand needs the first hand's leader")
    leader = (first_leader + number) % SEATS
    return Hand(tiles, hands, leader, leader)


Bot = Callable[[Hand, random.Random], Move]
"""A player: given the hand in play (their own tiles, the line) and a random source, a move."""


def random_bot(hand: Hand, rng: random.Random) -> Move:
    """A legal move, uniformly: each tile that fits, and the one tile that fits both open ends
    (the tile of the two end numbers) once on each side (the fast simulation in
    ``kolo.games.domino.fast`` makes the same draws)."""
    mask = hand.playable()
    if not mask:
        return PASS
    count = mask.bit_count()
    both = 0
    if hand.started and hand.left != hand.right:
        both = mask & (1 << hand.tiles.index(hand.left, hand.right))
    choices = count + (1 if both else 0)
    pick = int(rng.random() * choices) if choices > 1 else 0
    if pick == count:  # the tile of both ends, on the right
        return Move(both.bit_length() - 1, RIGHT)
    for _ in range(pick):
        mask &= mask - 1
    tile = (mask & -mask).bit_length() - 1
    if not hand.started:
        return Move(tile, RIGHT)
    a, b = hand.tiles.tiles[tile]
    return Move(tile, LEFT if hand.left in (a, b) else RIGHT)


def greedy_bot(hand: Hand, rng: random.Random) -> Move:
    """The heaviest playable tile (the first such on the left when it fits both ends)."""
    moves = hand.legal()
    if len(moves) == 1:
        return moves[0]
    pips = hand.tiles.pips
    return max(moves, key=lambda m: (pips[m.tile] if m.tile is not None else -1, -m.side))


def play_hand(hand: Hand, bots: Sequence[Bot], rng: random.Random) -> Hand:
    """Play the hand to its end, each seat's bot choosing its moves."""
    while not hand.over:
        hand.play(bots[hand.turn](hand, rng))
    return hand


@dataclass(frozen=True)
class MatchResult:
    """A match to the target: the teams' points and every hand's result."""

    points: tuple[int, int]
    hands: tuple[HandResult, ...]

    @property
    def winner(self) -> int:
        return 0 if self.points[0] > self.points[1] else 1


def play_match(
    bots: Sequence[Bot], seed: int, rules: BlockRules = BlockRules(), max_hands: int = 1000
) -> MatchResult:
    """A whole match from ``seed``: hands until a team reaches the target (R-DOMINO-5)."""
    rng = random.Random(seed)
    points = [0, 0]
    results: list[HandResult] = []
    first_leader: int | None = None
    while max(points) < rules.target and len(results) < max_hands:
        hand = new_hand(len(results), rng, first_leader)
        if first_leader is None:
            first_leader = hand.leader
        result = play_hand(hand, bots, rng).result(rules)
        if result.winner is not None:
            points[result.winner] += result.points
        results.append(result)
    return MatchResult((points[0], points[1]), tuple(results))


def replay(
    seed: int, moves: Sequence[Move], number: int = 0, first_leader: int | None = None
) -> Hand:
    """Hand ``number`` dealt from ``seed`` again, with ``moves`` applied and each checked: a hand
    replays from its seed and its moves, and a recorded hand is checked so (``IllegalMove``)."""
    hand = new_hand(number, random.Random(seed), first_leader)
    for move in moves:
        hand.play(move)
    return hand


def known_missing(hand: Hand) -> list[set[int]]:
    """What the table reveals: for each seat, the numbers it cannot hold (it passed when the
    open ends showed them)."""
    missing: list[set[int]] = [set() for _ in range(SEATS)]
    left = right = -1
    seat = hand.leader
    tiles = hand.tiles.tiles
    for move in hand.moves:
        if move.tile is None:
            missing[seat].update((left, right))
        else:
            a, b = tiles[move.tile]
            if left < 0:
                left, right = a, b
            elif move.side == LEFT:
                left = b if a == left else a
            else:
                right = b if a == right else a
        seat = (seat + 1) % SEATS
    return missing


def strong_bot(hand: Hand, rng: random.Random) -> Move:
    """A player who uses what the table reveals: it sheds heavy tiles and doubles, keeps numbers
    it can follow, leaves the ends the opponents have shown they lack (they must pass), and
    avoids leaving its partner ends the partner has shown it lacks."""
    moves = hand.legal()
    if len(moves) == 1:
        return moves[0]
    seat = hand.turn
    missing = known_missing(hand)
    opponents = ((seat + 1) % SEATS, (seat + 3) % SEATS)
    partner = (seat + 2) % SEATS
    tiles = hand.tiles

    def value(move: Move) -> tuple[float, int]:
        assert move.tile is not None
        a, b = tiles.tiles[move.tile]
        if not hand.started:
            ends = (a, b)
        elif move.side == LEFT:
            ends = (b if a == hand.left else a, hand.right)
        else:
            ends = (hand.left, b if a == hand.right else a)
        rest = hand.hands[seat] & ~(1 << move.tile)
        follow = rest & (tiles.with_number[ends[0]] | tiles.with_number[ends[1]])
        score = float(tiles.pips[move.tile]) + (4.0 if a == b else 0.0)
        score += 3.0 * min(follow.bit_count(), 3)
        score += 6.0 * sum(1 for o in opponents for e in set(ends) if e in missing[o])
        score -= 4.0 * sum(1 for e in set(ends) if e in missing[partner])
        return score, -move.side

    return max(moves, key=value)


BOTS: dict[str, Bot] = {"random": random_bot, "greedy": greedy_bot, "strong": strong_bot}
"""The block game's bots by name."""


def score_record(
    left: Sequence[Sequence[tuple[int, int]]], out: int | None, rules: BlockRules = BlockRules()
) -> HandResult:
    """A hand recorded on paper as the tiles left in each seat's hand (and who went out, if
    anyone), checked and scored: a tile twice, a tile not in the set, more than seven tiles in
    a hand or tiles in the hand of the player who went out are refused (``IllegalMove``)."""
    tiles = double(6)
    if len(left) != SEATS:
        raise IllegalMove(f"a block game has four hands, not {len(left)}")
    seen: set[int] = set()
    hands = []
    for seat, held in enumerate(left):
        mask = 0
        if len(held) > TILES_EACH:
            raise IllegalMove(f"seat {seat} cannot hold {len(held)} tiles: at most 7")
        for a, b in held:
            if not (0 <= a <= 6 and 0 <= b <= 6):
                raise IllegalMove(f"{a}|{b} is not a tile of the double-six set")
            index = tiles.index(a, b)
            if index in seen:
                raise IllegalMove(f"{a}|{b} is written twice")
            seen.add(index)
            mask |= 1 << index
        hands.append(mask)
    if out is not None and hands[out]:
        raise IllegalMove(f"seat {out} went out: it holds no tile")
    hand = Hand(tiles, hands, leader=0, turn=0, over=True, out=out)
    return hand.result(rules)
