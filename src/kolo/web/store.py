"""The store's operations. Each change is one transaction with one audit entry (R-EVT-4).

Every operation validates the event as it would be after the change with the same rules
as ``kolo validate`` (``kolo.core.validation``) and, for new rounds, the hard rules of
pairing (``kolo.pairing.checker``); a refused change raises ``InvalidInput`` and leaves
the store exactly as it was.
"""

from __future__ import annotations

import random
import re
import secrets
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import wraps
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar

from django.core.cache import cache
from django.db import DataError, IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone

from kolo.core import event as core
from kolo.core import knockout, rulesets
from kolo.core.limits import check_field
from kolo.core.problems import N_, InvalidInput, NoValidPairing, Problem
from kolo.core.settings import resolve
from kolo.core.standings import Standings, compute, round_complete, tables_missing_results
from kolo.core.validation import (
    MAX_NAME_LENGTH,
    MAX_SCORE,
    MAX_TURNS,
    check_event,
    text_problem,
)
from kolo.eventfile.writer import to_document
from kolo.pairing.checker import check_pairing_rules, check_seating
from kolo.web import loading, models

if TYPE_CHECKING:
    from kolo.pairing.engine import Proposal

P = ParamSpec("P")
R = TypeVar("R")


@dataclass(frozen=True)
class Actor:
    """Who makes a change, for the audit trail."""

    who: str
    via: str = "cli"


def atomic(operation: Callable[P, R]) -> Callable[P, R]:
    """Run the operation in one transaction; a refusal rolls everything back."""

    @wraps(operation)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            with transaction.atomic():
                return operation(*args, **kwargs)
        except (IntegrityError, DataError, OverflowError) as error:
            # a race or a value the checks before could not see
            raise InvalidInput.one(
                N_("the store refused the change: {reason}"),
                path="store",
                reason=str(error).strip(),
            ) from None

    return run


def _audit(
    event: models.Event,
    actor: Actor,
    action: str,
    summary: str,
    *,
    before: Any = None,
    after: Any = None,
    reason: str = "",
) -> None:
    # the pages' version changes: forget it now and again once the change is committed
    cache.delete(f"kolo:version:{event.pk}")
    transaction.on_commit(lambda: cache.delete(f"kolo:version:{event.pk}"))
    _record(event, event.key, actor, action, summary, before, after, reason)


def _record(
    event: models.Event | None,
    key: str,
    actor: Actor,
    action: str,
    summary: str,
    before: Any = None,
    after: Any = None,
    reason: str = "",
) -> None:
    """One audit entry: of an event, or (event None) of what ``key`` names, such as
    ``pool:NAME`` or ``series:KEY``."""
    models.AuditEntry.objects.create(
        event=event,
        event_key=key,
        who=actor.who,
        via=actor.via,
        action=action,
        summary=summary,
        before=before,
        after=after,
        reason=reason,
    )


@atomic
def set_password(actor: Actor, user: Any, password: str) -> None:
    """Give an organiser a new password (the one password rule); the audit trail records that
    it changed, never the password."""
    from kolo.web.accounts import check_password

    check_password(password, "password")
    user.set_password(password)
    user.save(update_fields=["password"])
    name = user.get_username()
    _record(None, f"user:{name}", actor, "user.password", f"changed the password of {name}")


def _lock(event: models.Event) -> models.Event:
    """Take the event's row lock: changes to one event happen one after another."""
    return models.Event.objects.select_for_update().get(pk=event.pk)


# --- reading ----------------------------------------------------------------------------


def find_event(ref: str) -> models.Event:
    """The event with this key (or numeric id)."""
    event = models.Event.objects.filter(key=ref).first()
    if event is None and ref.isascii() and ref.isdigit() and len(ref) <= 15:
        event = models.Event.objects.filter(pk=int(ref)).first()
    if event is None:
        raise InvalidInput.one(
            N_("no event '{ref}' in the store (kolo event list shows them)"), path="EVENT", ref=ref
        )
    return event


def ruleset_of(event: models.Event) -> tuple[rulesets.RuleSet, dict[str, Any]]:
    """The event's rule set and the settings in force."""
    ruleset = rulesets.get(event.ruleset)
    settings, _ = resolve(ruleset.defaults, event.settings)
    return ruleset, settings


def to_core(event: models.Event) -> core.Event:
    """The stored event as a core value (what standings, pairing and export read)."""
    return loading.core_event(event)


def standings(event: models.Event, through_round: int | None = None) -> Standings:
    """The standings, computed by the core from the stored results (principle 2)."""
    ruleset, settings = ruleset_of(event)
    return compute(to_core(event), ruleset, settings, through_round)


def export_document(event: models.Event) -> dict[str, Any]:
    """The event as a ``kolo-event/1`` document."""
    return to_document(to_core(event))


def resolve_entrant(event: models.Event, ref: str) -> models.Entrant:
    """The entrant named by id (``p7``, any letter case) or by exact name (any letter case)."""
    entrant = event.entrants.filter(code=ref.strip()).first()
    if entrant is None:
        entrant = next(
            (e for e in event.entrants.all() if e.code.casefold() == ref.strip().casefold()), None
        )
    if entrant is not None:
        return entrant
    matches = [e for e in event.entrants.all() if e.name.casefold() == ref.strip().casefold()]
    if len(matches) == 1:
        return matches[0]
    if matches:
        raise InvalidInput.one(
            N_("'{ref}' is the name of {count} entrants; use the id ({ids})"),
            path="ENTRANT",
            ref=ref,
            count=len(matches),
            ids=", ".join(e.code for e in matches),
        )
    raise InvalidInput.one(
        N_("no entrant '{ref}' in event {event}"), path="ENTRANT", ref=ref, event=event.key
    )


def get_round(event: models.Event, number: int | None) -> models.Round:
    """Round ``number`` of the event, or its last round."""
    rounds = event.rounds.all()
    found = rounds.filter(number=number).first() if number is not None else rounds.last()
    if found is None:
        if number is None:
            raise InvalidInput.one(
                N_("event {event} has no rounds yet"), path="ROUND", event=event.key
            )
        raise InvalidInput.one(
            N_("event {event} has no round {number}"), path="ROUND", event=event.key, number=number
        )
    return found


# --- events -----------------------------------------------------------------------------

_KEY = re.compile(r"^[a-z0-9][a-z0-9-]{0,79}$")


def slugify(name: str) -> str:
    """A short ASCII handle from a name: 'Brno – březen 2026' → 'brno-brezen-2026'."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-")
    return slug[:60].strip("-") or "event"


def _free_key(base: str, model: Any = models.Event) -> str:
    """``base``, or ``base-2``, ``base-3``… : the first key no row of ``model`` has."""
    key, n = base, 1
    while model.objects.filter(key=key).exists():
        n += 1
        key = f"{base}-{n}"
    return key


def _check_key(key: str, path: str) -> None:
    if not _KEY.match(key):
        raise InvalidInput.one(
            N_("a key is lower-case letters, digits and dashes, starting with a letter or digit"),
            path=path,
        )


def _name_problem(name: str, *, entrant: bool) -> str | None:
    """Why a name (stripped) cannot be used, or ``None``."""
    problem = text_problem(name)
    if problem is not None:
        return problem
    if entrant and _ID_LIKE.fullmatch(name):
        return N_("'{name}' looks like an id (p1, p2, …); players are found by id first")
    return None


_ID_LIKE = re.compile(r"[pP]\d+")


def _check_name(name: str, path: str = "NAME", *, entrant: bool = False) -> str:
    name = name.strip()
    problem = _name_problem(name, entrant=entrant)
    if problem is not None:
        raise InvalidInput.one(problem, path=path, name=name, limit=MAX_NAME_LENGTH)
    return name


def _check_club(club: str, path: str) -> str | None:
    """A club (stripped; empty: none), checked as names are (``text_problem``)."""
    club = club.strip()
    problem = text_problem(club) if club else None
    if problem is not None:
        raise InvalidInput.one(problem, path=path, name=club[:50], limit=MAX_NAME_LENGTH)
    return club or None


def _check_pool_setting(settings: Mapping[str, Any]) -> None:
    """A Dominion event's ``pool`` must name a pool that exists."""
    from kolo.games.dominion.pools import CHAMPIONSHIP

    name = settings.get("pool")
    if (
        name is not None
        and name != CHAMPIONSHIP
        and not models.CardPool.objects.filter(name=name).exists()
    ):
        raise InvalidInput.one(
            N_("no card pool '{name}' (kolo pool list shows them)"),
            path="--set pool",
            name=name,
        )


def _new_event_row(
    name: str, ruleset_id: str, settings: Mapping[str, Any], key: str | None
) -> models.Event:
    name = _check_name(name)
    if ruleset_id not in rulesets.REGISTRY:
        raise InvalidInput.one(
            N_("unknown rule set '{ruleset}'; known: {known}"),
            path="--ruleset",
            ruleset=ruleset_id,
            known=", ".join(rulesets.REGISTRY),
        )
    _, problems = resolve(rulesets.get(ruleset_id).defaults, settings)
    if problems:
        raise InvalidInput(problems)
    _check_pool_setting(settings)
    if key is not None:
        _check_key(key, "--key")
        if models.Event.objects.filter(key=key).exists():
            raise InvalidInput.one(
                N_("an event with key '{key}' exists already"), path="--key", key=key
            )
    else:
        key = _free_key(slugify(name))
    return models.Event.objects.create(
        key=key, name=name, ruleset=ruleset_id, settings=dict(settings)
    )


@atomic
def create_event(
    actor: Actor,
    name: str,
    ruleset_id: str,
    settings: Mapping[str, Any] | None = None,
    key: str | None = None,
    owner: Any = None,
) -> models.Event:
    """A new, empty event; ``owner`` (a user) becomes its owner."""
    event = _new_event_row(name, ruleset_id, settings or {}, key)
    if owner is not None:
        models.EventRole.objects.create(event=event, user=owner, role=models.EventRole.OWNER)
    _audit(
        event,
        actor,
        "event.create",
        f"created event '{event.name}' ({event.ruleset})",
        after={
            "key": event.key,
            "name": event.name,
            "ruleset": event.ruleset,
            "settings": event.settings,
        },
    )
    return event


SHAPE_SETTINGS = ("table_size", "games_per_table", "group_games")
"""Settings that decide what a played round means; fixed once a round is seated."""


@atomic
def change_settings(actor: Actor, event: models.Event, changes: Mapping[str, Any]) -> models.Event:
    """Override settings; a value of ``None`` returns that setting to the rule set's default."""
    event = _lock(event)
    ruleset = rulesets.get(event.ruleset)
    before = dict(event.settings)
    after = {**before, **changes}
    after = {k: v for k, v in after.items() if v is not None}
    _, problems = resolve(ruleset.defaults, after)
    if problems:
        raise InvalidInput(problems)
    _check_pool_setting(after)
    if event.rounds.exists():
        for name in SHAPE_SETTINGS:
            if before.get(name) != after.get(name):
                raise InvalidInput.one(
                    N_(
                        "'{name}' cannot change once round 1 is seated: it would change "
                        "the results of the rounds played"
                    ),
                    path="--set",
                    name=name,
                )
    _check_whole(replace(to_core(event), settings=after))
    event.settings = after
    event.save(update_fields=["settings"])
    _audit(event, actor, "event.settings", "changed settings", before=before, after=after)
    return event


@atomic
def delete_event(actor: Actor, event: models.Event) -> None:
    """Delete the event; its audit trail stays, with the whole event as it was."""
    event = _lock(event)
    document = export_document(event)
    _audit(event, actor, "event.delete", f"deleted event '{event.name}'", before=document)
    models.Seat.objects.filter(round__event=event).delete()
    models.Score.objects.filter(game__table__round__event=event).delete()
    event.delete()


def _check_whole(candidate: core.Event) -> None:
    """Refuse a change after which the event would not be valid (as ``kolo validate``)."""
    problems = check_event(candidate)
    if problems:
        raise InvalidInput(problems)


# --- entrants ---------------------------------------------------------------------------


def _next_code(event: models.Event) -> int:
    numbers = [
        int(c[1:])
        for c in event.entrants.values_list("code", flat=True)
        if re.fullmatch(r"p\d+", c)
    ]
    return max(numbers, default=0) + 1


@atomic
def add_entrants(
    actor: Actor,
    event: models.Event,
    entries: Sequence[tuple[str, str | None]],
    *,
    allow_duplicate: bool = False,
) -> list[models.Entrant]:
    """Enter people by (name, club); they get ids p1, p2, … and play from the next round."""
    event = _lock(event)
    if not entries:
        raise InvalidInput.one(N_("no names given"), path="NAME")
    check_field(event.entrants.count() + len(entries), path="NAME")
    taken = {e.name.casefold(): e.name for e in event.entrants.all()}
    problems: list[Problem] = []
    cleaned: list[tuple[str, str | None]] = []
    for index, (raw_name, raw_club) in enumerate(entries):
        where = f"NAME[{index + 1}]"
        name = raw_name.strip()
        club = (raw_club or "").strip() or None
        problem = _name_problem(name, entrant=True) or (
            _name_problem(club, entrant=False) if club else None
        )
        if problem is not None:
            problems.append(Problem(where, problem, {"name": name, "limit": MAX_NAME_LENGTH}))
            continue
        if name.casefold() in taken and not allow_duplicate:
            problems.append(
                Problem(
                    where,
                    N_("'{name}' is entered already (--allow-duplicate enters a second one)"),
                    {"name": name},
                )
            )
            continue
        taken[name.casefold()] = name
        cleaned.append((name, club))
    if problems:
        raise InvalidInput(problems)
    first = _next_code(event)
    event.entrant_counter = first + len(cleaned) - 1
    event.save(update_fields=["entrant_counter"])
    position = event.entrants.aggregate(m=Max("position"))["m"] or 0
    created = [
        models.Entrant.objects.create(
            event=event, code=f"p{first + i}", name=name, club=club, position=position + i + 1
        )
        for i, (name, club) in enumerate(cleaned)
    ]
    _audit(
        event,
        actor,
        "entrant.add",
        f"entered {len(created)}: " + ", ".join(e.name for e in created),
        after=[{"id": e.code, "name": e.name, "club": e.club} for e in created],
    )
    return created


def _entrant_doc(entrant: models.Entrant) -> dict[str, Any]:
    return {
        "id": entrant.code,
        "name": entrant.name,
        "club": entrant.club,
        "dropped_after_round": entrant.dropped_after_round,
        "player": entrant.player,
    }


@atomic
def drop_entrant(
    actor: Actor, event: models.Event, ref: str, *, undo: bool = False
) -> models.Entrant:
    """Drop an entrant from the next round on (R-EVT-2), or take a drop back."""
    event = _lock(event)
    entrant = resolve_entrant(event, ref)
    before = _entrant_doc(entrant)
    last_round = event.rounds.aggregate(m=Max("number"))["m"] or 0
    if undo:
        if entrant.dropped_after_round is None:
            raise InvalidInput.one(
                N_("'{name}' has not dropped"), path="ENTRANT", name=entrant.name
            )
        if entrant.dropped_after_round < last_round:
            raise InvalidInput.one(
                N_(
                    "round {round} was seated without '{name}', so the drop cannot be taken "
                    "back; enter them again as a late entrant"
                ),
                path="ENTRANT",
                name=entrant.name,
                round=entrant.dropped_after_round + 1,
            )
        entrant.dropped_after_round = None
        summary = f"took back the drop of {entrant.name}"
    else:
        if entrant.dropped_after_round is not None:
            raise InvalidInput.one(
                N_("'{name}' dropped already, after round {round}"),
                path="ENTRANT",
                name=entrant.name,
                round=entrant.dropped_after_round,
            )
        entrant.dropped_after_round = last_round
        summary = f"dropped {entrant.name} after round {entrant.dropped_after_round}"
    entrant.save(update_fields=["dropped_after_round"])
    _audit(event, actor, "entrant.drop", summary, before=before, after=_entrant_doc(entrant))
    return entrant


@atomic
def rename_entrant(
    actor: Actor,
    event: models.Event,
    ref: str,
    name: str | None,
    club: str | None,
    player: str | None = None,
) -> models.Entrant:
    """Correct an entrant's name, club or series identity (``player``: "" clears it)."""
    event = _lock(event)
    entrant = resolve_entrant(event, ref)
    before = _entrant_doc(entrant)
    if name is not None:
        entrant.name = _check_name(name, "--name", entrant=True)
    if club is not None:
        entrant.club = _check_club(club, "--club")
    if player is not None:
        entrant.player = _checked_player(event, entrant, player)
    entrant.save(update_fields=["name", "club", "player"])
    _audit(
        event,
        actor,
        "entrant.edit",
        f"edited {entrant.code}",
        before=before,
        after=_entrant_doc(entrant),
    )
    return entrant


@atomic
def remove_entrant(actor: Actor, event: models.Event, ref: str) -> models.Entrant:
    """Take back an entry made by mistake; only for someone never seated."""
    event = _lock(event)
    entrant = resolve_entrant(event, ref)
    if entrant.seats.exists() or entrant.byes.exists():
        raise InvalidInput.one(
            N_("'{name}' has played already; drop them instead (kolo entrant drop)"),
            path="ENTRANT",
            name=entrant.name,
        )
    before = _entrant_doc(entrant)
    entrant.delete()
    _audit(event, actor, "entrant.remove", f"removed {before['name']}", before=before)
    return entrant


# --- rounds -----------------------------------------------------------------------------


def _round_doc(round_: core.Round) -> dict[str, Any]:
    return {
        "number": round_.number,
        "seed": round_.seed,
        "tables": [list(t.seats) for t in round_.tables],
        "byes": list(round_.byes),
    }


@atomic
def new_round(
    actor: Actor,
    event: models.Event,
    tables: Sequence[Sequence[str]],
    *,
    byes: Sequence[str] = (),
    seed: int | None = None,
    force_reason: str | None = None,
) -> models.Round:
    """Seat the next round as given, table 1 first (players in seat order).

    The round must obey the event's rules; a table that breaks a hard rule of pairing
    (R-GORN-4, R-GORN-6) is refused unless ``force_reason`` says why, which the audit
    trail keeps. Everyone active must be seated (R-EVT-1); that cannot be forced.
    """
    event = _lock(event)
    last = event.rounds.last()
    if last is not None and not last.closed:
        raise InvalidInput.one(
            N_("round {number} is still open; close it first (kolo round close {event})"),
            path="ROUND",
            number=last.number,
            event=event.key,
        )
    if not tables:
        raise InvalidInput.one(N_("no tables given"), path="--tables")
    unknown: list[Problem] = []

    def code_of(ref: str) -> str:
        try:
            return str(resolve_entrant(event, ref).code)
        except InvalidInput as error:
            unknown.extend(error.problems)
            return ref

    codes = [[code_of(ref) for ref in table] for table in tables]
    bye_codes = [code_of(ref) for ref in byes]
    if unknown:
        raise InvalidInput(unknown)
    current = to_core(event)
    problems: list[Problem] = []
    round_ = _store_round(event, current, codes, bye_codes, seed, force_reason, problems)
    overridden = "; ".join(p.text() for p in problems)
    _audit(
        event,
        actor,
        "round.new",
        f"seated round {round_.number}: {len(codes)} tables"
        + (f" (rules overridden: {overridden})" if problems else ""),
        after=_round_doc(next(r for r in to_core(event).rounds if r.number == round_.number)),
        reason=force_reason or "",
    )
    return round_


_CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Letters and digits that cannot be misread for one another (no I/1, O/0)."""


def table_code() -> str:
    """A table's self-report code: six characters, about 10⁹ possibilities."""
    return "".join(secrets.choice(_CODE_LETTERS) for _ in range(6))


def _knockout_stage(
    current: core.Event, ruleset: rulesets.RuleSet, settings: Mapping[str, Any], tables: int
) -> str | None:
    """The stage of the next round of a knockout event (None in Swiss-style events)."""
    fmt = knockout.format_of(ruleset, settings)
    if fmt is None:
        return None
    if fmt.groups and not current.rounds:
        return knockout.GROUP
    try:
        return knockout.plan_next(current, ruleset, settings, ratings={}).stage
    except (InvalidInput, NoValidPairing):
        return knockout.stage_name(tables)


def _store_round(
    event: models.Event,
    current: core.Event,
    codes: Sequence[Sequence[str]],
    bye_codes: Sequence[str],
    seed: int | None,
    force_reason: str | None,
    overridden: list[Problem] | None = None,
) -> models.Round:
    """Check a round against the event's rules and the hard rules of pairing, and store
    it; ``overridden`` receives the pairing rules the reason overrode. A knockout round gets
    its stage (and a group stage its groups) from the results before it."""
    number = len(current.rounds) + 1
    ruleset, settings = ruleset_of(event)
    stage = _knockout_stage(current, ruleset, settings, len(codes))
    proposed = core.Round(
        number=number,
        seed=seed,
        byes=tuple(bye_codes),
        tables=tuple(
            core.Table(
                i + 1,
                tuple(seats),
                group=knockout.group_label(i) if stage == knockout.GROUP else None,
            )
            for i, seats in enumerate(codes)
        ),
        stage=stage,
    )
    candidate = replace(current, rounds=(*current.rounds, proposed))
    _check_whole(candidate)
    active = {e.id for e in current.entrants if e.active_in(number)}
    if stage is not None and stage != knockout.GROUP:
        active = set()  # a knockout round seats the qualifiers: check_pairing_rules checks them
    seating = check_seating(candidate, len(current.rounds), expected=active)
    if seating:
        raise InvalidInput(seating)
    problems = check_pairing_rules(candidate, len(current.rounds), ruleset, settings)
    if force_reason is not None and not force_reason.strip():
        raise InvalidInput.one(N_("say why the rules are overridden"), path="--force")
    if problems and not force_reason:
        raise InvalidInput(
            [
                *problems,
                Problem("--force", N_("to seat the round anyway, give --force with a reason")),
            ]
        )
    if overridden is not None:
        overridden.extend(problems)
    round_ = models.Round.objects.create(event=event, number=number, seed=seed, stage=stage)
    entrants = {e.code: e for e in event.entrants.all()}
    for t_index, seats in enumerate(codes):
        table = models.Table.objects.create(
            round=round_,
            number=t_index + 1,
            code=table_code(),
            group=proposed.tables[t_index].group,
        )
        models.Seat.objects.bulk_create(
            models.Seat(table=table, round=round_, entrant=entrants[code], position=position)
            for position, code in enumerate(seats)
        )
    round_.byes.set([entrants[c] for c in bye_codes])
    _draw_kingdoms(event, round_, len(codes))
    return round_


def _draw_kingdoms(event: models.Event, round_: models.Round, tables: int) -> None:
    """A Dominion round's kingdoms, drawn when the round is seated (R-DOM-2..6, R-DOM-8)."""
    from kolo.games.dominion.draws import ROUND_PLANS, draw_round, table_kingdom

    plan = ROUND_PLANS.get(event.ruleset)
    if plan is None:
        return
    if round_.seed is None:
        round_.seed = secrets.randbelow(2**31)
        round_.save(update_fields=["seed"])
    _ruleset, settings = ruleset_of(event)
    draws = draw_round(
        card_pool(settings.get("pool", "cz-championship")),
        plan,
        round_.number,
        tables,
        settings,
        random.Random(f"kingdoms:{round_.seed}"),
    )
    for table in round_.tables.all():
        table.kingdom = table_kingdom(draws, table.number).document()
        table.save(update_fields=["kingdom"])


@atomic
def pair_round(
    actor: Actor,
    event: models.Event,
    *,
    seed: int | None = None,
    time_limit: float | None = None,
    relax: Sequence[str] = (),
    reason: str | None = None,
    accepted: bool = True,
) -> tuple[models.Round, Proposal]:
    """Seat the next round with the pairing engine (R-GORN-*) and store it with its seed.

    A relaxed hard rule needs a reason, which the audit trail keeps. With ``accepted``
    false the round is a proposal: players do not see it until the organiser accepts it.
    """
    event = _lock(event)
    if relax and not (reason or "").strip():
        raise InvalidInput.one(N_("say why the rules are relaxed (--reason)"), path="--reason")
    last = event.rounds.last()
    if last is not None and not last.closed:
        raise InvalidInput.one(
            N_("round {number} is still open; close it first (kolo round close {event})"),
            path="ROUND",
            number=last.number,
            event=event.key,
        )
    from kolo.pairing.engine import propose

    ruleset, settings = ruleset_of(event)
    current = to_core(event)
    limit = ruleset.max_rounds(settings)
    if limit is not None and len(current.rounds) >= limit:
        raise InvalidInput.one(
            N_("all {rounds} rounds are played (change the setting 'rounds' to play more)"),
            path="ROUND",
            rounds=limit,
        )
    if seed is None:
        seed = secrets.randbelow(2**31)
    ratings = ratings_before(event) if settings.get("seeding") == "rating" else None
    proposal = propose(
        current,
        ruleset,
        settings,
        seed=seed,
        time_limit=time_limit,
        relax=list(relax),
        ratings=ratings,
    )
    round_ = _store_round(
        event,
        current,
        [list(t.seats) for t in proposal.tables],
        list(proposal.byes),
        seed,
        force_reason=reason if relax else None,
    )
    if not accepted:
        round_.accepted = False
        round_.save(update_fields=["accepted"])
    how = "optimal" if proposal.optimal else proposal.method
    _audit(
        event,
        actor,
        "round.pair",
        f"paired round {round_.number} by the engine ({how}, cost {float(proposal.total):g})",
        after={
            **_round_doc(next(r for r in to_core(event).rounds if r.number == round_.number)),
            "cost": float(proposal.total),
            "optimal": proposal.optimal,
            "relaxed": list(relax),
            "work_budget": proposal.budget,
            "safety_stop": proposal.clock_stopped,
            **({"pool": settings["pool"]} if "pool" in settings else {}),
        },
        reason=reason or "",
    )
    return round_, proposal


@atomic
def swap_players(
    actor: Actor, event: models.Event, first: str, second: str, *, force_reason: str | None = None
) -> models.Round:
    """Swap two players' seats in the last round while their tables have no result."""
    event = _lock(event)
    round_ = get_round(event, None)
    if round_.closed:
        raise InvalidInput.one(N_("round {number} is closed"), path="ROUND", number=round_.number)
    a, b = resolve_entrant(event, first), resolve_entrant(event, second)
    seat_a = models.Seat.objects.filter(round=round_, entrant=a).select_related("table").first()
    seat_b = models.Seat.objects.filter(round=round_, entrant=b).select_related("table").first()
    for entrant, seat in ((a, seat_a), (b, seat_b)):
        if seat is None:
            raise InvalidInput.one(
                N_("'{name}' is not seated in round {number}"),
                path="ENTRANT",
                name=entrant.name,
                number=round_.number,
            )
        if seat.table.games.exists():
            raise InvalidInput.one(
                N_("table {table} has a result already; clear it first"),
                path="ENTRANT",
                table=seat.table.number,
            )
    assert seat_a is not None
    assert seat_b is not None
    if seat_a.table_id == seat_b.table_id:
        raise InvalidInput.one(N_("the two players sit at the same table"), path="ENTRANT")
    before = _round_doc(next(r for r in to_core(event).rounds if r.number == round_.number))
    ruleset, settings = ruleset_of(event)
    # swap through a free position so the unique constraints hold at every step
    table_a, position_a = seat_a.table, seat_a.position
    seat_a.delete()
    seat_b.entrant = a
    seat_b.save(update_fields=["entrant"])
    models.Seat.objects.create(table=table_a, round=round_, entrant=b, position=position_a)
    current = to_core(event)
    index = len(current.rounds) - 1
    problems = check_pairing_rules(current, index, ruleset, settings)
    if force_reason is not None and not force_reason.strip():
        raise InvalidInput.one(N_("say why the rules are overridden"), path="--force")
    if problems and not force_reason:
        raise InvalidInput(
            [
                *problems,
                Problem("--force", N_("to swap anyway, give --force with a reason")),
            ]
        )
    overridden = "; ".join(p.text() for p in problems)
    _audit(
        event,
        actor,
        "round.swap",
        f"swapped {a.name} and {b.name} in round {round_.number}"
        + (f" (rules overridden: {overridden})" if problems else ""),
        before=before,
        after=_round_doc(current.rounds[index]),
        reason=force_reason or "",
    )
    return round_


@atomic
def close_round(actor: Actor, event: models.Event, number: int | None = None) -> models.Round:
    """Close a round whose every table has all its results (R-EVT-3)."""
    event = _lock(event)
    round_ = get_round(event, number)
    if round_.closed:
        raise InvalidInput.one(
            N_("round {number} is closed already"), path="ROUND", number=round_.number
        )
    ruleset, settings = ruleset_of(event)
    core_round = next(r for r in to_core(event).rounds if r.number == round_.number)
    missing = [str(t.number) for t in tables_missing_results(core_round, ruleset, settings)]
    if missing:
        raise InvalidInput.one(
            N_("round {number} still lacks results (tables: {tables})"),
            path="ROUND",
            number=round_.number,
            tables=", ".join(missing),
        )
    round_.closed = True
    round_.save(update_fields=["closed"])
    _audit(
        event,
        actor,
        "round.close",
        f"closed round {round_.number}",
        before={"closed": False},
        after={"closed": True},
    )
    return round_


@atomic
def reopen_round(actor: Actor, event: models.Event, number: int | None = None) -> models.Round:
    """Reopen a closed round to correct a result, while the next round is not paired (R-EVT-3)."""
    event = _lock(event)
    round_ = (
        get_round(event, number) if number is not None else event.rounds.filter(closed=True).last()
    )
    if round_ is None:
        raise InvalidInput.one(N_("no round of {event} is closed"), path="ROUND", event=event.key)
    if not round_.closed:
        raise InvalidInput.one(
            N_("round {number} is open already"), path="ROUND", number=round_.number
        )
    later = event.rounds.filter(number__gt=round_.number).first()
    if later is not None:
        raise InvalidInput.one(
            N_(
                "R-EVT-3: round {next} is paired already, so round {number} cannot be reopened; "
                "delete round {next} first if none of its results are in (kolo round delete)"
            ),
            path="ROUND",
            number=round_.number,
            next=later.number,
        )
    round_.closed = False
    round_.save(update_fields=["closed"])
    _audit(
        event,
        actor,
        "round.reopen",
        f"reopened round {round_.number}",
        before={"closed": True},
        after={"closed": False},
    )
    return round_


@atomic
def delete_round(actor: Actor, event: models.Event, number: int | None = None) -> None:
    """Undo the pairing of the last round while none of its results is in."""
    event = _lock(event)
    round_ = get_round(event, None)
    if number is not None and number != round_.number:
        raise InvalidInput.one(
            N_("only the last round ({last}) can be deleted"), path="ROUND", last=round_.number
        )
    if models.Game.objects.filter(table__round=round_).exists():
        raise InvalidInput.one(
            N_("round {number} has results; clear them first (kolo result … --clear)"),
            path="ROUND",
            number=round_.number,
        )
    if round_.closed:
        raise InvalidInput.one(N_("round {number} is closed"), path="ROUND", number=round_.number)
    before = _round_doc(next(r for r in to_core(event).rounds if r.number == round_.number))
    models.Seat.objects.filter(round=round_).delete()
    round_.delete()
    _audit(event, actor, "round.delete", f"deleted round {before['number']}", before=before)


# --- results ----------------------------------------------------------------------------


def game_document(game: models.Game) -> dict[str, Any]:
    scores = {s.entrant.code: s for s in game.scores.select_related("entrant")}
    seats = [s.entrant.code for s in game.table.seats.select_related("entrant")]
    doc: dict[str, Any] = {
        "game": game.number,
        "scores": {c: scores[c].points for c in seats if c in scores},
    }
    turns = {c: scores[c].turns for c in seats if c in scores and scores[c].turns is not None}
    if turns:
        doc["turns"] = turns
    doc["ended_by_time_limit"] = game.ended_by_time_limit
    return doc


def _open_table(
    event: models.Event, round_number: int, table_number: int, *, closed_ok: bool = False
) -> models.Table:
    round_ = get_round(event, round_number)
    if round_.closed and not closed_ok:
        raise InvalidInput.one(
            N_(
                "round {number} is closed; reopen it to change a result "
                "(kolo round reopen {event} {number})"
            ),
            path="ROUND",
            number=round_.number,
            event=event.key,
        )
    table = round_.tables.filter(number=table_number).first()
    if table is None:
        raise InvalidInput.one(
            N_("round {round} has no table {table}"),
            path="TABLE",
            round=round_.number,
            table=table_number,
        )
    return table


def _by_seat(
    event: models.Event,
    table: models.Table,
    values: Mapping[str, int],
    what: str,
    missing_message: str,
) -> dict[str, int]:
    seated = {s.entrant.code: s.entrant for s in table.seats.select_related("entrant")}
    result: dict[str, int] = {}
    for ref, value in values.items():
        entrant = resolve_entrant(event, ref)
        if entrant.code not in seated:
            raise InvalidInput.one(
                N_("'{name}' is not at table {table} (seated: {seated})"),
                path=what,
                name=entrant.name,
                table=table.number,
                seated=", ".join(f"{c} {e.name}" for c, e in seated.items()),
            )
        if entrant.code in result:
            raise InvalidInput.one(N_("'{name}' is given twice"), path=what, name=entrant.name)
        result[entrant.code] = value
    absent = [f"{c} {e.name}" for c, e in seated.items() if c not in result]
    if absent:
        raise InvalidInput.one(
            missing_message,
            path=what,
            players=", ".join(absent),
            names=", ".join(e.name for c, e in seated.items() if c not in result),
        )
    return result


@atomic
def record_result(
    actor: Actor,
    event: models.Event,
    round_number: int,
    table_number: int,
    scores: Mapping[str, int],
    *,
    turns: Mapping[str, int] | None = None,
    game_number: int | None = None,
    ended_by_time_limit: bool | None = None,
    expected_version: int | None = None,
    correct: bool = False,
    closed_round: Mapping[str, Any] | None = None,
) -> tuple[models.Game, dict[str, Any] | None]:
    """Enter or correct one game's result; returns the game and the result it replaced
    (``None`` for a new result; equal to the game's result when nothing changed).

    A correction keeps the old and the new result in the audit trail; turns and the
    time-limit mark not given again stay as they were. With ``expected_version`` (the
    version the writer saw; 0 for "no result yet"), a game changed meanwhile by someone
    else is refused instead of silently overwritten. A different result for a game that
    has one is a correction: it needs ``expected_version`` or ``correct`` (the writer was
    shown what it replaces), else it is refused with ``RESULT_IS_IN``.

    ``closed_round`` (from ``kolo.web.corrections``, R-EVT-3's explicit correction) lets a
    result of a closed round be corrected; it is what the correction changes, kept in the
    audit entry.
    """
    event = _lock(event)
    table = _open_table(event, round_number, table_number, closed_ok=closed_round is not None)
    ruleset, settings = ruleset_of(event)
    needed = ruleset.games_per_table(round_number, settings)
    by_code = _by_seat(event, table, scores, "SCORES", N_("no score for {players}"))
    if any(abs(points) > MAX_SCORE for points in by_code.values()):
        raise InvalidInput.one(
            N_("a score must lie between -{limit} and {limit}"), path="SCORES", limit=MAX_SCORE
        )
    turns_by_code = (
        _by_seat(event, table, turns, "--turns", N_("no turn count for {players}"))
        if turns
        else None
    )
    if turns_by_code and any(not 0 <= t <= MAX_TURNS for t in turns_by_code.values()):
        raise InvalidInput.one(
            N_("a turn count runs from 0 to {limit}"), path="--turns", limit=MAX_TURNS
        )
    game_number = _game_number(table, game_number, needed)
    game = table.games.select_for_update().filter(number=game_number).first()
    before = game_document(game) if game is not None else None
    current_version = game.version if game is not None else 0
    if expected_version is not None and current_version != expected_version:
        # 0 stands for "no result yet": two people entering one table at once
        raise InvalidInput.one(
            N_("someone else changed this result meanwhile; look at it again before saving"),
            path="version",
        )
    if turns_by_code is None and before is not None and "turns" in before:
        turns_by_code = dict(before["turns"])
    if ruleset.ties_by_turns and turns_by_code is None:
        raise InvalidInput.one(
            N_("{ruleset} breaks ties by turns: give --turns for every player"),
            path="--turns",
            ruleset=ruleset.id,
        )
    if ended_by_time_limit is None:
        ended_by_time_limit = game.ended_by_time_limit if game is not None else False
    if (
        before is not None
        and before["scores"] == by_code
        and before.get("turns") == turns_by_code
        and before["ended_by_time_limit"] == ended_by_time_limit
    ):
        return game, before  # the same result again: nothing to change or record
    if before is not None and expected_version is None and not correct:
        raise InvalidInput.one(
            RESULT_IS_IN,
            path="version",
            table=table.number,
            game=game_number,
            result=scores_text(before),
            version=current_version,
            current=before,
        )
    if game is None:
        game = models.Game.objects.create(
            table=table,
            number=game_number,
            ended_by_time_limit=ended_by_time_limit,
            version=_cleared_version(event, round_number, table.number, game_number) + 1,
        )
    else:
        game.ended_by_time_limit = ended_by_time_limit
        game.version += 1
        game.save(update_fields=["ended_by_time_limit", "version"])
        game.scores.all().delete()
    entrants = {s.entrant.code: s.entrant for s in table.seats.select_related("entrant")}
    models.Score.objects.bulk_create(
        models.Score(
            game=game,
            entrant=entrants[code],
            points=points,
            turns=turns_by_code.get(code) if turns_by_code else None,
        )
        for code, points in by_code.items()
    )
    _check_whole(to_core(event))
    after = game_document(game)
    corrected = before is not None
    summary = (
        f"{'corrected' if corrected else 'entered'} round {round_number} table {table.number}"
        f" game {game_number}"
    )
    if closed_round is not None:
        summary += f" of the closed round ({closed_round['summary']})"
        after = {**after, "closed_round": dict(closed_round)}
    _audit(
        event,
        actor,
        "result.correct" if corrected else "result.enter",
        summary,
        before=before,
        after=after,
    )
    return game, before


RESULT_IS_IN = N_(
    "table {table} already has a result for game {game}: {result}; a correction must name "
    "the version it replaces ({version})"
)
"""The refusal of a correction that does not say so; its parameters include ``current``,
the game's result as ``game_document`` gives it."""


def scores_text(doc: Mapping[str, Any]) -> str:
    """A game's scores in one line: ``p1=34 p2=28 p3=12``."""
    return " ".join(f"{c}={v}" for c, v in doc["scores"].items())


def _game_number(table: models.Table, asked: int | None, needed: int) -> int:
    """The game a result is for: the one asked, else the next unplayed one."""
    entered = table.games.count()
    if asked is None:
        if entered < needed:
            return entered + 1
        if needed == 1:
            return 1
        raise InvalidInput.one(
            N_("table {table} has all its {needed} games; say which to correct with --game"),
            path="--game",
            table=table.number,
            needed=needed,
        )
    if not 1 <= asked <= min(entered + 1, needed):
        raise InvalidInput.one(
            N_("game {game} cannot be entered: the table plays {needed} and has {entered} so far"),
            path="--game",
            game=asked,
            needed=needed,
            entered=entered,
        )
    return asked


@atomic
def clear_result(
    actor: Actor,
    event: models.Event,
    round_number: int,
    table_number: int,
    game_number: int | None = None,
) -> dict[str, Any]:
    """Take back the last result entered at a table (e.g. entered at the wrong table)."""
    event = _lock(event)
    table = _open_table(event, round_number, table_number)
    last = table.games.last()
    if last is None:
        raise InvalidInput.one(
            N_("table {table} has no result to clear"), path="TABLE", table=table.number
        )
    if game_number is not None and game_number != last.number:
        raise InvalidInput.one(
            N_("only the last game entered ({game}) can be cleared"),
            path="--game",
            game=last.number,
        )
    before = game_document(last)
    last.delete()
    _audit(
        event,
        actor,
        "result.clear",
        f"cleared round {round_number} table {table.number} game {before['game']}",
        # where and which version: a result entered again goes on from it
        before={**before, "round": round_number, "table": table.number, "version": last.version},
    )
    return before


def _cleared_version(event: models.Event, round_number: int, table_number: int, game: int) -> int:
    """The last version of this game before its result was cleared (0: never cleared), so
    that a version read before the clear never fits the result entered after it."""
    cleared = models.AuditEntry.objects.filter(
        event=event,
        action="result.clear",
        before__round=round_number,
        before__table=table_number,
        before__game=game,
    )
    return max((int(e.before.get("version", 0)) for e in cleared), default=0)


# --- import -----------------------------------------------------------------------------


@atomic
def import_event(
    actor: Actor, event_value: core.Event, key: str | None = None, owner: Any = None
) -> models.Event:
    """Store a whole event read from a file; complete rounds are stored closed."""
    check_field(len(event_value.entrants))
    _check_whole(event_value)
    event = _new_event_row(event_value.name, event_value.ruleset, event_value.settings, key)
    if owner is not None:
        models.EventRole.objects.create(event=event, user=owner, role=models.EventRole.OWNER)
    numbers = [int(e.id[1:]) for e in event_value.entrants if re.fullmatch(r"p\d+", e.id)]
    event.entrant_counter = max(numbers, default=0)
    event.save(update_fields=["entrant_counter"])
    entrants = {}
    for position, e in enumerate(event_value.entrants, start=1):
        entrants[e.id] = models.Entrant.objects.create(
            event=event,
            code=e.id,
            name=e.name,
            club=e.club,
            dropped_after_round=e.dropped_after_round,
            position=position,
            player=e.player,
        )
    ruleset, settings = ruleset_of(event)
    for r in event_value.rounds:
        round_ = models.Round.objects.create(
            event=event,
            number=r.number,
            seed=r.seed,
            closed=round_complete(r, ruleset, settings),
            stage=r.stage,
        )
        round_.byes.set([entrants[b] for b in r.byes])
        for t in r.tables:
            table = models.Table.objects.create(
                round=round_,
                number=t.number,
                code=table_code(),
                kingdom=dict(t.kingdom) if t.kingdom is not None else None,
                group=t.group,
            )
            models.Seat.objects.bulk_create(
                models.Seat(table=table, round=round_, entrant=entrants[code], position=i)
                for i, code in enumerate(t.seats)
            )
            for g_number, g in enumerate(t.games, start=1):
                game = models.Game.objects.create(
                    table=table,
                    number=g_number,
                    ended_by_time_limit=g.ended_by_time_limit,
                    seats=list(g.seats) if g.seats is not None else None,
                )
                models.Score.objects.bulk_create(
                    models.Score(
                        game=game,
                        entrant=entrants[code],
                        points=g.scores[code],
                        turns=g.turns[code] if g.turns is not None else None,
                    )
                    for code in t.seats
                )
    _audit(
        event,
        actor,
        "event.import",
        f"imported event '{event.name}' ({len(event_value.entrants)} entrants, "
        f"{len(event_value.rounds)} rounds)",
        after=to_document(event_value),
    )
    return event


def audit_trail(event: models.Event) -> Iterable[models.AuditEntry]:
    """Every change to the event, oldest first."""
    return models.AuditEntry.objects.filter(event=event).order_by("at", "id")


# --- the desk: proposals, the round clock, the team ---------------------------------------


@atomic
def accept_round(actor: Actor, event: models.Event, number: int) -> models.Round:
    """Publish a proposed pairing: players see it and results can be entered."""
    event = _lock(event)
    round_ = get_round(event, number)
    if round_.accepted:
        raise InvalidInput.one(
            N_("round {number} is accepted already"), path="ROUND", number=number
        )
    round_.accepted = True
    round_.save(update_fields=["accepted"])
    _audit(event, actor, "round.accept", f"accepted the pairing of round {number}")
    return round_


@atomic
def round_clock(actor: Actor, event: models.Event, number: int, action: str) -> models.Round:
    """The round clock (R-DOM-9): ``start`` it, ``limit`` (the head referee imposes two
    more game rounds for each player), or ``reset`` it."""
    event = _lock(event)
    round_ = get_round(event, number)
    if round_.closed:
        raise InvalidInput.one(N_("round {number} is closed"), path="ROUND", number=number)
    before = {
        "started": round_.clock_started_at.isoformat() if round_.clock_started_at else None,
        "limit": round_.limit_imposed_at.isoformat() if round_.limit_imposed_at else None,
    }
    now = timezone.now()
    if action == "start":
        round_.clock_started_at = now
        round_.limit_imposed_at = None
    elif action == "limit":
        if round_.clock_started_at is None:
            raise InvalidInput.one(N_("start the clock first"), path="clock")
        round_.limit_imposed_at = now
    elif action == "reset":
        round_.clock_started_at = None
        round_.limit_imposed_at = None
    else:
        raise InvalidInput.one(N_("unknown clock action '{action}'"), path="clock", action=action)
    round_.save(update_fields=["clock_started_at", "limit_imposed_at"])
    _audit(
        event,
        actor,
        f"clock.{action}",
        f"round {number} clock: {action}",
        before=before,
        after={
            "started": round_.clock_started_at.isoformat() if round_.clock_started_at else None,
            "limit": round_.limit_imposed_at.isoformat() if round_.limit_imposed_at else None,
        },
    )
    return round_


@atomic
def set_role(
    actor: Actor, event: models.Event, username: str, role: str | None
) -> models.EventRole | None:
    """Give a user a role at the event (``owner`` or ``assistant``), or none."""
    from django.contrib.auth import get_user_model

    event = _lock(event)
    user = get_user_model().objects.filter(username=username.strip()).first()
    if user is None:
        raise InvalidInput.one(N_("no user '{name}'"), path="username", name=username)
    existing = models.EventRole.objects.filter(event=event, user=user).first()
    before = existing.role if existing else None
    if role is None:
        if existing is None:
            raise InvalidInput.one(N_("'{name}' has no role here"), path="username", name=username)
        owners = models.EventRole.objects.filter(event=event, role=models.EventRole.OWNER)
        if existing.role == models.EventRole.OWNER and owners.count() == 1:
            raise InvalidInput.one(N_("the event needs an owner"), path="username")
        existing.delete()
        result = None
    else:
        if role not in (models.EventRole.OWNER, models.EventRole.ASSISTANT):
            raise InvalidInput.one(N_("unknown role '{role}'"), path="role", role=role)
        result, _ = models.EventRole.objects.update_or_create(
            event=event, user=user, defaults={"role": role}
        )
    _audit(
        event,
        actor,
        "team.role",
        f"{user.get_username()}: {before or '-'} → {role or '-'}",
        before={"user": user.get_username(), "role": before},
        after={"user": user.get_username(), "role": role},
    )
    return result


# --- Dominion: pools and kingdoms --------------------------------------------------------


def card_pool(name: str) -> Any:
    """The pool with this name: the built-in championship pool or one organisers made."""
    from kolo.games.dominion.pools import CHAMPIONSHIP, championship, make_pool

    if name == CHAMPIONSHIP:
        return championship()
    row = models.CardPool.objects.filter(name=name).first()
    if row is None:
        raise InvalidInput.one(
            N_("no card pool '{name}' (kolo pool list shows them)"), path="pool", name=name
        )
    return make_pool(row.name, row.cards, row.basic_main, row.basic_extra, row.title)


def may_change_pool(user: Any, pool: models.CardPool) -> bool:
    """Superusers change every pool; others only the pools they made."""
    return bool(user.is_superuser) or (pool.owner_id is not None and pool.owner_id == user.pk)


def pool_history(name: str) -> Iterable[models.AuditEntry]:
    """Every saved version of a pool, newest first."""
    return models.AuditEntry.objects.filter(event=None, event_key=f"pool:{name}").order_by(
        "-at", "-id"
    )


@atomic
def save_pool(
    actor: Actor,
    name: str,
    cards: Mapping[str, Sequence[str]],
    *,
    title: str = "",
    basic_main: Sequence[str] = ("base-1e", "intrigue-1e", "hinterlands-1e"),
    basic_extra: Sequence[str] = ("prosperity-1e", "dark-ages"),
    user: Any = None,
) -> models.CardPool:
    """Create or replace a card pool; a pool naming an unknown card is refused. On the web
    (``user`` given) only the pool's owner or a superuser may replace it."""
    from kolo.games.dominion.pools import CHAMPIONSHIP, make_pool

    if name == CHAMPIONSHIP:
        raise InvalidInput.one(N_("the championship pool cannot be changed"), path="name")
    if not _KEY.match(name):
        raise InvalidInput.one(
            N_("a pool's name is lower-case letters, digits and dashes"), path="name"
        )
    title = title.strip()
    if title:
        _check_name(title, "title")
    existing = models.CardPool.objects.select_for_update().filter(name=name).first()
    if existing is not None and user is not None and not may_change_pool(user, existing):
        raise InvalidInput.one(
            N_("pool {name} belongs to someone else; save a copy under a new name"),
            path="name",
            name=name,
        )
    pool = make_pool(name, cards, basic_main, basic_extra, title)
    before = (
        {
            "title": existing.title,
            "cards": existing.cards,
            "basic_main": existing.basic_main,
            "basic_extra": existing.basic_extra,
        }
        if existing
        else None
    )
    defaults: dict[str, Any] = {
        "title": title,
        "cards": {s: list(c) for s, c in pool.cards.items()},
        "basic_main": list(basic_main),
        "basic_extra": list(basic_extra),
    }
    if existing is None and user is not None:
        defaults["owner"] = user
    row, _ = models.CardPool.objects.update_or_create(name=name, defaults=defaults)
    _record(
        None,
        f"pool:{name}",
        actor,
        "pool.save",
        f"saved card pool {name} ({len(pool.all_cards())} cards)",
        before,
        {
            "title": row.title,
            "cards": row.cards,
            "basic_main": row.basic_main,
            "basic_extra": row.basic_extra,
        },
    )
    return row


def _kingdom_table(event: models.Event, round_number: int, table_number: int) -> models.Table:
    table = (
        models.Table.objects.filter(
            round__event=event, round__number=round_number, number=table_number
        )
        .select_related("round")
        .first()
    )
    if table is None:
        raise InvalidInput.one(
            N_("round {round} has no table {table}"),
            path="TABLE",
            round=round_number,
            table=table_number,
        )
    if table.kingdom is None:
        raise InvalidInput.one(N_("this table has no Dominion kingdom"), path="TABLE")
    if table.round.closed:
        raise InvalidInput.one(
            N_("round {round} is closed; reopen it to change a kingdom"),
            path="ROUND",
            round=round_number,
        )
    return table


@atomic
def record_draft(
    actor: Actor, event: models.Event, round_number: int, table_number: int, picks: Sequence[str]
) -> models.Table:
    """Record the table's draft (six of the nine, in pick order); Colony and Shelters are
    then drawn from the ten (R-DOM-5, R-DOM-7), seeded by the round."""
    from kolo.games.dominion.cards import resolve as resolve_cards
    from kolo.games.dominion.draws import kingdom_from_document
    from kolo.games.dominion.draws import record_draft as draft

    event = _lock(event)
    table = _kingdom_table(event, round_number, table_number)
    before = dict(table.kingdom)
    kingdom = kingdom_from_document(table.kingdom)
    seed = kingdom.seed if kingdom.seed is not None else secrets.randbelow(2**31)
    drafted = draft(kingdom, resolve_cards(picks), random.Random(seed), round_number == 1)
    table.kingdom = replace(drafted, seed=seed).document()
    table.save(update_fields=["kingdom"])
    _audit(
        event,
        actor,
        "kingdom.draft",
        f"round {round_number} table {table_number}: draft recorded",
        before=before,
        after=table.kingdom,
    )
    return table


@atomic
def set_kingdom(
    actor: Actor,
    event: models.Event,
    round_number: int,
    table_number: int,
    cards: Sequence[str],
    colony: bool,
    shelters: bool,
) -> models.Table:
    """Record a kingdom drawn with physical cards (R-DOM-8)."""
    from kolo.games.dominion.cards import resolve as resolve_cards
    from kolo.games.dominion.draws import check_kingdom

    event = _lock(event)
    table = _kingdom_table(event, round_number, table_number)
    chosen = resolve_cards(cards)
    problems = check_kingdom(chosen)
    if round_number == 1 and (colony or shelters):
        problems.append(
            Problem(
                "--colony",
                N_("the first game is played without Colonies and Shelters (R-DOM-7)"),
            )
        )
    if problems:
        raise InvalidInput(problems)
    before = dict(table.kingdom)
    table.kingdom = {
        "draw": before.get("draw", "basic"),
        **(
            {"mandatory": before["mandatory"], "choices": before["choices"], "picks": None}
            if "mandatory" in before
            else {}
        ),
        "cards": list(chosen),
        "colony": colony,
        "shelters": shelters,
    }
    table.save(update_fields=["kingdom"])
    _audit(
        event,
        actor,
        "kingdom.set",
        f"round {round_number} table {table_number}: kingdom recorded by hand",
        before=before,
        after=table.kingdom,
    )
    return table


# --- series: tours, qualification, ratings -----------------------------------------------


def _series_audit(
    series: models.Series,
    actor: Actor,
    action: str,
    summary: str,
    *,
    before: Any = None,
    after: Any = None,
) -> None:
    _record(None, f"series:{series.key}", actor, action, summary, before, after)
    for entry in series.entries.select_related("event"):
        cache.delete(f"kolo:version:{entry.event_id}")


def series_history(series: models.Series) -> Iterable[models.AuditEntry]:
    """Every change to a series, newest first."""
    return models.AuditEntry.objects.filter(event=None, event_key=f"series:{series.key}").order_by(
        "-at", "-id"
    )


def find_series(ref: str) -> models.Series:
    found = models.Series.objects.filter(key=ref).first()
    if found is None:
        raise InvalidInput.one(N_("no series '{ref}' in the store"), path="SERIES", ref=ref)
    return found


def may_change_series(user: Any, series: models.Series) -> bool:
    """Superusers change every series; others the series they made."""
    return bool(user.is_superuser) or (series.owner_id is not None and series.owner_id == user.pk)


def _series_document(series: models.Series) -> dict[str, Any]:
    return {
        "name": series.name,
        "rules": series.rules,
        "championship_top7": list(series.championship_top7),
        "qualification": series.qualification,
        "events": [
            {
                "event": e.event.key,
                "city": e.city,
                "date": e.date.isoformat(),
                "published": e.published,
                "kind": e.kind,
                "declined": list(e.declined),
            }
            for e in series.entries.select_related("event")
        ],
    }


def _players_list(values: Sequence[str], path: str) -> list[str]:
    cleaned = [v.strip() for v in values if v.strip()]
    if len(set(cleaned)) != len(cleaned):
        raise InvalidInput.one(N_("a player is listed twice"), path=path)
    return cleaned


@atomic
def save_series(
    actor: Actor,
    name: str,
    *,
    key: str | None = None,
    rules: str | None = "tour-de-dominion-2022",
    championship_top7: Sequence[str] = (),
    qualification: Any = None,
    owner: Any = None,
    series: models.Series | None = None,
) -> models.Series:
    """Create a series (``series`` None) or change one; everything is checked first."""
    from kolo.series.document import assemble

    name = _check_name(name, "name")
    top7 = _players_list(championship_top7, "championship_top7")
    if series is None:
        if key is not None:
            _check_key(key, "key")
            if models.Series.objects.filter(key=key).exists():
                raise InvalidInput.one(
                    N_("a series with key '{key}' exists already"), path="key", key=key
                )
        series = models.Series(key=key or _free_key(slugify(name), models.Series), owner=owner)
        before = None
    else:
        series = models.Series.objects.select_for_update().get(pk=series.pk)
        before = _series_document(series)
    series.name, series.rules = name, rules or None
    series.championship_top7, series.qualification = top7, qualification
    events = (
        [_series_event(e, i) for i, e in enumerate(series.entries.select_related("event"))]
        if series.pk
        else []
    )
    assemble(name, series.rules, top7, qualification, events)  # refuses what a file would
    series.save()
    _series_audit(
        series,
        actor,
        "series.save",
        f"{'created' if before is None else 'changed'} series {series.key}",
        before=before,
        after=_series_document(series),
    )
    return series


def _series_event(entry: models.SeriesEvent, index: int) -> Any:
    from pathlib import Path

    from kolo.series.document import SeriesEvent

    return SeriesEvent(
        index=index,
        file=entry.event.key,
        path=Path(entry.event.key),
        city=entry.city,
        date=entry.date,
        published=entry.published,
        kind=entry.kind,
        declined=tuple(entry.declined),
        event=to_core(entry.event),
    )


def series_value(series: models.Series) -> Any:
    """The series as ``kolo.series`` computes with it (events by the store's key)."""
    from kolo.series.document import assemble

    events = [_series_event(e, i) for i, e in enumerate(series.entries.select_related("event"))]
    return assemble(
        series.name, series.rules, series.championship_top7, series.qualification, events
    )


def _require_owner(user: Any, event: models.Event) -> None:
    """On the web (``user`` given) only an event's owners may put it in a series or change
    its entrants' identities; the command line runs with the store's own rights."""
    from kolo.web.access import OWNER, role_of

    if user is not None and role_of(user, event) != OWNER:
        raise InvalidInput.one(
            N_("only the owners of {event} may do this"), path="EVENT", event=event.key
        )


def _give_identities(actor: Actor, event: models.Event) -> None:
    """Entrants without a series identity get one from their name (jana-novakova; a second
    Jana Nováková of the same event jana-novakova-2): ids alone would make the p1 of every
    event one person."""
    entrants = list(event.entrants.all())
    taken = {e.player for e in entrants if e.player}
    changed = []
    for entrant in entrants:
        if entrant.player:
            continue
        base = slugify(entrant.name) if slugify(entrant.name) != "event" else entrant.code
        candidate, n = base, 1
        while candidate in taken:
            n += 1
            candidate = f"{base}-{n}"
        taken.add(candidate)
        entrant.player = candidate
        entrant.save(update_fields=["player"])
        changed.append({"entrant": entrant.code, "player": candidate})
    if changed:
        _audit(
            event,
            actor,
            "entrant.player",
            f"series identities for {len(changed)} entrants",
            after=changed,
        )


@atomic
def put_series_event(
    actor: Actor,
    series: models.Series,
    event_key: str,
    *,
    city: str,
    date: Any,
    published: bool = True,
    kind: str | None = None,
    declined: Sequence[str] = (),
    user: Any = None,
) -> models.SeriesEvent:
    """Add an event to a series or change what the series records about it. An event joining
    a series gives its entrants series identities where they have none."""
    import datetime

    series = models.Series.objects.select_for_update().get(pk=series.pk)
    event = find_event(event_key)
    _require_owner(user, event)
    city = _check_name(city, "city")
    if isinstance(date, str):
        try:
            date = datetime.date.fromisoformat(date.strip())
        except ValueError:
            raise InvalidInput.one(
                N_("a date is written YYYY-MM-DD, not '{value}'"), path="date", value=date
            ) from None
    before = _series_document(series)
    entry = models.SeriesEvent.objects.filter(series=series, event=event).first()
    if entry is None:
        entry = models.SeriesEvent(series=series, event=event)
        _give_identities(actor, _lock(event))
    entry.city, entry.date, entry.published = city, date, published
    entry.kind = kind or None
    entry.declined = _players_list(declined, "declined")
    entry.save()
    try:
        series_value(series)
    except InvalidInput as error:
        transaction.set_rollback(True)
        raise error
    _series_audit(
        series,
        actor,
        "series.event",
        f"series {series.key}: {event.key} ({city}, {date.isoformat()})",
        before=before,
        after=_series_document(series),
    )
    return entry


@atomic
def remove_series_event(actor: Actor, series: models.Series, event_key: str) -> None:
    series = models.Series.objects.select_for_update().get(pk=series.pk)
    before = _series_document(series)
    deleted, _ = models.SeriesEvent.objects.filter(series=series, event__key=event_key).delete()
    if not deleted:
        raise InvalidInput.one(
            N_("{event} is not in series {series}"),
            path="EVENT",
            event=event_key,
            series=series.key,
        )
    _series_audit(
        series,
        actor,
        "series.remove",
        f"series {series.key}: removed {event_key}",
        before=before,
        after=_series_document(series),
    )


@atomic
def merge_players(
    actor: Actor, series: models.Series, keep: str, merge: str, *, user: Any = None
) -> int:
    """Make ``merge`` the same person as ``keep`` in every event of the series (their
    entrants get ``player: keep``); returns how many entrants changed. The audit entry
    keeps who they were, and an entrant's identity can be set back one by one."""
    series = models.Series.objects.select_for_update().get(pk=series.pk)
    keep, merge = keep.strip(), merge.strip()
    if not keep or not merge or keep == merge:
        raise InvalidInput.one(N_("name two different players to merge"), path="merge")
    changed = []
    for entry in series.entries.select_related("event"):
        _lock(entry.event)
        entrants = list(entry.event.entrants.all())
        persons = {e.player or e.code for e in entrants}
        for entrant in entrants:
            if (entrant.player or entrant.code) == merge:
                _require_owner(user, entry.event)
                if keep in persons:
                    raise InvalidInput.one(
                        N_("{keep} and {merge} both played {event}: they are two people"),
                        path="merge",
                        keep=keep,
                        merge=merge,
                        event=entry.event.key,
                    )
                changed.append(
                    {"event": entry.event.key, "entrant": entrant.code, "player": entrant.player}
                )
                _audit(
                    entry.event,
                    actor,
                    "entrant.player",
                    f"{entrant.code} {entrant.name}: player {keep} (merged in series {series.key})",
                    before={"player": entrant.player},
                    after={"player": keep},
                )
                entrant.player = keep
                entrant.save(update_fields=["player"])
    if not changed:
        raise InvalidInput.one(
            N_("no entrant of this series is the player '{player}'"), path="merge", player=merge
        )
    _series_audit(
        series,
        actor,
        "series.merge",
        f"series {series.key}: {merge} is {keep} ({len(changed)} entrants)",
        before=changed,
        after={"player": keep},
    )
    for entry in series.entries.all():
        cache.delete(f"kolo:version:{entry.event_id}")
    return len(changed)


def _checked_player(event: models.Event, entrant: models.Entrant, player: str) -> str | None:
    """A series identity for the entrant: unique in the event; "" clears it."""
    value = player.strip() or None
    if value is None:
        return None
    _check_name(value, "player")
    others = event.entrants.exclude(pk=entrant.pk)
    if others.filter(player=value).exists() or others.filter(player=None, code=value).exists():
        raise InvalidInput.one(
            N_("another entrant of this event is the player '{player}'"),
            path="player",
            player=value,
        )
    return value


@atomic
def set_player(actor: Actor, event: models.Event, ref: str, player: str | None) -> models.Entrant:
    """Set (or clear) an entrant's series identity."""
    event = _lock(event)
    entrant = resolve_entrant(event, ref)
    before = entrant.player
    value = _checked_player(event, entrant, player or "")
    entrant.player = value
    entrant.save(update_fields=["player"])
    _audit(
        event,
        actor,
        "entrant.player",
        f"{entrant.code} {entrant.name}: player {value or entrant.code}",
        before={"player": before},
        after={"player": value},
    )
    return entrant


def ratings_before(event: models.Event) -> dict[str, float]:
    """The event's entrants' series ratings from the events before it, for seeding by
    rating (the first series the event is in; none: no ratings)."""
    from kolo.series.ratings import RatedEvent, rate, seeds

    entry = event.series_entries.select_related("series").order_by("series__created_at").first()
    if entry is None:
        raise InvalidInput.one(
            N_(
                "seeding by rating needs the event in a series: add it to one at the desk, "
                "or choose seeding random or entry"
            ),
            path="seeding",
        )
    earlier = [
        RatedEvent(e.event.key, e.date, to_core(e.event))
        for e in entry.series.entries.select_related("event")
        if e.date < entry.date and e.event_id != event.pk
    ]
    return seeds(rate(earlier), to_core(event))
