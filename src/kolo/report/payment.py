"""Entry fees the Czech way: a QR Platba code (the Czech banks' Short Payment Descriptor,
"SPD*1.0*ACC:…*AM:…*CC:CZK*X-VS:…*MSG:…") for a registration, with its number as the
variable symbol. The organiser gives the account as an IBAN or as a Czech account number
(``[prefix-]number/bank``, converted to the IBAN the descriptor needs); the amount is read
from the fee's text where it holds one number ("200 Kč", "150,50 CZK"), else left for the
player to type. Pure: the web draws the code (``web/views/registration.py``), the store
checks an organiser's account with :func:`iban`."""

from __future__ import annotations

import re
import unicodedata

_CZECH = re.compile(r"^(?:(\d{1,6})-)?(\d{2,10})/(\d{4})$")
_IBAN = re.compile(r"^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$")
_AMOUNT = re.compile(r"(\d{1,7})(?:[.,](\d{1,2}))?(?!\d)")


def _check_digits(country: str, bban: str) -> str:
    digits = "".join(str(int(c, 36)) for c in bban + country) + "00"
    return f"{98 - int(digits) % 97:02d}"


def iban(account: str) -> str | None:
    """The account as an IBAN (spaces removed), or None when it is neither an IBAN with
    valid check digits nor a Czech account number."""
    text = "".join(account.split()).upper()
    czech = _CZECH.match(text)
    if czech:
        prefix, number, bank = czech.group(1) or "", czech.group(2), czech.group(3)
        bban = bank + prefix.zfill(6) + number.zfill(10)
        return "CZ" + _check_digits("CZ", bban) + bban
    if _IBAN.match(text) and _check_digits(text[:2], text[4:]) == text[2:4]:
        return text
    return None


def amount(fee: str) -> str | None:
    """The fee's one amount as SPD writes it ("200.00"), None when the text holds none or
    several numbers."""
    found = _AMOUNT.findall(fee)
    if len(found) != 1:
        return None
    whole, cents = found[0]
    return f"{int(whole)}.{(cents or '0').ljust(2, '0')}"


def _spd_text(text: str, limit: int) -> str:
    """A value as SPD carries it: no ``*``, ASCII letters (the banks' apps read them best)."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return " ".join(re.sub(r"[*\r\n]+", " ", plain).split())[:limit]


def descriptor(account: str, fee: str, number: int, message: str) -> str | None:
    """The QR Platba text for a registration's fee, None without a usable account."""
    to = iban(account)
    if to is None:
        return None
    parts = ["SPD", "1.0", f"ACC:{to}"]
    value = amount(fee)
    if value is not None:
        parts.append(f"AM:{value}")
    parts += ["CC:CZK", f"X-VS:{number}"]
    words = _spd_text(message, 60)
    if words:
        parts.append(f"MSG:{words}")
    return "*".join(parts)
