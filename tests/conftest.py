"""Shared fixtures: paths to the shipped examples and helpers to build events."""

from __future__ import annotations

from pathlib import Path

import pytest

from kolo.core.event import Event
from kolo.core.settings import resolve
from kolo.eventfile import reader
from kolo.games import rulesets

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
CASES = Path(__file__).resolve().parent / "cases"


def load_example(name: str) -> Event:
    return reader.load(EXAMPLES / name)


def ruleset_and_settings(event: Event):
    ruleset = rulesets.get(event.ruleset)
    settings, problems = resolve(ruleset.defaults, event.settings)
    assert not problems
    return ruleset, settings


@pytest.fixture
def examples() -> Path:
    return EXAMPLES


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Cached pages and versions are keyed by ids that the rolled-back tests reuse."""
    from django.conf import settings

    if not settings.configured:
        yield
        return
    from django.core.cache import cache

    from kolo.web import snapshots

    cache.clear()
    snapshots.forget()
    yield
    cache.clear()
    snapshots.forget()
