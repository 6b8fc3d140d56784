"""``kolo dominion draws``: the championship's draws measured — how unbalanced the kingdoms
its Basic and Extended draws give are, against kingdoms drawn at random from the same pool
(``kolo.games.dominion.drawstudy``, docs/dominion.md)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from kolo import display, i18n
from kolo.cli.dominion.play import JsonOption, dominion_app
from kolo.cli.output import print_json, table
from kolo.cli.running import SeedOption, WorkersOption, simulating
from kolo.core.problems import N_, InvalidInput
from kolo.i18n import _


def _pct(value: float, lang: str) -> str:
    return display.rate(value, 1, lang)


def _interval(rate: dict[str, Any], lang: str) -> str:
    low, high = rate["interval"]
    return _pct(low, lang) + "–" + _pct(high, lang)


@dominion_app.command(
    "draws",
    help=_(
        "The championship's draws measured: many rounds drawn (Basic and Extended draws, the "
        "draft by random picks, Colonies and Shelters as drawn) and every kingdom played by "
        "bots — the first seat's advantage, the most dominant single card, game length, the "
        "share of unbalanced kingdoms, with 95 % intervals, against kingdoms drawn at random "
        "from the same pool. The same figures whatever --workers."
    ),
)
def draws_command(
    rounds: Annotated[
        int, typer.Option("--rounds", min=1, max=100_000, help=_("Rounds to draw."))
    ] = 40,  # drawstudy.ROUNDS: the engine loads when the command runs, not at start
    games: Annotated[
        int,
        typer.Option("--games", min=2, max=100_000, help=_("Games of each kind on every kingdom.")),
    ] = 60,  # drawstudy.GAMES
    seed: SeedOption = 1,
    workers: WorkersOption = 0,
    pool: Annotated[
        Path | None,
        typer.Option("--pool", help=_("A pool file (JSON) instead of the championship pool.")),
    ] = None,
    plot: Annotated[
        Path | None,
        typer.Option("--plot", help=_("Also draw the figures as an SVG file.")),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    from kolo.cli.dominion.cards import _pool_file
    from kolo.games.dominion import drawstudy
    from kolo.games.dominion.pools import championship

    chosen = _pool_file(pool) if pool else championship()
    studied = drawstudy.stand_in(chosen)
    if studied is not chosen and as_json:  # the text output says it itself
        print(
            _(
                "kolo's engine does not play {count} of the pool's cards yet: the study draws "
                "from a stand-in of the cards it plays ({cards} cards)."
            ).format(
                count=len(drawstudy.unplayable(chosen.all_cards())), cards=len(studied.all_cards())
            ),
            file=sys.stderr,
        )
    result = simulating(
        drawstudy.kingdom_count(rounds),
        _("Weighing kingdoms"),
        workers,
        lambda w, p: drawstudy.study(chosen, rounds, games, seed, w, p),
    )
    if plot is not None:
        from kolo.games.dominion.drawplot import svg

        try:
            plot.write_text(svg(result, _labels()), encoding="utf-8")
        except OSError as error:
            raise InvalidInput.one(
                N_("cannot write the file: {reason}"), path="--plot", reason=error.strerror
            ) from None
    if as_json:
        print_json(result)
        return
    _print(result)


def _names() -> dict[str, str]:
    return {
        "basic": _("Basic draw"),
        "extended": _("Extended draw"),
        "uniform": _("Ten at random"),
        "drawn": _("Both draws"),
    }


def _labels() -> dict[str, str]:
    return {
        **_names(),
        "first": _("First seat's win rate, two equal bots (95 % interval; dashed: even)"),
        "dominance": _("The dominant card's bot against the next strongest card's bot"),
        "unbalanced": _("Unbalanced kingdoms (95 % interval)"),
        "turns": _("Game length: the first player's turns (mean; 90 % of games)"),
        "points": _("Every kingdom"),
        "across": _("across: the first seat's win rate"),
        "down": _("up: the dominant card's win rate"),
        "shaded": _("shaded: unbalanced"),
    }


def _print(result: dict[str, Any]) -> None:
    from kolo.games.dominion.cards import load

    lang = i18n.language()
    names = _names()
    print(
        _(
            "{rounds} rounds drawn, {kingdoms} kingdoms, {games} games of each kind on each "
            "(two players)."
        ).format(rounds=result["rounds"], kingdoms=len(result["kingdoms"]), games=result["games"])
    )
    if result["stand_in"]:
        print(
            _("Stand-in pool: kolo's engine does not play these cards yet: {cards}.").format(
                cards=", ".join(load().card(c).name(lang) for c in result["left_out"])
            )
        )
    rows = []
    for key in ("basic", "extended", "uniform"):
        k = result["kinds"][key]
        rows.append(
            [
                names[key],
                str(k["kingdoms"]),
                _pct(k["first_seat"]["rate"], lang) + " (" + _interval(k["first_seat"], lang) + ")",
                _pct(k["dominant_vs_rival"]["rate"], lang)
                + " ("
                + _interval(k["dominant_vs_rival"], lang)
                + ")",
                _pct(k["unbalanced"]["rate"], lang) + " (" + _interval(k["unbalanced"], lang) + ")",
                display.decimal(k["turns"]["mean"], 1, lang),
            ]
        )
    print(
        table(
            [
                _("Kingdoms"),
                _("Count"),
                _("First seat wins"),
                _("Dominant card wins"),
                _("Unbalanced"),
                _("Turns"),
            ],
            rows,
            right=[1, 5],
        )
    )
    limits = result["limits"]
    print(
        _(
            "Unbalanced: the first seat wins {seat} points more or less than half, or Big Money "
            "with the kingdom's dominant card wins more than {dominance} against Big Money with "
            "its next strongest card."
        ).format(seat=round(limits["seat"] * 100), dominance=_pct(limits["dominance"], lang))
    )
    for key in ("basic", "extended", "drawn"):
        diff = result["unbalanced_vs_uniform"][key]
        low, high = diff["interval"]
        print(
            _(
                "{kind} against ten at random: {value} points of unbalanced kingdoms "
                "(95 % interval {low} to {high})."
            ).format(
                kind=names[key],
                value=display.decimal(diff["value"] * 100, 1, lang),
                low=display.decimal(low * 100, 1, lang),
                high=display.decimal(high * 100, 1, lang),
            )
        )
    usual = result["usual"]
    print(
        _(
            "Usual balance of drawn kingdoms (19 in 20): the first seat wins {low} to {high}; "
            "the dominant card wins at most {dominance} against its rival."
        ).format(
            low=_pct(usual["first_low"], lang),
            high=_pct(usual["first_high"], lang),
            dominance=_pct(usual["dominance"], lang),
        )
    )
