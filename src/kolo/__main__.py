"""``python -m kolo`` runs the command line."""

from kolo.cli import main

main()
