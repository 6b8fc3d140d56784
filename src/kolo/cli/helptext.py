"""kolo's help in the language asked, click's own words too, and ``kolo --help`` in groups.

Typer's copy of click writes its words (``Usage:``, ``Show this message and exit.``, ``No such
option: …``) in English, with no catalogue of its own: ``prepare`` sets them in kolo's language
on the command tree a run builds, and ``usage_error`` words the errors of the command line.
The commands of ``kolo --help`` are listed in the groups of ``panels()``; ``SEE_ALSO`` tells, on
commands easily taken one for another, what the other one is for. A game's room on the CLI
floor says where its commands go and what its notes are (its ``Listing``), through the CLI's
registry of games, ``kolo.cli.games``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import overload

import typer.core
from typer._click import Command, Context, HelpFormatter
from typer._click.exceptions import (
    BadParameter,
    MissingParameter,
    NoArgsIsHelpError,
    NoSuchOption,
    UsageError,
)

from kolo.core.problems import N_
from kolo.i18n import _

# Typer's own words (typer.core): the headings, [required], [default: …], [env var: …], the
# errors of a missing or unknown command. They are looked up when written, in kolo's language.
typer.core._ = _  # type: ignore[attr-defined]

TYPER_WORDS = (
    N_("Arguments"),
    N_("Options"),
    N_("Commands"),
    N_("required"),
    N_("default: {default}"),
    N_("env var: {var}"),
    N_("(dynamic)"),
    N_("Aborted!"),
    N_("Missing command."),
    N_("No such command {name!r}."),
)
"""Typer's words, marked here so that the catalogue has them (``tests/test_translations.py``)."""


@dataclass(frozen=True)
class Listing:
    """What a game's room on the CLI floor adds to kolo's help (the room's ``HELP``, handed
    over by ``kolo.cli.games``): where ``kolo --help`` lists its commands, words for the title
    of the games' group, and notes on its commands easily taken for others. Names of commands
    as typed; paths as tuples of them."""

    games: tuple[str, ...] = ()
    """Its own groups (a game played, simulated), first in the games' group."""
    sheets: tuple[str, ...] = ()
    """Its commands on a table's score sheet, in the day's group after ``standings``."""
    setups: tuple[str, ...] = ()
    """Its commands on a table's setup, in the day's group after the score sheets."""
    tools: tuple[str, ...] = ()
    """Its other commands, in the games' group after ``demo``."""
    title: tuple[str, ...] = ()
    """Words (marked) that the games' group's title lists after its own."""
    simulations: tuple[tuple[str, ...], ...] = ()
    """Its commands that simulate games between bots, which ``kolo simulate`` points to."""
    see_also: Mapping[tuple[str, ...], str] = field(default_factory=dict)
    """What the other command is for, under the help of its commands easily confused (marked),
    by path."""


_GAMES: list[Listing] = []
"""The listings of the games' rooms, in the order of ``kolo.cli.games.ROOMS``."""


def list_games(listings: Iterable[Listing]) -> None:
    """Take the listings of the games' rooms (``kolo.cli.games`` hands them over once)."""
    _GAMES[:] = listings


def _of_games(field_name: str) -> tuple[str, ...]:
    return tuple(name for listing in _GAMES for name in getattr(listing, field_name))


GAMES_TITLE = N_("Games: bots, simulations")
"""The title of the games' group before the words the games' rooms add to it."""


def panels() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The groups of ``kolo --help``, in order, with their commands in order: titles in
    English, each translated as it is written. A command in none of them is listed last,
    under "Commands" (a test holds every command to a group). The games' rooms add their
    commands where their ``Listing`` says."""
    return (
        (
            N_("The day: an event in the store"),
            (
                "event",
                "entrant",
                "round",
                "result",
                "standings",
                *_of_games("sheets"),
                *_of_games("setups"),
                "audit",
            ),
        ),
        (
            N_("Event files (no store)"),
            ("validate", "check", "pair", "schema", "rulesets", "export", "import"),
        ),
        (GAMES_TITLE, (*_of_games("games"), "simulate", "demo", *_of_games("tools"))),
        (N_("Series of events"), ("series",)),
        (
            N_("The service: web application, accounts, the store"),
            ("serve", "user", "store", "backup", "restore"),
        ),
    )


def _title(title: str) -> str:
    """A group's title in kolo's language (the games' group with the words its rooms add)."""
    if title != GAMES_TITLE:
        return _(title)
    return ", ".join((_(title), *(_(word) for word in _of_games("title"))))


class _Panels(Sequence[tuple[str, tuple[str, ...]]]):
    """The groups of ``kolo --help`` as they are when read (``panels()``)."""

    @overload
    def __getitem__(self, index: int) -> tuple[str, tuple[str, ...]]: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[tuple[str, tuple[str, ...]]]: ...

    def __getitem__(
        self, index: int | slice
    ) -> tuple[str, tuple[str, ...]] | Sequence[tuple[str, tuple[str, ...]]]:
        return panels()[index]

    def __len__(self) -> int:
        return len(panels())


PANELS: Sequence[tuple[str, tuple[str, ...]]] = _Panels()
"""The groups of ``kolo --help`` (``panels()``), with the games' commands once their rooms are
in."""


SEE_ALSO: dict[tuple[str, ...], str] = {
    ("pair",): N_(
        "kolo pair works on an event file, without the store, and changes nothing. To seat a "
        "round of an event in the store: kolo round pair EVENT."
    ),
    ("round", "pair"): N_(
        "kolo round pair seats and stores a round of an event in the store. To propose a round "
        "from an event file, without the store: kolo pair FILE."
    ),
    ("round", "new"): N_(
        "To let the pairing engine seat the round: kolo round pair EVENT. To check the rounds "
        "of an event file: kolo check FILE."
    ),
    ("check",): N_(
        "kolo check reads an event file, without the store. In the store every round is "
        "checked as it is seated (kolo round new, kolo round pair)."
    ),
    ("standings",): N_(
        "kolo standings FILE reads an event file, without the store; kolo standings EVENT "
        "the event of that key in the store. A series' tour standings: kolo series standings."
    ),
    ("series", "standings"): N_(
        "The tour's standings across the events of a series. One event's standings: kolo "
        "standings FILE or EVENT."
    ),
    ("validate",): N_(
        "kolo validate checks an event file (kolo-event/1). A series file (kolo-series/1): "
        "kolo series validate."
    ),
    ("series", "validate"): N_(
        "kolo series validate checks a series file (kolo-series/1) and its events. One event "
        "file: kolo validate FILE."
    ),
    ("schema",): N_("The format of a series file: kolo series schema."),
    ("series", "schema"): N_("The format of an event file: kolo schema."),
    ("demo",): N_(
        "kolo demo stores one event to look at. Many events played in memory, to measure a "
        "format: kolo simulate."
    ),
    ("export",): N_(
        "The file is read by the commands on a FILE (kolo validate, kolo standings, kolo pair) "
        "and stored again by kolo import."
    ),
    ("import",): N_("The other way: kolo export EVENT writes an event of the store to a file."),
}
"""What the other command is for, under the help of commands easily confused, by path (the
games' rooms add theirs: ``Listing.see_also``)."""

SIMULATE_NOTE = N_(
    "kolo simulate measures a tournament format (rule set, rounds, players). How the bots play "
    "one game: {commands}. One event, stored: kolo demo."
)
"""The note under ``kolo simulate``, naming the games' simulations (``Listing.simulations``)."""


def see_also(path: tuple[str, ...]) -> str | None:
    """The note under the help of the command at ``path`` on the command it is easily taken
    for, in kolo's language; None where there is none."""
    if path == ("simulate",):
        commands = (" ".join(("kolo", *p)) for listing in _GAMES for p in listing.simulations)
        return _(SIMULATE_NOTE).format(commands=", ".join(commands))
    notes = [listing.see_also[path] for listing in _GAMES if path in listing.see_also]
    if path in SEE_ALSO:
        notes.insert(0, SEE_ALSO[path])
    return _(notes[0]) if notes else None


_CLICK_WORDS = (
    N_("Usage: "),
    N_("[OPTIONS]"),
    N_("COMMAND [ARGS]..."),
    N_("Show this message and exit."),
    N_("str"),
    N_("int"),
    N_("float"),
    N_("int range"),
    N_("float range"),
    N_("path"),
)
"""Click's words in the help, marked for the catalogue."""


class Formatter(HelpFormatter):
    """Click's formatter with the usage line in kolo's language."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        super().write_usage(prog, args, _("Usage: ") if prefix is None else prefix)


class KoloContext(Context):
    formatter_class = Formatter


class PanelGroup(typer.core.TyperGroup):
    """The application's group: ``kolo --help`` lists its commands in the groups of
    ``panels()``."""

    def format_commands(self, ctx: Context, formatter: HelpFormatter) -> None:
        listed = {
            name: command
            for name in self.list_commands(ctx)
            if (command := self.get_command(ctx, name)) is not None and not command.hidden
        }
        if not listed:
            return
        limit = formatter.width - 6 - max(len(name) for name in listed)
        groups = panels()
        sections: list[tuple[str, list[str]]] = [
            (_title(title), [name for name in names if name in listed]) for title, names in groups
        ]
        grouped = {name for _name, names in groups for name in names}
        sections.append((_("Commands"), [name for name in listed if name not in grouped]))
        for title, names in sections:
            if names:
                with formatter.section(title):
                    formatter.write_dl(
                        [(name, listed[name].get_short_help_str(limit)) for name in names]
                    )


def _tree(
    command: Command, path: tuple[str, ...] = ()
) -> Iterator[tuple[tuple[str, ...], Command]]:
    yield path, command
    if isinstance(command, typer.core.TyperGroup):
        for name, sub in command.commands.items():
            yield from _tree(sub, (*path, name))


def prepare(root: Command) -> None:
    """Set click's words in the command tree ``root`` in kolo's language, and each command's
    note on the command it is easily taken for."""
    for path, command in _tree(root):
        command.context_class = KoloContext
        if command.options_metavar == "[OPTIONS]":
            command.options_metavar = _("[OPTIONS]")
        if (
            isinstance(command, typer.core.TyperGroup)
            and command.subcommand_metavar == "COMMAND [ARGS]..."
        ):
            command.subcommand_metavar = _("COMMAND [ARGS]...")
        if not command.epilog and (note := see_also(path)) is not None:
            command.epilog = note
        context = KoloContext(command, info_name=path[-1] if path else "kolo")
        context.help_option_names = ["-h", "--help"]
        help_option = command.get_help_option(context)
        if help_option is not None:
            help_option.help = _("Show this message and exit.")
        for param in command.params:
            if param.param_type_name != "option" or param.metavar is not None:
                continue
            if getattr(param, "is_flag", False) or param.type.get_metavar(param, context):
                continue
            word = _(param.type.name)
            if word != param.type.name:
                param.metavar = f"<{word}>"


# --- errors of the command line ---------------------------------------------------------------

_MESSAGES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern, re.S), message)
    for pattern, message in (
        (r"No such option: (?P<name>.+)", N_("No such option: {name}")),
        (
            r"Got unexpected extra argument\(s\) \((?P<args>.*)\)",
            N_("Got unexpected extra argument(s) ({args})"),
        ),
        (r"Option (?P<name>.+) requires an argument\.", N_("Option {name} requires an argument.")),
        (
            r"Option (?P<name>.+) requires (?P<count>\d+) arguments\.",
            N_("Option {name} requires {count} arguments."),
        ),
        (
            r"Option (?P<name>.+) does not take a value\.",
            N_("Option {name} does not take a value."),
        ),
        (
            r"Argument (?P<name>.+) takes (?P<count>\d+) values\.",
            N_("Argument {name} takes {count} values."),
        ),
        (
            r"(?P<value>.+) is not a valid boolean\. Recognized values: (?P<known>.+)",
            N_("{value} is not a valid boolean. Recognized values: {known}"),
        ),
        (
            r"(?P<value>.+) is not a valid (?P<kind>int|float|int range|float range)\.",
            N_("{value} is not a valid {kind}."),
        ),
        (
            r"(?P<value>.+) is not in the range (?P<range>.+)\.",
            N_("{value} is not in the range {range}."),
        ),
        (r"(?P<value>.+) is not one of (?P<known>.+)\.", N_("{value} is not one of {known}.")),
        (
            r"(?P<kind>File|Directory|Path) (?P<name>.+) does not exist\.",
            N_("{kind} {name} does not exist."),
        ),
        (r"(?P<kind>File|Directory|Path) (?P<name>.+) is a file\.", N_("{kind} {name} is a file.")),
        (
            r"(?P<kind>File|Directory|Path) (?P<name>.+) is a directory\.",
            N_("{kind} {name} is a directory."),
        ),
        (
            r"(?P<kind>File|Directory|Path) (?P<name>.+) is not readable\.",
            N_("{kind} {name} is not readable."),
        ),
        (
            r"(?P<kind>File|Directory|Path) (?P<name>.+) is not writable\.",
            N_("{kind} {name} is not writable."),
        ),
    )
)
_KINDS = (N_("File"), N_("Directory"), N_("Path"))
"""The kinds of path in click's messages; ``kind`` in them is one of these or a type's name."""

_SUGGESTION = re.compile(r"(?P<message>.+)\. Did you mean (?P<names>.+)\?", re.S)
_POSSIBLE = N_("(Possible options: {options})")
_MISSING = {
    "argument": N_("Missing argument {name}."),
    "option": N_("Missing option {name}."),
}


def _words(message: str) -> str:
    """One of click's messages in kolo's language (a message kolo wrote is left as it is)."""
    if suggested := _SUGGESTION.fullmatch(message):
        message = _words(suggested["message"] + ".").rstrip(".")
        return _("{message}. Did you mean {names}?").format(
            message=message, names=suggested["names"]
        )
    for pattern, wording in _MESSAGES:
        if found := pattern.fullmatch(message):
            values = found.groupdict()
            if "kind" in values:
                values["kind"] = _(values["kind"])
            return _(wording).format(**values)
    return message


def _hint(error: BadParameter) -> str | None:
    if error.param_hint is not None:
        hint = error.param_hint
        return hint if isinstance(hint, str) else " / ".join(hint)
    if error.param is not None:
        return str(error.param.get_error_hint(error.ctx))  # type: ignore[arg-type]
    return None


def usage_error(error: UsageError) -> str:
    """The message of a command-line error, in kolo's language."""
    if isinstance(error, NoArgsIsHelpError):
        return error.format_message()  # the help, written in kolo's language already
    if isinstance(error, MissingParameter):
        kind = error.param_type or (error.param.param_type_name if error.param else "parameter")
        hint = _hint(error) or ""
        text = _(_MISSING.get(kind, N_("Missing parameter {name}."))).format(name=hint)
        return f"{text} {_words(error.message)}" if error.message else text
    if isinstance(error, BadParameter):
        reason = _words(error.message)
        if (named := _hint(error)) is None:
            return _("Invalid value: {reason}").format(reason=reason)
        return _("Invalid value for {name}: {reason}").format(name=named, reason=reason)
    if isinstance(error, NoSuchOption):
        text = _words(error.message)
        if error.possibilities:
            text += " " + _(_POSSIBLE).format(options=", ".join(sorted(error.possibilities)))
        return text
    return _words(error.format_message())
