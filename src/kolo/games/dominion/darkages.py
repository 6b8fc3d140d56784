"""The cards of Dark Ages in the Czech championship pool
(``vocabulary.DARK_AGES``): what each does, for the engine (``kolo.games.dominion.texts``).

Dark Ages has one edition; the texts are the printed cards' (docs/rules-notes.md, "Dark
Ages"). This module holds the set's own rules and the cards that bring them: Shelters
(Hovel, Necropolis, Overgrown Estate), the Ruins and the Looters that give them (Death Cart,
Marauder, Cultist), Spoils (Marauder, Pillage, Bandit Camp), Urchin and its Mercenary, the
Knights pile and its ten Knights, the trash as a pile (Rogue), Altar, Count, Counterfeit and
Feodum. The set's other twelve cards are ``darkages_more``'s (the engine joins both).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kolo.core.problems import N_
from kolo.games.dominion.texts import Texts
from kolo.games.dominion.vocabulary import (
    ABANDONED_MINE,
    ALTAR,
    BANDIT_CAMP,
    CHOOSE,
    COINS,
    COPPER,
    COST,
    COUNT,
    COUNTERFEIT,
    CULTIST,
    CURSE,
    DAME_ANNA,
    DAME_JOSEPHINE,
    DAME_MOLLY,
    DAME_NATALIE,
    DAME_SYLVIA,
    DEATH_CART,
    DUCHY,
    ESTATE,
    FEODUM,
    GAIN,
    GOLD,
    HOVEL,
    IS_ACTION,
    IS_ATTACK,
    IS_KNIGHT,
    IS_RUINS,
    IS_TREASURE,
    IS_VICTORY,
    KNIGHT_CARDS,
    KNIGHTS,
    MARAUDER,
    MERCENARY,
    NECROPOLIS,
    OVERGROWN_ESTATE,
    PILLAGE,
    PROVINCE,
    ROGUE,
    RUINED_LIBRARY,
    RUINED_MARKET,
    RUINED_VILLAGE,
    RUINS,
    RUINS_CARDS,
    SELECT,
    SILVER,
    SIR_BAILEY,
    SIR_DESTRY,
    SIR_MARTIN,
    SIR_MICHAEL,
    SIR_VANDER,
    SPOILS,
    SURVIVORS,
    URCHIN,
    VP,
    YES,
    Decision,
)

Game = Any
"""``kolo.games.dominion.engine.Game`` (the engine imports this module, not the reverse)."""

SPOILS_COINS = 3
"""What a Spoils gives (its text: +3 coins, then back to its pile)."""


# ---- helpers ----


def _draw(g: Game, p: int, k: int) -> None:
    drawn = g.draw(p, k)
    if g.log is not None:
        g.say(p, "draw", (), drawn)


def _discard(g: Game, p: int, cards: Sequence[int]) -> None:
    """``cards`` (already out of their zone) go to ``p``'s discard pile, as a discard."""
    if not cards:
        return
    g.discard[p] += cards
    if g.log is not None:
        g.say(p, "discard", cards)
    g.discarded(p, cards)


def _discard_down_to(g: Game, q: int, by: int, size: int) -> None:
    """``q`` discards down to ``size`` cards in hand (for ``by``)."""
    hand = g.hand[q]
    k = len(hand) - size
    if k <= 0:
        return
    chosen = g.ask(Decision(SELECT, q, by, "discard", tuple(sorted(hand)), k, k))
    for c in chosen:
        hand.remove(c)
    _discard(g, q, chosen)


def _trash_from_play(g: Game, p: int, card: int) -> bool:
    """Trash ``card`` from the play area if it is still there (a Throne Room's second play
    of a card that trashes itself finds it gone)."""
    if card not in g.in_play:
        return False
    g.in_play.remove(card)
    g.trash_card(p, card)
    return True


def _gain_up_to(g: Game, p: int, by: int, limit: int) -> None:
    among = g.gainable(limit)
    if among:
        g.gain(p, g.ask(Decision(GAIN, p, by, "discard", among)))


def _reveal_and_trash(g: Game, q: int, by: int) -> int | None:
    """``q`` reveals the top 2 cards of the deck, trashes one costing 3 to 6 coins (their
    choice, if two do) and discards the rest (Rogue, the Knights); the card trashed."""
    revealed = g.top(q, 2)
    if not revealed:
        return None
    if g.log is not None:
        g.say(q, "reveal", revealed)
    kinds = tuple(sorted({c for c in revealed if 3 <= g.cost(c) <= 6}))
    trashed = None
    if kinds:
        if len(kinds) == 1:
            trashed = kinds[0]
        else:
            (trashed,) = g.ask(Decision(SELECT, q, by, "trash", kinds, 1, 1))
        revealed.remove(trashed)
        g.trash_card(q, trashed)
    _discard(g, q, revealed)
    return trashed


# ---- Shelters ----


def _hovel(g: Game, p: int, bought: int) -> None:
    """When you buy a Victory card, you may trash this from your hand."""
    pile = g.mixed.get(bought)
    card = pile[-1] if pile else bought  # the Knights pile: the top card (Dame Josephine)
    if not IS_VICTORY[card]:
        return
    hand = g.hand[p]
    while HOVEL in hand and g.ask(Decision(YES, p, HOVEL, "hovel", (HOVEL,))):
        hand.remove(HOVEL)
        g.trash_card(p, HOVEL)


def _necropolis(g: Game, p: int) -> None:
    """+2 Actions."""
    g.actions += 2


def _overgrown_estate_trashed(g: Game, p: int) -> None:
    """When you trash this, +1 Card."""
    _draw(g, p, 1)


# ---- Ruins ----


def _abandoned_mine(g: Game, p: int) -> None:
    """+1 coin."""
    g.coins += 1


def _ruined_library(g: Game, p: int) -> None:
    """+1 Card."""
    _draw(g, p, 1)


def _ruined_market(g: Game, p: int) -> None:
    """+1 Buy."""
    g.buys += 1


def _ruined_village(g: Game, p: int) -> None:
    """+1 Action."""
    g.actions += 1


SURVIVORS_OPTIONS = ("discard_both", "keep_on_top")


def _survivors(g: Game, p: int) -> None:
    """Look at the top 2 cards of your deck. Discard them or put them back in any order."""
    seen = g.top(p, 2)
    if not seen:
        return
    if g.log is not None:
        g.say(p, "look", seen)
    choice = g.ask(
        Decision(CHOOSE, p, SURVIVORS, "survivors", tuple(sorted(seen)), options=SURVIVORS_OPTIONS)
    )
    if choice == "discard_both":
        _discard(g, p, seen)
        return
    if len(seen) == 2 and seen[0] != seen[1]:
        (first,) = g.ask(Decision(SELECT, p, SURVIVORS, "top", tuple(sorted(seen)), 1, 1))
        seen.remove(first)
        seen.append(first)
    g.deck[p] += seen
    if g.log is not None:
        g.say(p, "put_back", (), len(seen))


# ---- Spoils, Urchin and Mercenary ----


def _spoils(g: Game, p: int) -> None:
    """+3 coins. When you play this, return it to the Spoils pile."""
    g.coins += SPOILS_COINS
    play = g.in_play
    for i in range(len(play) - 1, -1, -1):
        if play[i] == SPOILS:
            del play[i]
            g.supply[SPOILS] += 1
            g.owned[p][SPOILS] -= 1
            g.total[p] -= 1
            if g.log is not None:
                g.say(p, "return", (SPOILS,))
            return


def _urchin(g: Game, p: int) -> None:
    """+1 Card, +1 Action. Each other player discards down to 4 cards in hand."""
    _draw(g, p, 1)
    g.actions += 1
    for q in g.victims(p, URCHIN):
        _discard_down_to(g, q, URCHIN, 4)


def _urchin_reacts(g: Game, p: int, played: int) -> None:
    """When you play another Attack card with this in play, you may trash this. If you do,
    gain a Mercenary. (An Urchin played twice by a Throne Room is not "another".)"""
    if not IS_ATTACK[played]:
        return
    others = g.in_play.count(URCHIN) - (1 if played == URCHIN else 0)
    for _ in range(others):
        if not g.ask(Decision(YES, p, URCHIN, "urchin", (URCHIN,))):
            return
        g.in_play.remove(URCHIN)
        g.trash_card(p, URCHIN)
        g.take(p, MERCENARY)


def _mercenary(g: Game, p: int) -> None:
    """You may trash 2 cards from your hand. If you do, +2 Cards, +2 coins, and each other
    player discards down to 3 cards in hand. (With one card in hand you may trash it, for
    nothing.)"""
    hand = g.hand[p]
    if not hand:
        return
    if len(hand) >= 2:
        if not g.ask(Decision(YES, p, MERCENARY, "mercenary", ())):
            return
        chosen = g.ask(Decision(SELECT, p, MERCENARY, "trash", tuple(sorted(hand)), 2, 2))
    else:
        chosen = g.ask(Decision(SELECT, p, MERCENARY, "trash", tuple(hand), 0, 1))
    for c in chosen:  # both leave the hand first (a Market Square reacts to neither)
        hand.remove(c)
    for c in chosen:
        g.trash_card(p, c)
    if len(chosen) < 2:
        return
    _draw(g, p, 2)
    g.coins += 2
    for q in g.victims(p, MERCENARY):
        _discard_down_to(g, q, MERCENARY, 3)


# ---- Looters ----


def _death_cart(g: Game, p: int) -> None:
    """+5 coins. You may trash an Action card from your hand. If you don't, trash this."""
    g.coins += 5
    hand = g.hand[p]
    acts = tuple(sorted({c for c in hand if IS_ACTION[c]}))
    chosen = g.ask(Decision(SELECT, p, DEATH_CART, "trash", acts, 0, 1)) if acts else ()
    if chosen:
        hand.remove(chosen[0])
        g.trash_card(p, chosen[0])
    else:
        _trash_from_play(g, p, DEATH_CART)


def _death_cart_gained(g: Game, p: int, where: str) -> None:
    """When you gain this, gain 2 Ruins."""
    g.gain(p, RUINS)
    g.gain(p, RUINS)


def _marauder(g: Game, p: int) -> None:
    """Gain a Spoils from the Spoils pile. Each other player gains a Ruins."""
    g.take(p, SPOILS)
    for q in g.victims(p, MARAUDER):
        g.gain(q, RUINS)


def _cultist(g: Game, p: int) -> None:
    """+2 Cards. Each other player gains a Ruins. You may play a Cultist from your hand."""
    _draw(g, p, 2)
    for q in g.victims(p, CULTIST):
        g.gain(q, RUINS)
    hand = g.hand[p]
    if CULTIST in hand and g.ask(Decision(YES, p, CULTIST, "play", (CULTIST,))):
        hand.remove(CULTIST)
        g.in_play.append(CULTIST)
        g.resolve(p, CULTIST)


def _cultist_trashed(g: Game, p: int) -> None:
    """When you trash this, +3 Cards."""
    _draw(g, p, 3)


# ---- Spoils makers ----


def _pillage(g: Game, p: int) -> None:
    """Trash this. Each other player with 5 or more cards in hand reveals their hand and
    discards a card that you choose. Gain 2 Spoils from the Spoils pile."""
    _trash_from_play(g, p, PILLAGE)
    for q in g.victims(p, PILLAGE):
        hand = g.hand[q]
        if len(hand) < 5:
            continue
        if g.log is not None:
            g.say(q, "reveal", hand)
        (card,) = g.ask(Decision(SELECT, p, PILLAGE, "pillage", tuple(sorted(hand)), 1, 1))
        hand.remove(card)
        _discard(g, q, (card,))
    g.take(p, SPOILS)
    g.take(p, SPOILS)


def _bandit_camp(g: Game, p: int) -> None:
    """+1 Card, +2 Actions. Gain a Spoils from the Spoils pile."""
    _draw(g, p, 1)
    g.actions += 2
    g.take(p, SPOILS)


# ---- the trash as a pile ----


def _rogue(g: Game, p: int) -> None:
    """+2 coins. If there are any cards in the trash costing from 3 to 6 coins, gain one of
    them. Otherwise, each other player reveals the top 2 cards of their deck, trashes one of
    them costing from 3 to 6 coins, and discards the rest."""
    g.coins += 2
    among = tuple(sorted({c for c in g.trash if 3 <= g.cost(c) <= 6}))
    if among:
        g.gain_from_trash(p, g.ask(Decision(GAIN, p, ROGUE, "discard", among)))
        return
    for q in g.victims(p, ROGUE):
        _reveal_and_trash(g, q, ROGUE)


# ---- the Knights ----


def _knights_attack(g: Game, p: int, knight: int, victims: Sequence[int]) -> None:
    """Each other player reveals the top 2 cards of their deck, trashes one of them costing
    from 3 to 6 coins, and discards the rest. If a Knight is trashed by this, trash this
    card."""
    knight_trashed = False
    for q in victims:
        trashed = _reveal_and_trash(g, q, knight)
        if trashed is not None and IS_KNIGHT[trashed]:
            knight_trashed = True
    if knight_trashed:
        _trash_from_play(g, p, knight)


def _knight(bonus: Any, knight: int) -> Any:
    def play(g: Game, p: int) -> None:
        if bonus is not None:
            bonus(g, p)
        _knights_attack(g, p, knight, g.victims(p, knight))

    play.__doc__ = "A Knight: its own text, then the Knights' attack."
    return play


def _anna(g: Game, p: int) -> None:
    """You may trash up to 2 cards from your hand."""
    hand = g.hand[p]
    if not hand:
        return
    chosen = g.ask(
        Decision(SELECT, p, DAME_ANNA, "trash", tuple(sorted(hand)), 0, min(2, len(hand)))
    )
    for c in chosen:  # both leave the hand first, as with Chapel
        hand.remove(c)
    for c in chosen:
        g.trash_card(p, c)


def _molly(g: Game, p: int) -> None:
    g.actions += 2


def _natalie(g: Game, p: int) -> None:
    _gain_up_to(g, p, DAME_NATALIE, 3)


def _sylvia(g: Game, p: int) -> None:
    g.coins += 2


def _bailey(g: Game, p: int) -> None:
    _draw(g, p, 1)
    g.actions += 1


def _destry(g: Game, p: int) -> None:
    _draw(g, p, 2)


def _martin(g: Game, p: int) -> None:
    g.buys += 2


def _sir_michael(g: Game, p: int) -> None:
    """Each other player discards down to 3 cards in hand; then the Knights' attack (one
    attack: a Moat is revealed once)."""
    victims = g.victims(p, SIR_MICHAEL)
    for q in victims:
        _discard_down_to(g, q, SIR_MICHAEL, 3)
    _knights_attack(g, p, SIR_MICHAEL, victims)


def _sir_vander_trashed(g: Game, p: int) -> None:
    """When you trash this, gain a Gold."""
    g.gain(p, GOLD)


# ---- the rest ----


def _altar(g: Game, p: int) -> None:
    """Trash a card from your hand. Gain a card costing up to 5 coins."""
    hand = g.hand[p]
    if hand:
        (card,) = g.ask(Decision(SELECT, p, ALTAR, "trash", tuple(sorted(hand)), 1, 1))
        hand.remove(card)
        g.trash_card(p, card)
    _gain_up_to(g, p, ALTAR, 5)


COUNT_FIRST = ("count_discard_two", "topdeck_one", "gain_copper")
COUNT_SECOND = ("plus_three", "trash_hand", "gain_duchy")


def _count(g: Game, p: int) -> None:
    """Choose one: Discard 2 cards; or put a card from your hand on top of your deck; or
    gain a Copper. Choose one: +3 coins; or trash your hand; or gain a Duchy."""
    hand = g.hand[p]
    first = g.ask(Decision(CHOOSE, p, COUNT, "count_first", options=COUNT_FIRST))
    if first == "count_discard_two":
        k = min(2, len(hand))
        if k:
            chosen = g.ask(Decision(SELECT, p, COUNT, "discard", tuple(sorted(hand)), k, k))
            for c in chosen:
                hand.remove(c)
            _discard(g, p, chosen)
    elif first == "topdeck_one":
        if hand:
            (card,) = g.ask(Decision(SELECT, p, COUNT, "topdeck", tuple(sorted(hand)), 1, 1))
            hand.remove(card)
            g.deck[p].append(card)
            if g.log is not None:
                g.say(p, "topdeck", (card,))
    else:
        g.gain(p, COPPER)
    second = g.ask(Decision(CHOOSE, p, COUNT, "count_second", options=COUNT_SECOND))
    if second == "plus_three":
        g.coins += 3
    elif second == "trash_hand":
        cards = list(hand)
        hand.clear()  # what a trashed card draws (Overgrown Estate) stays in hand
        for c in cards:
            g.trash_card(p, c)
    else:
        g.gain(p, DUCHY)


def _counterfeit(g: Game, p: int) -> None:
    """1 coin, +1 Buy. When you play this, you may play a Treasure from your hand twice. If
    you do, trash that Treasure."""
    g.coins += 1
    g.buys += 1
    hand = g.hand[p]
    kinds = tuple(sorted({c for c in hand if IS_TREASURE[c]}))
    if not kinds:
        return
    chosen = g.ask(Decision(SELECT, p, COUNTERFEIT, "counterfeit", kinds, 0, 1))
    if not chosen:
        return
    card = chosen[0]
    hand.remove(card)
    play = g.in_play
    at = len(play)
    g.play_treasure(p, card)
    if at < len(play) and play[at] == card:  # still in play: played again, then trashed
        del play[at]
        at = len(play)
        g.play_treasure(p, card)
        if at < len(play) and play[at] == card:
            del play[at]
            g.trash_card(p, card)
    else:  # it left play (a Spoils back on its pile): played again, it gives its coins
        g.coins += SPOILS_COINS if card == SPOILS else COINS[card]


def _feodum_points(g: Game, p: int) -> int:
    """Worth 1 VP per 3 Silvers in your deck (rounded down)."""
    return int(g.owned[p][SILVER] // 3)


def _feodum_trashed(g: Game, p: int) -> None:
    """When you trash this, gain 3 Silvers."""
    for _ in range(3):
        g.gain(p, SILVER)


# ---- the bots' answers ----


def worth(card: int) -> int:
    """How much a bot wants a card in its deck (below 0: junk it would trash)."""
    if card == CURSE:
        return -3
    if card in (ESTATE, OVERGROWN_ESTATE):
        return -2
    if IS_RUINS[card] or card == HOVEL:
        return -1
    if card == NECROPOLIS:
        return 0
    if card == COPPER:
        return 1
    if IS_VICTORY[card] and not IS_ACTION[card]:
        return -2 if VP[card] < 3 else 3 * VP[card]
    return COST[card] + (1 if IS_TREASURE[card] else 0)


def _junk(view: Any, among: Sequence[int], most: int, coppers: bool) -> tuple[int, ...]:
    """Up to ``most`` of ``among`` a bot trashes: curses, ruins, shelters, Estates while the
    Provinces last, and Coppers (``coppers``) while its money stays at 6 or more."""
    late = view.pile(PROVINCE) < 5
    money = view.money
    chosen: list[int] = []
    for c in sorted(among, key=worth):
        if len(chosen) == most:
            break
        w = worth(c)
        if w == -2 and late and c == ESTATE:
            continue
        if w < 0:
            chosen.append(c)
        elif c == COPPER and coppers and money - 1 >= 6 and not late:
            chosen.append(c)
            money -= 1
    return tuple(chosen)


def _bot_select_trash(bot: Any, view: Any, d: Decision) -> Any:
    """Trashing from a hand (Dame Anna, Altar, Mercenary, Death Cart) or a victim's choice
    among revealed cards (Rogue, Knights)."""
    if d.kind != SELECT or d.what != "trash":
        return NotImplemented
    if d.player != view.current:  # a victim: the card it misses least
        return (min(d.among, key=lambda c: (worth(c), not IS_KNIGHT[c], c)),)
    if d.card == DEATH_CART:  # a Ruins or Necropolis, else Death Cart goes
        spare = [c for c in d.among if worth(c) <= 0]
        return (min(spare, key=worth),) if spare else ()
    chosen = _junk(view, d.among, d.high, coppers=d.card != MERCENARY)
    if len(chosen) < d.low:
        rest = sorted(d.among, key=lambda c: (worth(c), c))
        for c in chosen:
            rest.remove(c)
        chosen += tuple(rest[: d.low - len(chosen)])
    return chosen


def _bot_mercenary(bot: Any, view: Any, d: Decision) -> Any:
    if d.kind == YES:  # two cards it would not miss
        return sum(1 for c in view.hand if worth(c) <= 1) >= 2
    if d.kind == SELECT and d.what == "trash" and d.low == 2:
        return tuple(sorted(d.among, key=lambda c: (worth(c), c))[:2])
    return _bot_select_trash(bot, view, d)


def _bot_survivors(bot: Any, view: Any, d: Decision) -> Any:
    if d.kind == CHOOSE:
        return "discard_both" if all(worth(c) <= 1 for c in d.among) else "keep_on_top"
    return NotImplemented


def _bot_count(bot: Any, view: Any, d: Decision) -> Any:
    if d.kind != CHOOSE:
        return NotImplemented
    hand = view.hand
    if d.what == "count_first":
        if sum(1 for c in hand if worth(c) < 0) >= 2:
            return "count_discard_two"
        if len(hand) > 3 and any(IS_ACTION[c] for c in hand) and view.actions == 0:
            return "topdeck_one"
        return "count_discard_two" if len(hand) >= 4 else "gain_copper"
    provinces = view.pile(PROVINCE)
    if provinces <= 4 and view.pile(DUCHY):
        return "gain_duchy"
    if hand and all(worth(c) < 0 for c in hand) and view.pile(PROVINCE) >= 5:
        return "trash_hand"
    return "plus_three"


def _bot_counterfeit(bot: Any, view: Any, d: Decision) -> Any:
    if d.kind != SELECT:
        return NotImplemented
    if SPOILS in d.among:
        return (SPOILS,)
    if COPPER in d.among:
        return (COPPER,)
    return ()


def _bot_pillage(bot: Any, view: Any, d: Decision) -> Any:
    if d.kind != SELECT or d.what != "pillage":
        return NotImplemented
    return (max(d.among, key=lambda c: (worth(c), c)),)


def _bot_yes(bot: Any, view: Any, d: Decision) -> Any:
    return True if d.kind == YES else NotImplemented


# ---- the set ----


_KNIGHT_TEXTS = {
    DAME_ANNA: _anna,
    DAME_JOSEPHINE: None,
    DAME_MOLLY: _molly,
    DAME_NATALIE: _natalie,
    DAME_SYLVIA: _sylvia,
    SIR_BAILEY: _bailey,
    SIR_DESTRY: _destry,
    SIR_MARTIN: _martin,
    SIR_VANDER: None,
}
_KNIGHT_ACTIONS = {k: _knight(bonus, k) for k, bonus in _KNIGHT_TEXTS.items()}
_KNIGHT_ACTIONS[SIR_MICHAEL] = _sir_michael
_RUINS = (ABANDONED_MINE, RUINED_LIBRARY, RUINED_MARKET, RUINED_VILLAGE, SURVIVORS)
assert len(_KNIGHT_ACTIONS) == len(KNIGHT_CARDS)
assert len(_RUINS) == len(RUINS_CARDS)

TEXTS = Texts(
    plays=frozenset(
        {
            HOVEL,
            NECROPOLIS,
            OVERGROWN_ESTATE,
            RUINS,
            *_RUINS,
            SPOILS,
            MERCENARY,
            KNIGHTS,
            *_KNIGHT_ACTIONS,
            DEATH_CART,
            MARAUDER,
            CULTIST,
            PILLAGE,
            BANDIT_CAMP,
            URCHIN,
            ROGUE,
            ALTAR,
            COUNT,
            COUNTERFEIT,
            FEODUM,
        }
    ),
    actions={
        NECROPOLIS: _necropolis,
        ABANDONED_MINE: _abandoned_mine,
        RUINED_LIBRARY: _ruined_library,
        RUINED_MARKET: _ruined_market,
        RUINED_VILLAGE: _ruined_village,
        SURVIVORS: _survivors,
        URCHIN: _urchin,
        MERCENARY: _mercenary,
        DEATH_CART: _death_cart,
        MARAUDER: _marauder,
        CULTIST: _cultist,
        PILLAGE: _pillage,
        BANDIT_CAMP: _bandit_camp,
        ROGUE: _rogue,
        ALTAR: _altar,
        COUNT: _count,
        **_KNIGHT_ACTIONS,
    },
    treasures={SPOILS: _spoils, COUNTERFEIT: _counterfeit},
    in_hand_buy={HOVEL: _hovel},
    on_gain={DEATH_CART: _death_cart_gained},
    on_trash={
        OVERGROWN_ESTATE: _overgrown_estate_trashed,
        CULTIST: _cultist_trashed,
        SIR_VANDER: _sir_vander_trashed,
        FEODUM: _feodum_trashed,
    },
    play_reactions={URCHIN: _urchin_reacts},
    points={FEODUM: _feodum_points},
    choose_treasures=frozenset({SPOILS, COUNTERFEIT}),
    reduces_costs=frozenset({KNIGHTS}),
    words={
        "hovel": N_("You bought a Victory card: trash {source} from your hand?"),
        "urchin": N_("Trash {source} to gain a Mercenary?"),
        "mercenary": N_("{source}: trash 2 cards from your hand for +2 Cards and +2 coins?"),
        "survivors": N_("{source}: the top 2 cards of your deck"),
        "count_first": N_("{source}: choose the first"),
        "count_second": N_("{source}: choose the second"),
        "counterfeit": N_("play twice, then trash"),
        "pillage": N_("make the other player discard"),
    },
    options={
        "discard_both": N_("Discard them"),
        "keep_on_top": N_("Put them back in any order"),
        "count_discard_two": N_("Discard 2 cards from your hand"),
        "topdeck_one": N_("Put a card from your hand onto your deck"),
        "gain_copper": N_("Gain a Copper"),
        "plus_three": N_("+3 coins"),
        "trash_hand": N_("Trash your hand"),
        "gain_duchy": N_("Gain a Duchy"),
    },
    bot={
        DEATH_CART: _bot_select_trash,
        ALTAR: _bot_select_trash,
        ROGUE: _bot_select_trash,
        MERCENARY: _bot_mercenary,
        SURVIVORS: _bot_survivors,
        COUNT: _bot_count,
        COUNTERFEIT: _bot_counterfeit,
        PILLAGE: _bot_pillage,
        HOVEL: _bot_yes,
        URCHIN: _bot_yes,
        CULTIST: _bot_yes,
        **dict.fromkeys(_KNIGHT_ACTIONS, _bot_select_trash),
    },
)
"""The set's texts (its other twelve cards are ``darkages_more``'s, joined by the engine);
``plays`` names the cards the engine plays whole."""
