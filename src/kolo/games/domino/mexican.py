"""Cardinal Mexican Train as source 002 describes it (R-DOMINO-6) — not the common game.

A train has a locomotive at one end and grows only at the other. Its wagons alternate rising and
falling: after a wagon that falls (its number nearer the locomotive is the higher), the next
starts with the free number and rises; after one that rises, the next falls. A double is a
joker: it rises or falls as the train needs, and keeps that direction once attached (after
12/6-6/8-8/8 the double 8/8 fell, so 8/9 fits and 8/4 does not). At least one train is public
(anyone may extend it); a player's private train only its owner may extend. The first player to
empty their hand wins and scores the pips left in the others' hands.

What the source leaves open is **[interpretation]**, each a setting of ``MexicanRules`` (RULES.md
R-DOMINO-6): the set is double-twelve; every train starts at the station, the double-twelve set
aside before the deal; tiles each by the number of players (15 for 2–4, 12 for 5–6, 10 for
7–8), the rest is the boneyard; one public train; on a turn a player does exactly one thing —
plays a tile on the public train or on their own train (starting it), or, when nothing fits,
draws one tile from the boneyard, or, when it is empty, passes; a player who can play must;
private trains stay private (the source's one exception is not described); a game nobody can
finish (everyone passes with the boneyard empty) is won by the fewest pips left, who scores the
others' pips (a tie: nobody scores).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from kolo.games.domino.block import IllegalMove
from kolo.games.domino.tiles import TileSet, double

UP, DOWN = 1, -1
PUBLIC = -1
"""The train of that owner is public."""


@dataclass(frozen=True)
class MexicanRules:
    """The settings of Cardinal Mexican Train where the source is silent."""

    top: int = 12
    """The set: double-``top`` (double-twelve); the station is the double-``top``."""
    public_trains: int = 1
    """Trains anyone may extend (the source: at least one)."""
    tiles_each: tuple[tuple[int, int], ...] = ((4, 15), (6, 12), (8, 10))
    """(at most this many players, tiles each): 15 for 2–4, 12 for 5–6, 10 for 7–8."""
    scoring: str = "winner"
    """How a hand scores: ``winner`` (the source: the winner scores the pips left in the
    others' hands, the highest total wins) or ``own`` (the common rule many clubs play: each
    player scores the pips left in their own hand, the lowest total wins)."""

    def deal_size(self, players: int) -> int:
        for most, each in self.tiles_each:
            if players <= most:
                return each
        raise ValueError(f"Mexican Train seats 2 to {self.tiles_each[-1][0]} players")


@dataclass
class Train:
    """A train: its owner (``PUBLIC`` for a public one), the free number, the last direction."""

    owner: int
    free: int
    direction: int | None = None
    """How the last wagon went (``UP`` or ``DOWN``); None while only the locomotive stands."""
    wagons: list[tuple[int, int]] = field(default_factory=list)
    """The wagons in order, each as (number towards the locomotive, number away from it)."""

    def fits(self, tile: tuple[int, int]) -> int | None:
        """The direction the tile would take on this train, or None where it does not fit."""
        a, b = tile
        if self.free not in (a, b):
            return None
        other = b if a == self.free else a
        if a == b:  # a double: a joker, it goes the way the train needs
            return -self.direction if self.direction is not None else None
        going = UP if other > self.free else DOWN
        if self.direction is not None and going == self.direction:
            return None  # wagons alternate rising and falling
        return going

    def can_take(self, tile: tuple[int, int]) -> bool:
        a, b = tile
        if self.free not in (a, b):
            return False
        if a == b:
            return True
        return self.fits(tile) is not None


@dataclass(frozen=True)
class Action:
    """Play ``tile`` on train ``train``, or draw (``tile`` None, ``train`` 0), or pass
    (``tile`` None, ``train`` -1)."""

    tile: int | None
    train: int = 0


DRAW = Action(None, 0)
PASS = Action(None, -1)


@dataclass
class MexicanGame:
    """A game in play."""

    tiles: TileSet
    rules: MexicanRules
    hands: list[int]
    boneyard: list[int]
    trains: list[Train]
    turn: int = 0
    passes: int = 0
    over: bool = False
    out: int | None = None
    actions: list[Action] = field(default_factory=list)

    @property
    def players(self) -> int:
        return len(self.hands)

    def own_train(self, seat: int) -> int | None:
        return next((i for i, t in enumerate(self.trains) if t.owner == seat), None)

    def plays(self) -> list[Action]:
        """Every tile the player on turn may play, and where."""
        seat = self.turn
        found = []
        station = self.tiles.top
        for tile in self.tiles.members(self.hands[seat]):
            pair = self.tiles.tiles[tile]
            for index, train in enumerate(self.trains):
                if train.owner in (PUBLIC, seat) and train.can_take(pair):
                    found.append(Action(tile, index))
            if self.own_train(seat) is None and station in pair:
                found.append(Action(tile, len(self.trains)))  # starts the player's own train
        return found

    def legal(self) -> list[Action]:
        """The plays; or, when none, a draw (a pass when the boneyard is empty)."""
        found = self.plays()
        if found:
            return found
        return [DRAW] if self.boneyard else [PASS]

    def act(self, action: Action) -> None:
        """Apply the action of the player on turn, or refuse it (``IllegalMove``) unchanged."""
        if self.over:
            raise IllegalMove("the game is over")
        seat = self.turn
        if action.tile is None:
            if self.plays():
                raise IllegalMove("a player who can play must play")
            if action == DRAW:
                if not self.boneyard:
                    raise IllegalMove("the boneyard is empty: pass")
                self.hands[seat] |= 1 << self.boneyard.pop()
                self.passes = 0
            elif action == PASS:
                if self.boneyard:
                    raise IllegalMove("draw from the boneyard first")
                self.passes += 1
            else:
                raise IllegalMove("no such action")
            self.actions.append(action)
            if self.passes == self.players:
                self.over = True  # nobody can finish
            else:
                self.turn = (seat + 1) % self.players
            return
        if not 0 <= action.tile < self.tiles.size or not self.hands[seat] >> action.tile & 1:
            raise IllegalMove(f"tile {action.tile} is not in the hand of seat {seat}")
        pair = self.tiles.tiles[action.tile]
        if action.train == len(self.trains) and self.own_train(seat) is None:
            if self.tiles.top not in pair:
                raise IllegalMove("a train starts at the station: its tile carries the top number")
            self.trains.append(Train(seat, self.tiles.top))
        if not 0 <= action.train < len(self.trains):
            raise IllegalMove(f"there is no train {action.train}")
        train = self.trains[action.train]
        if train.owner not in (PUBLIC, seat):
            raise IllegalMove("only its owner extends a private train")
        if not train.can_take(pair):
            raise IllegalMove(
                f"{self.tiles.name(action.tile)} does not continue the train at {train.free} "
                "(its wagons alternate rising and falling; a double keeps its direction)"
            )
        a, b = pair
        other = b if a == train.free else a
        going = train.fits(pair)
        train.wagons.append((train.free, other))
        train.direction = going
        train.free = other
        self.hands[seat] ^= 1 << action.tile
        self.passes = 0
        self.actions.append(action)
        if not self.hands[seat]:
            self.over, self.out = True, seat
        else:
            self.turn = (seat + 1) % self.players

    def scores(self) -> list[int]:
        """What each player scored in the ended game: the winner the others' pips."""
        if not self.over:
            raise IllegalMove("the game is not over")
        return hand_scores(
            [self.tiles.hand_pips(h) for h in self.hands], self.out, self.rules.scoring
        )


WINNER = "winner"
"""The source's scoring (R-DOMINO-6): the winner of a hand scores the others' pips."""
OWN = "own"
"""The common rule: each player scores the pips left in their own hand; the lowest total wins."""
SCORINGS = (WINNER, OWN)


def hand_scores(pips: Sequence[int], out: int | None, scoring: str = WINNER) -> list[int]:
    """What each player scored in a hand from the pips left in every hand (R-DOMINO-6): the
    player who went out (``out``), or in a blocked game the one with the fewest pips, scores
    the others' pips; equal fewest in a blocked game: nobody scores. With the common rule
    (``scoring`` ``own``) each player scores their own pips instead. Played games and score
    sheets both count here."""
    if scoring == OWN:
        return list(pips)
    winner = out
    if winner is None:
        fewest = min(pips)
        if list(pips).count(fewest) > 1:
            return [0] * len(pips)
        winner = list(pips).index(fewest)
    result = [0] * len(pips)
    result[winner] = sum(pips) - pips[winner]
    return result


def new_game(players: int, rng: random.Random, rules: MexicanRules = MexicanRules()) -> MexicanGame:
    """A game dealt from ``rng``: the station set aside, ``deal_size`` tiles each, the rest the
    boneyard; the public trains stand at the station; the first seat starts."""
    tiles = double(rules.top)
    each = rules.deal_size(players)
    station = tiles.index(rules.top, rules.top)
    order = [t for t in range(tiles.size) if t != station]
    rng.shuffle(order)
    hands = [sum(1 << t for t in order[s * each : (s + 1) * each]) for s in range(players)]
    boneyard = order[players * each :]
    trains = [Train(PUBLIC, rules.top) for _ in range(rules.public_trains)]
    return MexicanGame(tiles, rules, hands, boneyard, trains)


MexicanBot = Callable[[MexicanGame, random.Random], Action]


def random_player(game: MexicanGame, rng: random.Random) -> Action:
    """Any legal action, uniformly."""
    found = game.legal()
    return found[rng.randrange(len(found))] if len(found) > 1 else found[0]


def greedy_player(game: MexicanGame, rng: random.Random) -> Action:
    """The heaviest tile it can play (on its own train first when the pips are equal)."""
    found = game.legal()
    if len(found) == 1:
        return found[0]
    pips = game.tiles.pips
    own = game.own_train(game.turn)
    return max(found, key=lambda a: (pips[a.tile] if a.tile is not None else -1, a.train == own))


def play_game(
    players: Sequence[MexicanBot], seed: int, rules: MexicanRules = MexicanRules()
) -> MexicanGame:
    """A whole game from ``seed`` between the bots, one per seat."""
    rng = random.Random(seed)
    game = new_game(len(players), rng, rules)
    for _ in range(10_000):
        if game.over:
            break
        game.act(players[game.turn](game, rng))
    return game


def _longest(tiles: TileSet, hand: int, free: int, direction: int | None, budget: list[int]) -> int:
    """The most tiles of ``hand`` that can follow one another on a train at ``free`` whose
    last wagon went ``direction`` (a search bounded by ``budget`` steps, not by the clock)."""
    best = 0
    rest = hand & tiles.with_number[free]
    while rest and budget[0] > 0:
        low = rest & -rest
        rest ^= low
        tile = low.bit_length() - 1
        budget[0] -= 1
        train = Train(PUBLIC, free, direction)
        if not train.can_take(tiles.tiles[tile]):
            continue
        going = train.fits(tiles.tiles[tile])
        a, b = tiles.tiles[tile]
        other = b if a == free else a
        best = max(best, 1 + _longest(tiles, hand ^ low, other, going, budget))
    return best


def strong_player(game: MexicanGame, rng: random.Random) -> Action:
    """A player who plays towards the longest train it can build from its hand: the move that
    starts the longest chain of its own tiles, on its own train when that is as long (nobody
    else can spoil it), the heavier tile when still equal."""
    found = game.legal()
    if len(found) == 1:
        return found[0]
    seat = game.turn
    own = game.own_train(seat)
    tiles = game.tiles

    def value(action: Action) -> tuple[int, int, int]:
        assert action.tile is not None
        pair = tiles.tiles[action.tile]
        if action.train < len(game.trains):
            train = game.trains[action.train]
            free, direction = train.free, train.direction
        else:
            free, direction = tiles.top, None
        going = Train(PUBLIC, free, direction).fits(pair)
        a, b = pair
        other = b if a == free else a
        chain = 1 + _longest(tiles, game.hands[seat] ^ (1 << action.tile), other, going, [2000])
        return (
            chain,
            int(action.train == own or action.train == len(game.trains)),
            tiles.pips[action.tile],
        )

    return max(found, key=value)


PLAYERS: dict[str, MexicanBot] = {
    "random": random_player,
    "greedy": greedy_player,
    "strong": strong_player,
}
"""Mexican Train's bots by name."""
