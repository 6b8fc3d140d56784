"""The Typer application and the options every command shares."""

from __future__ import annotations

import getpass
import os
import sys
from dataclasses import dataclass
from typing import Annotated

import typer

from kolo import __version__, i18n
from kolo.cli.helptext import PanelGroup
from kolo.i18n import _


@dataclass
class State:
    """Options given before the command (``kolo --db … --user … COMMAND``)."""

    db: str | None = None
    user: str | None = None
    where: str | None = None
    """Where the store is, once a command has opened it."""

    def who(self) -> str:
        """Who is recorded in the audit trail for changes from this command."""
        if self.user:
            return self.user
        if os.environ.get("KOLO_USER"):
            return os.environ["KOLO_USER"]
        try:
            return getpass.getuser()
        except (KeyError, OSError):
            return "unknown"


state = State()

app = typer.Typer(
    name="kolo",
    help=_(
        "kolo runs board-game tournaments played three or four to a table, in pairs or in "
        "teams: entrants, rounds, results, standings. Commands on a FILE read a kolo-event/1 "
        "file and change nothing; commands on an EVENT work on the store."
    ),
    cls=PanelGroup,
    add_completion=False,
    no_args_is_help=True,
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        print(f"kolo {__version__}")
        raise typer.Exit()


@app.callback()
def options(
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            envvar="KOLO_DB",
            help=_("SQLite file of the store (default: kolo.sqlite3 in your data directory)."),
        ),
    ] = None,
    user: Annotated[
        str | None,
        typer.Option(
            "--user",
            envvar="KOLO_USER",
            help=_("Name recorded in the audit trail (default: your login)."),
        ),
    ] = None,
    lang: Annotated[
        str | None,
        typer.Option("--lang", help=_("Language of messages and output: cs or en.")),
    ] = None,
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help=_("Show the version.")),
    ] = False,
) -> None:
    """Options for every command."""
    state.db = db
    state.user = user
    if lang is not None and lang not in i18n.LANGUAGES:
        raise typer.BadParameter(_("choose cs or en"), param_hint="--lang")
    asked = os.environ.get("KOLO_LANG", "")
    if lang is None and asked and asked not in i18n.LANGUAGES:
        print(
            "kolo: "
            + _("KOLO_LANG={value} is not cs or en; using {language}").format(
                value=asked, language=i18n.detect()
            ),
            file=sys.stderr,
        )
    i18n.activate(lang or i18n.detect())
