"""The cards of Prosperity (first edition) in the Czech championship pool
(``vocabulary.PROSPERITY``), with Platinum and Colony: what each does, for the engine
(``kolo.games.dominion.texts``).

First edition where the editions differ (docs/rules-notes.md, "Prosperity"): Mint trashes
the treasures in play when it is bought (the second edition: gained).
"""

from __future__ import annotations

from typing import Any

from kolo.core.problems import N_
from kolo.games.dominion.effects import Game, draw_log, play_again
from kolo.games.dominion.texts import Texts
from kolo.games.dominion.vocabulary import (
    CHOOSE,
    CITY,
    COLONY,
    COPPER,
    CURSE,
    GOLD,
    GRAND_MARKET,
    HOARD,
    IS_ACTION,
    IS_RUINS,
    IS_TREASURE,
    IS_VICTORY,
    KINGS_COURT,
    LOAN,
    MINT,
    PEDDLER,
    PLATINUM,
    PLAY,
    SELECT,
    VAULT,
    VENTURE,
    WATCHTOWER,
    WORKERS_VILLAGE,
    YES,
    Decision,
)


def _workers_village(g: Game, p: int) -> None:
    """+1 Card, +2 Actions, +1 Buy."""
    draw_log(g, p, 1)
    g.actions += 2
    g.buys += 1


def _peddler(g: Game, p: int) -> None:
    """+1 Card, +1 Action, +$1. (Its cost in the buy phase: ``Game.cost``.)"""
    draw_log(g, p, 1)
    g.actions += 1
    g.coins += 1


def _watchtower(g: Game, p: int) -> None:
    """Draw until you have 6 cards in hand."""
    draw_log(g, p, 6 - len(g.hand[p]))


def _watchtower_reacts(g: Game, holder: int, gainer: int, gained: int, where: str) -> str:
    """When you gain a card, you may reveal this from your hand. If you do, either trash
    that card, or put it on top of your deck. (Only its holder's own gains; a card no
    longer where it was gained — moved by an earlier text — is left alone.)"""
    if holder != gainer or where not in ("discard", "hand", "deck"):
        return where
    zone = (
        g.discard[holder]
        if where == "discard"
        else g.hand[holder]
        if where == "hand"
        else g.deck[holder]
    )
    if gained not in zone:
        return where
    choice = g.ask(
        Decision(
            CHOOSE, holder, WATCHTOWER, "watchtower", (gained,),
            options=("keep", "trash_it", "onto_deck"),
        )
    )  # fmt: skip
    if choice == "keep":
        return where
    at = len(zone) - 1 - zone[::-1].index(gained)
    del zone[at]
    if g.log is not None:
        g.say(holder, "reveal", (WATCHTOWER,))
    if choice == "trash_it":
        g.trash_card(holder, gained)
        return "trash"
    g.deck[holder].append(gained)
    if g.log is not None:
        g.say(holder, "topdeck", (gained,))
    return "deck"


def _city(g: Game, p: int) -> None:
    """+1 Card, +2 Actions. If there are one or more empty Supply piles, +1 Card. If there
    are two or more, +$1 and +1 Buy."""
    empty = g.empty
    draw_log(g, p, 2 if empty else 1)
    g.actions += 2
    if empty >= 2:
        g.coins += 1
        g.buys += 1


def _hoard_bought(g: Game, p: int, bought: int) -> None:
    """While this is in play, when you buy a Victory card, gain a Gold."""
    if IS_VICTORY[bought]:
        g.gain(p, GOLD)


def _reveal_until_treasure(g: Game, p: int) -> tuple[int | None, list[int]]:
    """Reveal cards off ``p``'s deck until a treasure: the treasure (None: the deck and
    discard ran out) and the other cards revealed (set aside, not yet discarded)."""
    others: list[int] = []
    while True:
        taken = g.top(p, 1)
        if not taken:
            found = None
            break
        if IS_TREASURE[taken[0]]:
            found = taken[0]
            break
        others.append(taken[0])
    if g.log is not None:
        g.say(p, "reveal", [*others, *([found] if found is not None else [])])
    return found, others


def _discard_revealed(g: Game, p: int, cards: list[int]) -> None:
    if cards:
        g.discard[p] += cards
        if g.log is not None:
            g.say(p, "discard", cards)
        g.discarded(p, cards)


def _venture(g: Game, p: int) -> None:
    """$1. When you play this, reveal cards from your deck until you reveal a Treasure.
    Discard the other cards. Play that Treasure."""
    found, others = _reveal_until_treasure(g, p)
    _discard_revealed(g, p, others)
    if found is not None:
        g.play_treasure(p, found)


def _loan(g: Game, p: int) -> None:
    """$1. When you play this, reveal cards from your deck until you reveal a Treasure.
    Discard it or trash it. Discard the other cards."""
    found, others = _reveal_until_treasure(g, p)
    if found is not None:
        if g.ask(Decision(YES, p, LOAN, "loan_trash", (found,))):
            g.trash_card(p, found)
        else:
            others.append(found)
    _discard_revealed(g, p, others)


def _grand_market(g: Game, p: int) -> None:
    """+1 Card, +1 Action, +1 Buy, +$2. (You can't buy this if you have any Copper in play:
    ``buy_forbidden``.)"""
    draw_log(g, p, 1)
    g.actions += 1
    g.buys += 1
    g.coins += 2


def _mint(g: Game, p: int) -> None:
    """You may reveal a Treasure card from your hand. Gain a copy of it."""
    kinds = tuple(sorted({c for c in g.hand[p] if IS_TREASURE[c]}))
    if not kinds:
        return
    chosen = g.ask(Decision(SELECT, p, MINT, "mint", kinds, 0, 1))
    if chosen:
        if g.log is not None:
            g.say(p, "reveal", chosen)
        g.gain(p, chosen[0])


def _mint_bought(g: Game, p: int) -> None:
    """When you buy this, trash all Treasures you have in play (first edition: buy)."""
    play = g.in_play
    trashed = [c for c in play if IS_TREASURE[c]]
    play[:] = [c for c in play if not IS_TREASURE[c]]
    for c in trashed:
        g.trash_card(p, c)


def _vault(g: Game, p: int) -> None:
    """+2 Cards. Discard any number of cards. +$1 per card discarded. Each other player may
    discard 2 cards. If he does, he draws a card. (Not an attack: no Moat; with one card in
    hand he may discard it but draws nothing.)"""
    draw_log(g, p, 2)
    hand = g.hand[p]
    if hand:
        chosen = g.ask(Decision(SELECT, p, VAULT, "discard", tuple(sorted(hand)), 0, len(hand)))
        for c in chosen:
            hand.remove(c)
        if chosen:
            g.discard[p] += chosen
            if g.log is not None:
                g.say(p, "discard", chosen)
            g.discarded(p, chosen)
        g.coins += len(chosen)
    for q in g.others(p):
        other = g.hand[q]
        if not other or not g.ask(Decision(YES, q, VAULT, "vault")):
            continue
        k = min(2, len(other))
        dropped = g.ask(Decision(SELECT, q, VAULT, "discard", tuple(sorted(other)), k, k))
        for c in dropped:
            other.remove(c)
        g.discard[q] += dropped
        if g.log is not None:
            g.say(q, "discard", dropped)
        g.discarded(q, dropped)
        if k == 2:
            draw_log(g, q, 1)


def _kings_court(g: Game, p: int) -> None:
    """You may choose an Action card in your hand. Play it three times."""
    play_again(g, p, KINGS_COURT, "thrice", 3)


# ---- the bots' answers to these cards' decisions ----


def _bot_watchtower(bot: Any, view: Any, d: Decision) -> Any:
    """Trash a Curse, a Ruins or a Copper; put a good treasure or an action on the deck;
    keep the rest where gained (victory cards in the discard)."""
    if d.kind != CHOOSE:
        return NotImplemented
    keep_value = bot.keep
    gained = d.among[0]
    if gained in (CURSE, COPPER) or IS_RUINS[gained]:
        return "trash_it"
    if not IS_VICTORY[gained] and keep_value(gained) >= 3:
        return "onto_deck"
    return "keep"


def _bot_loan(bot: Any, view: Any, d: Decision) -> Any:
    """Trash a Copper, keep anything better."""
    if d.kind != YES:
        return NotImplemented
    return d.among[0] == COPPER


def _bot_mint(bot: Any, view: Any, d: Decision) -> Any:
    """A copy of the best treasure it holds (a Copper only if it has nothing better)."""
    if d.kind != SELECT:
        return NotImplemented
    best = max(d.among, key=lambda c: (view.cost(c), c))
    return (best,) if best != COPPER else ()


def _bot_vault(bot: Any, view: Any, d: Decision) -> Any:
    """On its own Vault: discard junk and actions it cannot play; on another's: discard two
    when two cards are junk."""
    keep_value = bot.keep
    if d.kind == YES:
        return sum(1 for c in view.hand if keep_value(c) < 0) >= 2
    if d.kind != SELECT:
        return NotImplemented
    ranked = sorted(d.among, key=lambda c: (keep_value(c), c))
    if d.low == d.high:
        return tuple(ranked[: d.low])
    return tuple(
        c
        for c in ranked
        if keep_value(c) < 0 or (IS_ACTION[c] and view.actions == 0 and not IS_TREASURE[c])
    )


def _bot_kings_court(bot: Any, view: Any, d: Decision) -> Any:
    if d.kind != PLAY:
        return NotImplemented
    return bot.throne(view, d)


def _no_copper(g: Game, p: int) -> bool:
    return COPPER in g.in_play


TEXTS = Texts(
    plays=frozenset(
        {
            WORKERS_VILLAGE,
            PEDDLER,
            WATCHTOWER,
            CITY,
            HOARD,
            VENTURE,
            GRAND_MARKET,
            LOAN,
            MINT,
            VAULT,
            KINGS_COURT,
            PLATINUM,
            COLONY,
        }
    ),
    actions={
        WORKERS_VILLAGE: _workers_village,
        PEDDLER: _peddler,
        WATCHTOWER: _watchtower,
        CITY: _city,
        GRAND_MARKET: _grand_market,
        MINT: _mint,
        VAULT: _vault,
        KINGS_COURT: _kings_court,
    },
    treasures={VENTURE: _venture, LOAN: _loan},
    on_buy={MINT: _mint_bought},
    in_play_buy={HOARD: _hoard_bought},
    gain_reactions={WATCHTOWER: _watchtower_reacts},
    buy_forbidden={GRAND_MARKET: _no_copper},
    choose_treasures=frozenset({GRAND_MARKET, MINT, LOAN, VENTURE}),
    reduces_costs=frozenset({PEDDLER}),
    words={
        "watchtower": N_("You gained {card}: reveal {source}?"),
        "loan_trash": N_("{source} revealed {card}: trash it (no: discard it)?"),
        "mint": N_("reveal and gain a copy of"),
        "vault": N_("{source}: discard 2 cards to draw 1?"),
        "thrice": N_("play three times"),
    },
    options={
        "keep": N_("Do not reveal it"),
        "trash_it": N_("Trash the gained card"),
        "onto_deck": N_("Put the gained card onto your deck"),
    },
    bot={
        WATCHTOWER: _bot_watchtower,
        LOAN: _bot_loan,
        MINT: _bot_mint,
        VAULT: _bot_vault,
        KINGS_COURT: _bot_kings_court,
    },
)
"""The set's texts; ``plays`` names the cards the engine plays whole."""
