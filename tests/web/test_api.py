"""The JSON API and its OpenAPI document."""

import json

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import URLPattern

from kolo.store import api as store
from kolo.store import models
from kolo.web.views import api
from tests.web.conftest import ACTOR

pytestmark = [pytest.mark.db, pytest.mark.django_db]


@pytest.fixture
def event():
    owner = get_user_model().objects.create_user("olga", password="secret-olga-1")
    created = store.create_event(ACTOR, "Brno 2026", "dominion-cz", owner=owner)
    store.add_entrants(
        ACTOR, created, [(n, None) for n in ("Ana", "Bob", "Cyril", "Dana", "Eva", "Filip")]
    )
    store.pair_round(ACTOR, created, seed=3)
    return created


@pytest.fixture
def token(event):
    return api.new_token(get_user_model().objects.get(username="olga"), "scoreboard")


def seats(event, table=1):
    row = models.Table.objects.get(round__event=event, round__number=1, number=table)
    return [s.entrant.code for s in row.seats.all()]


def post(path, body, token=None):
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return Client().post(path, json.dumps(body), content_type="application/json", headers=headers)


def test_read_endpoints(event):
    client = Client()
    assert json.loads(client.get("/api/v1/events").content)["events"][0]["key"] == "brno-2026"
    detail = json.loads(client.get("/api/v1/events/brno-2026").content)
    assert len(detail["entrants"]) == 6
    assert detail["rounds"] == [1]
    rounds = json.loads(client.get("/api/v1/events/brno-2026/rounds").content)["rounds"]
    assert rounds == [{"number": 1, "closed": False, "seed": 3, "tables": 2}]
    round_ = json.loads(client.get("/api/v1/events/brno-2026/rounds/1").content)
    assert [t["number"] for t in round_["tables"]] == [1, 2]
    standings = json.loads(client.get("/api/v1/events/brno-2026/standings").content)
    assert standings["after_round"] == 0
    assert (
        json.loads(client.get("/api/v1/events/brno-2026/export").content)["format"]
        == "kolo-event/1"
    )
    assert client.get("/api/v1/events/nope").status_code == 404


def test_writing_a_result_needs_a_token_and_a_role(event, token):
    path = "/api/v1/events/brno-2026/rounds/1/tables/1/result"
    body = {"scores": {p: 30 - i for i, p in enumerate(seats(event))}, "version": 0}
    assert post(path, body).status_code == 401
    assert post(path, body, "kolo_wrong").status_code == 401
    stranger = get_user_model().objects.create_user("sam", password="secret-sam-1")
    assert post(path, body, api.new_token(stranger, "x")).status_code == 403
    response = post(path, body, token)
    assert response.status_code == 200
    saved = json.loads(response.content)
    assert saved["version"] == 1
    assert models.AuditEntry.objects.filter(action="result.enter").last().via == "api"
    # someone changed it meanwhile: 409, nothing overwritten
    stale = post(path, {"scores": dict.fromkeys(seats(event), 1), "version": 0}, token)
    assert stale.status_code == 409
    assert json.loads(stale.content)["problems"][0]["where"] == "version"
    corrected = post(path, {"scores": dict.fromkeys(seats(event), 2), "version": 1}, token)
    assert corrected.status_code == 200
    assert json.loads(corrected.content)["corrected"] is True


def test_bad_bodies_are_400(event, token):
    path = "/api/v1/events/brno-2026/rounds/1/tables/1/result"
    assert (
        Client()
        .post(
            path,
            "not json",
            content_type="application/json",
            headers={"Authorization": f"Bearer {token}"},
        )
        .status_code
        == 400
    )
    assert post(path, {"scores": []}, token).status_code == 400
    assert post(path, {"scores": {seats(event)[0]: "ten"}}, token).status_code == 400
    response = post(path, {"scores": {"p99": 1}}, token)
    assert response.status_code == 400
    assert "no entrant" in response.content.decode()


def test_openapi_document_lists_every_route():
    document = json.loads(Client().get("/api/v1/openapi.json").content)
    assert document["openapi"].startswith("3.")
    listed = set(document["paths"])
    for pattern in api.urlpatterns:
        assert isinstance(pattern, URLPattern)
        route = "/api/v1/" + str(pattern.pattern).replace("<slug:key>", "{key}").replace(
            "<int:number>", "{number}"
        ).replace("<int:table>", "{table}")
        if route.endswith("openapi.json"):
            continue
        assert route in listed, route
    for item in document["paths"].values():
        for operation in item.values():
            assert {"200", "201"} & set(operation["responses"])  # 201: a registration made


def test_tokens_page_shows_a_new_token_once(event):
    client = Client()
    client.force_login(get_user_model().objects.get(username="olga"))
    page = client.post("/desk/tokens/", {"name": "board"}).content.decode()
    assert "kolo_" in page
    assert "kolo_" not in client.get("/desk/tokens/").content.decode()
    assert models.ApiToken.objects.filter(name="board").exists()
