"""Shared helpers for command-line tests: run `senjo`, read its output, check its errors."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from typer.testing import CliRunner, Result

from senjo.cli.main import app

#: An environment with no language preference: the C locale and no SENJO_LANG.
C_LOCALE: dict[str, str | None] = {
    "SENJO_LANG": None,
    "LC_ALL": None,
    "LC_MESSAGES": None,
    "LANG": "C.UTF-8",
}


def run_senjo(*args: str, env: Mapping[str, str | None] | None = None) -> Result:
    """Run `senjo ARGS` in the C locale unless `env` says otherwise (stdout, stderr apart)."""
    return CliRunner().invoke(app, list(args), env=C_LOCALE if env is None else env)


def output(result: Result) -> str:
    """What a successful command printed on stdout, without the final newline."""
    assert result.exit_code == 0, result.stderr
    assert result.stderr == ""
    assert result.stdout.endswith("\n")
    return result.stdout[:-1]


def json_output(result: Result) -> Any:
    """The one JSON document a successful `--json` command printed."""
    text = output(result)
    assert "\n" not in text
    return json.loads(text)


def assert_usage_error(result: Result, *fragments: str) -> None:
    """Exit status 2, nothing on stdout, one `senjo:` line on stderr holding each fragment."""
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.startswith("senjo: ")
    assert result.stderr.count("\n") == 1 and result.stderr.endswith("\n")
    for fragment in fragments:
        assert fragment in result.stderr
