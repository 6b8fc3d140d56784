"""``makemessages`` that also collects ``N_()``: messages the pure core marks for translation
without importing any translation machinery."""

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    xgettext_options = [*makemessages.Command.xgettext_options, "--keyword=N_"]  # noqa: RUF012
