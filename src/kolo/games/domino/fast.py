"""Many hands of the block game between random players, fast: the simulator's inner loop.

The same rules as ``kolo.games.domino.block`` with the same random draws as its ``random_bot``
(a playable tile uniformly, then a side uniformly where it fits both ends), written as one loop
over plain integers — a hand is a bit mask, the tiles that fit are one ``&`` — so that a hand
costs a few microseconds. ``kolo domino simulate`` plays its matches of four random players
with it (``random_match``). ``tests/games/domino/test_fast.py`` holds it to the engine: from the
same seed both play the same hand to the same end, and the same match hand by hand.
"""

from __future__ import annotations

import random

from kolo.games.domino.block import SEATS, BlockRules, HandResult, MatchResult, score_hand
from kolo.games.domino.tiles import double

_BITS = tuple(1 << i for i in range(28))
_BOTH = tuple(tuple(1 << double(6).index(a, b) for b in range(7)) for a in range(7))
"""The bit of the tile ``a``/``b``: the one tile that can fit both open ends ``a`` and ``b``."""
RULES = BlockRules()
"""The block game's rules as the engine's defaults have them."""


def random_hand(rng: random.Random, number: int = 1, first_leader: int = 0) -> HandResult:
    """Hand ``number`` of a match (0: the first, led with double-six by its holder; later: led
    in turn from the left of ``first_leader``) dealt and played by four random players."""
    _leader, out, team = _play(rng, number, first_leader)
    return score_hand(None if out is None else out % 2, team, RULES, out)


def random_match(seed: int, rules: BlockRules = RULES, max_hands: int = 1000) -> MatchResult:
    """``block.play_match`` of four ``random_bot`` players: the same match from the same seed
    (one generator deals and plays, as the engine's), hands until a team reaches the target."""
    rng = random.Random(seed)
    points = [0, 0]
    results: list[HandResult] = []
    first_leader = 0
    while max(points) < rules.target and len(results) < max_hands:
        leader, out, team = _play(rng, len(results), first_leader)
        if not results:
            first_leader = leader
        result = score_hand(None if out is None else out % 2, team, rules, out)
        if result.winner is not None:
            points[result.winner] += result.points
        results.append(result)
    return MatchResult((points[0], points[1]), tuple(results))


def _play(
    rng: random.Random, number: int, first_leader: int
) -> tuple[int, int | None, tuple[int, int]]:
    """A hand dealt and played: its leader, the seat that went out (None: blocked) and the
    pips each team has left."""
    tiles = double(6)
    with_number = tiles.with_number
    pairs = tiles.tiles
    order = list(range(tiles.size))
    rng.shuffle(order)
    bit = _BITS
    o = order
    hands = [  # the engine's deal: seven tiles each, in the shuffled order
        bit[o[0]] | bit[o[1]] | bit[o[2]] | bit[o[3]] | bit[o[4]] | bit[o[5]] | bit[o[6]],
        bit[o[7]] | bit[o[8]] | bit[o[9]] | bit[o[10]] | bit[o[11]] | bit[o[12]] | bit[o[13]],
        bit[o[14]] | bit[o[15]] | bit[o[16]] | bit[o[17]] | bit[o[18]] | bit[o[19]] | bit[o[20]],
        bit[o[21]] | bit[o[22]] | bit[o[23]] | bit[o[24]] | bit[o[25]] | bit[o[26]] | bit[o[27]],
    ]
    must = -1
    if number == 0:
        must = tiles.index(6, 6)
        leader = next(s for s in range(SEATS) if hands[s] >> must & 1)
    else:
        leader = (first_leader + number) % SEATS
    turn = leader
    random_ = rng.random
    left = right = -1
    passes = 0
    out: int | None = None
    while True:
        hand = hands[turn]
        if left < 0:
            mask = hand & (1 << must) if must >= 0 else hand
        else:
            mask = hand & (with_number[left] | with_number[right])
        if not mask:
            passes += 1
            if passes == SEATS:
                break
            turn = (turn + 1) & 3
            continue
        count = mask.bit_count()
        both = 0
        if left >= 0 and left != right:
            both = mask & _BOTH[left][right]
        choices = count + 1 if both else count
        pick = int(random_() * choices) if choices > 1 else 0
        if pick == count:  # the tile of both ends, on the right
            low = both
            a, b = pairs[low.bit_length() - 1]
            right = b if a == right else a
        else:
            for _ in range(pick):
                mask &= mask - 1
            low = mask & -mask
            a, b = pairs[low.bit_length() - 1]
            if left < 0:
                left, right = a, b
            elif left in (a, b):
                left = b if a == left else a
            else:
                right = b if a == right else a
        hands[turn] = hand ^ low
        passes = 0
        if not hands[turn]:
            out = turn
            break
        turn = (turn + 1) & 3
    pips = tiles.hand_pips
    return leader, out, (pips(hands[0]) + pips(hands[2]), pips(hands[1]) + pips(hands[3]))
