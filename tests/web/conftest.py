"""Fixtures for the store's tests: they run on SQLite, and in CI again on PostgreSQL."""

from __future__ import annotations

import pytest

from kolo.store import api as store
from kolo.store import models

ACTOR = store.Actor(who="tester", via="test")


def snapshot(event_key: str | None = None):
    """Everything stored, to show that a refused change changed nothing."""
    counts = {
        model.__name__: model.objects.count()
        for model in (
            models.Event,
            models.Entrant,
            models.Round,
            models.Table,
            models.Seat,
            models.Game,
            models.Score,
            models.AuditEntry,
        )
    }
    documents = {e.key: store.export_document(e) for e in models.Event.objects.all()}
    closed = list(
        models.Round.objects.order_by("event_id", "number").values_list("closed", flat=True)
    )
    sheets = list(models.Table.objects.order_by("id").values_list("sheet", flat=True))
    members = list(models.Entrant.objects.order_by("id").values_list("members", flat=True))
    return counts, documents, closed, sheets, members


@pytest.fixture
def event():
    created = store.create_event(ACTOR, "Brno 2026", "dominion-cz")
    store.add_entrants(ACTOR, created, [(f"Player {i}", None) for i in range(1, 8)])
    return created


@pytest.fixture
def owner():
    """An organiser account (a test module may define its own)."""
    from django.contrib.auth import get_user_model

    return get_user_model().objects.create_user("olga", password="secret-olga-1")


@pytest.fixture
def desk(owner):
    """A browser logged in as ``owner`` (pytest-django's ``client`` stays a stranger's)."""
    from django.test import Client

    client = Client()
    client.force_login(owner)
    return client
