"""The cards of Intrigue (first edition) in the Czech championship pool
(``vocabulary.INTRIGUE``): what each does, for the engine (``kolo.games.dominion.texts``).

The ten cards read the same in both editions (docs/rules-notes.md, "Intrigue"). Where a text
trashes itself (Mining Village), only the copy still in play can be trashed: played twice by
a Throne Room, it is trashed (and gives +$2) at most once.
"""

from __future__ import annotations

from typing import Any

from kolo.core.problems import N_
from kolo.games.dominion.effects import Game, discard_from_hand, draw_log
from kolo.games.dominion.texts import Texts
from kolo.games.dominion.vocabulary import (
    BRIDGE,
    CHOOSE,
    COLONY,
    CONSPIRATOR,
    COPPER,
    COURTYARD,
    CURSE,
    DUCHY,
    DUKE,
    ESTATE,
    GAIN,
    GOLD,
    IS_ACTION,
    IS_VICTORY,
    MINING_VILLAGE,
    NOBLES,
    PROVINCE,
    SELECT,
    SHANTY_TOWN,
    STEWARD,
    TORTURER,
    UPGRADE,
    YES,
    Decision,
)


def _mining_village(g: Game, p: int) -> None:
    """+1 Card, +2 Actions. You may trash this card immediately. If you do, +$2."""
    draw_log(g, p, 1)
    g.actions += 2
    play = g.in_play
    # the copy just played is the last card in play unless it has left play (a Throne
    # Room's second play of a trashed Mining Village): nothing played since it was put there
    if (
        play
        and play[-1] == MINING_VILLAGE
        and g.ask(Decision(YES, p, MINING_VILLAGE, "trash_self"))
    ):
        play.pop()
        g.trash_card(p, MINING_VILLAGE)
        g.coins += 2


def _conspirator(g: Game, p: int) -> None:
    """+$2. If you've played 3 or more Actions this turn (counting this), +1 Card, +1 Action."""
    g.coins += 2
    if g.actions_played >= 3:
        draw_log(g, p, 1)
        g.actions += 1


def _courtyard(g: Game, p: int) -> None:
    """+3 Cards. Put a card from your hand on top of your deck."""
    draw_log(g, p, 3)
    hand = g.hand[p]
    if not hand:
        return
    (card,) = g.ask(Decision(SELECT, p, COURTYARD, "topdeck", tuple(sorted(hand)), 1, 1))
    hand.remove(card)
    g.deck[p].append(card)
    if g.log is not None:
        g.say(p, "topdeck", (card,))


def _shanty_town(g: Game, p: int) -> None:
    """+2 Actions. Reveal your hand. If you have no Action cards in hand, +2 Cards."""
    g.actions += 2
    hand = g.hand[p]
    if g.log is not None:
        g.say(p, "reveal", hand)
    if not any(IS_ACTION[c] for c in hand):
        draw_log(g, p, 2)


def _bridge(g: Game, p: int) -> None:
    """+1 Buy, +$1. All cards (including cards in players' hands and decks) cost $1 less
    this turn, but not less than $0."""
    g.buys += 1
    g.coins += 1
    g.reduction += 1


def _upgrade(g: Game, p: int) -> None:
    """+1 Card, +1 Action. Trash a card from your hand. Gain a card costing exactly $1 more
    than it."""
    draw_log(g, p, 1)
    g.actions += 1
    hand = g.hand[p]
    if not hand:
        return
    (card,) = g.ask(Decision(SELECT, p, UPGRADE, "trash", tuple(sorted(hand)), 1, 1))
    hand.remove(card)
    g.trash_card(p, card)
    exact = g.cost(card) + 1
    among = tuple(c for c in g.gainable(exact) if g.cost(c) == exact)
    if among:
        g.gain(p, g.ask(Decision(GAIN, p, UPGRADE, "discard", among)))


def _steward(g: Game, p: int) -> None:
    """Choose one: +2 Cards; or +$2; or trash 2 cards from your hand."""
    choice = g.ask(Decision(CHOOSE, p, STEWARD, "steward", options=("cards", "coins", "trash")))
    if choice == "cards":
        draw_log(g, p, 2)
    elif choice == "coins":
        g.coins += 2
    else:
        hand = g.hand[p]
        k = min(2, len(hand))
        if not k:
            return
        chosen = g.ask(Decision(SELECT, p, STEWARD, "trash", tuple(sorted(hand)), k, k))
        for c in chosen:
            hand.remove(c)
            g.trash_card(p, c)


def _nobles(g: Game, p: int) -> None:
    """2 VP. Choose one: +3 Cards; or +2 Actions."""
    choice = g.ask(Decision(CHOOSE, p, NOBLES, "nobles", options=("three_cards", "two_actions")))
    if choice == "three_cards":
        draw_log(g, p, 3)
    else:
        g.actions += 2


def _torturer(g: Game, p: int) -> None:
    """+3 Cards. Each other player chooses one: he discards 2 cards; or he gains a Curse
    card, putting it in his hand (he may choose the Curse with none left: nothing happens)."""
    draw_log(g, p, 3)
    for q in g.victims(p, TORTURER):
        choice = g.ask(
            Decision(CHOOSE, q, TORTURER, "torturer", options=("discard_two", "curse_to_hand"))
        )
        if choice == "curse_to_hand":
            g.gain(q, CURSE, "hand")
            continue
        k = min(2, len(g.hand[q]))
        if k:
            g.discarded(q, discard_from_hand(g, q, TORTURER, k, k))


# ---- the bots' answers to these cards' decisions ----


def _bot_mining_village(bot: Any, view: Any, d: Decision) -> Any:
    """Trash it for +$2 when the $2 reaches a Gold, a Province or a Colony this turn."""
    if d.kind != YES:
        return NotImplemented
    hand_coins = bot.hand_coins
    coins = view.coins + hand_coins(view)
    targets = [view.cost(GOLD), view.cost(PROVINCE)]
    if view.in_supply(COLONY):
        targets.append(view.cost(COLONY))
    return any(coins < t <= coins + 2 for t in targets)


def _bot_courtyard(bot: Any, view: Any, d: Decision) -> Any:
    """Put back the action it cannot play now, else the card it needs least."""
    if d.kind != SELECT:
        return NotImplemented
    keep_value = bot.keep
    among = d.among
    if view.actions == 0:
        acts = [c for c in among if IS_ACTION[c]]
        if acts:
            return (max(acts, key=keep_value),)
    return (min(among, key=lambda c: (keep_value(c) < 0, keep_value(c), c)),)


def _bot_upgrade(bot: Any, view: Any, d: Decision) -> Any:
    if d.kind != SELECT:
        return NotImplemented
    keep_value = bot.keep
    late = view.pile(PROVINCE) < 4

    def rank(c: int) -> tuple[int, int, int]:
        # a Curse, an Estate (into a Silver) while the game is young, a Copper; then the
        # card kept least that is not a victory card; victory cards last
        if c == CURSE or (c == ESTATE and not late):
            return (0, keep_value(c), c)
        if c == COPPER:
            return (1, 0, c)
        return (3 if IS_VICTORY[c] else 2, keep_value(c), view.cost(c))

    return (min(d.among, key=rank),)


def _bot_steward(bot: Any, view: Any, d: Decision) -> Any:
    if d.kind == CHOOSE:
        keep_value = bot.keep
        junk = sum(1 for c in view.hand if keep_value(c) < 0)
        if junk >= 2 and view.score(view.me) >= 0 and view.turns(view.me) < 10:
            return "trash"
        return "cards" if view.actions > 0 else "coins"
    if d.kind == SELECT:
        keep_value = bot.keep
        return tuple(sorted(d.among, key=lambda c: (keep_value(c), c))[: d.low])
    return NotImplemented


def _bot_nobles(bot: Any, view: Any, d: Decision) -> Any:
    """+2 Actions when an action waits in hand with no action left to play it, else cards."""
    if d.kind != CHOOSE:
        return NotImplemented
    if view.actions == 0 and any(IS_ACTION[c] for c in view.hand):
        return "two_actions"
    return "three_cards"


def _bot_torturer(bot: Any, view: Any, d: Decision) -> Any:
    """Discard two (a Curse stays for good), unless no Curse is left to gain."""
    if d.kind != CHOOSE:
        return NotImplemented
    return "discard_two" if view.pile(CURSE) else "curse_to_hand"


TEXTS = Texts(
    plays=frozenset(
        {
            MINING_VILLAGE,
            CONSPIRATOR,
            COURTYARD,
            SHANTY_TOWN,
            BRIDGE,
            UPGRADE,
            STEWARD,
            NOBLES,
            DUKE,
            TORTURER,
        }
    ),
    actions={
        MINING_VILLAGE: _mining_village,
        CONSPIRATOR: _conspirator,
        COURTYARD: _courtyard,
        SHANTY_TOWN: _shanty_town,
        BRIDGE: _bridge,
        UPGRADE: _upgrade,
        STEWARD: _steward,
        NOBLES: _nobles,
        TORTURER: _torturer,
    },
    points={DUKE: lambda g, p: g.owned[p][DUCHY]},
    reduces_costs=frozenset({BRIDGE}),
    words={
        "trash_self": N_("Trash {source} for +$2?"),
        "steward": N_("{source}: choose one"),
        "nobles": N_("{source}: choose one"),
        "torturer": N_("{source}: choose one"),
    },
    options={
        "cards": N_("+2 Cards"),
        "coins": N_("+$2"),
        "trash": N_("Trash 2 cards from your hand"),
        "three_cards": N_("+3 Cards"),
        "two_actions": N_("+2 Actions"),
        "discard_two": N_("Discard 2 cards"),
        "curse_to_hand": N_("Gain a Curse to your hand"),
    },
    bot={
        MINING_VILLAGE: _bot_mining_village,
        COURTYARD: _bot_courtyard,
        UPGRADE: _bot_upgrade,
        STEWARD: _bot_steward,
        NOBLES: _bot_nobles,
        TORTURER: _bot_torturer,
    },
)
"""The set's texts; ``plays`` names the cards the engine plays whole."""
