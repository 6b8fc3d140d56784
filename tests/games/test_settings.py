"""A game declares its own settings (issue 37): in its folder, on its ``Game``; the generic
settings in ``kolo.core.settings`` are those of every game, and a rule set finds its game's
through its defaults' declarations, never through a list of every game's settings."""

import pytest

from kolo.core import settings as core_settings
from kolo.core.settings import Defaults, Kind, SettingSpec, resolve
from kolo.games import registry, rulesets

OWN = {
    "dominion": {"pool", "extended_share", "extended_for_all"},
    "domino-block": {"target"},
    "mexican-train": {"hands", "scoring"},
}


@pytest.mark.parametrize("game_id", sorted(registry.GAMES))
def test_a_game_declares_its_own_settings_and_core_none_of_them(game_id):
    game = registry.get(game_id)
    declared = {spec.name for spec in game.settings}
    assert declared == OWN.get(game_id, set())
    assert not declared & set(core_settings.SPECS)  # not in the generic list


@pytest.mark.parametrize("ruleset_id", sorted(rulesets.REGISTRY))
def test_a_rule_set_declares_every_setting_it_has_the_generic_ones_and_its_game_s(ruleset_id):
    rs = rulesets.get(ruleset_id)
    own = {spec.name: spec for spec in registry.get(rs.game).settings}
    assert rs.defaults.undeclared == ()
    assert list(rs.defaults.specs) == list(rs.defaults)
    for name, spec in rs.defaults.specs.items():
        assert spec is own.get(name, core_settings.SPECS.get(name))
    assert set(rs.defaults) - set(core_settings.SPECS) <= set(own)


def test_a_setting_of_another_game_is_refused_and_a_game_s_own_is_checked():
    _, problems = resolve(rulesets.get("dominion-cz").defaults, {"target": 150, "hands": 9})
    assert [p.path for p in problems] == ["$.settings.target", "$.settings.hands"]
    assert "unknown setting" in problems[0].message
    _, problems = resolve(rulesets.get("domino-pairs").defaults, {"target": 0, "pool": "x"})
    assert [(p.path, p.message) for p in problems] == [
        ("$.settings.target", "must be at least {minimum}"),
        ("$.settings.pool", "unknown setting '{name}' for this rule set; known: {known}"),
    ]
    settings = rulesets.get("mexican-train").settings({"scoring": "own", "hands": 7})
    assert (settings.scoring, settings.hands) == ("own", 7)


def test_defaults_check_a_setting_by_the_declaration_given():
    """What a fourth game would do: declare a setting, and a rule set that has it checks it."""
    tiles = SettingSpec("tiles", Kind.INT, "R-X-1", "Tiles a player draws.", 1, 5)
    defaults = Defaults({"rounds": 4, "tiles": 2}, (tiles,))
    assert defaults.specs["tiles"] is tiles
    assert defaults.specs["rounds"] is core_settings.SPECS["rounds"]
    settings, problems = resolve(defaults, {"tiles": 3})
    assert (settings["tiles"], problems) == (3, [])
    _, problems = resolve(defaults, {"tiles": 9})
    assert [p.message for p in problems] == ["must be at most {maximum}"]
    assert Defaults({"tiles": 2}).undeclared == ("tiles",)  # no one declared it


def test_every_setting_an_event_file_may_hold_is_the_generic_ones_and_each_game_s():
    every = set(core_settings.SPECS).union(*OWN.values())
    assert set(rulesets.SPECS) == every
    from kolo.eventfile.schema import json_schema

    assert set(json_schema()["properties"]["settings"]["properties"]) == every
