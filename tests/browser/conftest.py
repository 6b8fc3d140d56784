"""The real-browser suite: Playwright driving Debian's Chromium, headless, against the
application served by pytest-django's live server (SQLite, and in CI PostgreSQL too)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("KOLO_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
SCREENSHOTS = Path(__file__).resolve().parent.parent.parent / "docs" / "screenshots"

# Playwright's synchronous API keeps an event loop running in the test's thread; the ORM
# calls the tests make between browser steps are still synchronous.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if not Path(CHROMIUM).exists():
        if os.environ.get("KOLO_REQUIRE_BROWSER"):
            pytest.fail(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
        pytest.skip("no Chromium here (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=CHROMIUM,
            headless=True,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
            ],
        )
        yield launched
        launched.close()


@pytest.fixture
def screenshots(tmp_path: Path) -> Path:
    """Where the browser tests save their pictures: a temporary folder, so the suite leaves the
    clone as it found it; `scripts/screenshots` sets KOLO_SCREENSHOTS to refresh the docs'."""
    if not os.environ.get("KOLO_SCREENSHOTS"):
        return tmp_path
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS


@pytest.fixture(autouse=True)
def close_pages(request: pytest.FixtureRequest) -> Iterator[None]:
    """Close every page a browser test opened: the live server outlives the test, and a page
    left polling it would make requests after the test's database access has ended."""
    yield
    if "browser" in request.fixturenames:
        launched = request.getfixturevalue("browser")
        for context in list(launched.contexts):
            context.close()
