"""What the commands on the store share: the event and round arguments, the store opened on
first use, who the audit trail records, and the parsing of ``name=value`` options."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Annotated, Any

import typer

from kolo.cli.app import state
from kolo.cli.files import parse_json_value
from kolo.core.problems import N_, InvalidInput
from kolo.i18n import _

if TYPE_CHECKING:
    from kolo.store.api import Actor

EventArg = Annotated[
    str,
    typer.Argument(
        help=_("The event's key (kolo event list)."), metavar="EVENT", show_default=False
    ),
]
RoundArg = Annotated[
    int, typer.Argument(help=_("Round number."), metavar="ROUND", show_default=False)
]


def open_store(*, create: bool = True) -> None:
    """Make the store ready (created and migrated on first use, unless ``create`` is false).
    After it a command imports ``kolo.store.api`` (not before: the store's models need the
    database set up), so that every call into the store is checked against the module
    itself."""
    from kolo.web import bootstrap

    state.where = bootstrap.setup(state.db, create=create)


def cli_actor() -> Actor:
    """Who the audit trail records for a change made from the command line."""
    from kolo.store.api import Actor

    return Actor(who=state.who(), via="cli")


_WHOLE_NUMBER = re.compile(r"-?[0-9]{1,12}")


def assignments(values: Sequence[str], what: str) -> dict[str, int]:
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


def settings_option(values: Sequence[str]) -> dict[str, Any]:
    settings: dict[str, Any] = {}
    for item in values:
        name, sep, value = item.partition("=")
        if not sep:
            raise InvalidInput.one(
                N_("'{item}' is not of the form name=value"), path="--set", item=item
            )
        settings[name.strip()] = parse_json_value(value.strip())
    return settings
