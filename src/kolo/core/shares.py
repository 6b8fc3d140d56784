"""Shares of the table's game points and the success figure (RULES.md §3.2: R-PCT-1..6).

All arithmetic is exact (``Fraction``); floats appear only at the edges (principle 5).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction

from kolo.core.event import EntrantId


def table_shares(
    scores: Mapping[EntrantId, int],
    normal_size: int,
    *,
    negative_as_zero: bool = True,
    scale_smaller: bool = True,
) -> dict[EntrantId, Fraction]:
    """Every player's share of the game points at the table.

    A share is own points / the table's sum (R-PCT-1). With ``negative_as_zero`` a negative
    score counts as 0, and when the whole table scored 0 everyone gets an equal share
    (R-PCT-6). A table smaller than ``normal_size`` is scaled as if the missing players had
    scored the table's average: the share times ``size / normal_size`` — x 2/3 for a
    table of two where three is normal (R-PCT-3), x 3/4 for a table of three where four is
    (R-PCT-4). A table larger than normal (the remainder seated at larger tables,
    R-DOMINO-10) is scaled the same way, x 5/4 at a table of five: a share means the same at
    every table.
    """
    size = len(scores)
    counted = {p: max(s, 0) if negative_as_zero else s for p, s in scores.items()}
    total = sum(counted.values())
    if total <= 0:
        shares = {p: Fraction(1, size) for p in counted}
    else:
        shares = {p: Fraction(s, total) for p, s in counted.items()}
    if scale_smaller and size != normal_size:
        factor = Fraction(size, normal_size)
        shares = {p: share * factor for p, share in shares.items()}
    return shares


def mean_share(shares: Iterable[Fraction]) -> Fraction:
    """Overall success: the arithmetic mean of the shares (R-PCT-2); 0 with no games."""
    values = list(shares)
    return sum(values, Fraction(0)) / len(values) if values else Fraction(0)


def sum_share(shares: Iterable[Fraction]) -> Fraction:
    """The NBGL tie-break: the sum of the shares (R-PCT-5)."""
    return sum(shares, Fraction(0))
