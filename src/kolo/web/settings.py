"""Django settings of kolo. Secrets and the database come from the environment.

- ``KOLO_SECRET_KEY``: the signing key. A served instance (``DATABASE_URL`` set) must set
  it; on a laptop kolo keeps a random key in a file next to the SQLite store.
- ``KOLO_DEBUG=1``: Django's debug pages (never on a public server).
- ``KOLO_ALLOWED_HOSTS``: comma-separated host names (default: any, for the venue's LAN).
- ``KOLO_TIME_ZONE``: default Europe/Prague.
- ``KOLO_TRUSTED_PROXIES``: comma-separated addresses of reverse proxies whose
  ``X-Forwarded-For`` header names the client (the limits on logins, table codes and
  registrations count per client: ``kolo.web.limits``).
- ``KOLO_PUBLIC_URL``: the address players' phones reach kolo at (e.g.
  ``https://kolo.example.org``), printed on score slips and in their QR codes; by default
  the address the organiser's browser used, or the laptop's network address instead of
  ``localhost``.
- E-mail to registered players (optional): ``KOLO_EMAIL_HOST`` (the SMTP server; without it
  kolo sends no e-mail and a player's private page is their only link), ``KOLO_EMAIL_PORT``
  (default 587), ``KOLO_EMAIL_USER``, ``KOLO_EMAIL_PASSWORD``, ``KOLO_EMAIL_TLS`` (``1``,
  the default: STARTTLS; ``ssl``: TLS from the start; ``0``: none), ``KOLO_EMAIL_FROM`` (the
  sender, e.g. ``kolo <kolo@example.org>``).
- ``KOLO_FORGET_EMAILS_DAYS``: registrations' e-mail addresses are erased this many days
  after the event (default 30): when ``kolo serve`` starts and whenever an organiser opens
  an event's registrations at the desk.
- ``KOLO_CACHE_URL``: the cache the server processes share (rendered pages, events'
  versions): ``redis://host:port/0`` (Redis), ``database`` (the store's database),
  ``memory`` (each process its own). Unset: ``database`` on PostgreSQL, ``memory`` on
  SQLite. See ``kolo.web.sharedcache``.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured

from kolo.web.database import database_config, sqlite_path
from kolo.web.sharedcache import cache_config

PACKAGE_DIR = Path(__file__).resolve().parent.parent
WEB_DIR = Path(__file__).resolve().parent

DEBUG = os.environ.get("KOLO_DEBUG", "") == "1"


def _secret_key() -> str:
    configured = os.environ.get("KOLO_SECRET_KEY", "").strip()
    if configured.upper().startswith("CHANGE-ME"):
        raise ImproperlyConfigured(
            "KOLO_SECRET_KEY is still the example's placeholder: set a long random key "
            "(python3 -c 'import secrets; print(secrets.token_urlsafe(50))')"
        )
    if configured:
        return configured
    if os.environ.get("DATABASE_URL"):
        raise ImproperlyConfigured(
            "KOLO_SECRET_KEY must be set when kolo serves from PostgreSQL (DATABASE_URL)"
        )
    path = sqlite_path().parent / "secret.key"
    try:
        return path.read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        key = secrets.token_urlsafe(50)
        if path.parent.is_dir():  # never create the store's directory just for this
            from kolo.web.bootstrap import create_private

            try:
                if not create_private(path, key):  # another process made it meanwhile
                    return path.read_text(encoding="utf-8").strip()
            except OSError:
                pass  # a read-only place: this run's key signs this run's sessions
        return key


SECRET_KEY = _secret_key()
ALLOWED_HOSTS = os.environ.get("KOLO_ALLOWED_HOSTS", "*").split(",")
TRUSTED_PROXIES = [
    a.strip() for a in os.environ.get("KOLO_TRUSTED_PROXIES", "").split(",") if a.strip()
]
"""Reverse proxies whose ``X-Forwarded-For`` names the client (the limits)."""
PUBLIC_URL = os.environ.get("KOLO_PUBLIC_URL", "").strip()
"""Where phones reach kolo (score slips, QR codes); see ``kolo.web.publicurl``."""
# e-mail to registered players: only where an SMTP server is given
EMAIL_CONFIGURED = bool(os.environ.get("KOLO_EMAIL_HOST", "").strip())
"""Whether kolo e-mails registered players (their private link, status changes)."""
if EMAIL_CONFIGURED:
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_HOST = os.environ["KOLO_EMAIL_HOST"].strip()
    EMAIL_PORT = int(os.environ.get("KOLO_EMAIL_PORT", "587") or 587)
    EMAIL_HOST_USER = os.environ.get("KOLO_EMAIL_USER", "")
    EMAIL_HOST_PASSWORD = os.environ.get("KOLO_EMAIL_PASSWORD", "")
    _tls = os.environ.get("KOLO_EMAIL_TLS", "1").strip().lower()
    EMAIL_USE_SSL = _tls == "ssl"
    EMAIL_USE_TLS = _tls not in ("0", "ssl", "")
    EMAIL_TIMEOUT = 20
    DEFAULT_FROM_EMAIL = os.environ.get("KOLO_EMAIL_FROM", "").strip() or "kolo@localhost"
FORGET_EMAILS_DAYS = int(os.environ.get("KOLO_FORGET_EMAILS_DAYS", "30") or 30)
"""Registrations' e-mail addresses are erased this many days after the event."""
CSRF_TRUSTED_ORIGINS = [
    o for o in os.environ.get("KOLO_TRUSTED_ORIGINS", "").split(",") if o.strip()
]

INSTALLED_APPS = [
    "django.contrib.contenttypes",
    "django.contrib.auth",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "kolo.store.apps.StoreConfig",
    "kolo.web.apps.KoloConfig",
]

MIDDLEWARE = [
    "kolo.web.outage.DatabaseDownMiddleware",  # first: a 503 page when the store is away
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "kolo.web.urls"
TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        # each game's room keeps its own templates (web/games/<game>/templates/), found first
        "DIRS": sorted(str(d) for d in (WEB_DIR / "games").glob("*/templates")),
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    }
]
WSGI_APPLICATION = "kolo.web.wsgi.application"

DATABASES = {"default": database_config()}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
CACHES = {"default": cache_config(DATABASES["default"], os.environ.get("KOLO_CACHE_URL", ""))}

USE_TZ = True
TIME_ZONE = os.environ.get("KOLO_TIME_ZONE", "Europe/Prague")
USE_I18N = True
LANGUAGE_CODE = "en"
LANGUAGES = [("cs", "Čeština"), ("en", "English")]
LOCALE_PATHS = [PACKAGE_DIR / "locale"]

STATIC_URL = "/static/"
STATIC_ROOT = None
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = DEBUG

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "desk"
LOGOUT_REDIRECT_URL = "home"
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_SAMESITE = "Lax"
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
if not DEBUG and os.environ.get("KOLO_HTTPS", "") == "1":
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
