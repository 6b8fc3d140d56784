"""``kolo rulesets``: one line per rule set (name, game, what it is); ``kolo rulesets NAME``
the settings and defaults of that one; an unknown name is one clear line and exit 2."""

import json
from dataclasses import replace
from types import MappingProxyType

from kolo.cli import main
from kolo.games import rulesets
from kolo.games.rulesets import SPECS


def test_the_list_is_one_line_a_rule_set(capsys):
    assert main(["rulesets"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["Rule", "set", "Game", "What", "it", "is"]
    body = lines[1:]
    assert len(body) == len(rulesets.REGISTRY)
    for line, rs in zip(body, rulesets.REGISTRY.values(), strict=True):
        assert line.split()[:2] == [rs.id, rs.game]
        assert line.endswith(rs.title)
    # no settings in the list
    assert "table_size" not in "\n".join(lines)


def test_the_list_is_whatever_the_registry_holds(capsys, monkeypatch):
    extra = replace(rulesets.get("carcassonne-cz"), id="carcassonne-extra", title="An extra one")
    monkeypatch.setattr(
        rulesets, "REGISTRY", MappingProxyType({**rulesets.REGISTRY, extra.id: extra})
    )
    assert main(["rulesets"]) == 0
    last = capsys.readouterr().out.splitlines()[-1]
    assert last.split()[:2] == ["carcassonne-extra", "carcassonne"]
    assert main(["rulesets", "carcassonne-extra"]) == 0
    assert capsys.readouterr().out.startswith("carcassonne-extra: An extra one\n")


def test_a_name_shows_its_settings_and_defaults(capsys):
    rs = rulesets.get("knockout")
    assert main(["rulesets", "knockout"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"knockout: {rs.title}"
    assert len(lines) == 1 + len(rs.defaults)
    for line, (name, value) in zip(lines[1:], rs.defaults.items(), strict=True):
        assert line == f"    {name} = {json.dumps(value)}  ({SPECS[name].rule}) {SPECS[name].help}"


def test_a_name_with_json(capsys):
    assert main(["rulesets", "swiss-pairs", "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert list(document) == ["swiss-pairs"]
    assert document["swiss-pairs"]["settings"] == dict(rulesets.get("swiss-pairs").defaults)


def test_an_unknown_name_is_one_line_and_exit_2(capsys):
    assert main(["rulesets", "no-such-rules"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith("kolo: unknown rule set 'no-such-rules'; known: dominion-cz, ")
    assert "Traceback" not in err
