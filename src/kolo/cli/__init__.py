"""The ``kolo`` command: stateless commands on event files and commands on the store.

Exit codes (EVENT-FORMAT.md): 0 success; 2 invalid input, one clear line per problem on
stderr and nothing stored changed; 3 no valid pairing; 1 an internal error (a bug).
"""

from __future__ import annotations

import copy
import sys
from collections.abc import Sequence

import typer
from typer import Abort
from typer._click.exceptions import ClickException, UsageError

from kolo import i18n


def _asked_language(args: Sequence[str]) -> str | None:
    """``--lang X`` from the process's arguments, read before the commands are defined, so
    that their help is in that language too (the option itself is read again, and checked,
    by ``kolo.cli.app``)."""
    for index, arg in enumerate(args):
        if arg == "--lang" and index + 1 < len(args):
            return args[index + 1]
        if arg.startswith("--lang="):
            return arg.partition("=")[2]
    return None


if (_language := _asked_language(sys.argv[1:])) in i18n.LANGUAGES:
    i18n.activate(_language)

# the commands after the language: their help is written as they are defined
from kolo.cli import commands  # noqa: E402, F401 - registers every command
from kolo.cli.app import app  # noqa: E402
from kolo.cli.helptext import prepare, usage_error  # noqa: E402
from kolo.cli.output import show_problems  # noqa: E402
from kolo.cli.terminal import safe_output  # noqa: E402
from kolo.core.problems import InvalidInput, NoValidPairing  # noqa: E402
from kolo.i18n import _  # noqa: E402

__all__ = ["app", "main"]


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``kolo`` with ``argv`` (default: the process arguments); returns the exit code.

    Output goes through ``terminal.safe_output``: no control characters from user text.
    """
    with safe_output():
        code = _run(argv)
    if argv is None:
        sys.exit(code)
    return code


_VALUED = ("--db", "--user", "--lang")
"""The options before the command that take a value."""


def _named(args: Sequence[str]) -> str | None:
    """The command ``args`` name (after the options every command shares), if any."""
    skip = False
    for arg in args:
        if skip:
            skip = False
        elif arg in _VALUED:
            skip = True
        elif arg in ("-h", "--help"):
            return None  # the application's help, listing every command
        elif not arg.startswith("-"):
            return arg
    return None


def _app_for(args: Sequence[str]) -> typer.Typer:
    """The application with only the command ``args`` name, where it names one: Typer
    builds every command's parameters on each run (about 40 ms for all of kolo's),
    and a run needs one. Without a known command name (help, a typo) all of them."""
    name = _named(args)
    named = [
        c
        for c in app.registered_commands
        if (c.name or typer.main.get_command_name(getattr(c.callback, "__name__", ""))) == name
    ]
    groups = [g for g in app.registered_groups if g.name == name]
    if not named and not groups:
        return app
    only = copy.copy(app)
    only.registered_commands = named
    only.registered_groups = groups
    return only


def _run(argv: Sequence[str] | None) -> int:
    args = list(argv) if argv is not None else sys.argv[1:]
    command = typer.main.get_command(_app_for(args))
    prepare(command)
    try:
        code = command.main(args=args, prog_name="kolo", standalone_mode=False)
    except InvalidInput as error:
        show_problems(error.problems)
        code = 2
    except NoValidPairing as error:
        print(f"kolo: {error.rule}: {error.text(_)}", file=sys.stderr)
        for line in error.advice(_):
            print(f"kolo: {line}", file=sys.stderr)
        code = 3
    except UsageError as error:
        where = f" ({error.ctx.command_path} --help)" if error.ctx is not None else ""
        print(f"kolo: {usage_error(error)}{where}", file=sys.stderr)
        code = 2
    except ClickException as error:
        print(f"kolo: {error.format_message()}", file=sys.stderr)
        code = 2
    except Abort:
        print("kolo: " + _("aborted; nothing changed"), file=sys.stderr)
        code = 2
    except BrokenPipeError:
        code = 0
    except Exception as error:
        if type(error).__name__ == "ImproperlyConfigured":  # Django's: a setting is wrong
            print(f"kolo: {error}", file=sys.stderr)
            return 2
        print(
            "kolo: " + _("internal error (a bug in kolo); please report it with this text:"),
            file=sys.stderr,
        )
        import traceback

        traceback.print_exc()
        code = 1
    return code if isinstance(code, int) else 0
