"""A throwaway PostgreSQL cluster for the tests of the PostgreSQL catalog.

`PgServer.start()` runs `initdb` into a temporary folder and `pg_ctl start` on a free TCP
port of 127.0.0.1 (its unix socket in the same folder), and `stop()` removes it all.
PostgreSQL refuses to run as root, so when the tests run as root (CI containers) the
cluster belongs to the `postgres` OS user (created by Debian's `postgresql` package) and
its commands run through `runuser`. Local socket connections are trusted (to set the
password); TCP connections need the password (scram-sha-256), so the tests connect the
way a deployment does.
"""
from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

#: Where the server binaries may be, after PATH: Debian's versioned folders (newest first).
PG_BIN_DIRS = ("/usr/local/bin",) + tuple(sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True))
PASSWORD = "t3st-s3cret-pw"


def find_bin_dir() -> Path | None:
    """The folder holding `initdb`, `pg_ctl` and `postgres`, or None when not installed."""
    found = shutil.which("initdb")
    dirs = ([str(Path(found).parent)] if found else []) + list(PG_BIN_DIRS)
    for d in dirs:
        if all((Path(d) / b).exists() for b in ("initdb", "pg_ctl", "postgres")):
            return Path(d)
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class PgServer:
    """One PostgreSQL cluster in a temporary folder; `url` connects as superuser `postgres`."""

    def __init__(self, bin_dir: Path):
        self.bin = bin_dir
        self.root = Path(tempfile.mkdtemp(prefix="pincite-pg-"))
        self.data = self.root / "data"
        self.port = _free_port()
        self.as_user = "postgres" if os.geteuid() == 0 else None

    @property
    def url(self) -> str:
        return f"postgresql://postgres:{PASSWORD}@127.0.0.1:{self.port}/postgres"

    def url_for(self, dbname: str) -> str:
        return f"postgresql://postgres:{PASSWORD}@127.0.0.1:{self.port}/{dbname}"

    def _run(self, *args: str) -> None:
        cmd = list(args)
        if self.as_user:
            cmd = ["runuser", "-u", self.as_user, "--"] + cmd
        subprocess.run(cmd, check=True, capture_output=True, timeout=120)

    def start(self) -> "PgServer":
        if self.as_user:
            pw = pwd.getpwnam(self.as_user)  # KeyError: no postgres user
            os.chmod(self.root, 0o755)
            os.chown(self.root, pw.pw_uid, pw.pw_gid)
        self._run(str(self.bin / "initdb"), "-D", str(self.data), "-U", "postgres", "-E", "UTF8",
                  "--no-locale", "--auth-local=trust", "--auth-host=scram-sha-256", "--no-sync")
        opts = (f"-c port={self.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories={self.root} "
                "-c fsync=off -c max_connections=200 -c shared_buffers=32MB")
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-l", str(self.root / "log"), "-w",
                  "-t", "60", "-o", opts, "start")
        self._socket_sql(f"ALTER USER postgres PASSWORD '{PASSWORD}'")
        return self

    def _socket_sql(self, sql: str) -> None:
        import psycopg

        with psycopg.connect(host=str(self.root), port=self.port, user="postgres", dbname="postgres",
                             autocommit=True) as conn:
            conn.execute(sql)

    def create_database(self, name: str) -> str:
        """Create database `name` (fresh) and return its URL."""
        self._socket_sql(f'DROP DATABASE IF EXISTS "{name}"')
        self._socket_sql(f'CREATE DATABASE "{name}"')
        return self.url_for(name)

    def stop(self) -> None:
        try:
            self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop")
        except (subprocess.SubprocessError, OSError):
            pass
        time.sleep(0.1)
        shutil.rmtree(self.root, ignore_errors=True)
