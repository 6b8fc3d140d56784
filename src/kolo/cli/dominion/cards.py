"""Dominion's cards on the CLI floor: ``kolo cards``, the championship's draws (``kolo draw``),
the kingdoms of an event's tables (``kolo kingdom``), the card pools (``kolo pool``)."""

from __future__ import annotations

import json
import random
import secrets
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from kolo import i18n
from kolo.cli.app import app
from kolo.cli.options import EventArg, RoundArg, cli_actor, open_store
from kolo.cli.output import print_json, table
from kolo.core.problems import N_, InvalidInput, Problem
from kolo.core.settings import resolve
from kolo.games.dominion import CHAMPIONSHIP
from kolo.i18n import _

draw_app = typer.Typer(
    help=_("Dominion draws for scripting (no store needed)."), no_args_is_help=True
)
kingdom_app = typer.Typer(
    help=_("The Dominion kingdoms of an event's tables."), no_args_is_help=True
)
pool_app = typer.Typer(help=_("Dominion card pools."), no_args_is_help=True)
app.add_typer(draw_app, name="draw")
app.add_typer(kingdom_app, name="kingdom")
app.add_typer(pool_app, name="pool")

JsonOption = Annotated[bool, typer.Option("--json", help=_("Print JSON."))]
SeedOption = Annotated[
    int | None,
    typer.Option("--seed", help=_("Seed of the draw (default: a random one, printed on stderr).")),
]


def _rng(seed: int | None) -> random.Random:
    """The draw's generator; without --seed a random seed, said so that it can be repeated."""
    if seed is None:
        seed = secrets.randbelow(2**31)
        print(
            _("seed {seed} (repeat the draw with --seed {seed})").format(seed=seed), file=sys.stderr
        )
    return random.Random(seed)


def _split(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


def _cards_of(text: str) -> tuple[str, ...]:
    from kolo.games.dominion.cards import resolve as resolve_cards

    return resolve_cards(_split(text))


def _card_line(card_id: str, language: str) -> str:
    from kolo.games.dominion.cards import load

    data = load()
    card = data.card(card_id)
    sets = ", ".join(data.set_name(s, language) for s in card.sets)
    return f"{card.cost}  {card.name(language)}  ({sets})"


@app.command(help=_("List the Dominion cards (kingdom cards; --all for every card)."))
def cards(
    set_id: Annotated[
        str | None, typer.Option("--set", help=_("Only this set, e.g. dark-ages."))
    ] = None,
    lang: Annotated[str | None, typer.Option("--lang", help=_("Names in cs, en or ja."))] = None,
    every: Annotated[bool, typer.Option("--all", help=_("Also the basic cards."))] = False,
    as_json: JsonOption = False,
) -> None:
    from kolo.games.dominion.cards import load, sort_key

    data = load()
    if set_id is not None and set_id not in data.set_names:
        raise InvalidInput.one(
            N_("unknown set '{set}'; known: {known}"),
            path="--set",
            set=set_id,
            known=", ".join(data.set_names),
        )
    language = lang or i18n.language()
    chosen = sorted(
        (
            c
            for c in data.cards.values()
            if (every or c.kingdom) and (set_id is None or set_id in c.sets)
        ),
        key=lambda c: sort_key(c, language),
    )
    if as_json:
        print_json(
            [
                {
                    "id": c.id,
                    "en": c.en,
                    "cs": c.cs,
                    "ja": c.ja,
                    "sets": list(c.sets),
                    "cost": c.cost,
                    "types": list(c.types),
                    "kingdom": c.kingdom,
                }
                for c in chosen
            ]
        )
        return
    rows = [
        [str(c.cost), c.name(language), c.id, ", ".join(c.types), ", ".join(c.sets)] for c in chosen
    ]
    print(table([_("Cost"), _("Name"), _("Id"), _("Types"), _("Sets")], rows, right=[0]))


@draw_app.command(
    "round",
    help=_(
        "The head referee's draws for a round of a Dominion rule set (R-DOM-2..6): "
        "round 1's ten cards, the Basic and Extended draws, which table plays which."
    ),
)
def draw_round_command(
    ruleset: Annotated[
        str, typer.Option("--ruleset", help=_("dominion-cz or dominion-cz-final."))
    ] = "dominion-cz",
    round_number: Annotated[int, typer.Option("--round", min=1, help=_("Round number."))] = 1,
    tables: Annotated[
        int, typer.Option("--tables", min=1, max=1000, help=_("Number of tables."))
    ] = 10,
    seed: SeedOption = None,
    pool: Annotated[
        str | None,
        typer.Option("--pool", help=_("A pool file (JSON) instead of the championship pool.")),
    ] = None,
    setting: Annotated[
        list[str] | None, typer.Option("--set", help=_("A setting: name=value."))
    ] = None,
    as_json: JsonOption = False,
) -> None:
    from kolo.games import rulesets
    from kolo.games.dominion import draws
    from kolo.games.dominion.cards import load, sort_key
    from kolo.games.dominion.pools import championship

    plan = draws.ROUND_PLANS.get(ruleset)
    if plan is None:
        raise InvalidInput.one(
            N_("'{ruleset}' has no card draws; use {known}"),
            path="--ruleset",
            ruleset=ruleset,
            known=", ".join(draws.ROUND_PLANS),
        )
    from kolo.cli.options import settings_option

    settings, problems = resolve(rulesets.get(ruleset).defaults, settings_option(setting or []))
    if problems:
        raise InvalidInput(problems)
    if settings.pool != CHAMPIONSHIP:
        raise InvalidInput.one(
            N_(
                "here a pool comes from a file: --pool FILE (kolo pool show NAME --json writes one)"
            ),
            path="--set pool",
        )
    chosen = _pool_file(Path(pool)) if pool else championship()
    result = draws.draw_round(chosen, plan, round_number, tables, settings, _rng(seed))
    if as_json:
        print_json(result.document())
        return
    language = i18n.language()
    if result.first10:
        print(_("Ten cards for every table:"))
        for card in sorted(result.first10, key=lambda c: sort_key(load().card(c), language)):
            print("  " + _card_line(card, language))
    for title, found in ((_("Basic draw"), result.basic), (_("Extended draw"), result.extended)):
        if found is None:
            continue
        print(title)
        print(
            "  "
            + _("mandatory")
            + ": "
            + ", ".join(load().card(c).name(language) for c in found.mandatory)
        )
        print(
            "  "
            + _("to draft")
            + ": "
            + ", ".join(load().card(c).name(language) for c in found.choices)
        )
    plan_text = ", ".join(f"{t}: {kind}" for t, kind in sorted(result.table_draw.items()))
    print(_("Tables") + ": " + plan_text)


def _pool_file(path: Path) -> Any:
    """A pool from a JSON file: ``{"name", "title", "cards": {set: [cards]}, "draw_groups":
    {"basic_main": [sets], "basic_extra": [sets]}}``; every shape problem is reported."""
    from kolo.eventfile.reader import read_text
    from kolo.games.dominion.pools import make_pool

    try:
        raw = json.loads(read_text(path))
    except json.JSONDecodeError as error:
        raise InvalidInput.one(
            N_("not valid JSON: {reason}"), path=str(path), reason=error.msg
        ) from None
    except (ValueError, RecursionError):  # thousands of digits, absurd nesting
        raise InvalidInput.one(
            N_("not a usable JSON document (absurd numbers or nesting)"), path=str(path)
        ) from None
    where = str(path)

    def strings(value: Any) -> bool:
        return isinstance(value, list) and all(isinstance(v, str) for v in value)

    problems: list[Problem] = []
    if not isinstance(raw, dict) or not isinstance(raw.get("cards"), dict):
        raise InvalidInput.one(N_("a pool file needs its cards by set"), path=where)
    for set_id, ids in raw["cards"].items():
        if not strings(ids):
            problems.append(Problem(f"{where}: cards.{set_id}", N_("must be a list of card ids")))
    for key in ("name", "title"):
        if key in raw and not isinstance(raw[key], str):
            problems.append(Problem(f"{where}: {key}", N_("must be a text")))
    groups = raw.get("draw_groups", {})
    if not isinstance(groups, dict):
        problems.append(Problem(f"{where}: draw_groups", N_("must be an object")))
        groups = {}
    for key in ("basic_main", "basic_extra"):
        if key in groups and not strings(groups[key]):
            problems.append(Problem(f"{where}: draw_groups.{key}", N_("must be a list of set ids")))
    if problems:
        raise InvalidInput(problems)
    return make_pool(
        raw.get("name") or path.stem,
        raw["cards"],
        groups.get("basic_main", ("base-1e", "intrigue-1e", "hinterlands-1e")),
        groups.get("basic_extra", ("prosperity-1e", "dark-ages")),
        raw.get("title", ""),
    )


@draw_app.command(
    "colony-shelters",
    help=_("Colony/Platinum and Shelters for a kingdom of ten: three cards, then two (R-DOM-7)."),
)
def draw_colony_shelters(
    kingdom: Annotated[
        str,
        typer.Option(
            "--kingdom", help=_("Ten card ids or names, comma-separated."), show_default=False
        ),
    ],
    seed: SeedOption = None,
    as_json: JsonOption = False,
) -> None:
    from kolo.games.dominion import draws

    result = draws.colony_shelters(_cards_of(kingdom), _rng(seed))
    if as_json:
        print_json(result.document())
        return
    yes, no = _("yes"), _("no")
    print(
        _("Colony and Platinum: {answer} ({cards})").format(
            answer=yes if result.colony else no, cards=", ".join(result.colony_cards)
        )
    )
    print(
        _("Shelters: {answer} ({cards})").format(
            answer=yes if result.shelters else no, cards=", ".join(result.shelter_cards)
        )
    )


@draw_app.command("kingdom", help=_("A random kingdom for events outside the championship."))
def draw_kingdom(
    sets: Annotated[
        str, typer.Option("--sets", help=_("Sets, comma-separated (kolo cards --all shows them)."))
    ] = "base-2e,intrigue-2e",
    ban: Annotated[
        str, typer.Option("--ban", help=_("Cards never to draw, comma-separated."))
    ] = "",
    village: Annotated[
        bool, typer.Option("--village", help=_("At least one +Actions card."))
    ] = False,
    reaction: Annotated[
        bool, typer.Option("--reaction", help=_("A Reaction if there is an Attack."))
    ] = False,
    colony: Annotated[
        str, typer.Option("--colony", help=_("championship, one-card or none."))
    ] = "championship",
    players: Annotated[
        int | None,
        typer.Option("--players", min=2, max=6, help=_("Also the setup for 2–6 players.")),
    ] = None,
    seed: SeedOption = None,
    as_json: JsonOption = False,
) -> None:
    from kolo.games.dominion.cards import load, sort_key
    from kolo.games.dominion.randomizer import randomize
    from kolo.games.dominion.setup import setup
    from kolo.games.dominion.view import pile_lines, setup_document

    banned = _cards_of(ban) if ban else ()
    result = randomize(
        _split(sets),
        _rng(seed),
        banned=banned,
        village=village,
        reaction_if_attack=reaction,
        colony_rule=colony,
    )
    table_setup = (
        setup(players, result.cards, result.extras.colony, result.extras.shelters)
        if players
        else None
    )
    if as_json:
        document: dict[str, Any] = {"cards": list(result.cards), **result.extras.document()}
        if table_setup is not None:
            document["setup"] = setup_document(table_setup)
        print_json(document)
        return
    language = i18n.language()
    for card in sorted(result.cards, key=lambda c: sort_key(load().card(c), language)):
        print(_card_line(card, language))
    yes, no = _("yes"), _("no")
    print(
        _("Colony and Platinum: {answer} ({cards})").format(
            answer=yes if result.extras.colony else no, cards=", ".join(result.extras.colony_cards)
        )
    )
    print(
        _("Shelters: {answer} ({cards})").format(
            answer=yes if result.extras.shelters else no,
            cards=", ".join(result.extras.shelter_cards),
        )
    )
    if table_setup is not None:
        print(_("Setup for {players} players").format(players=players))
        for line in pile_lines(table_setup, language):
            print(f"  {line.name}: {line.count}")
        deck = ", ".join(
            f"{n}× {load().card(c).name(language)}" for c, n in table_setup.starting_deck
        )
        print("  " + _("each player starts with") + ": " + deck)


# --- kingdoms in the store ------------------------------------------------------------


@kingdom_app.command("show", help=_("The kingdoms of a round's tables."))
def kingdom_show(event: EventArg, round_number: RoundArg, as_json: JsonOption = False) -> None:
    from kolo.games.dominion.view import kingdom_view

    open_store(create=False)
    from kolo.store import api as store
    from kolo.store import kingdoms

    found = store.find_event(event)
    round_ = store.get_round(found, round_number)
    tables = list(round_.tables.all())
    if as_json:
        print_json(
            {
                str(t.number): kingdom.document()
                if (kingdom := kingdoms.stored_kingdom(t))
                else None
                for t in tables
            }
        )
        return
    language = i18n.language()
    for t in tables:
        print(_("Table {number}").format(number=t.number))
        kingdom = kingdoms.stored_kingdom(t)
        if not kingdom:
            print("  " + _("no kingdom"))
            continue
        names = [s.entrant.name for s in t.seats.select_related("entrant")]
        view = kingdom_view(kingdom, language, names)
        if view.drafted:
            print("  " + ", ".join(f"{c.name} ({c.cost})" for c in view.cards))
            yes, no = _("yes"), _("no")
            print(
                "  "
                + _("Colony and Platinum")
                + f": {yes if view.colony else no}; "
                + _("Shelters")
                + f": {yes if view.shelters else no}"
            )
        else:
            print("  " + _("mandatory") + ": " + ", ".join(c.name for c in view.mandatory))
            print("  " + _("to draft") + ": " + ", ".join(c.name for c in view.choices))
            if view.pickers:
                print("  " + _("pick order") + ": " + ", ".join(view.pickers))


@kingdom_app.command(
    "pick", help=_("Record a table's draft: the six picked, in pick order (R-DOM-5).")
)
def kingdom_pick(
    event: EventArg,
    round_number: RoundArg,
    table_number: Annotated[
        int, typer.Argument(help=_("Table number."), metavar="TABLE", show_default=False)
    ],
    picks: Annotated[
        str, typer.Argument(help=_("Six card ids or names, comma-separated."), show_default=False)
    ],
) -> None:
    open_store()
    from kolo.store import api as store
    from kolo.store import kingdoms

    row = kingdoms.record_draft(
        cli_actor(), store.find_event(event), round_number, table_number, _split(picks)
    )
    k = kingdoms.stored_kingdom(row)
    assert k is not None  # the draft just recorded
    assert k.cards is not None
    print(
        _("table {table}: {cards}; Colony: {colony}; Shelters: {shelters}").format(
            table=table_number,
            cards=", ".join(k.cards),
            colony=_("yes") if k.colony else _("no"),
            shelters=_("yes") if k.shelters else _("no"),
        )
    )


@kingdom_app.command("set", help=_("Record a kingdom drawn with physical cards (R-DOM-8)."))
def kingdom_set(
    event: EventArg,
    round_number: RoundArg,
    table_number: Annotated[
        int, typer.Argument(help=_("Table number."), metavar="TABLE", show_default=False)
    ],
    cards_text: Annotated[
        str,
        typer.Argument(
            help=_("Ten card ids or names, comma-separated."), metavar="CARDS", show_default=False
        ),
    ],
    colony: Annotated[
        bool, typer.Option("--colony/--no-colony", help=_("Colony and Platinum."))
    ] = False,
    shelters: Annotated[
        bool, typer.Option("--shelters/--no-shelters", help=_("Shelters."))
    ] = False,
) -> None:
    open_store()
    from kolo.store import api as store
    from kolo.store import kingdoms

    kingdoms.set_kingdom(
        cli_actor(),
        store.find_event(event),
        round_number,
        table_number,
        _split(cards_text),
        colony,
        shelters,
    )
    print(_("table {table}: kingdom recorded").format(table=table_number))


# --- pools --------------------------------------------------------------------------------


@pool_app.command("list", help=_("The card pools."))
def pool_list() -> None:
    from kolo.games.dominion.pools import championship

    open_store(create=False)
    from kolo.store import api as store
    from kolo.store import models

    print(f"{CHAMPIONSHIP}\t{len(championship().all_cards())}\t{championship().title}")
    for row in models.CardPool.objects.all():
        print(f"{row.name}\t{sum(len(v) for v in row.cards.values())}\t{row.title}")
    del store


@pool_app.command("show", help=_("The cards of a pool, by set."))
def pool_show(
    name: Annotated[str, typer.Argument(help=_("Pool name."), show_default=False)] = CHAMPIONSHIP,
    lang: Annotated[str | None, typer.Option("--lang", help=_("Names in cs, en or ja."))] = None,
    as_json: JsonOption = False,
) -> None:
    from kolo.games.dominion.cards import load
    from kolo.games.dominion.pools import championship

    if name == CHAMPIONSHIP:
        pool = championship()
    else:
        open_store(create=False)
        from kolo.store import kingdoms

        pool = kingdoms.card_pool(name)
    if as_json:
        print_json(
            {
                "name": pool.name,
                "title": pool.title,
                "cards": {s: list(c) for s, c in pool.cards.items()},
                "draw_groups": {
                    "basic_main": list(pool.basic_main),
                    "basic_extra": list(pool.basic_extra),
                },
            }
        )
        return
    language = lang or i18n.language()
    data = load()
    for set_id, ids in pool.cards.items():
        print(f"{data.set_name(set_id, language)} ({len(ids)})")
        print("  " + ", ".join(data.card(c).name(language) for c in ids))


@pool_app.command("save", help=_("Create or replace a pool from a JSON file (cards by set)."))
def pool_save(
    name: Annotated[str, typer.Argument(help=_("Pool name."), show_default=False)],
    file: Annotated[Path, typer.Argument(help=_("The pool file."), show_default=False)],
) -> None:
    source = _pool_file(file)
    open_store()
    from kolo.store import kingdoms

    kingdoms.save_pool(
        cli_actor(),
        name,
        source.cards,
        title=source.title or name,
        basic_main=source.basic_main,
        basic_extra=source.basic_extra,
    )
    print(_("pool {name} saved").format(name=name))
