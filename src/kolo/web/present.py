"""What the pages show, computed from the store through the core and formatted for the
language in use (Czech: "49,00 %")."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from django.utils import translation
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy

from kolo import display
from kolo.core import event as core
from kolo.core import knockout
from kolo.core.outcome import game_outcome
from kolo.core.standings import Standings
from kolo.report.roundtables import round_tables
from kolo.report.standings import BRACKET_NOTE
from kolo.report.standings import bracket_reached as report_reached
from kolo.report.standings import columns as report_columns
from kolo.store import api as store
from kolo.store import models
from kolo.web import games, knockout_drawing, snapshots
from kolo.web.loaded import Loaded as Loaded
from kolo.web.loaded import language as language


def points(value: Fraction) -> str:
    return display.points(value, language())


def decimal(value: float, places: int) -> str:
    """A number with ``places`` decimals in the language in use."""
    return display.decimal(value, places, language())


def percent(value: Fraction | None) -> str:
    return display.percent(value, language())


VERSION_SECONDS = snapshots.VERSION_SECONDS
"""How long a server process trusts the version it read (every page polls it)."""


def version(event: models.Event) -> int:
    """Changes whenever anything about the event changes (the last audit entry's id)."""
    return version_of(event.pk)


def version_of(event_pk: int) -> int:
    """The version of the event with this primary key.

    Read at most once a second per event and process: a hundred phones polling cost one
    query a second. Changes made in this process are seen at once (the audit entry's
    ``post_save`` forgets the version, ``snapshots.audit_saved``).
    """
    return snapshots.version_of(event_pk)


STAGE_NAMES = {stage: gettext_lazy(words) for stage, words in knockout.STAGE_NAMES.items()}


def standings_rows(loaded: Loaded, result: Standings) -> list[dict[str, Any]]:
    reached: dict[str, str] = {}
    in_group: dict[str, tuple[str, int, bool]] = {}
    if knockout.is_knockout(loaded.ruleset):
        reached = knockout.reached(
            loaded.value, loaded.value.rounds[: result.after_round], loaded.ruleset, loaded.settings
        )
        for group in knockout.group_tables(loaded.value, loaded.ruleset, loaded.settings):
            for g in group.rows:
                in_group[g.entrant] = (group.group, g.rank, g.seed is not None)
    in_bracket = bracket_reached(loaded) or {}
    order = report_columns(loaded.ruleset).order
    rows = []
    for row in result.rows:
        found = in_bracket.get(row.entrant.id)
        rows.append(
            {
                "bracket": found.text(translation.gettext) if found is not None else "–",
                "after_points": [_after_points(row, name) for name in order],
                "place": display.rank(row),
                "id": row.entrant.id,
                "name": row.entrant.name,
                "club": row.entrant.club or "",
                "points": points(row.points),
                "success": percent(row.success) if row.success is not None else "",
                "games": row.games,
                "game_score": row.game_score,
                "buchholz": points(row.buchholz) if row.buchholz is not None else "",
                "score_difference": row.score_difference,
                "dropped": row.dropped,
                "reached": STAGE_NAMES.get(reached.get(row.entrant.id, ""), ""),
                "group": in_group.get(row.entrant.id, ("", 0, False))[0],
                "group_place": in_group.get(row.entrant.id, ("", 0, False))[1],
                "qualified": in_group.get(row.entrant.id, ("", 0, False))[2],
            }
        )
    return rows


def _after_points(row: Any, column: str) -> str:
    """One of a standings row's columns after its points, for the pages."""
    if column in ("success", "shares"):
        return percent(row.success) if row.success is not None else ""
    if column == "buchholz":
        return points(row.buchholz) if row.buchholz is not None else ""
    value = row.game_score if column == "game_score" else row.score_difference
    return "" if value is None else str(value)


def shared_standings_rows(loaded: Loaded) -> list[dict[str, Any]]:
    """``standings_rows`` of the loaded standings, once per loaded event and language
    (the players' pages: every page of a version shares them; do not change them)."""
    return loaded.memo(
        ("standings rows", language()), lambda: standings_rows(loaded, loaded.standings())
    )


def shared_table_rows(loaded: Loaded, round_: core.Round) -> list[dict[str, Any]]:
    """``table_rows`` of one of the loaded rounds, once per loaded event and language
    (the players' pages: every page of a version shares them; do not change them)."""
    if not any(r is round_ for r in loaded.value.rounds):
        return table_rows(loaded, round_)
    return loaded.memo(
        ("table rows", round_.number, language()), lambda: table_rows(loaded, round_)
    )


def finished(loaded: Loaded, rounds: list[models.Round] | None = None) -> bool:
    """Whether the event is over and its standings final: its last round closed and no round
    left to play (every round of the rule set played, a knockout's final, or the bracket with
    its champion). ``rounds``: the event's stored rounds, when the caller has them."""
    if rounds is None:
        rounds = list(loaded.event.rounds.all())
    if not rounds or not rounds[-1].closed:
        return False
    last = rounds[-1]
    most = loaded.ruleset.max_rounds(loaded.settings)
    if most is not None:
        return len(rounds) >= most
    if last.stage == "final":
        return True
    return last.stage == "playoff" and store.bracket_decided(loaded.event)


def clock_alert_seconds(loaded: Loaded) -> int:
    """When the round clock alerts, in seconds (the setting ``clock_alert_minutes``, R-DOM-9;
    every rule set has it, with its default, in the resolved settings)."""
    return 60 * loaded.settings.clock_alert_minutes


COLUMN_WORDS = {
    "success": gettext_lazy("Success"),
    "shares": gettext_lazy("Shares"),
    "game_score": gettext_lazy("Game points"),
    "buchholz": gettext_lazy("Buchholz"),
    "score_difference": gettext_lazy("Score diff."),
}
"""The headers of the standings' columns after the points."""


def bracket_reached(loaded: Loaded) -> dict[str, Any] | None:
    """How far each team got in the bracket after the Swiss rounds (None: no bracket begun),
    once per loaded event (``kolo.report.standings.bracket_reached``)."""
    return loaded.memo(
        "bracket reached",
        lambda: report_reached(loaded.value, loaded.ruleset, loaded.settings),
    )


def standings_columns(loaded: Loaded) -> dict[str, Any]:
    """The event's standings columns (``kolo.report.standings``), as templates read them:
    ``order`` the columns after the points as (name, header), in the order of the tie-breaks;
    ``bracket`` with the note that says how the bracket places the teams."""
    shown = report_columns(loaded.ruleset, bracket=bracket_reached(loaded) is not None)
    result = shown.as_dict()
    result["order"] = [(name, COLUMN_WORDS[name]) for name in shown.order]
    result["bracket_note"] = gettext_lazy(BRACKET_NOTE) if shown.bracket else ""
    return result


def table_rows(loaded: Loaded, round_: core.Round) -> list[dict[str, Any]]:
    """Every table of a round: players in seat order with their results so far (the round's
    tables, ``kolo.report.roundtables``, as the templates read it)."""
    shown = round_tables(loaded.value, round_, loaded.ruleset, loaded.settings, loaded.names)
    tables = []
    for t in shown.tables:
        tables.append(
            {
                "number": t.number,
                "seats": [
                    {
                        "seat": s.seat,
                        "id": s.id,
                        "name": s.name,
                        "games": [
                            {
                                "score": g.score,
                                "turns": g.turns,
                                "points": points(g.points),
                                "share": percent(g.share),
                                "time_limit": g.time_limit,
                            }
                            for g in s.games
                        ],
                    }
                    for s in t.seats
                ],
                "complete": t.complete,
                "games_played": t.games_played,
                "games_needed": t.games_needed,
                "smaller": t.smaller,
                "group": t.group,
                "orders": [
                    {
                        "number": o.number,
                        "previous": o.previous,
                        "names": list(o.names) if o.names is not None else None,
                    }
                    for o in t.orders
                ],
            }
        )
    games.add_to_tables(loaded, round_, tables)  # what a table shows of its game
    add_matches(loaded, round_, tables)
    return tables


def phone_sheet(
    event: models.Event, table: models.Table, seats: list[tuple[str, str]]
) -> dict[str, Any] | None:
    """A table's sheet in play as a player's phone shows it (None where the game keeps no
    sheet): the hands so far with the running totals, the seats to write the next hand."""
    loaded = Loaded.of(event, public=False)
    round_ = next((r for r in loaded.value.rounds if r.number == table.round.number), None)
    if round_ is None:
        return None
    found = next(t for t in table_rows(loaded, round_) if t["number"] == table.number)
    if found.get("sheet") is None:
        return None
    return {
        "sheet": found["sheet"],
        "seats": [{"id": c, "name": n} for c, n in seats],
        "partners": found.get("partners"),
    }


def elimination_state(loaded: Loaded) -> Any:
    """The bracket after the Swiss rounds once its first round is paired (an
    ``elimination.State``; None before, or where the event has none), once per loaded
    event."""
    from kolo.core.standings import bracket

    if loaded.settings.playoff == "none" or not any(
        r.stage == core.PLAYOFF for r in loaded.value.rounds
    ):
        return None
    return loaded.memo(
        "elimination",
        lambda: bracket(loaded.value, loaded.ruleset, loaded.settings, starting=True),
    )


def _words(named: tuple[str, dict[str, object]]) -> str:
    template, params = named
    return capfirst(translation.gettext(template).format(**params))


def round_titles(loaded: Loaded) -> dict[int, str]:
    """Each bracket round's name, from the bracket rounds its matches belong to ("Winners'
    round 2 · Losers' round 1", "Grand final"); the Swiss rounds have none (they are "Round
    N"). Once per loaded event and language."""
    state = elimination_state(loaded)
    if state is None:
        return {}

    def make() -> dict[int, str]:
        return {
            r.number: " · ".join(_words(n) for n in state.round_names(r.number))
            or translation.gettext("Bracket")
            for r in loaded.value.rounds
            if r.stage == core.PLAYOFF
        }

    return loaded.memo(("round titles", language()), make)


def round_title(loaded: Loaded, number: int) -> str:
    """A round's name as the pages show it: a bracket round's (``round_titles``), or
    "Round N"."""
    return round_titles(loaded).get(number) or translation.gettext("Round %(number)s") % {
        "number": number
    }


def out_after(loaded: Loaded, number: int) -> list[str]:
    """The names of the teams a match of bracket round ``number`` put out of the bracket."""
    state = elimination_state(loaded)
    if state is None:
        return []
    return [loaded.names.get(team, team) for team in state.out_after(number)]


def add_matches(loaded: Loaded, round_: core.Round, tables: list[dict[str, Any]]) -> None:
    """On a bracket round's tables (``table_rows``): each table's match, named as its round
    (``match``), each team's seed (``seed``) and the two teams with their seeds (``sides``)
    — who plays whom by the bracket."""
    state = elimination_state(loaded)
    if state is None or round_.stage != core.PLAYOFF:
        return
    matches = state.matches_in(round_.number)
    for table in tables:
        index = matches.get(table["number"])
        if index is None:
            continue
        table["match"] = _words(state.round_name(index))
        for seat in table["seats"]:
            seed = state.seed_of(seat["id"])
            seat["seed"] = translation.gettext("seed {seed}").format(seed=seed) if seed else ""
        table["sides"] = [
            f"{seat['name']} ({seat['seed']})" if seat["seed"] else seat["name"]
            for seat in table["seats"]
        ]


ELIMINATION_TITLES = {
    "W": gettext_lazy("Winners' bracket, round %(number)s"),
    "L": gettext_lazy("Losers' bracket, round %(number)s"),
    "S": gettext_lazy("Round %(number)s"),
}


def elimination_context(loaded: Loaded) -> dict[str, Any] | None:
    """The bracket after the Swiss rounds (R-DOMINO-11), as the bracket page draws it: the
    winners' (or the only) bracket and the losers' bracket round by round, then the grand
    final; each match with its two teams, their scores where played, and its winner. None
    until the Swiss rounds are played."""
    from kolo.core import elimination
    from kolo.core.standings import bracket
    from kolo.pairing.elimination import due

    if not due(loaded.value, loaded.settings):
        return None
    state = loaded.memo(
        "elimination",
        lambda: bracket(loaded.value, loaded.ruleset, loaded.settings, starting=True),
    )
    if state is None:
        return None
    scores = {
        (r.number, t.number): t.games[-1].scores if t.games else None
        for r in elimination.playoff_rounds(loaded.value)
        for t in r.tables
    }
    double = any(m.bracket != "W" for m in state.matches)
    columns: dict[tuple[str, int], list[dict[str, Any]]] = {}
    for index, match in enumerate(state.matches):
        side = state.sides[index]
        result = state.results[index]
        where = state.played[index]
        played = scores.get(where) if where is not None else None
        if match.id == "GF2" and side is None and state.champion is not None:
            continue  # the grand final was not played again
        teams = []
        for team in side or (None, None):
            teams.append(
                {
                    "name": loaded.names.get(team, "") if team is not None else "",
                    "bye": side is not None and team is None,
                    "score": played.get(team) if played and team is not None else None,
                    "won": result is not None and team is not None and result[0] == team,
                }
            )
        if match.bracket == "GF":
            key = ("F", 1 if match.id == "GF" else 2)
        else:
            key = (match.bracket if double else "S", int(match.id[1:].split(".")[0]))
        columns.setdefault(key, []).append(
            {"id": match.id, "teams": teams, "round": where[0] if where else None}
        )

    def titled(kind: str) -> list[dict[str, Any]]:
        return [
            {"title": ELIMINATION_TITLES[kind] % {"number": n}, "matches": m}
            for (k, n), m in sorted(columns.items())
            if k == kind
        ]

    finals = [
        {
            "title": gettext_lazy("Grand final")
            if n == 1
            else gettext_lazy("Grand final, again")
            if m[0]["round"] is not None
            else gettext_lazy("Grand final, again (if the winners' champion loses)"),
            "matches": m,
        }
        for (k, n), m in sorted(columns.items())
        if k == "F"
    ]
    return {
        "double": double,
        "winners": titled("W") if double else titled("S"),
        "losers": titled("L"),
        "finals": finals,
        "champion": loaded.names.get(state.champion, "") if state.champion else "",
    }


def knockout_context(loaded: Loaded) -> dict[str, Any]:
    """The group tables and the knockout rounds of a knockout event, with names."""
    names = loaded.names
    groups = [
        {
            "group": g.group,
            "rows": [
                {
                    "id": r.entrant,
                    "name": names[r.entrant],
                    "rank": r.rank,
                    "points": points(r.points),
                    "score": r.score,
                    "shares": percent(r.shares),
                    "seed": r.seed,
                }
                for r in g.rows
            ],
        }
        for g in knockout.group_tables(loaded.value, loaded.ruleset, loaded.settings)
    ]
    rounds = knockout.knockout_rounds(loaded.value, loaded.ruleset, loaded.settings)
    drawing = knockout_drawing.draw(rounds, names)
    columns = [{"column": c, "stage": STAGE_NAMES.get(c.stage, c.stage)} for c in drawing.columns]
    return {"groups": groups, "drawing": drawing, "columns": columns}


def where_is(loaded: Loaded, entrant_id: str) -> dict[str, Any] | None:
    """The entrant's table in the current round, or their bye."""
    current = loaded.current_round()
    if current is None:
        return None
    for table in current.tables:
        if entrant_id in table.seats:
            return {
                "round": current.number,
                "title": round_titles(loaded).get(current.number, ""),
                "table": table.number,
                "seat": table.seats.index(entrant_id) + 1,
                "with": [loaded.names[p] for p in table.seats if p != entrant_id],
            }
    if entrant_id in current.byes:
        return {"round": current.number, "bye": True}
    return None


def player_games(loaded: Loaded, entrant_id: str) -> list[dict[str, Any]]:
    """The entrant's games, round by round: table, opponents, score, points, share."""
    result = []
    titles = round_titles(loaded)  # the bracket rounds' names
    for round_ in loaded.value.rounds:
        for table in round_.tables:
            if entrant_id not in table.seats:
                continue
            for number, game in enumerate(table.games, start=1):
                read = game_outcome(game, loaded.ruleset, loaded.settings)
                placed = read.places[entrant_id]
                share = read.shares[entrant_id]
                result.append(
                    {
                        "round": round_.number,
                        "round_title": titles.get(round_.number, ""),
                        "table": table.number,
                        "game": number,
                        "score": game.scores[entrant_id],
                        "place": read.place_text(entrant_id),
                        "points": points(placed.points),
                        "share": percent(share),
                        "opponents": [
                            {"name": loaded.names[p], "score": game.scores[p]}
                            for p in table.seats
                            if p != entrant_id
                        ],
                    }
                )
            if not table.games:
                result.append(
                    {
                        "round": round_.number,
                        "round_title": titles.get(round_.number, ""),
                        "table": table.number,
                        "game": None,
                        "opponents": [
                            {"name": loaded.names[p], "score": None}
                            for p in table.seats
                            if p != entrant_id
                        ],
                    }
                )
    return result
