"""Brackets of two-sided matches after a Swiss stage: single and double elimination
(RULES.md R-DOMINO-11; a rule set with the ``playoff`` setting).

The top ``playoff_teams`` of the Swiss standings are seeded 1, 2, … into a bracket of the next
power of two; missing seats are byes for the best seeds. In single elimination a team is out
after one lost match. In double elimination a team is out after its second: the winners'
bracket loses into the losers' bracket, whose champion meets the winners' champion in the
grand final; with ``grand_final_reset`` a grand final won by the losers' champion (the
winners' champion's first loss) is played again.

Everything is computed from the results, like the standings: each playoff round's tables are
the bracket's matches whose two teams are known and that are not played yet; a table is found
back in the bracket by its two teams. Rounds of the bracket carry the stage ``playoff``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from kolo.core.event import PLAYOFF as PLAYOFF  # the stage of a bracket round, here too
from kolo.core.event import EntrantId, Event, Round
from kolo.core.problems import N_, Problem
from kolo.core.settings import Settings

Kind = Literal["seed", "winner", "loser"]


@dataclass(frozen=True)
class Source:
    """Where a match's side comes from: seed ``ref`` (1-based), or the winner or the loser of
    match ``ref`` (an index into the bracket's matches)."""

    kind: Kind
    ref: int


@dataclass(frozen=True)
class Match:
    """One match of the bracket."""

    id: str
    """``W2.1``: the winners' bracket (or the only one), round 2, match 1; ``L3.2`` the
    losers' bracket; ``GF`` the grand final, ``GF2`` its reset match."""
    a: Source
    b: Source

    @property
    def bracket(self) -> str:
        """``W``, ``L`` or ``GF``."""
        return "GF" if self.id.startswith("GF") else self.id[0]


def seed_order(size: int) -> list[int]:
    """The seeds in bracket order, so that 1 and 2 can meet only in the final:
    8 → 1, 8, 4, 5, 2, 7, 3, 6."""
    order = [1]
    while len(order) < size:
        n = 2 * len(order)
        order = [s for seed in order for s in (seed, n + 1 - seed)]
    return order


def bracket_size(teams: int) -> int:
    """The power of two the bracket has for ``teams`` (byes fill the rest)."""
    size = 1
    while size < teams:
        size *= 2
    return size


def build(teams: int, double: bool, reset: bool) -> tuple[Match, ...]:
    """The bracket's matches for ``teams`` seeds, in the order they can be played."""
    size = bracket_size(teams)
    matches: list[Match] = []

    def add(match_id: str, a: Source, b: Source) -> int:
        matches.append(Match(match_id, a, b))
        return len(matches) - 1

    order = seed_order(size)
    winners = [
        add(f"W1.{i + 1}", Source("seed", order[2 * i]), Source("seed", order[2 * i + 1]))
        for i in range(size // 2)
    ]
    rounds = [winners]
    r = 1
    while len(winners) > 1:
        r += 1
        winners = [
            add(
                f"W{r}.{i + 1}",
                Source("winner", winners[2 * i]),
                Source("winner", winners[2 * i + 1]),
            )
            for i in range(len(winners) // 2)
        ]
        rounds.append(winners)
    if not double:
        return tuple(matches)
    if size == 2:  # two teams: the loser of the first match has its second chance at once
        final = add("GF", Source("winner", 0), Source("loser", 0))
        if reset:
            add("GF2", Source("winner", final), Source("loser", final))
        return tuple(matches)
    first = rounds[0]
    losers = [
        add(f"L1.{i + 1}", Source("loser", first[2 * i]), Source("loser", first[2 * i + 1]))
        for i in range(len(first) // 2)
    ]
    number = 1
    for w_round in rounds[1:]:
        number += 1
        # the winners' bracket's losers drop in, in reverse order (fewer early rematches)
        dropping = list(reversed(w_round)) if number % 4 == 2 else list(w_round)
        losers = [
            add(f"L{number}.{i + 1}", Source("winner", lb), Source("loser", wb))
            for i, (lb, wb) in enumerate(zip(losers, dropping, strict=True))
        ]
        if len(losers) > 1:
            number += 1
            losers = [
                add(
                    f"L{number}.{i + 1}",
                    Source("winner", losers[2 * i]),
                    Source("winner", losers[2 * i + 1]),
                )
                for i in range(len(losers) // 2)
            ]
    final = add("GF", Source("winner", rounds[-1][0]), Source("winner", losers[0]))
    if reset:
        add("GF2", Source("winner", final), Source("loser", final))
    return tuple(matches)


@dataclass(frozen=True)
class State:
    """The bracket as the results leave it."""

    matches: tuple[Match, ...]
    seeds: tuple[EntrantId, ...]
    """The qualifiers, seed 1 first."""
    sides: tuple[tuple[EntrantId | None, EntrantId | None] | None, ...]
    """Each match's two teams once both are known (None for a bye's empty side); None while
    a side is still to be decided."""
    results: tuple[tuple[EntrantId | None, EntrantId | None] | None, ...]
    """Each match's (winner, loser) once decided (by a result, or a bye: loser None)."""
    played: tuple[tuple[int, int] | None, ...]
    """Where each match was played: (round number, table number); None if not played."""
    problems: tuple[Problem, ...] = ()
    """Tables of bracket rounds that are no match of the bracket."""

    def ready(self) -> list[int]:
        """The matches to play next: both teams known, not decided."""
        return [
            i
            for i, side in enumerate(self.sides)
            if side is not None and self.results[i] is None and None not in side
        ]

    @property
    def over(self) -> bool:
        """Whether the bracket has its champion."""
        return self.champion is not None

    def _index(self, match_id: str) -> int | None:
        return next((i for i, m in enumerate(self.matches) if m.id == match_id), None)

    @property
    def champion(self) -> EntrantId | None:
        """The bracket's winner, once decided."""
        final = self._index("GF")
        if final is None:
            last = self.results[-1]
            return last[0] if last is not None else None
        gf, side = self.results[final], self.sides[final]
        if gf is None or side is None:
            return None
        reset = self._index("GF2")
        if reset is None or gf[0] == side[0]:
            return gf[0]  # no reset match, or the winners' champion won the grand final
        again = self.results[reset]
        return again[0] if again is not None else None

    @property
    def double(self) -> bool:
        """Whether the bracket is double elimination."""
        return any(m.bracket != "W" for m in self.matches)

    def out_by(self) -> dict[EntrantId, int]:
        """Each team out of the bracket, with the match (its index) that put it out."""
        double = self.double
        reset = self._index("GF2") is not None
        out: dict[EntrantId, int] = {}
        for index, match in enumerate(self.matches):
            result, side = self.results[index], self.sides[index]
            if result is None or result[1] is None or side is None:
                continue
            loser = result[1]
            # the winners' champion's first loss, in a grand final with a reset, is not out
            first_loss = match.id == "GF" and loser == side[0] and reset
            if not double or (match.bracket != "W" and not first_loss):
                out[loser] = index
        return out

    def eliminated(self) -> dict[EntrantId, int]:
        """Each team out of the bracket, with the stage it went out in (a later stage is a
        larger number; teams out in the same stage share it)."""
        return {team: _stage(self.matches[i].id) for team, i in self.out_by().items()}

    def out_after(self, round_number: int) -> list[EntrantId]:
        """The teams a match played in round ``round_number`` put out of the bracket."""
        return [
            team
            for team, i in self.out_by().items()
            if (self.played[i] or (0, 0))[0] == round_number
        ]

    def round_name(self, index: int) -> tuple[str, dict[str, object]]:
        """The round of match ``index`` in words, as a template and its values: the winners'
        or the losers' round N, the grand final and its reset (double elimination); the
        bracket's round N, its last the final (single elimination)."""
        match_id = self.matches[index].id
        if match_id == "GF":
            return N_("grand final"), {}
        if match_id == "GF2":
            return N_("grand final, played again"), {}
        number = _stage(match_id)
        if not self.double:
            last = max(_stage(m.id) for m in self.matches)
            if number == last:
                return N_("final"), {}
            return N_("bracket round {number}"), {"number": number}
        if match_id.startswith("W"):
            return N_("winners' round {number}"), {"number": number}
        return N_("losers' round {number}"), {"number": number}

    def matches_in(self, round_number: int) -> dict[int, int]:
        """The matches played in round ``round_number``: table number → match index."""
        return {
            where[1]: i
            for i, where in enumerate(self.played)
            if where is not None and where[0] == round_number
        }

    def round_names(self, round_number: int) -> list[tuple[str, dict[str, object]]]:
        """The names of the bracket rounds whose matches round ``round_number`` plays
        (``round_name``), each once, in the order of its tables."""
        names: list[tuple[str, dict[str, object]]] = []
        for _table, index in sorted(self.matches_in(round_number).items()):
            name = self.round_name(index)
            if name not in names:
                names.append(name)
        return names

    def seed_of(self, team: EntrantId) -> int | None:
        """The team's seed (1 the best), None for a team not in the bracket."""
        return self.seeds.index(team) + 1 if team in self.seeds else None

    def places(self) -> dict[EntrantId, int]:
        """Each qualifier's place so far: 1 for the champion (or, before there is one, for
        every team still in), then the teams out, a later stage placing higher; teams out in
        the same stage share a place (R-DOMINO-11)."""
        out = self.eliminated()
        alive = [s for s in self.seeds if s not in out]
        result = dict.fromkeys(alive, 1)
        for team, stage in out.items():
            result[team] = 1 + len(alive) + sum(1 for st in out.values() if st > stage)
        return result


def _stage(match_id: str) -> int:
    """How far into the bracket a match lies, for places: the round's number, the grand
    final after every round."""
    if match_id.startswith("GF"):
        return 1_000
    return int(match_id[1:].split(".")[0])


def resolve(
    seeds: Sequence[EntrantId],
    matches: Sequence[Match],
    rounds: Sequence[Round],
    winner_of: Mapping[tuple[int, int], EntrantId | None],
    gone: Mapping[EntrantId, int] | None = None,
) -> State:
    """The bracket's state from the playoff ``rounds`` and each table's winner
    (``winner_of[(round, table)]``, None while the table has no result). A match still to
    play against a team that has dropped (``gone``: the round it dropped after) is a walkover
    from the round after: the other team goes on."""
    gone = gone or {}
    sides: list[tuple[EntrantId | None, EntrantId | None] | None] = [None] * len(matches)
    results: list[tuple[EntrantId | None, EntrantId | None] | None] = [None] * len(matches)
    played: list[tuple[int, int] | None] = [None] * len(matches)
    problems: list[Problem] = []

    def team(source: Source) -> tuple[bool, EntrantId | None]:
        if source.kind == "seed":
            return True, seeds[source.ref - 1] if source.ref <= len(seeds) else None
        result = results[source.ref]
        if result is None:
            return False, None
        return True, result[0] if source.kind == "winner" else result[1]

    def settle() -> None:
        changed = True
        while changed:
            changed = False
            for i, match in enumerate(matches):
                if results[i] is not None:
                    continue
                if sides[i] is None:
                    known_a, a = team(match.a)
                    known_b, b = team(match.b)
                    if not (known_a and known_b):
                        continue
                    if match.id == "GF2" and results[i - 1] is not None:
                        gf = results[i - 1]
                        if gf is not None and gf[0] == (sides[i - 1] or (None, None))[0]:
                            continue  # the winners' champion won: no reset match
                    sides[i] = (a, b)
                    changed = True
                side = sides[i]
                assert side is not None
                if None in side:  # a bye: the other side goes on
                    results[i] = (side[0] if side[0] is not None else side[1], None)
                    changed = True

    def walkovers(before_round: int) -> None:
        """Matches still to play against a team that dropped before ``before_round``."""
        out = {t for t, after in gone.items() if after < before_round}
        for _ in range(len(matches)):  # each walkover may make one more
            found = next(
                (
                    i
                    for i, side in enumerate(sides)
                    if side is not None
                    and results[i] is None
                    and played[i] is None
                    and any(t in out for t in side if t is not None)
                ),
                None,
            )
            if found is None:
                return
            side = sides[found]
            assert side is not None
            stays = [t for t in side if t is not None and t not in out]
            leaves = [t for t in side if t is not None and t in out]
            results[found] = (stays[0] if stays else None, leaves[0])
            settle()

    settle()
    for round_ in rounds:
        walkovers(round_.number)
        for table in round_.tables:
            pair = set(table.seats)
            found = next(
                (
                    i
                    for i, side in enumerate(sides)
                    if side is not None and results[i] is None and set(side) == pair
                ),
                None,
            )
            if found is None:
                problems.append(
                    Problem(
                        f"round {round_.number} table {table.number}",
                        N_("table {table} of round {round} is no match of the bracket"),
                        {"table": table.number, "round": round_.number},
                    )
                )
                continue
            played[found] = (round_.number, table.number)
            winner = winner_of.get((round_.number, table.number))
            if winner is not None:
                side = sides[found]
                assert side is not None
                results[found] = (winner, side[1] if side[0] == winner else side[0])
        settle()
    walkovers(len(rounds) + 10**6)
    return State(
        tuple(matches), tuple(seeds), tuple(sides), tuple(results), tuple(played), tuple(problems)
    )


def table_winner(
    games: Sequence[Mapping[EntrantId, int]], seats: Sequence[EntrantId], seeds: Sequence[EntrantId]
) -> EntrantId | None:
    """Who wins a bracket match played as ``games`` (each the two teams' scores; None while
    there is none): more games won, then more points over them; **[interpretation]** still
    equal (only possible when final scores are entered by hand), the better seed."""
    if not games:
        return None
    rank = {s: i for i, s in enumerate(seeds)}

    def key(team: EntrantId) -> tuple[int, int, int]:
        won = sum(
            1 for g in games if g[team] == max(g.values()) and list(g.values()).count(g[team]) == 1
        )
        return (won, sum(g[team] for g in games), -rank.get(team, len(rank)))

    return max(seats, key=key)


def playoff_rounds(event: Event) -> list[Round]:
    """The event's bracket rounds, in order."""
    return [r for r in event.rounds if r.stage == PLAYOFF]


def state_of(event: Event, seeds: Sequence[EntrantId], settings: Settings) -> State:
    """The bracket of ``event`` (settings ``playoff``, ``playoff_teams``,
    ``grand_final_reset``) seeded with ``seeds``, as its results leave it."""
    matches = build(len(seeds), settings.playoff == "double", settings.grand_final_reset)
    rounds = playoff_rounds(event)
    winners = {
        (r.number, t.number): table_winner([g.scores for g in t.games], t.seats, seeds)
        for r in rounds
        for t in r.tables
        if len(t.games) >= settings.games_per_table
    }
    gone = {
        e.id: e.dropped_after_round for e in event.entrants if e.dropped_after_round is not None
    }
    return resolve(seeds, matches, rounds, winners, gone)
