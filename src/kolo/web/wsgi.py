"""The WSGI application (``kolo serve`` runs it with waitress; a process server such as
gunicorn imports it in each of its processes).

Imported on its own (not from ``kolo serve``, which has done it already), it makes the store
ready as ``kolo serve`` does: created and migrated on first use, and the first organiser
created — however many processes start together, one migrates and one creates the
organiser, and only that one prints the login (on the error stream, the server's log).
"""

import os
import sys

from django.core.wsgi import get_wsgi_application

from kolo.core.problems import InvalidInput
from kolo.i18n import _
from kolo.web import bootstrap

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "kolo.web.settings")
if not bootstrap.prepared:
    try:
        bootstrap.setup()
        created = bootstrap.first_organiser()
    except InvalidInput as error:  # one clear line each (a bad DATABASE_URL…), no traceback
        for problem in error.problems:
            print(f"kolo: {problem.path}: {problem.text(_)}", file=sys.stderr, flush=True)
        raise SystemExit(2) from None
    if created:
        print(
            _(
                "kolo: the first organiser is created — user {name}, password {password} "
                "(change it: kolo user password {name})"
            ).format(name=created[0], password=created[1]),
            file=sys.stderr,
            flush=True,
        )

application = get_wsgi_application()
