"""Dominion as a tournament sees it (RULES.md §5; the game played is ``engine.py``).

The kingdom's reader and deal load the card data when first used, not when kolo starts: a
command that never touches a kingdom never pays for them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kolo.core.problems import N_, Problem
from kolo.games.base import Deal, Game
from kolo.games.dominion.settings import SETTINGS
from kolo.games.dominion.study import BOTS

if TYPE_CHECKING:
    from kolo.games.dominion.draws import Kingdom


def _read(value: Any, path: str) -> tuple[Kingdom | None, list[Problem]]:
    from kolo.games.dominion import kingdom

    return kingdom.read(value, path)


def _schema() -> dict[str, Any]:
    from kolo.games.dominion import kingdom

    return kingdom.schema()


def _deal(request: Deal) -> tuple[Kingdom, ...] | None:
    from kolo.games.dominion import kingdom

    return kingdom.deal(request)


GAME = Game(
    id="dominion",
    title=N_("Dominion"),
    players=(2, 6),
    records_turns=True,  # tied players with fewer turns win (the base game's rule)
    settings=SETTINGS,  # the card pool, the Extended draw's share (R-DOM-1, R-DOM-6)
    setup_key="kingdom",  # kolo-event/1: tables[].kingdom
    setup_schema=_schema,
    read_setup=_read,
    deal=_deal,
    resource_settings=("pool",),  # the card pool the draws use, by name (R-DOM-1)
    proposes_setups=True,  # the fair kingdoms page
    bots=BOTS,  # a study's tables played by the bots
)
