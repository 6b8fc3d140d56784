"""The standings' columns of a rule set: one definition, used by the command line's table, the
web pages, the printed standings and the CSV export, so that no copy can leave a tie-break out
(the CSV once did); and the standings as text for people (``kolo standings``, the demo), with
a knockout's group tables and bracket."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field, replace

from kolo import display
from kolo.core import knockout
from kolo.core.event import EntrantId, Event
from kolo.core.problems import N_
from kolo.core.rulesets import RuleSet, Success, System, TieBreak
from kolo.core.settings import Settings
from kolo.core.standings import Row, Standings
from kolo.core.standings import bracket as bracket_state
from kolo.display import table

Translate = Callable[[str], str]
"""The output's translation of a marked message (English in, the reader's language out)."""


@dataclass(frozen=True)
class Columns:
    """Which columns a rule set's standings have, beyond place, name, points and games."""

    success: bool
    """The mean of the shares (R-PCT-2)."""
    shares: bool
    """The sum of the shares (R-PCT-5, NBGL and knockouts)."""
    game_score: bool
    """Combined game points (R-STAND-2)."""
    swiss: bool
    """Buchholz and the score difference (Swiss in pairs)."""
    reached: bool
    """How far each player got (knockouts)."""
    groups: bool
    """The group and the place in it (a group stage)."""
    bracket: bool = False
    """How far each team got in the bracket after the Swiss rounds (R-DOMINO-11), which
    places them before their points."""
    order: tuple[str, ...] = field(default=())
    """The columns after the points, in the order of the rule set's tie-breaks (a column
    that breaks no tie last): ``success`` or ``shares``, ``game_score``, ``buchholz``,
    ``score_difference``."""

    def as_dict(self) -> dict[str, object]:
        return asdict(self)

    def csv_names(self) -> list[str]:
        """The CSV's columns, in order (their Czech headers are in the catalogue)."""
        names = ["rank", "rank_to", "id", "name", "club"]
        names += ["bracket"] if self.bracket else []
        names += ["points", *self.order]
        names += ["reached"] if self.reached else []
        return [*names, "games", "dropped"]


_TIE_BREAK_COLUMNS = {
    TieBreak.GAME_SCORE: "game_score",
    TieBreak.BUCHHOLZ: "buchholz",
    TieBreak.SCORE_DIFFERENCE: "score_difference",
}


def columns(ruleset: RuleSet, *, bracket: bool = False) -> Columns:
    """The columns of the rule set's standings (``bracket``: with the bracket after the Swiss
    rounds, once it has begun)."""
    success = ruleset.success is Success.MEAN_SHARE
    shares = ruleset.success is Success.SUM_SHARE
    game_score = TieBreak.GAME_SCORE in ruleset.tie_breaks
    swiss = TieBreak.BUCHHOLZ in ruleset.tie_breaks
    shown = (["success"] if success else ["shares"] if shares else []) + (
        ["game_score"] if game_score else []
    )
    shown += ["buchholz", "score_difference"] if swiss else []
    order: list[str] = []
    for tie_break in ruleset.tie_breaks:
        name = (
            ("success" if success else "shares")
            if tie_break is TieBreak.SUCCESS
            else _TIE_BREAK_COLUMNS[tie_break]
        )
        if name in shown and name not in order:
            order.append(name)
    order += [name for name in shown if name not in order]
    return Columns(
        success=success,
        shares=shares,
        game_score=game_score,
        swiss=swiss,
        reached=knockout.is_knockout(ruleset),
        groups=ruleset.system is System.GROUPS_KNOCKOUT,
        bracket=bracket,
        order=tuple(order),
    )


@dataclass(frozen=True)
class Reached:
    """How far a team got in the bracket, as a template and its values."""

    template: str
    params: Mapping[str, object] = field(default_factory=dict)

    def text(self, translate: Callable[[str], str] = str) -> str:
        return translate(self.template).format(**self.params)


def bracket_reached(
    event: Event, ruleset: RuleSet, settings: Settings
) -> dict[EntrantId, Reached] | None:
    """How far each team of the bracket after the Swiss rounds got (R-DOMINO-11): the
    winner, the round it went out in, or still in; the teams that did not reach the bracket
    have none. None while the bracket has not begun (or the event has none)."""
    state = bracket_state(event, ruleset, settings)
    if state is None:
        return None
    out = state.out_by()
    result: dict[EntrantId, Reached] = {}
    for team in state.seeds:
        if team == state.champion:
            result[team] = Reached(N_("winner"))
        elif team in out:
            result[team] = Reached(*state.round_name(out[team]))
        else:
            result[team] = Reached(N_("still in"))
    return result


BRACKET_NOTE = N_(
    "Places follow the bracket first: the winner, then the teams by the round they went out "
    "in, the later the higher. Teams out in the same round, and the teams that did not reach "
    "the bracket, stand by the Swiss rounds: points, then the columns after them, from left "
    "to right."
)
"""What the standings say under the table once a bracket has begun."""


def standing_cell(row: Row, column: str, lang: str) -> str:
    """One of a standings row's columns after its points, for people."""
    if column in ("success", "shares"):
        return display.percent(row.success, lang)
    if column == "buchholz":
        return display.points(row.buchholz, lang) if row.buchholz is not None else ""
    value = row.game_score if column == "game_score" else row.score_difference
    return "" if value is None else str(value)


def standings_text(
    event: Event,
    result: Standings,
    ruleset: RuleSet,
    translate: Translate,
    lang: str,
    *,
    through_round: int | None = None,
) -> str:
    """The standings as an aligned table for people (a knockout's with the stage reached, a
    bracket's after the Swiss rounds with how far each team got: the standings
    ``through_round`` when given), in the words ``translate`` gives and the numbers of the
    language ``lang``."""
    _ = translate
    stages: dict[str, str] = {}
    if knockout.is_knockout(ruleset):
        stages = knockout.reached(
            event,
            event.rounds[: result.after_round],
            ruleset,
            ruleset.settings(event.settings),
        )
    cut = event
    if through_round is not None:
        cut = replace(event, rounds=tuple(r for r in event.rounds if r.number <= through_round))
    reached = bracket_reached(cut, ruleset, ruleset.settings(event.settings))
    shown = columns(ruleset, bracket=reached is not None)
    words = {
        "success": _("Success"),
        "shares": _("Shares"),
        "game_score": _("Game points"),
        "buchholz": _("Buchholz"),
        "score_difference": _("Score diff."),
    }
    headers = [
        _("Place"),
        _("Name"),
        *([_("Reached")] if stages else []),
        *([_("Bracket")] if reached is not None else []),
        _("Points"),
        *(words[c] for c in shown.order),
        _("Games"),
    ]
    rows = []
    for row in result.rows:
        cells = [display.rank(row), row.entrant.name]
        if stages:
            cells.append(_(knockout.STAGE_NAMES.get(stages.get(row.entrant.id, ""), "–")))
        if reached is not None:
            found = reached.get(row.entrant.id)
            cells.append(found.text(_) if found is not None else "–")
        cells.append(display.points(row.points, lang))
        cells += [standing_cell(row, c, lang) for c in shown.order]
        cells.append(str(row.games))
        cells.append(_("(dropped)") if row.dropped else "")
        rows.append(cells)
    title = (
        _("{event} – standings after round {round}").format(
            event=event.name, round=result.after_round
        )
        if result.after_round
        else _("{event} – no round is complete yet").format(event=event.name)
    )
    first_number = 2 + (1 if stages else 0) + (1 if reached is not None else 0)
    right = set(range(first_number, len(headers)))
    text = title + "\n\n" + table([*headers, ""], rows, right=sorted(right))
    if reached is not None:
        text += "\n\n" + _(BRACKET_NOTE)
    return text


def knockout_text(
    event: Event, ruleset: RuleSet, settings: Settings, translate: Translate, lang: str
) -> str:
    """The group tables and the bracket of a knockout event, for people (as
    ``standings_text``)."""
    _ = translate
    names = {e.id: e.name for e in event.entrants}
    parts: list[str] = []
    for group in knockout.group_tables(event, ruleset, settings):
        rows = [
            [
                f"{r.rank}.",
                names[r.entrant],
                display.points(r.points, lang),
                str(r.score),
                display.percent(r.shares, lang),
                _("seed {seed}").format(seed=r.seed) if r.seed else "",
            ]
            for r in group.rows
        ]
        headers = [_("Place"), _("Name"), _("Points"), _("Game points"), _("Shares"), ""]
        parts.append(
            _("Group {group}").format(group=group.group)
            + "\n"
            + table(headers, rows, right=[2, 3, 4])
        )
    for stage in knockout.knockout_rounds(event, ruleset, settings):
        lines = [
            _("Round {round}: {stage}").format(
                round=stage.number, stage=_(knockout.STAGE_NAMES.get(stage.stage, stage.stage))
            )
        ]
        for t in stage.tables:
            players = []
            for s in t.seats:
                text = names[s.entrant]
                if s.score is not None:
                    text += f" {s.score}"
                if s.advanced:
                    text += " ✓"
                players.append(text)
            lines.append(
                "  " + _("Table {number}").format(number=t.number) + ": " + ", ".join(players)
            )
        parts.append("\n".join(lines))
    return "\n\n".join(["", *parts]) if parts else ""
