"""``kolo serve`` (the web application) and ``kolo user`` (organiser accounts)."""

from __future__ import annotations

import contextlib
import sys
from typing import Annotated

import typer

from kolo.cli.app import app, state
from kolo.core.problems import N_, InvalidInput
from kolo.i18n import _

user_app = typer.Typer(help=_("Organiser accounts for the web application."), no_args_is_help=True)
app.add_typer(user_app, name="user")


CONNECTIONS = 1000
"""Connections served at once by default. Each phone showing a page keeps its connection
open between the polls; waitress's own default (100) left the hundred-and-first phone
waiting for minutes at a venue with more players."""


def enough_files(connections: int) -> None:
    """Let the process open a file for every connection (and some for the store), as far
    as the system allows: macOS starts programs with 256."""
    try:
        import resource
    except ImportError:  # Windows: no such limit
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = connections + 64
    if soft != resource.RLIM_INFINITY and soft < wanted:
        target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        # refused: kept as it was, and waitress then serves fewer at once
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))


def first_organiser() -> tuple[str, str] | None:
    """Create the first organiser account if there is none: (name, password), only in the
    process that created it (``bootstrap.first_organiser``)."""
    from kolo.web import bootstrap

    return bootstrap.first_organiser()


def _setup() -> None:
    from kolo.web import bootstrap

    state.where = bootstrap.setup(state.db)


def forget_old_emails() -> None:
    """Registrations' e-mail addresses erased a set time after their event
    (``KOLO_FORGET_EMAILS_DAYS``), each time the web application starts."""
    from django.conf import settings

    from kolo.store import api as store

    erased = store.forget_emails(int(getattr(settings, "FORGET_EMAILS_DAYS", 30)))
    if erased:
        print(
            _("erased the e-mail addresses of past events' registrations: {count}").format(
                count=erased
            )
        )


@app.command(
    help=_(
        "Run the web application: the organiser's desk and the players' pages. Prints the "
        "local and the network address (with a QR code for phones) and, the first time, "
        "the organiser's login."
    )
)
def serve(
    host: Annotated[str, typer.Option("--host", help=_("Address to listen on."))] = "0.0.0.0",
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help=_("Port."))] = 8000,
    threads: Annotated[
        int, typer.Option("--threads", min=1, max=64, help=_("Worker threads."))
    ] = 8,
    connections: Annotated[
        int,
        typer.Option(
            "--connections",
            min=10,
            max=10_000,
            help=_(
                "Open connections served at once: every phone on a page keeps one open. "
                "Beyond this, a new phone waits until another leaves."
            ),
        ),
    ] = CONNECTIONS,
) -> None:
    _setup()
    from kolo.web import publicurl

    publicurl.listening_on = host
    created = first_organiser()
    forget_old_emails()
    local = f"http://localhost:{port}/"
    lan = publicurl.lan_address()
    print(_("kolo serves the store at {where}").format(where=state.where))
    print(_("on this computer: {url}").format(url=local))
    if created:
        print(
            _(
                "organiser login: {url}login/ — user {name}, password {password} "
                "(change it: kolo user password {name})"
            ).format(url=local, name=created[0], password=created[1])
        )
    if lan and host in ("0.0.0.0", "::", lan):
        url = f"http://{lan}:{port}/"
        print(_("for phones on the same network: {url}").format(url=url))
        import segno

        segno.make(url, error="m").terminal(out=sys.stdout, compact=True)
    sys.stdout.flush()
    import waitress

    from kolo.web.wsgi import application

    enough_files(connections)

    waitress.serve(
        application,
        host=host,
        port=port,
        threads=threads,
        connection_limit=connections,
        ident="kolo",
        # X-Forwarded-For reaches kolo, which trusts it from KOLO_TRUSTED_PROXIES only
        # (accounts.client_address); waitress would drop it before kolo sees it
        clear_untrusted_proxy_headers=False,
    )


@user_app.command("add", help=_("Add an organiser account (asks for the password)."))
def user_add(
    name: Annotated[str, typer.Argument(help=_("User name."), show_default=False)],
    superuser: Annotated[
        bool, typer.Option("--superuser", help=_("May open every event."))
    ] = False,
    password: Annotated[
        str | None,
        typer.Option("--password", help=_("The password (default: ask).")),
    ] = None,
) -> None:
    _setup()
    from django.contrib.auth import get_user_model

    from kolo.store.users import check_password

    users = get_user_model().objects
    if not name.strip():
        raise InvalidInput.one(N_("the name must not be empty"), path="NAME")
    if users.filter(username=name).exists():
        raise InvalidInput.one(N_("a user '{name}' exists already"), path="NAME", name=name)
    secret = password or typer.prompt(_("Password"), hide_input=True, confirmation_prompt=True)
    check_password(secret, "--password")
    if superuser:
        users.create_superuser(name, email="", password=secret)
    else:
        users.create_user(name, email="", password=secret)
    print(_("user {name} added").format(name=name))


@user_app.command("password", help=_("Set an organiser's password (asks for it)."))
def user_password(
    name: Annotated[str, typer.Argument(help=_("User name."), show_default=False)],
    password: Annotated[
        str | None, typer.Option("--password", help=_("The password (default: ask)."))
    ] = None,
) -> None:
    _setup()
    from django.contrib.auth import get_user_model

    from kolo.store.users import check_password

    user = get_user_model().objects.filter(username=name).first()
    if user is None:
        raise InvalidInput.one(N_("no user '{name}'"), path="NAME", name=name)
    secret = password or typer.prompt(_("Password"), hide_input=True, confirmation_prompt=True)
    check_password(secret, "--password")
    from kolo.store import api as store

    store.set_password(store.Actor(who=state.who(), via="cli"), user, secret)
    print(_("password of {name} changed").format(name=name))


@user_app.command("list", help=_("List the organiser accounts."))
def user_list() -> None:
    _setup()
    from django.contrib.auth import get_user_model

    for user in get_user_model().objects.order_by("username"):
        print(f"{user.get_username()}{' (superuser)' if user.is_superuser else ''}")
