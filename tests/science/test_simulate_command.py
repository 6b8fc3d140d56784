"""``kolo simulate``: help on every option, JSON, clear errors (docs/formats.md)."""

import json

import pytest

from kolo.cli import main

OPTIONS = (
    "--ruleset",
    "--players",
    "--rounds",
    "--events",
    "--seed",
    "--workers",
    "--model",
    "--set",
    "--time-limit",
    "--top",
    "--json",
)


def test_the_help_explains_every_option(capsys):
    assert main(["simulate", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "strongest player wins" in text
    for option in OPTIONS:
        assert option in text


def test_every_option_has_its_help():
    import typer

    from kolo.cli.app import app

    command = typer.main.get_command(app).commands["simulate"]  # type: ignore[attr-defined]
    names = {name for param in command.params for name in param.opts}
    assert set(OPTIONS) <= names
    assert all(param.help for param in command.params if param.name != "help")


def test_json_has_every_figure_with_its_interval(capsys):
    args = ["simulate", "--players", "12", "--rounds", "3", "--events", "6", "--workers", "1"]
    assert main([*args, "--json", "--top", "1,3"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["events"] == 6
    assert report["ruleset"] == "dominion-cz"
    for key in ("strongest_wins", "kendall_tau", "repeated_meetings", "smaller_tables_twice"):
        assert set(report[key]) == {"value", "low", "high"}
    assert set(report["top"]) == {"1", "3"}
    # the 1 strongest in the top 1 is the strongest player winning
    assert report["top"]["1"] == report["strongest_wins"]
    assert report["timing"]["events_per_second"] > 0


def test_the_same_seed_gives_the_same_figures_on_one_worker_or_two(capsys):
    args = ["simulate", "--ruleset", "swiss-pairs", "--players", "9", "--events", "8", "--json"]
    main([*args, "--workers", "1"])
    one = json.loads(capsys.readouterr().out)
    main([*args, "--workers", "2"])
    two = json.loads(capsys.readouterr().out)
    del one["timing"], two["timing"]
    assert one == two


def test_settings_go_to_every_event(capsys):
    args = ["simulate", "--players", "12", "--rounds", "3", "--events", "2", "--json"]
    assert main([*args, "--set", "slice_guard=false", "--set", 'weights={"repeat_pairs": 9}']) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["settings"] == {"slice_guard": False, "weights": {"repeat_pairs": 9}}


def test_the_table_is_printed_for_people(capsys):
    assert main(["simulate", "--ruleset", "knockout", "--players", "16", "--events", "4"]) == 0
    out = capsys.readouterr().out
    assert "The strongest player wins" in out
    assert "95 % interval" in out


@pytest.mark.parametrize(
    "args",
    [
        ["--ruleset", "chess"],
        ["--ruleset", "nbgl-dominion", "--rounds", "3"],
        ["--model", "robots"],
        ["--ruleset", "knockout", "--model", "bots"],
        ["--model", "skill:noise=-2"],
        ["--set", "slice_guard"],
        ["--set", "no_such_setting=1"],
        ["--top", "x"],
        ["--top", "99"],
        ["--events", "0"],
        ["--ruleset", "knockout", "--players", "3"],
    ],
)
def test_bad_input_is_refused_in_one_line(args, capsys):
    assert main(["simulate", "--events", "1", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("kolo:") or "Error" in err
    assert "Traceback" not in err
