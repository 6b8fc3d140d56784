"""Domino's games as a tournament sees them (RULES.md §7)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from kolo.core.event import GameRecord
from kolo.core.problems import N_, Problem
from kolo.core.settings import Settings
from kolo.games.base import Game, ScoreSheet
from kolo.games.domino.settings import BLOCK_SETTINGS, MEXICAN_TRAIN_SETTINGS
from kolo.games.domino.study import BLOCK_BOTS, MEXICAN_BOTS


def _read_block(
    value: Any, path: str, scores: Mapping[str, int], settings: Settings
) -> tuple[GameRecord | None, list[Problem]]:
    from kolo.games.domino import sheet  # the engine loads only for a file with hands

    return sheet.read(sheet.BLOCK, value, path, scores, settings)


def _read_mexican(
    value: Any, path: str, scores: Mapping[str, int], settings: Settings
) -> tuple[GameRecord | None, list[Problem]]:
    from kolo.games.domino import sheet

    return sheet.read(sheet.MEXICAN, value, path, scores, settings)


def _check_block(
    scores: Mapping[str, int], settings: Settings, ended_by_time_limit: bool, path: str
) -> list[Problem]:
    from kolo.games.domino import sheet

    return sheet.final_score_problems(sheet.BLOCK, scores, settings, ended_by_time_limit, path)


def _check_mexican(
    scores: Mapping[str, int], settings: Settings, ended_by_time_limit: bool, path: str
) -> list[Problem]:
    from kolo.games.domino import sheet

    return sheet.final_score_problems(sheet.MEXICAN, scores, settings, ended_by_time_limit, path)


def _parse(value: Any, path: str) -> tuple[GameRecord | None, list[Problem]]:
    from kolo.games.domino import sheet

    return sheet.parse(value, path)


def _write(sheet: Any, out: str | None, pips: Mapping[str, int]) -> Any:
    from kolo.games.domino.sheet import Sheet, SheetHand

    return Sheet((*sheet.hands, SheetHand(out, dict(pips))))


def _take_back(sheet: Any) -> Any:
    from kolo.games.domino.sheet import Sheet

    return Sheet(sheet.hands[:-1])


def _score_sheet(game: str) -> ScoreSheet:
    """The score sheet of a domino game (R-DOMINO-8, R-DOMINO-10): each hand who went out
    and the pips left, by team (the block game) or by player (Mexican Train)."""

    def check(value: Any, seats: Sequence[str], settings: Settings, path: str) -> list[Problem]:
        from kolo.games.domino import sheet

        return sheet.check(game, value, seats, settings, path)

    def running(value: Any, seats: Sequence[str], scoring: str) -> list[dict[str, int]]:
        from kolo.games.domino import sheet

        return sheet.running(game, value, seats, scoring)

    def totals(value: Any, seats: Sequence[str], scoring: str) -> dict[str, int]:
        from kolo.games.domino import sheet

        return sheet.totals(game, value, seats, scoring)

    def complete(value: Any, seats: Sequence[str], settings: Settings) -> bool:
        from kolo.games.domino import sheet

        return sheet.complete(game, value, seats, settings)

    return ScoreSheet(_parse, _write, _take_back, check, running, totals, complete)


def _record_schema() -> dict[str, Any]:
    """The JSON Schema of a game's score sheet (``kolo-event/1`` ``games[].hands``)."""
    return {
        "type": "array",
        "description": "The game's score sheet, hand by hand (domino-pairs: "
        "by team; mexican-train: by player); 'scores' are its totals.",
        "items": {
            "type": "object",
            "required": ["pips"],
            "additionalProperties": False,
            "properties": {
                "out": {
                    "type": ["string", "null"],
                    "description": "Who went out; null: the hand was blocked.",
                },
                "pips": {
                    "type": "object",
                    "additionalProperties": {"type": "integer"},
                    "description": "Pips left in hand, by entrant id.",
                },
            },
        },
    }


BLOCK = Game(
    id="domino-block",
    title=N_("Domino: the block game for two pairs"),
    players=(4, 4),
    team_size=2,
    settings=BLOCK_SETTINGS,
    read_record=_read_block,
    parse_record=_parse,
    check_scores=_check_block,
    record_schema=_record_schema,
    bots=BLOCK_BOTS,
    sheet=_score_sheet("domino-block"),
)
"""Two teams of two at a table (a tournament table seats the two teams, its entrants); a
match's result is each team's points (R-DOMINO-4, -5), entered hand by hand or as the final
score."""

MEXICAN_TRAIN = Game(
    id="mexican-train",
    title=N_("Domino: Cardinal Mexican Train"),
    players=(2, 8),
    settings=MEXICAN_TRAIN_SETTINGS,
    read_record=_read_mexican,
    parse_record=_parse,
    check_scores=_check_mexican,
    record_schema=_record_schema,
    bots=MEXICAN_BOTS,
    sheet=_score_sheet("mexican-train"),
)
"""The winner of a hand scores the others' pips (R-DOMINO-6): the higher total wins; with the
setting ``scoring`` = ``own`` each player scores their own pips and the lower total wins
(``RuleSet.lowest_wins``)."""
