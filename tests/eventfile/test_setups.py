"""A table's setup in kolo-event/1 is its game's to declare (issue 37): the key it is written
under, its JSON Schema and its reading. A game the generic reader, writer and schema have never
heard of — a toy with a ``board`` — is read, written and described through what it declares."""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any

import jsonschema
import pytest

from kolo.core.event import TableSetup
from kolo.core.problems import InvalidInput, Problem
from kolo.eventfile import reader, schema, writer
from kolo.games import registry, rulesets
from kolo.games.base import Game


@dataclass(frozen=True)
class Board:
    tiles: tuple[str, ...]

    def document(self) -> dict[str, Any]:
        return {"tiles": list(self.tiles)}


def _read(value: Any, path: str) -> tuple[TableSetup | None, list[Problem]]:
    if not isinstance(value, dict) or not isinstance(value.get("tiles"), list):
        return None, [Problem(f"{path}.tiles", "must be a list")]
    return Board(tuple(value["tiles"])), []


TOY = Game(
    id="toy",
    title="Toy",
    players=(2, 5),
    setup_key="board",
    setup_schema=lambda: {"type": "object", "required": ["tiles"]},
    read_setup=_read,
)


@pytest.fixture
def toy(monkeypatch):
    """The toy game and a rule set that plays it, registered for the test only."""
    toy_rules = replace(rulesets.get("carcassonne-cz"), id="toy-cz", game="toy")
    monkeypatch.setattr(registry, "GAMES", {**registry.GAMES, "toy": TOY})
    monkeypatch.setattr(rulesets, "REGISTRY", {**rulesets.REGISTRY, "toy-cz": toy_rules})
    monkeypatch.setattr(schema, "REGISTRY", rulesets.REGISTRY)


def document(ruleset: str, **table: Any) -> dict[str, Any]:
    players = ["p1", "p2", "p3", "p4"]
    return {
        "format": "kolo-event/1",
        "name": "Toys",
        "ruleset": ruleset,
        "settings": {},
        "entrants": [{"id": p, "name": p.upper()} for p in players],
        "rounds": [
            {
                "number": 1,
                "seed": 1,
                "tables": [
                    {
                        "number": 1,
                        "seats": players,
                        "games": [
                            {
                                "scores": {"p1": 4, "p2": 3, "p3": 2, "p4": 1},
                                "ended_by_time_limit": False,
                            }
                        ],
                        **table,
                    }
                ],
            }
        ],
    }


def test_a_game_s_setup_is_read_and_written_under_the_key_it_declares(toy):
    text = json.dumps(document("toy-cz", board={"tiles": ["river", "city"]}), indent=2) + "\n"
    event = reader.loads(text)
    assert event.rounds[0].tables[0].setup == Board(("river", "city"))
    assert writer.to_document(event)["rounds"][0]["tables"][0]["board"] == {
        "tiles": ["river", "city"]
    }
    assert writer.dumps(event) == text


def test_a_game_s_setup_is_checked_by_the_game(toy):
    with pytest.raises(InvalidInput) as refused:
        reader.loads(json.dumps(document("toy-cz", board={"cards": []})))
    assert [p.path for p in refused.value.problems] == ["$.rounds[0].tables[0].board.tiles"]


def test_another_game_s_setup_key_is_refused_with_the_fields_this_game_allows(toy):
    with pytest.raises(InvalidInput) as refused:
        reader.loads(json.dumps(document("toy-cz", kingdom={"draw": "first10"})))
    assert [(p.path, p.text()) for p in refused.value.problems] == [
        (
            "$.rounds[0].tables[0].kingdom",
            "unknown field 'kingdom'; allowed: number, seats, games, board, group",
        )
    ]
    with pytest.raises(InvalidInput) as refused:
        reader.loads(json.dumps(document("carcassonne-cz", board={"tiles": []})))
    assert [(p.path, p.text()) for p in refused.value.problems] == [
        (
            "$.rounds[0].tables[0].board",
            "unknown field 'board'; allowed: number, seats, games, group",
        )
    ]


def test_the_schema_describes_a_game_s_setup_from_what_the_game_declares(toy):
    described = schema.json_schema()
    assert described["$defs"]["board"] == {"type": "object", "required": ["tiles"]}
    table = described["$defs"]["table"]["properties"]
    assert table["board"] == {"$ref": "#/$defs/board"}
    assert list(table)[-2:] == ["board", "group"]
    jsonschema.validate(document("toy-cz", board={"tiles": ["river"]}), described)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(document("toy-cz", board={"cards": []}), described)
