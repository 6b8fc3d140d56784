"""The words of the Dominion engine (``kolo.games.dominion.engine``): the cards it plays, by
number, with their costs, types, coins and points; the kinds of decision; a decision itself
and the refusal of an illegal answer. Shared by the engine, the cards' effects
(``kolo.games.dominion.effects``) and the bots."""

from __future__ import annotations

from typing import Any

from kolo.games.dominion.cards import load

BASIC = ("Copper", "Silver", "Gold", "Estate", "Duchy", "Province", "Curse")
KINGDOM = (
    "Cellar", "Chapel", "Moat", "Harbinger", "Merchant", "Vassal", "Village", "Workshop",
    "Bureaucrat", "Gardens", "Militia", "Moneylender", "Poacher", "Remodel", "Smithy",
    "Throne Room", "Bandit", "Council Room", "Festival", "Laboratory", "Library", "Market",
    "Mine", "Sentry", "Witch", "Artisan", "Feast",
)  # fmt: skip
"""The kingdom cards the engine plays: the 26 of R-SETUP-3 and Feast (first edition)."""
CARDS: tuple[str, ...] = BASIC + KINGDOM
"""Every card the engine knows, by number: ``CARDS[n]`` is the card id (English name)."""
INDEX = {name: n for n, name in enumerate(CARDS)}

COPPER, SILVER, GOLD, ESTATE, DUCHY, PROVINCE, CURSE = range(7)
(
    CELLAR, CHAPEL, MOAT, HARBINGER, MERCHANT, VASSAL, VILLAGE, WORKSHOP, BUREAUCRAT,
    GARDENS, MILITIA, MONEYLENDER, POACHER, REMODEL, SMITHY, THRONE_ROOM, BANDIT,
    COUNCIL_ROOM, FESTIVAL, LABORATORY, LIBRARY, MARKET, MINE, SENTRY, WITCH, ARTISAN, FEAST,
) = range(7, 7 + len(KINGDOM))  # fmt: skip
N = len(CARDS)

DATA = load()
"""The card data (``kolo.games.dominion.cards``)."""
COST: tuple[int, ...] = tuple(DATA.card(c).cost for c in CARDS)
TYPES: tuple[tuple[str, ...], ...] = tuple(DATA.card(c).types for c in CARDS)
IS_ACTION: tuple[bool, ...] = tuple("Action" in t for t in TYPES)
IS_TREASURE: tuple[bool, ...] = tuple("Treasure" in t for t in TYPES)
IS_VICTORY: tuple[bool, ...] = tuple("Victory" in t for t in TYPES)
IS_ATTACK: tuple[bool, ...] = tuple("Attack" in t for t in TYPES)
COINS: tuple[int, ...] = tuple({COPPER: 1, SILVER: 2, GOLD: 3}.get(n, 0) for n in range(N))
VP: tuple[int, ...] = tuple(
    {ESTATE: 1, DUCHY: 3, PROVINCE: 6, CURSE: -1}.get(n, 0) for n in range(N)
)

FIRST_GAME = ("Cellar", "Market", "Merchant", "Militia", "Mine", "Moat", "Remodel", "Smithy",
              "Village", "Workshop")  # fmt: skip
"""The first-game kingdom of source 004 (R-SETUP-3)."""

# The kinds of decision.
PLAY = "play"
"""Play an action card from ``among`` (answer: a card, or None to stop). With ``card``
Throne Room: the action to play twice (or None)."""
BUY = "buy"
"""Buy a card costing at most ``coins`` with a non-empty pile (answer: a card or None)."""
GAIN = "gain"
"""Gain one of ``among`` (answer: a card of ``among``)."""
SELECT = "select"
"""Choose ``low``–``high`` cards of the multiset ``among`` (answer: a tuple of cards);
``what`` says what happens to them: discard, trash, topdeck, top (the card left on top)."""
YES = "yes"
"""Yes or no (answer: a bool); ``what``: reveal (a Moat), trash (Moneylender's Copper), play
(Vassal's action), set_aside (Library's action)."""

ENDED_PROVINCES = "provinces"
ENDED_PILES = "piles"
ENDED_LIMIT = "limit"


class IllegalChoice(ValueError):
    """An answer the rules do not allow, with the reason in words."""


class Decision:
    """One question to one player."""

    __slots__ = ("among", "card", "coins", "high", "kind", "low", "player", "what")

    def __init__(
        self,
        kind: str,
        player: int,
        card: int = -1,
        what: str = "",
        among: tuple[int, ...] = (),
        low: int = 0,
        high: int = 0,
        coins: int = 0,
    ) -> None:
        self.kind = kind
        self.player = player
        self.card = card
        """The card whose effect asks (-1: the turn itself)."""
        self.what = what
        self.among = among
        self.low = low
        self.high = high
        self.coins = coins

    def __repr__(self) -> str:
        card = CARDS[self.card] if self.card >= 0 else "-"
        among = ",".join(CARDS[c] for c in self.among)
        return (
            f"Decision({self.kind} {self.what} p{self.player} by {card} "
            f"[{among}] {self.low}-{self.high} coins={self.coins})"
        )


Answer = Any
"""A card (int) or None, a tuple of cards, or a bool, by the decision's kind."""

__all__ = [
    "ARTISAN",
    "BANDIT",
    "BASIC",
    "BUREAUCRAT",
    "BUY",
    "CARDS",
    "CELLAR",
    "CHAPEL",
    "COINS",
    "COPPER",
    "COST",
    "COUNCIL_ROOM",
    "CURSE",
    "DUCHY",
    "ENDED_LIMIT",
    "ENDED_PILES",
    "ENDED_PROVINCES",
    "ESTATE",
    "FEAST",
    "FESTIVAL",
    "FIRST_GAME",
    "GAIN",
    "GARDENS",
    "GOLD",
    "HARBINGER",
    "INDEX",
    "IS_ACTION",
    "IS_ATTACK",
    "IS_TREASURE",
    "IS_VICTORY",
    "KINGDOM",
    "LABORATORY",
    "LIBRARY",
    "MARKET",
    "MERCHANT",
    "MILITIA",
    "MINE",
    "MOAT",
    "MONEYLENDER",
    "PLAY",
    "POACHER",
    "PROVINCE",
    "REMODEL",
    "SELECT",
    "SENTRY",
    "SILVER",
    "SMITHY",
    "THRONE_ROOM",
    "TYPES",
    "VASSAL",
    "VILLAGE",
    "VP",
    "WITCH",
    "WORKSHOP",
    "YES",
    "Answer",
    "Decision",
    "IllegalChoice",
    "N",
]
