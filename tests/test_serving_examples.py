"""The example configuration of docs/examples (docs/web.md, "Serving a league") stays true: the
environment it sets is what kolo reads, every setting kolo reads is in the example
environment, the service files run commands and options that exist, and the files the docs
name are there."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "docs" / "examples"
SOURCE = ROOT / "src" / "kolo"

NAME = re.compile(r"\b(?:KOLO_[A-Z0-9_]+|DATABASE_URL)\b")
NOT_FOR_A_SERVER = {
    "KOLO_DEBUG",  # Django's debug pages: never on a public server
    "KOLO_DB",  # a SQLite file: a league's store is PostgreSQL
    "KOLO_LANG",  # the command line's language
    "KOLO_USER",  # the command line's name in the audit trail
    "KOLO_THREADS",  # a test's and a benchmark's
}


def read_by_kolo() -> set[str]:
    """Every environment variable kolo's code names in a string."""
    names: set[str] = set()
    for path in SOURCE.rglob("*.py"):
        for literal in re.findall(r"[\"'](KOLO_[A-Z0-9_]+|DATABASE_URL)[\"']", path.read_text()):
            names.add(literal)
    return names


def settings_read() -> set[str]:
    """The variables the web application's settings read from the environment."""
    names: set[str] = set()
    for module in ("web/settings.py", "web/database.py"):
        text = (SOURCE / module).read_text()
        names |= set(re.findall(r"environ(?:\.get)?[\[(]\s*\"([A-Z_]+)\"", text))
    return names


def active_lines(path: Path) -> list[str]:
    return [
        line
        for line in path.read_text().splitlines()
        if line.strip() and not line.lstrip().startswith("#")
    ]


def test_the_example_environment_sets_only_what_kolo_reads():
    known = read_by_kolo()
    for path in sorted(EXAMPLES.iterdir()):
        for line in active_lines(path):
            for name in NAME.findall(line):
                assert name in known, f"{path.name}: {name} is read nowhere in kolo"


def test_the_example_environment_has_every_setting_kolo_reads():
    mentioned = set(NAME.findall((EXAMPLES / "kolo.env").read_text()))
    missing = settings_read() - NOT_FOR_A_SERVER - mentioned
    assert not missing, f"kolo.env does not mention {sorted(missing)}"
    for needed in (
        "DATABASE_URL",
        "KOLO_SECRET_KEY",
        "KOLO_ALLOWED_HOSTS",
        "KOLO_TRUSTED_PROXIES",
        "KOLO_PUBLIC_URL",
    ):
        assert any(line.startswith(f"{needed}=") for line in active_lines(EXAMPLES / "kolo.env"))


def test_the_documented_settings_are_all_in_the_example_environment():
    """docs/web.md's league section names no setting the example environment lacks."""
    text = (ROOT / "docs" / "web.md").read_text()
    section = text[text.index("## Serving a league") :]
    section = section[: section.index("\n## ", 1)]
    documented = set(NAME.findall(section)) - NOT_FOR_A_SERVER - {"KOLO_ADMIN_PASSWORD"}
    mentioned = set(NAME.findall((EXAMPLES / "kolo.env").read_text()))
    assert documented <= mentioned, sorted(documented - mentioned)


def _exec_start(path: Path) -> list[str]:
    text = path.read_text().replace("\\\n", " ")
    (line,) = [line for line in text.splitlines() if line.startswith("ExecStart=")]
    return shlex.split(line.removeprefix("ExecStart="))


def test_the_gunicorn_service_runs_kolos_application_with_options_gunicorn_has():
    from gunicorn.config import Config

    command = _exec_start(EXAMPLES / "kolo.service")
    assert command[0].endswith("/gunicorn")
    config = Config()
    parsed = config.parser().parse_args(command[1:])
    assert parsed.args == ["kolo.web.wsgi:application"]
    assert parsed.worker_class == "gthread"
    assert not parsed.preload_app  # each worker opens its own database connections
    assert parsed.bind == ["127.0.0.1:8000"]
    assert "server 127.0.0.1:8000;" in (EXAMPLES / "nginx-kolo.conf").read_text()


def test_the_other_services_run_kolo_commands_that_exist():
    from kolo.cli import main

    serve = _exec_start(EXAMPLES / "kolo@.service")
    assert serve[0].endswith("/kolo")
    assert serve[1:] == ["serve", "--host", "127.0.0.1", "--port", "%i"]
    # the instances the docs start are the ports nginx sends to
    upstream = re.findall(
        r"^\s*server 127\.0\.0\.1:(\d+)", (EXAMPLES / "nginx-kolo.conf").read_text(), re.M
    )
    started = re.search(
        r"enable --now (kolo@\d+(?: kolo@\d+)*)", (ROOT / "docs/web.md").read_text()
    )
    assert started
    assert [name.removeprefix("kolo@") for name in started.group(1).split()] == upstream
    backup = _exec_start(EXAMPLES / "kolo-backup.service")
    assert backup[:2] == ["/bin/sh", "-c"]
    assert shlex.split(backup[2])[1:3] == ["/opt/kolo/bin/kolo", "backup"]
    for command in ("serve", "backup", "restore"):
        assert main([command, "--help"]) == 0


def test_every_service_reads_the_example_environment_file():
    environment = "EnvironmentFile=/etc/kolo/kolo.env"
    for name in ("kolo.service", "kolo@.service", "kolo-backup.service"):
        assert environment in (EXAMPLES / name).read_text().splitlines(), name
    assert "/etc/kolo/kolo.env" in (EXAMPLES / "kolo.env").read_text().splitlines()[0]


def test_nginx_names_the_client_for_kolos_limits():
    text = (EXAMPLES / "nginx-kolo.conf").read_text()
    assert "proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;" in text
    assert "proxy_set_header Host $host;" in text
    assert "location = /healthz" in text
    assert text.count("{") == text.count("}")


def test_the_files_the_docs_name_are_there():
    text = (ROOT / "docs" / "web.md").read_text()
    named = set(re.findall(r"docs/examples/([\w@.-]+)", text))
    assert named, "docs/web.md names no example file"
    for name in named:
        assert (EXAMPLES / name).is_file(), name
    assert named == {p.name for p in EXAMPLES.iterdir()}, "an example the docs never name"


def test_the_examples_placeholder_key_is_refused_in_one_line(tmp_path):
    """A server started with kolo.env's KOLO_SECRET_KEY left as it is refuses to start, in
    one line (a known key would let anyone forge sessions); so does a missing key."""
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k not in ("KOLO_SECRET_KEY", "DATABASE_URL")}
    env["KOLO_DB"] = str(tmp_path / "kolo.sqlite3")
    for key in ("CHANGE-ME", "change-me-please"):
        answer = subprocess.run(
            [sys.executable, "-m", "kolo", "user", "list"],
            env={**env, "KOLO_SECRET_KEY": key},
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert answer.returncode == 2, answer.stderr
        assert answer.stderr.strip().splitlines() == [
            "kolo: KOLO_SECRET_KEY is still the example's placeholder: set a long random key "
            "(python3 -c 'import secrets; print(secrets.token_urlsafe(50))')"
        ]
