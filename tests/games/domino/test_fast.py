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


def test_a_fast_match_is_the_engines_match_hand_by_hand():
    """``kolo domino simulate`` plays four random players with the fast loop: from the same
    seed it must play the engine's very match, every hand's end and score, on many seeds."""
    from kolo.games.domino.block import BlockRules, play_match
    from kolo.games.domino.fast import random_match

    rules_of = [BlockRules(), BlockRules(target=30), BlockRules(target=250, tied_hand_scores=True)]
    for seed in range(600):
        rules = rules_of[seed % 3]
        engine = play_match([random_bot] * 4, seed, rules)
        assert random_match(seed, rules) == engine, seed
    assert random_match(5, BlockRules(target=10_000), max_hands=3) == play_match(
        [random_bot] * 4, 5, BlockRules(target=10_000), max_hands=3
    )
