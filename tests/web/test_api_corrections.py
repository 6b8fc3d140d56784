"""The API never overwrites a result silently: a correction names the version it corrects."""

import json

import pytest

from kolo.store import models
from tests.web.test_api import event, post, seats, token  # noqa: F401 - fixtures

pytestmark = [pytest.mark.db, pytest.mark.django_db]

PATH = "/api/v1/events/brno-2026/rounds/1/tables/1/result"


def points(stored):
    games = models.Score.objects.filter(game__table__round__event=stored, game__table__number=1)
    return {s.entrant.code: s.points for s in games}


def test_a_correction_without_a_version_is_refused_with_428(event, token):  # noqa: F811
    first = {p: 30 - i for i, p in enumerate(seats(event))}
    assert post(PATH, {"scores": first}, token).status_code == 200  # a new result: no version
    other = dict.fromkeys(seats(event), 5)
    refused = post(PATH, {"scores": other}, token)
    assert refused.status_code == 428
    body = json.loads(refused.content)
    assert body["problems"][0]["where"] == "version"
    assert body["current"] == {"game": 1, "scores": first, "ended_by_time_limit": False}
    assert body["version"] == 1
    assert points(event) == first
    assert models.AuditEntry.objects.filter(action="result.correct").count() == 0
    # the same result again changes nothing and needs no version
    same = post(PATH, {"scores": first}, token)
    assert same.status_code == 200
    assert json.loads(same.content)["corrected"] is False
    corrected = post(PATH, {"scores": other, "version": 1}, token)
    assert corrected.status_code == 200
    assert points(event) == other


def test_openapi_says_a_correction_needs_its_version():
    from kolo.web.views.api import OPENAPI

    operation = OPENAPI["paths"]["/api/v1/events/{key}/rounds/{number}/tables/{table}/result"]
    post_ = operation["post"]
    assert "428" in post_["responses"]
    schema = post_["requestBody"]["content"]["application/json"]["schema"]
    assert "required to correct" in schema["properties"]["version"]["description"]


def test_a_version_read_before_a_clear_does_not_fit_the_result_entered_after(event, token):  # noqa: F811
    from kolo.store import api as store
    from tests.web.conftest import ACTOR

    first = {p: 30 - i for i, p in enumerate(seats(event))}
    seen = json.loads(post(PATH, {"scores": first}, token).content)["version"]
    store.clear_result(ACTOR, event, 1, 1)
    again = dict.fromkeys(seats(event), 7)
    assert post(PATH, {"scores": again, "version": 0}, token).status_code == 200
    # a writer who read the cleared result's version is refused, not let through
    stale = post(PATH, {"scores": dict.fromkeys(seats(event), 1), "version": seen}, token)
    assert stale.status_code == 409
    assert points(event) == again
