"""``kolo domino``: simulate many matches of domino between bots, or play one in the terminal
(docs/domino.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from kolo import i18n
from kolo.cli.app import app
from kolo.cli.output import print_json, table
from kolo.cli.running import SeedOption, WorkersOption, simulating
from kolo.core.problems import N_, InvalidInput
from kolo.i18n import _

if TYPE_CHECKING:
    from kolo.games.domino.block import Hand, Move
    from kolo.games.domino.mexican import Action, MexicanGame


domino_app = typer.Typer(
    help=_("Domino: simulate matches between bots (the block game, Mexican Train)."),
    no_args_is_help=True,
)
app.add_typer(domino_app, name="domino")


ScoringOption = Annotated[
    str,
    typer.Option(
        "--scoring",
        help=_(
            "How a hand of Mexican Train scores: winner (the winner scores the others' "
            "pips, the highest total wins) or own (each player scores their own pips, the "
            "lowest total wins)."
        ),
    ),
]
"""How Mexican Train's hands score, as ``simulate`` and ``play`` take it."""


@domino_app.command(
    "simulate",
    help=_(
        "Play many matches between bots and print win rates with 95 % intervals, points per "
        "hand, hands per match and games per second; the same figures whatever --workers."
    ),
)
def simulate_command(
    game: Annotated[str, typer.Option("--game", help=_("block or mexican-train."))] = "block",
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            help=_("One bot a seat, by name, separated by commas: random, greedy, strong."),
        ),
    ] = "strong,random,strong,random",
    matches: Annotated[int, typer.Option("--matches", min=1, max=10_000_000)] = 1000,
    seed: SeedOption = 1,
    target: Annotated[
        int, typer.Option("--target", min=1, max=10_000, help=_("Points that end a match."))
    ] = 100,
    workers: WorkersOption = 0,
    as_json: Annotated[bool, typer.Option("--json", help=_("Print JSON."))] = False,
    scoring: ScoringOption = "winner",
) -> None:
    from kolo import display
    from kolo.games.domino.simulate import simulate

    names = [b.strip() for b in bots.split(",") if b.strip()]
    try:
        summary = simulating(
            matches,
            _("Playing"),
            workers,
            lambda w, p: simulate(game, names, matches, seed, target, w, p, scoring),
        )
    except ValueError as error:
        raise InvalidInput.one(N_("{reason}"), path="--bots", reason=str(error)) from None
    report = summary.report()
    if as_json:
        print_json(report)
        return
    wins = report["wins"]
    assert isinstance(wins, list)
    sides = (
        [_("team {n} ({a}, {b})").format(n=i, a=names[i], b=names[i + 2]) for i in (0, 1)]
        if game == "block"
        else [_("seat {n} ({bot})").format(n=i, bot=name) for i, name in enumerate(names)]
    )
    lang = i18n.language()
    rows = [
        [
            side,
            str(w["wins"]),
            display.rate(w["rate"], 1, lang),
            display.rate(w["interval"][0], 1, lang) + "–" + display.rate(w["interval"][1], 1, lang),
        ]
        for side, w in zip(sides, wins, strict=True)
    ]
    print(table([_("Side"), _("Wins"), _("Rate"), _("95 % interval")], rows, right=[1, 2]))
    print(
        _(
            "{matches} matches, {hands} hands, {points} points a hand, {speed} games a second"
        ).format(
            matches=display.whole(float(str(report["matches"])), lang),
            hands=display.whole(float(str(report["hands"])), lang),
            points=display.decimal(float(str(report["points_per_hand"])), 1, lang),
            speed=display.whole(float(str(report["games_per_second"])), lang),
        )
    )
    spread = report["hands_per_match"]
    assert isinstance(spread, dict)
    if game == "block" and spread:
        counts = sorted((int(k), v) for k, v in spread.items())
        total = sum(v for _k, v in counts)

        def quantile(share: float) -> int:
            running = 0
            for hands, count in counts:
                running += count
                if running >= share * total:
                    return hands
            return counts[-1][0]

        print(
            _("Hands per match: median {median}, 90% of matches between {low} and {high}.").format(
                median=quantile(0.5), low=quantile(0.05), high=quantile(0.95)
            )
        )


@domino_app.command(
    "play",
    help=_(
        "Play in the terminal: the block game at seat 0, your partner opposite, the bots "
        "around you, a hand or a match to the target; or Mexican Train against bots."
    ),
)
def play_command(
    partner: Annotated[
        str, typer.Option("--partner", help=_("Your partner's bot: random, greedy, strong."))
    ] = "strong",
    opponents: Annotated[
        str, typer.Option("--opponents", help=_("The opponents' bot: random, greedy, strong."))
    ] = "strong",
    seed: Annotated[int, typer.Option("--seed", help=_("Seed of the deal."))] = 1,
    target: Annotated[
        int, typer.Option("--target", min=1, max=10_000, help=_("Points that end a match."))
    ] = 100,
    one_hand: Annotated[
        bool, typer.Option("--hand", help=_("Play one hand, not a match."))
    ] = False,
    game: Annotated[str, typer.Option("--game", help=_("block or mexican-train."))] = "block",
    players: Annotated[
        int,
        typer.Option("--players", min=2, max=8, help=_("Players of Mexican Train, you included.")),
    ] = 4,
    scoring: ScoringOption = "winner",
) -> None:
    import random

    from kolo.games.domino import block

    if game == "mexican-train":
        _play_mexican(opponents, players, seed, scoring)
        return
    if game != "block":
        raise InvalidInput.one(
            N_("no game '{name}': choose block or mexican-train"), path="--game", name=game
        )

    for name in (partner, opponents):
        if name not in block.BOTS:
            raise InvalidInput.one(
                N_("no bot '{name}': choose {known}"),
                path="--partner",
                name=name,
                known=", ".join(block.BOTS),
            )
    rng = random.Random(seed)
    rules = block.BlockRules(target=target)
    seats: list[block.Bot | None] = [
        None,
        block.BOTS[opponents],
        block.BOTS[partner],
        block.BOTS[opponents],
    ]
    points = [0, 0]
    first_leader: int | None = None
    number = 0
    print(
        _(
            "You sit at seat 0. Your partner is seat 2, opposite you ({partner}); your "
            "opponents are seats 1 and 3 ({opponents}). Play passes 0, 1, 2, 3."
        ).format(partner=partner, opponents=opponents)
    )
    while max(points) < target:
        hand = block.new_hand(number, rng, first_leader)
        first_leader = hand.leader if first_leader is None else first_leader
        print(
            _("Hand {number}: {leader} leads.").format(
                number=number + 1, leader=_block_seat(hand.leader)
            )
        )
        while not hand.over:
            seat, bot = hand.turn, seats[hand.turn]
            move = _ask(hand) if bot is None else bot(hand, rng)
            hand.play(move)
            if bot is not None:
                what = hand.tiles.name(move.tile) if move.tile is not None else _("passes")
                print(_("{seat}: {what}").format(seat=_block_seat(seat), what=what))
        result = hand.result(rules)
        if result.winner is not None:
            points[result.winner] += result.points
        print(
            _("Pips left: your team {ours}, theirs {theirs}. Score: {us}–{them}.").format(
                ours=result.team_pips[0],
                theirs=result.team_pips[1],
                us=points[0],
                them=points[1],
            )
        )
        number += 1
        if one_hand:
            return
    print(
        _("Your team wins the match.")
        if points[0] > points[1]
        else _("The opponents win the match.")
    )


def _block_seat(seat: int) -> str:
    """A seat of the block game as you see it from seat 0: you, your partner, an opponent."""
    if seat == 0:
        return _("seat 0 (you)")
    if seat == 2:
        return _("seat 2 (your partner)")
    return _("seat {seat} (opponent)").format(seat=seat)


def _ask(hand: Hand) -> Move:
    """Your move, asked at the terminal (or read from standard input)."""
    from kolo.games.domino.block import LEFT, PASS

    moves = hand.legal()
    line = f"[{hand.left}…{hand.right}]" if hand.started else _("(empty)")
    tiles = ", ".join(hand.tiles.name(t) for t in hand.tiles.members(hand.hands[0]))
    print(_("Line {line}. Your tiles: {tiles}").format(line=line, tiles=tiles))
    if moves == [PASS]:
        print(_("Nothing fits: you pass."))
        return PASS
    for i, move in enumerate(moves, start=1):
        assert move.tile is not None
        side = _("left") if move.side == LEFT and hand.started else _("right")
        print(f"  {i}. {hand.tiles.name(move.tile)} {side if hand.started else ''}".rstrip())
    while True:
        answer = input(_("Your move (number): ")).strip()
        if answer.isdigit() and 1 <= int(answer) <= len(moves):
            return moves[int(answer) - 1]
        print(_("Give a number from 1 to {count}.").format(count=len(moves)))


def _play_mexican(opponents: str, players: int, seed: int, scoring: str) -> None:
    """A game of Cardinal Mexican Train: you at seat 0, bots at the other seats."""
    import random

    from kolo.games.domino import mexican

    if scoring not in mexican.SCORINGS:
        raise InvalidInput.one(
            N_("no scoring '{name}': choose {known}"),
            path="--scoring",
            name=scoring,
            known=", ".join(mexican.SCORINGS),
        )

    bots = {"random": mexican.random_player, "greedy": mexican.greedy_player}
    bots["strong"] = mexican.strong_player
    if opponents not in bots:
        raise InvalidInput.one(
            N_("no bot '{name}': choose {known}"),
            path="--opponents",
            name=opponents,
            known=", ".join(bots),
        )
    rng = random.Random(seed)
    game = mexican.new_game(players, rng, mexican.MexicanRules(scoring=scoring))
    while not game.over:
        seat = game.turn
        action = _ask_mexican(game) if seat == 0 else bots[opponents](game, rng)
        game.act(action)
        if seat != 0:
            if action.tile is None:
                what = _("draws") if action == mexican.DRAW else _("passes")
            else:
                what = game.tiles.name(action.tile)
            print(_("seat {seat}: {what}").format(seat=seat, what=what))
    scores = game.scores()
    if scoring == mexican.OWN:  # the fewest pips win
        won = scores[0] == min(scores) and scores.count(scores[0]) == 1
        print(_("Pips left (the fewest win): {scores}").format(scores=", ".join(map(str, scores))))
    else:
        won = scores[0] == max(scores) and scores[0] > 0
        print(_("Scores: {scores}").format(scores=", ".join(str(x) for x in scores)))
    print(_("You win.") if won else _("You do not win."))


def _ask_mexican(game: MexicanGame) -> Action:
    """Your action in Mexican Train, asked at the terminal."""
    from kolo.games.domino.mexican import DRAW, PUBLIC

    def train_name(index: int) -> str:
        if index >= len(game.trains):
            return _("a new train of yours")
        train = game.trains[index]
        owner = _("public") if train.owner == PUBLIC else _("seat {seat}").format(seat=train.owner)
        return _("train {n} ({owner}, at {free})").format(n=index + 1, owner=owner, free=train.free)

    tiles = ", ".join(game.tiles.name(t) for t in game.tiles.members(game.hands[0]))
    print(_("Your tiles: {tiles}").format(tiles=tiles))
    found = game.legal()
    if len(found) == 1 and found[0].tile is None:
        print(_("Nothing fits: you draw.") if found[0] == DRAW else _("Nothing fits: you pass."))
        return found[0]
    for i, action in enumerate(found, start=1):
        assert action.tile is not None
        print(f"  {i}. {game.tiles.name(action.tile)} → {train_name(action.train)}")
    while True:
        answer = input(_("Your move (number): ")).strip()
        if answer.isdigit() and 1 <= int(answer) <= len(found):
            return found[int(answer) - 1]
        print(_("Give a number from 1 to {count}.").format(count=len(found)))
