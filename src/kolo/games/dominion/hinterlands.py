"""The cards of Hinterlands (first edition) in the Czech championship pool
(``vocabulary.HINTERLANDS``): what each does, for the engine (``kolo.games.dominion.texts``)."""

from __future__ import annotations

from kolo.games.dominion.texts import Texts

TEXTS = Texts(plays=frozenset())
"""The set's texts; ``plays`` names the cards the engine plays whole."""
