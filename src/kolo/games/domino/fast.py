"""Many hands of the block game between random players, fast: the simulator's inner loop.

The same rules as ``kolo.games.domino.block`` with the same random draws as its ``random_bot``
(a playable tile uniformly, then a side uniformly where it fits both ends), written as one loop
over plain integers — a hand is a bit mask, the tiles that fit are one ``&`` — so that a hand
costs a few microseconds. ``tests/games/domino/test_fast.py`` holds it to the engine: from the
same seed both play the same hand to the same end.
"""

from __future__ import annotations

import random

from kolo.games.domino.block import SEATS, TILES_EACH, HandResult
from kolo.games.domino.tiles import double


def random_hand(rng: random.Random, number: int = 1, first_leader: int = 0) -> HandResult:
    """Hand ``number`` of a match (0: the first, led with double-six by its holder; later: led
    in turn from the left of ``first_leader``) dealt and played by four random players."""
    tiles = double(6)
    with_number = tiles.with_number
    pairs = tiles.tiles
    order = list(range(tiles.size))
    rng.shuffle(order)
    hands = [
        sum(1 << t for t in order[s * TILES_EACH : (s + 1) * TILES_EACH]) for s in range(SEATS)
    ]
    must = -1
    if number == 0:
        must = tiles.index(6, 6)
        leader = next(s for s in range(SEATS) if hands[s] >> must & 1)
    else:
        leader = (first_leader + number) % SEATS
    turn = leader
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
            turn = (turn + 1) % SEATS
            continue
        count = mask.bit_count()
        if count > 1:
            for _ in range(rng.randrange(count)):
                mask &= mask - 1
        low = mask & -mask
        a, b = pairs[low.bit_length() - 1]
        if left < 0:
            left, right = a, b
        else:
            fits_left = left in (a, b)
            if fits_left and right in (a, b) and left != right:
                side = rng.randrange(2)
            else:
                side = 0 if fits_left else 1
            if side == 0:
                left = b if a == left else a
            else:
                right = b if a == right else a
        hands[turn] = hand ^ low
        passes = 0
        if not hands[turn]:
            out = turn
            break
        turn = (turn + 1) % SEATS
    pips = tiles.hand_pips
    team = (pips(hands[0]) + pips(hands[2]), pips(hands[1]) + pips(hands[3]))
    if team[0] == team[1]:
        return HandResult(out, team, None, 0)
    winner = 0 if team[0] < team[1] else 1
    return HandResult(out, team, winner, team[1 - winner])
