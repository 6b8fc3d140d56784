"""Which hard rule fails when no pairing obeys them all, and which relaxations work.

The exact method proves that no pairing obeys R-GORN-4 and R-GORN-6 together; that alone
does not say which to blame. The round is paired again with each relaxation the organiser
could choose (R-GORN-4, R-GORN-6, both): a rule that holds once the other is relaxed is
not the culprit on its own — the two together are. The relaxations that give a pairing are
offered with how often their pairing breaks the relaxed rules, the cheapest first, and a
relaxation that contains a working one is not offered (it is never needed).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from kolo.core.event import EntrantId
from kolo.core.problems import N_, NoValidPairing, Relaxation
from kolo.pairing.cost import repeats
from kolo.pairing.instance import Instance

RELAXABLE = ("R-GORN-4", "R-GORN-6")

Pair = Callable[[Sequence[str]], Sequence[Sequence[EntrantId]] | None]
"""Pairs the round with the given rules relaxed: its tables (a bye is a table of one), or
None where even that gives no pairing."""


def breaches(instance: Instance, tables: Sequence[Sequence[EntrantId]]) -> int:
    """How often a pairing breaks R-GORN-4 and R-GORN-6, judged on ``instance`` (built
    without relaxations): repeated threes and tables of two, plus players seated where the
    bottom rule does not allow them (smaller tables, byes)."""
    index = {player: i for i, player in enumerate(instance.players)}
    count = 0
    for seated in tables:
        table = [index[p] for p in seated]
        if len(table) == 1:
            count += 0 if instance.bye_ok[table[0]] else 1
            continue
        count += repeats(instance, table)
        allowed = instance.smaller_ok if len(table) < instance.normal_size else instance.full_ok
        count += sum(1 for p in table if not allowed[p])
    return count


def explain(
    instance: Instance,
    relaxed: Sequence[str],
    pair: Pair,
) -> NoValidPairing:
    """The error for a round no pairing can seat under the rules not in ``relaxed``:
    the failing rule or combination, and the working relaxations, the cheapest first."""
    open_rules = [rule for rule in RELAXABLE if rule not in relaxed]
    options: list[tuple[str, ...]] = [(rule,) for rule in open_rules]
    if len(open_rules) > 1:
        options.append(tuple(open_rules))
    found: list[tuple[int, int, tuple[str, ...]]] = []
    for option in options:
        if any(set(working) <= set(option) for _, _, working in found):
            continue  # a smaller relaxation already works
        tables = pair([*relaxed, *option])
        if tables is not None:
            found.append((breaches(instance, tables), len(option), option))
    found.sort()
    relaxations = tuple(Relaxation(option, count) for count, _, option in found)
    working = {option for _, _, option in found}
    without_repeats = ("R-GORN-4",) in working  # relaxing R-GORN-4 alone gives a pairing
    without_bottom = ("R-GORN-6",) in working
    if without_repeats and without_bottom:
        rule = "R-GORN-4 + R-GORN-6"
        message = N_(
            "each rule alone can be met, but no pairing meets both: every pairing that gives "
            "the smaller tables (or the bye) to the lowest placed seats again players who "
            "met at one table (three of them, or a table of two)"
        )
    elif without_bottom:
        rule = "R-GORN-6"
        message = N_("no pairing gives the smaller tables (or the bye) to the lowest placed")
    elif without_repeats or not relaxations:
        rule = "R-GORN-4"
        message = N_(
            "no pairing avoids seating again three players who met at one table "
            "(or repeating a table of two)"
        )
    else:
        rule = "R-GORN-4 + R-GORN-6"
        message = N_(
            "neither rule can be met: no pairing avoids seating again players who met at "
            "one table, and none gives the smaller tables (or the bye) to the lowest placed"
        )
    first = relaxations[0].rules[0] if relaxations and len(relaxations[0].rules) == 1 else None
    return NoValidPairing(rule, message, first, relaxations=relaxations)
