"""The shipped JSON Schema agrees with the reader."""

import json

import jsonschema
import pytest

from kolo.eventfile.schema import json_schema
from tests.conftest import CASES, EXAMPLES


def test_schema_is_a_valid_draft_2020_12_schema():
    jsonschema.Draft202012Validator.check_schema(json_schema())


@pytest.mark.parametrize(
    "path",
    [*sorted(EXAMPLES.rglob("*.json")), CASES / "event-format-example.json"],
    ids=lambda p: p.name,
)
def test_valid_documents_pass_the_schema(path):
    jsonschema.validate(json.loads(path.read_text(encoding="utf-8")), json_schema())


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d.update(format="kolo-event/2"),
        lambda d: d.pop("entrants"),
        lambda d: d.update(extra=1),
        lambda d: d["entrants"][0].update(id=""),
        lambda d: d["rounds"][0]["tables"][0]["games"][0]["scores"].update(p1=1.5),
        lambda d: d["settings"].update(colour="red"),
    ],
)
def test_shape_errors_fail_the_schema(change):
    document = json.loads((CASES / "event-format-example.json").read_text(encoding="utf-8"))
    change(document)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(document, json_schema())


def test_the_games_parts_of_the_schema_are_what_they_were():
    """What the games declare (a table's setup, a score sheet) and what the rule sets say (teams,
    knockouts, brackets) give the schema ``kolo schema`` printed when the generic code named
    them (issue 37): the same parts, in the same order, byte for byte."""
    expected = json.loads((CASES / "event-schema-games.json").read_text(encoding="utf-8"))
    defs = json_schema()["$defs"]
    found = {
        "table": defs["table"],
        "kingdom": defs["kingdom"],
        "members": defs["entrant"]["properties"]["members"],
        "stage": defs["round"]["properties"]["stage"],
        "hands": defs["game"]["properties"]["hands"],
        "game_keys": list(defs["game"]["properties"]),
        "defs_keys": list(defs),
    }
    assert json.dumps(found, ensure_ascii=False, indent=2) == json.dumps(
        expected, ensure_ascii=False, indent=2
    )
