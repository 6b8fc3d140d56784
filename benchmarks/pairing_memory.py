"""Peak memory of pairing round 2 of a large field (docs/benchmarks.md, "Pairing memory").

``python benchmarks/pairing_memory.py write N FILE`` writes a dominion-cz event file of N
entrants after a random first round with simulated results; then
``/usr/bin/time -v kolo pair FILE --time-limit 10`` pairs round 2 and reports the peak
resident memory ("Maximum resident set size"). The file is built without the engine, so
writing it costs little memory whatever N is.
"""

from __future__ import annotations

import sys
from pathlib import Path

from kolo.eventfile.writer import dumps
from kolo.simulation import after_random_round


def main(argv: list[str]) -> int:
    if len(argv) != 3 or argv[0] != "write":
        print(__doc__, file=sys.stderr)
        return 2
    Path(argv[2]).write_text(dumps(after_random_round(int(argv[1]))), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
