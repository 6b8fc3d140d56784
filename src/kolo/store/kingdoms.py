"""Dominion: the card pools and each table's kingdom and draft."""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from kolo.core.problems import N_, InvalidInput
from kolo.store import models
from kolo.store.audit import Actor, atomic, lock_event, record_entry, write_audit
from kolo.store.names import check_name

if TYPE_CHECKING:
    from kolo.games.dominion.draws import Kingdom


def card_pool(name: str) -> Any:
    """The pool with this name: the built-in championship pool or one organisers made."""
    from kolo.games.dominion import CHAMPIONSHIP
    from kolo.games.dominion.pools import championship, make_pool

    if name == CHAMPIONSHIP:
        return championship()
    row = models.CardPool.objects.filter(name=name).first()
    if row is None:
        raise InvalidInput.one(
            N_("no card pool '{name}' (kolo pool list shows them)"), path="pool", name=name
        )
    return make_pool(row.name, row.cards, row.basic_main, row.basic_extra, row.title)


def resource(setting: str, name: str) -> Any:
    """The organiser's resource a Dominion event's setting names: the card pool (``pool``,
    ``kolo.store.games``)."""
    assert setting == "pool", setting
    return card_pool(name)


def check_resource(setting: str, name: Any) -> None:
    """A Dominion event's ``pool`` must name a pool that exists (``kolo.store.games``)."""
    from kolo.games.dominion import CHAMPIONSHIP

    assert setting == "pool", setting
    if name != CHAMPIONSHIP and not models.CardPool.objects.filter(name=name).exists():
        raise InvalidInput.one(
            N_("no card pool '{name}' (kolo pool list shows them)"),
            path=f"--set {setting}",
            name=name,
        )


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
    from kolo.games.dominion.changes import refuse_others_pool, refuse_pool_name
    from kolo.games.dominion.pools import make_pool

    refuse_pool_name(name)
    title = title.strip()
    if title:
        check_name(title, "title")
    existing = models.CardPool.objects.select_for_update().filter(name=name).first()
    refuse_others_pool(
        name,
        theirs=existing is not None and user is not None and not may_change_pool(user, existing),
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
    record_entry(
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


def stored_kingdom(table: models.Table) -> Kingdom | None:
    """A table's kingdom read back from its JSON column; None where it has none."""
    from kolo.games.dominion.draws import kingdom_from_document

    return kingdom_from_document(table.setup) if table.setup is not None else None


def _kingdom_table(
    event: models.Event, round_number: int, table_number: int
) -> tuple[models.Table, Kingdom]:
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
    from kolo.games.dominion.changes import changeable_kingdom

    kingdom = changeable_kingdom(stored_kingdom(table), round_number, closed=table.round.closed)
    return table, kingdom


def _draft_seed(table: models.Table) -> int:
    """The seed of a table's Colony/Shelters draw when its draft is first recorded: drawn from
    the round's seed and the table's number, so the same event paired from the same seeds
    draws the same (a round without a seed draws a fresh one)."""
    if table.round.seed is None:
        return secrets.randbelow(2**31)
    return random.Random(f"{table.round.seed}/{table.number}/draft").randrange(2**31)


@atomic
def record_draft(
    actor: Actor, event: models.Event, round_number: int, table_number: int, picks: Sequence[str]
) -> models.Table:
    """Record the table's draft (six of the nine, in pick order); Colony and Shelters are
    then drawn from the ten (R-DOM-5, R-DOM-7), seeded by the round."""
    from kolo.games.dominion.cards import resolve as resolve_cards
    from kolo.games.dominion.draws import record_draft as draft

    event = lock_event(event)
    table, kingdom = _kingdom_table(event, round_number, table_number)
    before = dict(table.setup)
    seed = kingdom.seed if kingdom.seed is not None else _draft_seed(table)
    drafted = draft(kingdom, resolve_cards(picks), random.Random(seed), round_number == 1)
    table.setup = replace(drafted, seed=seed).document()
    table.save(update_fields=["setup"])
    write_audit(
        event,
        actor,
        "kingdom.draft",
        f"round {round_number} table {table_number}: draft recorded",
        before=before,
        after=table.setup,
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
    from kolo.games.dominion.changes import kingdom_by_hand

    event = lock_event(event)
    table, kingdom = _kingdom_table(event, round_number, table_number)
    chosen = resolve_cards(cards)
    before = dict(table.setup)
    table.setup = kingdom_by_hand(kingdom, round_number, chosen, colony, shelters).document()
    table.save(update_fields=["setup"])
    write_audit(
        event,
        actor,
        "kingdom.set",
        f"round {round_number} table {table_number}: kingdom recorded by hand",
        before=before,
        after=table.setup,
    )
    return table
