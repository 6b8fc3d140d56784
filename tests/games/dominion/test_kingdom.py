"""A table's kingdom as a typed value: the game reads it from the event file and writes it back."""

import json
from dataclasses import replace

import pytest

from kolo.core.problems import InvalidInput
from kolo.eventfile import reader, writer
from kolo.games import registry
from kolo.games.dominion.draws import Kingdom
from kolo.games.dominion.kingdom import kingdom_of, read
from tests.conftest import CASES

DRAFTED = {
    "draw": "basic",
    "mandatory": ["Mine", "Stables", "Bureaucrat", "Bridge"],
    "choices": [
        "Mining Village",
        "Village",
        "Oasis",
        "Steward",
        "Remodel",
        "Vault",
        "Worker's Village",
        "Mint",
        "Rats",
    ],
    "picks": ["Village", "Mint", "Remodel", "Oasis", "Rats", "Steward"],
    "cards": [
        "Mine",
        "Stables",
        "Bureaucrat",
        "Bridge",
        "Village",
        "Mint",
        "Remodel",
        "Oasis",
        "Rats",
        "Steward",
    ],
    "colony": True,
    "shelters": False,
    "colony_cards": ["Mint", "Bridge", "Oasis"],
    "shelter_cards": ["Village", "Steward"],
    "seed": 12345,
}
FIRST_TEN = ["Cellar", "Festival", "Gardens", "Laboratory", "Militia"]
FIRST_TEN += ["Mine", "Moat", "Moneylender", "Remodel", "Smithy"]


@pytest.mark.parametrize(
    "document",
    [
        DRAFTED,
        {**DRAFTED, "picks": None, "cards": None, "colony": False, "shelters": False},
        {"draw": "first10", "cards": FIRST_TEN, "colony": False, "shelters": False},
    ],
    ids=["drafted", "to-draft", "first10"],
)
def test_a_kingdom_reads_into_its_typed_value_and_writes_back_the_same(document):
    kingdom, problems = read(document, "$.kingdom")
    assert problems == []
    assert isinstance(kingdom, Kingdom)
    assert kingdom.document() == document
    again, problems = read(json.loads(json.dumps(kingdom.document())), "$.kingdom")
    assert problems == []
    assert again == kingdom


def test_the_drafted_kingdom_s_attributes():
    kingdom, _ = read(DRAFTED, "k")
    assert kingdom is not None
    assert kingdom.draw == "basic"
    assert kingdom.cards == tuple(DRAFTED["cards"])
    assert kingdom.picks == tuple(DRAFTED["picks"])
    assert kingdom.colony is True
    assert kingdom.shelters is False
    assert kingdom.seed == 12345


@pytest.mark.parametrize(
    ("document", "path", "message"),
    [
        ("ten cards", "k", "must be an object"),
        ({"draw": "first10", "cards": ["Cellar"] * 10}, "k.cards", "a kingdom card is given twice"),
        ({"draw": "basic", "cards": None}, "k.mandatory", "a basic draw needs its mandatory"),
        ({"draw": "first10", "cards": FIRST_TEN, "river": 1}, "k.river", "unknown field 'river'"),
        ({**DRAFTED, "picks": ["Witch", *DRAFTED["picks"][1:]]}, "k.picks", "'Witch' is not"),
    ],
)
def test_a_bad_kingdom_is_refused_with_its_reason(document, path, message):
    kingdom, problems = read(document, "k")
    assert kingdom is None
    assert any(p.path == path and message in p.text() for p in problems), problems


def test_the_event_file_carries_the_typed_kingdom_through_the_game():
    game_read = registry.get("dominion").read_setup
    assert game_read is not None
    assert game_read(DRAFTED, "k") == read(DRAFTED, "k")  # the game reads with kingdom.read
    document = json.loads((CASES / "event-format-example.json").read_text(encoding="utf-8"))
    document["rounds"][0]["tables"][0]["kingdom"] = DRAFTED
    event = reader.read(document)
    table = event.rounds[0].tables[0]
    assert isinstance(table.setup, Kingdom)
    assert kingdom_of(table) is table.setup
    assert kingdom_of(replace(table, setup=None)) is None
    assert writer.to_document(event)["rounds"][0]["tables"][0]["kingdom"] == DRAFTED
    assert reader.loads(writer.dumps(event)) == event


def test_a_game_without_table_setup_refuses_a_kingdom():
    assert registry.get("carcassonne").read_setup is None
    document = json.loads((CASES / "event-format-example.json").read_text(encoding="utf-8"))
    document["ruleset"] = "carcassonne-cz"
    document["rounds"][0]["tables"][0]["kingdom"] = DRAFTED
    with pytest.raises(InvalidInput) as caught:
        reader.read(document)
    assert any(
        p.path == "$.rounds[0].tables[0].kingdom" and "unknown field 'kingdom'" in p.text()
        for p in caught.value.problems
    )
