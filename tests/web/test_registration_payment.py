"""Entry fees the Czech way: the QR Platba descriptor of a registration's fee."""

from __future__ import annotations

import pytest
from django.utils import timezone

from kolo.report import payment
from kolo.store import api as store
from kolo.store import models
from tests.web.conftest import ACTOR


def test_a_czech_account_number_becomes_its_iban():
    assert payment.iban("19-2000145399/0800") == "CZ6508000000192000145399"
    assert payment.iban("CZ65 0800 0000 1920 0014 5399") == "CZ6508000000192000145399"
    assert payment.iban("CZ66 0800 0000 1920 0014 5399") is None  # wrong check digits
    assert payment.iban("not an account") is None


def test_the_amount_is_read_from_the_fee_when_it_holds_one_number():
    assert payment.amount("200 Kč") == "200.00"
    assert payment.amount("150,5 CZK") == "150.50"
    assert payment.amount("zdarma") is None
    assert payment.amount("200 Kč, studenti 100 Kč") is None


def test_the_descriptor_carries_the_number_as_the_variable_symbol():
    text = payment.descriptor("19-2000145399/0800", "200 Kč", 7, "Brno jaro – Jana *Nováková*")
    assert text == (
        "SPD*1.0*ACC:CZ6508000000192000145399*AM:200.00*CC:CZK*X-VS:7*MSG:Brno jaro Jana Novakova"
    )
    assert payment.descriptor("nonsense", "200 Kč", 7, "x") is None


@pytest.mark.db
@pytest.mark.django_db
def test_the_private_page_shows_the_payment_code_until_paid(client):
    event = store.create_event(ACTOR, "Brno jaro", "dominion-cz")
    models.Event.objects.filter(pk=event.pk).update(
        published_at=timezone.now(), bank_account="19-2000145399/0800", fee="200 Kč"
    )
    event.refresh_from_db()
    row = store.register(ACTOR, event, "Ann")
    page = client.get(f"/r/{row.token}/").content.decode()
    assert "QR Platba" in page
    assert "<svg" in page
    store.mark_paid(ACTOR, event, row.number)
    assert "QR Platba" not in client.get(f"/r/{row.token}/").content.decode()
