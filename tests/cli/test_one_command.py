"""A run builds only the command it names (``kolo.cli._app_for``): the same answers as the
whole application, for commands, groups, the shared options before them, help and typos."""

import pytest

from kolo.cli import _app_for, _named, app, main


@pytest.mark.parametrize(
    ("args", "name"),
    [
        (["pair", "f.json"], "pair"),
        (["--db", "x.sqlite3", "event", "list"], "event"),
        (["--lang", "cs", "--user", "eva", "round", "show"], "round"),
        (["--lang=cs", "standings", "f.json"], "standings"),
        (["--help"], None),
        (["-h", "pair"], None),  # the application's help, before any command
        (["pair", "--help"], "pair"),
        ([], None),
    ],
)
def test_the_command_named_after_the_shared_options(args, name):
    assert _named(args) == name


def test_only_the_named_command_or_group_is_built():
    assert [c.callback.__name__ for c in _app_for(["pair", "f"]).registered_commands] == ["pair"]
    only = _app_for(["--db", "x", "entrant", "list"])
    assert only.registered_commands == []
    assert [g.name for g in only.registered_groups] == ["entrant"]
    # the whole application is untouched
    assert len(app.registered_commands) > 5
    assert len(app.registered_groups) > 5


def test_help_and_typos_keep_every_command(capsys):
    assert _app_for(["--help"]) is app
    assert _app_for(["paer", "f.json"]) is app
    assert main(["paer", "f.json"]) == 2
    assert "Did you mean 'pair'?" in capsys.readouterr().err
    assert main(["--help"]) == 0
    listing = capsys.readouterr().out
    assert "standings" in listing
    assert "entrant" in listing
