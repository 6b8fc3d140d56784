"""A round the engine paired keeps its work budget and whether the safety stop fired in
its audit record (R-GORN-10)."""

import pytest

from kolo.eventfile import reader
from kolo.pairing import work
from kolo.store import api as store
from kolo.store import models
from tests.conftest import CASES
from tests.web.conftest import ACTOR

pytestmark = [pytest.mark.db, pytest.mark.django_db]


def paired_record(monkeypatch, stop: bool, **options):
    if stop:
        monkeypatch.setattr(work, "SAFETY_FACTOR", 0.0)
        monkeypatch.setattr(work, "SAFETY_MARGIN", 0.0)
    event = store.import_event(ACTOR, reader.load(CASES / "pairing-example.json"))
    _, proposal = store.pair_round(ACTOR, event, seed=4, **options)
    assert proposal.round_number == 2  # searched: round 1 is drawn
    entry = models.AuditEntry.objects.filter(action="round.pair").last()
    assert entry is not None
    return proposal, entry.after


def test_the_round_record_keeps_the_work_budget(monkeypatch):
    proposal, after = paired_record(monkeypatch, False, time_limit=4)
    assert after["work_budget"] == 4
    assert after["safety_stop"] is False
    assert proposal.clock_stopped is False


def test_the_round_record_says_where_the_safety_stop_fired(monkeypatch):
    proposal, after = paired_record(monkeypatch, True)
    assert proposal.clock_stopped is True
    assert after["safety_stop"] is True
