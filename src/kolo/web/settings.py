"""Django settings of kolo. Secrets and the database come from the environment."""

from __future__ import annotations

import os
from pathlib import Path

from kolo.web.database import database_config

PACKAGE_DIR = Path(__file__).resolve().parent.parent

DEBUG = os.environ.get("KOLO_DEBUG", "") == "1"
# A fixed key is fine for the laptop at the venue; a served instance sets KOLO_SECRET_KEY.
SECRET_KEY = os.environ.get("KOLO_SECRET_KEY", "kolo-local-only-not-a-secret")
ALLOWED_HOSTS = os.environ.get("KOLO_ALLOWED_HOSTS", "*").split(",")

INSTALLED_APPS = [
    "django.contrib.contenttypes",
    "django.contrib.auth",
    "kolo.web.apps.KoloConfig",
]

DATABASES = {"default": database_config()}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

USE_TZ = True
TIME_ZONE = os.environ.get("KOLO_TIME_ZONE", "Europe/Prague")
USE_I18N = True
LANGUAGE_CODE = "en"
LANGUAGES = [("cs", "Čeština"), ("en", "English")]
LOCALE_PATHS = [PACKAGE_DIR / "locale"]
