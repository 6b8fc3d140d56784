"""The cards of Dark Ages in the Czech championship pool
(``vocabulary.DARK_AGES``): what each does, for the engine (``kolo.games.dominion.texts``)."""

from __future__ import annotations

from kolo.games.dominion.texts import Texts

TEXTS = Texts(plays=frozenset())
"""The set's texts; ``plays`` names the cards the engine plays whole."""
