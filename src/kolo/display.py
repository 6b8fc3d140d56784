"""Numbers, standings and aligned tables as people read them, in Czech or English."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from kolo.core.standings import Row


def decimal(value: Fraction | float, places: int, language: str) -> str:
    """``value`` rounded half-up to ``places`` decimals, with the language's decimal mark."""
    exact = Fraction(value)
    scaled = exact * 10**places
    rounded = (scaled.numerator * 2 + scaled.denominator) // (2 * scaled.denominator)
    sign = "-" if rounded < 0 else ""
    whole, part = divmod(abs(rounded), 10**places)
    text = f"{sign}{whole}" + (f".{part:0{places}d}" if places else "")
    return text.replace(".", ",") if language == "cs" else text


def points(value: Fraction, language: str) -> str:
    """Tournament points: whole numbers plain, halves with one decimal ("2,5" in Czech)."""
    if value.denominator == 1:
        return str(value.numerator)
    places = 1 if (value * 10).denominator == 1 else 2
    return decimal(value, places, language)


def percent(value: Fraction | None, language: str) -> str:
    """A share or success as a percentage with two decimals: "49,00 %" / "49.00%"."""
    if value is None:
        return "–"
    number = decimal(value * 100, 2, language)
    return f"{number} %" if language == "cs" else f"{number}%"


def whole(value: float, language: str) -> str:
    """A count with thousands grouped: "6 525" in Czech (a no-break space), "6,525" in English."""
    text = f"{round(value):,}"
    return text.replace(",", "\u00a0") if language == "cs" else text


def rate(value: float, places: int, language: str) -> str:
    """A rate from 0 to 1 as a percentage: "68,2 %" / "68.2%"."""
    number = decimal(Fraction(value).limit_denominator(10**9) * 100, places, language)
    return f"{number} %" if language == "cs" else f"{number}%"


def rank(row: Row) -> str:
    """The place, shared places as a range: "3." or "3.–4."."""
    return f"{row.rank}." if not row.shared else f"{row.rank}.–{row.rank_to}."


def table(headers: Sequence[str], rows: Iterable[Sequence[str]], right: Sequence[int] = ()) -> str:
    """Rows as aligned text columns; the columns in ``right`` are right-aligned."""
    rows = [list(r) for r in rows]
    widths = [max(len(str(c)) for c in column) for column in zip(headers, *rows, strict=False)]

    def line(cells: Sequence[str]) -> str:
        parts = [
            str(c).rjust(w) if i in right else str(c).ljust(w)
            for i, (c, w) in enumerate(zip(cells, widths, strict=False))
        ]
        return "  ".join(parts).rstrip()

    return "\n".join([line(headers), *(line(r) for r in rows)])
