"""The one place that registers every command with the application (``kolo.cli.app``).

Importing a command module registers its commands; the games' own commands come in through
the CLI's registry of games, ``kolo.cli.games``. ``kolo --help`` lists them in the groups of
``kolo.cli.helptext.panels()`` (a new command goes in one of them, a game's where its room's
``Listing`` says: a test checks).
No command module imports another command module or this one (``kolo demo`` asks the
registry of games, which imports none of them), so there is no circle.
"""

# the order of registration (``kolo --help`` lists the commands by ``helptext.panels()``)
# isort: off
from kolo.cli import files  # noqa: F401 - importing a module registers its commands
from kolo.cli import result  # noqa: F401
from kolo.cli import export_import  # noqa: F401
from kolo.cli import event  # noqa: F401
from kolo.cli import entrant  # noqa: F401
from kolo.cli import rounds  # noqa: F401
from kolo.cli import demo  # noqa: F401
from kolo.cli import simulate  # noqa: F401
from kolo.cli import games  # noqa: F401 - the games' rooms, each registering its commands
from kolo.cli import series  # noqa: F401
from kolo.cli import serve  # noqa: F401
from kolo.cli import backup  # noqa: F401
# isort: on
