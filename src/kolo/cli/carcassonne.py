"""``kolo carcassonne``: simulate games of Carcassonne between bots, or play one against a bot in
the terminal (docs/carcassonne.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, TypeVar

import typer

from kolo import i18n
from kolo.cli.app import app
from kolo.cli.helptext import Listing
from kolo.cli.output import print_json, table
from kolo.cli.running import SeedOption, WorkersOption, simulating
from kolo.core.problems import N_, InvalidInput
from kolo.i18n import _

if TYPE_CHECKING:
    from kolo.games.carcassonne.board import Board
    from kolo.games.carcassonne.game import Game, Move


carcassonne_app = typer.Typer(
    help=_("Carcassonne: simulate games between bots, or play one against a bot."),
    no_args_is_help=True,
)
app.add_typer(carcassonne_app, name="carcassonne")

GAMES = ("carcassonne", "carcassonne-final")
"""The games (``kolo.games.registry``) whose tables this room serves (``kolo.cli.games``)."""

HELP = Listing(
    games=("carcassonne",),
    simulations=(("carcassonne", "simulate"),),
    see_also={
        ("carcassonne", "simulate"): N_(
            "This simulates games of Carcassonne between bots. How good a tournament format "
            "is: kolo simulate."
        ),
    },
)
"""Where ``kolo --help`` lists Carcassonne's commands, and their notes."""

VARIANT_HELP = N_(
    "base (the base game) or final (the championship final's variant); default: the game of "
    "--ruleset, or base."
)
RULESET_HELP = N_(
    "Play the game of this rule set: carcassonne-final (the championship final: the final's "
    "variant), carcassonne-cz or swiss-pairs (the base game)."
)
BOT_NAMES = "random, greedy, middling, strong, planner"
_T = TypeVar("_T")


def chosen_variant(variant: str | None, ruleset: str | None) -> str:
    """The variant to play: the one named, or the game of the rule set named (a rule set's game
    names its variant: ``game.VARIANT_OF``); both named, they must agree."""
    from kolo.games import rulesets
    from kolo.games.carcassonne.game import BASE, FINAL, VARIANT_OF

    if variant is not None and variant not in (BASE, FINAL):
        raise InvalidInput.one(
            N_("no variant '{name}': choose base or final"), path="--variant", name=variant
        )
    if ruleset is None:
        return variant or BASE
    found = rulesets.REGISTRY.get(ruleset)
    if found is None or found.game not in VARIANT_OF:
        known = ", ".join(r.id for r in rulesets.REGISTRY.values() if r.game in VARIANT_OF)
        raise InvalidInput.one(
            N_("no Carcassonne rule set '{name}': choose {known}"),
            path="--ruleset",
            name=ruleset,
            known=known,
        )
    played = VARIANT_OF[found.game]
    if variant is not None and variant != played:
        raise InvalidInput.one(
            N_("{ruleset} plays the variant {played}, not {variant}"),
            path="--variant",
            ruleset=ruleset,
            played=played,
            variant=variant,
        )
    return played


@carcassonne_app.command(
    "simulate",
    help=_(
        "Play many games between bots and print win rates with 95 % intervals, points, the "
        "margin between the first two bots and game length; the same figures whatever --workers."
    ),
)
def simulate_command(
    variant: Annotated[str | None, typer.Option("--variant", help=_(VARIANT_HELP))] = None,
    ruleset: Annotated[str | None, typer.Option("--ruleset", help=_(RULESET_HELP))] = None,
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            help=_(
                "One bot a seat, by name, separated by commas: random, greedy, middling, strong, "
                "planner."
            ),
        ),
    ] = "strong,greedy",
    games: Annotated[
        int, typer.Option("--games", min=1, max=10_000_000, help=_("How many games."))
    ] = 1000,
    seed: SeedOption = 1,
    workers: WorkersOption = 0,
    as_json: Annotated[bool, typer.Option("--json", help=_("Print JSON."))] = False,
) -> None:
    from kolo import display
    from kolo.games.carcassonne.simulate import simulate

    variant = chosen_variant(variant, ruleset)
    names = [b.strip() for b in bots.split(",") if b.strip()]
    try:
        summary = simulating(
            games, _("Playing"), workers, lambda w, p: simulate(variant, names, games, seed, w, p)
        )
    except ValueError as error:
        raise InvalidInput.one(N_("{reason}"), path="--bots", reason=str(error)) from None
    report = summary.report()
    if as_json:
        print_json(report)
        return
    lang = i18n.language()
    results = report["bot_results"]
    assert isinstance(results, list)
    rows = [
        [
            f"{i + 1}. {r['bot']}",
            str(r["wins"]),
            str(r["ties"]),
            display.rate(r["rate"], 1, lang),
            display.rate(r["interval"][0], 1, lang) + "–" + display.rate(r["interval"][1], 1, lang),
            display.decimal(r["points"], 1, lang),
        ]
        for i, r in enumerate(results)
    ]
    print(
        table(
            [_("Bot"), _("Wins"), _("Ties"), _("Rate"), _("95 % interval"), _("Points")],
            rows,
            right=[1, 2, 3, 5],
        )
    )
    margin = report["margin"]
    turns = report["turns"]
    assert isinstance(margin, dict)
    assert isinstance(turns, dict)
    print(
        _(
            "Margin {first} − {second}: {mean} points a game (95 % interval {low} to {high})."
        ).format(
            first=names[0],
            second=names[1],
            mean=display.decimal(margin["mean"], 1, lang),
            low=display.decimal(margin["interval"][0], 1, lang),
            high=display.decimal(margin["interval"][1], 1, lang),
        )
    )
    print(
        _("{games} games ({variant}), {turns} turns a game, {speed} games a second").format(
            games=display.whole(float(str(report["games"])), lang),
            variant=variant,
            turns=display.decimal(turns["mean"], 1, lang),
            speed=display.decimal(summary.games_per_second, 1, lang),
        )
    )


# --- the board in text -------------------------------------------------------------------------


def draw_board(board: Board) -> str:
    """The board as text: each tile 3 × 3 characters. Edges: ``#`` city, ``=``/``‖`` road,
    ``.`` field; centre: ``M`` monastery, ``*`` pennant, ``+`` road junction or end; a digit is a
    follower of that player standing on the tile."""
    from kolo.games.carcassonne.board import coordinates
    from kolo.games.carcassonne.tiles import CITY, K_MONASTERY, K_ROAD, ROAD

    if not board.placed:
        return ""
    where = {coordinates(pos): (t, r, pos) for t, r, pos in board.placed}
    xs = [x for x, _y in where]
    ys = [y for _x, y in where]
    standing: dict[int, int] = {}
    for seg, player in board.followers:
        index = max(i for i, b in enumerate(board.base) if b <= seg)
        standing[board.placed[index][2]] = player
    lines = ["     " + "".join(f"{x:^3}" for x in range(min(xs), max(xs) + 1))]
    for y in range(min(ys), max(ys) + 1):
        rows = [f"{y:>4} ", "     ", "     "]
        for x in range(min(xs), max(xs) + 1):
            if (x, y) not in where:
                for k in range(3):
                    rows[k] += "   "
                continue
            o = board.orientation_at(where[(x, y)][2])

            def edge(side: int, o=o) -> str:  # type: ignore[no-untyped-def]
                kind = o.edges[side]
                if kind == CITY:
                    return "#"
                if kind == ROAD:
                    return "|" if side in (0, 2) else "="
                return "."

            centre = "."
            if K_MONASTERY in o.kinds:
                centre = "M"
            elif any(o.pennants):
                centre = "*"
            elif o.edges.count(CITY) >= 2 and any(o.sides[f] >= 2 for f in range(len(o.kinds))):
                centre = "#"
            elif o.kinds.count(K_ROAD) >= 2 or (
                o.kinds.count(K_ROAD) == 1 and o.edges.count(ROAD) == 1
            ):
                centre = "+"
            elif ROAD in o.edges:
                centre = "="
            pos = where[(x, y)][2]
            if pos in standing:
                centre = str(standing[pos])
            rows[0] += f" {edge(0)} "
            rows[1] += f"{edge(3)}{centre}{edge(1)}"
            rows[2] += f" {edge(2)} "
        lines.extend(rows)
    return "\n".join(line.rstrip() for line in lines)


def _where(code: str) -> str:
    """Compass points (``"S-W"``) in the language in use: ``J–Z`` in Czech."""
    from kolo.games.carcassonne.tiles import COMPASS

    words = _("N NE E SE S SW W NW").split()
    return "–".join(words[COMPASS.index(point)] for point in code.split("-"))


def spot_name(tile: int, rotation: int, feature: int) -> str:
    """A feature of a tile, so turned, named by where it lies: "road W", "field NE", "city N",
    "monastery" (the follower's spot; R-CARC-3)."""
    from kolo.games.carcassonne.tiles import K_CITY, K_FIELD, K_MONASTERY, ORIENTATIONS, place_of

    o = ORIENTATIONS[tile][rotation]
    kind = o.kinds[feature]
    code = place_of(o, feature)
    if kind == K_MONASTERY:
        return _("monastery")
    if kind == K_FIELD:
        if code == "around":
            return _("field all around")
        if code == "middle":
            return _("field in the middle")
        return _("field {where}").format(where=_where(code))
    if kind == K_CITY:
        name = (
            _("city on all sides")
            if code.count("-") == 3
            else _("city {where}").format(where=_where(code))
        )
        if o.pennants[feature]:
            name = _("{city} with a pennant").format(city=name)
        return name
    return _("road {where}").format(where=_where(code))


def describe(tile: int, rotation: int = 0) -> str:
    """What a tile, so turned, has: "monastery, road S, fields" — its monastery, cities and
    roads by where they lie, and whether it has fields."""
    from kolo.games.carcassonne.tiles import K_FIELD, K_MONASTERY, ORIENTATIONS

    kinds = ORIENTATIONS[tile][rotation].kinds
    parts = [spot_name(tile, rotation, f) for f, k in enumerate(kinds) if k == K_MONASTERY]
    parts += [
        spot_name(tile, rotation, f) for f, k in enumerate(kinds) if k not in (K_FIELD, K_MONASTERY)
    ]
    if K_FIELD in kinds:
        parts.append(_("fields"))
    return ", ".join(parts)


def tile_line(tile: int, rotation: int = 0) -> str:
    """A tile by its letter and what it has: "V: road S–W, fields"."""
    from kolo.games.carcassonne.tiles import BASE_TILES

    return f"{BASE_TILES[tile].name}: {describe(tile, rotation)}"


FOLLOWER_KEYS = "abcdefghi"
"""A follower's spot is chosen by a letter (a tile has at most 8 features), the square and
turn by a number, the tile by its own letter, a face-up tile by x, y, z: no two lists of a
turn share a label."""
FACE_UP_KEYS = "xyz"
PILE_KEY = "p"


def _pick(count: int, prompt: str) -> int:
    while True:
        answer = input(prompt).strip()
        if answer.isdigit() and 1 <= int(answer) <= count:
            return int(answer) - 1
        print(_("Give a number from 1 to {count}.").format(count=count))


def _choose(prompt: str, keys: dict[str, _T], hint: str) -> _T:
    """Ask until the answer is one of ``keys`` (letters in either case)."""
    folded = {k.lower(): v for k, v in keys.items()}
    while True:
        answer = input(prompt).strip().lower()
        if answer in folded:
            return folded[answer]
        print(hint)


def _ask(game: Game) -> Move:
    """Your move, asked at the terminal (or read from standard input)."""
    from kolo.games.carcassonne.board import coordinates
    from kolo.games.carcassonne.game import PILE, Move
    from kolo.games.carcassonne.tiles import BASE_TILES, DISTINCT

    board = game.board
    choices = game.choices()
    variant = game.rules.variant == "final"
    if variant:
        print(_("Face-up tiles (to draw after playing a tile from your hand):"))
        for key, t in zip(FACE_UP_KEYS, game.face_up, strict=False):
            print(f"  {key}. {tile_line(t)}")
        if not game.face_up:
            print("  —")
    keys: dict[str, tuple[int, bool]] = {}
    print(_("Your tiles:"))
    for t, own in choices:
        key = BASE_TILES[t].name + ("*" if own else "")
        keys[key] = (t, own)
        kind = _("your monastery") if own else _("in hand")
        print(f"  {key}: {describe(t)} ({kind})")
    if game.must_play_monastery():
        print(_("The pile is empty and you have more monasteries: you must play one."))
    if len(choices) > 1:
        t, own = _choose(
            _("Tile (its letter): "),
            keys,
            _("Give a tile's letter: {keys}.").format(keys=", ".join(keys)),
        )
    else:
        t, own = choices[0]
    name = BASE_TILES[t].name
    spots = board.spots(t, DISTINCT[t])
    print(_("Where {tile} fits (square, turned clockwise):").format(tile=name))
    for i, (pos, r) in enumerate(spots, start=1):
        x, y = coordinates(pos)
        print(f"  {i}. ({x}, {y}) {90 * r}°: {describe(t, r)}")
    pos, r = spots[_pick(len(spots), _("Where (number): "))]
    follower = -1
    free = board.free_features(t, r, pos) if board.supply[game.turn] else []
    if free:
        x, y = coordinates(pos)
        print(_("A follower on {tile} at ({x}, {y}):").format(tile=name, x=x, y=y))
        spots_by_key: dict[str, int] = {}
        for key, f in zip(FOLLOWER_KEYS, free, strict=False):
            spots_by_key[key] = f
            print(f"  {key}. {spot_name(t, r, f)}")
        spots_by_key[""] = -1
        follower = _choose(
            _("Follower (letter; Enter: none): "),
            spots_by_key,
            _("Give a letter from {first} to {last}, or nothing for no follower.").format(
                first=FOLLOWER_KEYS[0], last=FOLLOWER_KEYS[len(free) - 1]
            ),
        )
    draw = PILE
    draws = game.draw_options()
    if variant and not own and draws:
        print(_("Draw:"))
        by_key: dict[str, int] = {}
        for d in draws:
            if d == PILE:
                by_key[PILE_KEY] = PILE
                print(f"  {PILE_KEY}. " + _("the pile"))
            else:
                by_key[FACE_UP_KEYS[d]] = d
                print(f"  {FACE_UP_KEYS[d]}. " + tile_line(game.face_up[d]))
        draw = _choose(
            _("Draw from (letter): "),
            by_key,
            _("Give one of: {keys}.").format(keys=", ".join(by_key)),
        )
    x, y = coordinates(pos)
    return Move(t, x, y, r, follower, own, draw)


@carcassonne_app.command(
    "play",
    help=_(
        "Play in the terminal against a bot: the base game or the final's variant, the board "
        "drawn in text, you at seat 0."
    ),
)
def play_command(
    variant: Annotated[str | None, typer.Option("--variant", help=_(VARIANT_HELP))] = None,
    ruleset: Annotated[str | None, typer.Option("--ruleset", help=_(RULESET_HELP))] = None,
    bot: Annotated[
        str,
        typer.Option("--bot", help=_("The opponent: random, greedy, middling, strong, planner.")),
    ] = "strong",
    seed: Annotated[int, typer.Option("--seed", help=_("Seed of the game."))] = 1,
) -> None:
    import random

    from kolo.games.carcassonne.bots import BOTS
    from kolo.games.carcassonne.game import Rules, new_game
    from kolo.games.carcassonne.tiles import BASE_TILES

    variant = chosen_variant(variant, ruleset)
    if bot not in BOTS:
        raise InvalidInput.one(
            N_("no bot '{name}': choose {known}"), path="--bot", name=bot, known=BOT_NAMES
        )
    rng = random.Random(seed)
    game = new_game(2, seed, Rules(variant=variant))
    while not game.over:
        seat = game.turn
        if seat == 0:
            print(draw_board(game.board))
            print(
                _(
                    "Score: you {you}, the bot {bot}. Followers left: {left}. Tiles left: {tiles}."
                ).format(
                    you=game.scores[0],
                    bot=game.scores[1],
                    left=game.board.supply[0],
                    tiles=len(game.pile),
                )
            )
            try:
                move = _ask(game)
            except EOFError:
                raise InvalidInput.one(
                    N_("no more input: the game is left unfinished"), path="stdin"
                ) from None
        else:
            move = BOTS[bot](game, rng)
        gained = game.play(move)
        if seat != 0:
            follower = (
                _(", with a follower on the {spot}").format(
                    spot=spot_name(move.tile, move.rotation, move.follower)
                )
                if move.follower >= 0
                else ""
            )
            print(_("The bot plays {tile} at ({x}, {y}) turned {angle}°{follower}.").format(
                tile=f"{BASE_TILES[move.tile].name} ({describe(move.tile, move.rotation)})",
                x=move.x,
                y=move.y,
                angle=90 * move.rotation,
                follower=follower,
            ))  # fmt: skip
        if any(gained):
            print(_("Scored: you {you}, the bot {bot}.").format(you=gained[0], bot=gained[1]))
    print(draw_board(game.board))
    print(
        _(
            "End scoring: you {you}, the bot {bot}. Final score: you {total}, the bot {other}."
        ).format(you=game.final[0], bot=game.final[1], total=game.scores[0], other=game.scores[1])
    )
    if game.scores[0] > game.scores[1]:
        print(_("You win."))
    elif game.scores[0] < game.scores[1]:
        print(_("The bot wins."))
    else:
        print(_("A tie."))
