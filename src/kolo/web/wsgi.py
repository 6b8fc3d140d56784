"""The WSGI application (``kolo serve`` runs it with waitress)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "kolo.web.settings")
application = get_wsgi_application()
