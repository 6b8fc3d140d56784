"""The standings' columns of a rule set: one definition, used by the command line's table, the
web pages, the printed standings and the CSV export, so that no copy can leave a tie-break out
(the CSV once did); and the standings as text for people (``kolo standings``, the demo), with
a knockout's group tables and bracket."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass

from kolo import display
from kolo.core import knockout
from kolo.core.event import Event
from kolo.core.rulesets import RuleSet, Success, System, TieBreak
from kolo.core.settings import Settings
from kolo.core.standings import Standings
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

    def as_dict(self) -> dict[str, bool]:
        return asdict(self)

    def csv_names(self) -> list[str]:
        """The CSV's columns, in order (their Czech headers are in the catalogue)."""
        names = ["rank", "rank_to", "id", "name", "club", "points"]
        names += ["success"] if self.success else ["shares"] if self.shares else []
        names += ["game_score"] if self.game_score else []
        names += ["buchholz", "score_difference"] if self.swiss else []
        names += ["reached"] if self.reached else []
        return [*names, "games", "dropped"]


def columns(ruleset: RuleSet) -> Columns:
    """The columns of the rule set's standings."""
    return Columns(
        success=ruleset.success is Success.MEAN_SHARE,
        shares=ruleset.success is Success.SUM_SHARE,
        game_score=TieBreak.GAME_SCORE in ruleset.tie_breaks,
        swiss=TieBreak.BUCHHOLZ in ruleset.tie_breaks,
        reached=knockout.is_knockout(ruleset),
        groups=ruleset.system is System.GROUPS_KNOCKOUT,
    )


def standings_text(
    event: Event, result: Standings, ruleset: RuleSet, translate: Translate, lang: str
) -> str:
    """The standings as an aligned table for people (a knockout's with the stage reached),
    in the words ``translate`` gives and the numbers of the language ``lang``."""
    _ = translate
    stages: dict[str, str] = {}
    if knockout.is_knockout(ruleset):
        stages = knockout.reached(
            event,
            event.rounds[: result.after_round],
            ruleset,
            ruleset.settings(event.settings),
        )
    shown = columns(ruleset)
    headers = [_("Place"), _("Name"), *([_("Reached")] if stages else []), _("Points")]
    if shown.success:
        headers.append(_("Success"))
    elif shown.shares:
        headers.append(_("Shares"))
    if shown.game_score:
        headers.append(_("Game points"))
    if shown.swiss:
        headers += [_("Buchholz"), _("Score diff.")]
    headers.append(_("Games"))
    rows = []
    for row in result.rows:
        cells = [display.rank(row), row.entrant.name]
        if stages:
            cells.append(_(knockout.STAGE_NAMES.get(stages.get(row.entrant.id, ""), "–")))
        cells.append(display.points(row.points, lang))
        if shown.success or shown.shares:
            cells.append(display.percent(row.success, lang))
        if shown.game_score:
            cells.append(str(row.game_score))
        if shown.swiss and row.buchholz is not None:
            cells += [display.points(row.buchholz, lang), str(row.score_difference)]
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
    right = set(range(3 if stages else 2, len(headers)))
    return title + "\n\n" + table([*headers, ""], rows, right=sorted(right))


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
    for stage in knockout.bracket(event, ruleset, settings):
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
