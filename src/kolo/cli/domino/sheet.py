"""``kolo sheet``: a domino table's score sheet, written hand by hand (docs/domino.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from kolo.cli.app import app
from kolo.cli.options import EventArg, RoundArg, assignments, cli_actor, open_store
from kolo.cli.output import table
from kolo.i18n import _

if TYPE_CHECKING:
    from kolo.changes.sheets import Written
    from kolo.store.models import Event

sheet_app = typer.Typer(
    help=_(
        "Domino score sheets: write a table's game hand by hand; the hand that ends the game "
        "enters the result."
    ),
    no_args_is_help=True,
)
app.add_typer(sheet_app, name="sheet")

TableArg = Annotated[
    int, typer.Argument(help=_("Table number."), metavar="TABLE", show_default=False)
]


@sheet_app.command(
    "hand",
    help=_(
        "Write one hand: who went out (or --blocked) and the pips left of every team or player, "
        "e.g. --out t1 t1=12 t2=30."
    ),
)
def sheet_hand(
    event: EventArg,
    round_number: RoundArg,
    table_number: TableArg,
    pips: Annotated[
        list[str],
        typer.Argument(
            help=_("Pips left in hand: t1=12 t2=30 (by team or player, id or exact name)."),
            show_default=False,
        ),
    ],
    out: Annotated[
        str | None, typer.Option("--out", help=_("Who went out (id or exact name)."))
    ] = None,
    blocked: Annotated[
        bool, typer.Option("--blocked", help=_("Nobody could play: the hand was blocked."))
    ] = False,
) -> None:
    from kolo.core.problems import N_, InvalidInput

    if (out is None) == (not blocked):
        raise InvalidInput.one(
            N_("say who went out (--out) or that the hand was blocked (--blocked), one of them"),
            path="--out",
        )
    open_store()
    from kolo.store import api as store

    found = store.find_event(event)
    written = store.write_hand(
        cli_actor(), found, round_number, table_number, out, assignments(pips, "PIPS")
    )
    _show(written, store.to_core(found), *_game(found))


@sheet_app.command(
    "undo",
    help=_(
        "Take back the last hand written on a table's sheet: name it with --hand N (without "
        "it, nothing changes and the last hand is shown); refused when hand N is not the last."
    ),
)
def sheet_undo(
    event: EventArg,
    round_number: RoundArg,
    table_number: TableArg,
    hand: Annotated[
        int | None,
        typer.Option(
            "--hand",
            help=_(
                "The hand to take back (its number; it must be the sheet's last hand). "
                "Without it, the last hand is shown and nothing changes."
            ),
            show_default=False,
        ),
    ] = None,
) -> None:
    from kolo.core.problems import N_, InvalidInput

    open_store()
    from kolo.store import api as store

    found = store.find_event(event)
    if hand is None:
        played = store.sheet_in_play(
            store.get_table(store.get_round(found, round_number), table_number)
        )
        if not played.hands:
            raise InvalidInput.one(N_("the sheet has no hand to take back"), path="SHEET")
        last = played.hands[-1]
        names = {e.id: e.name for e in store.to_core(found).entrants}
        raise InvalidInput.one(
            N_(
                "say which hand to take back: the last is hand {hand} ({what}; pips {pips}); "
                "kolo sheet undo {event} {round} {table} --hand {hand}"
            ),
            path="--hand",
            hand=len(played.hands),
            what=_("blocked")
            if last.out is None
            else _("{name} went out").format(name=names.get(last.out, last.out)),
            pips=", ".join(f"{names.get(k, k)} {v}" for k, v in last.pips.items()),
            event=found.key,
            round=round_number,
            table=table_number,
        )
    written = store.take_back_hand(cli_actor(), found, round_number, table_number, hand=hand)
    print(_("hand {hand} is taken back").format(hand=hand))
    _show(written, store.to_core(found), *_game(found))


@sheet_app.command("show", help=_("Show a table's sheet: every hand and the running totals."))
def sheet_show(event: EventArg, round_number: RoundArg, table_number: TableArg) -> None:
    from kolo.changes.sheets import Written
    from kolo.games.domino import sheet as sheets

    open_store(create=False)
    from kolo.store import api as store

    found = store.find_event(event)
    row = store.get_table(store.get_round(found, round_number), table_number)
    value = store.to_core(found)
    core_table = next(
        t
        for r in value.rounds
        if r.number == round_number
        for t in r.tables
        if t.number == table_number
    )
    ruleset, settings = store.ruleset_of(found)
    if core_table.games and core_table.games[-1].record is not None:
        record = core_table.games[-1].record
        assert isinstance(record, sheets.Sheet)
        written = Written(record, dict(core_table.games[-1].scores), True)
    else:
        played = store.sheet_in_play(row)
        written = Written(
            played, sheets.totals(ruleset.game, played, core_table.seats, settings.scoring), False
        )
    _show(written, value, ruleset.game, settings.scoring)


def _game(found: Event) -> tuple[str, str]:
    """The event's game and how its hands score (the setting ``scoring``)."""
    from kolo.store import api as store

    ruleset, settings = store.ruleset_of(found)
    return ruleset.game, settings.scoring


def _show(written: Written, event: object, game: str, scoring: str) -> None:
    from kolo.core.event import Event
    from kolo.games.domino import sheet as sheets

    assert isinstance(event, Event)
    names = {e.id: e.name for e in event.entrants}
    hands = written.sheet.hands
    seats = list(hands[0].pips) if hands else list(written.totals)
    after = sheets.running(game, written.sheet, seats, scoring)
    rows = [
        [
            str(i),
            _("blocked") if h.out is None else names.get(h.out, h.out),
            *(str(h.pips[s]) for s in seats),
            *(str(a[s]) for s in seats),
        ]
        for i, (h, a) in enumerate(zip(hands, after, strict=True), start=1)
    ]
    header = [
        _("Hand"),
        _("Went out"),
        *(_("{name}: pips").format(name=names.get(s, s)) for s in seats),
        *(_("{name}: total").format(name=names.get(s, s)) for s in seats),
    ]
    print(table(header, rows))
    if written.over:
        print(_("The game is over; its result is entered."))
    else:
        totals = ", ".join(f"{names.get(s, s)} {written.totals.get(s, 0)}" for s in seats)
        print(_("Game in play: {totals}").format(totals=totals))
