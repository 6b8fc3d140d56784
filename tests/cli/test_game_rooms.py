"""The CLI floor finds each game's commands through its registry of games (``kolo.cli.games``):
``kolo --help`` lists a game's commands where its room's ``Listing`` says, and ``kolo demo``
asks the room of the rule set's game how its tables are prepared and played."""

import pytest

from kolo.cli import games, helptext, main
from kolo.games import registry


@pytest.fixture
def azul():
    """A fourth game's room on the CLI floor, listed after the others (taken out again after)."""
    before = [room.HELP for room in games.ROOMS]
    helptext.list_games(
        [
            *before,
            helptext.Listing(
                games=("azul",),
                sheets=("wall",),
                setups=("factory",),
                tools=("tiles",),
                title=("Azul's tiles",),
                simulations=(("azul", "simulate"),),
                see_also={("tiles",): "The tiles of Azul."},
            ),
        ]
    )
    yield
    helptext.list_games(before)


def test_a_fourth_games_commands_go_where_its_room_says(azul):
    day, _files, played, *_rest = helptext.panels()
    # score sheets, then table setups, each in the order of the rooms
    assert day[1][5:] == ("sheet", "wall", "kingdom", "factory", "audit")
    assert played[1] == (
        "dominion",
        "domino",
        "carcassonne",
        "azul",
        "simulate",
        "demo",
        "cards",
        "draw",
        "pool",
        "tiles",
    )
    assert helptext._title(played[0]) == (
        "Games: bots, simulations, Dominion's cards, Azul's tiles"
    )
    assert helptext.see_also(("tiles",)) == "The tiles of Azul."
    assert helptext.see_also(("simulate",)).endswith(
        "How the bots play one game: kolo dominion simulate, kolo domino simulate, "
        "kolo carcassonne simulate, kolo azul simulate. One event, stored: kolo demo."
    )


def test_the_help_lists_no_game_but_through_the_rooms():
    helptext.list_games([])
    try:
        day, _files, played, *_rest = helptext.panels()
        assert day[1] == ("event", "entrant", "round", "result", "standings", "audit")
        assert played[1] == ("simulate", "demo")
        assert helptext._title(played[0]) == "Games: bots, simulations"
        assert helptext.see_also(("kingdom",)) is None
    finally:
        helptext.list_games(room.HELP for room in games.ROOMS)


def test_every_room_serves_known_games_and_a_game_has_one_room_at_most():
    served = [game for room in games.ROOMS for game in room.GAMES]
    assert len(served) == len(set(served))
    assert set(served) <= set(registry.GAMES)
    assert games.room("mexican-train") is games.room("domino-block")
    assert games.room("points") is None  # a game with no commands of its own


def test_the_rooms_help_is_the_help_kolo_prints(capsys):
    assert main(["--lang", "en", "--help"]) == 0
    text = capsys.readouterr().out
    games_group = text.split("Games: bots, simulations, Dominion's cards:")[1].split("\n\n")[0]
    listed = [line.split()[0] for line in games_group.strip().splitlines()]
    assert listed == [
        "dominion",
        "domino",
        "carcassonne",
        "simulate",
        "demo",
        "cards",
        "draw",
        "pool",
    ]
