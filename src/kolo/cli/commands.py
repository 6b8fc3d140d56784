"""The one place that registers every command with the application (``kolo.cli.app``).

Importing a command module registers its commands. ``kolo --help`` lists them in the groups
of ``kolo.cli.helptext.PANELS`` (a new command goes in one of them: a test checks).
No command module imports another command module or this one, so there is no circle.
"""

# the order of registration (``kolo --help`` lists the commands by ``helptext.PANELS``)
# isort: off
from kolo.cli import files  # noqa: F401 - importing a module registers its commands
from kolo.cli import result  # noqa: F401
from kolo.cli import sheet  # noqa: F401
from kolo.cli import records  # noqa: F401
from kolo.cli import event  # noqa: F401
from kolo.cli import entrant  # noqa: F401
from kolo.cli import rounds  # noqa: F401
from kolo.cli import demo  # noqa: F401
from kolo.cli import simulate  # noqa: F401
from kolo.cli import dominion  # noqa: F401
from kolo.cli import dominion_game  # noqa: F401
from kolo.cli import domino  # noqa: F401
from kolo.cli import carcassonne  # noqa: F401
from kolo.cli import series  # noqa: F401
from kolo.cli import serve  # noqa: F401
# isort: on
