"""Serving the web app: `pincite serve` (`serve`, `Server`) runs the app of pincite.web.app
under uvicorn, one worker, on a socket bound before the library opens, and writes
`<data>/server.json` once it listens (the CLI finds the server there, pincite.web.client).

The parts of the app live in their own modules: app (the factory and its routes table),
routes/ (one module per resource), schemas (the JSON shapes), state (the Library and its
one thread, the documents snapshot), uploads (receiving and ingesting files) and sessions
(a browser session's LLM settings). Their public names used by the CLI and the tests are
re-exported here (`create_app`, `WebState`, `safe_file_name`, ...).
"""
from __future__ import annotations

import logging
import socket
from pathlib import Path

import uvicorn

from ..config import Settings
from ..errors import ConfigError
from ..urls import is_loopback_host
from . import client
from .app import STATIC_DIR, create_app
from .guard import allowed_names
from .routes.pages import content_disposition
from .state import WebState
from .uploads import safe_file_name, upload_source

__all__ = ["STATIC_DIR", "Server", "WebState", "check_host", "content_disposition", "create_app",
           "safe_file_name", "serve", "upload_source"]

log = logging.getLogger("uvicorn.error")


def check_host(host: str, token: str | None) -> None:
    """ConfigError when `host` is not loopback and there is no token."""
    if not token and not is_loopback_host(host):
        raise ConfigError(
            f"refusing to listen on {host} without a token: set PINCITE_TOKEN to serve other "
            "machines, or use --host 127.0.0.1")


def _url(host: str, port: int) -> str:
    h = host.strip("[]")
    if h in ("", "0.0.0.0"):
        h = "127.0.0.1"
    elif h == "::":
        h = "::1"
    return f"http://[{h}]:{port}" if ":" in h else f"http://{h}:{port}"


def _bind(host: str, port: int) -> socket.socket:
    try:
        family, kind, proto, _, addr = socket.getaddrinfo(
            host.strip("[]"), port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[0]
        sock = socket.socket(family, kind, proto)
    except OSError as e:
        raise ConfigError(f"cannot listen on {host}:{port}: {e.strerror or e}") from None
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(addr)
    except OSError as e:
        sock.close()
        raise ConfigError(f"cannot listen on {host}:{port}: {e.strerror or e} "
                          "(another server there? choose another --port)") from None
    return sock


class _Uvicorn(uvicorn.Server):
    """uvicorn.Server that writes <data>/server.json once it listens and removes it when it
    stops."""

    def __init__(self, config: uvicorn.Config, data_dir: Path, url: str, key: str):
        super().__init__(config)
        self.data_dir, self.url, self.key = data_dir, url, key

    async def startup(self, sockets=None) -> None:
        await super().startup(sockets=sockets)
        if self.started:
            client.write_server_file(self.data_dir, self.url, key=self.key)
            log.info("pincite serving %s at %s", self.data_dir, self.url)

    async def shutdown(self, sockets=None) -> None:
        client.remove_server_file(self.data_dir)
        await super().shutdown(sockets=sockets)


class Server:
    """A bound (not yet running) pincite server: checks the host, listens on host:port
    (port 0 = any free one), opens the library. `run()` serves until stopped; `stop()` asks
    it to stop (from another thread). `url` is where it is reached."""

    def __init__(self, host: str = "127.0.0.1", port: int = 8000, settings: Settings | None = None,
                 token: str | None = None, *, log_level: str = "info"):
        check_host(host, token)
        self.settings = settings or Settings()
        self.sock = _bind(host, port)
        try:
            self.app = create_app(self.settings, token=token, hosts=allowed_names(host))
        except BaseException:
            self.sock.close()
            raise
        self.url = _url(host, self.sock.getsockname()[1])
        config = uvicorn.Config(self.app, workers=1, log_level=log_level, lifespan="on",
                                timeout_graceful_shutdown=10)
        self._server = _Uvicorn(config, Path(self.settings.data_dir), self.url, self.app.state.identity_key)

    @property
    def started(self) -> bool:
        """Whether uvicorn has started serving."""
        return self._server.started

    def run(self) -> None:
        """Serve until stopped (the embedder loads meanwhile); then remove server.json,
        close the app's state and the socket."""
        try:
            self.app.state.pincite.submit(self.app.state.pincite.warm)
            self._server.run(sockets=[self.sock])
        finally:
            client.remove_server_file(self.settings.data_dir)
            self.app.state.pincite.close()
            self.sock.close()

    def stop(self) -> None:
        """Ask the server to stop (from another thread); `run` returns once it has."""
        self._server.should_exit = True


def serve(host: str = "127.0.0.1", port: int = 8000, settings: Settings | None = None,
          token: str | None = None) -> None:
    """Run the server until interrupted (uvicorn, one worker). ConfigError for a
    non-loopback host without a token or an address that cannot be bound; IndexBusy when
    another process holds the library's index."""
    Server(host, port, settings, token).run()
