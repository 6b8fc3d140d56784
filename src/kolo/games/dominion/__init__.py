"""Dominion: card data, pools, the championship draws, kingdoms per table, setup (RULES.md §5).

Pure: the card data and the championship pool are JSON files inside the package, read
once; everything else takes values and a seeded generator and returns values.
"""

CHAMPIONSHIP = "cz-championship"
"""The name of the built-in pool: the Czech championship's (R-DOM-1)."""
