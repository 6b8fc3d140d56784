"""A proposed round as text for people (``kolo pair``, ``kolo round pair``): each table with
its players in seat order and its cost by criterion, the cost, how good the pairing is proved
to be and what the slice guard or repeated meetings first held it to; a knockout round with
its stage, seeds and the draw."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING

from kolo import display
from kolo.core import knockout
from kolo.core.event import Event
from kolo.display import table
from kolo.report.explanation import Criteria, repeats_words
from kolo.report.explanation import criteria as cost_criteria
from kolo.report.standings import Translate

if TYPE_CHECKING:
    from kolo.pairing.engine import Proposal


def criteria_text(criteria: Criteria, lang: str) -> str:
    """Criteria with a value as the command line names them, with the numbers of the
    language ``lang``: ``score_spread 2, repeat_pairs 1``."""
    return ", ".join(f"{name} {display.points(value, lang)}" for name, value in criteria)


def knockout_proposal_text(
    names: Mapping[str, str], proposal: Proposal, translate: Translate
) -> str:
    """A knockout round for people: the stage, each table (group) with seeds, the field."""
    _ = translate
    seeds = {entrant: (seed, why) for entrant, seed, why in proposal.field}
    stage = _(knockout.STAGE_NAMES.get(proposal.stage or "", proposal.stage or ""))
    lines = [_("Round {round}: {stage}").format(round=proposal.round_number, stage=stage)]
    rows = []
    seeded = proposal.method != "draw"
    for t in proposal.tables:
        label = _("Group {group}").format(group=t.group) if t.group else str(t.number)
        who = ", ".join(
            f"{names[p]} ({p}{', #' + str(seeds[p][0]) if seeded else ''})" for p in t.seats
        )
        rows.append([label, who])
    lines.append(table([_("Table"), _("Players in seat order")], rows))
    lots = [names[e] for e, _seed, why in proposal.field if why == "through by lot"]
    if lots:
        lines.append(
            _("Tied in everything at their table, went through by lot: {names}").format(
                names=", ".join(lots)
            )
        )
    if not seeded:
        lines.append(_("Drawn at random (seed {seed}).").format(seed=proposal.seed))
    elif proposal.round_number == 1:
        lines.append(
            _(
                "Snake-seeded in the order of entry or by rating (#1 first); seat order drawn "
                "(seed {seed})."
            ).format(seed=proposal.seed)
        )
    else:
        lines.append(
            _(
                "Snake-seeded by the results (#1 is the best seed); seat order drawn (seed {seed})."
            ).format(seed=proposal.seed)
        )
    return "\n".join(lines)


def proposal_text(event: Event, proposal: Proposal, translate: Translate, lang: str) -> str:
    """A proposal for people: tables with names and costs, the totals, optimality; in the
    words ``translate`` gives and the numbers of the language ``lang``."""
    _ = translate
    names = {e.id: e.name for e in event.entrants}
    if proposal.stage is not None:
        return knockout_proposal_text(names, proposal, translate)
    lines = [_("Round {round}").format(round=proposal.round_number)]
    criteria = [name for name, _value in cost_criteria(proposal.costs)] or ["score_spread"]
    rows = []
    for t in proposal.tables:
        who = ", ".join(f"{names[p]} ({p})" for p in t.seats)
        rows.append(
            [str(t.number), who, *(display.points(Fraction(t.costs[c]), lang) for c in criteria)]
        )
    lines.append(
        table(
            [_("Table"), _("Players in seat order"), *criteria],
            rows,
            right=list(range(2, 2 + len(criteria))),
        )
    )
    if proposal.byes:
        lines.append(_("Byes: {names}").format(names=", ".join(names[b] for b in proposal.byes)))
    total = display.points(proposal.total, lang)
    parts = criteria_text(cost_criteria(proposal.costs), lang)
    lines.append(_("Cost: {total} ({parts})").format(total=total, parts=parts or "0"))
    if proposal.method == "random":
        lines.append(_("Round 1 is drawn at random (seed {seed}).").format(seed=proposal.seed))
    elif proposal.optimal and proposal.guard is not None:
        lines.append(
            _("Optimal: no cheaper pairing keeps within the slice guard ({seconds} s).").format(
                seconds=display.decimal(proposal.seconds, 2, lang)
            )
        )
    elif proposal.optimal and proposal.repeats:
        lines.append(
            _("Optimal: no cheaper pairing has as few repeated meetings ({seconds} s).").format(
                seconds=display.decimal(proposal.seconds, 2, lang)
            )
        )
    elif proposal.optimal:
        lines.append(
            _("Optimal: no cheaper pairing exists ({seconds} s).").format(
                seconds=display.decimal(proposal.seconds, 2, lang)
            )
        )
    else:
        gap = proposal.gap
        lines.append(
            _("Best found in {seconds} s; at most {gap} above the optimum.").format(
                seconds=display.decimal(proposal.seconds, 2, lang),
                gap=display.percent(gap, lang),
            )
            if gap is not None
            else _("Best found in {seconds} s (no bound proved).").format(
                seconds=display.decimal(proposal.seconds, 2, lang)
            )
        )
    repeats = repeats_words(proposal.repeats, proposal.repeats_unavoidable)
    if repeats is not None:
        lines.append(_(repeats).format(count=proposal.repeats))
    if proposal.clock_stopped:
        lines.append(
            _(
                "The wall-clock safety stop ended the search before its work budget: "
                "on another machine the same file and seed may give other tables."
            )
        )
    if proposal.guard is not None and proposal.unguarded is not None:
        guard = (
            _(
                "Slice guard: no more repeated meetings ({repeats}) or score spread "
                "({spread}) than slicing this round's standings by hand; by the weights "
                "alone the cheapest pairing costs {cost} (setting slice_guard)."
            )
            if proposal.guard_scope == "round"
            else _(
                "Slice guard: at most {repeats} repeated meetings and {spread} score spread "
                "this round, so that the event so far has no more of either than slicing "
                "the standings by hand every round; by the weights alone the cheapest "
                "pairing costs {cost} (settings slice_guard, slice_guard_scope)."
            )
        )
        lines.append(
            guard.format(
                repeats=display.points(proposal.guard.get("repeat_pairs", Fraction(0)), lang),
                spread=display.points(proposal.guard.get("score_spread", Fraction(0)), lang),
                cost=display.points(proposal.unguarded, lang),
            )
        )
    if proposal.relaxed:
        lines.append(
            _("Relaxed at your request: {rules}").format(rules=", ".join(proposal.relaxed))
        )
    return "\n".join(lines)
