"""Hardening of the command line: one password rule, one validation of names and clubs, no
control characters from user text on the terminal, and a store only its owner can read."""

import os
import stat
import subprocess
import sys

import pytest
from django.contrib.auth import get_user_model

from kolo.cli import main
from kolo.core.problems import InvalidInput
from kolo.store import models
from kolo.store.users import password_problem
from tests.web.conftest import snapshot

pytestmark = [pytest.mark.db, pytest.mark.django_db]


def run(capsys, *args):
    code = main(["--user", "desk", *args])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def brno(capsys):
    assert run(capsys, "event", "new", "--ruleset", "dominion-cz", "Brno 2026")[0] == 0
    assert run(capsys, "entrant", "add", "brno-2026", "Ana", "Bob", "Cyril")[0] == 0
    return "brno-2026"


# --- one password rule ------------------------------------------------------------------


def test_one_password_rule():
    assert password_problem("a") is not None
    assert password_problem("1234567") is not None
    assert password_problem("12345678") is None


def test_the_first_organisers_password_from_the_environment_follows_the_rule(monkeypatch):
    from kolo.cli.serve import first_organiser

    monkeypatch.setenv("KOLO_ADMIN_PASSWORD", "a")
    with pytest.raises(InvalidInput) as refused:
        first_organiser()
    assert refused.value.problems[0].path == "KOLO_ADMIN_PASSWORD"
    assert "at least 8 characters" in refused.value.problems[0].text()
    assert not get_user_model().objects.exists()
    monkeypatch.setenv("KOLO_ADMIN_PASSWORD", "long-enough")
    assert first_organiser() == ("admin", "long-enough")


def test_an_organiser_made_meanwhile_by_another_process_is_no_error(monkeypatch):
    """Two processes start at once: both find no organiser, one creates it first; the other
    takes it as made (no duplicate-name error) and prints no password."""
    from kolo.cli.serve import first_organiser

    users = get_user_model().objects
    users.create_superuser("admin", email="", password="made-by-the-other")
    monkeypatch.setattr(users, "exists", lambda: False)  # its look came before the other's
    monkeypatch.setenv("KOLO_ADMIN_PASSWORD", "long-enough")
    assert first_organiser() is None
    monkeypatch.undo()
    assert list(users.values_list("username", flat=True)) == ["admin"]
    assert users.get().check_password("made-by-the-other")


def test_kolo_user_uses_the_same_rule(capsys):
    code, _out, err = run(capsys, "user", "add", "olga", "--password", "short")
    assert code == 2
    assert "at least 8 characters" in err
    assert not get_user_model().objects.exists()


# --- names and clubs --------------------------------------------------------------------


@pytest.mark.parametrize(
    "club", ["NUL\x00club", "A\x1b[31mRED", "Brno\u202etxt", "x" * 100_000], ids=str.__len__
)
def test_editing_a_club_on_the_command_line_is_validated(capsys, brno, club):
    before = snapshot()
    code, _out, err = run(capsys, "entrant", "edit", brno, "p1", "--club", club)
    assert code == 2, err
    assert "internal error" not in err
    assert not any(c in err for c in "\x1b\x00\u202e")
    assert snapshot() == before


def test_names_from_a_csv_file_are_validated(capsys, brno, tmp_path):
    names = tmp_path / "names.csv"
    names.write_text('name,club\nDana,"A\x1b[2Jclub"\n', encoding="utf-8")
    before = snapshot()
    code, _out, err = run(capsys, "entrant", "add", brno, "--file", str(names))
    assert code == 2
    assert "\x1b" not in err
    assert snapshot() == before


def test_the_terminal_never_gets_control_characters_from_stored_text(capsys, brno):
    # text stored before the checks existed (or written to the database by hand)
    models.Entrant.objects.filter(code="p1").update(
        name="An\x1b]0;owned\x07a", club="B\x1b[2J\u202eclub\r"
    )
    for args in (
        ("entrant", "list", brno),
        ("standings", brno),
        ("entrant", "drop", brno, "p1"),
        ("audit", brno),
    ):
        code, out, err = run(capsys, *args)
        text = out + err
        assert code in (0, 2), err
        assert not any(c in text for c in "\x1b\x07\r\u202e"), (args, text)
    code, out, _err = run(capsys, "entrant", "list", brno)
    assert "\\u001b" in out  # shown, escaped, not hidden


# --- files only their owner reads -------------------------------------------------------


@pytest.mark.slow
def test_the_store_and_its_key_are_created_for_their_owner_only(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "KOLO_DB")}
    env |= {"XDG_DATA_HOME": str(tmp_path / "data"), "HOME": str(tmp_path), "KOLO_LANG": "en"}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    env.pop("KOLO_SECRET_KEY", None)
    result = subprocess.run(
        [
            sys.executable,
            "-c",
            "import os, sys; os.umask(0o022); from kolo.cli import main; "
            "sys.argv = ['kolo', 'event', 'new', '--ruleset', 'dominion-cz', 'Brno']; main()",
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    folder = tmp_path / "data" / "kolo"
    modes = {p.name: stat.S_IMODE(p.stat().st_mode) for p in folder.iterdir()}
    assert modes["kolo.sqlite3"] == 0o600
    assert modes["secret.key"] == 0o600
    assert all(mode & 0o077 == 0 for mode in modes.values()), modes
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700


# --- absurd JSON where a value or a file is JSON ----------------------------------------

ABSURD = ["1" * 5000, "[" * 100_000 + "]" * 100_000]


@pytest.mark.parametrize("value", ABSURD, ids=["digits", "deep"])
def test_a_setting_with_absurd_json_is_refused(capsys, value):
    code, _out, err = run(
        capsys, "event", "new", "--ruleset", "dominion-cz", "X", "--set", f"rounds={value}"
    )
    assert code == 2, err
    assert "internal error" not in err


@pytest.mark.parametrize("value", ABSURD, ids=["digits", "deep"])
def test_a_pool_file_with_absurd_json_is_refused(capsys, tmp_path, value):
    path = tmp_path / "pool.json"
    path.write_text(value, encoding="utf-8")
    code, _out, err = run(capsys, "pool", "save", "mine", str(path))
    assert code == 2, err
    assert "internal error" not in err
