"""Commands on the store: events, entrants, rounds, results, import, export, audit."""

from __future__ import annotations

import csv
import io
import json
import os
import re
import sys
import tempfile
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import Annotated, Any

import typer

from kolo import display, i18n
from kolo.cli.app import app, state
from kolo.cli.files import RelaxOption, check_relax, load_file, parse_json_value, proposal_text
from kolo.cli.output import print_json, table
from kolo.core import knockout, rulesets, seatorder
from kolo.core.collation import sort_key
from kolo.core.outcome import game_outcome
from kolo.core.problems import N_, InvalidInput
from kolo.core.settings import SPECS
from kolo.core.standings import tables_missing_results
from kolo.eventfile.reader import read_text
from kolo.i18n import _

event_app = typer.Typer(help=_("Create, list and configure events."), no_args_is_help=True)
entrant_app = typer.Typer(help=_("Enter, list, edit and drop entrants."), no_args_is_help=True)
round_app = typer.Typer(
    help=_("Seat, show, close, reopen and delete rounds."), no_args_is_help=True
)
app.add_typer(event_app, name="event")
app.add_typer(entrant_app, name="entrant")
app.add_typer(round_app, name="round")

EventArg = Annotated[
    str,
    typer.Argument(
        help=_("The event's key (kolo event list)."), metavar="EVENT", show_default=False
    ),
]
RoundArg = Annotated[
    int, typer.Argument(help=_("Round number."), metavar="ROUND", show_default=False)
]


def _store(*, create: bool = True) -> Any:
    """The store, ready (created and migrated on first use, unless ``create`` is false)."""
    from kolo.web import bootstrap

    state.where = bootstrap.setup(state.db, create=create)
    from kolo.web import store

    return store


def _actor() -> Any:
    from kolo.web.store import Actor

    return Actor(who=state.who(), via="cli")


_WHOLE_NUMBER = re.compile(r"-?[0-9]{1,12}")


def _assignments(values: Sequence[str], what: str) -> dict[str, int]:
    """``p1=34`` pairs as a mapping; the number must be whole."""
    result: dict[str, int] = {}
    for item in values:
        ref, sep, number = item.rpartition("=")
        if not sep or not ref.strip():
            raise InvalidInput.one(
                N_("'{item}' is not of the form player=number"), path=what, item=item
            )
        if ref.strip() in result:
            raise InvalidInput.one(N_("'{player}' is given twice"), path=what, player=ref.strip())
        if not _WHOLE_NUMBER.fullmatch(number.strip()):
            raise InvalidInput.one(
                N_("'{value}' for {player} is not a whole number"),
                path=what,
                value=number,
                player=ref,
            )
        result[ref.strip()] = int(number.strip())
    return result


def _settings_option(values: Sequence[str]) -> dict[str, Any]:
    settings: dict[str, Any] = {}
    for item in values:
        name, sep, value = item.partition("=")
        if not sep:
            raise InvalidInput.one(
                N_("'{item}' is not of the form name=value"), path="--set", item=item
            )
        settings[name.strip()] = parse_json_value(value.strip())
    return settings


# --- events -----------------------------------------------------------------------------


@event_app.command("new", help=_("Create an event from a rule set."))
def event_new(
    name: Annotated[str, typer.Argument(help=_("The event's name."), show_default=False)],
    ruleset: Annotated[
        str,
        typer.Option(
            "--ruleset",
            help=_("Rule set: {ids}.").format(ids=", ".join(rulesets.REGISTRY)),
            show_default=False,
        ),
    ],
    key: Annotated[
        str | None, typer.Option("--key", help=_("Short handle (default: from the name)."))
    ] = None,
    setting: Annotated[
        list[str] | None,
        typer.Option("--set", help=_("Override a setting: name=value (repeatable).")),
    ] = None,
) -> None:
    store = _store()
    from kolo.web import models

    namesakes = [e.key for e in models.Event.objects.filter(name=name.strip())]
    event = store.create_event(_actor(), name, ruleset, _settings_option(setting or []), key)
    if namesakes:
        print(
            "kolo: "
            + _("note: an event of this name exists already: {keys}").format(
                keys=", ".join(namesakes)
            ),
            file=sys.stderr,
        )
    print(
        _("created event {key}: {name} ({ruleset})").format(
            key=event.key, name=event.name, ruleset=event.ruleset
        )
    )


@event_app.command("list", help=_("List the events in the store."))
def event_list() -> None:
    from kolo.web.bootstrap import location

    where, exists = location(state.db)
    if not exists:
        print(_("no events yet; create one with: kolo event new --ruleset dominion-cz NAME"))
        print("\n" + _("store: {where} (not created yet)").format(where=where))
        return
    _store()
    from kolo.web import models

    rows = [
        [e.key, e.name, e.ruleset, str(e.entrants.count()), str(e.rounds.count())]
        for e in models.Event.objects.all()
    ]
    if rows:
        print(
            table(
                [_("Key"), _("Name"), _("Rule set"), _("Entrants"), _("Rounds")], rows, right=[3, 4]
            )
        )
    else:
        print(_("no events yet; create one with: kolo event new --ruleset dominion-cz NAME"))
    print("\n" + _("store: {where}").format(where=state.where))


@event_app.command(
    "settings", help=_("Show the event's settings, with their meaning, or change them.")
)
def event_settings(
    event: EventArg,
    setting: Annotated[
        list[str] | None,
        typer.Option(
            "--set", help=_("Change a setting: name=value; name=default restores the default.")
        ),
    ] = None,
) -> None:
    store = _store()
    found = store.find_event(event)
    if setting:
        changes = {k: (None if v == "default" else v) for k, v in _settings_option(setting).items()}
        found = store.change_settings(_actor(), found, changes)
    ruleset, settings = store.ruleset_of(found)
    rows = []
    for name, value in settings.items():
        spec = SPECS[name]
        marker = "*" if name in found.settings else ""
        rows.append([name + marker, json.dumps(value), spec.rule, _(spec.help)])
    print(table([_("Setting"), _("Value"), _("Rule"), _("Meaning")], rows))
    if found.settings:
        print(
            "\n"
            + _("* set for this event; the others are the defaults of {ruleset}").format(
                ruleset=ruleset.id
            )
        )


@event_app.command("delete", help=_("Delete an event (its audit trail keeps a full copy)."))
def event_delete(
    event: EventArg,
    yes: Annotated[bool, typer.Option("--yes", help=_("Do not ask for confirmation."))] = False,
) -> None:
    store = _store()
    found = store.find_event(event)
    if not yes and not typer.confirm(
        _("Delete {name} with all its rounds and results?").format(name=found.name)
    ):
        print(_("nothing deleted"))
        return
    store.delete_event(_actor(), found)
    print(_("deleted {key}").format(key=event))


# --- entrants ---------------------------------------------------------------------------


def _read_entries(path: Path) -> list[tuple[str, str | None]]:
    """Names from a file: CSV (name, club; a header row is skipped) for *.csv, else one
    name per line; ``-`` reads standard input."""
    text = sys.stdin.read() if str(path) == "-" else read_text(path)
    if path.suffix.lower() != ".csv":
        return [(line, None) for line in text.splitlines() if line.strip()]
    try:
        rows = [r for r in csv.reader(io.StringIO(text), strict=True) if any(c.strip() for c in r)]
    except csv.Error as error:
        raise InvalidInput.one(
            N_("not valid CSV: {reason}"), path=str(path), reason=str(error)
        ) from None
    if rows and [c.strip().casefold() for c in rows[0]] in (
        ["name", "club"],
        ["jméno", "klub"],
        ["name"],
        ["jméno"],
    ):
        rows = rows[1:]
    for number, row in enumerate(rows, start=1):
        if len(row) > 2:
            raise InvalidInput.one(
                N_("row {row} has {count} columns; a row is: name,club"),
                path=str(path),
                row=number,
                count=len(row),
            )
    return [(r[0], r[1] if len(r) > 1 else None) for r in rows]


@entrant_app.command(
    "add", help=_("Enter entrants; they get ids p1, p2, … and play from the next round.")
)
def entrant_add(
    event: EventArg,
    names: Annotated[
        list[str] | None, typer.Argument(help=_("Names to enter."), show_default=False)
    ] = None,
    file: Annotated[
        Path | None,
        typer.Option(
            "--file", help=_("A file with one name per line, or CSV (name,club) ending in .csv.")
        ),
    ] = None,
    club: Annotated[str | None, typer.Option("--club", help=_("Club of the names given."))] = None,
    allow_duplicate: Annotated[
        bool, typer.Option("--allow-duplicate", help=_("Enter a name already entered."))
    ] = False,
) -> None:
    entries = [(n, club) for n in names or []]
    if file is not None:
        entries += _read_entries(file)
    store = _store()
    created = store.add_entrants(
        _actor(), store.find_event(event), entries, allow_duplicate=allow_duplicate
    )
    for entrant in created:
        print(f"{entrant.code}\t{entrant.name}" + (f"\t{entrant.club}" if entrant.club else ""))


@entrant_app.command("list", help=_("List the entrants with their ids."))
def entrant_list(event: EventArg) -> None:
    store = _store(create=False)
    found = store.find_event(event)
    rows = [
        [
            e.code,
            e.name,
            e.club or "",
            _("dropped after round {round}").format(round=e.dropped_after_round)
            if e.dropped_after_round is not None
            else "",
        ]
        for e in sorted(found.entrants.all(), key=lambda e: sort_key(e.name, i18n.language()))
    ]
    print(table([_("Id"), _("Name"), _("Club"), _("Status")], rows))


@entrant_app.command(
    "drop", help=_("Drop an entrant from the next round on; results so far stay (R-EVT-2).")
)
def entrant_drop(
    event: EventArg,
    entrant: Annotated[str, typer.Argument(help=_("Id or exact name."), show_default=False)],
    undo: Annotated[bool, typer.Option("--undo", help=_("Take a drop back."))] = False,
) -> None:
    store = _store()
    found = store.drop_entrant(_actor(), store.find_event(event), entrant, undo=undo)
    if undo:
        print(_("{name} plays again from the next round").format(name=found.name))
    else:
        print(
            _("{name} dropped after round {round}").format(
                name=found.name, round=found.dropped_after_round
            )
        )


@entrant_app.command(
    "edit", help=_("Correct an entrant's name or club, or set who they are across a series.")
)
def entrant_edit(
    event: EventArg,
    entrant: Annotated[str, typer.Argument(help=_("Id or exact name."), show_default=False)],
    name: Annotated[str | None, typer.Option("--name", help=_("New name."))] = None,
    club: Annotated[str | None, typer.Option("--club", help=_("New club (empty: none)."))] = None,
    player: Annotated[
        str | None,
        typer.Option(
            "--player",
            help=_(
                "The person across a series, e.g. jana-novakova: the same in every event they "
                "play (empty: none, the id stands for them)."
            ),
        ),
    ] = None,
) -> None:
    store = _store()
    found = store.rename_entrant(_actor(), store.find_event(event), entrant, name, club, player)
    label = _("player")
    print(
        f"{found.code}\t{found.name}"
        + (f"\t{found.club}" if found.club else "")
        + (f"\t{label}: {found.player}" if found.player else "")
    )


@entrant_app.command(
    "remove", help=_("Take back an entry made by mistake (only for someone who has not played).")
)
def entrant_remove(
    event: EventArg,
    entrant: Annotated[str, typer.Argument(help=_("Id or exact name."), show_default=False)],
) -> None:
    store = _store()
    found = store.remove_entrant(_actor(), store.find_event(event), entrant)
    print(_("removed {name}").format(name=found.name))


# --- rounds -----------------------------------------------------------------------------


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
    store = _store()
    found = store.find_event(event)
    bye_list = [b.strip() for b in (byes or "").split(",") if b.strip()]
    round_ = store.new_round(
        _actor(), found, _parse_tables(tables), byes=bye_list, force_reason=force
    )
    print(_("round {number} seated").format(number=round_.number))
    _print_round(store, found, round_.number)


def _print_round(store: Any, event: Any, number: int) -> None:
    """A round's tables, one line per seat: results so far and, from round 2 on, each
    table's pairing cost."""
    core_event = store.to_core(event)
    ruleset, settings = store.ruleset_of(event)
    index = [r.number for r in core_event.rounds].index(number)
    round_ = core_event.rounds[index]
    names = {e.id: e.name for e in core_event.entrants}
    lang = i18n.language()
    costs = None
    if index > 0 and not knockout.is_knockout(ruleset):
        from kolo.pairing.criteria import round_costs

        costs = round_costs(core_event, index, ruleset, settings)
    games = max((len(t.games) for t in round_.tables), default=0)
    headers = [_("Table"), _("Seat"), _("Id"), _("Name")]
    for g in range(games):
        suffix = f" {g + 1}" if games > 1 else ""
        headers += [_("Score") + suffix, _("Points") + suffix]
    if costs is not None:
        headers.append(_("Cost"))
    rows = []
    for t_index, t in enumerate(round_.tables):
        placed = [game_outcome(g, ruleset, settings).places for g in t.games]
        for seat_index, player in enumerate(t.seats):
            cells = [
                str(t.number) if seat_index == 0 else "",
                f"{seat_index + 1}.",
                player,
                names[player],
            ]
            for g in range(games):
                if g < len(t.games):
                    mark = " ⏱" if t.games[g].ended_by_time_limit else ""
                    cells += [
                        f"{t.games[g].scores[player]}{mark}",
                        display.points(placed[g][player].points, lang),
                    ]
                else:
                    cells += ["", ""]
            if costs is not None:
                cost = costs[t_index]
                cells.append(_cost_text(cost.total, cost.values, lang) if seat_index == 0 else "")
            rows.append(cells)
    print(table(headers, rows, right=list(range(4, 4 + 2 * games))))
    # later games of a table: the seat order moves (R-GORN-9, the NBGL groups' R-NBGL-1)
    stage = knockout.stage_of(round_, index, knockout.format_of(ruleset, settings))
    for t in round_.tables:
        for g in range(1, ruleset.games_per_table(round_.number, settings)):
            seats = seatorder.game_order(
                round_, t, g, ties_by_turns=ruleset.ties_by_turns, stage=stage
            )
            if seats is None:
                print(
                    _(
                        "Table {table}, game {game}: the winner of game {previous} plays last"
                    ).format(table=t.number, game=g + 1, previous=g)
                )
            elif seats != t.seats:
                print(
                    _("Table {table}, game {game} seats: {names}").format(
                        table=t.number, game=g + 1, names=", ".join(names[p] for p in seats)
                    )
                )
    if round_.byes:
        print("\n" + _("Byes: {names}").format(names=", ".join(names[b] for b in round_.byes)))
    if any(g.ended_by_time_limit for t in round_.tables for g in t.games):
        print("\n" + _("⏱ ended by the time limit"))
    if costs is not None:
        total = sum((c.total for c in costs), Fraction(0))
        print("\n" + _("Pairing cost: {total}").format(total=display.points(total, lang)))
    missing = [str(t.number) for t in tables_missing_results(round_, ruleset, settings)]
    if missing:
        print(
            "\n" + _("Waiting for results from tables: {tables}").format(tables=", ".join(missing))
        )


def _cost_text(total: Fraction, values: Any, lang: str) -> str:
    parts = ", ".join(
        f"{name} {display.points(Fraction(v), lang)}" for name, v in values.items() if v
    )
    return display.points(total, lang) + (f" ({parts})" if parts else "")


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
    time_limit: Annotated[
        float | None,
        typer.Option(
            "--time-limit",
            min=0.1,
            help=_(
                "Work budget of the search, in work seconds (about seconds on the "
                "project's machine; the same on any machine); default: the setting."
            ),
        ),
    ] = None,
    relax: RelaxOption = None,
    reason: Annotated[
        str | None, typer.Option("--reason", help=_("Why a rule is relaxed (audit trail)."))
    ] = None,
) -> None:
    store = _store()
    found = store.find_event(event)
    round_, proposal = store.pair_round(
        _actor(),
        found,
        seed=seed,
        time_limit=time_limit,
        relax=check_relax(relax),
        reason=reason,
    )
    print(proposal_text(store.to_core(found), proposal))
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
    store = _store()
    found = store.find_event(event)
    round_ = store.swap_players(_actor(), found, first, second, force_reason=force)
    print(_("Round {number} ({state})").format(number=round_.number, state=_("open")))
    _print_round(store, found, round_.number)


@round_app.command(
    "show", help=_("Show a round's tables in seat order with the results entered so far.")
)
def round_show(
    event: EventArg,
    number: Annotated[
        int | None, typer.Argument(help=_("Round number (default: the last)."))
    ] = None,
) -> None:
    store = _store(create=False)
    found = store.find_event(event)
    round_ = store.get_round(found, number)
    state_text = _("closed") if round_.closed else _("open")
    print(_("Round {number} ({state})").format(number=round_.number, state=state_text))
    _print_round(store, found, round_.number)


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
    store = _store()
    round_ = store.close_round(_actor(), store.find_event(event), number)
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
    store = _store()
    round_ = store.reopen_round(_actor(), store.find_event(event), number)
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
    store = _store()
    found = store.find_event(event)
    last = store.get_round(found, None).number
    store.delete_round(_actor(), found, number)
    print(_("round {number} deleted").format(number=last))


# --- results ----------------------------------------------------------------------------


@app.command(help=_("Enter a table's result, or correct it (the audit trail keeps both)."))
def result(
    event: EventArg,
    round_number: RoundArg,
    table_number: Annotated[
        int, typer.Argument(help=_("Table number."), metavar="TABLE", show_default=False)
    ],
    scores: Annotated[
        list[str] | None,
        typer.Argument(
            help=_("Game points per player: p1=34 p2=28 p3=12 (id or exact name)."),
            show_default=False,
        ),
    ] = None,
    turns: Annotated[
        str | None,
        typer.Option("--turns", help=_("Turns taken: p1=17,p2=17,p3=16 (NBGL tie-break).")),
    ] = None,
    game: Annotated[
        int | None, typer.Option("--game", help=_("Which game of the table (default: the next)."))
    ] = None,
    time_limit: Annotated[
        bool | None,
        typer.Option(
            "--time-limit/--no-time-limit",
            help=_(
                "The game was (or was not) ended by the time limit (R-DOM-9); a correction "
                "keeps the mark unless given."
            ),
            show_default=False,
        ),
    ] = None,
    clear: Annotated[
        bool, typer.Option("--clear", help=_("Take back the table's last result."))
    ] = False,
    correct: Annotated[
        bool,
        typer.Option(
            "--correct",
            help=_(
                "Replace the result the game has (without it, one is refused). In a closed "
                "round: an explicit correction (R-EVT-3) that first prints what changes."
            ),
        ),
    ] = False,
    yes: Annotated[
        bool,
        typer.Option(
            "--yes", help=_("Make a closed round's correction without asking for confirmation.")
        ),
    ] = False,
) -> None:
    store = _store()
    found = store.find_event(event)
    if correct and not clear and store.get_round(found, round_number).closed:
        from kolo.cli.correct import correct_closed

        correct_closed(
            store,
            found,
            round_number,
            table_number,
            _assignments(scores or [], "SCORES"),
            turns=_assignments(turns.split(","), "--turns") if turns else None,
            game=game,
            time_limit=time_limit,
            yes=yes,
            describe=describe_result,
        )
        return
    if clear:
        before = store.clear_result(_actor(), found, round_number, table_number, game)
        print(
            _("cleared game {game} of table {table}").format(
                game=before["game"], table=table_number
            )
        )
        return
    if not scores:
        raise InvalidInput.one(N_("give the scores: p1=34 p2=28 p3=12"), path="SCORES")
    by_player = _assignments(scores, "SCORES")
    turns_by_player = _assignments(turns.split(","), "--turns") if turns else None
    ruleset, settings = store.ruleset_of(found)

    def where(game_number: int) -> str:
        text = _("round {round}, table {table}").format(round=round_number, table=table_number)
        if ruleset.games_per_table(round_number, settings) > 1:
            text += ", " + _("game {game}").format(game=game_number)
        return text

    try:
        game_row, before = store.record_result(
            _actor(),
            found,
            round_number,
            table_number,
            by_player,
            turns=turns_by_player,
            game_number=game,
            ended_by_time_limit=time_limit,
            correct=correct,
        )
    except InvalidInput as error:
        exists = next((p for p in error.problems if p.message == store.RESULT_IS_IN), None)
        if exists is None:
            raise
        current: Any = exists.params["current"]
        raise InvalidInput.one(
            N_("{where} already has {result}; to replace it, add --correct"),
            path="SCORES",
            where=where(current["game"]),
            result=describe_result(current),
        ) from None
    after = store.game_document(game_row)
    if before is None:
        print(f"{where(after['game'])}: {describe_result(after)}")
    elif before == after:
        print(f"{where(after['game'])}: " + _("unchanged") + f" ({describe_result(after)})")
    else:
        print(
            f"{where(after['game'])}: "
            + _("corrected to {result} (was {before})").format(
                result=describe_result(after), before=describe_result(before)
            )
        )


def describe_result(doc: dict[str, Any]) -> str:
    """A game's result in one line: ``p1=34 p2=28 p3=12; turns p1=17,…; time limit``."""
    text = " ".join(f"{c}={v}" for c, v in doc["scores"].items())
    if doc.get("turns"):
        text += "; " + _("turns") + " " + ",".join(f"{c}={v}" for c, v in doc["turns"].items())
    if doc.get("ended_by_time_limit"):
        text += "; " + _("ended by the time limit")
    return text


# --- files and the audit trail ----------------------------------------------------------


@app.command("export", help=_("Write the event as a kolo-event/1 file."))
def export(
    event: EventArg,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help=_("Write to this file (default: print)."))
    ] = None,
) -> None:
    store = _store(create=False)
    from kolo.eventfile.writer import dumps

    text = dumps(store.to_core(store.find_event(event)))
    if output is None:
        sys.stdout.write(text)
        return
    _write_atomically(output, text)
    print(_("wrote {path}").format(path=output), file=sys.stderr)


def _write_atomically(path: Path, text: str) -> None:
    """Write via a temporary file and a rename, so a failure never leaves half a file."""
    try:
        handle, temporary = tempfile.mkstemp(dir=path.parent or Path("."), prefix=f".{path.name}.")
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
        os.replace(temporary, path)
    except OSError as error:
        raise InvalidInput.one(
            N_("cannot write the file: {reason}"), path=str(path), reason=error.strerror
        ) from None


@app.command(
    "import", help=_("Store an event from a kolo-event/1 file (complete rounds are stored closed).")
)
def import_(
    file: Annotated[Path, typer.Argument(help=_("A kolo-event/1 file."), show_default=False)],
    key: Annotated[
        str | None, typer.Option("--key", help=_("Short handle (default: from the name)."))
    ] = None,
) -> None:
    event_value = load_file(file)
    store = _store()
    event = store.import_event(_actor(), event_value, key)
    print(_("imported {name} as {key}").format(name=event.name, key=event.key))


@app.command(
    help=_("Every change to the event: when, who, what, and what it was before (R-EVT-4).")
)
def audit(
    event: EventArg,
    as_json: Annotated[
        bool, typer.Option("--json", help=_("Print JSON with the data before and after."))
    ] = False,
) -> None:
    store = _store(create=False)
    entries = list(store.audit_trail(store.find_event(event)))
    if as_json:
        print_json(
            [
                {
                    "at": e.at.isoformat(),
                    "who": e.who,
                    "via": e.via,
                    "action": e.action,
                    "summary": e.summary,
                    "reason": e.reason,
                    "before": e.before,
                    "after": e.after,
                }
                for e in entries
            ]
        )
        return
    from django.utils import timezone

    rows = []
    for e in entries:
        summary = e.summary
        if e.action == "result.correct":
            summary += " — " + _("was {before}, now {after}").format(
                before=describe_result(e.before), after=describe_result(e.after)
            )
        if e.reason:
            summary += " — " + _("reason: {reason}").format(reason=e.reason)
        rows.append(
            [timezone.localtime(e.at).strftime("%Y-%m-%d %H:%M:%S %Z"), e.who, e.action, summary]
        )
    print(table([_("When"), _("Who"), _("Action"), _("What")], rows))


@app.command(
    "store",
    help=_("Say where the store is (set it with --db or KOLO_DB, or DATABASE_URL for PostgreSQL)."),
)
def store_info() -> None:
    from kolo.web.bootstrap import location

    where, exists = location(state.db)
    print(where if exists else _("{where} (not created yet)").format(where=where))
