"""The exact method: set partitioning over candidate tables, solved with HiGHS.

Every candidate table is a 0/1 column; every player's row says "seated exactly once";
count rows fix how many smaller tables (and byes) the round has. The linear relaxation is
strengthened by Chvátal–Gomory cuts of the players' rows:

* over intervals S of point levels: for a table size k and u = 1…k−1,
  Σ_T ⌊u·|T∩S|/k⌋·x_T ≤ ⌊u·|S|/k⌋. They encode that a score group whose size k does not
  divide must send players to mixed tables, which is exactly where the relaxation of this
  problem is weak; with them its bound meets the optimum on most fields we measured;
* {0, ½}-cuts over the players S shared along an odd cycle of fractional tables:
  Σ_T ⌊|T∩S|/2⌋·x_T ≤ (|S|−1)/2. They forbid the halves of tables the relaxation of
  tables of four otherwise combines across two score groups.

Violated cuts are added lazily, and tables enter by column generation when the pool is
large.

Chvátal–Gomory cuts read off the simplex tableau then raise the bound further
(``tableau.tableau_bound``): first over a fixed set of the tables of lowest reduced cost (any
pairing either lies among them or uses one further down, which costs at least its reduced
cost more), then over all tables, which join while the strengthened relaxation's duals
price them below zero.

The integer program then runs over the tables of lowest reduced cost, more of them each
time: a solution of cost z found there is optimal over all tables when z ≤ bound + the
reduced cost of the first table left out, because any pairing using that table or one
further down costs at least that much.

The method by concept: ``select`` (choosing tables by value), ``cuts``, ``model`` (HiGHS, the
master problem), ``search`` (branch and bound), ``tableau`` (Gomory cuts off the tableau),
``solve`` (the driver). What the engine uses is named here."""

from kolo.pairing.exact.model import Limit
from kolo.pairing.exact.search import main_optimal
from kolo.pairing.exact.solve import Prices, Result, lower_bounds, solve

__all__ = ["Limit", "Prices", "Result", "lower_bounds", "main_optimal", "solve"]
