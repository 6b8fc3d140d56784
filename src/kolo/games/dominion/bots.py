"""Bots for the base game: Big Money, Big Money with one kingdom card, and a heuristic bot.

Each bot answers a ``Decision`` from its ``View`` alone (what the player may see): a pure
function of it, the same view and decision giving the same answer.

- ``big-money``: the canonical "Big Money Ultimate" buy rules — Province when the deck's
  money is over 15, Duchy when fewer than 5 Provinces are left, Estate when fewer than 3,
  Gold, Duchy when fewer than 7, Silver — and never a kingdom card.
- ``big-money-CARD`` (``big-money-smithy``, ``big-money-witch``…): the same, plus CARD: it
  buys CARD instead of Silver (or of Gold, for a card costing 6) while it has fewer copies
  than it wants (a terminal: one, plus one per 11 treasures; Witch at most two; a card that
  gives +Action: up to eight), and plays it whenever it can.
- ``heuristic``: plays any base kingdom reasonably: Big Money Ultimate built around the
  kingdom's best terminal (Witch, Smithy, Library, Council Room, Militia, Bandit,
  Moneylender, the first the kingdom has; Witch over the first Gold), Laboratories and
  Markets instead of Silver at 5, a village only when its terminals collide, Chapel in the
  opening of a Witch kingdom; it plays non-terminal actions (villages, cantrips) before
  terminals and Throne Room on the best action, and plays whatever it gains.

Choices about cards (what to discard, trash, put back, gain) are shared by all bots.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence

from kolo.games.dominion import darkages_more, engine
from kolo.games.dominion.engine import (
    ARTISAN,
    BANDIT,
    BUREAUCRAT,
    BUY,
    CARDS,
    CELLAR,
    CHAPEL,
    CHOOSE,
    CITY,
    COINS,
    COLONY,
    CONSPIRATOR,
    COPPER,
    COST,
    COUNCIL_ROOM,
    COUNTERFEIT,
    COURTYARD,
    CURSE,
    DUCHY,
    DUKE,
    ESTATE,
    FEAST,
    FESTIVAL,
    GAIN,
    GARDENS,
    GOLD,
    GRAND_MARKET,
    HARBINGER,
    INDEX,
    IS_ACTION,
    IS_ATTACK,
    IS_KNIGHT,
    IS_TREASURE,
    IS_VICTORY,
    KINGS_COURT,
    KNIGHT_CARDS,
    KNIGHTS,
    LABORATORY,
    LIBRARY,
    MARKET,
    MERCHANT,
    MILITIA,
    MINE,
    MINING_VILLAGE,
    MINT,
    MOAT,
    MONEYLENDER,
    NAME,
    NOBLES,
    PEDDLER,
    PLATINUM,
    PLAY,
    POACHER,
    PROVINCE,
    REMODEL,
    SELECT,
    SENTRY,
    SHANTY_TOWN,
    SILVER,
    SMITHY,
    STEWARD,
    TEXTS,
    THRONE_ROOM,
    TORTURER,
    UPGRADE,
    VASSAL,
    VAULT,
    VILLAGE,
    WATCHTOWER,
    WITCH,
    WORKERS_VILLAGE,
    WORKSHOP,
    YES,
    Answer,
    Decision,
    N,
    View,
)  # fmt: skip

NON_TERMINAL = frozenset(
    {
        CELLAR, HARBINGER, MERCHANT, VILLAGE, POACHER, FESTIVAL, LABORATORY, MARKET, SENTRY,
        MINING_VILLAGE, SHANTY_TOWN, UPGRADE, WORKERS_VILLAGE, PEDDLER, CITY, GRAND_MARKET,
    }
)  # fmt: skip
"""Actions that give +Action (playing them leaves an action to play another)."""
VILLAGES = frozenset({VILLAGE, FESTIVAL, MINING_VILLAGE, SHANTY_TOWN, WORKERS_VILLAGE, CITY})
"""Actions that give +2 Actions."""


UNMEASURED = (-1, 0, 0, 0)
"""What ``gives`` says of a card it could not play alone (the Knights' pile)."""


@functools.cache
def gives(card: int) -> tuple[int, int, int, int]:
    """What playing ``card`` gives, measured, not listed: (+Actions, +Cards, +coins, +Buys)
    when played once from a hand of four Coppers on a fresh two-player game of its kingdom
    (the bots answering its decisions). Derived from the card's own text in the engine, so
    every set's cards count alike; (0, 0, 0, 0) for a card that is not an action, UNMEASURED
    for one whose text cannot be played so (then the base lists above decide)."""
    if not IS_ACTION[card] or CARDS[card] not in engine.PLAYABLE:
        return (0, 0, 0, 0)
    try:
        agents = [Heuristic(), Heuristic()]
        g = engine.Game([CARDS[card]], agents, 0)
        p = g.current
        g.hand[p][:] = [COPPER] * 4
        g.deck[p][:] = [COPPER] * 10
        g.discard[p][:] = []
        g.in_play.clear()
        g.actions, g.buys, g.coins = 0, 1, 0
        g.in_play.append(card)
        g.resolve(p, card)
        return (g.actions, len(g.hand[p]) - 4, g.coins, g.buys - 1)
    except Exception:  # a text needing more of a game than the probe sets: no measure
        return UNMEASURED


def non_terminal(card: int) -> bool:
    """Playing ``card`` leaves an action to play another (it gives +Action)."""
    return card in NON_TERMINAL or gives(card)[0] >= 1


def is_village(card: int) -> bool:
    """``card`` gives +2 Actions or more."""
    return card in VILLAGES or gives(card)[0] >= 2


# How much a card is worth keeping in hand (higher: keep); junk is negative.
KEEP = {CURSE: -3, ESTATE: -2, DUCHY: -2, PROVINCE: -2, GARDENS: -2, COPPER: 1, SILVER: 3,
        GOLD: 5, PLATINUM: 7}  # fmt: skip
# The order the heuristic plays actions in (earlier: first).
PLAY_ORDER = (
    KINGS_COURT, WORKERS_VILLAGE, CITY, FESTIVAL, VILLAGE, MINING_VILLAGE, GRAND_MARKET,
    PEDDLER, UPGRADE, LABORATORY, MARKET, SENTRY, POACHER, MERCHANT, HARBINGER, CELLAR,
    SHANTY_TOWN, THRONE_ROOM, CONSPIRATOR, TORTURER, NOBLES, WITCH, COUNCIL_ROOM, COURTYARD,
    VAULT, WATCHTOWER, STEWARD, LIBRARY, SMITHY, MILITIA, BANDIT, MONEYLENDER, MINE,
    ARTISAN, REMODEL, BUREAUCRAT, WORKSHOP, FEAST, CHAPEL, MOAT, VASSAL,
)  # fmt: skip
RANK = {card: i for i, card in enumerate(PLAY_ORDER)}
LAST = len(PLAY_ORDER)
"""The rank of an action the play order does not list (played after the listed ones)."""
SET_ANSWERS = TEXTS.bot
"""Each set's answers to the decisions its cards ask (``Texts.bot``)."""


def _rank(card: int) -> int:
    return RANK.get(card, LAST)


def _keep(card: int) -> int:
    if card in KEEP:
        return KEEP[card]
    if IS_VICTORY[card] and not IS_ACTION[card] and not IS_TREASURE[card]:
        return -2  # Duke, Colony…: dead in hand
    if IS_TREASURE[card]:
        return 3
    return 4 if card in NON_TERMINAL else 2  # (at import: the base list, no probe)


KEEP_VALUE = tuple(_keep(c) for c in range(N))


def keep_value(card: int) -> int:
    return KEEP_VALUE[card]


def hand_coins(view: View) -> int:
    """The coins of the treasures in hand (before their texts)."""
    return sum(COINS[c] for c in view.hand if IS_TREASURE[c])


def colony_buy(view: View, coins: int) -> int | None:
    """Where Colonies are out: a Colony once the deck can reach it again, Platinum at 9, and
    the Province and Duchy dance as the Colonies run low (None: the usual rules decide)."""
    cost = view.cost
    colonies = view.pile(COLONY)
    if colonies and coins >= cost(COLONY) and view.money > 24:
        return COLONY
    if colonies <= 2 and coins >= cost(DUCHY) and view.pile(DUCHY):
        return DUCHY
    if coins >= cost(PLATINUM) and view.pile(PLATINUM) and colonies > 3:
        return PLATINUM
    if colonies <= 4 and coins >= cost(PROVINCE) and view.pile(PROVINCE):
        return PROVINCE
    if colonies <= 1 and coins >= cost(ESTATE) and view.pile(ESTATE):
        return ESTATE
    return None


def money_buy(view: View, coins: int) -> int | None:
    """The Big Money Ultimate buy rules (with Colonies and varying costs where the game
    has them)."""
    if not view.plain:
        return _money_buy(view, coins)
    provinces = view.pile(PROVINCE)
    if coins >= 8 and view.money > 15 and provinces:
        return PROVINCE
    if coins >= 5 and provinces < 5 and view.pile(DUCHY):
        return DUCHY
    if coins >= 2 and provinces < 3 and view.pile(ESTATE):
        return ESTATE
    if coins >= 6 and view.pile(GOLD):
        return GOLD
    if coins >= 5 and provinces < 7 and view.pile(DUCHY):
        return DUCHY
    if coins >= 3 and view.pile(SILVER):
        return SILVER
    return None


def _money_buy(view: View, coins: int) -> int | None:
    """``money_buy`` with the costs as they are now and Colonies."""
    if view.colony:
        chosen = colony_buy(view, coins)
        if chosen is not None:
            return chosen
    cost = view.cost
    provinces = view.pile(PROVINCE)
    if coins >= cost(PROVINCE) and view.money > 15 and provinces:
        return PROVINCE
    if coins >= cost(DUCHY) and provinces < 5 and view.pile(DUCHY):
        return DUCHY
    if coins >= cost(ESTATE) and provinces < 3 and view.pile(ESTATE):
        return ESTATE
    if coins >= cost(GOLD) and view.pile(GOLD):
        return GOLD
    if coins >= cost(DUCHY) and provinces < 7 and view.pile(DUCHY):
        return DUCHY
    if coins >= cost(SILVER) and view.pile(SILVER):
        return SILVER
    return None


_KNIGHTS = tuple(INDEX[k] for k in KNIGHT_CARDS)


def owned_of(view: View, card: int) -> int:
    """How many of ``card``'s pile the player has (the Knights pile: any Knight)."""
    if card == KNIGHTS:
        return sum(view.owned(k) for k in _KNIGHTS)
    return view.owned(card)


def treasures(view: View) -> int:
    return view.owned(COPPER) + view.owned(SILVER) + view.owned(GOLD) + view.owned(PLATINUM)


def terminals(view: View) -> int:
    return sum(view.owned(c) for c in view.kingdom if IS_ACTION[c] and not non_terminal(c))


def villages(view: View) -> int:
    return sum(view.owned(c) for c in view.kingdom if is_village(c))


class Bot:
    """The choices about cards every bot shares; subclasses choose actions and buys."""

    name = "bot"
    keep = staticmethod(keep_value)
    """How much a card is worth keeping in hand (for the sets' answers, ``Texts.bot``)."""
    hand_coins = staticmethod(hand_coins)

    def __call__(self, view: View, d: Decision) -> Answer:
        kind = d.kind
        if d.card >= 0:
            special = SET_ANSWERS.get(d.card)
            if special is not None:
                answer = special(self, view, d)
                if answer is not NotImplemented:
                    return answer
        if kind == BUY:
            chosen = self.buy(view, d.coins)
            if chosen is not None and not view.plain:
                if (view.buy_rules and not view.may_buy(chosen)) or view.cost(chosen) > d.coins:
                    return money_buy(view, d.coins)  # no Grand Market with a Copper in play
            elif chosen is not None and view.buy_rules and not view.may_buy(chosen):
                return money_buy(view, d.coins)
            return chosen
        if kind == PLAY:
            if d.card == THRONE_ROOM:
                return self.throne(view, d)
            return self.action(view, d.among)
        if kind == SELECT:
            return self.select(view, d)
        if kind == GAIN:
            return self.gain(view, d)
        if kind == YES:
            return self.yes(view, d)
        if kind == CHOOSE:
            return d.options[0]
        if kind == NAME:
            return self.name_card(view, d)
        raise ValueError(f"unknown decision {kind}")  # pragma: no cover

    def name_card(self, view: View, d: Decision) -> int:
        """A card to name (Mystic): the card most of the player's cards are."""
        return max(range(len(CARDS)), key=lambda c: (view.owned(c), -c))

    def buy(self, view: View, coins: int) -> int | None:
        return money_buy(view, coins)

    def action(self, view: View, among: tuple[int, ...]) -> int | None:
        return self.best_action(view, among)

    def best_action(self, view: View, among: Sequence[int]) -> int | None:
        hand = view.hand
        for card in sorted(among, key=_rank):
            if card in (THRONE_ROOM, KINGS_COURT) and sum(1 for c in hand if IS_ACTION[c]) < 2:
                continue
            worth = darkages_more.PLAY_WHEN.get(card)  # a set's cards not always worth playing
            if worth is not None and not worth(view):
                continue
            if card == CHAPEL and not any(c in (CURSE, ESTATE, COPPER) for c in hand):
                continue
            if card == CELLAR and not any(keep_value(c) < 0 for c in hand):
                continue
            if card == MONEYLENDER and COPPER not in hand:
                continue
            if card == MINE and not any(c in (COPPER, SILVER) for c in hand):
                continue
            if card == REMODEL and len(hand) < 2:
                continue
            return card
        return None

    def throne(self, view: View, d: Decision) -> int | None:
        best = sorted(d.among, key=_rank)
        terminal = [c for c in best if not non_terminal(c)]
        if view.actions == 0 and terminal:
            return terminal[0]
        return best[0]

    def yes(self, view: View, d: Decision) -> bool:
        if d.what == "set_aside":  # Library: skip actions it could not play
            return view.actions == 0
        if d.what == "trash" and d.card == MONEYLENDER:
            return True
        return True  # reveal a Moat; play Vassal's action

    def gain(self, view: View, d: Decision) -> int:
        among = d.among
        cost = view.cost
        limit = max(cost(c) for c in among)
        wanted = self.buy(view, limit)
        if wanted is not None and wanted in among:
            return wanted
        useful = [c for c in among if c != CURSE and (c != ESTATE or view.pile(PROVINCE) < 3)]
        pool = useful or list(among)
        return max(pool, key=lambda c: (cost(c), IS_TREASURE[c], IS_ACTION[c], -c))

    def select(self, view: View, d: Decision) -> tuple[int, ...]:
        among = d.among
        what = d.what
        if what == "discard":
            ranked = sorted(among, key=keep_value)
            if d.low == d.high:
                return tuple(ranked[: d.low])
            if d.card == SENTRY:
                return tuple(c for c in ranked if IS_VICTORY[c] and c != CURSE)
            return tuple(c for c in ranked if keep_value(c) < 0)[: d.high]
        if what == "trash":
            return self.trash(view, d)
        if what == "topdeck":
            if d.card == HARBINGER:
                best = max(among, key=keep_value)
                return (best,) if keep_value(best) >= 3 else ()
            if d.card == BUREAUCRAT:
                return (min(among, key=lambda c: (COST[c], c)),)
            # Artisan: an action it cannot play now, else its weakest treasure, else anything
            hand_actions = [c for c in among if IS_ACTION[c]]
            if hand_actions and view.actions == 0:
                return (max(hand_actions, key=keep_value),)
            return (min(among, key=lambda c: (keep_value(c) < 0, keep_value(c), c)),)
        if what == "top":  # Sentry: the better card on top
            return (max(among, key=keep_value),)
        if what == "play":  # the treasures to play
            return self.play_treasures(view, d)
        return tuple(among[: d.low])  # pragma: no cover

    def play_treasures(self, view: View, d: Decision) -> tuple[int, ...]:
        """All of them (the engine asks only where some card makes it matter), a Counterfeit
        first: it plays one of the others twice."""
        return tuple(sorted(d.among, key=lambda c: c != COUNTERFEIT))

    def trash(self, view: View, d: Decision) -> tuple[int, ...]:
        chosen = self._trash(view, d)
        if len(chosen) < d.low:  # a text that must trash (Upgrade, Steward): the least kept
            rest = list(d.among)
            for c in chosen:
                rest.remove(c)
            rest.sort(key=lambda c: (keep_value(c), view.cost(c), c))
            chosen = (*chosen, *rest[: d.low - len(chosen)])
        return chosen

    def _trash(self, view: View, d: Decision) -> tuple[int, ...]:
        among = d.among
        late = view.pile(PROVINCE) < 5
        if d.card == BANDIT:
            return (min(among, key=lambda c: view.cost(c)),)
        if d.card == MINE:
            if SILVER in among and view.pile(GOLD):
                return (SILVER,)
            return (COPPER,) if COPPER in among and view.pile(SILVER) else ()
        if d.card == REMODEL:
            if GOLD in among and late and view.pile(PROVINCE):
                return (GOLD,)
            return (
                min(among, key=lambda c: (keep_value(c) >= 0, view.cost(c) if c != CURSE else -1)),
            )
        # Chapel and Sentry: junk, and Coppers while the deck keeps 6 coins of money
        chosen: list[int] = []
        money = view.money
        for c in sorted(among, key=keep_value):
            if len(chosen) == d.high:
                break
            if c == CURSE or (c == ESTATE and not late):
                chosen.append(c)
            elif c == COPPER and money - 1 >= 6 and not late:
                chosen.append(c)
                money -= 1
        return tuple(chosen)


class BigMoney(Bot):
    """Big Money Ultimate: treasures and victory cards only."""

    name = "big-money"

    def action(self, view: View, among: tuple[int, ...]) -> int | None:
        return None


class BigMoneyCard(Bot):
    """Big Money Ultimate with one kingdom card."""

    def __init__(self, card: int) -> None:
        self.card = card
        self.name = "big-money-" + CARDS[card].lower().replace(" ", "-")

    def wants(self, view: View) -> bool:
        card = self.card
        have = owned_of(view, card)
        if non_terminal(card):
            _, cards, coins, _ = gives(card)
            # more than a cantrip (Laboratory, Market…): many; a bare cantrip or a village
            # (Cellar, Village, Market Square): never in place of money
            return cards + coins >= 2 and have < 8
        if card in (WITCH,):
            return have < min(2, 1 + treasures(view) // 11)
        if (
            gives(card) == (0, 0, 0, 0)
            and IS_ACTION[card]
            and card not in (THRONE_ROOM, KINGS_COURT)
        ):
            return False  # a terminal giving nothing measurable (Poor House, Rats): money instead
        if card in (CHAPEL, MONEYLENDER, MINE, REMODEL, THRONE_ROOM, BUREAUCRAT, KINGS_COURT):
            return have < 1
        return have < 1 + treasures(view) // 11

    def buy(self, view: View, coins: int) -> int | None:
        card = self.card
        basic = money_buy(view, coins)
        if card == GARDENS:  # Gardens with money: Gardens over Duchy
            if basic == DUCHY and view.pile(GARDENS):
                return GARDENS
            return basic
        if card == DUKE:  # a Duke over a Duchy when it is worth more (its Duchies > 3 + Dukes)
            if basic == DUCHY and view.pile(DUKE) and view.owned(DUCHY) > 3 + view.owned(DUKE):
                return DUKE
            return basic
        if card == MINT and any(IS_TREASURE[c] and c != COPPER for c in view.in_play):
            return basic  # buying Mint would trash more than Coppers
        cost = COST[card] if view.plain else view.cost(card)
        if not view.pile(card) or coins < cost:
            return basic
        if not IS_ACTION[card] and not IS_TREASURE[card]:
            # a Victory or Reaction card that is not played (Farmland, Tunnel): in place of
            # the green card it costs at least as much as, never of money
            if IS_VICTORY[card] and basic in (DUCHY, ESTATE) and COST[card] >= COST[basic]:
                return card
            return basic
        if not self.wants(view):
            return basic
        if basic in (PROVINCE, DUCHY, ESTATE, COLONY, PLATINUM):
            return basic
        if basic == GOLD and COST[card] < 6:
            return basic
        return card

    def play_treasures(self, view: View, d: Decision) -> tuple[int, ...]:
        """With Grand Market wanted: leave the Coppers in hand when the rest buys it."""
        among = d.among
        if self.card == GRAND_MARKET and COPPER in among and view.pile(GRAND_MARKET):
            rest = tuple(c for c in among if c != COPPER)
            without = view.coins + sum(COINS[c] for c in rest)
            with_all = without + among.count(COPPER)
            if (
                self.wants(view)
                and without >= view.cost(GRAND_MARKET)
                and with_all < view.cost(PROVINCE)
            ):
                return rest
        return super().play_treasures(view, d)

    def action(self, view: View, among: tuple[int, ...]) -> int | None:
        if self.card == KNIGHTS:  # the pile's cards are the ten Knights
            knights = [c for c in among if IS_KNIGHT[c]]
            return knights[0] if knights else None
        if self.card in among:
            return (
                self.card
                if self.card in (THRONE_ROOM, KINGS_COURT) or self.best_action(view, (self.card,))
                else None
            )
        return None


MAIN_TERMINALS = (
    WITCH, TORTURER, SMITHY, COURTYARD, LIBRARY, VAULT, COUNCIL_ROOM, MILITIA, BANDIT, MONEYLENDER,
)  # fmt: skip
"""The terminal the heuristic bot builds around, best first (the first the kingdom has)."""


class Heuristic(Bot):
    """Any base kingdom, reasonably: Big Money Ultimate around the kingdom's best terminal
    (Witch first), with Laboratories and Markets, villages only when its terminals collide,
    Chapel in the opening when the kingdom has a Witch or Laboratories to build on."""

    name = "heuristic"

    def main(self, view: View) -> int | None:
        kingdom = view.kingdom
        for card in MAIN_TERMINALS:
            if card in kingdom:
                return card
        # any other set's: the kingdom's terminal that draws or pays most (attacks first),
        # by what it gives when played (``gives``)
        best = None
        for card in kingdom:
            if not IS_ACTION[card] or non_terminal(card):
                continue
            _, cards, coins, _ = gives(card)
            if cards + coins < 2:
                continue
            key = (IS_ATTACK[card], cards + coins, -card)
            if best is None or key > best[0]:
                best = (key, card)
        return None if best is None else best[1]

    def wants_main(self, view: View, card: int) -> bool:
        have = view.owned(card)
        if card == WITCH:
            return have < 2
        if card in (MONEYLENDER, BANDIT):
            return have < 1
        return have < 1 + treasures(view) // 11

    def buy(self, view: View, coins: int) -> int | None:
        if not view.plain:
            if view.colony:
                chosen = colony_buy(view, coins)
                if chosen is not None:
                    return chosen
            # a reduction (Bridge) lowers every cost alike: the printed thresholds hold
            # for the coins plus it (a card it would make cost less than 0 costs 0)
            coins += view.reduction
        kingdom = view.kingdom
        provinces = view.pile(PROVINCE)
        if coins >= 8 and provinces and (view.money > 15 or provinces < 5):
            return PROVINCE
        if coins >= 5 and provinces < 5 and view.pile(DUCHY):
            return DUCHY
        if coins >= 2 and provinces < 3 and view.pile(ESTATE):
            return ESTATE
        main = self.main(view)
        want = main is not None and view.pile(main) > 0 and self.wants_main(view, main)
        if (
            want
            and main is not None
            and COST[main] <= coins
            and (coins < 6 or (main == WITCH and view.owned(WITCH) == 0))
        ):
            return main
        if coins >= 6 and view.pile(GOLD):
            return GOLD
        if coins >= 5:
            for card in (LABORATORY, MARKET):
                if card in kingdom and view.pile(card):
                    return card
            if provinces < 7 and view.pile(DUCHY):
                return DUCHY
        if (
            coins >= 3
            and terminals(view) > villages(view) + 1
            and (VILLAGE in kingdom or FESTIVAL in kingdom)
        ):
            village = FESTIVAL if coins >= 5 and FESTIVAL in kingdom else VILLAGE
            if village in kingdom and view.pile(village):
                return village
        if (
            coins <= 4
            and CHAPEL in kingdom
            and view.owned(CHAPEL) == 0
            and view.turns(view.me) < 2
            and WITCH in kingdom
            and view.pile(CHAPEL)
        ):
            return CHAPEL
        if coins >= 3 and view.pile(SILVER):
            return SILVER
        return None


def _card_bots() -> dict[str, Callable[[], Bot]]:
    out: dict[str, Callable[[], Bot]] = {}
    for name in CARDS:
        card = INDEX[name]
        if card >= len(("Copper", "Silver", "Gold", "Estate", "Duchy", "Province", "Curse")):
            key = "big-money-" + name.lower().replace(" ", "-")
            out[key] = lambda card=card: BigMoneyCard(card)  # type: ignore[misc]
    return out


BOTS: dict[str, Callable[[], Bot]] = {
    "big-money": BigMoney,
    "heuristic": Heuristic,
    **_card_bots(),
}
"""Every bot by name."""


def bot_name(card: str) -> str:
    """The name of the Big Money bot with ``card`` alone (``big-money-smithy``)."""
    return "big-money-" + card.lower().replace(" ", "-")


def bot(name: str) -> Bot:
    """The bot called ``name`` (``KeyError`` if there is none)."""
    return BOTS[name.strip().lower()]()


def needs(name: str) -> int | None:
    """The kingdom card a bot needs (``big-money-witch`` needs Witch), or None."""
    made = bot(name)
    return made.card if isinstance(made, BigMoneyCard) else None
