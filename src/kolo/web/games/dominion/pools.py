"""The desk's Dominion card pools: the list, a pool's cards edited."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from kolo.core.problems import N_, InvalidInput
from kolo.store import kingdoms, models
from kolo.web import present
from kolo.web.views.deskbase import actor_of, attempt


def _pool_rows() -> list[dict[str, Any]]:
    from kolo.games.dominion import CHAMPIONSHIP
    from kolo.games.dominion.pools import championship

    built_in = championship()
    rows = [
        {
            "name": CHAMPIONSHIP,
            "title": built_in.title,
            "count": len(built_in.all_cards()),
            "built_in": True,
        }
    ]
    for row in models.CardPool.objects.all():
        rows.append(
            {
                "name": row.name,
                "title": row.title,
                "count": sum(len(c) for c in row.cards.values()),
                "built_in": False,
            }
        )
    return rows


def _pool_text(cards: dict[str, list[str]] | Any, language: str) -> str:
    """A pool as the edit box shows it: one set per line, ``set: card, card, …``."""
    from kolo.games.dominion.cards import load

    data = load()
    return "\n".join(
        f"{set_id}: " + ", ".join(data.card(c).name(language) for c in ids)
        for set_id, ids in cards.items()
    )


def _parse_pool(text: str) -> dict[str, list[str]]:
    """``set: card, card, …`` per line; card names in Czech or English."""
    from kolo.games.dominion.cards import resolve

    cards: dict[str, list[str]] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        set_id, colon, names = line.partition(":")
        if not colon:
            raise InvalidInput.one(
                N_("line {line}: write 'set: card, card, …'"), path="cards", line=number
            )
        listed = [n for n in names.split(",") if n.strip()]
        cards.setdefault(set_id.strip(), []).extend(resolve(listed))
    return cards


@login_required
def pools(request: HttpRequest) -> HttpResponse:
    """Card pools: the built-in championship pool and the organisers' own."""
    from kolo.games.dominion.cards import load

    data = load()
    if request.method == "POST":
        name = request.POST.get("name", "").strip()
        text = request.POST.get("cards", "")

        def save() -> None:
            kingdoms.save_pool(
                actor_of(request),
                name,
                _parse_pool(text),
                title=request.POST.get("title", ""),
                user=request.user,
            )

        if attempt(request, save, _("pool {name} saved").format(name=name)):
            return redirect("desk-pool", name=name)
    sets = [(s, data.set_name(s, present.language())) for s in data.set_names]
    return render(
        request,
        "kolo/desk/pools.html",
        {
            "pools": _pool_rows(),
            "sets": sets,
            "name": request.POST.get("name", ""),
            "title": request.POST.get("title", ""),
            "cards": request.POST.get("cards", ""),
        },
    )


@login_required
def pool_edit(request: HttpRequest, name: str) -> HttpResponse:
    """One pool: its cards by set; organisers' pools can be edited here."""
    from kolo.games.dominion.cards import load

    data = load()
    if request.method == "POST":
        text = request.POST.get("cards", "")
        if attempt(
            request,
            lambda: kingdoms.save_pool(
                actor_of(request),
                name,
                _parse_pool(text),
                title=request.POST.get("title", ""),
                user=request.user,
            ),
            _("pool {name} saved").format(name=name),
        ):
            return redirect("desk-pool", name=name)
    try:
        pool = kingdoms.card_pool(name)
    except InvalidInput:
        raise Http404 from None
    language = present.language()
    from kolo.games.dominion import CHAMPIONSHIP
    from kolo.games.dominion.view import sorted_lines

    by_set = [
        (data.set_name(set_id, language), sorted_lines(ids, language))
        for set_id, ids in pool.cards.items()
    ]
    row = models.CardPool.objects.filter(name=name).first()
    return render(
        request,
        "kolo/desk/pool.html",
        {
            "pool": pool,
            "built_in": name == CHAMPIONSHIP,
            "owner": row.owner.get_username() if row is not None and row.owner else None,
            "may_change": row is not None and kingdoms.may_change_pool(request.user, row),
            "history": list(kingdoms.pool_history(name))[:20],
            "by_set": by_set,
            "count": len(pool.all_cards()),
            "text": request.POST.get("cards") or _pool_text(pool.cards, language),
            "sets": [(s, data.set_name(s, language)) for s in data.set_names],
        },
    )
