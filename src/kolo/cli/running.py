"""What every simulating command shares (``kolo simulate`` and each game's ``simulate``): the
``--seed`` and ``--workers`` options, and the run itself with a progress bar on stderr
(``kolo.runner`` plays it)."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Annotated, TypeVar

import typer

from kolo.cli.output import progress
from kolo.i18n import _

T = TypeVar("T")

SeedOption = Annotated[int, typer.Option("--seed", help=_("Seed of the whole run."))]
WorkersOption = Annotated[
    int, typer.Option("--workers", min=0, max=256, help=_("Processes to use (0: every core)."))
]


def simulating(
    total: int, label: str, workers: int, run: Callable[[int, Callable[[int], None]], T]
) -> T:
    """``run(workers, progress)``: ``workers`` 0 is every core of this machine; the progress
    bar (of ``total`` items, labelled ``label``) shows while it runs, and goes when it ends,
    however it ends."""
    update, close = progress(total, label)
    try:
        return run(workers or os.cpu_count() or 1, update)
    finally:
        close()
