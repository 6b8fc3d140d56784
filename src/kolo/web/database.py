"""Where the store lives: SQLite in a per-user data directory, or PostgreSQL by URL.

- ``DATABASE_URL=postgresql://user:password@host:5432/name`` selects PostgreSQL;
- otherwise SQLite at ``KOLO_DB`` if set, else ``<user data dir>/kolo.sqlite3``
  (``~/.local/share/kolo`` on Linux), in WAL mode so that readers never wait for a writer.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from platformdirs import user_data_dir


class DatabaseURLError(ValueError):
    """``DATABASE_URL`` is not a URL kolo can use."""


def sqlite_path() -> Path:
    """The SQLite file the store uses when no ``DATABASE_URL`` is set."""
    configured = os.environ.get("KOLO_DB")
    if configured:
        return Path(configured).expanduser().resolve()
    return Path(user_data_dir("kolo", appauthor=False)) / "kolo.sqlite3"


def database_config() -> dict[str, Any]:
    """Django's ``DATABASES["default"]`` for the environment."""
    url = os.environ.get("DATABASE_URL", "").strip()
    if url:
        return postgres_config(url)
    return {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": str(sqlite_path()),
        "OPTIONS": {
            # WAL lets the web pages read while a result is being written; IMMEDIATE takes
            # the write lock at the start of a transaction, so two writers queue instead
            # of failing halfway ("database is locked").
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
        },
        # one connection per server thread, kept: no reconnect (and pragma) per request
        "CONN_MAX_AGE": None,
        "TEST": {"NAME": None},
    }


def postgres_config(url: str) -> dict[str, Any]:
    """Settings for ``postgresql://user:password@host:port/name?sslmode=…``."""
    parts = urlsplit(url)
    if parts.scheme not in {"postgres", "postgresql", "pgsql"}:
        raise DatabaseURLError(
            f"DATABASE_URL must start with postgresql:// (found {parts.scheme or 'nothing'}://)"
        )
    name = unquote(parts.path.lstrip("/"))
    if not name:
        raise DatabaseURLError("DATABASE_URL names no database (postgresql://host/NAME)")
    options: dict[str, str] = {}
    for pair in filter(None, parts.query.split("&")):
        key, _, value = pair.partition("=")
        options[key] = unquote(value)
    return {
        "ENGINE": "django.db.backends.postgresql",
        "NAME": name,
        "USER": unquote(parts.username or ""),
        "PASSWORD": unquote(parts.password or ""),
        "HOST": parts.hostname or "",
        "PORT": str(parts.port or ""),
        "OPTIONS": options,
        "CONN_MAX_AGE": 60,
        # a kept connection is checked before a request uses it: after PostgreSQL restarted,
        # the next request connects afresh instead of failing on the dead connection
        "CONN_HEALTH_CHECKS": True,
    }


def describe(config: dict[str, Any]) -> str:
    """Where the store is, for people: a file path, or the PostgreSQL server (no password)."""
    if config["ENGINE"].endswith("sqlite3"):
        return str(config["NAME"])
    host = config["HOST"] or "localhost"
    port = f":{config['PORT']}" if config["PORT"] else ""
    user = f"{config['USER']}@" if config["USER"] else ""
    return f"postgresql://{user}{host}{port}/{config['NAME']}"
