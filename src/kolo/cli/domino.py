"""``kolo domino``: simulate many matches of domino between bots (docs/domino.md)."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from kolo.cli.app import app
from kolo.cli.output import print_json, table
from kolo.core.problems import N_, InvalidInput
from kolo.i18n import _

domino_app = typer.Typer(
    help=_("Domino: simulate matches between bots (the block game, Mexican Train)."),
    no_args_is_help=True,
)
app.add_typer(domino_app, name="domino")


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
    seed: Annotated[int, typer.Option("--seed", help=_("Seed of the whole run."))] = 1,
    target: Annotated[
        int, typer.Option("--target", min=1, max=10_000, help=_("Points that end a match."))
    ] = 100,
    workers: Annotated[
        int, typer.Option("--workers", min=1, max=256, help=_("Processes to use."))
    ] = 1,
    as_json: Annotated[bool, typer.Option("--json", help=_("Print JSON."))] = False,
) -> None:
    from kolo.games.domino.simulate import simulate

    names = [b.strip() for b in bots.split(",") if b.strip()]

    def progress(done: int) -> None:
        if sys.stderr.isatty():
            print(f"\r{done}/{matches}", end="", file=sys.stderr, flush=True)

    try:
        summary = simulate(game, names, matches, seed, target, workers, progress)
    except ValueError as error:
        raise InvalidInput.one(N_("{reason}"), path="--bots", reason=str(error)) from None
    if sys.stderr.isatty():
        print(file=sys.stderr)
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
    rows = [
        [
            side,
            str(w["wins"]),
            f"{100 * w['rate']:.1f} %",
            f"{100 * w['interval'][0]:.1f}–{100 * w['interval'][1]:.1f} %",
        ]
        for side, w in zip(sides, wins, strict=True)
    ]
    print(table([_("Side"), _("Wins"), _("Rate"), _("95 % interval")], rows, right=[1, 2]))
    print(
        _(
            "{matches} matches, {hands} hands, {points:.1f} points a hand, "
            "{speed:,.0f} games a second"
        ).format(
            matches=report["matches"],
            hands=report["hands"],
            points=report["points_per_hand"],
            speed=report["games_per_second"],
        )
    )
