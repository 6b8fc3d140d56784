"""The fast simulation plays the engine's rules: from the same seed the same hand to the same
end as the engine with four random players."""

import random

from kolo.games.domino.block import new_hand, play_hand, random_bot
from kolo.games.domino.fast import random_hand


def test_the_fast_loop_plays_the_same_hands_as_the_engine():
    for seed in range(400):
        number = seed % 3
        engine = play_hand(
            new_hand(number, random.Random(seed), first_leader=seed % 4),
            [random_bot] * 4,
            random.Random(seed + 10**6),
        ).result()
        # the engine deals from one generator and plays from another; so does the check
        deal = random.Random(seed)
        fast = _fast_with(deal, random.Random(seed + 10**6), number, seed % 4)
        assert fast == engine, seed


def _fast_with(deal_rng, play_rng, number, first_leader):
    """``random_hand`` dealing from ``deal_rng`` and playing from ``play_rng``."""

    class Split(random.Random):
        dealt = False

        def shuffle(self, x):  # the deal: from the deal's generator
            deal_rng.shuffle(x)

        def random(self):
            return play_rng.random()

    return random_hand(Split(), number, first_leader)
