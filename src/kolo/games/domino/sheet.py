"""Domino score sheets: a game entered hand by hand, checked and scored by the engine's rules.

A club keeps a sheet at each table: for every hand, how it ended (a player went out, or
nobody could play) and the pips left. kolo computes what each hand scored with the engines'
own rules (``block.score_hand``, R-DOMINO-4; ``mexican.hand_scores``, R-DOMINO-6), keeps the
running totals, ends a block match at the target (R-DOMINO-5) and a Mexican Train game after
its hands (the ``hands`` setting), and refuses a sheet that cannot have happened, with the
reason: more pips left than a set holds, a hand after the match was won, the player who went
out still holding pips.

In a tournament the block game's table seats two *teams* (the entrants), so a sheet's keys are
the two teams' ids and ``out`` names the team whose player went out; Mexican Train's are the
players.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from kolo.core.problems import N_, Problem
from kolo.core.settings import Settings
from kolo.games.domino.block import BlockRules, score_hand
from kolo.games.domino.mexican import OWN, WINNER, MexicanRules, hand_scores
from kolo.games.domino.tiles import double

BLOCK_SET_PIPS = sum(double(6).pips)
"""Pips of the whole double-six set (168): all 28 tiles are dealt in the block game."""
_SIX = sorted(double(6).pips, reverse=True)
TEAM_MOST = sum(_SIX[:14])
"""The most pips a team can hold: its two hands of seven, the fourteen heaviest tiles (118)."""
OUT_TEAM_MOST = sum(_SIX[:7])
"""The most a team can hold after one of its players went out: the partner's seven (69)."""
MEXICAN_SET_PIPS = sum(double(MexicanRules().top).pips) - 2 * MexicanRules().top
"""Pips of the double-twelve set without the station (1,068): the most a table can hold."""


@dataclass(frozen=True)
class SheetHand:
    """One hand as the sheet records it."""

    out: str | None
    """Who went out: the team (block game) or the player (Mexican Train); None: blocked."""
    pips: Mapping[str, int]
    """Pips left in hand, by team (block game) or by player (Mexican Train)."""

    def document(self) -> dict[str, Any]:
        return {"out": self.out, "pips": dict(self.pips)}


@dataclass(frozen=True)
class Sheet:
    """A game's score sheet: its hands in order (``kolo.core.event.GameRecord``)."""

    hands: tuple[SheetHand, ...]

    def document(self) -> list[dict[str, Any]]:
        return [h.document() for h in self.hands]


def block_points(hand: SheetHand, seats: Sequence[str]) -> dict[str, int]:
    """What each team scored in a block game's hand (R-DOMINO-4): the team with fewer pips
    scores the other's; equal sums score nothing (the interpretation of R-DOMINO-4)."""
    team = (hand.pips[seats[0]], hand.pips[seats[1]])
    out_team = None if hand.out is None else seats.index(hand.out)
    result = score_hand(out_team, team, BlockRules())
    points = dict.fromkeys(seats, 0)
    if result.winner is not None:
        points[seats[result.winner]] = result.points
    return points


def mexican_points(hand: SheetHand, seats: Sequence[str], scoring: str = WINNER) -> dict[str, int]:
    """What each player scored in a hand of Mexican Train (R-DOMINO-6; ``scoring``: the
    source's ``winner`` or the common rule ``own``, the setting ``scoring``)."""
    out = None if hand.out is None else list(seats).index(hand.out)
    scored = hand_scores([hand.pips[p] for p in seats], out, scoring)
    return dict(zip(seats, scored, strict=True))


def _points(game: str, hand: SheetHand, seats: Sequence[str], scoring: str) -> dict[str, int]:
    return block_points(hand, seats) if game == BLOCK else mexican_points(hand, seats, scoring)


def running(
    game: str, sheet: Sheet, seats: Sequence[str], scoring: str = WINNER
) -> list[dict[str, int]]:
    """The totals after each hand, as the sheet's last column shows them (``scoring``: how
    Mexican Train's hands score, the setting ``scoring``)."""
    totals = dict.fromkeys(seats, 0)
    after = []
    for hand in sheet.hands:
        for who, scored in _points(game, hand, seats, scoring).items():
            totals[who] += scored
        after.append(dict(totals))
    return after


def totals(game: str, sheet: Sheet, seats: Sequence[str], scoring: str = WINNER) -> dict[str, int]:
    """The game's scores: the sheet's totals after its last hand."""
    after = running(game, sheet, seats, scoring)
    return after[-1] if after else dict.fromkeys(seats, 0)


BLOCK = "domino-block"
MEXICAN = "mexican-train"


def complete(game: str, sheet: Sheet, seats: Sequence[str], settings: Settings) -> bool:
    """Whether the game is over: a block match when a team reached the target (R-DOMINO-5),
    a Mexican Train game after its hands."""
    if game == BLOCK:
        return any(v >= settings.target for v in totals(game, sheet, seats).values())
    return len(sheet.hands) >= settings.hands


def check(
    game: str, sheet: Sheet, seats: Sequence[str], settings: Settings, path: str
) -> list[Problem]:
    """Why this sheet cannot have happened, each reason at its hand's path (empty: it can)."""
    problems: list[Problem] = []
    totals_now = dict.fromkeys(seats, 0)
    for index, hand in enumerate(sheet.hands):
        where = f"{path}[{index}]"
        if game == BLOCK and any(v >= settings.target for v in totals_now.values()):
            problems.append(
                Problem(
                    where,
                    N_("the match was won at {target} points before this hand"),
                    {"target": settings.target},
                )
            )
            break
        if game == MEXICAN and index >= settings.hands:
            problems.append(
                Problem(where, N_("a game has {hands} hands, no more"), {"hands": settings.hands})
            )
            break
        found = _check_hand(game, hand, seats, where)
        if found:
            problems += found
            continue
        for who, scored in _points(game, hand, seats, settings.scoring).items():
            totals_now[who] += scored
    return problems


def _check_hand(game: str, hand: SheetHand, seats: Sequence[str], where: str) -> list[Problem]:
    if set(hand.pips) != set(seats):
        return [
            Problem(
                f"{where}.pips",
                N_("give the pips left of exactly these: {who}"),
                {"who": ", ".join(seats)},
            )
        ]
    if hand.out is not None and hand.out not in seats:
        return [
            Problem(f"{where}.out", N_("'{who}' is not at this table"), {"who": hand.out}),
        ]
    for who, pips in hand.pips.items():
        if pips < 0:
            return [Problem(f"{where}.pips.{who}", N_("pips left cannot be negative"))]
    if game == BLOCK:
        return _check_block(hand, where)
    return _check_mexican(hand, where)


def _check_block(hand: SheetHand, where: str) -> list[Problem]:
    total = sum(hand.pips.values())
    if total > BLOCK_SET_PIPS:
        return [
            Problem(
                f"{where}.pips",
                N_("{total} pips left: the whole set holds only {most}"),
                {"total": total, "most": BLOCK_SET_PIPS},
            )
        ]
    for who, pips in hand.pips.items():
        most = OUT_TEAM_MOST if who == hand.out else TEAM_MOST
        if pips > most:
            message = (
                N_("{pips} pips: a team whose player went out holds at most {most}")
                if who == hand.out
                else N_("{pips} pips: a team's fourteen tiles hold at most {most}")
            )
            return [Problem(f"{where}.pips.{who}", message, {"pips": pips, "most": most})]
        if hand.out is None and pips == 0:
            return [
                Problem(
                    f"{where}.pips.{who}",
                    N_("in a blocked hand every player still holds a tile: a team holds pips"),
                )
            ]
        if hand.out is not None and who != hand.out and pips == 0:
            return [
                Problem(
                    f"{where}.pips.{who}",
                    N_(
                        "both players of the team that did not go out still hold tiles, and "
                        "only one tile (the double-blank) weighs nothing: it holds pips"
                    ),
                )
            ]
    return []


def _check_mexican(hand: SheetHand, where: str) -> list[Problem]:
    total = sum(hand.pips.values())
    if total > MEXICAN_SET_PIPS:
        return [
            Problem(
                f"{where}.pips",
                N_("{total} pips left: the whole set holds only {most}"),
                {"total": total, "most": MEXICAN_SET_PIPS},
            )
        ]
    if hand.out is not None and hand.pips[hand.out] != 0:
        return [
            Problem(
                f"{where}.pips.{hand.out}",
                N_("{who} went out and holds no tile: 0 pips"),
                {"who": hand.out},
            )
        ]
    others = [v for who, v in hand.pips.items() if who != hand.out]
    if sum(1 for v in others if v == 0) > 1:
        return [
            Problem(
                f"{where}.pips",
                N_(
                    "every player who did not go out still holds a tile: only one can hold "
                    "0 pips (the double-blank)"
                ),
            )
        ]
    return []


def read(
    game: str, value: Any, path: str, scores: Mapping[str, int], settings: Settings
) -> tuple[Sheet | None, list[Problem]]:
    """A game's ``hands`` from the event file, checked: its shape, each hand possible, the game
    over, and the scores its totals (nothing entered is silently replaced)."""
    sheet, problems = parse(value, path)
    if sheet is None:
        return None, problems
    seats = list(scores)
    problems = check(game, sheet, seats, settings, path)
    if problems:
        return None, problems
    if not complete(game, sheet, seats, settings):
        message = (
            N_("the match is not over: no team has reached {target} points")
            if game == BLOCK
            else N_("the game is not over: {played} of {hands} hands")
        )
        params = {"target": settings.target, "played": len(sheet.hands), "hands": settings.hands}
        return None, [Problem(path, message, params)]
    summed = totals(game, sheet, seats, settings.scoring)
    if summed != dict(scores):
        shown = ", ".join(f"{k} {v}" for k, v in summed.items())
        return None, [
            Problem(
                path.rpartition(".")[0] + ".scores",
                N_("the scores must be the sheet's totals: {totals}"),
                {"totals": shown},
            )
        ]
    return sheet, []


def parse(value: Any, path: str) -> tuple[Sheet | None, list[Problem]]:
    """The shape of a ``hands`` array: objects with ``out`` (an id or null) and ``pips`` (an
    object of whole numbers)."""
    if not isinstance(value, list):
        return None, [Problem(path, N_("must be an array of hands"))]
    hands: list[SheetHand] = []
    problems: list[Problem] = []
    for index, item in enumerate(value):
        where = f"{path}[{index}]"
        if not isinstance(item, dict) or set(item) - {"out", "pips"} or "pips" not in item:
            problems.append(
                Problem(where, N_("a hand is an object with 'out' (who went out) and 'pips'"))
            )
            continue
        out = item.get("out")
        if out is not None and not isinstance(out, str):
            problems.append(Problem(f"{where}.out", N_("must be an id, or null when blocked")))
            continue
        pips = item["pips"]
        if not isinstance(pips, dict) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in pips.values()
        ):
            problems.append(
                Problem(f"{where}.pips", N_("must be an object with one whole number each"))
            )
            continue
        hands.append(SheetHand(out, dict(pips)))
    if problems:
        return None, problems
    return Sheet(tuple(hands)), []


def play_block(seats: Sequence[str], bots: Sequence[str], seed: int, target: int) -> Sheet:
    """A whole match between two teams played by the engine's bots (``block.BOTS`` by name,
    one per team, both its players), written down as a score sheet: ``kolo demo``'s matches."""
    from kolo.games.domino import block

    players = [block.BOTS[bots[seat % 2]] for seat in range(block.SEATS)]
    match = block.play_match(players, seed, BlockRules(target=target))
    return Sheet(
        tuple(
            SheetHand(
                None if hand.out is None else seats[hand.out % 2],
                {seats[0]: hand.team_pips[0], seats[1]: hand.team_pips[1]},
            )
            for hand in match.hands
        )
    )


def play_mexican(seats: Sequence[str], bots: Sequence[str], seed: int, hands: int) -> Sheet:
    """A game of ``hands`` hands of Mexican Train played by the engine's bots
    (``mexican.PLAYERS`` by name, one per seat), written down as a score sheet."""
    import random

    from kolo.games.domino import mexican

    rng = random.Random(seed)
    players = [mexican.PLAYERS[name] for name in bots]
    written = []
    for _ in range(hands):
        game = mexican.play_game(players, rng.randrange(2**32))
        pips = [game.tiles.hand_pips(h) for h in game.hands]
        written.append(
            SheetHand(
                None if game.out is None else seats[game.out], dict(zip(seats, pips, strict=True))
            )
        )
    return Sheet(tuple(written))


def final_score_problems(
    game: str,
    scores: Mapping[str, int],
    settings: Settings,
    ended_by_time_limit: bool,
    path: str,
) -> list[Problem]:
    """Why a game's final score, entered without its sheet (a paper sheet), cannot be the end
    of a game played by the rules (empty: it can). Every way of entering a result asks this
    (``kolo.changes.results``, the players' reports), so a final score obeys the rules a
    sheet does.

    Block game (R-DOMINO-4, -5): no team scores below 0; the match ends at the hand that
    reaches the target, so only one team reaches it, and that hand scores at most a team's
    fourteen tiles (118): the winner ends below target + 118. A match in which nobody
    reached the target ended by the time limit, and says so (the time-limit mark).
    Mexican Train (R-DOMINO-6, -10): no player scores below 0, and the game's hands hold at
    most the set's pips each (1,068 without the station); scored by each player's own pips
    (setting ``scoring`` = ``own``) at a table of three or more, every hand leaves at least
    one pip, so a whole game leaves at least one a hand."""
    if any(v < 0 for v in scores.values()):
        return [Problem(path, N_("a domino score cannot be negative: it counts pips"))]
    if game == BLOCK:
        target = settings.target
        reached = [v for v in scores.values() if v >= target]
        if len(reached) > 1:
            return [
                Problem(
                    path,
                    N_(
                        "only one team can reach {target}: the match ends at the hand that "
                        "reaches it"
                    ),
                    {"target": target},
                )
            ]
        top = target - 1 + TEAM_MOST
        if reached and reached[0] > top:
            return [
                Problem(
                    path,
                    N_(
                        "{score} points: the match ends at the hand that reaches {target}, and a "
                        "hand scores at most {most}, so a match ends at {top} at most"
                    ),
                    {"score": reached[0], "target": target, "most": TEAM_MOST, "top": top},
                )
            ]
        if not reached and not ended_by_time_limit:
            return [
                Problem(
                    path,
                    N_(
                        "no team reached {target}: did time run out? Then mark the match as "
                        "ended by the time limit"
                    ),
                    {"target": target},
                )
            ]
        return []
    most = settings.hands * MEXICAN_SET_PIPS
    total = sum(scores.values())
    if (
        settings.scoring == OWN
        and len(scores) > 2
        and not ended_by_time_limit
        and total < settings.hands
    ):
        return [
            Problem(
                path,
                N_(
                    "{total} pips in all: every hand leaves pips in someone's hand (only "
                    "the double-blank weighs nothing), so {hands} hands leave at least "
                    "{hands}"
                ),
                {"total": total, "hands": settings.hands},
            )
        ]
    if total > most:
        return [
            Problem(
                path,
                N_("{total} points in all: {hands} hands hold at most {most} pips ({each} each)"),
                {"total": total, "hands": settings.hands, "most": most, "each": MEXICAN_SET_PIPS},
            )
        ]
    return []
