"""``kolo round``: seat, pair, swap, show, close, reopen and delete rounds."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from kolo import i18n
from kolo.cli.app import app
from kolo.cli.files import RelaxOption, TimeLimitOption, check_relax
from kolo.cli.options import EventArg, cli_actor, open_store
from kolo.cli.output import table
from kolo.core.problems import N_, InvalidInput
from kolo.i18n import _

if TYPE_CHECKING:
    from kolo.report.explanation import Explanation
    from kolo.store import models


round_app = typer.Typer(
    help=_("Seat, show, close, reopen and delete rounds."), no_args_is_help=True
)
app.add_typer(round_app, name="round")


def _parse_tables(text: str) -> list[list[str]]:
    """``"p1,p2,p3;p4,p5,p6"`` as tables of players; a final ``;`` is allowed."""
    chunks = text.split(";")
    if chunks and not chunks[-1].strip():
        chunks = chunks[:-1]
    tables = []
    for index, chunk in enumerate(chunks, start=1):
        if not chunk.strip():
            raise InvalidInput.one(N_("table {table} is empty"), path="--tables", table=index)
        seats = [p.strip() for p in chunk.split(",")]
        if any(not p for p in seats):
            raise InvalidInput.one(
                N_("table {table} has an empty seat"), path="--tables", table=index
            )
        tables.append(seats)
    return tables


@round_app.command(
    "new", help=_("Seat the next round by hand, checked against the rule set's hard rules.")
)
def round_new(
    event: EventArg,
    tables: Annotated[
        str,
        typer.Option(
            "--tables",
            help=_('Tables by hand, top table first, players in seat order: "p1,p2,p3;p4,p5,p6".'),
            show_default=False,
        ),
    ],
    byes: Annotated[str | None, typer.Option("--byes", help=_('Players with a bye: "p9".'))] = None,
    force: Annotated[
        str | None, typer.Option("--force", help=_("Seat the round despite a hard rule; say why."))
    ] = None,
) -> None:
    open_store()
    from kolo.store import api as store

    found = store.find_event(event)
    bye_list = [b.strip() for b in (byes or "").split(",") if b.strip()]
    round_ = store.new_round(
        cli_actor(), found, _parse_tables(tables), byes=bye_list, force_reason=force
    )
    print(_("round {number} seated").format(number=round_.number))
    _print_round(found, round_.number)


def _print_round(event: models.Event, number: int) -> None:
    """A round's tables, one line per seat: results so far and, from round 2 on, each
    table's pairing cost (the round's tables and the explanations of ``kolo.report``)."""
    from kolo import display
    from kolo.report.explanation import round_explanations
    from kolo.report.explanation import total as total_cost
    from kolo.report.roundtables import round_tables
    from kolo.store import api as store

    core_event = store.to_core(event)
    ruleset, settings = store.ruleset_of(event)
    index = [r.number for r in core_event.rounds].index(number)
    shown = round_tables(core_event, core_event.rounds[index], ruleset, settings)
    lang = i18n.language()
    explanations = round_explanations(core_event, index, ruleset, settings)
    games = shown.games
    headers = [_("Table"), _("Seat"), _("Id"), _("Name")]
    for g in range(games):
        suffix = f" {g + 1}" if games > 1 else ""
        headers += [_("Score") + suffix, _("Points") + suffix]
    if explanations is not None:
        headers.append(_("Cost"))
    rows = []
    for t_index, t in enumerate(shown.tables):
        for s in t.seats:
            cells = [str(t.number) if s.seat == 1 else "", f"{s.seat}.", s.id, s.name]
            for g in range(games):
                if g < len(s.games):
                    mark = " ⏱" if s.games[g].time_limit else ""
                    cells += [f"{s.games[g].score}{mark}", display.points(s.games[g].points, lang)]
                else:
                    cells += ["", ""]
            if explanations is not None:
                cells.append(_cost_text(explanations[t_index], lang) if s.seat == 1 else "")
            rows.append(cells)
    print(table(headers, rows, right=list(range(4, 4 + 2 * games))))
    if ruleset.teams:  # who sits where: partners opposite (R-DOMINO-7)
        from kolo.report.sheets import partner_seats

        entrants = {e.id: e for e in core_event.entrants}
        for played in core_event.rounds[index].tables:
            if len(played.seats) == 2:
                seats = " · ".join(
                    f"{seat}. {name} ({entrants[team].name})"
                    for seat, team, name in partner_seats(played.seats, entrants)
                )
                print(_("Table {table}: {seats}").format(table=played.number, seats=seats))
    # later games of a table: the seat order moves (R-GORN-9, the NBGL groups' R-NBGL-1)
    for t in shown.tables:
        for order in t.orders[1:]:
            if order.names is None:
                print(
                    _(
                        "Table {table}, game {game}: the winner of game {previous} plays last"
                    ).format(table=t.number, game=order.number, previous=order.previous)
                )
            elif order.seats != tuple(s.id for s in t.seats):
                print(
                    _("Table {table}, game {game} seats: {names}").format(
                        table=t.number, game=order.number, names=", ".join(order.names)
                    )
                )
    if shown.byes:
        print("\n" + _("Byes: {names}").format(names=", ".join(shown.bye_names)))
    if shown.time_limit:
        print("\n" + _("⏱ ended by the time limit"))
    if explanations is not None:
        cost = display.points(total_cost(explanations), lang)
        print("\n" + _("Pairing cost: {total}").format(total=cost))
    if shown.waiting:
        print(
            "\n"
            + _("Waiting for results from tables: {tables}").format(
                tables=", ".join(str(n) for n in shown.waiting)
            )
        )


def _cost_text(why: Explanation, lang: str) -> str:
    """A table's cost and its criteria with a value: ``3 (score_spread 2, repeat_pairs 1)``."""
    from kolo import display
    from kolo.report.proposal import criteria_text

    parts = criteria_text(why.criteria, lang)
    return display.points(why.total, lang) + (f" ({parts})" if parts else "")


@round_app.command(
    "pair",
    help=_(
        "Seat the next round with the pairing engine and store it: table 1 at the top, "
        "players in seat order, each table's cost by criterion (R-GORN-*)."
    ),
)
def round_pair(
    event: EventArg,
    seed: Annotated[
        int | None, typer.Option("--seed", help=_("Seed of the round (default: a random one)."))
    ] = None,
    time_limit: TimeLimitOption = None,
    relax: RelaxOption = None,
    reason: Annotated[
        str | None, typer.Option("--reason", help=_("Why a rule is relaxed (audit trail)."))
    ] = None,
) -> None:
    from kolo.report.proposal import proposal_text

    open_store()
    from kolo.store import api as store

    found = store.find_event(event)
    round_, proposal = store.pair_round(
        cli_actor(),
        found,
        seed=seed,
        time_limit=time_limit,
        relax=check_relax(relax),
        reason=reason,
    )
    print(proposal_text(store.to_core(found), proposal, _, i18n.language()))
    print(
        _("round {number} seated; swap players with: kolo round swap {event} P1 P2").format(
            number=round_.number, event=found.key
        )
    )


@round_app.command(
    "swap",
    help=_(
        "Swap two players' seats in the last round (before their tables have results) and "
        "show the new costs; a swap that breaks a hard rule needs --force with a reason."
    ),
)
def round_swap(
    event: EventArg,
    first: Annotated[str, typer.Argument(help=_("Id or exact name."), show_default=False)],
    second: Annotated[str, typer.Argument(help=_("Id or exact name."), show_default=False)],
    force: Annotated[
        str | None, typer.Option("--force", help=_("Swap despite a hard rule; say why."))
    ] = None,
) -> None:
    open_store()
    from kolo.store import api as store

    found = store.find_event(event)
    round_ = store.swap_players(cli_actor(), found, first, second, force_reason=force)
    print(_("Round {number} ({state})").format(number=round_.number, state=_("open")))
    _print_round(found, round_.number)


@round_app.command(
    "show", help=_("Show a round's tables in seat order with the results entered so far.")
)
def round_show(
    event: EventArg,
    number: Annotated[
        int | None, typer.Argument(help=_("Round number (default: the last)."))
    ] = None,
) -> None:
    open_store(create=False)
    from kolo.store import api as store

    found = store.find_event(event)
    round_ = store.get_round(found, number)
    state_text = _("closed") if round_.closed else _("open")
    bracket = store.bracket(found) if round_.stage == "playoff" else None
    if bracket is not None:  # a bracket's round: named as the bracket names it
        title = " · ".join(
            _(template).format(**params) for template, params in bracket.round_names(round_.number)
        )
        print(
            _("Round {number}: {title} ({state})").format(
                number=round_.number, title=title, state=state_text
            )
        )
    else:
        print(_("Round {number} ({state})").format(number=round_.number, state=state_text))
    _print_round(found, round_.number)
    if bracket is not None:
        names = {e.code: e.name for e in found.entrants.all()}
        for table_number, index in sorted(bracket.matches_in(round_.number).items()):
            template, params = bracket.round_name(index)
            print(
                _("Table {table}: {match}").format(
                    table=table_number, match=_(template).format(**params)
                )
            )
        out = [names.get(t, t) for t in bracket.out_after(round_.number)]
        if out:
            print(_("Out of the bracket in this round: {names}").format(names=", ".join(out)))


@round_app.command(
    "close",
    help=_("Close a round once every table has its results; the next round can then be paired."),
)
def round_close(
    event: EventArg,
    number: Annotated[
        int | None, typer.Argument(help=_("Round number (default: the last)."))
    ] = None,
) -> None:
    open_store()
    from kolo.store import api as store

    round_ = store.close_round(cli_actor(), store.find_event(event), number)
    print(_("round {number} closed").format(number=round_.number))


@round_app.command(
    "reopen",
    help=_(
        "Reopen a closed round to correct a result, while the next round is not paired (R-EVT-3)."
    ),
)
def round_reopen(
    event: EventArg,
    number: Annotated[
        int | None, typer.Argument(help=_("Round number (default: the last closed)."))
    ] = None,
) -> None:
    open_store()
    from kolo.store import api as store

    round_ = store.reopen_round(cli_actor(), store.find_event(event), number)
    print(_("round {number} reopened").format(number=round_.number))


@round_app.command(
    "delete", help=_("Undo the seating of the last round while none of its results is in.")
)
def round_delete(
    event: EventArg,
    number: Annotated[
        int | None, typer.Argument(help=_("Round number (must be the last)."))
    ] = None,
) -> None:
    open_store()
    from kolo.store import api as store

    found = store.find_event(event)
    last = store.get_round(found, None).number
    store.delete_round(cli_actor(), found, number)
    print(_("round {number} deleted").format(number=last))


# --- results ----------------------------------------------------------------------------
