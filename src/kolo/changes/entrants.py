"""Entrants: who may be entered, a team's members, a drop and its taking back, an entry
removed; each refuses (``Refused``) or says what the store writes."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import replace

from kolo.changes.common import Refused
from kolo.changes.names import check_name, name_problem
from kolo.core.limits import check_field
from kolo.core.problems import N_, InvalidInput, Problem
from kolo.core.validation import MAX_NAME_LENGTH

ENTERED_ALREADY = N_("'{name}' is entered already")
"""A name entered already; each command says how it enters a second one
(``DuplicateEntrant.worded``)."""


class DuplicateEntrant(Refused):
    """Entering refused because names are entered already (``ENTERED_ALREADY``), perhaps with
    other problems: the command that can enter a second one words how it does."""

    def worded(self, message: str) -> InvalidInput:
        """The same refusal, each name entered already said with ``message`` (a template with
        ``{name}``)."""
        return Refused(
            [
                replace(p, message=message) if p.message == ENTERED_ALREADY else p
                for p in self.problems
            ]
        )


def entries(
    entered: Sequence[str],
    new: Sequence[tuple[str, str | None]],
    *,
    allow_duplicate: bool = False,
) -> list[tuple[str, str | None]]:
    """The (name, club) pairs to enter, stripped (an empty club: none), beside the names
    ``entered`` already; refused if none is given, too many, a name or club will not do, or a
    name is entered already (``DuplicateEntrant``, unless ``allow_duplicate``). All or
    nothing."""
    if not new:
        raise Refused.one(N_("no names given"), path="NAME")
    check_field(len(entered) + len(new), path="NAME")
    taken = {name.casefold(): name for name in entered}
    problems: list[Problem] = []
    cleaned: list[tuple[str, str | None]] = []
    for index, (raw_name, raw_club) in enumerate(new):
        where = f"NAME[{index + 1}]"
        name = raw_name.strip()
        club = (raw_club or "").strip() or None
        problem = name_problem(name, entrant=True) or (
            name_problem(club, entrant=False) if club else None
        )
        if problem is not None:
            problems.append(Problem(where, problem, {"name": name, "limit": MAX_NAME_LENGTH}))
            continue
        if name.casefold() in taken and not allow_duplicate:
            problems.append(Problem(where, ENTERED_ALREADY, {"name": name}))
            continue
        taken[name.casefold()] = name
        cleaned.append((name, club))
    if any(p.message == ENTERED_ALREADY for p in problems):
        raise DuplicateEntrant(problems)
    if problems:
        raise Refused(problems)
    return cleaned


def members(teams: bool, name: str, names: Sequence[str], open_round: int | None) -> list[str]:
    """A team's two members' names (stripped), named between rounds (R-DOMINO-7): refused
    where the rule set has no ``teams``, for any count but two, an empty or unusable name, or
    while the team ``name`` plays in ``open_round`` (a round not closed; None: none)."""
    if not teams:
        raise Refused.one(N_("only a team has members; this rule set has none"), path="--member")
    cleaned = [n.strip() for n in names]
    if len(cleaned) != 2:
        raise Refused.one(
            N_("a team has two members, not {count}"), path="--member", count=len(cleaned)
        )
    for member in cleaned:
        if not member:
            raise Refused.one(N_("a member's name must not be empty"), path="--member")
        problem = name_problem(member, entrant=True)
        if problem is not None:
            raise Refused.one(problem, path="--member", name=member, limit=MAX_NAME_LENGTH)
    if open_round is not None:
        raise Refused.one(
            N_(
                "'{name}' plays in round {round}, which is not closed: replace a member between "
                "rounds"
            ),
            path="--member",
            name=name,
            round=open_round,
        )
    return cleaned


def drop(
    name: str, dropped_after: int | None, last_round: int, *, undo: bool = False
) -> int | None:
    """The entrant's ``dropped_after_round`` after a drop (from the next round on, R-EVT-2:
    ``last_round``) or, with ``undo``, after taking it back (None); refused if they dropped
    already, have not dropped, or a round was seated without them since."""
    if undo:
        if dropped_after is None:
            raise Refused.one(N_("'{name}' has not dropped"), path="ENTRANT", name=name)
        if dropped_after < last_round:
            raise Refused.one(
                N_(
                    "round {round} was seated without '{name}', so the drop cannot be taken "
                    "back; enter them again as a late entrant"
                ),
                path="ENTRANT",
                name=name,
                round=dropped_after + 1,
            )
        return None
    if dropped_after is not None:
        raise Refused.one(
            N_("'{name}' dropped already, after round {round}"),
            path="ENTRANT",
            name=name,
            round=dropped_after,
        )
    return last_round


def refuse_removal(name: str, played: bool) -> None:
    """An entry is taken back only for someone never seated (``played``: seated or given a
    bye); the others drop."""
    if played:
        raise Refused.one(
            N_("'{name}' has played already; drop them instead (kolo entrant drop)"),
            path="ENTRANT",
            name=name,
        )


def player(value: str, taken: Collection[str]) -> str | None:
    """A series identity for an entrant (stripped; "" clears it), refused if it is not a
    usable name or another entrant of the event is that player (``taken``: their identities,
    an entrant without one being its id)."""
    cleaned = value.strip() or None
    if cleaned is None:
        return None
    check_name(cleaned, "player")
    if cleaned in taken:
        raise Refused.one(
            N_("another entrant of this event is the player '{player}'"),
            path="player",
            player=cleaned,
        )
    return cleaned
