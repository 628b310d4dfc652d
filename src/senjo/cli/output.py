"""Shared output helpers for the command line: one clear line, exit code 2."""

from __future__ import annotations

from typing import NoReturn

import typer

__all__ = ["fail"]


def fail(message: str) -> NoReturn:
    """Print `senjo: message` on standard error and exit with status 2."""
    typer.echo(f"senjo: {message}", err=True)
    raise typer.Exit(2)
