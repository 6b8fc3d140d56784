"""The cuts over intervals of point levels as the pricing sees them: what they add to the
reduced cost of a table, from its players' levels alone (``LevelCuts``), and the levels of a
table read as one number (``level_codes``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from kolo.pairing.instance import IntArray

FloatArray = npt.NDArray[np.float64]
Digits = npt.NDArray[np.integer[Any]]
"""Levels + 1 (0: an empty place), a row a table."""


@dataclass(frozen=True)
class LevelCuts:
    """Cuts Σ_T ⌊multiplier·|T ∩ S|/divisor⌋·x_T ≤ rhs over the players S with levels
    low..high, one entry per cut, and their duals in the relaxation."""

    low: IntArray
    high: IntArray
    multiplier: IntArray
    divisor: IntArray
    duals: FloatArray
    dense: dict[tuple[int, int], FloatArray] = field(
        default_factory=dict, init=False, compare=False, repr=False
    )
    """The terms of every code (``table``), by top and width, kept once computed."""

    def terms(self, levels: IntArray) -> FloatArray:
        """``Pricing.cut_terms``: each row of levels is read as a code (``level_codes``)."""
        width = levels.shape[1]
        top = int(max(levels.max(initial=0), 0)) + 2
        codes = level_codes(levels, top)
        if top**width <= DENSE_CODES:
            # few levels (up to 37 in fours; at 128 players past 20 by the fifth round):
            # every code's terms, then a lookup. Sorting millions of codes to find the
            # distinct ones had taken a fifth of a pricing pass
            return self.table(top, width)[codes]
        unique, inverse = np.unique(codes, return_inverse=True)
        return self._of_codes(unique, top, width)[inverse.ravel()]

    def table(self, top: int, width: int) -> FloatArray:
        """The terms of every code below top**width: computed once for each multiset of
        levels (a table's terms do not depend on its players' order), then spread over
        the codes (``_multisets``)."""
        if (top, width) not in self.dense:
            digits, canonical = _multisets(top, width)
            self.dense[(top, width)] = self._of_digits(digits, top)[canonical]
        return self.dense[(top, width)]

    def _of_codes(self, codes: IntArray, top: int, width: int) -> FloatArray:
        """The terms of tables whose levels have these codes."""
        return self._of_digits(_digits(codes, top, width), top)

    def _of_digits(self, digits: Digits, top: int) -> FloatArray:
        """−Σ dual·⌊multiplier·inside/divisor⌋ for tables whose levels + 1 are these digits
        (a row a table), ``CUT_CHUNK`` cuts at a time (memory: tables × CUT_CHUNK)."""
        active = np.flatnonzero(self.duals < 0)  # the others add nothing
        level = np.arange(top)[:, None] - 1  # digit d: level d − 1 (0: an empty place)
        terms: FloatArray = np.zeros(len(digits))
        for first in range(0, len(active), CUT_CHUNK):
            part = active[first : first + CUT_CHUNK]
            member = (level >= self.low[part]) & (level <= self.high[part])  # top × cuts
            inside = np.zeros((len(digits), len(part)), dtype=np.int8)
            for column in range(digits.shape[1]):
                inside += member[digits[:, column]]
            coefficients = (self.multiplier[part] * inside) // self.divisor[part]
            terms -= coefficients.astype(np.float64) @ self.duals[part]
        return terms


@lru_cache(maxsize=8)
def _multisets(top: int, width: int) -> tuple[Digits, npt.NDArray[np.int32]]:
    """The multisets of ``width`` digits below ``top`` (a row each, sorted) and, for every
    code below top**width, its multiset's row: 8,855 rows for the 160,000 codes of 20 digits
    in four places."""
    digits = _digits(np.arange(top**width, dtype=np.int64), top, width, small=True)
    digits.sort(axis=1)
    keys = np.zeros(len(digits), dtype=np.int64)
    for column in range(width):
        keys = keys * top + digits[:, column]
    del digits
    unique, canonical = np.unique(keys, return_inverse=True)
    rows, lookup = _digits(unique, top, width), canonical.reshape(-1).astype(np.int32)
    rows.setflags(write=False)  # kept for the process: never written
    lookup.setflags(write=False)
    return rows, lookup


def _digits(codes: IntArray, top: int, width: int, *, small: bool = False) -> Digits:
    """The codes' digits (level + 1 a place: ``level_codes``), a row a code; ``small``: a
    byte a digit where it fits (the lookup over every code: 8 MB, not 67)."""
    digits = np.empty((len(codes), width), dtype=np.uint8 if small and top <= 256 else np.intp)
    rest = codes.copy()
    for column in reversed(range(width)):
        digits[:, column] = rest % top
        rest //= top
    return digits


def level_codes(levels: IntArray, top: int) -> IntArray:
    """Every row of levels (-1: an empty place) as one number: the digits level + 1 in base
    ``top`` (more than the highest level + 1)."""
    codes = np.zeros(len(levels), dtype=np.int64)
    for column in range(levels.shape[1]):
        codes = codes * top + (levels[:, column] + 1)
    return codes


CUT_CHUNK = 16
"""Cuts whose terms are computed at once."""


DENSE_CODES = 1 << 21
"""Codes of levels (one digit a place) up to which the cuts' terms are computed for every
code and looked up, instead of for the distinct codes of the tables at hand: tables of four
up to 37 levels (101,270 multisets of levels). The lookup from the codes to the multisets
(8 MB at most) is kept for the process, the terms of every code (16 MB at most) for a
pricing pass. Before docs/benchmarks.md's "2026-11-26, seventh" the terms were computed
code by code, up to 2¹⁸ codes: at 128 players in fours from 22 levels on the distinct codes
were sorted instead, 0.9 s for 2 million tables at 23 levels where the lookup takes
0.04 s."""
