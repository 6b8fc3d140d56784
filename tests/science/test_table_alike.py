"""Which table a rule set reads (kolo.science.table): its own, or that of a rule set that pairs
and ranks alike, as the rule sets themselves say (issue 37: no list of names in the module)."""

from dataclasses import replace

from kolo.core.settings import Defaults
from kolo.games import rulesets
from kolo.science import table


def test_the_shipped_table_is_read_by_the_rule_sets_alike_and_by_no_other():
    tables = table._shipped()["tables"]
    readers = {
        ruleset: table.family(ruleset, tables)
        for ruleset in rulesets.REGISTRY
        if table.family(ruleset, tables) is not None
    }
    assert readers == {"dominion-cz": "dominion-cz-final", "dominion-cz-final": "dominion-cz-final"}


def test_rule_sets_alike_differ_only_in_their_names_and_rounds(monkeypatch):
    final = rulesets.get("dominion-cz-final")
    longer = replace(
        final,
        id="longer",
        defaults=Defaults({**final.defaults, "rounds": 9}, final.defaults.specs.values()),
    )
    larger = replace(
        final,
        id="larger",
        defaults=Defaults({**final.defaults, "table_size": 4}, final.defaults.specs.values()),
    )
    other_game = replace(final, id="other-game", game="points")
    registry = {**rulesets.REGISTRY, **{r.id: r for r in (longer, larger, other_game)}}
    monkeypatch.setattr(rulesets, "REGISTRY", registry)
    monkeypatch.setattr(rulesets, "get", registry.__getitem__)
    assert table.alike("longer", "dominion-cz-final")
    assert not table.alike("larger", "dominion-cz-final")
    assert not table.alike("other-game", "dominion-cz-final")
    assert not table.alike("no-such", "dominion-cz-final")
    assert table.entries("longer") == table.entries("dominion-cz-final")
    assert table.entries("larger") == []


def test_recompute_plays_the_rule_sets_asked():
    document = table.recompute(2, 1, players=(9,), rounds=(2,), held=("swiss-pairs",))
    assert list(document["tables"]) == ["swiss-pairs"]
    assert table.entries("swiss-pairs", document)[0].players == 9
