"""Run pincite's CLI in the test process (typer's CliRunner) and check its exit code."""
from __future__ import annotations

from typer.testing import CliRunner

import pincite.cli.main as cli


class CliOut:
    """stdout, stderr and exit code of one in-process CLI run."""

    def __init__(self, res):
        self.stdout, self.stderr, self.code = res.stdout, res.stderr, res.exit_code


def invoke(*args: str, code: int = 0) -> CliOut:
    """Run the CLI with `args` (fresh CLI state); assert the exit code is `code`."""
    cli.run_state.clear()
    res = CliRunner().invoke(cli.app, list(args), catch_exceptions=False)
    out = CliOut(res)
    assert res.exit_code == code, (args, res.stdout, res.stderr)
    return out
