"""Whether an event obeys its rule set: the checks behind ``kolo validate`` and the store.

Problems are located by JSON paths into the ``kolo-event/1`` document the event is (or
would be) written as, so the same messages serve files, the store and the web.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Mapping

from kolo.core.event import PLAYOFF, EntrantId, Event, Round, Table
from kolo.core.problems import N_, Problem
from kolo.core.rulesets import RuleSet
from kolo.core.settings import Settings, resolve
from kolo.core.standings import bracket, round_complete

MAX_ID_LENGTH = 64
MAX_NAME_LENGTH = 200
MAX_SCORE = 1_000_000
"""Game points beyond ± this are a typing mistake, not a result."""
MAX_TURNS = 10_000
MAX_NUMBER = 10_000
"""Round and table numbers, and ``dropped_after_round``, stay below this."""
SEED_RANGE = (-(2**63), 2**63 - 1)

KEY_PATTERN = re.compile(r"^[a-z0-9][a-z0-9-]{0,79}$")
"""A handle (an event's or a series' key, a card pool's name): lower-case letters, digits
and dashes, starting with a letter or digit."""


def check_event(event: Event, rulesets: Mapping[str, RuleSet]) -> list[Problem]:
    """Every problem of the event at once (empty when it is valid), under its rule set in
    ``rulesets`` (the table by id: ``kolo.games.rulesets.check_event`` gives it).

    With an unknown rule set, what does not depend on the rule set is still checked.
    """
    ruleset = rulesets.get(event.ruleset)
    problems: list[Problem] = []
    settings = Settings({})
    if ruleset is None:
        problems.append(
            Problem(
                "$.ruleset",
                N_("unknown rule set '{ruleset}'; known: {known}"),
                {"ruleset": event.ruleset, "known": ", ".join(rulesets)},
            )
        )
    else:
        settings, problems = resolve(ruleset.defaults, event.settings)
        if not problems and ruleset.eliminates:
            from kolo.core import knockout  # a knockout's code only where a format has one

            problems += knockout.check_format(ruleset, settings)
    problems += check_entrants(event)
    if ruleset is not None:
        problems += check_members(event, ruleset.teams)
    known = {e.id for e in event.entrants}
    dropped = {
        e.id: e.dropped_after_round for e in event.entrants if e.dropped_after_round is not None
    }
    previous_complete = True
    for index, round_ in enumerate(event.rounds):
        where = f"$.rounds[{index}]"
        if round_.number != index + 1 or round_.number >= MAX_NUMBER:
            problems.append(
                Problem(
                    f"{where}.number",
                    N_("rounds out of order: round {number} where round {expected} belongs"),
                    {"number": round_.number, "expected": index + 1},
                )
            )
        elif (
            ruleset is not None
            and ruleset.max_rounds(settings) is not None
            and round_.number > settings.rounds
        ):
            problems.append(
                Problem(
                    f"{where}.number",
                    N_(
                        "round {number} is beyond the number of rounds set for the event "
                        "({rounds}); change the setting 'rounds' to play more"
                    ),
                    {"number": round_.number, "rounds": settings.rounds},
                )
            )
        elif not previous_complete:
            problems.append(
                Problem(
                    where,
                    N_("round {number} is paired while round {previous} is not complete"),
                    {"number": round_.number, "previous": round_.number - 1},
                )
            )
        elif ruleset is not None and settings.playoff != "none":
            in_bracket = round_.stage == PLAYOFF
            if in_bracket != (round_.number > settings.rounds):
                problems.append(
                    Problem(
                        f"{where}.stage",
                        N_(
                            "the {rounds} Swiss rounds come first, then the bracket's rounds "
                            "(stage 'playoff')"
                        ),
                        {"rounds": settings.rounds},
                    )
                )
        elif round_.stage == PLAYOFF:
            problems.append(
                Problem(f"{where}.stage", N_("a bracket round needs the setting 'playoff'"))
            )
        problems += check_round_shape(round_, where, ruleset, settings, known, dropped)
        previous_complete = ruleset is None or round_complete(round_, ruleset, settings)
    if ruleset is not None and not problems and settings.playoff != "none":
        state = bracket(event, ruleset, settings)
        if state is not None:
            problems += [Problem("$.rounds", p.message, p.params) for p in state.problems]
    for index, pair in enumerate(settings.never_together):
        problems += [
            Problem(f"$.settings.never_together[{index}]", N_("unknown entrant '{id}'"), {"id": p})
            for p in pair
            if p not in known
        ]
    for index, entrant in enumerate(event.entrants):
        if entrant.dropped_after_round is not None and entrant.dropped_after_round > len(
            event.rounds
        ):
            problems.append(
                Problem(
                    f"$.entrants[{index}].dropped_after_round",
                    N_("a drop after round {round}, but the event has {count} rounds so far"),
                    {"round": entrant.dropped_after_round, "count": len(event.rounds)},
                )
            )
    return problems


def has_control_characters(text: str) -> bool:
    """Whether ``text`` holds tabs, line breaks or other invisible control characters."""
    return any(unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") for c in text)


def text_problem(text: str) -> str | None:
    """Why a name or a club cannot be stored, or ``None`` (a message marked with ``N_``).

    The one check for every way a name or a club comes in: the web forms, the API, the
    command line, imports and event files. Not empty, at most ``MAX_NAME_LENGTH``
    characters, no control characters (NUL, escape sequences, line breaks, right-to-left
    overrides and other invisible format characters).
    """
    if not text.strip():
        return N_("the name must not be empty")
    if len(text) > MAX_NAME_LENGTH:
        return N_("longer than {limit} characters")
    if has_control_characters(text):
        return N_("a name must not contain tabs, line breaks or control characters")
    return None


def check_entrants(event: Event) -> list[Problem]:
    """Ids unique, non-empty and short enough; names and clubs pass ``text_problem``."""
    problems: list[Problem] = []
    seen: set[EntrantId] = set()
    for index, entrant in enumerate(event.entrants):
        where = f"$.entrants[{index}]"
        if not entrant.id.strip():
            problems.append(Problem(f"{where}.id", N_("an entrant's id must not be empty")))
        elif len(entrant.id) > MAX_ID_LENGTH:
            problems.append(
                Problem(
                    f"{where}.id", N_("longer than {limit} characters"), {"limit": MAX_ID_LENGTH}
                )
            )
        elif entrant.id in seen:
            problems.append(
                Problem(f"{where}.id", N_("duplicate entrant id '{id}'"), {"id": entrant.id})
            )
        seen.add(entrant.id)
        if not entrant.name.strip():
            problems.append(Problem(f"{where}.name", N_("an entrant's name must not be empty")))
        for field, text in (
            ("name", entrant.name),
            ("club", entrant.club),
            ("player", entrant.player),
        ):
            problem = text_problem(text) if text and text.strip() else None
            if problem is not None:
                problems.append(Problem(f"{where}.{field}", problem, {"limit": MAX_NAME_LENGTH}))
        dropped = entrant.dropped_after_round
        if dropped is not None and not 0 <= dropped < MAX_NUMBER:
            problems.append(
                Problem(f"{where}.dropped_after_round", N_("must be 0 or a round number"))
            )
    return problems


def check_members(event: Event, teams: bool) -> list[Problem]:
    """A team has two members, each a name that passes ``text_problem``; only teams have
    members (an entrant of a team event may list none while its members are unknown)."""
    problems: list[Problem] = []
    for index, entrant in enumerate(event.entrants):
        where = f"$.entrants[{index}].members"
        if not entrant.members:
            continue
        if not teams:
            problems.append(Problem(where, N_("only a team has members; this rule set has none")))
            continue
        if len(entrant.members) != 2:
            problems.append(
                Problem(
                    where,
                    N_("a team has two members, not {count}"),
                    {"count": len(entrant.members)},
                )
            )
        for number, member in enumerate(entrant.members):
            if not member.name.strip():
                problems.append(
                    Problem(f"{where}[{number}].name", N_("a member's name must not be empty"))
                )
                continue
            problem = text_problem(member.name)
            if problem is not None:
                problems.append(
                    Problem(f"{where}[{number}].name", problem, {"limit": MAX_NAME_LENGTH})
                )
    return problems


def check_round_shape(
    round_: Round,
    where: str,
    ruleset: RuleSet | None,
    settings: Settings,
    known: set[EntrantId],
    dropped: Mapping[EntrantId, int],
) -> list[Problem]:
    """The problems of one round: who sits where, table sizes, the games' results.

    Without a rule set (an unknown one) only who sits where is checked.
    """
    problems: list[Problem] = []
    seen: set[EntrantId] = set()

    def seat(player: EntrantId, path: str) -> None:
        if player not in known:
            problems.append(Problem(path, N_("unknown entrant '{id}'"), {"id": player}))
        elif player in seen:
            problems.append(
                Problem(
                    path,
                    N_("'{id}' is seated twice in round {round}"),
                    {"id": player, "round": round_.number},
                )
            )
        elif player in dropped and round_.number > dropped[player]:
            problems.append(
                Problem(
                    path,
                    N_("'{id}' dropped after round {dropped} but is seated in round {round}"),
                    {"id": player, "dropped": dropped[player], "round": round_.number},
                )
            )
        seen.add(player)

    if not round_.tables:
        problems.append(Problem(f"{where}.tables", N_("a round needs at least one table")))
    if round_.seed is not None and not SEED_RANGE[0] <= round_.seed <= SEED_RANGE[1]:
        problems.append(Problem(f"{where}.seed", N_("the seed must fit in 64 bits")))
    table_numbers = Counter(t.number for t in round_.tables)
    for t_index, table in enumerate(round_.tables):
        t_where = f"{where}.tables[{t_index}]"
        if not 1 <= table.number < MAX_NUMBER:
            problems.append(
                Problem(
                    f"{t_where}.number",
                    N_("table numbers run from 1 to {limit}"),
                    {"limit": MAX_NUMBER - 1},
                )
            )
        elif table_numbers[table.number] > 1:
            problems.append(
                Problem(
                    f"{t_where}.number",
                    N_("table number {number} is used twice in this round"),
                    {"number": table.number},
                )
            )
        if ruleset is not None and len(table.seats) not in ruleset.table_sizes(settings):
            sizes = ruleset.table_sizes(settings)
            problems.append(
                Problem(
                    f"{t_where}.seats",
                    N_("a table of {size} is not allowed by {ruleset} (allowed: {allowed})"),
                    {
                        "size": len(table.seats),
                        "ruleset": ruleset.id,
                        "allowed": ", ".join(str(s) for s in sizes),
                    },
                )
            )
        for s_index, player in enumerate(table.seats):
            seat(player, f"{t_where}.seats[{s_index}]")
        if ruleset is not None:
            games_needed = ruleset.games_per_table(round_.number, settings)
            problems += check_games(table, t_where, ruleset, games_needed)
    if round_.byes and ruleset is not None and not ruleset.byes:
        problems.append(
            Problem(f"{where}.byes", N_("{ruleset} gives no byes"), {"ruleset": ruleset.id})
        )
    for b_index, player in enumerate(round_.byes):
        seat(player, f"{where}.byes[{b_index}]")
    return problems


def check_games(table: Table, where: str, ruleset: RuleSet, games_needed: int) -> list[Problem]:
    """Scores (and turns) of every game: exactly one per seated player."""
    problems: list[Problem] = []
    if len(table.games) > games_needed:
        problems.append(
            Problem(
                f"{where}.games",
                N_("{count} games where a table of this round plays {needed}"),
                {"count": len(table.games), "needed": games_needed},
            )
        )
    for g_index, game in enumerate(table.games):
        g_where = f"{where}.games[{g_index}]"
        problems += _check_per_player(
            game.scores, table.seats, f"{g_where}.scores", N_("no score for '{id}'")
        )
        problems += [
            Problem(
                f"{g_where}.scores.{p}",
                N_("a score must lie between -{limit} and {limit}"),
                {"limit": MAX_SCORE},
            )
            for p, score in game.scores.items()
            if abs(score) > MAX_SCORE
        ]
        if game.turns is not None:
            problems += _check_per_player(
                game.turns, table.seats, f"{g_where}.turns", N_("no turn count for '{id}'")
            )
            problems += [
                Problem(
                    f"{g_where}.turns.{p}",
                    N_("a turn count runs from 0 to {limit}"),
                    {"limit": MAX_TURNS},
                )
                for p, t in game.turns.items()
                if not 0 <= t <= MAX_TURNS
            ]
            counts = list(game.turns.values())
            if ruleset.ties_by_turns and counts and max(counts) - min(counts) > 1:
                problems.append(
                    Problem(
                        f"{g_where}.turns",
                        N_(
                            "the players of one game take turns in order, so their turn counts "
                            "differ by at most one, not {low} to {high}"
                        ),
                        {"low": min(counts), "high": max(counts)},
                    )
                )
        elif ruleset.ties_by_turns:
            problems.append(
                Problem(
                    f"{g_where}.turns",
                    N_("{ruleset} breaks ties by turns: every game needs the turns taken"),
                    {"ruleset": ruleset.id},
                )
            )
        if game.seats is not None and sorted(game.seats) != sorted(table.seats):
            problems.append(
                Problem(
                    f"{g_where}.order",
                    N_("a game's seat order must name exactly the table's players"),
                )
            )
    return problems


def _check_per_player(
    values: Mapping[EntrantId, int], seats: tuple[EntrantId, ...], where: str, missing: str
) -> list[Problem]:
    problems = [Problem(where, missing, {"id": p}) for p in seats if p not in values]
    problems += [
        Problem(f"{where}.{p}", N_("'{id}' is not seated at this table"), {"id": p})
        for p in values
        if p not in seats
    ]
    return problems
