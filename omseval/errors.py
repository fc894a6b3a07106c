"""Errors caused by user input: reported as one clear message and a non-zero exit."""

import sys


class UserError(Exception):
    """A mistake in the user's input (pack, config, environment). Exit code 2."""

    exit_code = 2


class PackError(UserError):
    """A problem in a pack, located by file, row (1 = first data row) and column."""

    def __init__(self, file: str, message: str, row: int | None = None, column: str | None = None):
        self.file, self.row, self.column = file, row, column
        where = file + (f", row {row}" if row is not None else "") + (f", column {column}" if column else "")
        super().__init__(f"{where}: {message}")


def run_command(command, *args) -> int:
    """Run a command-line action: a UserError becomes one line on stderr and its exit code."""
    try:
        return command(*args) or 0
    except UserError as e:
        print(f"error: {e}", file=sys.stderr)
        return e.exit_code
