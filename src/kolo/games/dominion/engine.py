# ruff: noqa: F405 - the card numbers and decision kinds come from the vocabulary's star import
"""The base game of Dominion, played (source 004, RULES.md §5.2).

Second edition: the 7 basic piles and the 26 kingdom cards of R-SETUP-3, plus Feast, the
one first-edition Base card of the Czech championship pool that the second edition dropped.
Every card is a small integer (``CARDS`` in order); a player's zones are lists of those
integers (the end of the draw pile is its top) and the supply is a list of counts indexed by
card. That design was chosen by measuring (``benchmarks/dominion_state.py``, docs/dominion.md):
on the heart of a Big Money turn, lists of integers with lookup tuples and lists of card
objects run at the same speed, and a hand held as counts per card is about 1.5× slower (every
effect looks at hands card by card). Integers won: answers and recorded games are plain
data, checked and compared without any lookup.

Every decision — which action to play, what to buy, which cards to discard, trash or put
back, whether to reveal a Moat… — goes through one interface: the engine builds a
``Decision`` and asks the player's ``Agent`` (a bot or a person) with a ``View`` of what that
player may see; the answer is checked (``check``) and an illegal one is refused with the
reason (``IllegalChoice``). With the answers recorded, a game is replayed from its seed and
them (``replay``); its log can be printed (``Game.log``).

The turn (source 004): the action phase with one action unless cards give more; the buy phase
with every treasure in hand played (in the base game playing a treasure never hurts, so the
engine plays them all) and one buy unless cards give more; clean-up: everything in play and in
hand is discarded and five cards drawn. Drawing with fewer cards in the draw pile than needed:
the discard pile is shuffled and put under the draw pile, then the cards are drawn (the
source's rule for clean-up; for draws during a turn it deals exactly what the usual rule —
draw what is left, shuffle, draw the rest — deals). The game ends at the end of a turn when
the Provinces are gone or three piles are empty (four with 5–6 players); most points wins,
a tie goes to the tied player with fewer turns, still tied they share the win.

The cards by number, the kinds of decision and ``Decision`` itself are the vocabulary's
(``kolo.games.dominion.vocabulary``, named through this module too); what each card does is
``kolo.games.dominion.effects``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from kolo.core.problems import N_
from kolo.games.dominion import darkages, darkages_more, effects, hinterlands, intrigue, prosperity
from kolo.games.dominion import setup as setup_module
from kolo.games.dominion.texts import join
from kolo.games.dominion.vocabulary import *  # noqa: F403 - the engine's words, named through it too
from kolo.games.dominion.vocabulary import DATA

TEXTS = join(
    effects.TEXTS,
    intrigue.TEXTS,
    prosperity.TEXTS,
    hinterlands.TEXTS,
    darkages.TEXTS,
    darkages_more.TEXTS,
)
"""Every set's card texts (``kolo.games.dominion.texts``)."""


def _not_an_action(g: Game, p: int) -> None:  # pragma: no cover - never called
    raise IllegalChoice("not an action card")


EFFECTS = tuple(TEXTS.actions.get(card, _not_an_action) for card in range(N))
"""What each card does when played as an action, by card number."""
PLAYABLE: tuple[str, ...] = tuple(c for c in KINGDOM + POOL_KINGDOM if INDEX[c] in TEXTS.plays)
"""The kingdom cards the engine plays: the base game's and every card of the championship
pool whose set's module plays it whole."""
_SHELTERS = (HOVEL, NECROPOLIS, OVERGROWN_ESTATE)
_KINGDOM_PLAYED = frozenset(INDEX[c] for c in PLAYABLE)
_VARY = TEXTS.reduces_costs
_CHOOSE = TEXTS.choose_treasures
_TREASURE_TEXTS = frozenset(TEXTS.treasures)
_BUY_TEXTS = frozenset(TEXTS.on_buy) | frozenset(TEXTS.in_play_buy) | frozenset(TEXTS.in_hand_buy)
_GAIN_TEXTS = frozenset(TEXTS.on_gain) | frozenset(TEXTS.gain_reactions)
_TRASH_TEXTS = frozenset(TEXTS.on_trash) | frozenset(TEXTS.trash_reactions)
_DISCARD_TEXTS = frozenset(TEXTS.discard_reactions)
_PLAY_TEXTS = frozenset(TEXTS.play_reactions)
_BUY_RULES = frozenset(TEXTS.buy_forbidden)
_SCORING = frozenset(c for c in range(N) if VP[c]) | frozenset(TEXTS.points)

Agent = Callable[["View", Decision], Answer]
"""A bot or a person: answers a decision seeing only the ``View``."""


Reason = tuple[str, dict[str, object]]
"""Why an answer is illegal: an English template marked for translation, and its values
(``card``: a card id, translated by whoever shows it)."""


def _name(value: object) -> str:
    return CARDS[value] if isinstance(value, int) and 0 <= value < N else repr(value)


def why(game: Game, d: Decision, answer: Answer) -> Reason | None:
    """Why ``answer`` is illegal for ``d`` (None: it is legal)."""
    kind = d.kind
    if kind == BUY:
        if answer is None:
            return None
        if not isinstance(answer, int) or not 0 <= answer < N:
            return N_("not a card: {card}"), {"card": repr(answer)}
        card = CARDS[answer]
        if not game.in_supply[answer]:
            return N_("{card} is not in the supply"), {"card": card}
        if game.supply[answer] <= 0:
            return N_("the {card} pile is empty"), {"card": card}
        cost = game.cost(answer) if game.costs_vary else COST[answer]
        if cost > d.coins:
            return N_("{card} costs {cost}, you have {coins}"), {
                "card": card,
                "cost": cost,
                "coins": d.coins,
            }
        if game.buy_rules:
            forbidden = TEXTS.buy_forbidden.get(answer)
            if forbidden is not None and forbidden(game, d.player):
                return N_("{card} may not be bought now"), {"card": card}
        return None
    if kind == PLAY:
        if answer is None or answer in d.among:
            return None
        return N_("{card} is not an action card you may play"), {"card": _name(answer)}
    if kind == GAIN:
        if answer in d.among:
            return None
        return N_("{card} is not among the cards you may gain"), {"card": _name(answer)}
    if kind == YES:
        return None if isinstance(answer, bool) else (N_("answer yes or no"), {})
    if kind == CHOOSE:
        if answer in d.options:
            return None
        return N_("choose one of: {options}"), {"options": ", ".join(d.options)}
    if kind == NAME:
        if isinstance(answer, int) and 0 <= answer < N:
            return None
        return N_("not a card: {card}"), {"card": repr(answer)}
    if kind == SELECT:
        if not isinstance(answer, tuple | list):
            return N_("answer a list of cards"), {}
        if not d.low <= len(answer) <= d.high:
            if d.low == d.high:
                return N_("choose exactly {count} cards"), {"count": d.low}
            return N_("choose {low} to {high} cards"), {"low": d.low, "high": d.high}
        pool = list(d.among)
        for c in answer:
            if c not in pool:
                return N_("{card} is not there"), {"card": _name(c)}
            pool.remove(c)
        return None
    return N_("unknown decision {kind}"), {"kind": kind}


def check(game: Game, d: Decision, answer: Answer) -> str | None:
    """Why ``answer`` is illegal for ``d``, in English (None: it is legal)."""
    reason = why(game, d, answer)
    if reason is None:
        return None
    template, values = reason
    return template.format(**values)


def shuffle(cards: list[int], rnd: Callable[[], float]) -> None:
    """Fisher–Yates with the generator's floats (measured about 10 % faster than
    ``random.shuffle``)."""
    for i in range(len(cards) - 1, 0, -1):
        j = int(rnd() * (i + 1))
        cards[i], cards[j] = cards[j], cards[i]


LOG_VERBS = {
    "shuffle": "shuffles",
    "draw": "draws {number}",
    "play": "plays {cards}",
    "treasures": "plays {cards} (${number})",
    "buy": "buys {cards}",
    "gain": "gains {cards}",
    "gain_hand": "gains {cards} to hand",
    "gain_deck": "gains {cards} onto the deck",
    "trash": "trashes {cards}",
    "discard": "discards {cards}",
    "topdeck": "puts {cards} onto the deck",
    "reveal": "reveals {cards}",
    "moat": "reveals Moat against {cards}",
    "look": "looks at {cards}",
    "put_back": "puts {number} back",
    "set_aside": "sets {cards} aside",
    "hand_size": "has {number} cards in hand",
    "to_hand": "puts {cards} into the hand",
    "name": "names {cards}",
    "return": "returns {cards} to its pile",
}
"""What each logged verb says, in English (the command line says it in the user's language)."""


@dataclass(frozen=True)
class Event:
    """One line of a game's log."""

    turn: int
    """The turn (of the player whose turn it is), from 1."""
    current: int
    """Whose turn it is."""
    player: int
    """Who does it."""
    verb: str
    cards: tuple[int, ...] = ()
    number: int = 0

    def text(self, name: Callable[[int], str] = CARDS.__getitem__) -> str:
        """The event in English: "T3 P1 plays Smithy"."""
        cards = ", ".join(name(c) for c in self.cards) or "nothing"
        what = LOG_VERBS[self.verb].format(cards=cards, number=self.number)
        return f"T{self.turn} P{self.player + 1} {what}"


@dataclass(frozen=True)
class Result:
    """How a game ended."""

    scores: tuple[int, ...]
    turns: tuple[int, ...]
    winners: tuple[int, ...]
    """Seats that won (more than one: a shared win)."""
    ended: str
    """provinces, piles or limit (the turn limit of ``play``)."""
    answers: tuple[Answer, ...] = ()
    """Every answer given, in order (with ``record``): the game is replayed from them."""
    log: tuple[Event, ...] = field(default=())


class View:
    """What one player may see: their hand, their cards, the supply, the trash, everyone's
    score and turns (gains are public), whose turn it is and its actions, buys and coins."""

    __slots__ = ("_g", "me")

    def __init__(self, game: Game, me: int) -> None:
        self._g = game
        self.me = me

    @property
    def hand(self) -> tuple[int, ...]:
        return tuple(self._g.hand[self.me])

    @property
    def players(self) -> int:
        return self._g.n

    @property
    def kingdom(self) -> tuple[int, ...]:
        return self._g.kingdom

    def pile(self, card: int) -> int:
        """Cards left in ``card``'s supply pile (0 if it is not in the supply)."""
        return self._g.supply[card] if self._g.in_supply[card] else 0

    def in_supply(self, card: int) -> bool:
        return self._g.in_supply[card]

    def cost(self, card: int) -> int:
        """What ``card`` costs now (with this turn's reductions)."""
        return self._g.cost(card)

    def top_of(self, pile: int) -> int | None:
        """The card on top of a pile of different cards (Ruins, Knights), or None."""
        cards = self._g.mixed.get(pile)
        return cards[-1] if cards else None

    def owned(self, card: int) -> int:
        """How many ``card`` the player has (all zones)."""
        return self._g.owned[self.me][card]

    @property
    def total(self) -> int:
        """How many cards the player has."""
        return self._g.total[self.me]

    @property
    def empty_piles(self) -> int:
        return self._g.empty

    @property
    def piles_to_end(self) -> int:
        return self._g.piles_to_end

    @property
    def in_play(self) -> tuple[int, ...]:
        return tuple(self._g.in_play)

    @property
    def actions(self) -> int:
        return self._g.actions

    @property
    def buys(self) -> int:
        return self._g.buys

    @property
    def coins(self) -> int:
        return self._g.coins

    @property
    def trash(self) -> tuple[int, ...]:
        return tuple(self._g.trash)

    @property
    def draw_pile_size(self) -> int:
        return len(self._g.deck[self.me])

    @property
    def discard(self) -> tuple[int, ...]:
        return tuple(self._g.discard[self.me])

    def score(self, player: int) -> int:
        return self._g.score(player)

    def turns(self, player: int) -> int:
        return self._g.turns[player]

    @property
    def current(self) -> int:
        return self._g.current

    @property
    def plain(self) -> bool:
        """Costs are the printed ones and there is no Colony (the bots' fast path)."""
        g = self._g
        return not (g.costs_vary or g.colony)

    @property
    def colony(self) -> bool:
        return self._g.colony

    @property
    def reduction(self) -> int:
        """Coins off every cost this turn (Bridge)."""
        return self._g.reduction

    @property
    def buy_rules(self) -> bool:
        """Some card of the game may not be bought at times (Grand Market)."""
        return self._g.buy_rules

    def may_buy(self, card: int) -> bool:
        """Whether no rule forbids buying ``card`` now (costs and piles aside)."""
        forbidden = TEXTS.buy_forbidden.get(card)
        return forbidden is None or not forbidden(self._g, self.me)

    @property
    def money(self) -> int:
        """Coins of all the player's treasures (before their texts)."""
        owned = self._g.owned[self.me]
        return (
            owned[COPPER] + 2 * owned[SILVER] + 3 * owned[GOLD] + 5 * owned[PLATINUM]
            + 2 * owned[HOARD] + owned[VENTURE] + owned[LOAN]
        )  # fmt: skip


class Game:
    """A game in progress (mutable; ``play`` drives it)."""

    def __init__(
        self,
        kingdom: Sequence[str],
        agents: Sequence[Agent],
        seed: int,
        *,
        record: bool = False,
        log: bool = False,
        colony: bool = False,
        shelters: bool = False,
    ) -> None:
        n = len(agents)
        if not 2 <= n <= 6:
            raise ValueError(f"Dominion is for 2 to 6 players, not {n}")
        unknown = [c for c in kingdom if c not in INDEX or INDEX[c] not in _KINGDOM_PLAYED]
        if shelters and not all(c in TEXTS.plays for c in _SHELTERS):
            unknown.append("Shelters")
        if colony and not (PLATINUM in TEXTS.plays and COLONY in TEXTS.plays):
            unknown.append("Platinum and Colony")
        if unknown:
            raise ValueError(f"the engine does not play {', '.join(unknown)}")
        if len(set(kingdom)) != len(kingdom):
            raise ValueError("a kingdom card is repeated")
        self.n = n
        self.agents = list(agents)
        self.views = [View(self, p) for p in range(n)]
        self.rng = random.Random(seed)
        self.rnd = self.rng.random
        self.kingdom = tuple(sorted(INDEX[c] for c in kingdom))
        table = setup_module.setup(n, kingdom, colony=colony, shelters=shelters)
        self.colony = colony
        self.piles_to_end = table.piles_to_end
        self.supply = [0] * N
        self.in_supply = [False] * N
        copper = (DATA.card("Copper").count or 60) - 7 * n
        basics = {
            COPPER: copper,
            SILVER: DATA.card("Silver").count or 40,
            GOLD: DATA.card("Gold").count or 30,
            ESTATE: table.victory,
            DUCHY: table.victory,
            PROVINCE: table.provinces,
            CURSE: table.curses,
        }
        for card, count in basics.items():
            self.supply[card] = count
            self.in_supply[card] = True
        if colony:
            basics[PLATINUM] = DATA.card("Platinum").count or 12
            basics[COLONY] = table.victory
        for name, count in table.kingdom:
            self.supply[INDEX[name]] = count
            self.in_supply[INDEX[name]] = True
        self.mixed: dict[int, list[int]] = {}
        """The piles of different cards, top last: Ruins, Knights."""
        for name, count in table.extra:
            card = INDEX[name]
            self.supply[card] = count
            self.in_supply[card] = card == RUINS
        if colony:
            for card in (PLATINUM, COLONY):
                self.supply[card] = basics[card]
                self.in_supply[card] = True
        self.empty = 0
        self.deck: list[list[int]] = []
        self.hand: list[list[int]] = []
        self.discard: list[list[int]] = []
        self.owned: list[list[int]] = []
        self.total = [10] * n
        self.turns = [0] * n
        for _ in range(n):
            deck = [COPPER] * 7 + (list(_SHELTERS) if shelters else [ESTATE] * 3)
            shuffle(deck, self.rnd)
            self.deck.append(deck)
            self.hand.append([])
            self.discard.append([])
            owned = [0] * N
            for card in deck:
                owned[card] += 1
            self.owned.append(owned)
        if self.supply[RUINS]:
            ruins = [INDEX[c] for c in RUINS_CARDS for _ in range(10)]
            shuffle(ruins, self.rnd)
            self.mixed[RUINS] = ruins[: self.supply[RUINS]]
        if self.supply[KNIGHTS]:
            knights = [INDEX[c] for c in KNIGHT_CARDS]
            shuffle(knights, self.rnd)
            self.mixed[KNIGHTS] = knights
        for p in range(n):
            self.draw(p, 5)
        self.in_play: list[int] = []
        self.trash: list[int] = []
        self.current = 0
        self.actions = 0
        self.buys = 0
        self.coins = 0
        self.merchants = 0
        self.reduction = 0
        """Coins off every card's cost this turn (Bridge, Highway)."""
        self.actions_played = 0
        """Action cards played this turn (Conspirator, Peddler)."""
        self.buy_phase = False
        self.silver_played = False
        present = set(self.kingdom)
        present.update(basics)
        present.update(INDEX[name] for name, _ in table.extra)
        for cards in self.mixed.values():
            present.update(cards)
        if shelters:
            present.update(_SHELTERS)
        self.present = frozenset(present)
        """Every card that can be in this game."""
        self.costs_vary = bool(_VARY & present) or bool(self.mixed)
        self.choose_treasures = bool(_CHOOSE & present)
        self.hook_treasures = bool(_TREASURE_TEXTS & present)
        self.hook_buy = bool(_BUY_TEXTS & present)
        self.hook_gain = bool(_GAIN_TEXTS & present)
        self.hook_trash = bool(_TRASH_TEXTS & present)
        self.hook_discard = bool(_DISCARD_TEXTS & present)
        self.hook_play = bool(_PLAY_TEXTS & present)
        self.buy_rules = bool(_BUY_RULES & present)
        self.treasure_texts = self.choose_treasures or self.hook_treasures
        self.scoring = tuple(sorted(_SCORING & present))
        """The cards that score in this game."""
        self.answers: list[Answer] | None = [] if record else None
        self.log: list[Event] | None = [] if log else None
        self.counts: dict[int, int] = {}
        """What texts count within one turn, by card (Fool's Gold, Crossroads: how often one
        was played; Highway: how many lower costs); of the turn ``counts_turn``."""
        self.counts_turn = -1
        """The turn ``counts`` are of (``sum(turns)``: one number per turn of the game)."""

    # ---- the parts every effect uses ----

    def ask(self, d: Decision) -> Answer:
        """The player's answer to ``d``, checked (``IllegalChoice`` if it is illegal)."""
        answer = self.agents[d.player](self.views[d.player], d)
        reason = check(self, d, answer)
        if reason is not None:
            raise IllegalChoice(f"player {d.player + 1}: {reason} ({d!r})")
        if type(answer) is list:
            answer = tuple(answer)
        if self.answers is not None:
            self.answers.append(answer)
        return answer

    def say(self, player: int, verb: str, cards: Sequence[int] = (), number: int = 0) -> None:
        """Log an event (``LOG_VERBS``) of ``player`` in the current turn."""
        if self.log is not None:
            turn = self.turns[self.current] + 1
            self.log.append(Event(turn, self.current, player, verb, tuple(cards), number))

    def draw(self, p: int, k: int) -> int:
        """Draw ``k`` cards into ``p``'s hand (fewer if the deck and discard run out)."""
        if k <= 0:
            return 0
        deck = self.deck[p]
        if len(deck) < k:
            self._restock(p)
            k = min(k, len(deck))
            if k == 0:
                return 0
        self.hand[p] += deck[-k:]
        del deck[-k:]
        return k

    def _restock(self, p: int) -> None:
        """Shuffle the discard pile and put it under the draw pile (source 004)."""
        discard = self.discard[p]
        if discard:
            shuffle(discard, self.rnd)
            self.deck[p][:0] = discard
            discard.clear()
            if self.log is not None:
                self.say(p, "shuffle")

    def top(self, p: int, k: int) -> list[int]:
        """Take up to ``k`` cards off the top of ``p``'s draw pile (top first)."""
        if k <= 0:
            return []
        deck = self.deck[p]
        if len(deck) < k:
            self._restock(p)
        taken = deck[-k:][::-1] if k <= len(deck) else deck[::-1]
        del deck[len(deck) - len(taken) :]
        return taken

    def gain(self, p: int, card: int, where: str = "discard", bought: bool = False) -> bool:
        """``p`` gains ``card`` from the supply to ``where`` (discard, hand, deck); from a
        pile of different cards (Ruins, Knights) the card on top."""
        supply = self.supply
        if not self.in_supply[card] or supply[card] <= 0:
            return False
        supply[card] -= 1
        if supply[card] == 0:
            self.empty += 1
        if self.mixed:
            pile = self.mixed.get(card)
            if pile:
                card = pile.pop()
        self._gained(p, card, where, bought)
        return True

    def take(self, p: int, card: int, where: str = "discard") -> bool:
        """``p`` gains ``card`` from its pile outside the supply (Spoils, Madman, Mercenary)."""
        if self.in_supply[card] or self.supply[card] <= 0:
            return False
        self.supply[card] -= 1
        self._gained(p, card, where, False)
        return True

    def gain_from_trash(self, p: int, card: int, where: str = "discard") -> bool:
        """``p`` gains ``card`` from the trash (Rogue, Graverobber-like texts)."""
        if card not in self.trash:
            return False
        self.trash.remove(card)
        self._gained(p, card, where, False)
        return True

    def _gained(self, p: int, card: int, where: str, bought: bool) -> None:
        self.owned[p][card] += 1
        self.total[p] += 1
        if where == "discard":
            self.discard[p].append(card)
        elif where == "hand":
            self.hand[p].append(card)
        else:
            self.deck[p].append(card)
        if self.log is not None:
            verb = "buy" if bought else "gain" if where == "discard" else "gain_" + where
            self.say(p, verb, (card,))
        if self.hook_gain:
            self._after_gain(p, card, where)

    def _after_gain(self, p: int, card: int, where: str) -> None:
        """The gained card's own text, then the reactions in hands: the gainer's first,
        then the others' in turn order (each asked in that order)."""
        own = TEXTS.on_gain.get(card)
        if own is not None:
            own(self, p, where)
        reactions = TEXTS.gain_reactions
        for q in [p, *self.others(p)]:
            for r in sorted({c for c in self.hand[q] if c in reactions}):
                where = reactions[r](self, q, p, card, where)

    def trash_card(self, p: int, card: int) -> None:
        """Put ``card`` (already taken from its zone) in the trash."""
        self.trash.append(card)
        self.owned[p][card] -= 1
        self.total[p] -= 1
        if self.log is not None:
            self.say(p, "trash", (card,))
        if self.hook_trash:
            own = TEXTS.on_trash.get(card)
            if own is not None:
                own(self, p)
            reactions = TEXTS.trash_reactions
            for r in sorted({c for c in self.hand[p] if c in reactions}):
                reactions[r](self, p, card)

    def discarded(self, p: int, cards: Sequence[int]) -> None:
        """``p`` has discarded ``cards`` other than in clean-up (Tunnel reacts)."""
        if self.hook_discard:
            reactions = TEXTS.discard_reactions
            for c in cards:
                if c in reactions:
                    reactions[c](self, p)

    def cost(self, card: int) -> int:
        """What ``card`` costs now: its printed cost (a mixed pile's: its top card's) less
        this turn's reductions, never below 0."""
        if not self.costs_vary:
            return COST[card]
        pile = self.mixed.get(card)
        c = COST[pile[-1]] if pile else COST[card]
        r = self.reduction
        if card == PEDDLER and self.buy_phase:
            r += 2 * sum(1 for x in self.in_play if IS_ACTION[x])
        return c - r if c > r else 0

    def play_treasure(self, p: int, card: int) -> None:
        """Play a treasure (already out of the hand): its coins, then its text."""
        self.in_play.append(card)
        self.coins += COINS[card]
        if card == SILVER and self.merchants and not self.silver_played:
            self.coins += self.merchants
        if card == SILVER:
            self.silver_played = True
        text = TEXTS.treasures.get(card)
        if text is not None:
            text(self, p)

    def gainable(self, limit: int, treasure: bool = False) -> tuple[int, ...]:
        """Supply cards with a card left costing at most ``limit`` (treasures only)."""
        supply = self.supply
        in_supply = self.in_supply
        if self.costs_vary:
            cost = self.cost
            return tuple(
                c
                for c in range(N)
                if in_supply[c]
                and supply[c] > 0
                and cost(c) <= limit
                and (not treasure or IS_TREASURE[c])
            )
        return tuple(
            c
            for c in range(N)
            if in_supply[c]
            and supply[c] > 0
            and COST[c] <= limit
            and (not treasure or IS_TREASURE[c])
        )

    def others(self, p: int) -> list[int]:
        """The other players in turn order, starting at ``p``'s left."""
        return [(p + i) % self.n for i in range(1, self.n)]

    def victims(self, p: int, card: int) -> list[int]:
        """The players ``card``'s attack hits: each other player in turn order, unless they
        reveal a Moat (each is asked, in turn order, before the attack resolves)."""
        hit = []
        for q in self.others(p):
            if MOAT in self.hand[q] and self.ask(Decision(YES, q, card, "reveal", (MOAT,))):
                if self.log is not None:
                    self.say(q, "moat", (card,))
                continue
            hit.append(q)
        return hit

    def score(self, p: int) -> int:
        owned = self.owned[p]
        points = 0
        counted = TEXTS.points
        for c in self.scoring:
            k = owned[c]
            if k:
                points += k * VP[c]
                text = counted.get(c)
                if text is not None:
                    points += k * text(self, p)
        return points

    def resolve(self, p: int, card: int) -> None:
        """Do what ``card`` does (it is in play already)."""
        if self.log is not None:
            self.say(p, "play", (card,))
        # every play counts, a Throne Room's second play of its card too (Conspirator)
        self.actions_played += 1
        if self.hook_play:  # cards in play that react to this play (Urchin)
            reactions = TEXTS.play_reactions
            for r in sorted({c for c in self.in_play if c in reactions}):
                reactions[r](self, p, card)
        EFFECTS[card](self, p)

    # ---- the turn ----

    def play_turn(self) -> None:
        p = self.current
        hand = self.hand[p]
        play = self.in_play
        self.actions = 1
        self.buys = 1
        self.coins = 0
        self.merchants = 0
        self.reduction = 0
        self.actions_played = 0
        self.silver_played = False
        # action phase
        while self.actions > 0:
            acts = tuple(sorted({c for c in hand if IS_ACTION[c]}))
            if not acts:
                break
            card = self.ask(Decision(PLAY, p, among=acts))
            if card is None:
                break
            self.actions -= 1
            hand.remove(card)
            play.append(card)
            self.resolve(p, card)
        # buy phase: every treasure is played, unless a card of the game makes the choice
        # matter (then the player chooses which, played in the order answered)
        self.buy_phase = True
        treasures = [c for c in hand if IS_TREASURE[c]]
        if treasures and self.treasure_texts:
            if self.choose_treasures:
                chosen = self.ask(
                    Decision(SELECT, p, -1, "play", tuple(sorted(treasures)), 0, len(treasures))
                )
            else:
                chosen = tuple(treasures)
            for c in chosen:
                if c not in hand:  # a treasure played before took it (Counterfeit)
                    continue
                hand.remove(c)
                self.play_treasure(p, c)
            if self.log is not None:
                self.say(p, "treasures", chosen, self.coins)
        elif treasures:
            coins = self.coins
            for c in treasures:
                coins += COINS[c]
            if self.merchants and SILVER in treasures:
                coins += self.merchants
            self.coins = coins
            play += treasures
            hand[:] = [c for c in hand if not IS_TREASURE[c]]
            if self.log is not None:
                self.say(p, "treasures", treasures, self.coins)
        while self.buys > 0:
            card = self.ask(Decision(BUY, p, coins=self.coins))
            if card is None:
                break
            self.buys -= 1
            self.coins -= self.cost(card) if self.costs_vary else COST[card]
            if self.hook_buy:
                self._bought(p, card)
            self.gain(p, card, bought=True)
        # clean-up
        discard = self.discard[p]
        discard += play
        discard += hand
        play.clear()
        hand.clear()
        self.draw(p, 5)
        self.turns[p] += 1
        self.actions = self.buys = self.coins = self.reduction = 0
        self.buy_phase = False

    def _bought(self, p: int, card: int) -> None:
        """The texts that act when ``p`` buys ``card``: its own, then the cards in play,
        then the cards in hand (before the card is gained)."""
        t = TEXTS
        own = t.on_buy.get(card)
        if own is not None:
            own(self, p)
        for c in list(self.in_play):
            text = t.in_play_buy.get(c)
            if text is not None:
                text(self, p, card)
        for c in sorted({c for c in self.hand[p] if c in t.in_hand_buy}):
            t.in_hand_buy[c](self, p, card)

    def over(self) -> str | None:
        """Why the game is over (checked at the end of a turn), or None."""
        if self.supply[PROVINCE] == 0 or (self.colony and self.supply[COLONY] == 0):
            return ENDED_PROVINCES
        if self.empty >= self.piles_to_end:
            return ENDED_PILES
        return None

    def run(self, max_turns: int = 100) -> Result:
        """Play to the end (or until every player has had ``max_turns`` turns)."""
        n = self.n
        ended: str | None = None
        while ended is None:
            self.play_turn()
            ended = self.over()
            if ended is None:
                self.current = (self.current + 1) % n
                if self.current == 0 and self.turns[n - 1] >= max_turns:
                    ended = ENDED_LIMIT
        scores = tuple(self.score(p) for p in range(n))
        best = max(scores)
        tied = [p for p in range(n) if scores[p] == best]
        fewest = min(self.turns[p] for p in tied)
        winners = tuple(p for p in tied if self.turns[p] == fewest)
        return Result(
            scores=scores,
            turns=tuple(self.turns),
            winners=winners,
            ended=ended,
            answers=tuple(self.answers) if self.answers is not None else (),
            log=tuple(self.log) if self.log is not None else (),
        )


def play(
    kingdom: Sequence[str],
    agents: Sequence[Agent],
    seed: int,
    *,
    record: bool = False,
    log: bool = False,
    max_turns: int = 100,
    colony: bool = False,
    shelters: bool = False,
) -> Result:
    """One game: ``agents`` in seat order (the first starts) on ``kingdom`` (ten card ids),
    with Platinum and Colony (``colony``) and Shelters for Estates (``shelters``)."""
    return Game(
        kingdom, agents, seed, record=record, log=log, colony=colony, shelters=shelters
    ).run(max_turns)


def replay(
    kingdom: Sequence[str],
    players: int,
    seed: int,
    answers: Sequence[Answer],
    *,
    log: bool = True,
    max_turns: int = 100,
    colony: bool = False,
    shelters: bool = False,
) -> Result:
    """The game played from ``seed`` with these answers, in order."""
    given = iter(answers)

    def again(view: View, d: Decision) -> Answer:
        try:
            return next(given)
        except StopIteration:
            raise IllegalChoice("the recorded answers ran out") from None

    return play(
        kingdom,
        [again] * players,
        seed,
        record=True,
        log=log,
        max_turns=max_turns,
        colony=colony,
        shelters=shelters,
    )
