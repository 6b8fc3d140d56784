"""Commands that read an event file and touch no database: validate, check, standings, schema."""

from __future__ import annotations

import json
import zlib
from collections.abc import Mapping
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from kolo import i18n
from kolo.cli.app import app, state
from kolo.cli.output import print_json, show_problems, table
from kolo.core.problems import N_, InvalidInput
from kolo.core.settings import Settings
from kolo.i18n import _

if TYPE_CHECKING:
    from kolo.core import rulesets
    from kolo.core.event import Event
    from kolo.core.standings import Row, Standings


if TYPE_CHECKING:
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
    from kolo.core import rulesets
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
    from kolo.core import rulesets
    from kolo.core.settings import SPECS

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
            spec = SPECS[setting]
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
    from kolo.core import knockout, rulesets
    from kolo.core.standings import compute
    from kolo.eventfile.standings import standings_document

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
        print(standings_text(event, result, ruleset, through_round=after_round))
        if knockout.is_knockout(ruleset):
            print(knockout_text(event, ruleset, settings))


def standing_cell(row: Row, column: str, lang: str) -> str:
    """One of a standings row's columns after its points, for people."""
    from kolo import display

    if column in ("success", "shares"):
        return display.percent(row.success, lang)
    if column == "buchholz":
        return display.points(row.buchholz, lang) if row.buchholz is not None else ""
    value = row.game_score if column == "game_score" else row.score_difference
    return "" if value is None else str(value)


def standings_text(
    event: Event,
    result: Standings,
    ruleset: rulesets.RuleSet,
    *,
    through_round: int | None = None,
) -> str:
    """The standings as an aligned table for people (a knockout's with the stage reached, a
    bracket's after the Swiss rounds with how far each team got: the standings
    ``through_round`` when given)."""
    from kolo import display
    from kolo.core import knockout
    from kolo.report.standings import BRACKET_NOTE
    from kolo.report.standings import bracket_reached as report_reached
    from kolo.report.standings import columns as report_columns

    lang = i18n.language()
    stages: dict[str, str] = {}
    if knockout.is_knockout(ruleset):
        stages = knockout.reached(
            event,
            event.rounds[: result.after_round],
            ruleset,
            ruleset.settings(event.settings),
        )
    cut = event
    if through_round is not None:
        cut = replace(event, rounds=tuple(r for r in event.rounds if r.number <= through_round))
    reached = report_reached(cut, ruleset, ruleset.settings(event.settings))
    shown = report_columns(ruleset, bracket=reached is not None)
    words = {
        "success": _("Success"),
        "shares": _("Shares"),
        "game_score": _("Game points"),
        "buchholz": _("Buchholz"),
        "score_difference": _("Score diff."),
    }
    headers = [
        _("Place"),
        _("Name"),
        *([_("Reached")] if stages else []),
        *([_("Bracket")] if reached is not None else []),
        _("Points"),
        *(words[c] for c in shown.order),
        _("Games"),
    ]
    rows = []
    for row in result.rows:
        cells = [display.rank(row), row.entrant.name]
        if stages:
            cells.append(_(knockout.STAGE_NAMES.get(stages.get(row.entrant.id, ""), "–")))
        if reached is not None:
            found = reached.get(row.entrant.id)
            cells.append(found.text(_) if found is not None else "–")
        cells.append(display.points(row.points, lang))
        cells += [standing_cell(row, c, lang) for c in shown.order]
        cells.append(str(row.games))
        cells.append(_("(dropped)") if row.dropped else "")
        rows.append(cells)
    title = (
        _("{event} – standings after round {round}").format(
            event=event.name, round=result.after_round
        )
        if result.after_round
        else _("{event} – no round is complete yet").format(event=event.name)
    )
    first_number = 2 + (1 if stages else 0) + (1 if reached is not None else 0)
    right = set(range(first_number, len(headers)))
    text = title + "\n\n" + table([*headers, ""], rows, right=sorted(right))
    if reached is not None:
        text += "\n\n" + _(BRACKET_NOTE)
    return text


def knockout_text(event: Event, ruleset: rulesets.RuleSet, settings: Settings) -> str:
    """The group tables and the bracket of a knockout event, for people."""
    from kolo import display
    from kolo.core import knockout

    lang = i18n.language()
    names = {e.id: e.name for e in event.entrants}
    parts: list[str] = []
    for group in knockout.group_tables(event, ruleset, settings):
        rows = [
            [
                f"{r.rank}.",
                names[r.entrant],
                display.points(r.points, lang),
                str(r.score),
                display.percent(r.shares, lang),
                _("seed {seed}").format(seed=r.seed) if r.seed else "",
            ]
            for r in group.rows
        ]
        headers = [_("Place"), _("Name"), _("Points"), _("Game points"), _("Shares"), ""]
        parts.append(
            _("Group {group}").format(group=group.group)
            + "\n"
            + table(headers, rows, right=[2, 3, 4])
        )
    for stage in knockout.bracket(event, ruleset, settings):
        lines = [
            _("Round {round}: {stage}").format(
                round=stage.number, stage=_(knockout.STAGE_NAMES.get(stage.stage, stage.stage))
            )
        ]
        for t in stage.tables:
            players = []
            for s in t.seats:
                text = names[s.entrant]
                if s.score is not None:
                    text += f" {s.score}"
                if s.advanced:
                    text += " ✓"
                players.append(text)
            lines.append(
                "  " + _("Table {number}").format(number=t.number) + ": " + ", ".join(players)
            )
        parts.append("\n".join(lines))
    return "\n\n".join(["", *parts]) if parts else ""


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
    from kolo.core import rulesets
    from kolo.core.standings import complete_rounds
    from kolo.pairing.engine import propose

    event = load_file(file)
    ruleset = rulesets.get(event.ruleset)
    settings = ruleset.settings(event.settings)
    done = complete_rounds(event, ruleset, settings)
    event = replace(event, rounds=done)
    limit = ruleset.max_rounds(settings)
    if limit is not None and len(done) >= limit:
        raise InvalidInput.one(
            N_("all {rounds} rounds are played (change the setting 'rounds' to play more)"),
            path=str(file),
            rounds=limit,
        )
    number_ = len(done) + 1
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
        print(proposal_text(event, proposal))


def knockout_proposal_text(names: Mapping[str, str], proposal: Proposal) -> str:
    """A knockout round for people: the stage, each table (group) with seeds, the field."""
    from kolo.core import knockout

    seeds = {entrant: (seed, why) for entrant, seed, why in proposal.field}
    stage = _(knockout.STAGE_NAMES.get(proposal.stage or "", proposal.stage or ""))
    lines = [_("Round {round}: {stage}").format(round=proposal.round_number, stage=stage)]
    rows = []
    seeded = proposal.method != "draw"
    for t in proposal.tables:
        label = _("Group {group}").format(group=t.group) if t.group else str(t.number)
        who = ", ".join(
            f"{names[p]} ({p}{', #' + str(seeds[p][0]) if seeded else ''})" for p in t.seats
        )
        rows.append([label, who])
    lines.append(table([_("Table"), _("Players in seat order")], rows))
    lots = [names[e] for e, _seed, why in proposal.field if why == "through by lot"]
    if lots:
        lines.append(
            _("Tied in everything at their table, went through by lot: {names}").format(
                names=", ".join(lots)
            )
        )
    if not seeded:
        lines.append(_("Drawn at random (seed {seed}).").format(seed=proposal.seed))
    elif proposal.round_number == 1:
        lines.append(
            _(
                "Snake-seeded in the order of entry or by rating (#1 first); seat order drawn "
                "(seed {seed})."
            ).format(seed=proposal.seed)
        )
    else:
        lines.append(
            _(
                "Snake-seeded by the results (#1 is the best seed); seat order drawn (seed {seed})."
            ).format(seed=proposal.seed)
        )
    return "\n".join(lines)


def proposal_text(event: Event, proposal: Proposal) -> str:
    """A proposal for people: tables with names and costs, the totals, optimality."""
    from kolo import display
    from kolo.report.explanation import criteria as cost_criteria
    from kolo.report.explanation import repeats_words

    lang = i18n.language()
    names = {e.id: e.name for e in event.entrants}
    if proposal.stage is not None:
        return knockout_proposal_text(names, proposal)
    lines = [_("Round {round}").format(round=proposal.round_number)]
    criteria = [name for name, _value in cost_criteria(proposal.costs)] or ["score_spread"]
    rows = []
    for t in proposal.tables:
        who = ", ".join(f"{names[p]} ({p})" for p in t.seats)
        rows.append(
            [str(t.number), who, *(display.points(Fraction(t.costs[c]), lang) for c in criteria)]
        )
    lines.append(
        table(
            [_("Table"), _("Players in seat order"), *criteria],
            rows,
            right=list(range(2, 2 + len(criteria))),
        )
    )
    if proposal.byes:
        lines.append(_("Byes: {names}").format(names=", ".join(names[b] for b in proposal.byes)))
    total = display.points(proposal.total, lang)
    parts = ", ".join(f"{c} {display.points(v, lang)}" for c, v in cost_criteria(proposal.costs))
    lines.append(_("Cost: {total} ({parts})").format(total=total, parts=parts or "0"))
    if proposal.method == "random":
        lines.append(_("Round 1 is drawn at random (seed {seed}).").format(seed=proposal.seed))
    elif proposal.optimal and proposal.guard is not None:
        lines.append(
            _("Optimal: no cheaper pairing keeps within the slice guard ({seconds} s).").format(
                seconds=display.decimal(proposal.seconds, 2, lang)
            )
        )
    elif proposal.optimal and proposal.repeats:
        lines.append(
            _("Optimal: no cheaper pairing has as few repeated meetings ({seconds} s).").format(
                seconds=display.decimal(proposal.seconds, 2, lang)
            )
        )
    elif proposal.optimal:
        lines.append(
            _("Optimal: no cheaper pairing exists ({seconds} s).").format(
                seconds=display.decimal(proposal.seconds, 2, lang)
            )
        )
    else:
        gap = proposal.gap
        lines.append(
            _("Best found in {seconds} s; at most {gap} above the optimum.").format(
                seconds=display.decimal(proposal.seconds, 2, lang),
                gap=display.percent(gap, lang),
            )
            if gap is not None
            else _("Best found in {seconds} s (no bound proved).").format(
                seconds=display.decimal(proposal.seconds, 2, lang)
            )
        )
    repeats = repeats_words(proposal.repeats, proposal.repeats_unavoidable)
    if repeats is not None:
        lines.append(_(repeats).format(count=proposal.repeats))
    if proposal.clock_stopped:
        lines.append(
            _(
                "The wall-clock safety stop ended the search before its work budget: "
                "on another machine the same file and seed may give other tables."
            )
        )
    if proposal.guard is not None and proposal.unguarded is not None:
        guard = (
            _(
                "Slice guard: no more repeated meetings ({repeats}) or score spread "
                "({spread}) than slicing this round's standings by hand; by the weights "
                "alone the cheapest pairing costs {cost} (setting slice_guard)."
            )
            if proposal.guard_scope == "round"
            else _(
                "Slice guard: at most {repeats} repeated meetings and {spread} score spread "
                "this round, so that the event so far has no more of either than slicing "
                "the standings by hand every round; by the weights alone the cheapest "
                "pairing costs {cost} (settings slice_guard, slice_guard_scope)."
            )
        )
        lines.append(
            guard.format(
                repeats=display.points(proposal.guard.get("repeat_pairs", Fraction(0)), lang),
                spread=display.points(proposal.guard.get("score_spread", Fraction(0)), lang),
                cost=display.points(proposal.unguarded, lang),
            )
        )
    if proposal.relaxed:
        lines.append(
            _("Relaxed at your request: {rules}").format(rules=", ".join(proposal.relaxed))
        )
    return "\n".join(lines)
