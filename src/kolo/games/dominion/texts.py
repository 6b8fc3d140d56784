"""What one set's cards do, gathered for the engine (``kolo.games.dominion.engine``).

Each set's module (``effects`` for the base game, ``intrigue``, ``prosperity``,
``hinterlands``, ``darkages``) gives one ``Texts``: the functions its cards' texts call, by
card number, and which cards it plays whole (``plays``). The engine joins them and asks only
the hooks a game's cards need (a base-game game never looks for a Watchtower in a hand), so
that adding sets does not slow the base game.

The moments a text can act, and what the engine calls:

- ``actions[card](g, p)``: the card played as an action (it is in play already);
- ``treasures[card](g, p)``: a treasure played, after its ``COINS`` are counted (Venture,
  Loan, Fool's Gold, Counterfeit, Spoils…);
- ``on_buy[card](g, p)``: ``p`` buys this card, before gaining it (Farmland, Mint…);
- ``in_play_buy[card](g, p, bought)``: once per copy of ``card`` in ``p``'s play area when
  ``p`` buys ``bought`` (Hoard, Haggler); ``in_hand_buy`` likewise for a card in hand (Hovel);
- ``on_gain[card](g, p, where)``: ``p`` has just gained this card to ``where`` (Cache,
  Mandarin, Death Cart…);
- ``gain_reactions[card](g, holder, gainer, gained, where)``: a card in ``holder``'s hand when
  ``gainer`` gains ``gained`` (Watchtower for its holder's gains, Fool's Gold for another's
  Province); it answers where the gained card is afterwards (``where``, or ``"deck"``,
  ``"trash"``…);
- ``on_trash[card](g, p)``: ``p`` has just trashed this card (Rats, Squire, Cultist, Feodum,
  Fortress, Overgrown Estate, Hunting Grounds…); ``trash_reactions[card](g, holder, trashed)``:
  a card in the trashing player's hand (Market Square);
- ``discard_reactions[card](g, p)``: ``p`` discarded this card other than in clean-up
  (Tunnel; effects that discard call ``Game.discarded``);
- ``play_reactions[card](g, p, played)``: a card in ``p``'s play area when ``p`` plays
  another card, before that card's text (Urchin, when another Attack is played);
- ``points[card](g, p)``: the points one copy of this card is worth at the end (Gardens,
  Duke, Silk Road, Feodum) beyond its fixed ``VP``;
- ``buy_forbidden[card](g, p)``: true when ``p`` may not buy this card now (Grand Market
  with a Copper in play).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

Effect = Callable[[Any, int], None]
"""A text acting for a player: ``f(game, player)``."""
BuyHook = Callable[[Any, int, int], None]
"""``f(game, buyer, bought)``."""
PlayHook = Callable[[Any, int, int], None]
"""``f(game, player, played)``."""
GainHook = Callable[[Any, int, str], None]
"""``f(game, gainer, where)``: the card was gained to ``where``."""
GainReaction = Callable[[Any, int, int, int, str], str]
"""``f(game, holder, gainer, gained, where)`` → where the gained card is afterwards."""
TrashReaction = Callable[[Any, int, int], None]
"""``f(game, holder, trashed)``."""
Points = Callable[[Any, int], int]
"""``f(game, player)`` → the points of one copy."""
Forbidden = Callable[[Any, int], bool]
"""``f(game, player)`` → true when the card may not be bought now."""
BotAnswer = Callable[[Any, Any, Any], Any]
"""``f(bot, view, decision)`` → the answer, or ``NotImplemented``."""


@dataclass(frozen=True)
class Texts:
    """One set's card texts by card number (see the module's text for each moment)."""

    plays: frozenset[int]
    """The cards of the set the engine plays whole (a kingdom naming any other card of
    the set is refused: "the engine does not play …")."""
    actions: Mapping[int, Effect] = field(default_factory=dict)
    treasures: Mapping[int, Effect] = field(default_factory=dict)
    on_buy: Mapping[int, Effect] = field(default_factory=dict)
    in_play_buy: Mapping[int, BuyHook] = field(default_factory=dict)
    in_hand_buy: Mapping[int, BuyHook] = field(default_factory=dict)
    on_gain: Mapping[int, GainHook] = field(default_factory=dict)
    gain_reactions: Mapping[int, GainReaction] = field(default_factory=dict)
    on_trash: Mapping[int, Effect] = field(default_factory=dict)
    trash_reactions: Mapping[int, TrashReaction] = field(default_factory=dict)
    discard_reactions: Mapping[int, Effect] = field(default_factory=dict)
    play_reactions: Mapping[int, PlayHook] = field(default_factory=dict)
    points: Mapping[int, Points] = field(default_factory=dict)
    buy_forbidden: Mapping[int, Forbidden] = field(default_factory=dict)
    choose_treasures: frozenset[int] = frozenset()
    """Cards whose presence in a game makes the engine ask which treasures to play and in
    what order (Grand Market, Mint, Counterfeit, Loan, Venture, Spoils…); without any of
    them every treasure in hand is played, as in the base game, where it never hurts."""
    reduces_costs: frozenset[int] = frozenset()
    """Cards whose presence makes costs vary (Bridge, Highway, Peddler, the Knights pile
    whose top card sets its cost…): the engine then asks ``Game.cost`` for every cost."""
    words: Mapping[str, str] = field(default_factory=dict)
    """What a person at ``kolo dominion play`` is asked, by a decision's ``what`` (English,
    marked ``N_`` for translation): for ``select`` the verb ("discard", "put onto your
    deck"), for ``yes`` and ``choose`` the question, with ``{source}`` (the asking card) and
    ``{card}`` (the card concerned) where wanted."""
    options: Mapping[str, str] = field(default_factory=dict)
    """The label of each ``choose`` option word ("cards" → "+2 Cards"), English, marked."""
    bot: Mapping[int, BotAnswer] = field(default_factory=dict)
    """How the bots answer a decision asked by this card: ``f(bot, view, decision)``, or
    ``NotImplemented`` to leave it to the bot's general rules."""


def join(*sets: Texts) -> Texts:
    """All the sets' texts in one (a card named twice is a programming error)."""

    def merged(name: str) -> dict[Any, Any]:
        out: dict[Any, Any] = {}
        for texts in sets:
            part: Mapping[int, Any] = getattr(texts, name)
            for card, fn in part.items():
                if card in out:
                    raise ValueError(f"{card!r} has two {name} entries")
                out[card] = fn
        return out

    return Texts(
        plays=frozenset().union(*(t.plays for t in sets)),
        actions=merged("actions"),
        treasures=merged("treasures"),
        on_buy=merged("on_buy"),
        in_play_buy=merged("in_play_buy"),
        in_hand_buy=merged("in_hand_buy"),
        on_gain=merged("on_gain"),
        gain_reactions=merged("gain_reactions"),
        on_trash=merged("on_trash"),
        trash_reactions=merged("trash_reactions"),
        discard_reactions=merged("discard_reactions"),
        play_reactions=merged("play_reactions"),
        points=merged("points"),
        buy_forbidden=merged("buy_forbidden"),
        choose_treasures=frozenset().union(*(t.choose_treasures for t in sets)),
        reduces_costs=frozenset().union(*(t.reduces_costs for t in sets)),
        words=merged("words"),
        options=merged("options"),
        bot=merged("bot"),
    )
