"""Commands that read an event file and touch no database: validate, check, standings, schema."""

from __future__ import annotations

import json
import zlib
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from kolo import i18n
from kolo.cli.app import app, state
from kolo.cli.output import print_json, show_problems
from kolo.core.problems import N_, InvalidInput
from kolo.display import table
from kolo.i18n import _

if TYPE_CHECKING:
    from kolo.core.event import Event
    from kolo.pairing.engine import Proposal

FileArg = Annotated[Path, typer.Argument(help=_("A kolo-event/1 file."), show_default=False)]


def load_file(path: Path) -> Event:
    """Read and validate an event file; problems are reported with the file's name."""
    from kolo.eventfile import reader

    try:
        return reader.load(path)
    except InvalidInput as error:
        show_problems(error.problems, source=str(path))
        raise typer.Exit(2) from None


@app.command(
    help=_(
        "Check an event file: nothing printed and exit 0 when valid, else one line per problem "
        "(JSON path and reason) and exit 2."
    )
)
def validate(file: FileArg) -> None:
    load_file(file)


@app.command(
    help=_(
        "Check every round of an event file against the hard rules of pairing (everyone seated "
        "once, table sizes, no repeated three, the smaller tables at the bottom)."
    )
)
def check(file: FileArg) -> None:
    from kolo.games import rulesets
    from kolo.pairing.checker import check_all_rounds

    event = load_file(file)
    ruleset = rulesets.get(event.ruleset)
    settings = ruleset.settings(event.settings)
    problems = check_all_rounds(event, ruleset, settings)
    if problems:
        show_problems(problems, source=str(file))
        raise typer.Exit(2)
    print(
        _("every round obeys the hard rules (rounds checked: {count})").format(
            count=len(event.rounds)
        )
    )


@app.command(
    "rulesets",
    help=_(
        "List the rule sets, one line each: name, game, what it is; kolo rulesets NAME shows "
        "one rule set's settings and defaults."
    ),
)
def rulesets_command(
    name: Annotated[
        str | None,
        typer.Argument(
            metavar="NAME",
            help=_("A rule set's name: show its settings and defaults."),
            show_default=False,
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help=_("Print JSON."))] = False,
) -> None:
    from kolo.games import rulesets

    if name is not None and name not in rulesets.REGISTRY:
        raise InvalidInput.one(
            N_("unknown rule set '{ruleset}'; known: {known}"),
            path="NAME",
            ruleset=name,
            known=", ".join(rulesets.REGISTRY),
        )
    chosen = [rulesets.get(name)] if name is not None else list(rulesets.REGISTRY.values())
    if as_json:
        print_json({rs.id: {"title": rs.title, "settings": dict(rs.defaults)} for rs in chosen})
        return
    if name is None:
        rows = [(rs.id, rs.game, _(rs.title)) for rs in chosen]
        print(table([_("Rule set"), _("Game"), _("What it is")], rows))
        return
    for rs in chosen:
        print(f"{rs.id}: {_(rs.title)}")
        for setting, value in rs.defaults.items():
            spec = rs.defaults.specs[setting]
            print(f"    {setting} = {json.dumps(value)}  ({spec.rule}) {_(spec.help)}")


@app.command(help=_("Print the JSON Schema of the kolo-event/1 format."))
def schema() -> None:
    from kolo.eventfile.schema import json_schema

    print_json(json_schema())


@app.command(
    help=_(
        "Standings after the complete rounds: tournament points, then the rule set's tie-breaks "
        "(R-STAND-1..3)."
    )
)
def standings(
    target: Annotated[
        str,
        typer.Argument(
            help=_("An event file, or the key of an event in the store."), show_default=False
        ),
    ],
    as_json: Annotated[bool, typer.Option("--json", help=_("Print JSON."))] = False,
    after_round: Annotated[
        int | None,
        typer.Option(
            "--after-round",
            min=1,
            help=_("Standings after this round (default: the last complete one)."),
        ),
    ] = None,
) -> None:
    from kolo.core import knockout
    from kolo.core.standings import compute
    from kolo.eventfile.standings import standings_document
    from kolo.games import rulesets
    from kolo.report.standings import knockout_text, standings_text

    path = Path(target)
    if path.suffix.lower() == ".json" or path.is_file():
        event = load_file(path)
    else:
        from kolo.web import bootstrap

        bootstrap.setup(state.db, create=False)
        from kolo.store import api as store

        event = store.to_core(store.find_event(target))
    ruleset = rulesets.get(event.ruleset)
    settings = ruleset.settings(event.settings)
    result = compute(event, ruleset, settings, after_round)
    if after_round is not None and result.after_round != after_round:
        raise InvalidInput.one(
            N_("round {round} is not complete; standings exist after rounds 1 to {last}")
            if result.after_round
            else N_("round {round} is not complete; no round is complete yet"),
            path="--after-round",
            round=after_round,
            last=compute(event, ruleset, settings).after_round,
        )
    if as_json:
        print_json(standings_document(result, ruleset, event, settings))
    else:
        print(standings_text(event, result, ruleset, _, i18n.language(), through_round=after_round))
        if knockout.is_knockout(ruleset):
            print(knockout_text(event, ruleset, settings, _, i18n.language()))


def parse_json_value(text: str) -> Any:
    """A setting's value from the command line: JSON (``6``, ``true``, ``{"a": 1}``) or text."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError):  # not JSON (also 5,000 digits or absurd nesting)
        return text


TimeLimitOption = Annotated[
    float | None,
    typer.Option(
        "--time-limit",
        min=0.1,
        help=_(
            "Work budget of the search, in work seconds (about seconds on the "
            "project's machine; the same on any machine); default: the setting."
        ),
    ),
]
"""The pairing search's work budget, as every command that pairs takes it."""

RelaxOption = Annotated[
    list[str] | None,
    typer.Option(
        "--relax",
        help=_(
            "Relax a hard rule as little as possible when no pairing obeys it: R-GORN-4 "
            "(repeated three, repeated table of two) or R-GORN-6 (smaller tables, bye)."
        ),
    ),
]


def check_relax(relax: list[str] | None) -> list[str]:
    """The rules to relax, each one kolo knows how to relax."""
    chosen = relax or []
    for rule in chosen:
        if rule not in ("R-GORN-4", "R-GORN-6"):
            raise InvalidInput.one(
                N_("only R-GORN-4 and R-GORN-6 can be relaxed, not {rule}"),
                path="--relax",
                rule=rule,
            )
    return chosen


def default_seed(event: Event, round_number: int) -> int:
    """A seed fixed by the event and the round, so the same file always pairs alike."""
    return zlib.crc32(f"{event.name}\x00{round_number}".encode())


def number(value: Fraction | int) -> int | float:
    """A cost for JSON: whole numbers as integers."""
    value = Fraction(value)
    return int(value) if value.denominator == 1 else float(value)


def proposal_document(proposal: Proposal) -> dict[str, Any]:
    """The ``kolo pair --json`` document (EVENT-FORMAT.md)."""
    costs = {name: number(v) for name, v in proposal.costs.items()}
    costs["total"] = number(proposal.total)
    document: dict[str, Any] = {
        "round": proposal.round_number,
        "seed": proposal.seed,
        "tables": [
            {
                "number": t.number,
                **({"group": t.group} if t.group else {}),
                "seats": list(t.seats),
                "cost": {**{n: number(v) for n, v in t.costs.items()}, "total": number(t.total)},
            }
            for t in proposal.tables
        ],
        "byes": list(proposal.byes),
        "cost": costs,
        "optimal": proposal.optimal,
        "bound": number(proposal.bound) if proposal.bound is not None else None,
        "gap": float(proposal.gap) if proposal.gap is not None else None,
        "method": proposal.method,
        "relaxed": list(proposal.relaxed),
        "slice_guard": (
            {
                **{name: number(value) for name, value in proposal.guard.items()},
                "unguarded_cost": number(proposal.unguarded),
                "scope": proposal.guard_scope,
            }
            if proposal.guard is not None and proposal.unguarded is not None
            else None
        ),
        "repeats_first": (
            {"repeated": proposal.repeats, "unavoidable": proposal.repeats_unavoidable}
            if proposal.repeats is not None
            else None
        ),
        "solve_seconds": round(proposal.seconds, 3),
        "work_budget": proposal.budget,
        "safety_stop": proposal.clock_stopped,
    }
    if proposal.stage is not None:
        document["stage"] = proposal.stage
        document["field"] = [
            {"entrant": entrant, "seed": seed, "why": why} for entrant, seed, why in proposal.field
        ]
    return document


@app.command(
    help=_(
        "Propose the tables of the next round from the complete rounds of an event file "
        "(R-GORN-*): table 1 at the top, players in seat order, each table's cost."
    )
)
def pair(
    file: FileArg,
    as_json: Annotated[bool, typer.Option("--json", help=_("Print JSON."))] = False,
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed", help=_("Seed of the round's random choices (default: from the file).")
        ),
    ] = None,
    time_limit: TimeLimitOption = None,
    relax: RelaxOption = None,
) -> None:
    from kolo.changes.rounds import refuse_next_round
    from kolo.core.standings import complete_rounds
    from kolo.games import rulesets
    from kolo.pairing.engine import propose
    from kolo.report.proposal import proposal_text

    event = load_file(file)
    ruleset = rulesets.get(event.ruleset)
    settings = ruleset.settings(event.settings)
    done = complete_rounds(event, ruleset, settings)
    event = replace(event, rounds=done)
    number_ = refuse_next_round(
        event, limit=ruleset.max_rounds(settings), path=str(file), rounds_close=False
    )
    proposal = propose(
        event,
        ruleset,
        settings,
        seed=seed if seed is not None else default_seed(event, number_),
        time_limit=time_limit,
        relax=check_relax(relax),
    )
    if as_json:
        print_json(proposal_document(proposal))
    else:
        print(proposal_text(event, proposal, _, i18n.language()))
