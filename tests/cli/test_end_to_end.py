"""The installed command in real processes: first use creates and migrates the store and says
where it is; exit codes are those EVENT-FORMAT.md documents."""

import json
import os
import subprocess
import sys

import pytest

from tests.conftest import EXAMPLES

pytestmark = pytest.mark.slow


def kolo(*args, env, check=True):
    result = subprocess.run(
        [sys.executable, "-m", "kolo", *args], capture_output=True, text=True, env=env, timeout=120
    )
    if check:
        assert result.returncode == 0, result.stderr
    return result


@pytest.fixture
def env(tmp_path):
    environment = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "KOLO_DB")}
    environment["XDG_DATA_HOME"] = str(tmp_path / "data")
    environment["HOME"] = str(tmp_path)
    environment["KOLO_LANG"] = "en"
    environment.pop("DJANGO_SETTINGS_MODULE", None)
    return environment


def test_first_use_creates_the_store_in_the_data_directory(env, tmp_path):
    first = kolo("event", "new", "--ruleset", "carcassonne-cz", "Plzeň 2026", env=env)
    expected = tmp_path / "data" / "kolo" / "kolo.sqlite3"
    assert f"kolo: new store at {expected}" in first.stderr
    assert expected.exists()
    second = kolo("event", "list", env=env)
    assert "plzen-2026" in second.stdout
    assert f"store: {expected}" in second.stdout
    assert "new store" not in second.stderr
    assert kolo("store", env=env).stdout.strip() == str(expected)


def test_the_store_path_can_be_set(env, tmp_path):
    target = tmp_path / "elsewhere" / "event.sqlite3"
    kolo("--db", str(target), "import", str(EXAMPLES / "brno-2026.json"), env=env)
    assert target.exists()
    import sqlite3

    with sqlite3.connect(target) as connection:
        mode = connection.execute("pragma journal_mode").fetchone()[0]
    assert mode == "wal"
    env["KOLO_DB"] = str(target)
    standings = kolo("standings", "dominion-tour-brno-march-2026", "--json", env=env)
    assert len(json.loads(standings.stdout)["standings"]) == 31


def test_exit_codes_and_no_tracebacks(env):
    bad = kolo("validate", "/nonexistent/event.json", env=env, check=False)
    assert (bad.returncode, bad.stderr.count("\n")) == (2, 1)
    unknown = kolo("standings", "no-such-event", env=env, check=False)
    assert unknown.returncode == 2
    assert "Traceback" not in unknown.stderr
    env["DATABASE_URL"] = "mysql://somewhere/db"
    wrong_url = kolo("event", "list", env=env, check=False)
    assert wrong_url.returncode == 2
    assert (
        wrong_url.stderr.strip()
        == "kolo: DATABASE_URL must start with postgresql:// (found mysql://)"
    )


def test_main_job_from_the_readme(env):
    result = kolo("standings", str(EXAMPLES / "brno-2026.json"), env=env)
    assert "standings after round 5" in result.stdout
    assert "Barbora Králová" in result.stdout


def test_czech_from_the_environment(env):
    env["KOLO_LANG"] = "cs"
    result = kolo("standings", str(EXAMPLES / "rules/dominion-success.json"), env=env)
    assert "49,00 %" in result.stdout


def test_reading_commands_do_not_create_a_store(env, tmp_path):
    target = tmp_path / "typo" / "k.sqlite3"
    env["KOLO_DB"] = str(target)
    for args in (["standings", "x"], ["export", "x"], ["audit", "x"], ["entrant", "list", "x"]):
        result = kolo(*args, env=env, check=False)
        assert result.returncode == 2, args
        assert "there is no store here yet" in result.stderr
    listing = kolo("event", "list", env=env)
    assert "(not created yet)" in listing.stdout
    assert "(not created yet)" in kolo("store", env=env).stdout
    assert not target.parent.exists()
