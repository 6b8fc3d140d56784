"""The cards of Hinterlands (first edition) in the Czech championship pool
(``vocabulary.HINTERLANDS``): what each does, for the engine (``kolo.games.dominion.texts``).

The first-edition texts (R-POOL-1); where the second edition differs (Haggler, Farmland) or
dropped the card (Cache, Noble Brigand, Silk Road, Mandarin), docs/rules-notes.md says so.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from kolo.core.problems import N_
from kolo.games.dominion import effects
from kolo.games.dominion.effects import discard_from_hand, draw_log
from kolo.games.dominion.texts import Texts
from kolo.games.dominion.vocabulary import (
    CACHE,
    CHOOSE,
    COINS,
    COPPER,
    COST,
    CROSSROADS,
    CURSE,
    ESTATE,
    FARMLAND,
    FOOLS_GOLD,
    GAIN,
    GOLD,
    HAGGLER,
    HIGHWAY,
    IS_ACTION,
    IS_TREASURE,
    IS_VICTORY,
    MANDARIN,
    MARGRAVE,
    NOBLE_BRIGAND,
    OASIS,
    PROVINCE,
    SELECT,
    SILK_ROAD,
    SILVER,
    SPICE_MERCHANT,
    STABLES,
    TUNNEL,
    YES,
    Decision,
    N,
)


class Game(effects.Game, Protocol):
    """What these texts see of the game (``kolo.games.dominion.engine.Game``)."""

    counts: dict[int, int]
    counts_turn: int


def once_more(g: Game, key: int) -> int:
    """Count one more ``key`` this turn (a card played, a cost lowered); how many now."""
    turn = sum(g.turns)
    if g.counts_turn != turn:
        g.counts.clear()
        g.counts_turn = turn
    k = g.counts.get(key, 0) + 1
    g.counts[key] = k
    return k


def _victory(g: Game, card: int) -> bool:
    """Whether the card ``card``'s pile gives is a Victory card (a mixed pile: its top)."""
    pile = g.mixed.get(card)
    return IS_VICTORY[pile[-1] if pile else card]


# ---- treasures ----


def _cache(g: Game, p: int) -> None:
    """Worth $3."""
    g.coins += 3


def _cache_gained(g: Game, p: int, where: str) -> None:
    """When you gain this, gain two Coppers."""
    g.gain(p, COPPER)
    g.gain(p, COPPER)


def _fools_gold(g: Game, p: int) -> None:
    """Worth $1 if it's the first time you played a Fool's Gold this turn, otherwise $4."""
    g.coins += 1 if once_more(g, FOOLS_GOLD) == 1 else 4


def _fools_gold_reacts(g: Game, holder: int, gainer: int, gained: int, where: str) -> str:
    """When another player gains a Province, you may trash this from your hand. If you do,
    gain a Gold, putting it on your deck (each Fool's Gold in hand asked in turn)."""
    if gained != PROVINCE or holder == gainer:
        return where
    hand = g.hand[holder]
    while FOOLS_GOLD in hand and g.ask(
        Decision(YES, holder, FOOLS_GOLD, "fools_gold", (FOOLS_GOLD,))
    ):
        hand.remove(FOOLS_GOLD)
        g.trash_card(holder, FOOLS_GOLD)
        g.gain(holder, GOLD, "deck")
    return where


# ---- actions ----


def _crossroads(g: Game, p: int) -> None:
    """Reveal your hand. +1 Card per Victory card revealed. If this is the first time you
    played a Crossroads this turn, +3 Actions."""
    hand = g.hand[p]
    if g.log is not None and hand:
        g.say(p, "reveal", sorted(hand))
    victories = sum(1 for c in hand if IS_VICTORY[c])
    if victories:
        draw_log(g, p, victories)
    if once_more(g, CROSSROADS) == 1:
        g.actions += 3


def _haggler(g: Game, p: int) -> None:
    """+$2 (its gain when you buy is ``_haggler_buys``)."""
    g.coins += 2


def _haggler_buys(g: Game, p: int, bought: int) -> None:
    """While this is in play, when you buy a card, gain a card costing less than it that is
    not a Victory card (once for each Haggler in play)."""
    limit = g.cost(bought) - 1
    if limit < 0:
        return
    among = tuple(c for c in g.gainable(limit) if not _victory(g, c))
    if among:
        g.gain(p, g.ask(Decision(GAIN, p, HAGGLER, "discard", among)))


def _highway(g: Game, p: int) -> None:
    """+1 Card, +1 Action. While this is in play, cards cost $1 less, but not less than $0.
    The cost is lowered once for each Highway in play: played twice by a Throne Room, one
    Highway lowers it by $1."""
    draw_log(g, p, 1)
    g.actions += 1
    lowered = g.counts.get(HIGHWAY, 0) if g.counts_turn == sum(g.turns) else 0
    if g.in_play.count(HIGHWAY) > lowered:
        once_more(g, HIGHWAY)
        g.reduction += 1


def _margrave(g: Game, p: int) -> None:
    """+3 Cards, +1 Buy. Each other player draws a card, then discards down to 3 cards in
    hand."""
    draw_log(g, p, 3)
    g.buys += 1
    for q in g.victims(p, MARGRAVE):
        draw_log(g, q, 1)
        hand = g.hand[q]
        if len(hand) > 3:
            k = len(hand) - 3
            g.discarded(q, discard_from_hand(g, q, MARGRAVE, k, k))


def _oasis(g: Game, p: int) -> None:
    """+1 Card, +1 Action, +$1. Discard a card."""
    draw_log(g, p, 1)
    g.actions += 1
    g.coins += 1
    if g.hand[p]:
        g.discarded(p, discard_from_hand(g, p, OASIS, 1, 1))


def _brigand_attack(g: Game, p: int, victims: Sequence[int]) -> None:
    """Each other player reveals the top 2 cards of his deck, trashes a revealed Silver or
    Gold you choose, and discards the rest. If he didn't reveal a Treasure, he gains a
    Copper. You gain the trashed cards."""
    for q in victims:
        revealed = g.top(q, 2)
        if g.log is not None:
            g.say(q, "reveal", revealed)
        no_treasure = not any(IS_TREASURE[c] for c in revealed)
        kinds = tuple(sorted({c for c in revealed if c in (SILVER, GOLD)}))
        trashed = -1
        if kinds:
            if len(kinds) == 1:
                trashed = kinds[0]
            else:
                (trashed,) = g.ask(Decision(SELECT, p, NOBLE_BRIGAND, "brigand", kinds, 1, 1))
            revealed.remove(trashed)
            g.trash_card(q, trashed)
        if revealed:
            g.discard[q] += revealed
            if g.log is not None:
                g.say(q, "discard", revealed)
            g.discarded(q, revealed)
        if no_treasure:
            g.gain(q, COPPER)
        if trashed >= 0:
            g.gain_from_trash(p, trashed)


def _noble_brigand(g: Game, p: int) -> None:
    """+$1. When you play this, the attack (``_brigand_attack``)."""
    g.coins += 1
    _brigand_attack(g, p, g.victims(p, NOBLE_BRIGAND))


def _noble_brigand_bought(g: Game, p: int) -> None:
    """When you buy this, the attack, on every other player (a Moat reacts only to an
    Attack played)."""
    _brigand_attack(g, p, g.others(p))


def _spice_merchant(g: Game, p: int) -> None:
    """You may trash a Treasure from your hand. If you do, choose one: +2 Cards and
    +1 Action; or +$2 and +1 Buy."""
    hand = g.hand[p]
    kinds = tuple(sorted({c for c in hand if IS_TREASURE[c]}))
    if not kinds:
        return
    chosen = g.ask(Decision(SELECT, p, SPICE_MERCHANT, "trash", kinds, 0, 1))
    if not chosen:
        return
    hand.remove(chosen[0])
    g.trash_card(p, chosen[0])
    choice = g.ask(Decision(CHOOSE, p, SPICE_MERCHANT, "spice_merchant", options=SPICE_OPTIONS))
    if choice == "cards_action":
        draw_log(g, p, 2)
        g.actions += 1
    else:
        g.coins += 2
        g.buys += 1


SPICE_OPTIONS = ("cards_action", "coins_buy")


def _stables(g: Game, p: int) -> None:
    """You may discard a Treasure. If you do, +3 Cards and +1 Action."""
    kinds = tuple(sorted({c for c in g.hand[p] if IS_TREASURE[c]}))
    if kinds and discard_from_hand_among(g, p, STABLES, kinds):
        draw_log(g, p, 3)
        g.actions += 1


def discard_from_hand_among(g: Game, p: int, card: int, kinds: tuple[int, ...]) -> bool:
    """``p`` may discard one of ``kinds`` from hand (for ``card``); whether they did."""
    chosen = g.ask(Decision(SELECT, p, card, "discard", kinds, 0, 1))
    if not chosen:
        return False
    g.hand[p].remove(chosen[0])
    g.discard[p].append(chosen[0])
    if g.log is not None:
        g.say(p, "discard", chosen)
    g.discarded(p, chosen)
    return True


def _mandarin(g: Game, p: int) -> None:
    """+$3. Put a card from your hand on top of your deck."""
    g.coins += 3
    hand = g.hand[p]
    if not hand:
        return
    (card,) = g.ask(Decision(SELECT, p, MANDARIN, "topdeck", tuple(sorted(hand)), 1, 1))
    hand.remove(card)
    g.deck[p].append(card)
    if g.log is not None:
        g.say(p, "topdeck", (card,))


def _mandarin_gained(g: Game, p: int, where: str) -> None:
    """When you gain this, put all Treasures you have in play on top of your deck in any
    order (asked card by card, the top one first, while the rest differ)."""
    if p != g.current:
        return  # only the player whose turn it is has cards in play
    play = g.in_play
    rest = [c for c in play if IS_TREASURE[c]]
    if not rest:
        return
    play[:] = [c for c in play if not IS_TREASURE[c]]
    order: list[int] = []
    while len(set(rest)) > 1:
        (top,) = g.ask(Decision(SELECT, p, MANDARIN, "top", tuple(sorted(rest)), 1, 1))
        rest.remove(top)
        order.append(top)
    order += rest
    g.deck[p] += order[::-1]
    if g.log is not None:
        g.say(p, "topdeck", order)


# ---- victory cards ----


def _farmland_bought(g: Game, p: int) -> None:
    """When you buy this, trash a card from your hand. Gain a card costing exactly $2 more
    than the trashed card."""
    hand = g.hand[p]
    if not hand:
        return
    (card,) = g.ask(Decision(SELECT, p, FARMLAND, "trash", tuple(sorted(hand)), 1, 1))
    hand.remove(card)
    cost = g.cost(card) + 2
    g.trash_card(p, card)
    among = tuple(c for c in g.gainable(cost) if g.cost(c) == cost)
    if among:
        g.gain(p, g.ask(Decision(GAIN, p, FARMLAND, "discard", among)))


def _tunnel_discarded(g: Game, p: int) -> None:
    """When you discard this other than during a Clean-up phase, you may reveal it. If you
    do, gain a Gold."""
    if g.ask(Decision(YES, p, TUNNEL, "tunnel", (TUNNEL,))):
        if g.log is not None:
            g.say(p, "reveal", (TUNNEL,))
        g.gain(p, GOLD)


_VICTORY = tuple(c for c in range(N) if IS_VICTORY[c])


def _silk_road(g: Game, p: int) -> int:
    """Worth 1 VP for every 4 Victory cards in your deck (round down)."""
    owned = g.owned[p]
    return sum(owned[c] for c in _VICTORY) // 4


# ---- the bots' answers to these cards' decisions ----


def _hand_coins(view: Any) -> int:
    """Coins now plus what the treasures in hand would give (Fool's Gold as $1 each: a
    low guess)."""
    coins: int = view.coins
    hand: tuple[int, ...] = view.hand
    return coins + sum(_coins_of(c) for c in hand)


def _bot_noble_brigand(bot: Any, view: Any, d: Decision) -> Any:
    if d.kind == SELECT and d.what == "brigand":  # the victim's Silver or Gold: the Gold
        return (max(d.among, key=lambda c: (COST[c], c)),)
    return NotImplemented


def _bot_spice_merchant(bot: Any, view: Any, d: Decision) -> Any:
    if d.kind == SELECT:  # trash a Copper (or a lone Fool's Gold, worth $1)
        if COPPER in d.among:
            return (COPPER,)
        if FOOLS_GOLD in d.among and view.hand.count(FOOLS_GOLD) == 1:
            return (FOOLS_GOLD,)
        return ()
    if d.kind == CHOOSE:  # the coins when they reach a Gold or a Province, else cards
        coins = _hand_coins(view)
        if coins + 2 >= 8 > coins or coins + 2 >= 6 > coins:
            return "coins_buy"
        return "cards_action"
    return NotImplemented


def _bot_stables(bot: Any, view: Any, d: Decision) -> Any:
    if d.kind == SELECT:  # a Copper (or a lone Fool's Gold) for three cards
        if COPPER in d.among:
            return (COPPER,)
        if FOOLS_GOLD in d.among and view.hand.count(FOOLS_GOLD) == 1:
            return (FOOLS_GOLD,)
        return ()
    return NotImplemented


def _bot_farmland(bot: Any, view: Any, d: Decision) -> Any:
    if d.kind == SELECT:  # a Gold for a Province late; else the junk whose gain is best
        if GOLD in d.among and view.pile(PROVINCE) < 5 and view.pile(PROVINCE):
            return (GOLD,)

        def worth(c: int) -> tuple[int, int, int, int]:
            junk = c == CURSE or (c == ESTATE and view.pile(PROVINCE) >= 3)  # Curse, Estate
            points = IS_VICTORY[c] and c not in (ESTATE, CURSE)  # a Duchy's points stay
            return (points, not junk, bot_keep(c), c)

        return (min(d.among, key=worth),)
    return NotImplemented


def bot_keep(card: int) -> int:
    """How much a bot keeps ``card`` (lower: give it up first): its cost, treasures more."""
    return COST[card] + 2 * IS_TREASURE[card] - 4 * IS_VICTORY[card]


def _bot_mandarin(bot: Any, view: Any, d: Decision) -> Any:
    """The card put back: an action it has no action left to play, else a treasure the buy
    does not need (the coins still reach the same price: 8, 6, 5, 3), else a card that is
    neither (a Victory card, a Curse) rather than coins it needs now, else the general rule."""
    if d.kind != SELECT or d.what != "topdeck":
        return NotImplemented
    among = d.among
    if view.actions == 0:
        actions = [c for c in among if IS_ACTION[c]]
        if actions:
            return (max(actions, key=lambda c: (COST[c], c)),)
    coins = _hand_coins(view)

    def step(x: int) -> int:
        return next((t for t in (8, 6, 5, 3) if x >= t), 0)

    spare = [c for c in set(among) if IS_TREASURE[c] and step(coins - _coins_of(c)) == step(coins)]
    if spare:
        return (max(spare, key=lambda c: (_coins_of(c), c)),)
    dead = [c for c in among if not IS_TREASURE[c] and not IS_ACTION[c]]
    if dead:
        return (min(dead, key=lambda c: (COST[c], c)),)
    return NotImplemented


def _coins_of(card: int) -> int:
    """What a treasure gives when played (Fool's Gold as $1: a low guess)."""
    return COINS[card] + 3 * (card == CACHE) + (card == FOOLS_GOLD)


def _bot_yes(bot: Any, view: Any, d: Decision) -> Any:
    return True if d.kind == YES else NotImplemented


TEXTS = Texts(
    plays=frozenset(
        {
            CACHE,
            CROSSROADS,
            HAGGLER,
            HIGHWAY,
            MARGRAVE,
            OASIS,
            NOBLE_BRIGAND,
            SPICE_MERCHANT,
            FARMLAND,
            STABLES,
            TUNNEL,
            SILK_ROAD,
            FOOLS_GOLD,
            MANDARIN,
        }
    ),
    actions={
        CROSSROADS: _crossroads,
        HAGGLER: _haggler,
        HIGHWAY: _highway,
        MARGRAVE: _margrave,
        OASIS: _oasis,
        NOBLE_BRIGAND: _noble_brigand,
        SPICE_MERCHANT: _spice_merchant,
        STABLES: _stables,
        MANDARIN: _mandarin,
    },
    treasures={CACHE: _cache, FOOLS_GOLD: _fools_gold},
    on_buy={FARMLAND: _farmland_bought, NOBLE_BRIGAND: _noble_brigand_bought},
    in_play_buy={HAGGLER: _haggler_buys},
    on_gain={CACHE: _cache_gained, MANDARIN: _mandarin_gained},
    gain_reactions={FOOLS_GOLD: _fools_gold_reacts},
    discard_reactions={TUNNEL: _tunnel_discarded},
    points={SILK_ROAD: _silk_road},
    reduces_costs=frozenset({HIGHWAY}),
    words={
        "fools_gold": N_("Trash {card} to gain a Gold onto your deck?"),
        "tunnel": N_("Reveal {card} to gain a Gold?"),
        "spice_merchant": N_("{source}: choose one"),
        "brigand": N_("trash of the cards the other player revealed"),
    },
    options={
        "cards_action": N_("+2 Cards and +1 Action"),
        "coins_buy": N_("+2 coins and +1 Buy"),
    },
    bot={
        NOBLE_BRIGAND: _bot_noble_brigand,
        SPICE_MERCHANT: _bot_spice_merchant,
        STABLES: _bot_stables,
        FARMLAND: _bot_farmland,
        MANDARIN: _bot_mandarin,
        FOOLS_GOLD: _bot_yes,
        TUNNEL: _bot_yes,
    },
)
"""The set's texts; ``plays`` names the cards the engine plays whole."""
