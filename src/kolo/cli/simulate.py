"""``kolo simulate``: how good a format is — many whole events played by simulated players
through the real pairing engine and standings (docs/formats.md)."""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer

from kolo.cli.app import app
from kolo.cli.output import print_json, table
from kolo.cli.running import SeedOption, WorkersOption, simulating
from kolo.core.problems import N_, InvalidInput
from kolo.games import registry
from kolo.i18n import _
from kolo.simulation import gorn_of_three

DEFAULT_RULESET = gorn_of_three()
"""The rule set a study plays unless told: the first rule set kolo lists that plays gorn at
tables of three (the format docs/formats.md studies first)."""


def _games_with_bots() -> str:
    """The games a study can play with their bots (``kolo.games.base.Game.bots``), by name in
    the language in use."""
    return "; ".join(_(game.title) for game in registry.GAMES.values() if game.bots is not None)


def _settings(pairs: list[str]) -> dict[str, Any]:
    """``KEY=VALUE`` pairs, each value read as JSON where it is JSON (else as text)."""
    chosen: dict[str, Any] = {}
    for pair in pairs:
        key, sign, value = pair.partition("=")
        if not sign or not key.strip():
            raise InvalidInput.one(
                N_("'{pair}': expected KEY=VALUE, e.g. slice_guard=false"), path="--set", pair=pair
            )
        try:
            chosen[key.strip()] = json.loads(value)
        except json.JSONDecodeError:
            chosen[key.strip()] = value
    return chosen


def _cluster(address: str) -> Any:
    """A Dask client of the scheduler at ``address`` (the ``[distributed]`` extra)."""
    try:
        from distributed import Client as _Client
    except ImportError:
        raise InvalidInput.one(
            N_("--scheduler needs Dask: pip install 'kolo[distributed]'"), path="--scheduler"
        ) from None
    try:
        client: Any = _Client  # Dask's Client is untyped; kolo's mypy may run without Dask
        return client(address, timeout=10)
    except (OSError, TimeoutError, ValueError) as error:
        raise InvalidInput.one(
            N_("cannot reach the Dask scheduler at {address}: {reason}"),
            path="--scheduler",
            address=address,
            reason=str(error),
        ) from None


def _tops(text: str) -> tuple[int, ...]:
    try:
        tops = tuple(int(part) for part in text.split(",") if part.strip())
    except ValueError:
        tops = ()
    if not tops:
        raise InvalidInput.one(N_("--top: expected numbers separated by commas, e.g. 3,8"))
    return tops


@app.command(
    help=_(
        "How good a format is: play many whole events with simulated players through the real "
        "pairing engine and standings (knockouts and brackets included) and print how often "
        "the strongest player wins, how often the k strongest finish in the top k, the rank "
        "correlation (Kendall τ) between strength and standings, repeated meetings and who "
        "gets the smaller tables, with 95 % intervals; the same figures whatever --workers."
    )
)
def simulate(
    ruleset: Annotated[
        str, typer.Option("--ruleset", help=_("Rule set (kolo rulesets lists them)."))
    ] = DEFAULT_RULESET,
    players: Annotated[
        int, typer.Option("--players", min=2, max=1000, help=_("Entrants in each event."))
    ] = 30,
    rounds: Annotated[
        int | None,
        typer.Option(
            "--rounds",
            min=1,
            max=50,
            help=_("Swiss rounds (default: the rule set's; knockouts have none)."),
        ),
    ] = None,
    events: Annotated[
        int, typer.Option("--events", min=1, max=1_000_000, help=_("Events to simulate."))
    ] = 200,
    seed: SeedOption = 1,
    workers: WorkersOption = 0,
    model: Annotated[
        str,
        typer.Option(
            "--model",
            help=_(
                "The players' model: skill (hidden normal skills; a game's points are 32 + "
                "9 × skill + noise of spread 7), its figures settable as "
                "skill:noise=14,per_skill=9; or bots (the game's engine, the strongest third "
                "playing its strongest bot, the middle third the middling one, the rest the "
                "weakest), for the games that have bots: {games}."
            ).format(games=_games_with_bots()),
        ),
    ] = "skill",
    settings: Annotated[
        list[str] | None,
        typer.Option(
            "--set",
            metavar="KEY=VALUE",
            help=_(
                "A setting of the rule set for every event, e.g. slice_guard=false or "
                "weights='{\"repeat_pairs\": 1}' (repeat the option for more)."
            ),
        ),
    ] = None,
    time_limit: Annotated[
        float,
        typer.Option(
            "--time-limit",
            min=0.01,
            max=600,
            help=_("The pairing engine's work budget per round, in work seconds."),
        ),
    ] = 0.5,
    top: Annotated[
        str,
        typer.Option("--top", help=_("The k of 'the k strongest finish in the top k' (e.g. 3,8).")),
    ] = "3",
    scheduler: Annotated[
        str | None,
        typer.Option(
            "--scheduler",
            metavar="ADDRESS",
            help=_(
                "Run the events on a Dask cluster: its scheduler's address, e.g. "
                "tcp://10.0.0.5:8786 (needs the extra: pip install 'kolo[distributed]'); "
                "the same figures as on this machine."
            ),
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help=_("Print JSON."))] = False,
) -> None:
    from kolo.science.study import check, parse_model, run, study_of

    study = study_of(
        ruleset,
        players,
        rounds,
        _settings(settings or []),
        parse_model(model),
        time_limit,
        _tops(top),
    )
    check(study)
    if scheduler:
        with _cluster(scheduler) as client:
            summary = simulating(
                events,
                _("Simulating events"),
                workers,
                lambda w, p: run(study, events, seed, w, p, executor=client),
            )
    else:
        summary = simulating(
            events, _("Simulating events"), workers, lambda w, p: run(study, events, seed, w, p)
        )
    report = summary.report()
    if as_json:
        print_json(report)
        return
    _print(report)


def _print(report: dict[str, Any]) -> None:
    from kolo import display, i18n

    lang = i18n.language()

    def pct(figure: dict[str, float]) -> list[str]:
        return [
            display.rate(figure["value"], 1, lang),
            display.rate(figure["low"], 1, lang) + "–" + display.rate(figure["high"], 1, lang),
        ]

    def num(figure: dict[str, float], places: int = 2) -> list[str]:
        return [
            display.decimal(figure["value"], places, lang),
            display.decimal(figure["low"], places, lang)
            + "–"
            + display.decimal(figure["high"], places, lang),
        ]

    rows = [[_("The strongest player wins"), *pct(report["strongest_wins"])]]
    for k, figure in report["top"].items():
        rows.append([_("The {k} strongest finish in the top {k}").format(k=k), *pct(figure)])
    rows += [
        [_("Kendall τ between strength and standings"), *num(report["kendall_tau"])],
        [_("The strongest player's place (mean)"), *num(report["strongest_rank"])],
        [
            _("The winner's strength rank (mean; 1 = the strongest)"),
            *num(report["winner_strength"]),
        ],
        [_("Repeated meetings per event"), *num(report["repeated_meetings"])],
    ]
    small = report["smaller_tables"]
    for key, label in (
        ("strongest", N_("Smaller tables or byes per player: the strongest third")),
        ("middle", N_("Smaller tables or byes per player: the middle third")),
        ("weakest", N_("Smaller tables or byes per player: the weakest third")),
    ):
        rows.append([_(label), *num(small[key])])
    rows.append(
        [
            _("Players at a smaller table (or a bye) twice or more"),
            *num(report["smaller_tables_twice"]),
        ]
    )
    print(
        _("{ruleset}, {players} players, {rounds} — {events} events, seed {seed}").format(
            ruleset=report["ruleset"],
            players=report["players"],
            rounds=_("{n} rounds").format(n=report["rounds"])
            if report["rounds"] is not None
            else _("the rule set's rounds"),
            events=report["events"],
            seed=report["seed"],
        )
    )
    print(table([_("Figure"), _("Value"), _("95 % interval")], rows, right=[1]))
    if report["unplayable"]:
        stuck = ", ".join(f"{rule}: {count}" for rule, count in report["unplayable"].items())
        print(
            _("Events no pairing could continue (left out of the figures): {list}").format(
                list=stuck
            )
        )
    timing = report["timing"]
    print(
        _(
            "{pairings} rounds searched, {proved} proved optimal; {speed} events a second on "
            "{workers} ({per} s a round paired)."
        ).format(
            pairings=display.whole(report["pairings"], lang),
            proved=display.whole(report["proved_optimal"], lang),
            speed=display.decimal(timing["events_per_second"], 2, lang),
            workers=_("{n} workers").format(n=timing["workers"])
            if timing["workers"]
            else _("the cluster"),
            per=display.decimal(timing["seconds_per_round_paired"], 3, lang),
        )
    )
