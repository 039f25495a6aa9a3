"""Test helper for the browser tests (``from browser import ...``): a live pincite server in a
thread and Debian's chromium driven by Playwright.

The browser is the system's ``/usr/bin/chromium`` (Debian package ``chromium``; env
``PINCITE_CHROMIUM`` names another binary): Playwright's own browser download is never used.
When chromium, Playwright or the web server's packages are missing the tests skip with the
reason, unless ``PINCITE_REQUIRE_BROWSER=1`` (set in CI), which makes it a failure.
"""
from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest

CHROMIUM_PATH = os.environ.get("PINCITE_CHROMIUM", "/usr/bin/chromium")
#: No sandbox (containers run as root), no GPU, and every background connection off: the
#: test browser talks to 127.0.0.1 only.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
REQUIRE_ENV = "PINCITE_REQUIRE_BROWSER"


def unavailable(reason: str):
    """Skip (or fail, with PINCITE_REQUIRE_BROWSER=1) because something the test needs is missing."""
    if os.environ.get(REQUIRE_ENV) == "1":
        pytest.fail(f"{reason}; {REQUIRE_ENV}=1 requires the browser test to run")
    pytest.skip(f"{reason}; set {REQUIRE_ENV}=1 to make this a failure")


def require_browser():
    """The ``playwright.sync_api.sync_playwright`` factory, after checking chromium exists."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        unavailable("Playwright is not installed (pip install playwright; no `playwright install` needed)")
    if not (Path(CHROMIUM_PATH).is_file() and os.access(CHROMIUM_PATH, os.X_OK)):
        unavailable(f"chromium not found at {CHROMIUM_PATH} (Debian: apt-get install chromium)")
    return sync_playwright


def launch_chromium(playwright, user_data_dir: Path, **options):
    """A headless chromium context with a fresh profile in ``user_data_dir`` (empty folder)."""
    return playwright.chromium.launch_persistent_context(
        str(user_data_dir),
        executable_path=CHROMIUM_PATH,
        headless=True,
        args=CHROMIUM_ARGS,
        accept_downloads=True,
        **options,
    )


class RequestLog:
    """ASGI middleware that records ``(method, path)`` of every HTTP request the app receives,
    so a test can count what reached the server (e.g. no POST /api/ask while turning pages,
    one page image per click with the browser cache off)."""

    def __init__(self, app):
        self.app = app
        self.requests: list[tuple[str, str]] = []

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http":
            self.requests.append((scope["method"], scope["path"]))
        await self.app(scope, receive, send)

    def count(self, method: str, path: str) -> int:
        return sum(1 for m, p in self.requests if m == method and p == path)


class LiveServer:
    """An ASGI app served by uvicorn on 127.0.0.1 (a free port) in a daemon thread.

    ``with LiveServer(app) as server: server.url`` -- stops the server on exit.
    """

    def __init__(self, app, host: str = "127.0.0.1", start_timeout: float = 60.0):
        import uvicorn

        self.config = uvicorn.Config(app, host=host, port=0, log_level="warning", lifespan="on",
                                     access_log=False)
        self.server = uvicorn.Server(self.config)
        self.thread = threading.Thread(target=self.server.run, name="pincite-test-server", daemon=True)
        self.start_timeout = start_timeout
        self.url = ""

    def __enter__(self) -> "LiveServer":
        self.thread.start()
        deadline = time.monotonic() + self.start_timeout
        while not self.server.started:
            if not self.thread.is_alive():
                raise RuntimeError("the test server stopped while starting (see the log above)")
            if time.monotonic() > deadline:
                raise RuntimeError(f"the test server did not start within {self.start_timeout:.0f} s")
            time.sleep(0.05)
        sockets = [s for server in self.server.servers for s in server.sockets]
        host, port = sockets[0].getsockname()[:2]
        self.url = f"http://{host}:{port}"
        return self

    def __exit__(self, *exc) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=30)

