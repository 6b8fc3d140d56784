"""What each Dominion card does when played (source 004): one function per card, called by
the engine (``kolo.games.dominion.engine.Game``) with the card already in play."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from kolo.games.dominion.texts import Texts
from kolo.games.dominion.vocabulary import (
    ARTISAN,
    BANDIT,
    BASIC,
    BUREAUCRAT,
    CELLAR,
    CHAPEL,
    COPPER,
    CURSE,
    FEAST,
    GAIN,
    GARDENS,
    GOLD,
    HARBINGER,
    IS_ACTION,
    IS_TREASURE,
    IS_VICTORY,
    KINGDOM,
    LIBRARY,
    MILITIA,
    MINE,
    MONEYLENDER,
    PLAY,
    POACHER,
    REMODEL,
    SELECT,
    SENTRY,
    SILVER,
    THRONE_ROOM,
    VASSAL,
    WITCH,
    WORKSHOP,
    YES,
    Answer,
    Decision,
    IllegalChoice,
)


class Game(Protocol):
    """What a card's effect sees of the game: ``kolo.games.dominion.engine.Game`` (named
    here by what it offers, so that the cards need not import the engine that calls them)."""

    deck: list[list[int]]
    hand: list[list[int]]
    discard: list[list[int]]
    in_play: list[int]
    actions: int
    buys: int
    coins: int
    merchants: int
    empty: int
    log: list[Any] | None
    n: int
    supply: list[int]
    in_supply: list[bool]
    owned: list[list[int]]
    total: list[int]
    trash: list[int]
    turns: list[int]
    current: int
    reduction: int
    actions_played: int
    mixed: dict[int, list[int]]

    def ask(self, d: Decision) -> Answer: ...
    def say(self, player: int, verb: str, cards: Sequence[int] = (), number: int = 0) -> None: ...
    def draw(self, p: int, k: int) -> int: ...
    def top(self, p: int, k: int) -> list[int]: ...
    def gain(self, p: int, card: int, where: str = "discard", bought: bool = False) -> bool: ...
    def trash_card(self, p: int, card: int) -> None: ...
    def gainable(self, limit: int, treasure: bool = False) -> tuple[int, ...]: ...
    def others(self, p: int) -> list[int]: ...
    def victims(self, p: int, card: int) -> list[int]: ...
    def resolve(self, p: int, card: int) -> None: ...
    def cost(self, card: int) -> int: ...
    def take(self, p: int, card: int, where: str = "discard") -> bool: ...
    def gain_from_trash(self, p: int, card: int, where: str = "discard") -> bool: ...
    def play_treasure(self, p: int, card: int) -> None: ...
    def discarded(self, p: int, cards: Sequence[int]) -> None: ...
    def score(self, p: int) -> int: ...


# ---- the cards (each function does what the card says; the card is in play already) ----


def _draw_log(g: Game, p: int, k: int) -> None:
    drawn = g.draw(p, k)
    if g.log is not None:
        g.say(p, "draw", (), drawn)


def _discard_from_hand(g: Game, p: int, card: int, least: int, most: int) -> list[int]:
    """Player p chooses ``least``..``most`` cards of his hand (for ``card``) and discards
    them; the cards chosen (the caller passes them to ``Game.discarded``)."""
    hand = g.hand[p]
    chosen = g.ask(Decision(SELECT, p, card, "discard", tuple(sorted(hand)), least, most))
    for c in chosen:
        hand.remove(c)
    g.discard[p] += chosen
    if g.log is not None:
        g.say(p, "discard", chosen)
    return list(chosen)


def _cellar(g: Game, p: int) -> None:
    """+1 Action. Discard any number of cards, then draw that many."""
    g.actions += 1
    hand = g.hand[p]
    if not hand:
        return
    chosen = _discard_from_hand(g, p, CELLAR, 0, len(hand))
    g.discarded(p, chosen)
    if chosen:
        _draw_log(g, p, len(chosen))


def _chapel(g: Game, p: int) -> None:
    """Trash up to 4 cards from your hand."""
    hand = g.hand[p]
    if not hand:
        return
    chosen = g.ask(Decision(SELECT, p, CHAPEL, "trash", tuple(sorted(hand)), 0, min(4, len(hand))))
    for c in chosen:  # all leave the hand first: a reaction to one (Market Square) sees the
        hand.remove(c)  # hand without the others
    for c in chosen:
        g.trash_card(p, c)


def _moat(g: Game, p: int) -> None:
    """+2 Cards (its reaction is in ``Game.victims``)."""
    _draw_log(g, p, 2)


def _harbinger(g: Game, p: int) -> None:
    """+1 Card, +1 Action. Look through your discard pile; you may put a card from it onto
    your deck."""
    _draw_log(g, p, 1)
    g.actions += 1
    discard = g.discard[p]
    if not discard:
        return
    chosen = g.ask(Decision(SELECT, p, HARBINGER, "topdeck", tuple(sorted(discard)), 0, 1))
    for c in chosen:
        discard.remove(c)
        g.deck[p].append(c)
        if g.log is not None:
            g.say(p, "topdeck", (c,))


def _merchant(g: Game, p: int) -> None:
    """+1 Card, +1 Action. The first time you play a Silver this turn, +$1."""
    _draw_log(g, p, 1)
    g.actions += 1
    g.merchants += 1


def _vassal(g: Game, p: int) -> None:
    """+$2. Discard the top card of your deck. If it's an Action card, you may play it."""
    g.coins += 2
    taken = g.top(p, 1)
    if not taken:
        return
    card = taken[0]
    discard = g.discard[p]
    discard.append(card)
    if g.log is not None:
        g.say(p, "discard", (card,))
    g.discarded(p, (card,))
    if IS_ACTION[card] and g.ask(Decision(YES, p, VASSAL, "play", (card,))):
        i = len(discard) - 1
        while discard[i] != card:  # a reaction to the discard may have gained cards since
            i -= 1
        del discard[i]
        g.in_play.append(card)
        g.resolve(p, card)


def _village(g: Game, p: int) -> None:
    """+1 Card, +2 Actions."""
    _draw_log(g, p, 1)
    g.actions += 2


def _gain_up_to(
    g: Game, p: int, by: int, limit: int, where: str = "discard", treasure: bool = False
) -> None:
    among = g.gainable(limit, treasure)
    if among:
        g.gain(p, g.ask(Decision(GAIN, p, by, where, among)), where)


def _workshop(g: Game, p: int) -> None:
    """Gain a card costing up to $4."""
    _gain_up_to(g, p, WORKSHOP, 4)


def _bureaucrat(g: Game, p: int) -> None:
    """Gain a Silver onto your deck. Each other player reveals a Victory card from their hand
    and puts it onto their deck (or reveals a hand with no Victory cards)."""
    g.gain(p, SILVER, "deck")
    for q in g.victims(p, BUREAUCRAT):
        hand = g.hand[q]
        kinds = tuple(sorted({c for c in hand if IS_VICTORY[c]}))
        if not kinds:
            if g.log is not None:
                g.say(q, "reveal", hand)
            continue
        if len(kinds) == 1:
            card = kinds[0]
        else:
            (card,) = g.ask(Decision(SELECT, q, BUREAUCRAT, "topdeck", kinds, 1, 1))
        hand.remove(card)
        g.deck[q].append(card)
        if g.log is not None:
            g.say(q, "topdeck", (card,))


def _gardens(g: Game, p: int) -> None:  # pragma: no cover - a Victory card is never played
    raise IllegalChoice("Gardens is not an action")


def _militia(g: Game, p: int) -> None:
    """+$2. Each other player discards down to 3 cards in hand."""
    g.coins += 2
    for q in g.victims(p, MILITIA):
        hand = g.hand[q]
        if len(hand) <= 3:
            continue
        k = len(hand) - 3
        g.discarded(q, _discard_from_hand(g, q, MILITIA, k, k))


def _moneylender(g: Game, p: int) -> None:
    """You may trash a Copper from your hand for +$3."""
    hand = g.hand[p]
    if COPPER in hand and g.ask(Decision(YES, p, MONEYLENDER, "trash", (COPPER,))):
        hand.remove(COPPER)
        g.trash_card(p, COPPER)
        g.coins += 3


def _poacher(g: Game, p: int) -> None:
    """+1 Card, +1 Action, +$1. Discard a card per empty Supply pile."""
    _draw_log(g, p, 1)
    g.actions += 1
    g.coins += 1
    hand = g.hand[p]
    k = min(g.empty, len(hand))
    if k:
        g.discarded(p, _discard_from_hand(g, p, POACHER, k, k))


def _remodel(g: Game, p: int) -> None:
    """Trash a card from your hand. Gain a card costing up to $2 more than it."""
    hand = g.hand[p]
    if not hand:
        return
    (card,) = g.ask(Decision(SELECT, p, REMODEL, "trash", tuple(sorted(hand)), 1, 1))
    hand.remove(card)
    g.trash_card(p, card)
    _gain_up_to(g, p, REMODEL, g.cost(card) + 2)


def _smithy(g: Game, p: int) -> None:
    """+3 Cards."""
    _draw_log(g, p, 3)


def play_again(g: Game, p: int, by: int, what: str, times: int) -> None:
    """``by`` (Throne Room, King's Court): the player may choose an Action card in hand and
    play it ``times`` times (``what`` names the decision: twice, thrice)."""
    hand = g.hand[p]
    acts = tuple(sorted({c for c in hand if IS_ACTION[c]}))
    if not acts:
        return
    card = g.ask(Decision(PLAY, p, by, what, acts))
    if card is None:
        return
    hand.remove(card)
    g.in_play.append(card)
    for _ in range(times):
        g.resolve(p, card)


def _throne_room(g: Game, p: int) -> None:
    """You may play an Action card from your hand twice."""
    play_again(g, p, THRONE_ROOM, "twice", 2)


def _bandit(g: Game, p: int) -> None:
    """Gain a Gold. Each other player reveals the top 2 cards of their deck, trashes a
    revealed Treasure other than Copper, and discards the rest."""
    g.gain(p, GOLD)
    for q in g.victims(p, BANDIT):
        revealed = g.top(q, 2)
        if g.log is not None:
            g.say(q, "reveal", revealed)
        kinds = tuple(sorted({c for c in revealed if IS_TREASURE[c] and c != COPPER}))
        if kinds:
            if len(kinds) == 1:
                card = kinds[0]
            else:
                (card,) = g.ask(Decision(SELECT, q, BANDIT, "trash", kinds, 1, 1))
            revealed.remove(card)
            g.trash_card(q, card)
        g.discard[q] += revealed
        if revealed:
            g.discarded(q, revealed)


def _council_room(g: Game, p: int) -> None:
    """+4 Cards, +1 Buy. Each other player draws a card."""
    _draw_log(g, p, 4)
    g.buys += 1
    for q in g.others(p):
        _draw_log(g, q, 1)


def _festival(g: Game, p: int) -> None:
    """+2 Actions, +1 Buy, +$2."""
    g.actions += 2
    g.buys += 1
    g.coins += 2


def _laboratory(g: Game, p: int) -> None:
    """+2 Cards, +1 Action."""
    _draw_log(g, p, 2)
    g.actions += 1


def _library(g: Game, p: int) -> None:
    """Draw until you have 7 cards in hand, skipping any Action cards you choose to; set
    those aside, discarding them afterwards."""
    hand = g.hand[p]
    aside: list[int] = []
    while len(hand) < 7:
        taken = g.top(p, 1)
        if not taken:
            break
        card = taken[0]
        if IS_ACTION[card] and g.ask(Decision(YES, p, LIBRARY, "set_aside", (card,))):
            aside.append(card)
            if g.log is not None:
                g.say(p, "set_aside", (card,))
        else:
            hand.append(card)
    g.discard[p] += aside
    if aside:
        g.discarded(p, aside)
    if g.log is not None:
        g.say(p, "hand_size", (), len(hand))


def _market(g: Game, p: int) -> None:
    """+1 Card, +1 Action, +1 Buy, +$1."""
    _draw_log(g, p, 1)
    g.actions += 1
    g.buys += 1
    g.coins += 1


def _mine(g: Game, p: int) -> None:
    """You may trash a Treasure from your hand. Gain a Treasure to your hand costing up to
    $3 more than it."""
    hand = g.hand[p]
    kinds = tuple(sorted({c for c in hand if IS_TREASURE[c]}))
    if not kinds:
        return
    chosen = g.ask(Decision(SELECT, p, MINE, "trash", kinds, 0, 1))
    if not chosen:
        return
    card = chosen[0]
    hand.remove(card)
    g.trash_card(p, card)
    _gain_up_to(g, p, MINE, g.cost(card) + 3, "hand", treasure=True)


def _sentry(g: Game, p: int) -> None:
    """+1 Card, +1 Action. Look at the top 2 cards of your deck. Trash and/or discard any
    number of them. Put the rest back on top in any order."""
    _draw_log(g, p, 1)
    g.actions += 1
    seen = g.top(p, 2)
    if not seen:
        return
    if g.log is not None:
        g.say(p, "look", seen)
    trashed = g.ask(Decision(SELECT, p, SENTRY, "trash", tuple(sorted(seen)), 0, len(seen)))
    for c in trashed:
        seen.remove(c)
        g.trash_card(p, c)
    if seen:
        dropped = g.ask(Decision(SELECT, p, SENTRY, "discard", tuple(sorted(seen)), 0, len(seen)))
        for c in dropped:
            seen.remove(c)
        g.discard[p] += dropped
        if dropped and g.log is not None:
            g.say(p, "discard", dropped)
        g.discarded(p, dropped)
    if len(seen) == 2 and seen[0] != seen[1]:
        (first,) = g.ask(Decision(SELECT, p, SENTRY, "top", tuple(sorted(seen)), 1, 1))
        seen.remove(first)
        seen.append(first)
    g.deck[p] += seen
    if seen and g.log is not None:
        g.say(p, "put_back", (), len(seen))


def _witch(g: Game, p: int) -> None:
    """+2 Cards. Each other player gains a Curse."""
    _draw_log(g, p, 2)
    for q in g.victims(p, WITCH):
        g.gain(q, CURSE)


def _artisan(g: Game, p: int) -> None:
    """Gain a card to your hand costing up to $5. Put a card from your hand onto your deck."""
    _gain_up_to(g, p, ARTISAN, 5, "hand")
    hand = g.hand[p]
    if not hand:
        return
    (card,) = g.ask(Decision(SELECT, p, ARTISAN, "topdeck", tuple(sorted(hand)), 1, 1))
    hand.remove(card)
    g.deck[p].append(card)
    if g.log is not None:
        g.say(p, "topdeck", (card,))


def _feast(g: Game, p: int) -> None:
    """Trash this card. Gain a card costing up to $5 (first edition; played twice by a
    Throne Room it is trashed once and gains twice)."""
    if FEAST in g.in_play:
        g.in_play.remove(FEAST)
        g.trash_card(p, FEAST)
    _gain_up_to(g, p, FEAST, 5)


def _not_an_action(g: Game, p: int) -> None:  # pragma: no cover - never called
    raise IllegalChoice("not an action card")


draw_log = _draw_log
discard_from_hand = _discard_from_hand
gain_up_to = _gain_up_to
"""The helpers other sets' texts use (public names; the old private ones stay)."""


EFFECTS: tuple[Callable[[Game, int], None], ...] = (
    (_not_an_action,) * len(BASIC)
    + (
        _cellar, _chapel, _moat, _harbinger, _merchant, _vassal, _village, _workshop,
        _bureaucrat, _gardens, _militia, _moneylender, _poacher, _remodel, _smithy,
        _throne_room, _bandit, _council_room, _festival, _laboratory, _library, _market,
        _mine, _sentry, _witch, _artisan, _feast,
    )
)  # fmt: skip
"""What each card does when played, by card number."""


TEXTS = Texts(
    plays=frozenset(range(len(BASIC) + len(KINGDOM))),
    actions={card: EFFECTS[card] for card in range(len(BASIC), len(BASIC) + len(KINGDOM))},
    points={GARDENS: lambda g, p: g.total[p] // 10},
)
"""The base game's texts (``kolo.games.dominion.texts``)."""
