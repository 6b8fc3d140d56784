"""Writing kolo-event/1: canonical, and reading it back gives the same event."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kolo.eventfile import reader, writer
from tests.conftest import EXAMPLES


@pytest.mark.parametrize("path", sorted(EXAMPLES.rglob("*.json")), ids=lambda p: p.name)
def test_examples_round_trip_exactly(path):
    text = path.read_text(encoding="utf-8")
    event = reader.loads(text)
    assert writer.dumps(event) == text
    assert reader.loads(writer.dumps(event)) == event


@st.composite
def events(draw):
    count = draw(st.integers(3, 9))
    printable = st.characters(exclude_categories=("Cc", "Cf", "Cs", "Zl", "Zp"))
    names = draw(
        st.lists(
            st.text(printable, min_size=1, max_size=12).filter(str.strip),
            min_size=count,
            max_size=count,
        )
    )
    entrants = [{"id": f"p{i + 1}", "name": n} for i, n in enumerate(names)]
    players = [e["id"] for e in entrants]
    order = draw(st.permutations(players))
    tables, start = [], 0
    small = {0: 0, 1: 2, 2: 1}[count % 3]
    sizes = [3] * ((count - 2 * small) // 3) + [2] * small
    for number, size in enumerate(sizes, start=1):
        seats = list(order[start : start + size])
        start += size
        played = draw(st.booleans())
        games = [{"scores": {p: draw(st.integers(-5, 90)) for p in seats}}] if played else []
        tables.append({"number": number, "seats": seats, "games": games})
    return {
        "format": "kolo-event/1",
        "name": draw(st.text(min_size=1, max_size=30).filter(str.strip)),
        "ruleset": "dominion-cz",
        "entrants": entrants,
        "rounds": [{"number": 1, "seed": draw(st.integers(0, 2**31)), "tables": tables}],
    }


@settings(max_examples=50)
@given(events())
def test_read_write_read_is_identical(document):
    event = reader.read(document)
    text = writer.dumps(event)
    assert writer.dumps(reader.loads(text)) == text
    assert json.loads(text)["entrants"] == document["entrants"]
