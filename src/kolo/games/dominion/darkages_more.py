"""The second half of Dark Ages' cards in the Czech championship pool
(``vocabulary.DARK_AGES``): Forager, Fortress, Hunting Grounds, Ironmonger, Junk Dealer,
Market Square, Mystic, Squire, Vagrant, Rats, Poor House and Storeroom — what each does, for
the engine (``kolo.games.dominion.texts``), with the bots' answers to the decisions they ask.

Dark Ages has one edition; the texts are its cards'. Where the cards are silent the choices
made are in docs/rules-notes.md ("Dark Ages, part 2") and tested by name
(tests/games/dominion/test_dark_ages_more.py).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from kolo.core.problems import N_
from kolo.games.dominion.effects import Game
from kolo.games.dominion.texts import Texts
from kolo.games.dominion.vocabulary import (
    CHOOSE,
    COINS,
    COPPER,
    COST,
    CURSE,
    DUCHY,
    ESTATE,
    FORAGER,
    FORTRESS,
    GAIN,
    GOLD,
    HOVEL,
    HUNTING_GROUNDS,
    IRONMONGER,
    IS_ACTION,
    IS_ATTACK,
    IS_RUINS,
    IS_TREASURE,
    IS_VICTORY,
    JUNK_DEALER,
    MARKET_SQUARE,
    MYSTIC,
    NAME,
    NECROPOLIS,
    OVERGROWN_ESTATE,
    POOR_HOUSE,
    PROVINCE,
    RATS,
    SELECT,
    SILVER,
    SPOILS,
    SQUIRE,
    STOREROOM,
    TYPES,
    VAGRANT,
    YES,
    Decision,
    N,
)

# ---- shared steps ----


def _draw(g: Game, p: int, k: int) -> None:
    drawn = g.draw(p, k)
    if g.log is not None:
        g.say(p, "draw", (), drawn)


def _trash_from_hand(g: Game, p: int, card: int, among: list[int]) -> int | None:
    """``p`` trashes one card of ``among`` (cards of the hand) for ``card``'s text; it
    must when there is one. The card trashed, or None."""
    if not among:
        return None
    (chosen,) = g.ask(Decision(SELECT, p, card, "trash", tuple(sorted(among)), 1, 1))
    g.hand[p].remove(chosen)
    g.trash_card(p, chosen)
    return int(chosen)


def _reveal_top(g: Game, p: int) -> int | None:
    """Take the top card of ``p``'s deck (shuffling if needed) and log it revealed."""
    taken = g.top(p, 1)
    if not taken:
        return None
    if g.log is not None:
        g.say(p, "reveal", taken)
    return taken[0]


def _to_hand(g: Game, p: int, card: int) -> None:
    g.hand[p].append(card)
    if g.log is not None:
        g.say(p, "to_hand", (card,))


def _discard_chosen(g: Game, p: int, card: int, what: str) -> int:
    """``p`` discards any number of cards from hand for ``card``; how many."""
    hand = g.hand[p]
    if not hand:
        return 0
    chosen = g.ask(Decision(SELECT, p, card, what, tuple(sorted(hand)), 0, len(hand)))
    for c in chosen:
        hand.remove(c)
    g.discard[p] += chosen
    if chosen:
        if g.log is not None:
            g.say(p, "discard", chosen)
        g.discarded(p, chosen)
    return len(chosen)


# ---- the cards played ----


def _forager(g: Game, p: int) -> None:
    """+1 Action, +1 Buy. Trash a card from your hand. +$1 per differently named Treasure
    in the trash."""
    g.actions += 1
    g.buys += 1
    _trash_from_hand(g, p, FORAGER, g.hand[p])
    g.coins += len({c for c in g.trash if IS_TREASURE[c]})


def _fortress(g: Game, p: int) -> None:
    """+1 Card, +2 Actions. (When you trash this, put it into your hand.)"""
    _draw(g, p, 1)
    g.actions += 2


def _hunting_grounds(g: Game, p: int) -> None:
    """+4 Cards. (When you trash this, gain a Duchy or 3 Estates.)"""
    _draw(g, p, 4)


def _ironmonger(g: Game, p: int) -> None:
    """+1 Card, +1 Action. Reveal the top card of your deck; you may discard it. Either
    way, if it is an… Action card, +1 Action; Treasure card, +$1; Victory card, +1 Card."""
    _draw(g, p, 1)
    g.actions += 1
    card = _reveal_top(g, p)
    if card is None:
        return
    if g.ask(Decision(YES, p, IRONMONGER, "discard_revealed", (card,))):
        g.discard[p].append(card)
        if g.log is not None:
            g.say(p, "discard", (card,))
        g.discarded(p, (card,))
    else:
        g.deck[p].append(card)
    if IS_ACTION[card]:
        g.actions += 1
    if IS_TREASURE[card]:
        g.coins += 1
    if IS_VICTORY[card]:
        _draw(g, p, 1)


def _junk_dealer(g: Game, p: int) -> None:
    """+1 Card, +1 Action, +$1. Trash a card from your hand."""
    _draw(g, p, 1)
    g.actions += 1
    g.coins += 1
    _trash_from_hand(g, p, JUNK_DEALER, g.hand[p])


def _market_square(g: Game, p: int) -> None:
    """+1 Card, +1 Action, +1 Buy. (Its reaction is ``_market_square_reacts``.)"""
    _draw(g, p, 1)
    g.actions += 1
    g.buys += 1


def _mystic(g: Game, p: int) -> None:
    """+1 Action, +$2. Name a card. Reveal the top card of your deck. If it's the named
    card, put it into your hand."""
    g.actions += 1
    g.coins += 2
    named = g.ask(Decision(NAME, p, MYSTIC))
    if g.log is not None:
        g.say(p, "name", (named,))
    card = _reveal_top(g, p)
    if card is None:
        return
    if card == named:
        _to_hand(g, p, card)
    else:
        g.deck[p].append(card)


SQUIRE_OPTIONS = ("squire_actions", "squire_buys", "squire_silver")


def _squire(g: Game, p: int) -> None:
    """+$1. Choose one: +2 Actions; or +2 Buys; or gain a Silver. (When you trash this,
    gain an Attack card.)"""
    g.coins += 1
    chosen = g.ask(Decision(CHOOSE, p, SQUIRE, "squire", options=SQUIRE_OPTIONS))
    if chosen == "squire_actions":
        g.actions += 2
    elif chosen == "squire_buys":
        g.buys += 2
    else:
        g.gain(p, SILVER)


SHELTER = tuple("Shelter" in t for t in TYPES)


def _vagrant(g: Game, p: int) -> None:
    """+1 Card, +1 Action. Reveal the top card of your deck. If it's a Curse, Ruins,
    Shelter, or Victory card, put it into your hand."""
    _draw(g, p, 1)
    g.actions += 1
    card = _reveal_top(g, p)
    if card is None:
        return
    if card == CURSE or IS_RUINS[card] or SHELTER[card] or IS_VICTORY[card]:
        _to_hand(g, p, card)
    else:
        g.deck[p].append(card)


def _rats(g: Game, p: int) -> None:
    """+1 Card, +1 Action. Gain a Rats. Trash a card from your hand other than a Rats (or
    reveal a hand of all Rats). (When you trash this, +1 Card.)"""
    _draw(g, p, 1)
    g.actions += 1
    g.gain(p, RATS)
    hand = g.hand[p]
    others = [c for c in hand if c != RATS]
    if others:
        _trash_from_hand(g, p, RATS, others)
    elif hand and g.log is not None:
        g.say(p, "reveal", hand)


def _poor_house(g: Game, p: int) -> None:
    """+$4. Reveal your hand. -$1 per Treasure card in your hand, to a minimum of $0 (the
    coins of the turn never go below 0; coins had before can be lost)."""
    hand = g.hand[p]
    if g.log is not None:
        g.say(p, "reveal", hand)
    coins = g.coins + 4 - sum(1 for c in hand if IS_TREASURE[c])
    g.coins = coins if coins > 0 else 0


def _storeroom(g: Game, p: int) -> None:
    """+1 Buy. Discard any number of cards. +1 Card per card discarded. Discard any number
    of cards. +$1 per card discarded the second time."""
    g.buys += 1
    drawn = _discard_chosen(g, p, STOREROOM, "discard_draw")
    if drawn:
        _draw(g, p, drawn)
    g.coins += _discard_chosen(g, p, STOREROOM, "discard_coins")


# ---- when trashed, and Market Square's reaction ----


def _fortress_trashed(g: Game, p: int) -> None:
    """When you trash this, put it into your hand (from the trash: not a gain)."""
    trash = g.trash
    for i in range(len(trash) - 1, -1, -1):
        if trash[i] == FORTRESS:
            del trash[i]
            break
    else:  # pragma: no cover - the engine calls this with the Fortress just trashed
        return
    g.owned[p][FORTRESS] += 1
    g.total[p] += 1
    _to_hand(g, p, FORTRESS)


HUNTING_OPTIONS = ("one_duchy", "three_estates")


def _hunting_grounds_trashed(g: Game, p: int) -> None:
    """When you trash this, gain a Duchy or 3 Estates."""
    chosen = g.ask(Decision(CHOOSE, p, HUNTING_GROUNDS, "hunting_grounds", options=HUNTING_OPTIONS))
    if chosen == "one_duchy":
        g.gain(p, DUCHY)
    else:
        for _ in range(3):
            g.gain(p, ESTATE)


def _is_attack(g: Game, card: int) -> bool:
    """An Attack card, a pile of different cards by its top card (the Knights)."""
    pile = g.mixed.get(card)
    return IS_ATTACK[pile[-1]] if pile else IS_ATTACK[card]


def _squire_trashed(g: Game, p: int) -> None:
    """When you trash this, gain an Attack card (from the supply, of any cost)."""
    among = tuple(c for c in range(N) if g.in_supply[c] and g.supply[c] > 0 and _is_attack(g, c))
    if among:
        g.gain(p, g.ask(Decision(GAIN, p, SQUIRE, "discard", among)))


def _rats_trashed(g: Game, p: int) -> None:
    """When you trash this, +1 Card."""
    _draw(g, p, 1)


def _market_square_reacts(g: Game, holder: int, trashed: int) -> None:
    """When one of your cards is trashed, you may discard this from your hand. If you do,
    gain a Gold. Each Market Square in hand may be discarded, one after the other."""
    hand = g.hand[holder]
    while MARKET_SQUARE in hand and g.ask(
        Decision(YES, holder, MARKET_SQUARE, "market_square", (trashed,))
    ):
        hand.remove(MARKET_SQUARE)
        g.discard[holder].append(MARKET_SQUARE)
        if g.log is not None:
            g.say(holder, "discard", (MARKET_SQUARE,))
        g.discarded(holder, (MARKET_SQUARE,))
        g.gain(holder, GOLD)


# ---- the bots' answers ----

_FIRST_TO_TRASH = {
    FORTRESS: -1,  # it comes back to the hand
    CURSE: 0,
    OVERGROWN_ESTATE: 1,
    HOVEL: 2,
    NECROPOLIS: 2,
    RATS: 3,
    COPPER: 4,
    SQUIRE: 5,
    SPOILS: 6,
}


def trash_rank(view: Any, card: int) -> int:
    """How willingly a bot trashes ``card`` (lower: sooner)."""
    if IS_RUINS[card]:
        return 1
    if card == ESTATE:
        return 3 if view.pile(PROVINCE) > 2 else 50
    rank = _FIRST_TO_TRASH.get(card)
    if rank is not None:
        return rank
    if IS_VICTORY[card] and not IS_ACTION[card] and not IS_TREASURE[card]:
        return 60 + COST[card]
    return 10 + 2 * COST[card]


def junk(card: int) -> bool:
    """Cards a bot is glad not to draw: Curses, Ruins, Hovel, Overgrown Estate, Victory
    cards that do nothing else."""
    return (
        card in (CURSE, HOVEL, OVERGROWN_ESTATE)
        or IS_RUINS[card]
        or (IS_VICTORY[card] and not IS_ACTION[card] and not IS_TREASURE[card])
    )


def _bot_trash(bot: Any, view: Any, d: Decision) -> Any:
    if d.kind != SELECT:
        return NotImplemented
    return (min(d.among, key=lambda c: (trash_rank(view, c), c)),)


def _bot_ironmonger(bot: Any, view: Any, d: Decision) -> Any:
    return junk(d.among[0]) if d.kind == YES else NotImplemented


def _bot_market_square(bot: Any, view: Any, d: Decision) -> Any:
    return view.pile(GOLD) > 0 if d.kind == YES else NotImplemented


def _draw_pile(view: Any) -> Counter[int]:
    """The cards of the player's draw pile (known by what is elsewhere), or of the discard
    pile when the draw pile is empty (the reveal shuffles it)."""
    if view.draw_pile_size == 0:
        return Counter(view.discard)
    elsewhere = Counter(view.hand) + Counter(view.discard) + Counter(view.in_play)
    return Counter({c: view.owned(c) - elsewhere[c] for c in range(N) if view.owned(c)})


def _bot_mystic(bot: Any, view: Any, d: Decision) -> Any:
    if d.kind != NAME:
        return NotImplemented
    counts = _draw_pile(view)
    if not counts or max(counts.values()) <= 0:
        return COPPER
    return max(counts, key=lambda c: (counts[c], -c))


def _bot_squire(bot: Any, view: Any, d: Decision) -> Any:
    if d.kind == GAIN:
        return NotImplemented
    if d.kind != CHOOSE:  # pragma: no cover - Squire asks nothing else
        return NotImplemented
    hand = view.hand
    if view.actions == 0 and any(IS_ACTION[c] for c in hand):
        return "squire_actions"
    money = view.coins + sum(COINS[c] for c in hand if IS_TREASURE[c])
    if money >= 11:
        return "squire_buys"
    return "squire_silver"


def _bot_hunting_grounds(bot: Any, view: Any, d: Decision) -> Any:
    if d.kind != CHOOSE:
        return NotImplemented
    return "one_duchy" if view.pile(DUCHY) else "three_estates"


def _bot_storeroom(bot: Any, view: Any, d: Decision) -> Any:
    if d.kind != SELECT:
        return NotImplemented

    def useless(c: int) -> bool:
        return junk(c) or (IS_ACTION[c] and not IS_TREASURE[c] and view.actions == 0)

    return tuple(c for c in d.among if useless(c))


def _something_to_trash(card: int, most: int) -> Any:
    """Whether the hand, besides ``card`` itself, has a card a bot trashes gladly (its
    ``trash_rank`` at most ``most``), or nothing else at all."""

    def worth(view: Any) -> bool:
        rest = list(view.hand)
        if card in rest:
            rest.remove(card)
        others = [c for c in rest if c != RATS] if card == RATS else rest
        return not others or any(trash_rank(view, c) <= most for c in others)

    return worth


PLAY_WHEN = {
    FORAGER: _something_to_trash(FORAGER, 4),
    JUNK_DEALER: _something_to_trash(JUNK_DEALER, 4),
    RATS: _something_to_trash(RATS, 3),
    POOR_HOUSE: lambda view: sum(1 for c in view.hand if IS_TREASURE[c]) < 4,
}
"""When a bot plays these cards (``bots.Bot.best_action``): the trashers only with something
to trash gladly (a Rats must not eat the deck), Poor House only when it gives a coin."""


TEXTS = Texts(
    plays=frozenset(
        {
            FORAGER,
            FORTRESS,
            HUNTING_GROUNDS,
            IRONMONGER,
            JUNK_DEALER,
            MARKET_SQUARE,
            MYSTIC,
            SQUIRE,
            VAGRANT,
            RATS,
            POOR_HOUSE,
            STOREROOM,
        }
    ),
    actions={
        FORAGER: _forager,
        FORTRESS: _fortress,
        HUNTING_GROUNDS: _hunting_grounds,
        IRONMONGER: _ironmonger,
        JUNK_DEALER: _junk_dealer,
        MARKET_SQUARE: _market_square,
        MYSTIC: _mystic,
        SQUIRE: _squire,
        VAGRANT: _vagrant,
        RATS: _rats,
        POOR_HOUSE: _poor_house,
        STOREROOM: _storeroom,
    },
    on_trash={
        FORTRESS: _fortress_trashed,
        HUNTING_GROUNDS: _hunting_grounds_trashed,
        SQUIRE: _squire_trashed,
        RATS: _rats_trashed,
    },
    trash_reactions={MARKET_SQUARE: _market_square_reacts},
    words={
        "discard_revealed": N_("{source} reveals {card}: discard it?"),
        "market_square": N_("{card} is trashed: discard {source} to gain a Gold?"),
        "squire": N_("{source}: choose one"),
        "hunting_grounds": N_("{source} is trashed: gain a Duchy or 3 Estates?"),
        "discard_draw": N_("discard (+1 Card each)"),
        "discard_coins": N_("discard (+1 coin each)"),
    },
    options={
        "squire_actions": N_("+2 Actions"),
        "squire_buys": N_("+2 Buys"),
        "squire_silver": N_("gain a Silver"),
        "one_duchy": N_("gain a Duchy"),
        "three_estates": N_("gain 3 Estates"),
    },
    bot={
        FORAGER: _bot_trash,
        JUNK_DEALER: _bot_trash,
        RATS: _bot_trash,
        IRONMONGER: _bot_ironmonger,
        MARKET_SQUARE: _bot_market_square,
        MYSTIC: _bot_mystic,
        SQUIRE: _bot_squire,
        HUNTING_GROUNDS: _bot_hunting_grounds,
        STOREROOM: _bot_storeroom,
    },
)
"""Dark Ages' second half (``kolo.games.dominion.texts``)."""
