"""Domino (source 002, RULES.md §7): the sets (``tiles``) and the block game for two pairs
(``block``). Pure and seeded: a hand replays from its seed and its moves."""
