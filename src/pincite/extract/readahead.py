"""Reading the next files of an ingest in a second process (Library.ingest).

An ingest spends most of its time embedding (numpy, pincite.text.embed) and much of the rest
extracting (PDFium and a lot of Python). `ReadAhead` runs FileReader.read for the files that
come next in a child process, `python -m pincite.extract.readahead`, while the Library chunks,
embeds and writes the current one, so the two use different cores and no GIL is shared
(a thread gained nothing: 2026-12-01, whole corpus on 2 cores, 98 s with one as without).

Why a child of our own and not multiprocessing: its "spawn" start re-runs the caller's main
script in the child (a script without an `if __name__ == "__main__"` guard would ingest again
there), and "fork" copies a process that holds the writer lock, the index and threads. This
child starts clean, inherits no file descriptor but its pipes, and ends when its stdin closes
(also when the ingest is killed).

Protocol: the parent writes pickled jobs (reader, path, sha256, password) to the child's
stdin; the child answers each, in order, with a pickled ("ok", Extracted) or ("error",
exception) on the pipe that was its stdout (its stdout proper goes to stderr, so a stray print
cannot break the stream). Both ends are this package; nothing else writes to these pipes. The
password travels in the pipe only, never on disk or a command line. A thread of the parent
receives the answers as the child writes them, so the child goes on to the next queued file
while the parent is busy with an earlier one (it would otherwise wait in its write until the
parent asked: the pipe holds 64 KiB, an answer megabytes); the parent holds at most the
answers of the files it queued.

A child that dies on a file (a crash in a native library) is restarted and the file read
once more; dying again, the file fails with ReaderCrashed and the files after it go on.
"""
from __future__ import annotations

import os
import pickle
import subprocess
import sys
import threading
from collections import deque
from pathlib import Path
from typing import IO, Any

from pincite.errors import ReaderCrashed
from pincite.extract.reader import Extracted, FileReader

#: Seconds a child is given to end after its stdin closes before it is killed.
CLOSE_TIMEOUT_S = 5


class _Died(Exception):
    """The child ended without answering."""


class _Answers:
    """The answers of one child, in order, received by a thread as the child writes them
    (``pickle.load`` of its stdout until the pipe ends)."""

    def __init__(self, stdout: IO[bytes]):
        self._items: deque = deque()
        self._done = False
        self._cond = threading.Condition()
        self.thread = threading.Thread(target=self._drain, args=(stdout,), name="pincite-readahead", daemon=True)
        self.thread.start()

    def _drain(self, stdout: IO[bytes]) -> None:
        try:
            while True:
                try:
                    answer = pickle.load(stdout)
                except (EOFError, pickle.UnpicklingError, OSError, ValueError):
                    return  # the pipe ended (or was closed): the child is gone
                except Exception as e:  # noqa: BLE001  (raised to the caller, as a read here would)
                    answer = _Raise(e)
                with self._cond:
                    self._items.append(answer)
                    self._cond.notify_all()
                if isinstance(answer, _Raise):
                    return
        finally:
            with self._cond:
                self._done = True
                self._cond.notify_all()

    def next(self) -> Any:
        """The next answer, waiting for it; _Died when the child ended before giving it."""
        with self._cond:
            while not self._items and not self._done:
                self._cond.wait()
            if not self._items:
                raise _Died()
            answer = self._items.popleft()
        if isinstance(answer, _Raise):
            raise answer.error
        return answer


class _Raise:
    """An answer that could not be unpickled for another reason than a broken pipe: the
    error is raised where the answer is taken."""

    def __init__(self, error: Exception):
        self.error = error


class ReadAhead:
    """Files read ahead in one child process, answered in the order they were asked for.

    submit(path, sha) queues a read; take(path, sha) returns the Extracted of a queued path
    (answers queued before it are dropped: files that turned out not to need reading), or
    None when `path` was not queued; the caller then reads it itself. Use as a context
    manager: on exit the child is told to end (killed when the exit comes from an error).
    """

    def __init__(self, reader: FileReader, password: str | None = None):
        self._reader, self._password = reader, password
        self._proc: subprocess.Popen[bytes] | None = None
        self._answers: _Answers | None = None
        self._queue: deque[tuple[Path, str]] = deque()

    def __enter__(self) -> "ReadAhead":
        return self

    def __exit__(self, exc_type, *exc) -> None:
        self.close(kill=exc_type is not None)

    def queued(self, path: Path) -> bool:
        return any(p == path for p, _ in self._queue)

    def submit(self, path: Path, sha: str) -> None:
        """Queue a read of `path`, whose bytes had sha256 `sha` (starts the child if needed)."""
        self._queue.append((path, sha))
        self._send(path, sha)

    def take(self, path: Path, sha: str) -> Extracted | None:
        """The queued read of `path` (see the class docstring). Raises what FileReader.read
        raised in the child, or ReaderCrashed."""
        if not self.queued(path):
            return None
        while self._queue:
            head, head_sha = self._queue[0]
            try:
                value = self._receive()
            except _Died:
                value = self._read_again(head, head_sha)
            self._queue.popleft()
            if head != path:
                if isinstance(value, Extracted):
                    value.cleanup()
                continue
            if isinstance(value, BaseException):
                raise value
            return value
        return None

    def close(self, kill: bool = False) -> None:
        """End the child: close its stdin and wait CLOSE_TIMEOUT_S (kill at once if `kill`)."""
        proc, self._proc = self._proc, None
        answers, self._answers = self._answers, None
        self._queue.clear()
        if proc is None:
            return
        try:
            if proc.stdin is not None:
                proc.stdin.close()
        except OSError:
            pass
        if kill:
            proc.kill()
        try:
            proc.wait(timeout=CLOSE_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        if answers is not None:  # the child is gone: its pipe ends, and the thread with it
            answers.thread.join(timeout=CLOSE_TIMEOUT_S)
        if proc.stdout is not None:
            proc.stdout.close()

    # -- internals -------------------------------------------------------------------
    def _start(self) -> None:
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p)  # the caller's imports
        self._proc = subprocess.Popen([sys.executable, "-c", "from pincite.extract.readahead import main; main()"],
                                      stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env)
        assert self._proc.stdout is not None
        self._answers = _Answers(self._proc.stdout)

    def _pipes(self) -> tuple[IO[bytes], IO[bytes]]:
        """The child's stdin and stdout (both pipes since `_start`); _Died without a child."""
        proc = self._proc
        if proc is None or proc.stdin is None or proc.stdout is None:
            raise _Died()
        return proc.stdin, proc.stdout

    def _send(self, path: Path, sha: str) -> None:
        if self._proc is None:
            self._start()
        stdin, _ = self._pipes()
        try:
            pickle.dump((self._reader, path, sha, self._password), stdin, protocol=pickle.HIGHEST_PROTOCOL)
            stdin.flush()
        except (BrokenPipeError, OSError):
            pass  # it died: take() finds out and reads again

    def _receive(self) -> Extracted | BaseException:
        """The child's next answer: the Extracted it read or the exception the read raised
        (the pair `_answer` sent, unpacked), as the receiving thread got it, waiting for it.
        _Died when the pipe ends first or the pair is neither."""
        self._pipes()
        if self._answers is None:
            raise _Died()
        answer = self._answers.next()
        status, value = answer
        if status == "ok" and isinstance(value, Extracted):
            return value
        if status == "error" and isinstance(value, BaseException):
            return value
        raise _Died()

    def _read_again(self, path: Path, sha: str) -> Extracted | BaseException:
        """The child died on the head of the queue: restart it and ask again for the head and
        the rest of the queue. Dying again, the head fails with ReaderCrashed, and a fresh
        child is asked for the rest."""
        self._restart(list(self._queue))
        try:
            return self._receive()
        except _Died:
            pass
        self._restart(list(self._queue)[1:])
        self._queue.appendleft((path, sha))  # not asked again: take() pops it with this answer
        return ReaderCrashed(path)

    def _restart(self, jobs: list[tuple[Path, str]]) -> None:
        """Kill the child and ask a fresh one for `jobs`, in order (none: no child yet)."""
        self.close(kill=True)
        for p, s in jobs:
            self.submit(p, s)


def _answer(job) -> tuple[str, object]:
    reader, path, sha, password = job
    try:
        return "ok", reader.read(path, sha, password)
    except Exception as e:  # an error is the answer; KeyboardInterrupt ends the child
        try:
            pickle.dumps(e)
            return "error", e
        except Exception:
            return "error", RuntimeError(f"{path}: {type(e).__name__}: {e}")


def main() -> None:
    """The child: answer jobs from stdin until it closes (module docstring)."""
    out = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)  # prints of any library go to stderr, not into the answers
    sys.stdout = sys.stderr
    inp = sys.stdin.buffer
    while True:
        try:
            job = pickle.load(inp)
        except EOFError:
            return
        pickle.dump(_answer(job), out, protocol=pickle.HIGHEST_PROTOCOL)
        out.flush()

