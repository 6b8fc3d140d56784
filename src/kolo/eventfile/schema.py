"""The JSON Schema of ``kolo-event/1`` (``kolo schema`` prints it).

The schema describes the document's shape; rules that need more than one field at a time
(who is seated where, table sizes, complete rounds) are checked by ``kolo validate``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kolo.core import knockout
from kolo.core.settings import Kind
from kolo.eventfile import FORMAT
from kolo.games import registry
from kolo.games.rulesets import REGISTRY, SPECS, RuleSet

_PER_PLAYER = {
    "type": "object",
    "additionalProperties": {"type": "integer"},
    "description": "One whole number per seated player, by entrant id.",
}


def _setting_schema(kind: Kind, keys: tuple[str, ...]) -> dict[str, Any]:
    if kind is Kind.BOOL:
        return {"type": "boolean"}
    if kind is Kind.INT:
        return {"type": "integer"}
    if kind is Kind.NUMBER:
        return {"type": "number"}
    if kind is Kind.TEXT:
        return {"type": "string", "minLength": 1}
    if kind is Kind.PAIRS:
        return {
            "type": "array",
            "items": {
                "type": "array",
                "items": {"type": "string"},
                "minItems": 2,
                "maxItems": 2,
            },
        }
    return {
        "type": "object",
        "properties": {key: {"type": "number", "minimum": 0} for key in keys},
        "additionalProperties": False,
    }


def setup_schemas() -> dict[str, dict[str, Any]]:
    """The schema of a table's setup by its key in the event file, as each game declares them
    (``Game.setup_key``, ``Game.setup_schema``), in the order of the games' registry."""
    found: dict[str, dict[str, Any]] = {}
    for game in registry.GAMES.values():
        if game.setup_key is not None and game.setup_schema is not None:
            found.setdefault(game.setup_key, game.setup_schema())
    return found


def _rulesets(which: Callable[[RuleSet], bool]) -> str:
    """The ids of the rule sets that are ``which``, for a description."""
    return ", ".join(r.id for r in REGISTRY.values() if which(r))


def record_schema() -> dict[str, Any] | None:
    """The schema of a game's score sheet (``games[].hands``) as the games that keep one
    declare it (``Game.record_schema``: one for every such game); None where none does."""
    found = [g.record_schema() for g in registry.GAMES.values() if g.record_schema is not None]
    assert all(r == found[0] for r in found), "the games' score sheets differ in shape"
    return found[0] if found else None


def json_schema() -> dict[str, Any]:
    """The schema, as a JSON-ready document (draft 2020-12)."""
    setups, record = setup_schemas(), record_schema()
    teams = _rulesets(lambda r: registry.get(r.game).team_size > 1)
    knockouts = _rulesets(knockout.is_knockout)
    playoffs = _rulesets(lambda r: "playoff" in r.defaults)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://kolo.example/schema/kolo-event-1.json",
        "title": FORMAT,
        "description": "One kolo event: its entrants and every round, table and game.",
        "type": "object",
        "required": ["format", "name", "ruleset", "entrants"],
        "additionalProperties": False,
        "properties": {
            "format": {"const": FORMAT},
            "name": {"type": "string", "minLength": 1},
            "ruleset": {"enum": sorted(REGISTRY)},
            "settings": {
                "type": "object",
                "description": "Overrides of the rule set's settings; unknown names are errors.",
                "properties": {
                    name: {**_setting_schema(spec.kind, spec.keys), "description": spec.help}
                    for name, spec in SPECS.items()
                },
                "additionalProperties": False,
            },
            "entrants": {"type": "array", "items": {"$ref": "#/$defs/entrant"}},
            "rounds": {"type": "array", "items": {"$ref": "#/$defs/round"}},
        },
        "$defs": {
            "entrant": {
                "type": "object",
                "required": ["id", "name"],
                "additionalProperties": False,
                "properties": {
                    "id": {"type": "string", "minLength": 1, "maxLength": 64},
                    "name": {"type": "string", "minLength": 1, "maxLength": 200},
                    "club": {"type": ["string", "null"]},
                    "dropped_after_round": {"type": ["integer", "null"], "minimum": 0},
                    "player": {
                        "type": ["string", "null"],
                        "minLength": 1,
                        "description": "The person's identity across a series "
                        "(kolo-series/1); absent: the id.",
                    },
                    "members": {
                        "type": "array",
                        "description": "A team's members in seat order: the first sits in "
                        f"the team's first seat, the second opposite ({teams}).",
                        "items": {
                            "type": "object",
                            "required": ["name"],
                            "additionalProperties": False,
                            "properties": {
                                "name": {"type": "string", "minLength": 1, "maxLength": 200},
                                "player": {"type": ["string", "null"], "minLength": 1},
                            },
                        },
                    },
                },
            },
            "round": {
                "type": "object",
                "required": ["number", "tables"],
                "additionalProperties": False,
                "properties": {
                    "number": {"type": "integer", "minimum": 1},
                    "seed": {"type": ["integer", "null"]},
                    "tables": {"type": "array", "items": {"$ref": "#/$defs/table"}},
                    "byes": {"type": "array", "items": {"type": "string"}},
                    "stage": {
                        "enum": [
                            "group",
                            "knockout",
                            "quarter-final",
                            "semi-final",
                            "final",
                            "playoff",
                        ],
                        "description": f"The round's stage in a knockout format ({knockouts}), "
                        "or 'playoff' for a bracket round after the Swiss rounds "
                        f"({playoffs}); absent in Swiss-style rounds.",
                    },
                },
            },
            "table": {
                "type": "object",
                "required": ["number", "seats"],
                "additionalProperties": False,
                "properties": {
                    "number": {"type": "integer", "minimum": 1},
                    "seats": {
                        "type": "array",
                        "items": {"type": "string"},
                        "description": "Players in seat order; the first starts.",
                    },
                    "games": {
                        "type": ["array", "null"],
                        "items": {"$ref": "#/$defs/game"},
                    },
                    **{key: {"$ref": f"#/$defs/{key}"} for key in setups},
                    "group": {
                        "type": ["string", "null"],
                        "description": "The group (A, B, …) of a group-stage table.",
                    },
                },
            },
            **setups,
            "game": {
                "type": "object",
                "required": ["scores"],
                "additionalProperties": False,
                "properties": {
                    "scores": _PER_PLAYER,
                    "turns": {**_PER_PLAYER, "type": ["object", "null"]},
                    "ended_by_time_limit": {"type": "boolean"},
                    "order": {
                        "type": "array",
                        "items": {"type": "string"},
                        "description": "This game's seat order where it differs from the "
                        "table's 'seats'; without it the rule's order: the previous game's "
                        "winner plays last (R-GORN-9), NBGL's group game 2 shifts by one "
                        "seat (R-NBGL-1).",
                    },
                    "seats": {
                        "type": "array",
                        "items": {"type": "string"},
                        "deprecated": True,
                        "description": "The older name of 'order'.",
                    },
                    **({"hands": record} if record is not None else {}),
                },
            },
        },
    }
