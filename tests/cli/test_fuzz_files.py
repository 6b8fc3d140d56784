"""Fuzzing the commands on event files: mutated files (values replaced, keys dropped or
added, text cut or garbled) give exit 0, 2 or 3 with clear lines, never a traceback."""

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kolo.cli import main
from tests.conftest import CASES, EXAMPLES

BASES = [
    CASES / "pairing-example.json",
    CASES / "event-format-example.json",
    EXAMPLES / "nbgl-praha-2026.json",
]
COMMANDS = [
    ("validate",),
    ("check",),
    ("standings",),
    ("standings", "--json"),
    ("pair", "--time-limit", "0.5"),
]

SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.sampled_from([0, -1, 1, 2**63, -(2**63) - 1, 10**100])
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12)
    | st.sampled_from(["", "p1", "p2", "dominion-cz", "swiss-pairs", "\x1b[2J", "\u202e", "²"])
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=8,
)


def paths(value, prefix=()):
    """Every place in a JSON document: the path of keys and indexes down to it."""
    yield prefix
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from paths(inner, (*prefix, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            yield from paths(inner, (*prefix, index))


def mutate(document, data):
    """One to three changes at places drawn from the document."""
    for _ in range(data.draw(st.integers(1, 3), label="changes")):
        places = [p for p in paths(document) if p]
        if not places:
            return data.draw(VALUES)
        place = data.draw(st.sampled_from(places), label="place")
        parent = document
        for step in place[:-1]:
            parent = parent[step]
        last = place[-1]
        action = data.draw(st.sampled_from(["replace", "delete", "add", "copy"]), label="action")
        if action == "replace":
            parent[last] = data.draw(VALUES, label="value")
        elif action == "delete":
            del parent[last]
        elif action == "add" and isinstance(parent, dict):
            parent[data.draw(st.text(max_size=8), label="key")] = data.draw(VALUES)
        elif action == "add":
            parent.insert(last, data.draw(VALUES, label="value"))
        elif isinstance(parent, list):
            parent.append(json.loads(json.dumps(parent[last])))
    return document


def garble(text, data):
    """Text cut short, or a few characters replaced."""
    if data.draw(st.booleans(), label="cut"):
        return text[: data.draw(st.integers(0, len(text)), label="at")]
    chars = list(text)
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(chars) - 1))
        chars[at] = data.draw(st.characters(codec="utf-8"), label="char")
    return "".join(chars)


def run_all(capsys, path):
    for command in COMMANDS:
        code = main([command[0], str(path), *command[1:]])
        _out, err = capsys.readouterr()
        assert code in (0, 2, 3), (command, err[-2000:])
        assert "Traceback" not in err, (command, err[-2000:])
        assert "internal error" not in err, (command, err[-2000:])
        if code in (2, 3):
            assert err.strip(), command  # a refusal says why


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(base=st.sampled_from(BASES), data=st.data())
def test_mutated_event_files_never_crash_the_commands(capsys, tmp_path, base, data):
    document = mutate(json.loads(base.read_text(encoding="utf-8")), data)
    path = tmp_path / "event.json"
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    run_all(capsys, path)


@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(base=st.sampled_from(BASES), data=st.data())
def test_garbled_event_files_never_crash_the_commands(capsys, tmp_path, base, data):
    path = tmp_path / "event.json"
    path.write_text(garble(base.read_text(encoding="utf-8"), data), encoding="utf-8")
    run_all(capsys, path)


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000,
        '{"format": "kolo-event/1", "entrants": ' + "[" * 5000 + "]" * 5000 + "}",
        '{"format": "kolo-event/1", "name": 1' + "0" * 5000 + "}",
        "\ufeff{}",
        "",
    ],
    ids=["deep", "deep-entrants", "5000-digits", "bom", "empty"],
)
def test_absurd_event_files_are_refused(capsys, tmp_path, text):
    path = Path(tmp_path) / "event.json"
    path.write_text(text, encoding="utf-8")
    run_all(capsys, path)
