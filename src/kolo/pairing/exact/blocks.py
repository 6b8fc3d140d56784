"""Blocks of the tableau's coefficients (``exact.tableau``): whole numbers, kept exactly in
the narrowest type that holds them, and sums over a table's members."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from kolo.pairing.exact.select import FloatArray
from kolo.pairing.pool import Pool

EXACT_SINGLE = 2**24
"""Integers below this are exact in single precision: a block of coefficients (all
integers) below it is kept in single precision, half the memory; products are always
taken in double precision, so every sum stays exact."""


def add_members(products: FloatArray, multipliers: FloatArray, tables: Pool) -> None:
    """products (tables × cuts) += every table's members' multipliers (players × cuts)."""
    by_player = np.vstack([multipliers, np.zeros((1, multipliers.shape[1]))])  # -1: empty
    for column in tables.columns:
        products += np.take(by_player, column, axis=0)


def narrow(block: FloatArray) -> npt.NDArray[Any]:
    """Whole numbers in the narrowest type that holds them exactly."""
    if block.size == 0:
        return block.astype(np.int8)
    low, high = float(block.min()), float(block.max())
    for kind in (np.int8, np.int16, np.int32):
        if np.iinfo(kind).min <= low and high <= np.iinfo(kind).max:
            return block.astype(kind)
    return block


def kept(block: FloatArray) -> npt.NDArray[np.floating[Any]]:
    """A block of coefficients as kept: in single precision where that is exact."""
    if block.size and float(np.abs(block).max()) >= EXACT_SINGLE:
        return block
    return block.astype(np.float32)
