"""``kolo dominion``: the base game played — kingdom reports by bots, fair kingdoms to
propose, a game in the terminal against bots (docs/dominion.md)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from kolo import i18n
from kolo.cli.app import app
from kolo.cli.output import print_json, table
from kolo.cli.running import SeedOption, WorkersOption, simulating
from kolo.core.problems import N_, InvalidInput, Problem
from kolo.i18n import _

if TYPE_CHECKING:
    from kolo.games.dominion.engine import Decision, Event, View

dominion_app = typer.Typer(
    help=_(
        "Dominion, the base game: kingdom reports by bots, fair kingdoms to propose, a game "
        "against bots in the terminal."
    ),
    no_args_is_help=True,
)
app.add_typer(dominion_app, name="dominion")

GamesOption = Annotated[
    int, typer.Option("--games", min=1, max=10_000_000, help=_("Games to play."))
]
JsonOption = Annotated[bool, typer.Option("--json", help=_("Print JSON."))]


def card_name(card_id: str, language: str | None = None) -> str:
    from kolo.games.dominion.cards import load

    return load().card(card_id).name(language or i18n.language())


def _kingdom(
    text: str | None, event: str | None, round_number: int | None, number: int | None
) -> tuple[str, ...]:
    """Ten card ids from names in Czech, English or Japanese, or a stored table's kingdom."""
    from kolo.games.dominion import cards, engine

    if event is not None:
        if round_number is None or number is None:
            raise InvalidInput.one(N_("give --round and --table with --event"), path="--event")
        from kolo.cli.options import open_store

        open_store(create=False)
        from kolo.store import api as store
        from kolo.store import kingdoms

        table_ = store.get_table(store.get_round(store.find_event(event), round_number), number)
        stored = kingdoms.stored_kingdom(table_)
        if stored is None or not stored.cards:
            raise InvalidInput.one(
                N_("table {table} of round {round} has no kingdom of ten cards yet"),
                path="--table",
                table=number,
                round=round_number,
            )
        ids = tuple(stored.cards)
    elif text:
        ids = cards.resolve([n for n in text.split(",") if n.strip()])
    else:
        ids = engine.FIRST_GAME
    problems = [
        Problem(
            "kingdom",
            N_("the engine does not play {card}: it is not one of its cards"),
            {"card": card_name(c)},
        )
        for c in ids
        if c not in engine.PLAYABLE
    ]
    if len(ids) != 10 or len(set(ids)) != 10:
        problems.append(
            Problem(
                "kingdom",
                N_("a kingdom is ten different cards, not {count}"),
                {"count": len(set(ids))},
            )
        )
    if problems:
        raise InvalidInput(problems)
    return ids


def _bots(text: str, players: int | None) -> list[str]:
    names = [b.strip().lower() for b in text.split(",") if b.strip()]
    if players is not None:
        if len(names) == 1:
            names = names * players
        elif len(names) != players:
            raise InvalidInput.one(
                N_("give one bot, or one bot a seat ({players})"), path="--bots", players=players
            )
    return names


KingdomArg = Annotated[
    str | None,
    typer.Argument(
        help=_(
            "Ten kingdom cards in Czech, English or Japanese, separated by commas (default: "
            "the first-game kingdom)."
        ),
        metavar="KINGDOM",
        show_default=False,
    ),
]
EventOption = Annotated[
    str | None, typer.Option("--event", help=_("Take the kingdom of a stored table: the event."))
]
RoundOption = Annotated[int | None, typer.Option("--round", help=_("The round of that table."))]
TableOption = Annotated[int | None, typer.Option("--table", help=_("The table's number."))]


def _pct(value: float, lang: str, signed: bool = False) -> str:
    from kolo import display

    text = display.rate(abs(value) if signed else value, 1, lang)
    return ("+" if value >= 0 else "−") + text if signed else text


@dominion_app.command(
    "simulate",
    help=_(
        "The kingdom report: bots play many games on a kingdom — win rates with 95 % "
        "intervals, the first seat's advantage, game length, how games end; the same figures "
        "whatever --workers."
    ),
)
def simulate_command(
    kingdom: KingdomArg = None,
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            help=_(
                "One bot a seat (or one for all), separated by commas: big-money, "
                "big-money-CARD (such as big-money-smithy), heuristic."
            ),
        ),
    ] = "heuristic",
    players: Annotated[
        int | None,
        typer.Option("--players", min=2, max=6, help=_("Players (default: one a bot, or 2).")),
    ] = None,
    games: GamesOption = 1000,
    seed: SeedOption = 1,
    workers: WorkersOption = 0,
    as_json: JsonOption = False,
    plot: Annotated[
        Path | None,
        typer.Option(
            "--plot",
            help=_("Also draw the report as an SVG file: win rates with intervals, game length."),
        ),
    ] = None,
    event: EventOption = None,
    round_number: RoundOption = None,
    table_number: TableOption = None,
) -> None:
    from kolo.games.dominion import simulate as sim

    cards_ = _kingdom(kingdom, event, round_number, table_number)
    names = _bots(bots, players if players is not None else (2 if "," not in bots else None))
    problems = sim.check_bots(cards_, names)
    if problems:
        raise InvalidInput([Problem("--bots", N_("{reason}"), {"reason": p}) for p in problems])
    report = simulating(
        games, _("Playing"), workers, lambda w, p: sim.simulate(cards_, names, games, seed, w, p)
    )
    if plot is not None:
        from kolo.games.dominion.plot import svg

        labels = {
            "bots": _("Win rate of each bot (95 % interval; dashed: a fair share)"),
            "seats": _("Win rate of each seat"),
            "turns": _("Games by the first player's turns"),
            "seat": _("seat {n}"),
        }
        try:
            plot.write_text(svg(report, labels), encoding="utf-8")
        except OSError as error:
            raise InvalidInput.one(
                N_("cannot write the file: {reason}"), path="--plot", reason=error.strerror
            ) from None
    if as_json:
        print_json(report)
        return
    _print_report(report)


def _print_report(report: dict[str, Any]) -> None:
    from kolo import display
    from kolo.games.dominion.cards import load, sort_key

    lang = i18n.language()
    data = load()
    ordered = sorted((data.card(c) for c in report["kingdom"]), key=lambda c: sort_key(c, lang))
    print(_("Kingdom: {cards}").format(cards=", ".join(c.name(lang) for c in ordered)))
    print(
        _("{players} players, {games} games (the bots change seats game by game).").format(
            players=report["players"], games=display.whole(report["games"], lang)
        )
    )
    rows = [
        [
            b["bot"],
            display.decimal(b["wins"], 1, lang),
            _pct(b["rate"], lang),
            _pct(b["interval"][0], lang) + "–" + _pct(b["interval"][1], lang),
            display.decimal(b["points"], 1, lang),
        ]
        for b in report["by_bot"]
    ]
    print(
        table(
            [_("Bot"), _("Wins"), _("Rate"), _("95 % interval"), _("Points")], rows, right=[1, 2, 4]
        )
    )
    rows = [
        [
            str(s["seat"]),
            display.decimal(s["wins"], 1, lang),
            _pct(s["rate"], lang),
            _pct(s["interval"][0], lang) + "–" + _pct(s["interval"][1], lang),
        ]
        for s in report["by_seat"]
    ]
    print(table([_("Seat"), _("Wins"), _("Rate"), _("95 % interval")], rows, right=[0, 1, 2]))
    low, high = report["first_seat_interval"]
    print(
        _("First seat's advantage: {value} (95 % interval {low} to {high}).").format(
            value=_pct(report["first_seat_advantage"], lang, True),
            low=_pct(low, lang, True),
            high=_pct(high, lang, True),
        )
    )
    t = report["turns"]
    print(
        _(
            "Game length (the first player's turns): mean {mean}, median {median}, 90 % of "
            "games between {low} and {high}."
        ).format(
            mean=display.decimal(t["mean"], 1, lang),
            median=t["median"],
            low=t["low"],
            high=t["high"],
        )
    )
    ended = report["ended"]
    print(
        _(
            "How games ended: Provinces gone {provinces}, piles empty {piles}, turn limit {limit}."
        ).format(provinces=ended["provinces"], piles=ended["piles"], limit=ended["limit"])
    )
    print(
        _("{speed} games a second.").format(speed=display.whole(report["games_per_second"], lang))
    )


@dominion_app.command(
    "propose",
    help=_(
        "Fair kingdoms for a base-game event: among random candidates, those with the "
        "smallest first-seat advantage and strategy spread in bot games."
    ),
)
def propose_command(
    candidates: Annotated[
        int, typer.Option("--candidates", min=1, max=10_000, help=_("Random kingdoms to weigh."))
    ] = 20,
    keep: Annotated[int, typer.Option("--keep", min=1, max=100, help=_("Kingdoms to show."))] = 3,
    players: Annotated[
        int, typer.Option("--players", min=2, max=6, help=_("Players at a table."))
    ] = 2,
    games: GamesOption = 200,
    pool: Annotated[
        str | None,
        typer.Option(
            "--pool",
            help=_("Cards to draw from, separated by commas (default: the 26 of the base game)."),
        ),
    ] = None,
    seed: SeedOption = 1,
    workers: WorkersOption = 0,
    as_json: JsonOption = False,
) -> None:
    from kolo import display
    from kolo.games.dominion import cards, engine
    from kolo.games.dominion import simulate as sim
    from kolo.games.dominion.cards import load, sort_key

    chosen = sim.SECOND_EDITION
    if pool:
        chosen = cards.resolve([n for n in pool.split(",") if n.strip()])
        outside = [c for c in chosen if c not in engine.PLAYABLE]
        if outside:
            raise InvalidInput(
                [
                    Problem(
                        "--pool",
                        N_("the engine does not play {card}: it is not one of its cards"),
                        {"card": card_name(c)},
                    )
                    for c in outside
                ]
            )
        if len(set(chosen)) < 10:
            raise InvalidInput.one(N_("the pool needs at least ten cards"), path="--pool")
    found = simulating(
        candidates,
        _("Weighing kingdoms"),
        workers,
        lambda w, p: sim.propose(chosen, candidates, players, games, seed, keep, w, p),
    )
    if as_json:
        print_json(found)
        return
    lang = i18n.language()
    data = load()
    for number, item in enumerate(found, start=1):
        ordered = sorted((data.card(c) for c in item["kingdom"]), key=lambda c: sort_key(c, lang))
        print(f"{number}. " + ", ".join(c.name(lang) for c in ordered))
        print(
            "   "
            + _("first seat's advantage {advantage}, strategy spread {spread}").format(
                advantage=_pct(item["first_seat_advantage"], lang, True),
                spread=display.rate(item["strategy_spread"], 1, lang),
            )
        )


@dominion_app.command(
    "play",
    help=_(
        "Play a game in the terminal against bots, seeing your hand, the supply and the log "
        "(to learn, or to check the engine by hand)."
    ),
)
def play_command(
    kingdom: KingdomArg = None,
    opponents: Annotated[
        str,
        typer.Option(
            "--opponents", help=_("The other players' bots, separated by commas (1 to 5).")
        ),
    ] = "heuristic",
    seat: Annotated[
        int, typer.Option("--seat", min=1, max=6, help=_("Your seat (1: you start)."))
    ] = 1,
    seed: Annotated[int, typer.Option("--seed", help=_("Seed of the shuffles."))] = 1,
    colony: Annotated[
        bool, typer.Option("--colony", help=_("Play with Platinum and Colony (Prosperity)."))
    ] = False,
    shelters: Annotated[
        bool,
        typer.Option(
            "--shelters", help=_("Start with the Dark Ages Shelters instead of three Estates.")
        ),
    ] = False,
) -> None:
    from kolo.games.dominion import bots as bots_module
    from kolo.games.dominion import engine
    from kolo.games.dominion import simulate as sim

    cards_ = _kingdom(kingdom, None, None, None)
    names = _bots(opponents, None)
    if not 1 <= len(names) <= 5:
        raise InvalidInput.one(N_("give 1 to 5 opponents"), path="--opponents")
    if seat > len(names) + 1:
        raise InvalidInput.one(N_("there is no seat {seat}"), path="--seat", seat=seat)
    problems = sim.check_bots(cards_, [*names, "big-money"])
    if problems:
        raise InvalidInput(
            [Problem("--opponents", N_("{reason}"), {"reason": p}) for p in problems]
        )
    agents: list[engine.Agent] = [bots_module.bot(n) for n in names]
    person = Person()
    agents.insert(seat - 1, person)
    game = engine.Game(cards_, agents, seed, log=True, colony=colony, shelters=shelters)
    person.game = game
    result = game.run()
    person.show_log()
    print(
        _("The game is over ({how}).").format(
            how={
                engine.ENDED_PROVINCES: _("the Provinces or the Colonies are gone")
                if colony
                else _("the Provinces are gone"),
                engine.ENDED_PILES: _("supply piles are empty"),
                engine.ENDED_LIMIT: _("the turn limit"),
            }[result.ended]
        )
    )
    rows = [
        [
            _("you") if p == seat - 1 else str(getattr(agents[p], "name", "?")),
            str(result.scores[p]),
            str(result.turns[p]),
            "★" if p in result.winners else "",
        ]
        for p in range(len(agents))
    ]
    print(table([_("Player"), _("Points"), _("Turns"), _("Won")], rows, right=[1, 2]))


@dominion_app.command(
    "log",
    help=_(
        "Play one game between bots and print its log, move by move (to see how the bots "
        "play, or to check the engine)."
    ),
)
def log_command(
    kingdom: KingdomArg = None,
    bots: Annotated[
        str,
        typer.Option(
            "--bots", help=_("One bot a seat, separated by commas (the first seat starts).")
        ),
    ] = "heuristic,big-money",
    seed: Annotated[int, typer.Option("--seed", help=_("Seed of the shuffles."))] = 1,
    as_json: JsonOption = False,
) -> None:
    from kolo.games.dominion import bots as bots_module
    from kolo.games.dominion import engine
    from kolo.games.dominion import simulate as sim

    cards_ = _kingdom(kingdom, None, None, None)
    names = _bots(bots, None)
    problems = sim.check_bots(cards_, names)
    if problems:
        raise InvalidInput([Problem("--bots", N_("{reason}"), {"reason": p}) for p in problems])
    result = engine.play(cards_, [bots_module.bot(n) for n in names], seed, record=True, log=True)
    if as_json:
        print_json(
            {
                "kingdom": list(cards_),
                "bots": names,
                "seed": seed,
                "scores": list(result.scores),
                "turns": list(result.turns),
                "winners": [w + 1 for w in result.winners],
                "ended": result.ended,
                "log": [event.text() for event in result.log],
                "answers": [list(a) if isinstance(a, tuple) else a for a in result.answers],
            }
        )
        return
    for event in result.log:
        print(event_text(event, -1))
    rows = [
        [
            f"{p + 1}. {names[p]}",
            str(result.scores[p]),
            str(result.turns[p]),
            "★" if p in result.winners else "",
        ]
        for p in range(len(names))
    ]
    print(table([_("Player"), _("Points"), _("Turns"), _("Won")], rows, right=[1, 2]))


LOG_TEXTS = {
    "shuffle": N_("shuffles"),
    "draw": N_("draws {number}"),
    "play": N_("plays {cards}"),
    "treasures": N_("plays {cards} ({number} coins)"),
    "buy": N_("buys {cards}"),
    "gain": N_("gains {cards}"),
    "gain_hand": N_("gains {cards} to hand"),
    "gain_deck": N_("gains {cards} onto the deck"),
    "trash": N_("trashes {cards}"),
    "discard": N_("discards {cards}"),
    "topdeck": N_("puts {cards} onto the deck"),
    "reveal": N_("reveals {cards}"),
    "moat": N_("reveals a Moat against {cards}"),
    "look": N_("looks at {cards}"),
    "put_back": N_("puts {number} back"),
    "set_aside": N_("sets {cards} aside"),
    "hand_size": N_("has {number} cards in hand"),
    "to_hand": N_("puts {cards} into the hand"),
    "name": N_("names {cards}"),
    "return": N_("returns {cards} to its pile"),
}


def event_text(event: Event, me: int) -> str:
    """A log line in the user's language."""
    from kolo.games.dominion.engine import CARDS

    cards_ = ", ".join(card_name(CARDS[c]) for c in event.cards) or _("nothing")
    who = _("you") if event.player == me else _("player {n}").format(n=event.player + 1)
    return f"[{event.turn}] {who}: " + _(LOG_TEXTS[event.verb]).format(
        cards=cards_, number=event.number
    )


class Person:
    """You, at the terminal: every decision asked, an illegal answer refused with the reason."""

    name = "you"

    def __init__(self) -> None:
        from kolo.games.dominion.engine import Game

        self.game: Game | None = None
        self.shown = 0

    def show_log(self) -> None:
        if self.game is None or self.game.log is None:
            return
        me = self.game.agents.index(self)
        for event in self.game.log[self.shown :]:
            print("  " + event_text(event, me))
        self.shown = len(self.game.log)

    def __call__(self, view: View, d: Decision) -> Any:
        from kolo.games.dominion import engine

        assert self.game is not None
        self.show_log()
        self.show(view, d)
        while True:
            try:
                answer = self.read(view, d)
            except EOFError:
                print()
                raise typer.Abort() from None
            except ValueError:
                print(_("Give the numbers shown, separated by spaces."))
                continue
            reason = engine.why(self.game, d, answer)
            if reason is None:
                return answer
            template, values = reason
            if isinstance(values.get("card"), str) and values["card"] in engine.INDEX:
                values = {**values, "card": card_name(str(values["card"]))}
            print(_("Not allowed: {reason}").format(reason=_(template).format(**values)))

    def show(self, view: View, d: Decision) -> None:
        from kolo.games.dominion import engine

        def names(cards: Sequence[int]) -> str:
            return ", ".join(card_name(engine.CARDS[c]) for c in sorted(cards)) or _("nothing")

        print()
        print(_("Your hand: {cards}").format(cards=names(view.hand)))
        if d.kind in (engine.PLAY, engine.BUY):
            supply = "; ".join(
                f"{card_name(engine.CARDS[c])} {view.cost(c)}/{view.pile(c)}"
                for c in range(engine.N)
                if view.in_supply(c)
            )
            print(_("Supply (cost/left): {supply}").format(supply=supply))
            points = ", ".join(
                (_("you") if q == view.me else _("player {n}").format(n=q + 1))
                + f" {view.score(q)}"
                for q in range(view.players)
            )
            print(_("Points: {points}").format(points=points))
            print(
                _("Actions {actions}, buys {buys}, coins {coins}; in play: {cards}").format(
                    actions=view.actions,
                    buys=view.buys,
                    coins=d.coins if d.kind == engine.BUY else view.coins,
                    cards=names(view.in_play),
                )
            )

    def options(self, view: View, d: Decision) -> list[int]:
        from kolo.games.dominion import engine

        if d.kind == engine.BUY:  # every pile: a card you cannot buy is refused, with why
            return [c for c in range(engine.N) if view.in_supply(c)]
        return list(d.among)

    def read(self, view: View, d: Decision) -> Any:
        from kolo.games.dominion import engine

        source = card_name(engine.CARDS[d.card]) if d.card >= 0 else ""
        options = self.options(view, d)

        def listing() -> None:
            for i, c in enumerate(options, start=1):
                print(f"  {i}. {card_name(engine.CARDS[c])} ({view.cost(c)})")

        if d.kind == engine.YES:
            card = card_name(engine.CARDS[d.among[0]]) if d.among else ""
            question = {
                "reveal": _("Reveal your Moat against {source}? (y/n) "),
                "trash": _("Trash a Copper for {source}? (y/n) "),
                "play": _("Play {card} from {source}? (y/n) "),
                "set_aside": _("Set {card} aside ({source})? (y/n) "),
            }.get(d.what) or _(engine.TEXTS.words[d.what]) + " (y/n) "
            text = input(question.format(source=source, card=card)).strip().lower()
            if text not in ("y", "n", "a", "yes", "no", "ano", "ne"):
                raise ValueError(text)
            return text in ("y", "a", "yes", "ano")
        if d.kind == engine.CHOOSE:
            card = card_name(engine.CARDS[d.among[0]]) if d.among else ""
            print(_(engine.TEXTS.words[d.what]).format(source=source, card=card))
            for i, option in enumerate(d.options, start=1):
                print(f"  {i}. {_(engine.TEXTS.options[option])}")
            text = input(_("Which (number)? ")).strip()
            if not 1 <= int(text) <= len(d.options):
                raise ValueError(text)
            return d.options[int(text) - 1]
        if d.kind == engine.NAME:
            from kolo.core.problems import InvalidInput
            from kolo.games.dominion.cards import resolve

            text = input(_("{source}: name a card: ").format(source=source)).strip()
            try:
                (named,) = resolve([text])
            except (InvalidInput, ValueError):
                raise ValueError(text) from None
            if named not in engine.INDEX:
                raise ValueError(text)
            return engine.INDEX[named]
        if d.kind in (engine.PLAY, engine.BUY, engine.GAIN):
            listing()
            prompt = {
                engine.PLAY: _("Play which action twice (number; 0 or empty: none)? ")
                if d.card == engine.THRONE_ROOM
                else _("Play which action three times (number; 0 or empty: none)? ")
                if d.card == engine.KINGS_COURT
                else _("Play which action (number; 0 or empty: none)? "),
                engine.BUY: _("Buy what (number; 0 or empty: nothing)? "),
                engine.GAIN: _("Gain which card ({source}; number)? "),
            }[d.kind]
            text = input(prompt.format(source=source)).strip()
            if text in ("", "0") and d.kind != engine.GAIN:
                return None
            if not 1 <= int(text) <= len(options):
                raise ValueError(text)
            return options[int(text) - 1]
        listing()
        what = {
            "discard": _("discard"),
            "trash": _("trash"),
            "topdeck": _("put onto your deck"),
            "top": _("leave on top"),
            "play": _("play"),
        }.get(d.what) or _(engine.TEXTS.words[d.what])
        text = input(
            _(
                "{source}: choose {low} to {high} cards to {what} (numbers, separated by spaces): "
            ).format(source=source, low=d.low, high=d.high, what=what)
        )
        picks = [int(t) for t in text.replace(",", " ").split()]
        if any(not 1 <= i <= len(options) for i in picks) or len(set(picks)) != len(picks):
            raise ValueError(text)
        return tuple(options[i - 1] for i in picks)
