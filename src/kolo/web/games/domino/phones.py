"""A domino table's score sheet on the players' phones (R-DOMINO-10): a hand written by a
player at the table, or the last one taken back."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest
from django.utils.translation import gettext as _

from kolo.core.problems import N_, InvalidInput
from kolo.store import api as store
from kolo.store import models
from kolo.web.inputs import shown, whole_number


def phone_action(
    action: str,
    request: HttpRequest,
    event: models.Event,
    table: models.Table,
    seats: Any,
    player: str,
    actor: store.Actor,
) -> None:
    """``hand``: a hand written on the table's sheet; ``undo``: its last hand taken back."""
    if action == "hand":
        if player not in dict(seats):
            raise InvalidInput.one(N_("choose who you are at this table"), path="player")
        out = request.POST.get("out", "")
        if not out:
            raise InvalidInput.one(N_("say who went out, or that the hand was blocked"), path="out")
        pips: dict[str, int] = {}
        for c, name in seats:
            raw = request.POST.get(f"pips_{c}", "").strip()
            value = whole_number(raw)
            if value is None:
                raise InvalidInput.one(
                    N_("'{value}' for {player} is not a whole number"),
                    value=shown(raw),
                    player=name,
                )
            pips[c] = value
        written = store.write_hand(
            actor,
            event,
            table.round.number,
            table.number,
            None if out == "blocked" else out,
            pips,
            expected_hands=whole_number(request.POST.get("hands", "")),
            reporter=player,
        )
        if written.over:
            messages.success(request, _("the game is over; the others at the table now confirm it"))
        else:
            messages.success(request, _("hand written"))
    else:  # undo
        if player not in dict(seats):
            raise InvalidInput.one(N_("choose who you are at this table"), path="player")
        seen = whole_number(request.POST.get("hands", ""))
        if seen is None:
            raise InvalidInput.one(N_("say which hand to take back"), path="hands")
        store.take_back_hand(actor, event, table.round.number, table.number, hand=seen)
        messages.success(request, _("hand {hand} is taken back").format(hand=seen))
