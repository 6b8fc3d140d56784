"""The JSON API: events, rounds, tables and standings to read; results to write with a
token. The OpenAPI document is served at ``/api/v1/openapi.json``.

Writing needs ``Authorization: Bearer <token>`` (tokens are made at ``/desk/tokens/``) and
a role at the event; the answer codes are 400 (invalid), 401 (no or unknown token), 403
(no role), 404, 409 (someone changed the result meanwhile), 428 (a correction that does not
name the version it corrects).
"""

from __future__ import annotations

import hashlib
import json
import secrets
from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import path
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_safe

from kolo.core.problems import InvalidInput
from kolo.eventfile.standings import standings_document
from kolo.eventfile.writer import to_document
from kolo.store import api as store
from kolo.store import models, roles
from kolo.web import present, registrationmail
from kolo.web.views import registration as web_registration


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token(user: Any, name: str) -> str:
    """A new token for the user; only its hash is stored, so it is shown once."""
    token = "kolo_" + secrets.token_urlsafe(32)
    models.ApiToken.objects.create(user=user, name=name[:100], digest=_digest(token))
    return token


def _error(status: int, message: str, problems: list[dict[str, str]] | None = None) -> JsonResponse:
    body: dict[str, Any] = {"error": message}
    if problems:
        body["problems"] = problems
    return JsonResponse(body, status=status)


def _event(key: str) -> models.Event | None:
    return models.Event.objects.filter(key=key).first()


@require_safe
def events(request: HttpRequest) -> JsonResponse:
    return JsonResponse(
        {
            "events": [
                {"key": e.key, "name": e.name, "ruleset": e.ruleset, "url": f"/e/{e.key}/"}
                for e in models.Event.objects.order_by("-created_at")
            ]
        }
    )


@require_safe
def event_detail(request: HttpRequest, key: str) -> JsonResponse:
    event = _event(key)
    if event is None:
        return _error(404, "no such event")
    loaded = present.Loaded.of(event)
    return JsonResponse(
        {
            "key": event.key,
            "name": event.name,
            "ruleset": event.ruleset,
            "settings": dict(loaded.settings),
            "entrants": [
                {
                    "id": e.id,
                    "name": e.name,
                    "club": e.club,
                    "dropped_after_round": e.dropped_after_round,
                }
                for e in loaded.value.entrants
            ],
            "rounds": [r.number for r in loaded.value.rounds],
            "announcement": store.public_details(event),  # the event's public details
        }
    )


@require_safe
def rounds(request: HttpRequest, key: str) -> JsonResponse:
    event = _event(key)
    if event is None:
        return _error(404, "no such event")
    return JsonResponse(
        {
            "rounds": [
                {"number": r.number, "closed": r.closed, "seed": r.seed, "tables": r.tables.count()}
                for r in event.rounds.filter(accepted=True)
            ]
        }
    )


@require_safe
def round_detail(request: HttpRequest, key: str, number: int) -> JsonResponse:
    event = _event(key)
    if event is None:
        return _error(404, "no such event")
    loaded = present.Loaded.of(event)
    found = next((r for r in loaded.value.rounds if r.number == number), None)
    if found is None:
        return _error(404, "no such round")
    document = to_document(loaded.value)
    data = next(r for r in document["rounds"] if r["number"] == number)
    versions = {
        (g.table.number, g.number): g.version
        for g in models.Game.objects.filter(
            table__round__event=event, table__round__number=number
        ).select_related("table")
    }
    for table in data["tables"]:
        for index, game in enumerate(table["games"], start=1):
            game["version"] = versions.get((table["number"], index), 0)
    return JsonResponse(data)


@require_safe
def standings(request: HttpRequest, key: str) -> JsonResponse:
    event = _event(key)
    if event is None:
        return _error(404, "no such event")
    loaded = present.Loaded.of(event)
    return JsonResponse(
        standings_document(loaded.standings(), loaded.ruleset, loaded.value, loaded.settings)
    )


@require_safe
def export(request: HttpRequest, key: str) -> JsonResponse:
    event = _event(key)
    if event is None:
        return _error(404, "no such event")
    return JsonResponse(to_document(present.Loaded.of(event).value))


@csrf_exempt
@require_http_methods(["POST"])
def result(request: HttpRequest, key: str, number: int, table: int) -> HttpResponse:
    header = request.headers.get("Authorization", "")
    if not header.startswith("Bearer "):
        return _error(401, "give a token: Authorization: Bearer <token>")
    token = (
        models.ApiToken.objects.filter(digest=_digest(header[7:].strip()))
        .select_related("user")
        .first()
    )
    if token is None or not token.user.is_active:
        return _error(401, "unknown token")
    event = _event(key)
    if event is None:
        return _error(404, "no such event")
    if roles.role_of(token.user, event) is None:
        return _error(403, "the token's user has no role at this event")
    try:
        body = json.loads(request.body or b"{}")
    except (ValueError, RecursionError):
        # not JSON, not UTF-8, a number of thousands of digits, or nesting too deep to read
        return _error(400, "the body must be JSON (UTF-8, plain numbers, shallow nesting)")
    if not isinstance(body, dict) or not isinstance(body.get("scores"), dict):
        return _error(400, "the body needs scores: {entrant id: game points}")
    try:
        game, before = store.record_result(
            store.Actor(who=token.user.get_username(), via="api"),
            event,
            number,
            table,
            {str(k): _integer(v) for k, v in body["scores"].items()},
            turns={str(k): _integer(v) for k, v in body["turns"].items()}
            if isinstance(body.get("turns"), dict)
            else None,
            game_number=_integer(body["game"]) if body.get("game") is not None else None,
            ended_by_time_limit=_boolean(body, "ended_by_time_limit"),
            expected_version=_integer(body["version"]) if body.get("version") is not None else None,
            replace_sheet=bool(_boolean(body, "replace_sheet")),
        )
    except InvalidInput as error:
        problems = [{"where": p.path, "message": p.text()} for p in error.problems]
        exists = next((p for p in error.problems if p.message == store.RESULT_IS_IN), None)
        if exists is not None:
            # a correction that does not name the version it corrects: show what is there
            answer: dict[str, Any] = {"error": "refused", "problems": problems}
            answer |= {"current": exists.params["current"], "version": exists.params["version"]}
            return JsonResponse(answer, status=428)
        if any(p.message == store.SHEET_IN_PLAY for p in error.problems):
            return _error(
                409,
                "the table has a score sheet in play: a final score discards its hands; "
                "send replace_sheet: true to replace it",
                problems,
            )
        status = 409 if any(p.path == "version" for p in error.problems) else 400
        return _error(status, "refused", problems)
    document = store.game_document(game)
    document["version"] = game.version
    document["corrected"] = before is not None and before != store.game_document(game)
    return JsonResponse(document)


def _boolean(body: dict[str, Any], name: str) -> bool | None:
    """``true`` or ``false`` (absent: ``None``); anything else ("no", 0, null) is refused."""
    if name not in body:
        return None
    value = body[name]
    if not isinstance(value, bool):
        raise InvalidInput.one("must be true or false", path=name, value=value)
    return value


def _integer(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidInput.one("must be a whole number", path="body", value=value)
    return value


@require_safe
def openapi(request: HttpRequest) -> JsonResponse:
    return JsonResponse(OPENAPI)


_PROBLEM = {
    "type": "object",
    "properties": {
        "error": {"type": "string"},
        "problems": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {"where": {"type": "string"}, "message": {"type": "string"}},
            },
        },
    },
    "required": ["error"],
}
_TEXT_OR_NULL = {"type": ["string", "null"]}
_ANNOUNCEMENT: dict[str, Any] = {
    "type": "object",
    "description": "The event's public details (R-REG-1): a draft until published; a date "
    "YYYY-MM-DD, a start time HH:MM and the registration deadline YYYY-MM-DDTHH:MM in the "
    "service's time zone; no registration's data.",
    "properties": {
        "published": {"type": "boolean"},
        "published_at": {**_TEXT_OR_NULL, "format": "date-time"},
        "cancelled": {"type": "boolean"},
        "cancelled_at": {**_TEXT_OR_NULL, "format": "date-time"},
        "date": _TEXT_OR_NULL,
        "start_time": _TEXT_OR_NULL,
        "city": _TEXT_OR_NULL,
        "venue": _TEXT_OR_NULL,
        "address": _TEXT_OR_NULL,
        "capacity": {"type": ["integer", "null"]},
        "registration_until": _TEXT_OR_NULL,
        "fee": _TEXT_OR_NULL,
        "description": _TEXT_OR_NULL,
        "places_taken": {"type": ["integer", "null"]},
    },
}
_KEY = {"name": "key", "in": "path", "required": True, "schema": {"type": "string"}}
_NUMBER = {"name": "number", "in": "path", "required": True, "schema": {"type": "integer"}}
_TABLE = {"name": "table", "in": "path", "required": True, "schema": {"type": "integer"}}


def _read(summary: str, parameters: list[dict[str, Any]], schema: dict[str, Any]) -> dict[str, Any]:
    return {
        "get": {
            "summary": summary,
            "parameters": parameters,
            "responses": {
                "200": {"description": "OK", "content": {"application/json": {"schema": schema}}},
                "404": {
                    "description": "Not found",
                    "content": {"application/json": {"schema": _PROBLEM}},
                },
            },
        }
    }


OPENAPI: dict[str, Any] = {
    "openapi": "3.1.0",
    "info": {
        "title": "kolo API",
        "version": "1",
        "description": "Read events, rounds, tables and standings; write results with a token "
        "(made at /desk/tokens/). Proposed pairings are not shown until accepted.",
    },
    "components": {
        "securitySchemes": {"token": {"type": "http", "scheme": "bearer"}},
        "schemas": {"Problem": _PROBLEM},
    },
    "paths": {
        "/api/v1/events": _read(
            "Every event",
            [],
            {
                "type": "object",
                "properties": {"events": {"type": "array", "items": {"type": "object"}}},
            },
        ),
        "/api/v1/events/{key}": _read(
            "One event: settings, entrants, round numbers, its announcement",
            [_KEY],
            {"type": "object", "properties": {"announcement": _ANNOUNCEMENT}},
        ),
        "/api/v1/events/{key}/rounds": _read(
            "The event's published rounds",
            [_KEY],
            {
                "type": "object",
                "properties": {"rounds": {"type": "array", "items": {"type": "object"}}},
            },
        ),
        "/api/v1/events/{key}/rounds/{number}": _read(
            "One round: tables, seats in seat order, games with their versions",
            [_KEY, _NUMBER],
            {"type": "object"},
        ),
        "/api/v1/events/{key}/standings": _read(
            "Standings after the complete rounds (as kolo standings --json)",
            [_KEY],
            {"type": "object"},
        ),
        "/api/v1/events/{key}/export": _read(
            "The event as a kolo-event/1 document", [_KEY], {"type": "object"}
        ),
        "/api/v1/events/{key}/rounds/{number}/tables/{table}/result": {
            "post": {
                "summary": "Enter or correct a table's result",
                "security": [{"token": []}],
                "parameters": [_KEY, _NUMBER, _TABLE],
                "requestBody": {
                    "required": True,
                    "content": {
                        "application/json": {
                            "schema": {
                                "type": "object",
                                "required": ["scores"],
                                "properties": {
                                    "scores": {
                                        "type": "object",
                                        "additionalProperties": {"type": "integer"},
                                    },
                                    "turns": {
                                        "type": "object",
                                        "additionalProperties": {"type": "integer"},
                                    },
                                    "game": {"type": "integer", "minimum": 1},
                                    "ended_by_time_limit": {"type": "boolean"},
                                    "replace_sheet": {
                                        "type": "boolean",
                                        "description": "replace the table's score sheet in "
                                        "play (a game written hand by hand), discarding its hands; "
                                        "without it such "
                                        "a result is refused with 409",
                                    },
                                    "version": {
                                        "type": "integer",
                                        "minimum": 0,
                                        "description": "The game's version you saw (0: no "
                                        "result yet); a different one means someone changed "
                                        "it meanwhile (409). Optional for a new result; "
                                        "required to correct a game that has a result (428 "
                                        "without it, with the result there now).",
                                    },
                                },
                            }
                        }
                    },
                },
                "responses": {
                    "200": {
                        "description": "Saved",
                        "content": {"application/json": {"schema": {"type": "object"}}},
                    },
                    "400": {
                        "description": "Refused",
                        "content": {"application/json": {"schema": _PROBLEM}},
                    },
                    "401": {
                        "description": "No or unknown token",
                        "content": {"application/json": {"schema": _PROBLEM}},
                    },
                    "403": {
                        "description": "No role at the event",
                        "content": {"application/json": {"schema": _PROBLEM}},
                    },
                    "404": {
                        "description": "Not found",
                        "content": {"application/json": {"schema": _PROBLEM}},
                    },
                    "409": {
                        "description": "Changed meanwhile",
                        "content": {"application/json": {"schema": _PROBLEM}},
                    },
                    "428": {
                        "description": "The game has a result: a correction needs the "
                        "version it corrects",
                        "content": {
                            "application/json": {
                                "schema": {
                                    "allOf": [
                                        _PROBLEM,
                                        {
                                            "type": "object",
                                            "properties": {
                                                "current": {
                                                    "type": "object",
                                                    "description": "The game's result now",
                                                },
                                                "version": {"type": "integer"},
                                            },
                                        },
                                    ]
                                }
                            }
                        },
                    },
                },
            }
        },
    },
}

# ---- registrations --------------------------------------------------------------


def _token_user(request: HttpRequest) -> Any:
    """The active user a Bearer token names, or None."""
    header = request.headers.get("Authorization", "")
    if not header.startswith("Bearer "):
        return None
    token = (
        models.ApiToken.objects.filter(digest=_digest(header[7:].strip()))
        .select_related("user")
        .first()
    )
    return token.user if token is not None and token.user.is_active else None


def _registration_document(row: models.Registration, *, private: bool) -> dict[str, Any]:
    document: dict[str, Any] = {
        "number": row.number,
        "name": row.name,
        "club": row.club,
        "partner": row.partner,
        "status": row.status,
        "waiting_position": store.waiting_position(row),
    }
    if private:
        document |= {
            "email": row.email,
            "paid": row.paid,
            "consent": row.consent,
            "queue": row.queue,
            "created_at": row.created_at.isoformat(),
        }
    return document


@csrf_exempt
@require_http_methods(["GET", "HEAD", "POST"])
def registrations(request: HttpRequest, key: str) -> HttpResponse:
    """GET: the event's registrations in queue order, e-mails included (a token of one of
    the event's owners, as on the desk). POST: a new registration, under the public form's
    rules and limits (a token with a role at the event is not limited per address: a club's
    own website)."""
    event = _event(key)
    if event is None:
        return _error(404, "no such event")
    user = _token_user(request)
    role = roles.role_of(user, event) if user is not None else None
    organiser = role is not None
    owner = role == roles.OWNER  # e-mails are the owners' only, as on the desk
    if request.method != "POST":
        if request.headers.get("Authorization") and user is None:
            return _error(401, "unknown token")
        if user is None:
            return _error(401, "give a token: Authorization: Bearer <token>")
        if not owner:
            return _error(403, "only the event's owners see its registrations")
        rows = store.registrations(event)
        duplicates = store.duplicate_numbers(event)
        return JsonResponse(
            {
                "registrations": [
                    _registration_document(r, private=True) | {"duplicate": r.number in duplicates}
                    for r in rows
                ]
            }
        )
    if event.published_at is None:
        return _error(404, "no such event")
    if web_registration.limited(request, event, per_address=not organiser):
        return _error(429, web_registration.TOO_MANY)
    try:
        body = json.loads(request.body or b"{}")
    except (ValueError, RecursionError):
        return _error(400, "the body must be JSON (UTF-8, plain numbers, shallow nesting)")
    if not isinstance(body, dict) or not all(
        isinstance(body.get(k, ""), str) for k in ("name", "club", "email", "partner")
    ):
        return _error(400, "the body needs name (text), and may have club, email, partner")
    web_registration.count_attempt(request, event)
    try:
        row = store.register(
            web_registration.PLAYER if user is None else store.Actor(user.get_username(), "api"),
            event,
            body.get("name", ""),
            body.get("club", ""),
            body.get("email", ""),
            body.get("partner", ""),
            consent=body.get("consent") is True,
        )
    except InvalidInput as error:
        problems = [{"where": p.path, "message": p.text()} for p in error.problems]
        return _error(400, "refused", problems)
    registrationmail.send_link(request, row)
    document = _registration_document(row, private=False)
    document["url"] = f"/r/{row.token}/"
    return JsonResponse(document, status=201)


_REGISTRATION = {
    "type": "object",
    "properties": {
        "number": {"type": "integer"},
        "name": {"type": "string"},
        "club": {"type": "string"},
        "partner": {"type": "string"},
        "status": {"enum": ["registered", "waiting", "pending", "cancelled", "removed"]},
        "waiting_position": {"type": ["integer", "null"]},
    },
}
OPENAPI["paths"]["/api/v1/events/{key}/registrations"] = {
    "get": {
        "summary": "The event's registrations in queue order, e-mail addresses included "
        "(organisers only)",
        "security": [{"token": []}],
        "parameters": [_KEY],
        "responses": {
            "200": {
                "description": "OK",
                "content": {
                    "application/json": {
                        "schema": {
                            "type": "object",
                            "properties": {
                                "registrations": {
                                    "type": "array",
                                    "items": {
                                        "allOf": [
                                            _REGISTRATION,
                                            {
                                                "type": "object",
                                                "properties": {
                                                    "email": {"type": "string"},
                                                    "paid": {"type": "boolean"},
                                                    "consent": {"type": "string"},
                                                    "queue": {"type": "integer"},
                                                    "created_at": {"type": "string"},
                                                    "duplicate": {
                                                        "type": "boolean",
                                                        "description": "another registration "
                                                        "has the same name (ignoring case and "
                                                        "accents)",
                                                    },
                                                },
                                            },
                                        ]
                                    },
                                }
                            },
                        }
                    }
                },
            },
            "401": {
                "description": "No or unknown token",
                "content": {"application/json": {"schema": _PROBLEM}},
            },
            "403": {
                "description": "No role at the event",
                "content": {"application/json": {"schema": _PROBLEM}},
            },
            "404": {
                "description": "Not found",
                "content": {"application/json": {"schema": _PROBLEM}},
            },
        },
    },
    "post": {
        "summary": "Register for a published event (a club's own website): the public "
        "form's rules and limits; a token with a role at the event is not limited per address",
        "parameters": [_KEY],
        "requestBody": {
            "required": True,
            "content": {
                "application/json": {
                    "schema": {
                        "type": "object",
                        "required": ["name"],
                        "properties": {
                            "name": {"type": "string"},
                            "club": {"type": "string"},
                            "email": {"type": "string", "description": "never shown publicly"},
                            "partner": {
                                "type": "string",
                                "description": "the second member, where the rule set plays "
                                "in teams of two (required there)",
                            },
                            "consent": {
                                "type": "boolean",
                                "description": "the player agreed to the organiser's consent "
                                "line (required where the event has one)",
                            },
                        },
                    }
                }
            },
        },
        "responses": {
            "201": {
                "description": "Registered, waiting or pending approval",
                "content": {
                    "application/json": {
                        "schema": {
                            "allOf": [
                                _REGISTRATION,
                                {
                                    "type": "object",
                                    "properties": {
                                        "url": {
                                            "type": "string",
                                            "description": "the player's private page",
                                        }
                                    },
                                },
                            ]
                        }
                    }
                },
            },
            "400": {
                "description": "Refused (closed, past the deadline, a field wrong)",
                "content": {"application/json": {"schema": _PROBLEM}},
            },
            "404": {
                "description": "Not found",
                "content": {"application/json": {"schema": _PROBLEM}},
            },
            "429": {
                "description": "Too many registrations lately",
                "content": {"application/json": {"schema": _PROBLEM}},
            },
        },
    },
}


urlpatterns = [
    path("events/<slug:key>/registrations", registrations, name="api-registrations"),
    path("events", events, name="api-events"),
    path("events/<slug:key>", event_detail, name="api-event"),
    path("events/<slug:key>/rounds", rounds, name="api-rounds"),
    path("events/<slug:key>/rounds/<int:number>", round_detail, name="api-round"),
    path("events/<slug:key>/standings", standings, name="api-standings"),
    path("events/<slug:key>/export", export, name="api-export"),
    path(
        "events/<slug:key>/rounds/<int:number>/tables/<int:table>/result", result, name="api-result"
    ),
    path("openapi.json", openapi, name="api-openapi"),
]
