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
INTRIGUE = (
    "Mining Village", "Conspirator", "Courtyard", "Shanty Town", "Bridge", "Upgrade",
    "Steward", "Nobles", "Duke", "Torturer",
)  # fmt: skip
PROSPERITY = (
    "Worker's Village", "Peddler", "Watchtower", "City", "Hoard", "Venture", "Grand Market",
    "Loan", "Mint", "Vault", "King's Court",
)  # fmt: skip
HINTERLANDS = (
    "Cache", "Crossroads", "Haggler", "Highway", "Margrave", "Oasis", "Noble Brigand",
    "Spice Merchant", "Farmland", "Stables", "Tunnel", "Silk Road", "Fool's Gold", "Mandarin",
)  # fmt: skip
DARK_AGES = (
    "Altar", "Bandit Camp", "Count", "Cultist", "Death Cart", "Forager", "Fortress",
    "Hunting Grounds", "Ironmonger", "Junk Dealer", "Marauder", "Market Square", "Mystic",
    "Pillage", "Rogue", "Squire", "Vagrant", "Knights", "Counterfeit", "Feodum", "Rats",
    "Poor House", "Storeroom", "Urchin",
)  # fmt: skip
"""The kingdom cards of the Czech championship pool beyond the base game, by set (in the
pool's order; ``Knights`` is the pile of the ten different Knights)."""
POOL_KINGDOM = INTRIGUE + PROSPERITY + HINTERLANDS + DARK_AGES
RUINS_CARDS = (
    "Abandoned Mine", "Ruined Library", "Ruined Market", "Ruined Village", "Survivors",
)  # fmt: skip
KNIGHT_CARDS = (
    "Dame Anna", "Dame Josephine", "Dame Molly", "Dame Natalie", "Dame Sylvia",
    "Sir Bailey", "Sir Destry", "Sir Martin", "Sir Michael", "Sir Vander",
)  # fmt: skip
OTHER = (
    "Platinum", "Colony", "Hovel", "Necropolis", "Overgrown Estate", "Spoils", "Madman",
    "Mercenary", "Ruins", *RUINS_CARDS, *KNIGHT_CARDS,
)  # fmt: skip
"""The cards and piles that are neither basic nor kingdom cards: Prosperity's Platinum and
Colony, Dark Ages' Shelters, Spoils, Madman, Mercenary, the Ruins pile (``Ruins``) and its
five cards, the ten Knights (gained from the ``Knights`` pile)."""
CARDS: tuple[str, ...] = BASIC + KINGDOM + POOL_KINGDOM + OTHER
"""Every card the engine knows, by number: ``CARDS[n]`` is the card id (English name). The
base game's numbers come first and never change (recorded games keep their meaning)."""
INDEX = {name: n for n, name in enumerate(CARDS)}

COPPER, SILVER, GOLD, ESTATE, DUCHY, PROVINCE, CURSE = range(7)
(
    CELLAR, CHAPEL, MOAT, HARBINGER, MERCHANT, VASSAL, VILLAGE, WORKSHOP, BUREAUCRAT,
    GARDENS, MILITIA, MONEYLENDER, POACHER, REMODEL, SMITHY, THRONE_ROOM, BANDIT,
    COUNCIL_ROOM, FESTIVAL, LABORATORY, LIBRARY, MARKET, MINE, SENTRY, WITCH, ARTISAN, FEAST,
) = range(7, 7 + len(KINGDOM))  # fmt: skip
(
    MINING_VILLAGE, CONSPIRATOR, COURTYARD, SHANTY_TOWN, BRIDGE, UPGRADE, STEWARD, NOBLES,
    DUKE, TORTURER,
    WORKERS_VILLAGE, PEDDLER, WATCHTOWER, CITY, HOARD, VENTURE, GRAND_MARKET, LOAN, MINT,
    VAULT, KINGS_COURT,
    CACHE, CROSSROADS, HAGGLER, HIGHWAY, MARGRAVE, OASIS, NOBLE_BRIGAND, SPICE_MERCHANT,
    FARMLAND, STABLES, TUNNEL, SILK_ROAD, FOOLS_GOLD, MANDARIN,
    ALTAR, BANDIT_CAMP, COUNT, CULTIST, DEATH_CART, FORAGER, FORTRESS, HUNTING_GROUNDS,
    IRONMONGER, JUNK_DEALER, MARAUDER, MARKET_SQUARE, MYSTIC, PILLAGE, ROGUE, SQUIRE,
    VAGRANT, KNIGHTS, COUNTERFEIT, FEODUM, RATS, POOR_HOUSE, STOREROOM, URCHIN,
    PLATINUM, COLONY, HOVEL, NECROPOLIS, OVERGROWN_ESTATE, SPOILS, MADMAN, MERCENARY, RUINS,
    ABANDONED_MINE, RUINED_LIBRARY, RUINED_MARKET, RUINED_VILLAGE, SURVIVORS,
    DAME_ANNA, DAME_JOSEPHINE, DAME_MOLLY, DAME_NATALIE, DAME_SYLVIA, SIR_BAILEY, SIR_DESTRY,
    SIR_MARTIN, SIR_MICHAEL, SIR_VANDER,
) = range(7 + len(KINGDOM), 7 + len(KINGDOM) + len(POOL_KINGDOM) + len(OTHER))  # fmt: skip
N = len(CARDS)

DATA = load()
"""The card data (``kolo.games.dominion.cards``)."""
COST: tuple[int, ...] = tuple(DATA.card(c).cost for c in CARDS)
TYPES: tuple[tuple[str, ...], ...] = tuple(DATA.card(c).types for c in CARDS)
IS_ACTION: tuple[bool, ...] = tuple("Action" in t for t in TYPES)
IS_TREASURE: tuple[bool, ...] = tuple("Treasure" in t for t in TYPES)
IS_VICTORY: tuple[bool, ...] = tuple("Victory" in t for t in TYPES)
IS_ATTACK: tuple[bool, ...] = tuple("Attack" in t for t in TYPES)
IS_REACTION: tuple[bool, ...] = tuple("Reaction" in t for t in TYPES)
IS_KNIGHT: tuple[bool, ...] = tuple("Knight" in t for t in TYPES)
IS_RUINS: tuple[bool, ...] = tuple("Ruins" in t for t in TYPES)
COINS: tuple[int, ...] = tuple(
    {
        COPPER: 1, SILVER: 2, GOLD: 3, PLATINUM: 5,
        HOARD: 2, VENTURE: 1, LOAN: 1,
    }.get(n, 0)
    for n in range(N)
)  # fmt: skip
"""What a treasure gives when played, before its own text (a treasure whose text does more
has an entry in the engine's ``TREASURES``)."""
VP: tuple[int, ...] = tuple(
    {
        ESTATE: 1, DUCHY: 3, PROVINCE: 6, COLONY: 10, CURSE: -1, NOBLES: 2, FARMLAND: 2,
        TUNNEL: 2, DAME_JOSEPHINE: 2,
    }.get(n, 0)
    for n in range(N)
)  # fmt: skip
"""Fixed victory points per card (cards counting something have a ``POINTS`` entry)."""

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

CHOOSE = "choose"
"""Choose one of ``options`` (words, e.g. Steward's ``cards``, ``coins``, ``trash``; answer:
one of them); ``what`` names the choice."""
NAME = "name"
"""Name a card (Mystic: answer a card number, any card the engine knows)."""

ENDED_PROVINCES = "provinces"
ENDED_PILES = "piles"
ENDED_LIMIT = "limit"


class IllegalChoice(ValueError):
    """An answer the rules do not allow, with the reason in words."""


class Decision:
    """One question to one player."""

    __slots__ = ("among", "card", "coins", "high", "kind", "low", "options", "player", "what")

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
        options: tuple[str, ...] = (),
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
        self.options = options

    def __repr__(self) -> str:
        card = CARDS[self.card] if self.card >= 0 else "-"
        among = ",".join(CARDS[c] for c in self.among)
        return (
            f"Decision({self.kind} {self.what} p{self.player} by {card} "
            f"[{among}] {self.low}-{self.high} coins={self.coins}"
            + (f" options={'/'.join(self.options)})" if self.options else ")")
        )


Answer = Any
"""A card (int) or None, a tuple of cards, or a bool, by the decision's kind."""

__all__ = [
    "ABANDONED_MINE",
    "ALTAR",
    "ARTISAN",
    "BANDIT",
    "BANDIT_CAMP",
    "BASIC",
    "BRIDGE",
    "BUREAUCRAT",
    "BUY",
    "CACHE",
    "CARDS",
    "CELLAR",
    "CHAPEL",
    "CHOOSE",
    "CITY",
    "COINS",
    "COLONY",
    "CONSPIRATOR",
    "COPPER",
    "COST",
    "COUNCIL_ROOM",
    "COUNT",
    "COUNTERFEIT",
    "COURTYARD",
    "CROSSROADS",
    "CULTIST",
    "CURSE",
    "DAME_ANNA",
    "DAME_JOSEPHINE",
    "DAME_MOLLY",
    "DAME_NATALIE",
    "DAME_SYLVIA",
    "DARK_AGES",
    "DEATH_CART",
    "DUCHY",
    "DUKE",
    "ENDED_LIMIT",
    "ENDED_PILES",
    "ENDED_PROVINCES",
    "ESTATE",
    "FARMLAND",
    "FEAST",
    "FEODUM",
    "FESTIVAL",
    "FIRST_GAME",
    "FOOLS_GOLD",
    "FORAGER",
    "FORTRESS",
    "GAIN",
    "GARDENS",
    "GOLD",
    "GRAND_MARKET",
    "HAGGLER",
    "HARBINGER",
    "HIGHWAY",
    "HINTERLANDS",
    "HOARD",
    "HOVEL",
    "HUNTING_GROUNDS",
    "INDEX",
    "INTRIGUE",
    "IRONMONGER",
    "IS_ACTION",
    "IS_ATTACK",
    "IS_KNIGHT",
    "IS_REACTION",
    "IS_RUINS",
    "IS_TREASURE",
    "IS_VICTORY",
    "JUNK_DEALER",
    "KINGDOM",
    "KINGS_COURT",
    "KNIGHTS",
    "KNIGHT_CARDS",
    "LABORATORY",
    "LIBRARY",
    "LOAN",
    "MADMAN",
    "MANDARIN",
    "MARAUDER",
    "MARGRAVE",
    "MARKET",
    "MARKET_SQUARE",
    "MERCENARY",
    "MERCHANT",
    "MILITIA",
    "MINE",
    "MINING_VILLAGE",
    "MINT",
    "MOAT",
    "MONEYLENDER",
    "MYSTIC",
    "NAME",
    "NECROPOLIS",
    "NOBLES",
    "NOBLE_BRIGAND",
    "OASIS",
    "OTHER",
    "OVERGROWN_ESTATE",
    "PEDDLER",
    "PILLAGE",
    "PLATINUM",
    "PLAY",
    "POACHER",
    "POOL_KINGDOM",
    "POOR_HOUSE",
    "PROSPERITY",
    "PROVINCE",
    "RATS",
    "REMODEL",
    "ROGUE",
    "RUINED_LIBRARY",
    "RUINED_MARKET",
    "RUINED_VILLAGE",
    "RUINS",
    "RUINS_CARDS",
    "SELECT",
    "SENTRY",
    "SHANTY_TOWN",
    "SILK_ROAD",
    "SILVER",
    "SIR_BAILEY",
    "SIR_DESTRY",
    "SIR_MARTIN",
    "SIR_MICHAEL",
    "SIR_VANDER",
    "SMITHY",
    "SPICE_MERCHANT",
    "SPOILS",
    "SQUIRE",
    "STABLES",
    "STEWARD",
    "STOREROOM",
    "SURVIVORS",
    "THRONE_ROOM",
    "TORTURER",
    "TUNNEL",
    "TYPES",
    "UPGRADE",
    "URCHIN",
    "VAGRANT",
    "VASSAL",
    "VAULT",
    "VENTURE",
    "VILLAGE",
    "VP",
    "WATCHTOWER",
    "WITCH",
    "WORKERS_VILLAGE",
    "WORKSHOP",
    "YES",
    "Answer",
    "Decision",
    "IllegalChoice",
    "N",
]
